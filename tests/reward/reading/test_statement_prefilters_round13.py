"""Round 13 (speed): the statement readers skip a pattern when a text lacks what every match of it
holds, and read an ASCII text in lower case with a case-sensitive twin of a case-blind pattern: what
they find is what reading every pattern in full, case-blind, finds (SPEC §10 statements), on texts
built from the times, waits, amounts and words the patterns look for, in any case, ASCII or not."""

from __future__ import annotations

import re
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import amounts, arrival_waits, clock_words, negation
from tests.prop_strategies import prop_settings
from tests.reward.reading.words_held import capital_letters

PHRASES = [
    "at 1915", "by 0730 tonight", "1915 hrs", "2359 HOURS", "19.15", "at 19.15.", "a refund of 19.15", "$19.15", "€13.45",
    "19h15", "7H05", "23h59", "half past 7", "a quarter to 8 pm", "20 to 8", "ten minutes past six", "half six", "7.15 pm",
    "12.30 a.m.", "it arrives at 1915", "delivered by 2015.", "FD-10502", "FD-1915", "order 12345", "2026-03-13", "13.5",
    "in 5", "in about 10 minutes", "within the hour", "in under five", "give it 20 mins", "ten minutes, tops", "in 2 hrs",
    "30 seconds", "10 more minutes", "be with you in ten.", "there in\t5", "IN 3", "arriving in 1.5 hours",
    "it will reach you in two", "pin 1234",
]
PIECES = [" ", "\t", "\n", ". ", ", ", ": ", "-", "$", "€", "£", ":", ".", "0", "1", "2", "9", "h", "H", "at ", "by ",
          "past ", "to ", "in ", "it'll arrive ", "the courier ", "am", "PM", "hrs", "min", "Min", "sec", "HOUR", "\u00a0",
          # letters that case-blind patterns match beyond ASCII: Kelvin sign, long s, dotted and dotless i
          "\u212a", "\u017f", "\u0130", "\u0131", "M\u0130N", "\u00e9"]
CASES = st.sampled_from([str, str.upper, str.lower, str.title])
TEXTS = st.one_of(
    st.lists(st.one_of(st.sampled_from(PHRASES), st.sampled_from(PIECES)), max_size=10).map("".join),
    st.tuples(st.sampled_from(PHRASES), CASES, st.sampled_from(PIECES)).map(lambda t: t[2] + t[1](t[0]) + t[2]),
    st.text(alphabet="0123456789.:$€hH atbyinmosecrhu\t\n\u212a\u017f\u0130", max_size=40),
)


class _Any:
    """A prefilter that lets every text through (the full path)."""

    pattern = ""

    def search(self, *_args):
        return True


def _spans(items):
    return [(s.value, s.text, s.start, s.end, s.other) for s in items]


def test_the_twins_are_their_patterns_case_sensitive_with_no_capital():
    for pattern, low in ((clock_words._WORD_CLOCK_HINT, clock_words._WORD_CLOCK_HINT_LOW),):
        assert pattern.flags & re.IGNORECASE and low.flags == pattern.flags & ~re.IGNORECASE
        assert low.pattern == pattern.pattern and capital_letters(pattern) == set()


@prop_settings(3000)
@given(TEXTS)
def test_the_clock_words_found_are_those_of_every_pattern_run(text):
    fast = _spans(clock_words.word_times(text))
    with mock.patch.object(clock_words, "_DOT24_HINT", _Any()), mock.patch.object(clock_words, "_H_CLOCK_HINT", _Any()), \
            mock.patch.object(clock_words, "_WORD_CLOCK_HINT", _Any()), mock.patch.object(clock_words, "_WORD_CLOCK_HINT_LOW", _Any()):
        assert fast == _spans(clock_words.word_times(text))


@prop_settings(3000)
@given(TEXTS)
def test_a_wait_is_looked_for_where_the_hint_finds_one(text):
    assert arrival_waits._may_wait(text) == (arrival_waits._WAIT_HINT.search(text) is not None)
    with mock.patch.object(arrival_waits, "_may_wait", lambda _text: True):
        full = _spans(arrival_waits.relative_times(text, 1140.0))
    assert _spans(arrival_waits.relative_times(text, 1140.0)) == full


