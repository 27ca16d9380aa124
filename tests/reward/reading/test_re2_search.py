"""``re2_search.found(pattern, text)`` is ``pattern.search(text) is not None`` for the readers'
RE2 patterns (SPEC §10: a cheap test is what the pattern finds): the short names' anchors and
the order statuses, on texts of their words, any text, and a text RE2 cannot take (a lone
surrogate: it raises as ``search`` raises, and the short names' test reads such a text in full)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import short_names, status_leaks
from tau_shaped.reward.reading.re2_search import found
from tests.prop_strategies import prop_settings

PATTERNS = [short_names._MAY_HOLD, status_leaks._STATUS_RE2]
PIECES = ["Mr. ", "Dr Okafor", "B. Haddad", "Ben H.", "A Salmon Roll", "I am", "I'm", "e.g.", "out for delivery",
          "out_for_delivery", "delivered", "handed to the courier", " ", "\n", ".", "’s", "'s", "é", "\u212a", "ſ", "1", "x"]
TEXTS = st.one_of(st.lists(st.sampled_from(PIECES), max_size=8).map("".join), st.text(max_size=80))


@prop_settings(1500)
@given(TEXTS)
def test_found_is_what_search_finds(text):
    for pattern in PATTERNS:
        assert found(pattern, text) == (pattern.search(text) is not None)


def test_a_lone_surrogate_raises_as_search_does_and_is_read_in_full():
    text = "Mr \ud800 Haddad"
    for pattern in PATTERNS:
        with pytest.raises(UnicodeEncodeError):
            pattern.search(text)
        with pytest.raises(UnicodeEncodeError):
            found(pattern, text)
    assert short_names._may_hold(text)


def test_the_words_each_pattern_finds_and_passes():
    assert found(short_names._MAY_HOLD, "Thanks, Mr. Haddad") and not found(short_names._MAY_HOLD, "I am here for you")
    assert found(status_leaks._STATUS_RE2, "It is OUT FOR DELIVERY") and not found(status_leaks._STATUS_RE2, "Your refund")
