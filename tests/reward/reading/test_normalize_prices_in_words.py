"""A price said as two numbers in words ("a refund of sixteen ninety", "it comes to twelve fifty",
"you paid twenty-nine fifty"; SPEC §10: "digits and numbers written in words read as numbers"):
after a word of money it reads as dollars and cents ("16.90"), as a customer hears it. Generated
over dollars 1-99 and cents 10-99 written in words after each cue. Left as read: digits the
message wrote ("a refund of 16 90"), a year ("paid in twenty twenty-five"), a count before a
compound ("two thirty-minute sessions"), two numbers with no word of money before them."""

from __future__ import annotations

import itertools
import random

import pytest
from text_to_num import alpha2digit

from tau_shaped.reward.reading.normalize import seen

_UNITS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}


def words(n: int) -> str:
    if n < 20:
        return _UNITS[n - 1]
    tens, unit = divmod(n, 10)
    return _TENS[tens * 10] + (f"-{_UNITS[unit - 1]}" if unit else "")


CUES = ["A refund of {p} has been issued.", "It comes to {p}.", "You paid {p} for it.", "The total is {p}.", "I've refunded {p} to your card.",
        "That costs {p}.", "The fee was {p}."]


def _prices(seed: int = 8, n: int = 60):
    rng = random.Random(seed)
    return [(rng.randint(1, 99), rng.randint(10, 99)) for _ in range(n)]


@pytest.mark.parametrize("cue,price", list(itertools.product(CUES, _prices()[:12])))
def test_a_price_in_words_after_a_word_of_money_reads_as_dollars_and_cents(cue, price):
    dollars, cents = price
    text = cue.format(p=f"{words(dollars)} {words(cents)}")
    assert f"{dollars}.{cents:02d}" in seen(text), (text, seen(text))


@pytest.mark.parametrize("text", ["A refund of 16 90 is odd.", "You paid in twenty twenty-five.", "a refund of two thirty-minute sessions",
                                  "Table for twelve fifty people.", "I have three twenty-dollar bills."])
def test_digits_a_year_or_two_numbers_not_said_as_a_price_are_left(text):
    read = seen(text)
    assert "." not in read.rstrip(".").replace(". ", " "), (text, read)


def test_the_library_still_writes_two_numbers_for_a_spoken_price():
    """What the step relies on: text2num writes "sixteen ninety" as "16 90" (if it ever writes a
    price itself, the step has nothing left to do, and this test says so)."""
    assert alpha2digit("a refund of sixteen ninety", "en") == "a refund of 16 90"
