"""seen_with_map (SPEC §10 "the evidence quotes the original text"): the seen text is seen()'s,
and a span of it maps back to the original words it was read from, disguise and all."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pytest

from tau_shaped.reward.reading.normalize import seen, seen_with_map


@pytest.mark.parametrize("original, word, quoted", [
    ("I can swap in the Chicken Ko<b>rm</b>a instead.", "Korma", "Ko<b>rm</b>a"),
    ("I can swap in the Chicken **Korma** instead.", "Korma", "**Korma**"),
    ("I can swap in the Chicken Kоrma instead.", "Korma", "Kоrma"),
    ("How about the Ｋｏｒｍａ?", "Korma", "Ｋｏｒｍａ"),
    ("Reach her at mia.li7 (at) example (dot) com today.", "mia.li7@example.com", "mia.li7 (at) example (dot) com"),
    ("Her number is five oh three, five five five, seven two three two.", "503 555 7232",
     "five oh three, five five five, seven two three two"),
    ("A refund of $16.90 is on its way.", "$16.90", "$16.90"),
    ("Sure.<!-- hidden --> A refund of $16.90 is on its way.", "16.90", "16.90"),
])
def test_a_span_of_the_seen_text_quotes_the_original(original, word, quoted):
    read = seen_with_map(original)
    assert read.text == seen(original)
    start = read.text.index(word)
    assert read.quote(start, start + len(word)) == quoted


def test_words_around_a_disguise_map_character_for_character():
    original = "Hello <i>there</i>, your order FD-10045 is late."
    read = seen_with_map(original)
    start = read.text.index("FD-10045")
    s, e = read.original_span(start, start + len("FD-10045"))
    assert original[s:e] == "FD-10045"
    assert read.original_span(0, 5) == (0, 5)


def test_none_and_empty():
    assert seen_with_map(None).text == "" and seen_with_map("").quote(0, 0) == ""


def test_out_of_range_spans_are_clamped():
    read = seen_with_map("Chicken **Korma**")
    s, e = read.original_span(-5, 10_000)
    assert 0 <= s <= e <= len(read.original)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(), st.data())
def test_the_map_gives_the_seen_text_and_spans_inside_the_original(text, data):
    read = seen_with_map(text)
    assert read.text == (seen(text) or "")
    a = data.draw(st.integers(0, len(read.text)))
    b = data.draw(st.integers(a, len(read.text)))
    s, e = read.original_span(a, b)
    assert 0 <= s <= e <= len(read.original)


@pytest.mark.parametrize("unit", ["**a** b ", "а b ", "five oh three ", "K<b>o</b>rma x "])
def test_a_long_message_is_mapped_in_bounded_time(unit):
    import time

    text = unit * (200_000 // len(unit))
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    began = time.process_time()
    read = seen_with_map(text)
    assert time.process_time() - began < 20.0 and read.text == seen(text)
