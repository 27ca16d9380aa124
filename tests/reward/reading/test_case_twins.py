"""A case-blind reader pattern with no capital letter in it matches an ASCII text where its
case-sensitive twin (the same pattern, case-blind no more) matches the text in lower case, at
the same places: the readers search ASCII texts so (a case-sensitive alternation skips each
alternative at its first letter; a case-blind one compares letter by letter). Each twin is
checked here to be its pattern's, capital-free, and each reading to be the case-blind one's."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_scope as cs
from tau_shaped.reward.reading import normalize_questions as nq
from tau_shaped.reward.reading import reply_clauses as rc
from tests.prop_strategies import prop_settings
from tests.reward.reading.words_held import capital_letters

TWINS = [(rc._VERB, rc._VERB_LOW), (rc._NEGATIVE_QUESTION, rc._NEGATIVE_QUESTION_LOW), (cs._REPORTED, cs._REPORTED_LOW)]


@pytest.mark.parametrize("pattern, low", TWINS, ids=["verb", "negative_question", "reported"])
def test_each_twin_is_its_pattern_case_sensitive_with_no_capital(pattern, low):
    assert pattern.flags & re.IGNORECASE and low.flags == pattern.flags & ~re.IGNORECASE
    assert low.pattern == pattern.pattern
    assert capital_letters(pattern) == set()


def test_a_capital_or_a_flag_group_is_seen():
    assert capital_letters(re.compile("[A-C]x|y", re.I)) == {"A", "B", "C"}
    assert capital_letters(re.compile("(?-i:mr)x", re.I)) == {"(?FLAG)"}


WORDS = st.sampled_from([
    "Do", "you", "MIND", "if", "I", "Refund", "refunded", "REFUNDING", "it", "the", "other", "Agent", "offered", "a", "credit",
    "Would", "you", "like", "me", "to", "Cancel", "switched", "swapping", "Any", "Objection", "?", ".", ",", "\n", "our",
    "previous", "rep", "promised", "someone", "Quoted", "you", "were", "told", "Mr.", "Okafor", "order", "FD-10045",
    "$16.90", "problems", "reason", "we", "shouldn't", "ſend", "K", "İf", "é", "objecting", "upset", "BOTHER", "mind?",
    "  ", "\t", "\u00a0", "\u200b", "1", "9 ", "_", "okay", "yes", "no", "SEND", "Sent", "escalate", "escalated",
])
TEXTS = st.lists(WORDS, max_size=16).map(" ".join) | st.lists(WORDS, max_size=8).map("".join)


@prop_settings(1500)
@given(TEXTS)
def test_the_verbs_read_are_the_case_blind_patterns(text):
    assert rc.verbs_in(text) == frozenset(rc._verb_of(m.group("v")) for m in rc._VERB.finditer(text))


def test_a_verb_with_a_letter_read_for_another_is_read():
    assert rc.verbs_in("Please ſend it") == frozenset({"send"})  # a KeyError before
    assert rc.verbs_in("REFUNDED, then Switched") == frozenset({"refund", "switch"})


@prop_settings(1500)
@given(TEXTS)
def test_a_negative_question_is_the_case_blind_patterns(text):
    assert rc._negative(text) == (rc._NEGATIVE_QUESTION.search(text) is not None)


@prop_settings(1500)
@given(TEXTS)
def test_someone_elses_offer_is_found_where_the_case_blind_pattern_finds_it(text):
    blind = [m.span() for m in cs._REPORTED.finditer(text)]
    if text.isascii():
        assert [m.span() for m in cs._REPORTED_LOW.finditer(text.lower())] == blind
    assert cs.reported_only(text, None) == (bool(blind) and cs.reported_only(text, None))


_UNMARKED_END = re.compile(r"[^\W_]\s*$")
LINES = st.text(alphabet="aZ9_ \t\u00a0\u2003.?!é٣\n\x1c", max_size=12)


def _marked_before(line: str) -> str:
    """``normalize_questions._marked`` as it read the line's end with the pattern."""
    if not _UNMARKED_END.search(line):
        return line
    if nq._OPENS_A_QUESTION.match(nq._last_clause(line)) is None and nq._TAIL_QUESTION.search(line) is None:
        return line
    return line.rstrip() + "?" + line[len(line.rstrip()):]


@prop_settings(2000)
@given(LINES | TEXTS)
def test_a_line_is_marked_as_the_pattern_of_its_end_marked_it(line):
    assert nq._marked(line) == _marked_before(line)
