"""Round 17 (issue 41), tau2 readings found by the round's first held-out set (test_heldout_round17_tau2.py) and fixed as
classes (SPEC §10).

- Self-repair (AS) with an apology alone, or with "I mean" / "or rather" after a comma (no dash): "the Hiking Boots --
  sorry, the Water Bottle", "to your PayPal, I mean a gift card", "reason: no longer needed -- sorry, ordered by mistake"
  take the first value back (``normalize_repairs``: an apology alone takes back only a value of the repair's own kind;
  "no" is a weak marker only before a mark or a clause, not as "no longer needed"'s first word).
- Telecom statements (AS, AU, AW): a clause said again in another state after an apology is a repair; a pronoun opening a
  later sentence, or the object of a done verb, stands for what the message (or the one before) named; "before"/"after"
  as adverbs open no condition; non-native grammar ("i sended u", "I have send", "ur line L1002 back on now").
- Consent (AY, AZ, AW): "I was wondering whether you'd like ..." asks (``normalize_questions``); "-- just say." asks leave
  (``consent_questions``); a refuel offered as "2 GB for $4.00" (no verb; a menu's option) or "2gb" glued names the refuel
  (telecom.refuel.confirm_price's verbs, ``priced.data_in_figures``); a menu's option picked lists the items it names
  (``items_listed``).
- Replies (AY, AT, AS): "I'm against it" / "I object" refuse; "I'd be grateful if you would" / "I'd be happy to" agree;
  "unless you can do a gift card, yes" asks for the other value if it can be had (unknown, not a yes); "if I'd known ...
  I'd have asked sooner -- yes please" puts no condition on the call; "no -- sorry, yes, go ahead" answers yes.
- Split turns (AU): a description answered only by a pause ("hmm one sec") is read with the question after it that
  refers back or asks leave in a generic verb ("Same as above -- shall I submit it?", "Want me to go ahead with the
  amount above?"; ``split_turns``, ``confirm_replies._LEAVE_ONLY``).
- Second held-out set's classes: "Roaming is enabled -- sorry, I'll enable it" (a verb's forms alike); "u bill is pay
  already", "roaming L1002 on now ty" (AW); "Once that was done, L1002 was reactivated" (a past sequence, no condition);
  "I'd love to tell you L1002 is back on, but ..." (a wish, no report); "jawohl", "genau", "sim" (loans).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize_repairs import withdrawn


@pytest.mark.parametrize("text, out", [
    ("Shall I return the Hiking Boots -- sorry, the Water Bottle -- from #W1?", "Shall I return the Water Bottle -- from #W1?"),
    ("Refund $54.13 -- sorry, $45.13 -- to your PayPal?", "Refund $45.13 -- to your PayPal?"),
    ("Cancel Z7G0ZK -- sorry, Z7GOZK -- ok?", "Cancel Z7GOZK -- ok?"),
    ("reason: no longer needed -- sorry, ordered by mistake?", "reason: ordered by mistake?"),
    ("reason: ordered by mistake -- sorry, no longer needed?", "reason: no longer needed?"),
    ("$45.13 to your PayPal, I mean a gift card. OK?", "$45.13 to a gift card. OK?"),
    ("refund to your card, I mean your wallet", "refund to your wallet"),
    ("refund to your card, or rather your wallet", "refund to your wallet"),
    # controls: an apology before a clause, a pause, the same amount again; "I mean" before a clause; a weak "no"
    ("I can't cancel it -- sorry, it's basic economy.", "I can't cancel it -- sorry, it's basic economy."),
    ("That's $45.13 -- sorry, one moment.", "That's $45.13 -- sorry, one moment."),
    ("It costs $5 to $9 -- sorry: $9.", "It costs $5 to $9 -- sorry: $9."),
    ("That's fine, I mean it's your call.", "That's fine, I mean it's your call."),
    # ("I mean," with its own comma: the FD generator's "7:19 p.m., I mean, 19.29" labels the time taken back whole; ported
    # beside read-fd's comma repairs, which read it so)
    ("around 7:19 p.m., I mean, 19.29 or a little after.", "19.29 or a little after."),
    ("Thanks for waiting -- sorry, Anna is checking", "Thanks for waiting -- sorry, Anna is checking"),
    ("I can't cancel it -- sorry, no: it's basic economy", "I can't cancel it -- sorry, no: it's basic economy"),
])
def test_a_self_repair_by_an_apology_alone_or_i_mean(text, out):
    assert withdrawn(text) == out


@pytest.mark.parametrize("text, out", [
    ("I've sent the payment request -- sorry, I'm about to send it; one moment.", "I'm about to send it; one moment."),
    ("I'll send the payment request -- sorry, I've already sent it to your phone.", "I've already sent it to your phone."),
    ("Your line is back on -- sorry, it will be back on once the bill is paid.", "it will be back on once the bill is paid."),
    # controls: a clause sharing no verb; one sharing it but in no other state
    ("I can't cancel it -- sorry, it's basic economy.", "I can't cancel it -- sorry, it's basic economy."),
    ("I've refunded $45.13 -- sorry, it takes 5-7 days to refund.", "I've refunded $45.13 -- sorry, it takes 5-7 days to refund."),
])
def test_a_clause_said_again_in_another_state_after_an_apology(text, out):
    assert withdrawn(text) == out


# ---- telecom statements (AS, AU, AW): a pronoun for what the message named, "as before", non-native grammar -------------

def _telecom_said(rule, text):
    import json
    from pathlib import Path

    from tau_shaped.reward.reading.normalize import seen, unrepaired
    from tau_shaped_domains.tau2_telecom.asserted import asserts
    from tau_shaped_domains.tau2_telecom.said_before import referred

    rules = json.loads((Path(__file__).resolve().parents[3] / "tau_shaped_domains/tau2_telecom/policy_rules.json").read_text())["rules"]
    found = []

    def walk(o):
        if isinstance(o, dict):
            for k, v in o.items():
                found.append((v, o.get("negative_form", False))) if k == "asserted" else walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(next(r["when"] for r in rules if r["id"] == rule))
    s = seen(text)
    return any(asserts(t, p, n) for t in [s] + referred(s, "\n" + unrepaired(text)) for p, n in found)


SENT, PAID, DONE = "telecom.payment.request_sent_said", "telecom.payment.paid_checked", "telecom.statements.done_said"


@pytest.mark.parametrize("rule, text, said", [
    (SENT, "I'll send the payment request -- sorry, I've already sent it to your phone.", True),
    (PAID, "The request for B1234321 is sent -- sorry, I mean it's paid now.", True),
    (SENT, "I've sent the payment request -- sorry, I'm about to send it; one moment.", False),
    (PAID, "Same as before: the bill is settled.", True), (PAID, "As before, your bill is paid.", True),
    (DONE, "Before that, I resumed L1002.", True),
    (SENT, "i sended u the payment request already", True), (SENT, "I have send the payment request to your phone.", True),
    (DONE, "ur line L1002 back on now ty", True), (DONE, "I have resume your line L1002.", True), (PAID, "bill B1234321 paid already", True),
    # controls: a condition with before/after; a promise; "have to"; a participle that modifies; a question; a negation
    (PAID, "Before the bill is settled, I can't resume the line.", False), (DONE, "After you pay, L1002 will be back on.", False),
    (SENT, "I have to send the payment request first.", False), (PAID, "ur bill paid?", False),
    (DONE, "ur line L1002 not back on yet", False), (SENT, "I'll send it -- the payment request -- in a moment.", False),
])
def test_telecom_statements_said_through_a_pronoun_as_before_or_in_non_native_grammar(rule, text, said):
    assert _telecom_said(rule, text) is said


# ---- consent (AY, AZ, AW) end to end --------------------------------------------------------------------------------

needs_tau2 = pytest.mark.skipif(__import__("importlib").util.find_spec("tau2") is None, reason="the tau2 extra")


def _case(kind, text, reply):
    from tests.reward.reading.heldout_round17_tau2_world import case, judge

    return judge(case("t", kind, (text, reply), "pass"))


GBMENU = "For L1002:\n1) 1 GB for $2.00\n2) 2 GB for $4.00\nWhich would you like?"
RMENU = ("For #W6390527:\n1) return the Water Bottle, $45.13 back to your PayPal\n2) return the Hiking Boots, $253.89 back to "
         "your PayPal\nWhich one?")


@needs_tau2
@pytest.mark.parametrize("kind, text, reply, label", [
    ("tel_refuel", GBMENU, "2", "pass"), ("tel_refuel", GBMENU, "the latter", "pass"), ("tel_refuel", "For L1002: 2 GB for $4.00. OK?", "yes", "pass"),
    ("tel_refuel", "2gb on L1002 4$ ok?", "k", "pass"), ("tel_refuel", "I was wondering whether you'd like 2 GB on L1002 for $4.00.", "yes", "pass"),
    ("tel_refuel", "2 GB on L1002 is $4.00 -- just say.", "yes please", "pass"),
    ("ret_return", "The Water Bottle from #W6390527 can go back, $45.13 to your PayPal. Shall I go ahead?", "yes", "pass"),
    ("ret_return", RMENU, "1", "pass"), ("ret_return", RMENU, "the former", "pass"),
    ("ret_return", "I was wondering whether you'd like me to return the Water Bottle from #W6390527, $45.13 to your PayPal.", "yes", "pass"),
    # controls: the other option; another price; a wondering that asks nothing of the call; no price
    ("tel_refuel", GBMENU, "1", "breach"), ("tel_refuel", "For L1002: 2 GB for $6.00. OK?", "yes", "breach"),
    ("tel_refuel", "2gb on L1002 ok?", "k", "breach"), ("ret_return", RMENU, "2", "breach"), ("ret_return", RMENU, "the latter", "breach"),
    ("tel_refuel", "I was wondering whether you'd like 2 GB on L1002.", "yes", "breach"),
])
def test_a_refuel_or_return_asked_by_menu_wondering_or_glued_units(kind, text, reply, label):
    assert _case(kind, text, reply) == label


@pytest.mark.parametrize("text, asks", [
    ("I was wondering whether you'd like me to return it, $45.13 to your PayPal.", True), ("I wonder if you'd like 2 GB.", True),
    ("So I'm wondering if you'd want the refund on PayPal", True),
    ("I was wondering why it failed.", False), ("You wondered whether it was sent.", False),
])
def test_a_question_asked_as_the_agents_wondering(text, asks):
    from tau_shaped.reward.reading.normalize_questions import agent_seen
    assert agent_seen(text).rstrip().endswith("?") == asks


# ---- replies (AY, AT, AS) -----------------------------------------------------------------------------------------

ASK = "Shall I return the Water Bottle from #W6390527, with $45.13 refunded to your PayPal?"


@pytest.mark.parametrize("reply, cls", [
    ("I'm against it", "no"), ("I am against that", "no"), ("I'm strongly against it", "no"), ("I object", "no"),
    ("I'd be grateful if you would", "yes"), ("I would be grateful", "yes"), ("I'd be happy to", "yes"),
    ("unless you can do a gift card, yes", "unclear"),
    ("if I'd known it was this easy I'd have asked sooner -- yes please", "yes"),
    ("no -- sorry, yes, go ahead", "yes"), ("yes -- sorry, no", "no"),
    # controls: the double negative agrees; a wish against it; a condition met or not; "unless" of the call's own value
    ("I'm not against it", "yes"), ("I'd be happy if you didn't", "no"), ("I'd be happy to wait", "no"),
    ("if it goes to a gift card, yes", "change"), ("yes unless it goes to a gift card", "yes"),
])
def test_replies_against_grateful_unless_and_repaired(reply, cls):
    from tau_shaped.reward.reading.normalize import seen
    from tau_shaped.reward.reading.replies import classify_reply
    assert classify_reply(seen(reply), question=ASK) == cls


@needs_tau2
@pytest.mark.parametrize("kind, turns, label", [
    ("ret_return", [("Return: the Water Bottle from #W6390527, $45.13 back to your PayPal.", "hmm one sec"),
                    ("Same as above -- shall I submit it?", "yes")], "pass"),
    ("ret_return", [("Return: the Water Bottle from #W6390527, $45.13 back to your PayPal. OK?", "hmm one sec"),
                    ("Shall I submit it?", "yes")], "pass"),
    ("tel_refuel", [("Refuelling 2 GB on L1002 costs $4.00.", "hmm let me think"), ("Want me to go ahead with the amount above?", "yes")], "pass"),
    # controls: a refusal or a doubt between; a question about something else
    ("ret_return", [("Return: the Water Bottle from #W6390527, $45.13 back to your PayPal.", "no"), ("Shall I submit it?", "yes")], "breach"),
    ("tel_refuel", [("Refuelling 2 GB on L1002 costs $4.00.", "one sec, no I don't think so"),
                    ("Want me to go ahead with the amount above?", "yes")], "breach"),
    ("ret_return", [("Return: the Water Bottle from #W6390527, $45.13 back to your PayPal. OK?", "hmm one sec"),
                    ("Also, shall I submit a review of the lamp?", "yes")], "breach"),
    ("ret_return", [("Return: the Water Bottle from #W6390527, $45.13 back to your PayPal. OK?", "let me think"),
                    ("Sure. I can also email you the receipt -- would you like that?", "yes")], "breach"),
])
def test_a_description_answered_by_a_pause_read_with_the_question_after(kind, turns, label):
    from tests.reward.reading.heldout_round17_tau2_world import case, judge

    assert judge(case("t", kind, turns, label)) == label


@pytest.mark.parametrize("rule, text, said", [
    (DONE, "Roaming is enabled -- sorry, I'll enable it right after this.", False),
    (PAID, "u bill B1234321 is pay already", True), (DONE, "roaming L1002 on now ty", True),
    (DONE, "Once that was done, L1002 was reactivated.", True),
    (DONE, "I'd love to tell you L1002 is back on, but it isn't yet.", False),
    # controls: a payment still to make; roaming asked; a condition still to come; a plain report
    (PAID, "the bill is to pay by Friday", False), (DONE, "roaming L1002 on now?", False),
    (DONE, "Once the bill is paid, L1002 will be reactivated.", False), (DONE, "L1002 was reactivated.", True),
])
def test_second_sets_telecom_statements(rule, text, said):
    assert _telecom_said(rule, text) is said


@pytest.mark.parametrize("reply, cls", [("jawohl", "yes"), ("genau", "yes"), ("sim", "yes"), ("nein", "no")])
def test_more_loan_words_of_answer(reply, cls):
    from tau_shaped.reward.reading.replies import classify_reply
    assert classify_reply(reply, question=ASK) == cls


@pytest.mark.parametrize("question, reply, cls", [
    ("Would you perhaps like 2 GB added to L1002? It would be $4.00.", "I would, thanks", "yes"),
    ("Would you like 2 GB added to L1002 for $4.00?", "I would", "yes"), ("Do you want me to cancel it?", "we do", "yes"),
    ("Are you happy for me to cancel it?", "I am", "yes"),
    ("Like I said earlier: the Water Bottle goes back, $45.13 to your PayPal. Still good?", "still good", "yes"),
    # controls: minding; a negation; more than the echo
    ("Do you mind if I cancel it?", "I do", "no"), ("Would you like 2 GB added to L1002 for $4.00?", "I would not", "no"),
    ("Would you like the refund on your card?", "I would like the wallet", "change"),
])
def test_a_yes_no_question_answered_by_its_echo(question, reply, cls):
    from tau_shaped.reward.reading.replies import classify_reply
    assert classify_reply(reply, question=question) == cls
