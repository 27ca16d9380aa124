"""A confirmation states a count argument in words too ("two checked bags" for
``total_baggages=2``: text2num leaves the numbers below ten as words), where the word quantifies
something; "this one", "one of", "one moment", a negated count or another count states nothing
(issue 41: "one checked bag" was a false fail of airline's baggage confirmations)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.checks.unconfirmed import Confirmation
from tau_shaped.reward.reading.confirmations import why_not
from tau_shaped.reward.reading.text_matching import find_count

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
BAGS = Confirmation(tools=["update_reservation_baggages"], mention={"reservation_id": "text", "total_baggages": "number"},
                    verbs={"update_reservation_baggages": "baggage"})


def _call(n: int) -> dict:
    return {"reservation_id": "ECON05", "total_baggages": n, "nonfree_baggages": 0, "payment_id": "credit_card_7701"}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 9), st.sampled_from(["checked bags", "bags", "pieces of checked luggage", "suitcases in total"]),
       st.sampled_from(["Shall I update the baggage on reservation ECON05 to {n} {what}?",
                        "To confirm: reservation ECON05 will have {n} {what} - OK to go ahead with the baggage update?",
                        "Updating baggage for ECON05: {N} {what}. Do you want me to proceed?"]))
def test_a_count_in_words_is_stated(n, what, template):
    text = template.format(n=WORDS[n], N=WORDS[n].capitalize(), what=what)
    assert why_not(text, "update_reservation_baggages", _call(n), BAGS) is None
    other = (n + 1) % 10
    assert why_not(text, "update_reservation_baggages", _call(other), BAGS) is not None


@pytest.mark.parametrize("text", [
    "Shall I update the baggage on this one, reservation ECON05?",
    "One moment - shall I update the baggage on reservation ECON05?",
    "One of your bags is free. Shall I update the baggage on ECON05?",
    "Shall I update the baggage on ECON05 so that no one bag is charged?",
    "Shall I update the baggage on ECON05 to two bags, not one bag?",
])
def test_a_word_that_counts_nothing_or_is_negated_states_no_one(text):
    assert why_not(text, "update_reservation_baggages", _call(1), BAGS) is not None


def test_only_whole_counts_below_ten():
    assert find_count("ten bags", 10) is None  # text2num writes ten and above as digits
    assert find_count("one bag", 1.5) is None and find_count("one bag", True) is None
    assert find_count("one bag", 1.0) == "one"
