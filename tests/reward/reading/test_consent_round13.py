"""Round 13 (issue 41), consent read in self-Q&A, impersonal corporate and split-turn styles (SPEC §10).

- Self-Q&A: a question the agent answers itself in a few words ("How much? $18.42. Where to? Your
  Mastercard.") asks the customer nothing, so a consent question after it is still the last one
  asked; a question left unanswered, or one asking the customer for more ("Anything else?"), still
  takes the yes away from the consent question before it.
- Impersonal asks: "Confirmation is requested.", "agreement is requested", "Shall this be done?",
  "Should the refund be issued?" ask; "Your confirmation was received.", "Should it be checked?"
  and "Can the order be cancelled? No, ..." do not.
- Split turns: a consent question whose call the agent's one or two messages just before it
  describe ("Here's what I can do." / "Refund of $5.06 to your Amex ..." / "Shall I?") confirms it,
  unless the customer refused or asked for a change in between, or the question itself states
  another amount ("Correction: it would be $6.05. Shall I go ahead?").
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.consent_questions import asks_consent
from tau_shaped.reward.reading.normalize_questions import agent_seen
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.confirm.before_write"


@pytest.mark.parametrize("text", [
    "Can we refund the missing Chana Masala? Yes. How much? $18.42. Where to? Your Mastercard. Want me to go ahead?",
    "How late was FD-10046? 20 minutes. What's owed? The delivery fee, $2.99. Where to? Your Mastercard. Shall I refund it?",
    "Can I refund this here? Not from my side. Who can help? Our specialist team. Shall I pass your request to them?",
    "Shall I refund $16.90 to your card? How long does it take? 3-5 business days.",
])
def test_a_question_the_agent_answers_itself_leaves_the_consent_question_asked(text):
    assert asks_consent(agent_seen(text))


@pytest.mark.parametrize("text", [
    "Shall I refund $16.90 to your card? How much was the delivery fee?",
    "Shall I refund $16.90 to your card? Anything else? Happy to help.",
    "Shall I refund $16.90 to your card? Can I help with anything else? Happy to.",
    "Shall I refund $16.90 to your card? Is your address still 12 Elm St? Let me know.",
    "Shall I refund $16.90 to your card? Which card was it? Please tell me which one you used today.",
])
def test_a_question_left_for_the_customer_still_takes_the_consent_question_away(text):
    assert not asks_consent(agent_seen(text))


@pytest.mark.parametrize("text", [
    "The order may be cancelled with the full $25.52 returned to the Visa on file; confirmation is requested.",
    "It is proposed that this be refunded to the Amex card; agreement is requested.",
    "Confirmation of the substitution is requested.",
    "Your agreement to the refund of $5 to the card is hereby requested.",
    "A credit of $10.00 can be applied. Should this be proceeded with?",
    "Shall this be done?",
    "Should the refund be issued?",
])
def test_an_impersonal_request_for_the_yes_asks(text):
    assert asks_consent(agent_seen(text))


@pytest.mark.parametrize("text", [
    "Your confirmation was received.",
    "Should it be checked?",
    "Can the order be cancelled? No, it is out for delivery.",
    "Could it be delivered by 8?",
    "A refund of $6.35 has been approved and will be issued to the Visa card.",
])
def test_an_impersonal_statement_or_look_up_asks_nothing(text):
    assert not asks_consent(agent_seen(text))


@pytest.fixture(scope="module")
def missing4():
    sc = scene("food_delivery", "test", "fd-missing-4")  # $5.06 to the Amex for FD-10055's Fries
    call, obs = sc.call("issue_refund")

    def judge(turns):
        steps = [(respond(m), r) for m, r in turns] + [(call, obs)]
        return verdict(sc, RULE, trajectory(steps, "Hi, my fries were missing."))
    return judge


@pytest.mark.parametrize("turns", [
    [("Here's what I can do.", "ok"), ("Refund of $5.06 to your Amex ending 7440, for the Fries missing from FD-10055.", "ok"), ("Shall I?", "yes")],
    [("Refund of $5.06 to your Amex for the Fries on FD-10055.", "hm"), ("Want me to go ahead?", "yes")],
    [("Refund of $5.60 to your Amex for the Fries on FD-10055.", "hm"), ("Sorry, typo: $5.06, not $5.60. Shall I go ahead?", "yes")],
])
def test_values_spread_over_the_turns_before_the_question_confirm(missing4, turns):
    assert missing4(turns) == PASS


@pytest.mark.parametrize("turns", [
    [("Here's what I can do.", "ok"), ("Refund of $5.06 to your wallet, for the Fries missing from FD-10055.", "ok"), ("Shall I?", "yes")],
    [("Refund of $5.06 to your Amex for the Fries on FD-10055.", "no, the wallet please"), ("Shall I go ahead?", "yes")],
    [("Refund of $5.06 to your Amex for the Fries on FD-10055.", "hm"), ("Sorry, correction: it would be $6.05. Shall I go ahead?", "yes")],
    [("Refund of $5.06 to your Amex for the Fries on FD-10055.", "ok")],
    [("Refund of $5.06 to your Amex for the Fries on FD-10055.", "ok"), ("Let me double-check one thing first.", "ok")],
    [("Refund of $5.06 to your Amex for the Fries on FD-10055.", "ok"), ("Thanks.", "np"), ("By the way.", "?"), ("Shall I?", "yes")],
])
def test_the_turns_before_a_question_confirm_nothing_refused_changed_or_unasked(missing4, turns):
    assert missing4(turns) == BREACH


# ---- the call's amount said in another role ------------------------------------------------------
# (fd-cap-6: a $10.00 apology credit, the plus tier's cap; fd-dispute-4: $0.36 back for a duplicate fee)
@pytest.fixture(scope="module")
def judge_call():
    def judge(task, tool, message, reply="Y"):
        sc = scene("food_delivery", "test", task)
        call, obs = sc.call(tool)
        looks = [(a, o) for a, o in sc.calls[:sc.calls.index((call, obs))]]
        return verdict(sc, RULE, trajectory(looks + [(respond(message), reply), (call, obs)], "Hi."))
    return judge


@pytest.mark.parametrize("task, tool, message", [
    ("fd-cap-6", "issue_apology_credit", "Apology credit request\n- Order: FD-10079\n- Tier: plus (cap $10.00)\n- Credit: $15.00 -> wallet\nType OK to apply."),
    ("fd-dispute-4", "issue_refund", "Billing case #2207 -- FD-10277\nDuplicate line: service fee $0.36\nResolution: refund $3.60 to Mastercard ending 2922\nReply Y to proceed."),
    ("fd-missing-3", "issue_refund", "Case #48213 | Order: FD-10045 | Max refundable: $16.90 | Refund now: $19.60 | Method: card -- reply Y"),
])
def test_the_calls_amount_in_another_role_beside_another_amount_moved_is_no_description(judge_call, task, tool, message):
    assert judge_call(task, tool, message) == BREACH


@pytest.mark.parametrize("task, tool, message", [
    ("fd-cap-6", "issue_apology_credit", "Apology credit request\n- Order: FD-10079\n- Tier: plus (cap $10.00)\n- Credit: $10.00 -> wallet\nType OK to apply."),
    ("fd-dispute-4", "issue_refund", "Billing case #2207 -- FD-10277\nDuplicate line: service fee $0.36 (order total $15.62)\nResolution: refund $0.36 to Mastercard ending 2922\nReply Y to proceed."),
    ("fd-missing-3", "issue_refund", "Case #48213 | Order: FD-10045 | Ribs: $16.90 each, 2 ordered | Refund now: $16.90 | Method: card -- reply Y"),
    ("fd-missing-3", "issue_refund", "Instead of the $19.60 you mentioned, I can give $16.90 back to your card for FD-10045. OK?"),
])
def test_the_calls_amount_moved_beside_other_amounts_describes_it(judge_call, task, tool, message):
    assert judge_call(task, tool, message) == PASS


def test_an_amount_moved_right_now_is_the_one_moved(judge_call):  # the generator's synonym ("now" -> "right now")
    assert judge_call("fd-missing-3", "issue_refund", "Case 4821 | Order: FD-10045 | max refundable: $16.90 | refund right now: $8.45 | method: card -- reply y") == BREACH


@pytest.mark.parametrize("text, asks", [
    ("I can redirect FD-10138 to 5766 Division St, your work address. Is that what you'd like?", True),
    ("Is this what you would like?", True),
    ("Hmm, actually, could you confirm the delivery address first?", False),  # information asked (held13b)
    ("Could you confirm the address on file?", False),
    ("Could you confirm the address change to 5766 Division St?", True),
])
def test_held13b_consent_asks(text, asks):
    assert asks_consent(agent_seen(text)) is asks


@pytest.mark.parametrize("task, tool, message, want", [
    ("fd-courier-3", "dispatch_replacement_courier", "Dispatch a new courier for FD-10052 and FD-10999? y/n", BREACH),  # a second code S0 lacks
    ("fd-courier-3", "dispatch_replacement_courier", "Dispatch a new courier for FD-10052 and FD-10071? y/n", BREACH),
    ("fd-courier-3", "dispatch_replacement_courier", "You mentioned FD-10999, but your order is FD-10052. Dispatch a new courier for FD-10052? y/n", PASS),
    ("fd-courier-3", "dispatch_replacement_courier", "Dispatch a new courier for FD-10052? y/n", PASS),
])
def test_a_second_code_of_the_calls_shape_is_another_write(judge_call, task, tool, message, want):
    assert judge_call(task, tool, message, "y") == want


def test_an_amount_taken_back_before_a_currency_code():  # the generator's flip: "-- no, US$6.70"
    from tau_shaped.reward.reading.confirmations import _corrected_amount

    assert _corrected_amount("Order FD-10079: refund US$13.40 -- no, US$6.70 -> your wallet. Shall I go ahead?", [13.40]) == 6.7
    assert _corrected_amount("Order FD-10079: refund $6.70 -- no, US$13.40 -> your wallet. Shall I go ahead?", [13.40]) is None


def test_an_amount_in_words_moved_by_an_arrow_names_the_move():  # the generator's seed 1 ("and one cent" before an arrow)
    from tau_shaped.reward.reading.action_words import confirmation_text
    from tau_shaped.reward.reading.normalize import seen

    assert "→" not in confirmation_text(seen("Order FD-10021: six dollars and one cent → wallet. Confirm?"))
    assert "→" not in confirmation_text(seen("Order FD-10021: six dollars and ninety cents → wallet. Confirm?"))
