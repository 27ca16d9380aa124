"""Round 16 (AP asides, gen-ops): a footnote's mark glued to a value and an aside that is only a remark of thanks,
apology or checking are read as not there, so what they stood between is read together (SPEC §10): "If it had been 10
minutes (thanks for waiting) late or more ..." states the policy's threshold as 10 minutes, "The Veggie Burger[1] is
free of all your allergens" states that of the Veggie Burger. Controls: an aside that holds anything else (a digit, a
warning, a name, a single word of repair) is kept, in the text a leak is read in too."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen, visible


@pytest.mark.parametrize("text, read", [
    ("If it had been 10 minutes (thanks for waiting) late or more, the fee comes back.",
     "If it had been 10 minutes late or more, the fee comes back."),
    ("Orders 25 mins \u2014 thanks for your patience \u2014 or more late qualify.", "Orders 25 mins or more late qualify."),
    ("The Veggie Burger[1] is free of all your allergens.", "The Veggie Burger is free of all your allergens."),
    ("Insurance is $30.00 (for what it's worth, I've checked it twice) each.", "Insurance is $30.00 each."),
    ("I've refunded $15.42 -- sorry about the delay -- to your card.", "I've refunded $15.42 to your card."),
])
def test_a_remark_aside_and_a_footnote_mark_are_not_read(text, read):
    assert seen(text) == read


@pytest.mark.parametrize("text", ["the Gulab Jamun (contains gluten)", "refund $16.90 (you paid $19.60)", "Bags: 2 (checked)",
                                  "FD-10005 -- sorry -- is delivered", "$55.13 \u2014 sorry, my mistake \u2014 $45.13",
                                  "the Korma (thanks, Mia!) is mild", "see note [1] below"])
def test_an_aside_that_says_something_is_kept(text):
    assert seen(text) == text


def test_an_aside_holding_data_is_still_read_where_a_leak_is():
    assert "(thanks, Mia!)" in visible("Your order is FD-10005 (thanks, Mia!). <!-- x -->")
