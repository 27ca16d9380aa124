"""The numbers of a text are read once and kept (several checks read the same observations and
replies, a task's rollouts repeat them): what is returned is what reading gives, a new list each
time, and long texts are read every time (the kept texts are bounded)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import text_matching
from tau_shaped.reward.reading.text_matching import numbers_in_text

PIECES = st.sampled_from(["$", "-", "−", "1", "12", "1,234", ".5", "3.10", "A", "FD-", "_", " ", ",", "USD ", "\n", "x"])


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_kept_numbers_are_the_numbers_read(text):
    first, second = numbers_in_text(text), numbers_in_text(text)
    assert first == second == text_matching._numbers(text)
    assert first is not second  # a caller may change its list: never the kept one
    first.append((0.0, "changed"))
    assert numbers_in_text(text) == text_matching._numbers(text)


def test_only_short_texts_are_kept():
    text_matching._kept_numbers.cache_clear()
    short = "refund $4.67 of $52.17"
    numbers_in_text(short)
    numbers_in_text(short)
    assert text_matching._kept_numbers.cache_info().hits == 1
    long = "1 " * text_matching._KEPT_TEXT
    assert len(numbers_in_text(long)) == text_matching._KEPT_TEXT
    info = text_matching._kept_numbers.cache_info()
    assert info.currsize == 1 and info.maxsize == 2048
