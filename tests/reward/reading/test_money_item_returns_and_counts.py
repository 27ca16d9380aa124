"""Round 9 of issue 41 (whole retail episodes, done messages of a return): two false fails of
retail.statements.money_supported.

- A timing of the items going back is no refund's timing: "The items are being returned today",
  "You are returning the water bottle today, and $45.13 goes back to your PayPal", "Please ship
  the items back within 14 days; the refund ... goes to PayPal" were read as a PayPal refund
  arriving today or in 14 days (option_values.item_return_only). Controls keep their timing:
  "$45.13 will be returned to your PayPal within 5-7 days", "Once you return the items, you will
  get it back within 5-7 business days", "Returned items are refunded within 5 to 7 business days".
- A count under a money key is no amount: "Refund timing: 5-7 business days", "Refund to PayPal:
  5-7 business days" stated a $5 refund. Controls: "Refund: 45.13", "refund_amount: 16.90"."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.money_claims import money_claims


def _of(text, kind):
    return [c.value for c in money_claims(text) if c.kind == kind]


@pytest.mark.parametrize("text", [
    "The items are being returned today.",
    "You are returning the water bottle today, and $45.13 goes back to your PayPal.",
    "Please ship the items back within 14 days; the refund of $45.13 goes to PayPal.",
    "Your refund, once the items are returned within 14 days, goes to PayPal.",
])
def test_an_items_timing_is_no_refunds(text):
    assert _of(text, "refund_timing") == []


@pytest.mark.parametrize("text,when", [
    ("$45.13 will be returned to your PayPal within 5-7 days.", "days:5-7"),
    ("Once you return the items, you will get it back within 5-7 business days.", "days:5-7"),
    ("Returned items are refunded within 5 to 7 business days.", "days:5-7"),
    ("The refund will be returned to your gift card immediately.", "immediate"),
])
def test_a_refunds_timing_stays(text, when):
    assert [w for _, w in _of(text, "refund_timing")] == [when]


@pytest.mark.parametrize("text", ["Refund timing: 5-7 business days", "Refund to PayPal: 5-7 business days",
                                  "Refund: 5 to 7 business days"])
def test_a_count_under_a_money_key_is_no_amount(text):
    assert _of(text, "amount") == []


@pytest.mark.parametrize("text,value", [("Refund: 45.13", 45.13), ("refund_amount: 16.90", 16.9)])
def test_a_keyed_amount_stays(text, value):
    assert [v for _, v in _of(text, "amount")] == [value]
