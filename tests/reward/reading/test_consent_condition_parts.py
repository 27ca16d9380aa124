"""A condition bounding the amount, checked against a call paid in parts (issue 41, round 16, style AM; SPEC §10
replies: "only if it's under five dollars" is a yes when the call meets it, a change when it does not). A booking
pays its total in ``payment_methods[].amount``: with no amount of its own at the top, the reply reader had none to
check, and "yes, as long as it's under $300" to a $375 booking was a yes (a consent false pass). The described
amount is now the parts' sum."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tau_shaped.reward.checks.unconfirmed import _described
from tau_shaped.reward.reading.replies import classify_reply

BOOK = {"user_id": "ivan_1", "origin": "DTW", "destination": "SEA", "cabin": "economy", "insurance": "no",
        "payment_methods": [{"payment_id": "gift_card_1", "amount": 128}, {"payment_id": "credit_card_2", "amount": 247}]}
Q = ("The booking: DTW to SEA, economy, HAT097 (May 17); insurance: no; total $375, paid $128 on your gift card + $247 on "
     "your credit card. Shall I book it?")
C = SimpleNamespace(mention_result={}, mention_address={})


def test_the_parts_sum_is_the_amount_described():
    assert _described(BOOK, None, None, C)["amount"] == 375


@pytest.mark.parametrize("reply, want", [
    ("yes, as long as it's under $300", "change"),
    ("yes, only if it's no more than $300", "change"),
    ("yes, as long as it's under $400", "yes"),
    ("yes, if it's no more than $375", "yes"),
    ("yes, book it", "yes"),
])
def test_a_bound_is_checked_against_the_parts_sum(reply, want):
    assert classify_reply(reply, question=Q, described=_described(BOOK, None, None, C)) == want
