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


# An option written "none" (retail's office chairs: armrest none) is a value, not a negation of the money beside it
# (tau_shaped/reward/reading/option_values.py): before, "Office Chair (armrest: none) - refund of $516.28" stated no amount.
@pytest.mark.parametrize("text,kind", [
    ("Office Chair (armrest: none) - refund of $516.28. Confirm?", "refund"),
    ("Office Chair, armrest none, $516.28 refund. Confirm?", "refund"),
    ("Office Chair (leather, blue, none, high-back) for $499.28. Shall I exchange it?", "price"),
    ("- Office Chair (none, high-back): $499.28", "price"),
])
def test_an_option_none_negates_no_money(text, kind):
    assert [k for k, _ in _kinds(text)] == [kind], _kinds(text)


@pytest.mark.parametrize("text", ["None of the $516.28 is refundable.", "You owe none of the $20.",
                                  "Refund: none ($516.28 stays on the card)", "We will not refund the $516.28."])
def test_a_none_that_negates_still_does(text):
    assert "refund" not in [k for k, _ in _kinds(text)], _kinds(text)