def test_a_time_behind_each_prefilter_is_found():
    assert [s.value for s in clock_words.word_times("It arrives at 1915.")] == [1155.0]
    assert [s.value for s in clock_words.word_times("ETA 19h15, or 1930 hrs")] == [1170.0, 1155.0]
    assert [s.value for s in clock_words.word_times("it'll arrive at 19.15")] == [1155.0]
    assert clock_words.word_times("a refund of $19.15 for FD-10502") == []
    assert [s.value for s in arrival_waits.relative_times("It'll arrive in 10 MINUTES.", 1140.0)] == [1150.0]
    assert [s.value for s in arrival_waits.relative_times("It will be with you in five.", 1140.0)] == [1145.0]


# negation's tokens as round 12 read them: the boundary first, each token appended in a loop
_OLD_TOKEN = re.compile(r"(?P<b>[.:](?=\s|$)|[!?;\n\r]|,[ \t]*but\b)|\w+(?:['’]\w+)?|,", re.IGNORECASE)


def _old_tokens(text, lo, hi):
    starts, words = [], []
    for m in _OLD_TOKEN.finditer(text, lo, hi):
        starts.append(m.start())
        words.append("" if m.group("b") else m.group(0))
    return starts, words


CLAUSES = st.lists(st.sampled_from(["not", "can't", "won’t", "but", "BUT", "Bu\u0163", ",", ", but", ",but", ",\tbut", ". ", ".",
                                    ":", ": ", "!", "?", ";", "\n", "\r", "$16.90", "19:05", "1.5", "I", "refund", "\u017f", "\u212a",
                                    "\u0130", "é", "_", "'", "’", " ", "\t", "x'y", "butter"]), max_size=14).map("".join)


@prop_settings(3000)
@given(st.one_of(CLAUSES, TEXTS), st.integers(0, 60), st.integers(0, 80))
def test_the_tokens_are_round_12s(text, lo, hi):
    assert negation._tokens(text, 0, len(text)) == _old_tokens(text, 0, len(text))
    assert negation._tokens(text, lo, hi) == _old_tokens(text, lo, hi)


MONEY = ["refunded 19.60", "I've refunded 19.60 to your card", "the total is 62.27", "it comes to 4.50", "Refund\u00a016.90",
         "refunded\u00a019.60", "refund of\u00a016.90",
         "a fee of 2.99", "costs 12345.67", "priced at 123456.78", "charged you 5.00", "19.60 back on your card", "16.90 -> wallet",
         "$16.90", "the total is $16.90", "total: 16.90", "paid 16.9", "paid 16.905", "paid 1.5%", "refund of 3.00 dollars",
         "credited 4.50USD", "TOTAL IS 62.27", "CHARGED 5.00", "\u017fold at", "pri\u0131ced"]
MONEY_TEXTS = st.one_of(
    st.lists(st.one_of(st.sampled_from(MONEY), st.sampled_from(PIECES)), max_size=8).map("".join),
    st.tuples(st.sampled_from(MONEY), CASES, st.sampled_from(PIECES)).map(lambda t: t[2] + t[1](t[0]) + t[2]),
)


@prop_settings(3000)
@given(MONEY_TEXTS)
def test_a_bare_figure_of_money_is_found_where_every_pattern_run_finds_it(text):
    fast = _spans(amounts.amounts(text))
    with mock.patch.object(amounts, "_BARE_FIGURE", _Any()):
        assert fast == _spans(amounts.amounts(text))


# round 12's hints, as they were written: the keyed number's and the bare hour's
_OLD_KEYED_HINT = re.compile(r"[:=|][ \t\"']{0,4}[-\u2212]?[0-9]|\b(?:is|of)[ \t]{1,3}[\"']?[-\u2212]?[0-9]")
KEYED = st.lists(st.sampled_from(["is", "of", "Is", "OF", "this", "xof", "_is", "éis", "\u017fis", ":", "=", "|", " ", "\t", "  ", "\"",
                                  "'", "-", "\u2212", "1", "9", "a", "i", "o", "s", "f", "\n", "total", "amount"]), max_size=12).map("".join)


@prop_settings(3000)
@given(st.one_of(KEYED, MONEY_TEXTS, TEXTS))
def test_the_keyed_and_bare_hour_hints_find_what_round_12s_found(text):
    from tau_shaped.reward.reading import money_claims, statements

    assert (money_claims._KEYED_HINT.search(text) is None) == (_OLD_KEYED_HINT.search(text) is None)
    if text.isascii():
        assert (statements._BARE_HINT_ASCII.search(text) is None) == (statements._BARE_HINT.search(text) is None)
