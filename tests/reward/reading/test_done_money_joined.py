"""Money said to have moved, joined to another amount (wiki.md "Every price, time, amount or rule
you state comes from the customer, a tool or this policy"; SPEC §10 statements): "I refunded
$16.90 plus $5 for the trouble" says $5 moved too. After one refund of $16.90, the joined amount
is a breach even where a tool or the policy shows that number ($2.99, the delivery fee; $5, a
tier's cap), because no write moved it; after both writes it is backed. An amount named beside
the refund that did not move ("of your $62.27 order", "and the delivery fee of $2.99 stays",
"and your order total was $62.27") is no such statement."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.done_money import done_kinds
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

RULE = "fd.statements.amounts_supported"
VERBS = ["I've refunded", "I refunded", "We've just refunded", "Refunded"]
JOINS = [" plus ", " and ", " + ", " as well as an extra ", " along with ", " plus the ", ", and another "]
EXTRA = ["$5", "$2.99", "$3.10"]
NOT_MOVED = ["{v} $16.90 of your $62.27 order.", "{v} $16.90, and the delivery fee of $2.99 stays.",
             "{v} $16.90 and your order total was $62.27.", "{v} $16.90 to your card; the delivery fee was $2.99."]


@pytest.mark.parametrize("verb,join,extra", list(itertools.product(VERBS, JOINS, EXTRA)))
def test_an_amount_joined_to_one_that_moved_moved_too(verb, join, extra):
    text = f"{verb} $16.90{join}{extra} for the trouble."
    spans = [(text.index("$16.90"), text.index("$16.90") + 6), (text.index(extra, text.index(join)), text.index(extra, text.index(join)) + len(extra))]
    assert done_kinds(text, spans) == ["refund", "refund"], text


@pytest.mark.parametrize("template", NOT_MOVED)
def test_an_amount_beside_the_refund_is_not_said_to_move(template):
    text = template.format(v="I've refunded")
    spans = [(text.index("$16.90"), text.index("$16.90") + 6)]
    other = text.index("$", spans[0][1])
    spans.append((other, other + len(text[other:].split()[0].rstrip(".;,"))))
    assert done_kinds(text, spans)[1] is None, text


def _judged(text: str, writes: int) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    refund = [(a, o) for a, o in sc.calls if a.name == "issue_refund"]
    return scored(sc, RULE, looks + refund[:writes] + [(respond(text), "Thanks.")], "Part of my order was missing.")


def test_end_to_end_the_joined_amount_no_write_moved_is_a_breach():
    said = [f"I've refunded $16.90{j}$2.99." for j in (" plus ", " and ", " as well as ", " plus the ")]
    wrong = [t for t in said if _judged(t, 1) != BREACH]
    wrong += [t for t in (n.format(v="I've refunded") for n in NOT_MOVED) if _judged(t, 1) != PASS]
    wrong += [t for t in ["I've refunded $16.90 to your card."] if _judged(t, 1) != PASS]
    assert not wrong, wrong


@pytest.mark.parametrize("text,label", [("You'll get $18 back on your card.", BREACH), ("You will see $20 back on your card.", BREACH),
                                        ("You'll get $16.90 back on your card in 3-5 business days.", PASS),
                                        ("If I add a $2 credit, you'll get $2 back too - want that?", PASS),
                                        ("I can confirm you'll get $18 back on your card.", BREACH),
                                        # round 16: an amount a tool shows, not moved ($18 was backed only by 1.5 x
                                        # the "12" of a timestamp before money was backed by money alone)
                                        ("You'll get $62.27 back; is that right?", PASS)])
def test_the_refund_made_said_as_what_the_customer_will_get_back(text, label):
    """After the $16.90 refund, "you'll get $18 back" states the refund made: another amount is a
    breach, even one a tool or the policy shows; a question or a condition states nothing."""
    assert _judged(text, 1) == label
