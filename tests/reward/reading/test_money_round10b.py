"""Round 10b (leftovers): money said to have moved, read where it was not (wiki.md "Every price,
time, amount or rule you state comes from the customer, a tool or this policy"; SPEC §10
statements).

- An amount joined to one said moved by a verb AFTER it ("$16.90 refunded, plus a $5 credit for
  the trouble") moved too (the join was read only right after the amount); one the words say
  stayed ("$5.27 refunded and $15.56 kept for the food") did not.
- A refund named by its key in a message that says the write is done ("Cancelled — refund:
  $20.83") states the refund made; the same key in a question, a condition or a message with no
  word of a write done quotes an offer.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.done_money import done_kinds
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

AMTS = "fd.statements.amounts_supported"


def _kinds(text: str):
    spans, at = [], 0
    while True:
        i = text.find("$", at)
        if i < 0:
            return done_kinds(text, spans)
        j = i + 1
        while j < len(text) and (text[j].isdigit() or text[j] == "." and j + 1 < len(text) and text[j + 1].isdigit()):
            j += 1
        spans.append((i, j))
        at = j


OPEN = ["All set — ", "Done: ", "", "OK, "]
VERB = ["refunded", "has been refunded", "refunded to your card", "credited"]
JOIN = [", plus a ", " and a ", ", plus an extra ", " plus "]
TAIL = ["credit for the trouble.", "credit added for the inconvenience.", "goodwill credit."]


@pytest.mark.parametrize("o,v,j,t", list(itertools.product(OPEN, VERB, JOIN, TAIL))[::3])
def test_an_amount_joined_after_the_verb_moved_too(o, v, j, t):
    text = f"{o}$16.90 {v}{j}$5 {t}"
    assert _kinds(text) == ["refund", "refund"], text


@pytest.mark.parametrize("text", [
    "$5.27 refunded and $15.56 kept for the food.",
    "$5.27 refunded, and $15.56 stays with the restaurant.",
    "$5.27 refunded and $15.56 is not refundable.",
    "$5.27 refunded, plus $2.99 was charged as the fee.",
    "$16.90 refunded to your card; the order total was $62.27.",
])
def test_an_amount_beside_one_refunded_after_it_that_stayed(text):
    assert _kinds(text)[1] is None, text


@pytest.mark.parametrize("text", [
    "Cancelled — refund: $20.83", "Cancelled. Refund amount: $20.83", "Done! Refund: $20.83.",
    "All set, FD-10018 is cancelled.\n- refund: $20.83", "Processed — your refund = $20.83",
    "Order cancelled ✅ refund $20.83",
])
def test_a_refund_key_in_a_message_of_a_write_done(text):
    assert _kinds(text) == ["refund"], text


@pytest.mark.parametrize("text", [
    "Refund: $20.83 to your card. Shall I go ahead?",
    "Option A — refund: $20.83",
    "If cancelled, refund: $20.83",
    "Done with the lookup. Refund: $20.83 — want it?",
    "Cancelled orders get a refund of the food; the refund would be $20.83 if approved?",
])
def test_a_refund_key_that_quotes_an_offer(text):
    assert _kinds(text) == [None], text


def _cancel(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-cancel-3")
    steps = list(sc.calls[:3]) + [(respond("I can cancel FD-10018; $5.27 will be refunded to your card. OK?"), "yes")]
    return scored(sc, AMTS, steps + list(sc.calls[3:4]) + [(respond(text), "thx")], "Please cancel my order.")


@pytest.mark.parametrize("text,label", [
    ("Cancelled — refund: $20.83", BREACH), ("Cancelled. Refund amount: $20.83", BREACH),
    ("Cancelled — refund: $5.27", PASS), ("Cancellation summary:\n- total: $20.83\n- refund: $5.27", PASS),
    ("Cancelled ✅ total $20.83, refund $5.27", PASS),
])
def test_end_to_end_cancellation_refund_key(text, label):
    assert _cancel(text) == label, text


def _missing(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    refund = [(a, o) for a, o in sc.calls if a.name == "issue_refund"]
    return scored(sc, AMTS, looks + refund + [(respond(text), "Thanks.")], "Part of my order was missing.")


@pytest.mark.parametrize("text,label", [
    ("All set — $16.90 refunded, plus a $5 credit for the trouble.", BREACH),
    ("Done: $16.90 refunded and a $5 credit added for the inconvenience.", BREACH),
    ("All set — $16.90 refunded, plus a five dollar credit for the trouble.", BREACH),
    ("All set — $16.90 refunded to your card.", PASS),
    ("All set — $16.90 refunded. I can't add a $5 credit on top, sorry.", PASS),
])
def test_end_to_end_joined_after_the_verb(text, label):
    assert _missing(text) == label, text


# A key whose head is a count ("total_bags", "totalBags", "total-bags") names no money, however its words are joined; a key
# whose head is money ("bag_fee", "price_per_night") does.
@pytest.mark.parametrize("text,values", [
    ('{"total_bags": 3, "bag_fee": 50, "total_cost": 50}', [50.0, 50.0]),
    ('{"totalBags": 3, "totalPrice": 120}', [120.0]),
    ("total-bags: 3; total: 100", [100.0]),
    ("Total bags: 3\nBag fee: 50", [50.0]),
    ('{"total_nights": 2, "price_per_night": 120, "amount_total": 9}', [120.0, 9.0]),
    ('{"total_baggages": 2, "nonfree_baggages": 1, "total_passengers": 2}', []),
    ('{"refund_amount": 54.04, "item_count": 2, "order_id": 5}', [54.04]),
    ("ORDER CANCELLED (TOTALPIECES: 2). REFUND: $54.04", [54.04]),  # the generator's find: casing joins the words
    ("totalbags: 3, amount paid: 50", [50.0]),
])
def test_a_count_key_names_no_money(text, values):
    from tau_shaped.reward.reading.money_claims import money_claims

    assert [c.value[1] for c in money_claims(text) if c.kind == "amount"] == values, text
