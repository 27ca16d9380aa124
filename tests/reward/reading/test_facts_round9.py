"""Round 9 of issue 41: facts stated in new wording (SPEC §10 statements; wiki.md "Refunds and
wallet credit", "Late deliveries"; rule ``fd.statements.facts_supported``), judged end to end on
fd-missing-1 (FD-10021, delivered Thursday 12 March at 10:43; the clock Friday 13 March 19:00)
and fd-missing-s1-1 (a refund of $18.55 to the card).

- when a refund arrives: "between 3 and 5 working days" is the policy's (was read as 5 days
  alone); "in 24-48 hours", "in about an hour", "instant", a table's cell are read; a timing
  whose clause's verb is negated ("it won't land on your card instantly") states nothing;
- the day of a delivery as a record's value ("Delivered: Wednesday 11 March", JSON
  "delivered_on", a two-column table), "the day before today";
- where compensation starts, in a sentence of its own: "we only compensate after 45 minutes",
  "at least half an hour late to get anything back", "20+ minutes late before any compensation
  applies", "the 10-minute mark", "5 minutes or more earns you a credit"; a range is a tier of the
  table ("15-29 minutes late get the delivery fee back"), not the order's lateness; "under a
  quarter of an hour" is 15 minutes, not an hour.
"""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import respond, scene, trajectory, verdict

RULE = "fd.statements.facts_supported"
_WRITES = {"issue_refund", "cancel_order"}


def _judge(task: str, text: str, after_writes: bool) -> str:
    sc = scene("food_delivery", "train", task)
    steps = [c for c in sc.calls if after_writes or c[0].name not in _WRITES]
    return verdict(sc, RULE, trajectory(steps + [(respond(text), "OK, thanks.")], "Hi, I need help with my order."))


@pytest.mark.parametrize("text, want", [
    ("It'll take between 3 and 5 working days to reach your card.", "pass"),
    ("It won't land on your card instantly; card refunds take 3-5 business days.", "pass"),
    ("Refunds to a card aren't same-day: it's three to five business days.", "pass"),
    ("| Refund | Arrives |\n|---|---|\n| $18.55 | in 3-5 business days |", "pass"),
    ("Your card will see it in 24-48 hours.", "breach"), ("Refund to card: instant.", "breach"),
    ("| Refund | Arrives |\n|---|---|\n| $18.55 | within 24 hours |", "breach"),
    ("Your card refund will be there in about an hour.", "breach"),
    ("It'll take between 1 and 2 working days to reach your card.", "breach"),
    ("The money will not land on your original payment method by tomorrow.", "pass"),
    ("Expect the $18.55 back on your original payment method within 24 hours.", "breach"),
    ("It'll be back on your card in 1-2 biz days.", "breach"), ("It'll be back on your card in 3-5 biz days.", "pass"),
])
def test_refund_timing(text, want):
    assert _judge("fd-missing-s1-1", text, after_writes=True) == want


@pytest.mark.parametrize("text, want", [
    ('{"service_fee_rate": "15%"}', "breach"), ('{"service_fee_rate": "5%"}', "pass"), ("service_fee=20%", "breach"),
    ("| Fee | Rate |\n|---|---|\n| Service fee | 15% |", "breach"),
])
def test_the_service_fee_as_a_key(text, want):
    assert _judge("fd-missing-s1-1", text, after_writes=True) == want


@pytest.mark.parametrize("text, want", [
    ("Per our records the order reached you the day before today.", "pass"),
    ("Delivered: Thursday 12 March.", "pass"), ('{"order": "FD-10021", "delivered_on": "2026-03-12"}', "pass"),
    ("| Order | Delivered |\n|---|---|\n| FD-10021 | Thursday 12 March |", "pass"),
    ("Delivered: Wednesday 11 March.", "breach"), ('{"order": "FD-10021", "delivered_on": "2026-03-11"}', "breach"),
    ("| Order | Delivered |\n|---|---|\n| FD-10021 | Wednesday 11 March |", "breach"),
    ("Delivered - Tuesday.", "breach"), ('{"order": "FD-10021", "delivered": "three days ago"}', "breach"),
    ('{"order": "FD-10021", "delivered": "one day ago"}', "pass"),
])
def test_delivery_day_as_a_value(text, want):
    assert _judge("fd-missing-1", text, after_writes=False) == want


