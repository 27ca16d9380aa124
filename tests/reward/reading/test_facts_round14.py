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
    ("The $16.90 will be back on your Mastercard straight away.", BREACH),
])
def test_a_card_named_by_its_brand_is_the_card_a_refund_timing_is_said_of(missing3_menu, message, verdict_):
    assert missing3_menu(message) == verdict_
