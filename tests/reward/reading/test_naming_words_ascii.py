"""``split_names._may_name`` reads an ASCII text's words of naming as runs of letters in it lower-cased
(a run is bounded by what is no letter: a digit, "_", a space or hyphen before "name") instead of
scanning it with ``_CUE`` under ignore-case: its answer is the pattern's (the reference, as it read
before) on every text; beyond ASCII ("ſ" is an "s" to ignore-case) the pattern itself is read."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tau_shaped.reward.reading import split_names

PIECES = ["name", "Name", "NAMES", "named", "namesd", "first", "First name", "first-name", "firstname", "LastName", "sur", "surname",
          "fore", "forename", "christian", "given", "family", "called", "Mr", "mrs", "MS", "miss", "Mister", "nam", "enamel", "rename",
          "names2", "_name", "name_", "2name", "a", "the", " ", "-", "  ", "\n", ".", "'", "é", "ſ", "\u212a", "Miss", "mr.", "lastly",
          "surnamed", "firsts", "x"]


def _reference(text: str) -> bool:
    low = text.lower()
    return any(key in low for key in split_names._CUE_KEYS) and split_names._CUE.search(text) is not None


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8).map("".join))
def test_naming_words_read_as_the_pattern(text):
    assert split_names._may_name.__wrapped__(text) == _reference(text)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("namefirstlsucdMNFS -_2.ſ\u212a"), max_size=24))
def test_letters_and_marks(text):
    assert split_names._may_name.__wrapped__(text) == _reference(text)


def test_cases():
    for text in ("Her first name is Mia", "the first-name field", "rename it", "enamel", "names2 list", "Mr Li", "Mrs. Li", "mister Li",
                 "called", "lastly", "surnamed", "Ma\u017f", "no cue here"):
        assert split_names._may_name.__wrapped__(text) == _reference(text), text
