"""A run of spaces is read as one space (SPEC §10: the text read is the text the customer sees,
and a browser shows a run of spaces as one): every reader, rule phrases included, reads
"your  account   is on  ice" as it reads "your account is on ice". Tabs and line breaks are kept
(they lay out tables and lines); evidence still quotes the original."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.normalize import seen, seen_with_map, visible
from tau_shaped.reward.reading.text_matching import find_phrase

WORDS = ["your", "account", "is", "on", "ice", "Spring", "Rolls", "$16.90", "FD-10045", "refund"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), st.data())
def test_any_run_of_spaces_reads_as_one(words, data):
    gaps = [" " * data.draw(st.integers(1, 5)) for _ in words[1:]]
    spaced = words[0] + "".join(g + w for g, w in zip(gaps, words[1:]))
    assert seen(spaced) == seen(" ".join(words)) == visible(spaced)
    assert seen(seen(spaced)) == seen(spaced)


def test_tabs_and_line_breaks_are_kept():
    assert seen("Item\tPrice\nKorma\t$12") == "Item\tPrice\nKorma\t$12"


def test_a_rule_phrase_finds_the_words_however_spaced():
    assert find_phrase(seen("Your order is out   for  delivery now."), "out for delivery") is not None


def test_evidence_quotes_the_original():
    text = "We have  Chicken   Korma today"
    mapped = seen_with_map(text)
    at = mapped.text.index("Chicken Korma")
    start, end = mapped.original_span(at, at + len("Chicken Korma"))
    assert text[start:end] == "Chicken   Korma"
