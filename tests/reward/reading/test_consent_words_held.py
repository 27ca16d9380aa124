"""The consent reader searches a sentence with its request pattern (``_CONSENT_REQUEST``) or its
pattern of what happened (``_HAPPENED``) only when the sentence holds one of the words every match
of that pattern holds (``_REQUEST_WORDS``, ``_HAPPENED_WORDS``; or it is not all ASCII). Each
branch of each pattern is read here from its parsed form: a pattern that gains a branch holding
none of the words fails this test until its words are given. The reading is the same as with
every sentence searched."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_questions as cq
from tests.prop_strategies import prop_settings
from tests.reward.reading.words_held import every_match_holds


@pytest.mark.parametrize("pattern, words", [(cq._CONSENT_REQUEST, cq._REQUEST_WORDS), (cq._HAPPENED, cq._HAPPENED_WORDS)], ids=["request", "happened"])
def test_every_match_holds_one_of_the_words(pattern, words):
    assert every_match_holds(pattern, words)


def test_a_pattern_with_a_branch_of_other_words_is_refused():
    import re

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


@prop_settings(1500)
@given(TEXTS)
def test_the_consent_read_is_the_one_every_sentence_searched_gives(text):
    original = cq._holds_one
    cq.consent_request.cache_clear()
    found = cq.consent_request(text)
    try:
        cq._holds_one = lambda plain, words: True
        cq.consent_request.cache_clear()
        assert cq.consent_request(text) == found
    finally:
        cq._holds_one = original
        cq.consent_request.cache_clear()
