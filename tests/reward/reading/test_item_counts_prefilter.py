"""A sentence with no count in it (``item_counts._ANY_COUNT``: a count before a space, or a sign of
times before a digit) counts nothing, and its name's pattern is not compiled for it: the counts
read are those the name's pattern reads on its own, whatever the sentence and the name."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import item_counts
from tau_shaped.reward.reading.item_counts import _WORDS, _counted, _pattern, another_count
from tests.prop_strategies import prop_settings

NAMES = st.sampled_from(["Samosa", "Salmon Roll", "pad_thai", "Miso-Soup", "Ōtoro", "x", "Fries", "Pair"])
PIECES = st.sampled_from([
    "Samosa", "Samosas", "samosaes", "Salmon Roll", "salmon  rolls", "Salmon_Roll", "Pad Thai", "pad-thai", "Miso Soup",
    "Ōtoro", "ŌTORO", "Fries", "2", "12", "123", "x2", "×3", "*4", "(x2)", "( x 2 )", "2x", "2 x", "two", "TWO", "a single",
    "a pair of", "a  pair\u00a0of", "one", "ten", "new", "fresh,", "replacement", "of the", "order of", "portions of",
    "$16.90", "FD-10045", "1.5", ".2", "x", "×", "*", "(", ")", "\u00a0", "\t", " ", ",", "'", "-", "_", "someone", "done",
    "sixty", "s\u017fx", "\u212aebab", "\u0130", "10045x", "A1", "9",
])
TEXTS = st.lists(PIECES, max_size=9).map(" ".join) | st.lists(PIECES, max_size=9).map("".join) \
    | st.text(alphabet="0123456789x×* \t\u00a0()Samosa newtoi,.-_'", max_size=30)


def _full(text: str, name: str) -> list:
    """``_counted`` as its pattern reads it, with no sentence left out."""
    out = []
    for m in _pattern(name).finditer(text):
        raw = m.group("n") or m.group("after")
        if raw is not None:
            out.append(int(raw))
        elif m.group("w"):
            out.append(_WORDS[re.sub(r"[ \t\u00a0]+", " ", m.group("w").lower())])
    return out


@prop_settings(2000)
@given(TEXTS, NAMES)
def test_the_counts_read_are_the_name_patterns_own(text, name):
    assert _counted(text, name) == _full(text, name)


@prop_settings(600)
@given(TEXTS, NAMES)
def test_a_match_of_the_name_pattern_holds_a_count(text, name):
    for m in _pattern(name).finditer(text):
        assert item_counts._ANY_COUNT.search(m.group(0)) is not None


def test_counts_are_still_read_and_other_sentences_skip_the_pattern():
    names = {"M-1": "Samosa"}
    assert another_count("I'll send two replacement Samosas.", ["M-1"], names.get) == "2x Samosa"
    assert another_count("Samosa (x2) on its way.", ["M-1"], names.get) == "2x Samosa"
    assert another_count("I'll send 1 Samosa, refund $16.90 to your card.", ["M-1"], names.get) is None
    _pattern.cache_clear()
    assert another_count("I'll resend the Samosa on order FD-10045 and refund $16.90.", ["M-1"], names.get) is None
    assert _pattern.cache_info().currsize == 0  # no count said: the name's pattern never compiled
