"""Cheap tests the text layer makes before its patterns, each what the pattern needs.

``normalize_spoken.spelled_letters`` reads a text with its pattern only where the text holds
what every spelled word holds (``_may_spell``: three ASCII letters each two apart by one mark,
the first at the start or after no letter nor digit; a text with a middle dot is read in full).
What it reads so is what the pattern read everywhere reads (SPEC §10: a word spelled letter by
letter is the word), on texts built from spelled words and their neighbours, in any case, with
non-ASCII marks and letters, and on any text. ``normalize_confusables._may_look_alike`` is
``_MAY_LOOK_ALIKE`` (a digit beside O, o, I or l) read as one pass of byte lookups."""

from __future__ import annotations

from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import normalize_confusables, normalize_spoken
from tau_shaped.reward.reading.normalize_spoken import spelled_letters
from tests.prop_strategies import prop_settings

SPELLED = ["K o r m a", "K.o.r.m.a", "K-o-r-m-a", "l_o_c_k_e_d", "K\u00b7o\u00b7r\u00b7m\u00b7a", "a K o r m a", "is a h o l d",
           "P a d  T h a i", "P.a.d.T.h.a.i", "e.g.", "F D 10045", "U.S.A.", "it's a b c", "x y", "a b", "I a m"]
PIECES = [" ", "  ", ".", "-", "_", "\u00b7", "'", "\u2019", "1", "a", "B", "é", "\u2014", "\n", "word", "\u0130", "\u212a"]
TEXTS = st.one_of(
    st.sampled_from(SPELLED),
    st.lists(st.one_of(st.sampled_from(SPELLED), st.sampled_from(PIECES)), max_size=10).map("".join),
    st.text(alphabet="abKxI .-_\u00b7'\u2019é1\n", max_size=30),
    st.text(max_size=60),
)


def _in_full(text: str) -> str:
    with mock.patch.object(normalize_spoken, "_may_spell", lambda _text: True):
        return spelled_letters(text)


def test_every_spelled_form_is_read_as_in_full():
    for text in SPELLED:
        for form in (text, text.upper(), text.lower()):
            assert spelled_letters(form) == _in_full(form), form


@prop_settings(1000)
@given(TEXTS)
def test_spelled_words_are_those_of_the_pattern_read_everywhere(text):
    assert spelled_letters(text) == _in_full(text)


def test_a_text_with_no_letters_spelled_is_not_read():
    assert not normalize_spoken._may_spell("The order is a test, e.g. this one.")
    assert normalize_spoken._may_spell("It is a h o l d")


@prop_settings(1000)
@given(st.one_of(st.text(max_size=60), st.text(alphabet="0123456789OoIlxé\u0130\u212a\ud800 ", max_size=20)))
def test_a_look_alike_digit_is_found_as_the_pattern_finds_it(text):
    assert normalize_confusables._may_look_alike(text) == (normalize_confusables._MAY_LOOK_ALIKE.search(text) is not None)
