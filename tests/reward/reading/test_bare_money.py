"""A bare figure with cents after a word of money is an amount (SPEC §10 statements: amounts in
any spelling; wiki.md "Every price, time, amount or rule you state comes from the customer, a tool
or this policy"): "I've refunded 19.60 to your card", "the total is 62.27", "it comes to 4.50".
Read once (with a currency after it, it is the amount read with that currency, not two). Not
money: a count ("refunded 2 items"), a rate ("charged 5.00%"), a figure no money word introduces
("version 16.90"). End to end on fd-missing-3 (a $16.90 refund of a $62.27 order)."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.amounts import amounts
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

LEADS = ["I've refunded {v} to your card.", "We credited {v} to your wallet.", "The refund of {v} is on its way.",
         "Your total is {v}.", "That comes to {v}.", "You were charged {v}.", "It costs {v}.", "Refund amount is {v} today."]
VALUES = ["19.60", "4.50", "62.27", "1,234.50"]


@pytest.mark.parametrize("lead,value", list(itertools.product(LEADS, VALUES[:3])))
def test_a_bare_figure_after_a_word_of_money_is_an_amount(lead, value):
    got = [a.value for a in amounts(lead.format(v=value))]
    assert got == [float(value)], (lead, got)


@pytest.mark.parametrize("text,want", [("I've refunded 16.90 dollars to your card.", [16.9]), ("I've refunded $16.90.", [16.9]),
                                       ("I refunded 2 items.", []), ("You were charged 5.00% as a fee.", []),
                                       ("Running version 16.90 of the app.", []), ("Refund 16.90 USD, right?", [16.9])])
def test_read_once_and_never_a_count_or_rate(text, want):
    assert [a.value for a in amounts(text)] == want


def _judge(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")
    return scored(sc, "fd.statements.amounts_supported", list(sc.calls) + [(respond(text), "Thanks.")], "Part of my order was missing.")


@pytest.mark.parametrize("text,label", [("I've refunded 19.60 to your card.", BREACH), ("I've refunded 16.90 to your card.", PASS),
                                        ("The order total is 65.27.", BREACH), ("The order total is 62.27.", PASS)])
def test_end_to_end_a_bare_figure_is_held_to_what_backs_it(text, label):
    assert _judge(text) == label
