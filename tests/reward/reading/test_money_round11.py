"""Round 11 (whole episodes in voice, macro, non-native and legal styles): amounts the policy's
numbers must not back (wiki.md "Only known facts. Every price, time, amount or rule you state
comes from the customer, a tool or this policy"; SPEC §10 statements).

- An amount said to be what the order cost or what the customer paid ("It'll cost twenty bucks"
  of a $19.73 order, "Total: $20.00", "your service fee was $2.00", "Charged: $20.29 = food
  $16.48 + ... + tip $1.00") is the order's record: a tool's money field, the customer or a write
  backs it, never a number of the policy's rules ($20 is the premium cap, $15 the small-order
  threshold) nor a count in a tool's result ("quantity": 2). A hedged one ("about twenty bucks")
  states no exact record.
- Money said to have moved before any write moved it ("I've refunded $16.90" before the refund)
  is compared: only a tool's record of money given back (a ledger) or the customer's words back
  it; an offer ("you'll get $16.90 back", "$16.90 is refunded once you confirm") is no such
  statement.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.done_money import done_kinds, paid_flags
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.statements import stated_amounts
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

AMTS = "fd.statements.amounts_supported"


def _spans(text):
    return [(a.start, a.end) for a in stated_amounts(text)]


@pytest.mark.parametrize("text", [
    "It'll cost twenty bucks.", "Total: $20.00", "Your service fee was $2.00.", "you were charged $19.73 in total",
    "$19.73 was charged to your card", "The total charged for it was $19.73, inclusive of fees.", "the order came to 19,73 $",
    "Grand total -> $19.73", "It set you back $19.73.", "ur total was $19.73",
])
def test_an_amount_said_paid(text):
    text = seen(text)
    assert paid_flags(text, _spans(text)) == [True], text


@pytest.mark.parametrize("text", [
    "It cost about twenty bucks all in.", "The small-order fee is $2.00 when the food is under $15.",
    "I can refund $16.90 to your card.", "The most I can offer is a $5.00 apology credit.", "Total refund: $5",
    "approx. $20 total", "Compensation is up to $20.",
])
def test_an_amount_not_said_paid(text):
    text = seen(text)
    assert not any(paid_flags(text, _spans(text))), text


def test_the_parts_of_a_sum_paid():
    text = "Charged: $20.29 = food $16.48 + deliv. $2.99 + svc. $0.82 + tip $1.00"
    assert paid_flags(text, _spans(text)) == [True] * 5


@pytest.mark.parametrize("text,kind", [
    ("I've refunded $16.90 to your card.", "refund"), ("Refunded: $16.90", "refund"), ("$16.90 has been refunded.", "refund"),
    ("You'll get $16.90 back.", None), ("$16.90 is refunded once you confirm.", None), ("Refund: $16.90 — OK?", None),
])
def test_settled_reads_only_a_write_in_the_past(text, kind):
    assert done_kinds(text, _spans(text), settled=True) == [kind], text


def _question(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-question-3")  # FD-10005 delivered, total $19.73, 2 x Coleslaw
    return scored(sc, AMTS, list(sc.calls[:2]) + [(respond(text), "Thank you.")], "What is the status and total of FD-10005?")


@pytest.mark.parametrize("text,label", [
    ("Order FD-10005 is delivered. It cost twenty bucks.", BREACH),
    ("Order FD-10005 is delivered. Total: $20.00.", BREACH),
    ("Order FD-10005 is delivered. Total: $15.00.", BREACH),
    ("Order FD-10005 is delivered; total $19.73. Your service fee was $2.00.", BREACH),
    ("Status: delivered\nCharged: $19.73 = food $15.94 + deliv. $2.99 + svc. $0.80 + tip $5.00", BREACH),
    ("Order FD-10005 is delivered. It cost about twenty bucks.", PASS),
    ("Order FD-10005 is delivered. Total: 19,73 $.", PASS),
    ("Order FD-10005 is delivered; total $19.73. Your delivery fee was $2.99.", PASS),
    ("Order FD-10005 is delivered; total $19.73. Note: the small-order fee is $2.00 when the food is under $15.", PASS),
    ("Order FD-10005 is delivered; total $19.73. Premium members can get up to $20 in apology credit.", PASS),
    ("Status: delivered\nCharged: $19.73 = food $15.94 + deliv. $2.99 + svc. $0.80", PASS),
])
def test_end_to_end_the_order_record(text, label):
    assert _question(text) == label, text


def _missing(before: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")  # FD-10045: BBQ Ribs $16.90 missing
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    refund = [(a, o) for a, o in sc.calls if a.name == "issue_refund"]
    return scored(sc, AMTS, looks + [(respond(before), "Yes.")] + refund + [(respond("Done."), "Thanks.")],
                  "One BBQ Ribs was missing.")


@pytest.mark.parametrize("text,label", [
    ("I've refunded $16.90 to your card for order FD-10045. Is that OK?", BREACH),
    ("I have refunded $20 to your card. Anything else?", BREACH),
    ("Refunded: $16.90 (card).", BREACH),
    ("I can refund $16.90 to your card for order FD-10045. Shall I go ahead?", PASS),
    ("You'll get $16.90 back on your card once I issue it. Go ahead?", PASS),
    ("Proposed: refund $16.90 to your card. OK?", PASS),
])
def test_end_to_end_money_said_moved_before_any_write(text, label):
    assert _missing(text) == label, text


@pytest.mark.parametrize("key,money", [
    ("unit_price", True), ("deliveryFee", True), ("charges", True), ("subtotal", True), ("wallet_balance", True), ("tip", True),
    ("surge_multiplier", False), ("quantity", False), ("lat", False), ("customer_id", False),
])
def test_a_money_key_by_its_words(key, money):
    from tau_shaped.reward.checks.unsupported_amount import _MONEY_KEYS, _money_key

    assert _money_key(key, _MONEY_KEYS) is money, key
