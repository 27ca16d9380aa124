"""A confirmation's amounts beside the call's (issue 41, round 16, styles AL/AM/AP; airline policy: "each
extra bag costs $50"; SPEC §10 consent): a unit's rate ("$50 each", "each paid one at $50", "$2.00
per GB") and a "$0" ("$0 in fees, not a cent more") are no other amount than the call's, so a bag
update with no paid bag described with them still confirms it (round 15 left "$0 extra" read as
another amount: a false fail). Controls: another amount said as the one moved still is one."""

from __future__ import annotations

import json

import pytest

from tau_shaped.reward.reading.consent_amounts import another_amount

BAGS = {"reservation_id": "FQ8APE", "total_baggages": 3, "nonfree_baggages": 0, "payment_id": "gift_card_8190333"}
OBS = json.dumps({"reservation_id": "FQ8APE", "flights": [{"flight_number": "HAT056", "price": 120}, {"flight_number": "HAT138", "price": 134}],
                  "payment_history": [{"payment_id": "gift_card_8190333", "amount": 254}], "total_baggages": 3, "nonfree_baggages": 0})


@pytest.mark.parametrize("text, other", [
    ("FQ8APE would have 3 checked bags in total, 0 of them paid -- each paid one at $50. Shall I update the bags?", False),
    ("FQ8APE: 3 checked bags in total (0 paid -- $50 each -- on your gift card). Shall I update the bags?", False),
    ("3 bags, none paid; extra bags are $50 per bag. Shall I update the bags?", False),
    ("FQ8APE would have 3 checked bags: $0 in fees, not a cent more. Shall I update the bags?", False),
    ("3 checked bags, all within the allowance, so $0 extra. Shall I update the bags?", False),
    ("3 checked bags at $50/bag beyond the allowance; none are beyond it. Shall I update the bags?", False),
    # controls: an amount said as the one charged, not the call's
    ("3 checked bags, $150 in fees on your gift card. Shall I update the bags?", True),
    ("3 checked bags; I'll charge $50 to your gift card. Shall I update the bags?", True),
    # the call's own amount said: no other
    ("3 checked bags; your trip cost $254 in all. Shall I update the bags?", False),
])
def test_a_rate_or_nothing_is_no_other_amount(text, other):
    assert (another_amount(text, BAGS, OBS) is not None) is other


RETURN = {"order_id": "#W6390527", "item_ids": ["8538875209"], "payment_method_id": "paypal_7644869"}
RET_OBS = json.dumps({"order_id": "#W6390527", "items": [{"item_id": "8538875209", "price": 45.13}], "status": "return requested"})


@pytest.mark.parametrize("text, other", [
    # style AP: the amount said is outside the brackets; the one inside is a side remark
    ("Return the Water Bottle on #W6390527. Refund $54.13 (you paid $45.13) to your PayPal. Shall I submit it?", True),
    ("Return the Water Bottle on #W6390527. Refund $45.13 (you paid $54.13 with shipping) to your PayPal. Shall I?", False),
    ("Return the Water Bottle on #W6390527. Refund $45.13 (the receipt's price) to your PayPal. Shall I?", False),
    ("Return the Water Bottle ($45.13) on #W6390527, refund to your PayPal. Shall I?", False),
    ("Return the Water Bottle on #W6390527 (refund $45.13, to your PayPal). Shall I?", False),
])
def test_an_amount_in_brackets_beside_one_outside_is_a_side_remark(text, other):
    assert (another_amount(text, RETURN, RET_OBS) is not None) is other
