"""Round 9 of issue 41 (whole retail episodes): a refund's method given with an arrow is where the
refund goes ("Done. Refund $45.13 -> your gift card after the items arrive", "Refund: $45.13 → gift
card", "refund $5 => PayPal"); before, no method was read and a refund said to go to the wrong
method passed retail.statements.money_supported. Controls: a charge with an arrow names no refund
method ("Charge $5 -> your gift card"); an arrow between items ("Water Bottle -> Desk Lamp") is no method."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.money_claims import money_claims


def _methods(text):
    return [c.value for c in money_claims(text) if c.kind == "refund_method"]


@pytest.mark.parametrize("text,method", [
    ("Done. Refund $45.13 -> your gift card after the items arrive.", "gift_card"),
    ("Refund: $45.13 → gift card", "gift_card"),
    ("refund $5 => PayPal", "paypal"),
    ("Refund of $12.00 --> your Visa ending 1234", "credit_card"),
])
def test_an_arrow_to_a_method_sends_the_refund_there(text, method):
    assert _methods(text) == [method]


@pytest.mark.parametrize("text", ["Charge $5 -> your gift card", "Water Bottle -> Desk Lamp, price $5.",
                                  "Exchange: Water Bottle -> Desk Lamp"])
def test_no_refund_method_without_a_refund(text):
    assert _methods(text) == []
