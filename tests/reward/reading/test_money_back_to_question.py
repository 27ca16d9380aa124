""""Back to your question" is no money going back (issue 41, round 16, style AK: the agent returns to an older question
after a side topic). "Back to your question from earlier: that's $22.55 to pay today." was read as a refund of $22.55
arriving today (retail.statements.money_supported fired on a correct exchange). Controls: money back to the card still is."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.money_claims import money_claims


def _kinds(text):
    return [(c.kind, c.value) for c in money_claims(text)]


@pytest.mark.parametrize("text", [
    "Back to your question from earlier: that's $22.55 to pay today.",
    "Going back to your point about the price: the difference is $22.55, charged today.",
])
def test_back_to_a_question_moves_no_money_back(text):
    assert not any(k == "refund_timing" or (k == "amount" and v[0] == "refund") for k, v in _kinds(text))


@pytest.mark.parametrize("text", [
    "That's $22.55 back to your card today.",
    "$5 back to your wallet.",
    "Back to you: $22.55 goes back to your card.",
])
def test_money_back_is_still_a_refund(text):
    assert any(k == "amount" and v[0] == "refund" for k, v in _kinds(text))
