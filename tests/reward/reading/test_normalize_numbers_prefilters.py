"""The cheap tests ``normalize_numbers`` makes before its two rewriting patterns, each what the
pattern needs (SPEC §10: numbers in words are read as numbers, "a five-dollar credit" is a 5).

``_UNIT_HYPHEN`` (a number word hyphenated to its unit) is run only where an ASCII piece holds a
hyphen right after a whole word that is one of its number words, in any case
(``_may_unit_hyphen``); ``_SCALE_COMMA`` only where it holds "thousand,", "million," or
"billion," in any case (``_may_scale_comma``); a piece beyond ASCII is always run ("ſix" is a
"six" to a pattern that ignores case). What is read so is what the patterns read everywhere, on
pieces built from number words, units, hyphens and commas in any case, with neighbours that
make a word longer or part it, and on any text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import normalize_numbers as nn
from tau_shaped.reward.reading.normalize_numbers import numbers_in_words
from tests.prop_strategies import prop_settings

WORDS = ["five", "Twenty", "THOUSAND", "one", "seventeen", "ninety", "hundred", "million", "billion", "ten", "six",
         "fivefold", "fives", "a", "two", "_two", "x5", "\u017fix", "thirty", "forty"]
UNITS = ["dollar", "minute", "bucks", "hour", "percent", "gb", "day", "year", "mins", "cents", "weeks"]
PIECES = ["-", "-", ",", ", ", " ", "  ", "\t", "_", ".", "5", "and ", "\n", "é", "\u212a", "refund of "]
CASE = st.sampled_from([str, str.upper, str.lower, str.title, str.swapcase])
# a word, its hyphen (or not) and a unit, each in some case: "Twenty-DOLLAR", "x_five-minute"
PHRASE = st.tuples(st.sampled_from(["", " ", "x", "_", "(", "5"]), st.sampled_from(WORDS), st.sampled_from(["-", "-", " - ", ",", ", "]),
                   st.sampled_from(UNITS + WORDS), CASE).map(lambda t: t[4](t[0] + t[1] + t[2] + t[3]))
PIECE = st.one_of(
    st.lists(st.one_of(PHRASE, st.sampled_from(PIECES)), max_size=6).map("".join),
    st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(UNITS), st.sampled_from(PIECES)), max_size=12).map("".join),
    st.lists(st.sampled_from(WORDS + UNITS + PIECES), max_size=12).map(" ".join),
    st.text(alphabet="fiveTWnty-, _\u017fdolar", max_size=30),
    st.text(max_size=60),
)


def _hyphens(piece: str) -> str:
    return nn._UNIT_HYPHEN.sub(nn._unit_apart, piece)


@prop_settings(2000)
@given(PIECE)
def test_a_number_word_hyphenated_to_its_unit_is_found_where_the_pattern_finds_one(piece):
    found = nn._UNIT_HYPHEN.search(piece) is not None
    assert nn._may_unit_hyphen(piece) or not found
    if not nn._may_unit_hyphen(piece):
        assert _hyphens(piece) == piece


@prop_settings(2000)
@given(PIECE)
def test_a_scale_and_its_comma_are_found_where_the_pattern_finds_them(piece):
    assert nn._may_scale_comma(piece) or nn._SCALE_COMMA.search(piece) is None


@prop_settings(500)
@given(PIECE)
def test_numbers_in_words_read_as_with_both_patterns_run_everywhere(piece):
    def in_full(text: str) -> str:
        saved = nn._may_unit_hyphen, nn._may_scale_comma
        nn._may_unit_hyphen = nn._may_scale_comma = lambda _piece: True
        try:
            return numbers_in_words(text)
        finally:
            nn._may_unit_hyphen, nn._may_scale_comma = saved
    assert numbers_in_words(piece) == in_full(piece)


def test_the_forms_read_and_those_passed():
    assert numbers_in_words("a five-dollar credit") == "a 5 dollar credit"
    assert numbers_in_words("a Fifteen-MINUTE wait") == "a 15 MINUTE wait"
    assert nn._may_unit_hyphen("twenty-three thousand, five hundred")
    assert nn._may_unit_hyphen("\u017fix-dollar")  # beyond ASCII: the pattern decides
    assert not nn._may_unit_hyphen("fivefold-dollar")  # the word before the hyphen is longer than a number word
    assert not nn._may_unit_hyphen("FD-10490 was re-sent")
    assert not nn._may_unit_hyphen("x_five-dollar")  # "_" is a word character: no word boundary before "five"
    assert nn._may_scale_comma("Two THOUSAND, five")
    assert not nn._may_scale_comma("a thousand apologies, sorry")
