"""An ASCII text lower-cased is split at its tokens by ``[a-z0-9]+`` (``identifier_tokens._ASCII_SPLIT``):
the same pieces as ``[^\\W_]+`` (``_SPLIT``) gives it, so its tokens are the same (SPEC §10: another
customer's identifiers read in a message), on texts of ids, emails, names, digits and marks in any
case, and on any ASCII text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import identifier_tokens as it
from tests.prop_strategies import prop_settings

PIECES = ["FD-10490", "mia.li7@example.com", "Mia Li", "five oh three", "B3n", "_", "__x_", "  ", "\t", "\n", "'s", "$16.90",
          "double 7", "O'Neil", "a-b", "#", "Z", "z9", "0"]
ASCII = st.one_of(st.lists(st.sampled_from(PIECES), max_size=10).map(" ".join),
                  st.text(alphabet=st.characters(max_codepoint=127), max_size=80))


@prop_settings(2000)
@given(ASCII)
def test_an_ascii_text_is_split_as_the_pattern_splits_it(text):
    low = text.lower()
    assert it._ASCII_SPLIT.split(low) == it._SPLIT.split(low)