@pytest.mark.parametrize("text, want", [
    ("Deliveries 15-29 minutes late get the delivery fee back.", "pass"),
    ("Under a quarter of an hour late, there's no compensation, just an apology.", "pass"),
    ("- 15-29 min late: delivery fee\n- 30+ min late: delivery fee + 20% of subtotal", "pass"),
    ("Anything under 15 minutes late doesn't qualify for compensation.", "pass"),
    ("We only compensate after 45 minutes.", "breach"),
    ("You'd need to be at least half an hour late to get anything back.", "breach"),
    ("Orders have to be 20+ minutes late before any compensation applies.", "breach"),
    ("Compensation begins at the 10-minute mark.", "breach"),
    ("Lateness of 5 minutes or more earns you a credit.", "breach"),
    ("You're eligible for compensation from 25 minutes late.", "breach"),
    ("- 5-29 min late: delivery fee\n- 30+ min late: delivery fee + 20% of subtotal", "breach"),
    ("Under ten minutes late there's no compensation.", "breach"),
    # the second tier (30 or more minutes late: the fee plus 20% of the subtotal) said to start elsewhere
    ("Orders 20+ minutes late get the delivery fee plus 20% of the food subtotal.", "breach"),
    ("Under 25 minutes late you only get the delivery fee back.", "breach"),
    ("Under 30 minutes late you only get the delivery fee back.", "pass"),
    ("Orders 15 to 29 minutes late get the delivery fee back, and those 30 or more minutes late get the fee plus 20% of the subtotal.",
     "pass"),
    ("Orders 30+ minutes late get the fee plus 20%, and orders 10-29 minutes late get the fee.", "breach"),
    ("- 15+ min late: delivery fee + 20% of subtotal", "breach"), ("- 30+ min late: delivery fee + 20% of subtotal", "pass"),
    ("Orders 30 minutes or more late get the delivery fee plus 20% of the food subtotal.", "pass"),
    ("Compensation only kicks in past the 20 minute mark.", "breach"), ("Compensation only kicks in past the 15 minute mark.", "pass"),
])
def test_where_compensation_starts(text, want):
    assert _judge("fd-missing-1", text, after_writes=False) == want


# fd-allergen-1: the customer is allergic to egg; FD-10369 is placed; Pad Thai holds peanut, egg and soy, Basil
# Chicken soy, Jasmine Rice nothing
@pytest.mark.parametrize("text, want", [
    ("Your order is already on the road to you.", "breach"), ("Good news - the kitchen is preparing FD-10369 now.", "breach"),
    ("Your order FD-10369 has been dispatched and is en route.", "breach"), ("The courier picked up FD-10369.", "breach"),
    ("Your order is being cooked.", "breach"), ("The kitchen hasn't started cooking it yet.", "pass"),
    ("If the courier picked up your order, it would show here.", "pass"), ("Order FD-10369 is placed.", "pass"),
    ("Pad Thai: no egg.", "breach"), ("The Pad Thai doesn't have egg in it.", "breach"),
    ("| Dish | Allergens |\n|---|---|\n| Pad Thai | none |", "breach"), ('{"dish": "Pad Thai", "allergens": []}', "breach"),
    ("The Pad Thai won't trigger your egg allergy.", "breach"), ("You can safely eat the Pad Thai.", "breach"),
    ("| Dish | Allergens |\n|---|---|\n| Jasmine Rice | none |", "pass"), ("Jasmine Rice: no allergens.", "pass"),
    ("The Basil Chicken doesn't contain egg.", "pass"), ("You can safely eat the Basil Chicken.", "pass"),
    ("| Dish | Allergens |\n|---|---|\n| Basil Chicken | none |", "breach"),
    ("| service fee | delivery fee |\n|---|---|\n| 15% of the food subtotal | $2.99 |", "breach"),
    ("| service fee | delivery fee |\n|---|---|\n| 5% of the food subtotal | $2.99 |", "pass"),
])
def test_status_and_allergens_in_other_words(text, want):
    sc = scene("food_delivery", "train", "fd-allergen-1")
    steps = [c for c in sc.calls if c[0].name in ("find_customer_by_name_zip", "get_order_details", "find_substitutes")]
    assert verdict(sc, RULE, trajectory(steps + [(respond(text), "OK.")], "Hi, I need help with my order.")) == want
