"""An ordered list's marker numbers a line and states no value (SPEC §10): "3. Fees charged to: gift card"
does not say 3, so a confirmation listing "1. Total checked bags: 4 ... 3. Fees ..." states 4 bags, not 3."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.text_matching import find_number, numbers_in_text

_LINES = ["Total checked bags: 4", "Paid bags: 0", "Fees charged to: gift card on file", "Refund: $16.90 to your card",
          "Order: FD-10045", "New address: 1204 Burnside St"]


@pytest.mark.parametrize("marker", ["1. ", "2) ", "3.\t", "10. ", "  3. ", "> 3. "])
def test_a_marker_opening_a_line_states_nothing(marker):
    text = f"### Bags on FQ8APE\n\n{marker}Fees charged to: gift card\n\nConfirm?"
    value = float(marker.strip(" >.)\t"))
    assert find_number(text, value) is None
    assert numbers_in_text(text) == []


@pytest.mark.parametrize("text, value", [
    ("3 bags, all checked.", 3.0),            # a count opening a line, no marker mark after it
    ("Total checked bags: 3.\nOK?", 3.0),     # a number ending a sentence
    ("3.50 refunded to your card", 3.5),      # a decimal opening a line
    ("Options: 1. Udon 2. Korma", 2.0),       # inside a line, not a marker
    ("3.", 3.0),                              # a bare number with nothing after it: an answer, not a list
    ("1234. Main St is the address", 1234.0),  # more than 3 digits: no list runs so long
    ("$3. Fees waived", 3.0),                 # an amount
])
def test_numbers_that_are_no_marker_are_read(text, value):
    assert find_number(text, value) is not None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_LINES), min_size=1, max_size=5), st.sampled_from([". ", ") "]),
       st.booleans())
def test_numbering_the_lines_of_a_message_adds_no_number(lines, mark, quoted):
    plain = "\n".join(lines)
    quote = "> " if quoted else ""
    numbered = "\n".join(f"{quote}{i}{mark}{line}" for i, line in enumerate(lines, 1))
    assert [v for v, _ in numbers_in_text(numbered)] == [v for v, _ in numbers_in_text(plain)]
