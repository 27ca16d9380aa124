"""seen(), round 9b (SPEC §10 "The text read is the text the customer sees"):

- a markdown backslash escape shows the character itself: "james\\_lee\\_6136" is the user id
  "james_lee_6136" (a user id typed with escapes is read as given), "\\#", "\\[x\\]", "2\\*3" show
  "#", "[x]", "2*3"; an escape a second reading would take as markup again ("\\*b\\*") stays as
  written, so seen stays idempotent; a backslash before a letter ("C:\\path") is kept;
- a price said as two numbers in a clause that speaks of money, with no money word right before it
  ("I can put sixteen ninety back on your card") is dollars and cents; a year, a time, a house
  number, or a clause with no word of money keeps the two numbers.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen, visible

ESCAPED = [("my id is james\\_lee\\_6136", "my id is james_lee_6136"), ("user\\_id: ab\\_c", "user_id: ab_c"),
           ("Order \\#FD-10045", "Order #FD-10045"), ("\\[x\\] done", "[x] done"), ("2\\*3", "2*3"),
           ("mia\\.li7@example\\.com", "mia.li7@example.com")]
KEPT = [("C:\\path\\to", "C:\\path\\to"), ("**bold** and *it*", "bold and it"), ("order_id", "order_id")]


@pytest.mark.parametrize("text,read", ESCAPED + KEPT)
def test_an_escaped_character_is_the_character(text, read):
    assert seen(text) == read
    assert visible(text) == read
    assert seen(seen(text)) == seen(text)


@pytest.mark.parametrize("text", ["a \\*b\\* c", "\\_\\_init\\_\\_", "x\\\\y", "[a\\](b)", "r\\~~x~~"])
def test_an_escape_read_again_reads_the_same(text):
    assert seen(seen(text)) == seen(text)


PRICES = [
    ("I can put sixteen ninety back on your card for the missing BBQ Ribs from FD-10045. Shall I?", "16.90"),
    ("sixteen ninety goes back to your wallet.", "16.90"), ("I'll put twelve fifty on your card as credit.", "12.50"),
    ("That's nine ninety-five in dollars.", "9.95"),
]
NOT_PRICES = [
    "In nineteen ninety I paid by card.", "I live at sixteen ninety Elm Street and paid by card.",
    "I will refund it by eight thirty.", "We had twelve fifty people here.", "Refund 16 90 was odd.",
    "Back in nineteen eighty five, the card was new.",
]


@pytest.mark.parametrize("text,price", PRICES)
def test_a_spoken_pair_in_a_money_clause_is_a_price(text, price):
    assert price in seen(text)


@pytest.mark.parametrize("text", NOT_PRICES)
def test_a_year_a_time_an_address_or_no_money_keeps_the_numbers(text):
    read = seen(text)
    assert not any(c.isdigit() and read[k + 1:k + 2] == "." and read[k + 2:k + 3].isdigit() for k, c in enumerate(read)), read
