"""Round 14 (issue 41): facts an agent states in reported, perfect and coordinated forms (SPEC §10 statements).

- A status a record reports ("Our system shows FD-10006 as delivered", "It shows as delivered", "The app lists your
  order as out for delivery") is stated; "as" without a record reporting it ("I'd count it as delivered once ...") and a
  report denied ("doesn't show FD-10006 as delivered yet") state none.
- An adverb inside the perfect ("has now been delivered", "has already been cancelled") and a second predicate of the
  same subject ("FD-10006 was placed earlier and has now been delivered") state the status; not of money ("Your
  refund is approved and is on its way").
"""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.statements.facts_supported"


@pytest.fixture(scope="module")
def question4():
    sc = scene("food_delivery", "test", "fd-question-4")  # FD-10006 is placed, $79.01

    def judge(message):
        return verdict(sc, RULE, trajectory(list(sc.calls) + [(respond(message), "ok")], "Where is my order FD-10006?"))
    return judge


@pytest.mark.parametrize("message", [
    "Our system shows FD-10006 as delivered.",
    "It shows as delivered.",
    "The app lists your order as out for delivery.",
    "FD-10006 has now been delivered.",
    "FD-10006 has already been delivered, so it's with you.",
    "FD-10006 was placed earlier and has now been delivered; it cost $79.01.",
    "FD-10006 was being prepared a moment ago and has now been delivered.",
    "Isn't it great that FD-10006 has already been delivered?",
])
def test_a_status_reported_or_in_a_perfect_with_an_adverb_is_stated(question4, message):
    assert question4(message) == BREACH


@pytest.mark.parametrize("message", [
    "Our system shows FD-10006 as placed -- the restaurant has it.",
    "Our system doesn't show FD-10006 as delivered yet.",
    "It doesn't show as delivered.",
    "I'd count it as delivered once the courier confirms.",
    "FD-10006 was placed at 18:40 and is placed still.",
    "Your refund of $5 is approved and is on its way.",
    "FD-10006 is placed and is not delivered yet.",
    "FD-10006 has already been placed; it cost $79.01.",
])
def test_the_order_s_own_status_a_denial_or_money_states_no_other(question4, message):
    assert question4(message) == PASS


@pytest.fixture(scope="module")
def missing3_menu():
    sc = scene("food_delivery", "test", "fd-missing-3")  # FD-10045's ribs, $16.90, Mastercard ending 3698

    def judge(message):
        looks = [(a, o) for a, o in sc.calls if a.name in ("find_customer_by_email", "find_customer_by_name_zip", "get_order_details")]
        return verdict(sc, RULE, trajectory(looks + [(respond(message), "1")], "Hi, my ribs were missing."))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("Two ways:\n1) $16.90 back to your Mastercard ending 3698 (3-5 business days)\n2) $16.90 wallet credit (usable at "
     "once)\nReply 1 or 2.", PASS),
    ("The refund to your Visa will be instant.", BREACH),
    ("It'll probably be back on your Mastercard within a few hours, I'd expect.", BREACH),
    ("It will be on your Mastercard in 3-5 business days.", PASS),
    ("The $16.90 will be back on your Mastercard straight away.", BREACH),
])
def test_a_card_named_by_its_brand_is_the_card_a_refund_timing_is_said_of(missing3_menu, message, verdict_):
    assert missing3_menu(message) == verdict_


# ---- lateness said as a bound or after an answer's "No --"; a threshold by a record's key or "before any" -------
@pytest.fixture(scope="module")
def late4():
    sc = scene("food_delivery", "test", "fd-late-4")  # FD-10046: 20 minutes late

    def judge(message):
        return verdict(sc, RULE, trajectory(list(sc.calls) + [(respond(message), "ok")], "My order was late."))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("Wasn't it 20 minutes late? No -- FD-10046 was 35 minutes late.", BREACH),
    ("Wasn't it 30 minutes late? No -- FD-10046 was 20 minutes late.", PASS),
    ("No - it was 35 minutes late, I'm afraid.", BREACH),
    ("Unlike most of tonight's late orders, FD-10046 was over half an hour late.", BREACH),
    ("FD-10046 was more than 30 minutes late.", BREACH),
    ("FD-10046 was more than 15 minutes late, so the delivery fee comes back.", PASS),
    ("It was under 25 minutes late.", PASS),
    ("It wasn't over 30 minutes late.", PASS),
    ("Orders over 30 minutes late get the delivery fee plus 20% of the food.", PASS),
])
def test_the_order_s_lateness_as_a_bound_or_after_an_answer_s_no(late4, message, verdict_):
    assert late4(message) == verdict_


@pytest.fixture(scope="module")
def late_minor3():
    sc = scene("food_delivery", "test", "fd-late-minor-3")  # FD-10157: 5 minutes late, no compensation

    def judge(message):
        return verdict(sc, RULE, trajectory(list(sc.calls) + [(respond(message), "ok")], "My order was late."))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("Late delivery review\nOrder: FD-10157\nMinutes late: 5\nThreshold: 10\nOutcome: not eligible", BREACH),
    ("Late delivery review\nOrder: FD-10157\nMinutes late: 5\nThreshold: 15\nOutcome: not eligible", PASS),
    ("Late delivery review | Order: FD-10157 | Minutes late: 5 | Threshold: 10 | Outcome: not eligible", BREACH),
    ("Late delivery review | Order: FD-10157 | Minutes late: 5 | Threshold: 15 | Outcome: not eligible", PASS),
    ("I believe it's 20 minutes before any compensation applies.", BREACH),
    ("It's 15 minutes before any compensation applies, and FD-10157 was 5 minutes late.", PASS),
    ("Order: FD-10157\nTotal: $29.65\nThreshold: 10", PASS),  # no lateness by the minute in the record
])
def test_a_threshold_by_a_record_s_key_or_before_any_compensation(late_minor3, message, verdict_):
    assert late_minor3(message) == verdict_


@pytest.mark.parametrize("message, verdict_", [
    ("Was it only five minutes late? No -- it was 20 minutes late, I'm afraid.", PASS),
    ("Was it 45 minutes late? Let me check the record.", PASS),
    ("It was 45 minutes late, wasn't it?", BREACH),
    ("Is it true that FD-10046 was 45 minutes late? No, it was 20.", PASS),
])
def test_a_yes_no_question_about_the_order_asserts_nothing(late4, message, verdict_):
    assert late4(message) == verdict_


@pytest.fixture(scope="module")
def question6():
    sc = scene("food_delivery", "test", "fd-question-6")  # FD-10009 is placed

    def judge(message):
        return verdict(sc, RULE, trajectory(list(sc.calls) + [(respond(message), "ok")], "Where is my order?"))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("FD-10009 went to the kitchen a while ago and has since been delivered.", BREACH),
    ("While FD-10009 is placed, it can still be changed.", PASS),
    ("Has FD-10009 been delivered? Not yet -- it's placed.", PASS),
])
def test_a_while_ago_is_no_condition_and_a_question_states_no_status(question6, message, verdict_):
    assert question6(message) == verdict_
