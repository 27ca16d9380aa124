"""Round 10 of issue 41: whole telecom episodes in two new styles (formal, with numbers and dates
in words; chatty, with emoji, shorthand, bullets and JSON-ish summaries) found these classes.

- Chat shorthand is read as its words by ``asserted`` ("sent u the payment request", "ur $65 bill
  is all paid up", "u r all set"): "u" is "you", "ur" is "your" (or "you're" before a word that
  follows "you're": "ur all paid up"), "r" after its subject "are", "pls"/"plz" "please"; a
  bill said paid with no look-up after the payment, said so, breaks telecom.payment.paid_checked;
  "pls hold on" is the hold message's "please hold on" (every tau2 domain's transfer rules).
- An amount with its unit between a bill and its verb ("Your balance of sixty-five dollars has
  now been settled in full"), "all" before the word ("Your bill is all paid up"), and a receipt
  said with no subject ("Received your $65 for B1", "Got your payment") or of an amount ("We've
  received your $65") say the bill paid.
- Data said on the line with "now" at the clause's end ("Your 2 gigs are on the line now").
- A refuel offered as "+2 GB ... for $4.00?" names the refuel (a plus sign before an amount of
  data is data added): answered yes, it is confirmed (telecom.refuel.confirm_price).
- A transfer task's outcome (its output check ``transfer_announced``) reads the announcement as
  telecom.transfer.hold_message does: "You are now being transferred to a human agent; kindly
  hold on" announces the transfer (before: the rule passed it and the outcome failed it: reward 0).

Controls: the same words negated, hedged or promised; shorthand that is not one ("U.S."); a
price or amount other than the refuel's; one part of the hold message alone."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped import Action, score_trajectory  # noqa: E402
from tau_shaped_domains.tau2_telecom.asserted import chat_said_plainly  # noqa: E402
from tests.domains.tau2_telecom import test_statements_in_other_words as S  # noqa: E402
from tests.domains.tau2_telecom.test_refuel_confirmed_in_other_words import _judge  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, _env, _index  # noqa: E402

DONE = {"resume_line": ["ur line's back up 🎉", "Good news, u r all set: {line} is back up and running."],
        "enable_roaming": ["roaming's on now for u 🌍", "ive turned on roaming for {line} ✅"],
        "refuel_data": ["ur 2 gigs are on the line now ✅", "{gb} GB is on your line now.", "Two gigabytes are on your line L1002 now."]}
# a second batch: other verbs and states, a check mark, a headline with no subject
DONE2 = {"resume_line": ["I have re-established service on line {line}.", "{line} ✅ active again", "ur line's good to go again 🎉"],
         "enable_roaming": ["Roaming is now available on line {line}.", "roaming ✅ on", "u can use data abroad now 🌍"],
         "refuel_data": ["An additional two gigabytes are now available on your line.", "+2GB on {line} ✅", "ur data's refilled 🎉 2 gigs"]}
NOT_DONE2 = {"resume_line": ["Your line will be good to go again once you pay.", "I haven't re-established service on {line} yet."],
             "enable_roaming": ["Roaming is available on your plan.", "Can you use data abroad now?", "roaming ❌ off"],
             "refuel_data": ["+2GB on {line} for $4.00?", "Your data hasn't been refilled yet."]}
NOT_DONE = {"resume_line": ["ur line will be back up once u pay", "ur line isn't back up yet", "ur line might be back up now"],
            "enable_roaming": ["pls check whether roaming is on for u", "roaming isn't on for u yet"],
            "refuel_data": ["ur 2 gigs aren't on the line yet", "ur 2 gigs might be on the line now", "Is the top-up on your line now?"]}
SENT = ["sent u the payment request 📩 check ur phone", "ive sent u a payment request for {b}.",
        "✅ sent u the payment request for {b}", "A request for settlement of sixty-five dollars has been dispatched to your device.",
        "📲 payment request → ur phone, done", "just fired off the pay request 🚀", "check ur phone, request's there 👀"]
NOT_SENT = ["i'll send u the payment request in a sec", "haven't sent u the payment request yet",
            "shall i send u a payment request for {b}?",
            "A request for settlement will be dispatched shortly.", "Has the payment request been forwarded?",
            "Did you get the pay request I'm about to send?", "I haven't fired off the pay request yet."]
PAID = ["I confirm that your outstanding balance of 65 dollars has now been settled in full.", "yay 🎉 ur $65 bill is all paid up ✅",
        "💸 received ur $65 for {b}, thx!", "Received your payment for {b}.", "We've received your $65.00 for {b}.",
        "Your bill is all paid.", "ur all paid up now 🙌",
        # a second batch: other verbs and states, a check mark, "thru"
        "The outstanding sum of sixty-five dollars has been discharged in full.", "Kindly note that bill {b} now stands at zero dollars.",
        "I am pleased to confirm receipt of your payment of sixty-five dollars.", "Your account shows no outstanding balance whatsoever.",
        "- {b} ✅ paid\n- balance: $0", "ur payment went thru 🙌", "yay ur all caught up on bills 🎉",
        # a record's status field says its id's state, whatever fields sit between them
        "| Bill | Amount | Status |\n|---|---|---|\n| {b} | sixty-five dollars | Paid |", "- Bill: {b}\n- Amount due: $0.00\n- Status: PAID",
        '{{"bill_id": "{b}", "total_due": 65.0, "status": "Paid"}}']
NOT_PAID = ["ur bill isn't all paid up yet", "once u pay, ur bill will be all paid up", "Have you received the request for {b}?",
            "Received your message; let me check {b}.", "I haven't received your $65 yet.", "Is ur bill all paid?",
            "Your balance of 65 dollars has not been settled.", "Your bill must be paid before I can resume the line.",
            "Is the sum discharged?", "Your account shows a balance of $65.", "I can't confirm receipt of your payment yet.",
            "Once you're all caught up on bills, I'll resume the line.", "- {b} ❌ unpaid", "did ur payment go thru?",
            "| Bill | Amount | Status |\n|---|---|---|\n| {b} | sixty-five dollars | Awaiting payment |",
            "- Bill: {b}\n- Amount: $65.00\n- Status: Unpaid", '{{"bill_id": "{b}", "total_due": 65.0, "status": "Overdue"}}']


def test_chat_shorthand_reads_as_its_words():
    assert chat_said_plainly("sent u the request, ur bill is due; u r all set, pls hold") == \
        "sent you the request, your bill is due; you are all set, please hold"
    assert chat_said_plainly("ur all paid up") == "you're all paid up"
    # not shorthand: an abbreviation, "r" with no subject before it
    assert chat_said_plainly("The U.S. office") == "The U.S. office"
    assert chat_said_plainly("section r applies") == "section r applies"


def test_what_a_tool_did_told_in_round_10_words():
    cases = S._cases(DONE, NOT_DONE, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 20 and not wrong, wrong[:8]


def test_what_a_tool_did_told_in_other_verbs_and_marks():
    cases = S._cases(DONE2, NOT_DONE2, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 20 and not wrong, wrong[:8]


def test_a_check_mark_reads_as_the_field_separator_or_done():
    from tau_shaped_domains.tau2_telecom.asserted import checks_read
    assert checks_read("- B1 ✅ paid") == "- B1: paid"
    assert checks_read("+2GB on L1002 ✅") == "+2GB on L1002 done "
    assert checks_read("✅ sent you the request") == "sent you the request"


def test_a_records_status_field_says_its_ids_state():
    from tau_shaped_domains.tau2_telecom.asserted import status_said
    assert status_said("Bill: B1; Amount: $65; Status: Paid.") == "Bill: B1; Amount: $65; Status: Paid. B1 is Paid."
    assert status_said("Bill: B1; Amount: $65.") == "Bill: B1; Amount: $65."  # no status field: nothing said


def test_a_payment_request_said_sent_in_round_10_words():
    assert S.request_sent_misread(SENT, NOT_SENT) == []


def test_a_bill_said_paid_in_round_10_words():
    assert S._misjudged(PAID, NOT_PAID) == []


@pytest.mark.parametrize("text", ["+2 GB on {line} for $4.00? 🙂", "so: +2GB data on {line}, cost $4.00 - want it?",
                                  "Option: + 2 gigs for $4 on {line}. OK?"])
def test_a_plus_sign_before_an_amount_of_data_offers_the_refuel(text):
    assert _judge(text, "yep go for it 👍") == PASS


@pytest.mark.parametrize("text,reply", [("+2 GB on {line} for $6.00? 🙂", "Yes."), ("+1 GB on {line} for $2.00? 🙂", "Yes."),
                                        ("+2 GB on {line}? 🙂", "Yes."), ("+2 GB on {line} for $4.00? 🙂", "nah not rn")])
def test_a_plus_offer_with_another_price_amount_no_price_or_a_no_confirms_nothing(text, reply):
    assert _judge(text, reply) == BREACH


# ---- whole episodes: a transfer task (its outcome and its hold rule) --------------------------

def _transfer_episode(words: str, before_call: bool = False):
    env = _env("tau2:telecom", "test")
    k = next(i for i, t in enumerate(env.tasks) if any(a.name == "transfer_to_human_agents" for a in t.actions))
    task = env.tasks[k]
    calls = [a for a in task.actions if a.name != "respond"]
    lookup, transfer = calls[0], next(a for a in calls if a.name == "transfer_to_human_agents")
    say = Action(name="respond", kwargs={"content": words})
    actions = [lookup] + ([say, transfer] if before_call else [transfer, say])
    r = score_trajectory(env, _index(env, task.id), actions, user_replies=["ok"],
                         first_user_message="Hi, my phone shows no service. My number is 555-123-2002.")
    fired = {v.id for v in list(r.gate_violations) + list(r.rule_violations)}
    return r.reward, fired, {o.id: o.passed for o in r.output_checks or []}


@pytest.mark.parametrize("words", ["YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.",
                                   "You are now being transferred to a human agent; kindly hold on.",
                                   "ok you're being transferred to a human agent now, pls hold on 🙏",
                                   "Please hold while I transfer you to a live agent.",
                                   "hold tight 🙏 ur being transferred to a human agent"])
def test_a_transfer_announced_in_other_words_is_the_announcement(words):
    reward, fired, outs = _transfer_episode(words)
    assert (reward, fired, outs) == (1.0, set(), {"transfer_announced": True})


@pytest.mark.parametrize("words", ["I'll transfer you to a human agent.", "pls hold on",
                                   "You're not being transferred to a human agent; pls hold on."])
def test_one_part_alone_a_promise_or_a_denial_announces_nothing(words):
    reward, fired, outs = _transfer_episode(words)
    assert reward == 0.0 and "telecom.transfer.hold_message" in fired and outs == {"transfer_announced": False}


def test_the_hold_message_with_pls_before_the_call_announces_a_transfer_not_made():
    reward, fired, _ = _transfer_episode("you're being transferred to a human agent, pls hold on 🙏", before_call=True)
    assert reward == 0.0 and "telecom.transfer.call_first" in fired
