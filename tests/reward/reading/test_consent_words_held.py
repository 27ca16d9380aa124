"""The consent reader searches a sentence with its request pattern (``_CONSENT_REQUEST``) or its
pattern of what happened (``_HAPPENED``) only when the sentence holds one of the words every match
of that pattern holds (``_REQUEST_WORDS``, ``_HAPPENED_WORDS``; or it is not all ASCII). Each
branch of each pattern is read here from its parsed form: a pattern that gains a branch holding
none of the words fails this test until its words are given. An ASCII sentence is searched in
lower case with each pattern's case-sensitive twin (``_found``), which holds no capital letter.
The reading is the same as with every sentence searched by the case-blind pattern."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_questions as cq
from tests.prop_strategies import prop_settings
from tests.reward.reading.words_held import capital_letters, every_match_holds


@pytest.mark.parametrize("pattern, words", [(cq._CONSENT_REQUEST, cq._REQUEST_WORDS), (cq._HAPPENED, cq._HAPPENED_WORDS)], ids=["request", "happened"])
def test_every_match_holds_one_of_the_words(pattern, words):
    assert every_match_holds(pattern, words)


def test_a_pattern_with_a_branch_of_other_words_is_refused():
    assert not every_match_holds(re.compile(cq._CONSENT_REQUEST.pattern + "|(?<![\\w'])sounds\\s+fair", cq._CONSENT_REQUEST.flags),
                                 cq._REQUEST_WORDS)
    assert not every_match_holds(re.compile("(?:refunded)?|nothing"), ("refunded",))


WORDS = st.sampled_from([
    "Please", "confirm", "reply", "YES", "y/n", "Y / N", "let", "me", "know", "if", "you'd", "like", "me", "to", "proceed",
    "I", "need", "your", "OK", "go-ahead", "with", "permission", "I've", "refunded", "it", "was", "delivered", "yesterday",
    "last", "week", "got", "it", "Shall", "I", "refund", "$16.90", "to", "your", "card", "?", ".", ",", "\n", "\u017fay",
    "o\u212a", "İf", "the", "order", "FD-10045", "Just", "to", "confirm:", "Would", "that", "work", "for", "you",
    "processing", "now", "sounds", "good", "Okay", "say", "the", "word", "green", "light", "came", "through",
])
TEXTS = st.lists(WORDS, max_size=16).map(" ".join)


@pytest.mark.parametrize("pattern, low", [(cq._CONSENT_QUESTION, cq._CONSENT_QUESTION_LOW), (cq._CONSENT_REQUEST, cq._CONSENT_REQUEST_LOW),
                                          (cq._HAPPENED, cq._HAPPENED_LOW)], ids=["question", "request", "happened"])
def test_each_twin_is_its_pattern_case_sensitive_with_no_capital(pattern, low):
    """An ASCII text in lower case matches the twin where the text matches the case-blind
    pattern: the pattern is the same, case-blind only, and holds no capital letter."""
    assert low.pattern == pattern.pattern and pattern.flags & ~re.IGNORECASE == low.flags
    assert pattern.flags & re.IGNORECASE
    assert not capital_letters(pattern)


WORDS = st.sampled_from([
    "Please", "confirm", "reply", "YES", "y/n", "Y / N", "let", "me", "know", "if", "you'd", "like", "me", "to", "proceed",
    "I", "need", "your", "OK", "go-ahead", "with", "permission", "I've", "refunded", "it", "was", "delivered", "yesterday",
    "last", "week", "got", "it", "Shall", "I", "refund", "$16.90", "to", "your", "card", "?", ".", ",", "\n", "\u017fay",
    "o\u212a", "İf", "the", "order", "FD-10045", "Just", "to", "confirm:", "Would", "that", "work", "for", "you",
    "processing", "now", "sounds", "good", "Okay", "say", "the", "word", "green", "light", "came", "through", "SHALL",
    "wOuLd", "YoU", "LiKe", "ME", "To", "Do", "you", "mind", "if", "Is", "that", "ALRIGHT", "TO CONFIRM:", "Mr.", "Okafor",
])
TEXTS = st.lists(WORDS, max_size=16).map(" ".join)


@prop_settings(2000)
@given(TEXTS)
def test_the_consent_read_is_the_case_blind_patterns_own(text):
    original = cq._found
    cq.consent_request.cache_clear()
    found = cq.consent_request(text)
    try:
        cq._found = lambda pattern, low, plain, words=("",): pattern.search(plain) is not None
        cq.consent_request.cache_clear()
        assert cq.consent_request(text) == found
    finally:
        cq._found = original
        cq.consent_request.cache_clear()


@pytest.mark.parametrize("hint, words", [(cq._REQUEST_HINT, cq._REQUEST_WORDS), (cq._HAPPENED_HINT, cq._HAPPENED_WORDS)], ids=["request", "happened"])
@prop_settings(1000)
@given(text=st.one_of(TEXTS.map(str.lower), st.text(alphabet="abcdefgiklmnoprstuwy/ '\n", max_size=40)))
def test_each_hint_finds_a_word_iff_one_of_its_words_is_in_the_text(hint, words, text):
    """``_found``'s prefilter scans a sentence in lower case once with its words as one literal
    alternation: it finds something exactly when one of the words is in the sentence."""
    assert (hint.search(text) is not None) == any(w in text for w in words)
    for w in words:
        assert hint.search(f"x {w} x") is not None


def test_every_telling_of_another_ones_offer_holds_one_of_the_hints_words():
    """``consent_scope.reported_only`` searches an ASCII text with its pattern of someone else's offer
    only when the text holds one of the words every match of it holds (``_REPORTED_HINT``)."""
    from tau_shaped.reward.reading import consent_scope as cs

    words = cs._REPORTED_HINT.pattern.split("|")
    assert every_match_holds(cs._REPORTED, words)
    assert not every_match_holds(re.compile(cs._REPORTED.pattern + "|(?<![\\w'])boss[\\s]+said", cs._REPORTED.flags), words[:-13])


REPORTED = st.lists(st.sampled_from([
    "The", "other", "agent", "offered", "a", "refund", "you", "were", "promised", "$5", "someone", "said", "my", "colleague",
    "had", "already", "set", "up", "the", "team", "approved", "it", "Shall", "I", "process", "it", "now", "?", ".", "I'll",
    "refund", "FD-10045", "to", "your", "card", "previous", "rep", "gave", "\u017fet", "TEAM", "Your", "SUPPORT", "quoted",
]), max_size=14).map(" ".join)


@prop_settings(1000)
@given(REPORTED, st.sampled_from([None, "money_to_customer", "cancel"]))
def test_reported_only_reads_as_the_pattern_alone(text, verbs):
    from tau_shaped.reward.reading import consent_scope as cs

    hint = cs._REPORTED_HINT
    found = cs.reported_only(text, verbs)
    try:
        cs._REPORTED_HINT = re.compile("")  # finds something in every text: no prefilter
        assert cs.reported_only(text, verbs) == found
    finally:
        cs._REPORTED_HINT = hint
