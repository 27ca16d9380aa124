"""Round 9 of issue 41 (whole retail episodes): "back" read as money coming back only as a word of
its own. Retail's office chairs have a backrest option "high-back" (also "mid-back", "low-back"); a
price beside it ("Office Chair (leather, blue, high-back) - $499.28", a table row under "New
price") was read as a refund and failed retail.statements.money_supported when the exchange moved
no money. Controls: "$20 back", "you'll get $5.00 back", "back: $5" stay refunds."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.money_claims import money_claims


def _kinds(text):
    return [c.value for c in money_claims(text) if c.kind == "amount"]


@pytest.mark.parametrize("text", [
    "Office Chair (leather, blue, high-back) for $499.28. Shall I exchange it?",
    "New chair: high-back, leather, $499.28",
    "| Item | Now | New | New price |\n|---|---|---|---|\n| Office Chair | leather, high-back | leather, high-back | $499.28 |",
    "Item: Office Chair\nNow: leather, blue, mid-back\nNew price: 499 dollars and 28 cents",
    "Office chair, low-back: $120.",
])
def test_a_price_beside_a_hyphenated_back_is_a_price(text):
    assert [k for k, _ in _kinds(text)] == ["price"], _kinds(text)


@pytest.mark.parametrize("text", ["You get $20 back.", "$20 back to your card", "You will get $5.00 back.", "back: $5",
                                  "I'll put $12.50 back on your gift card."])
def test_money_back_is_still_a_refund(text):
    assert [k for k, _ in _kinds(text)] == ["refund"], _kinds(text)
