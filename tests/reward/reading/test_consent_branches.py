"""The question of consent read branch by branch (``consent_branches.HintedBranches``, round 20 speed) answers as the
whole pattern does: the branches joined are the whole, each branch's matches hold one of its hints, and a sentence
holding none of a branch's hints never compiles it."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_questions as cq
from tau_shaped.reward.reading.consent_branches import QUESTION_HINTS, HintedBranches
from tau_shaped.reward.reading.lazy_patterns import LazyPattern
from tests.prop_strategies import prop_settings

WORDS = [
    "shall", "Shall", "should", "may", "might", "can", "could", "must", "I", "i", "we", "We", "why", "not", "don't", "how",
    "about", "what", "if", "would", "Would", "you", "You", "like", "want", "prefer", "wish", "still", "do", "Do", "mind",
    "bother", "it", "object", "any", "objection", "objections", "are", "there", "is", "Is", "a", "reason", "shouldn't",
    "problem", "with", "that", "this", "That", "be", "seem", "sound", "look", "OK", "ok", "okay", "alright", "all", "right",
    "fine", "acceptable", "agreeable", "good", "correct", "for", "me", "to", "us", "proceed", "go", "ahead", "refund",
    "an", "the", "work", "suit", "help", "what", "you'd", "agree", "approve", "accept", "consent", "confirm", "your",
    "email", "happy", "comfortable", "willing", "open", "have", "get", "got", "permission", "ready", "continue", "then",
    "now", "start", "begin", "started", "yes", "y", "/", "no", "n", "this", "these", "done", "issued", "checked", "cancel",
    "$16.90", "FD-10045", "card", "wallet", "check", "explain", "tell", "know", "?", ",", ".", "!", "-", "\u00a0", "\t",
    "  ", "\u017f", "\u212a", "\u0130", "YES/NO", "Y/N", "go-ahead",
]
TEXTS = st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join).map(lambda t: t + "?") \
    | st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join) \
    | st.text(alphabet="shalcoudwymigtkeprnfb '/?\u00a0\t\u017fSOKY", max_size=40)

LOW_BRANCHES = [re.compile(b) for b in cq._QUESTION_BRANCHES]


def test_the_branches_joined_are_the_whole_question_pattern():
    assert cq._at_a_word_start(*cq._QUESTION_BRANCHES) == cq._CONSENT_QUESTION.pattern
    assert cq._CONSENT_QUESTION_LOW.pattern == cq._CONSENT_QUESTION.pattern
    assert len(QUESTION_HINTS) == len(cq._QUESTION_BRANCHES)


@prop_settings(3000)
@given(TEXTS)
def test_the_question_is_found_as_the_whole_pattern_finds_it(plain):
    assert cq._QUESTION_ASKED.found(plain) == (cq._CONSENT_QUESTION.search(plain) is not None)
    if plain.isascii():
        assert cq._QUESTION_ASKED.found(plain) == (cq._CONSENT_QUESTION_LOW.search(plain.lower()) is not None)


@prop_settings(3000)
@given(TEXTS)
def test_every_match_of_a_branch_holds_one_of_its_hints(plain):
    if not plain.isascii():
        return
    lowered = plain.lower()
    for branch, hints in zip(LOW_BRANCHES, QUESTION_HINTS):
        for m in branch.finditer(lowered):
            assert any(h in m.group(0) for h in hints), (branch.pattern[:80], m.group(0))


def test_questions_are_still_read():
    for asked in ("Shall I refund $16.90 to your card?", "Would you like me to cancel FD-10045?", "Is that OK?",
                  "Does that work for you?", "OK to proceed?", "Any objection to me refunding it?", "Y/N?",
                  "Shall this be done?", "Can I go ahead?", "Are you happy for me to go ahead?"):
        assert cq._QUESTION_ASKED.found(asked), asked
        assert cq.asks_consent(asked), asked
    for not_asked in ("Could you tell me your email?", "What is your order number?", "Anything else?"):
        assert not cq._QUESTION_ASKED.found(not_asked), not_asked


def test_a_sentence_compiles_only_the_branches_its_words_ask_for():
    fresh = HintedBranches(cq._CONSENT_QUESTION, cq._QUESTION_BRANCHES, QUESTION_HINTS)
    assert not fresh.found("OK?")
    compiled = [type(p) is LazyPattern for _, p in fresh._branches]  # a pending one is of a subclass until compiled
    assert compiled == [any(h in "ok?" for h in hints) for hints in QUESTION_HINTS]
    assert sum(compiled) == 4  # of 20: "is that OK?" and its kin, "OK to proceed?"


def test_a_sentence_beyond_ascii_compiles_the_branches_up_to_the_first_that_finds():
    fresh = HintedBranches(cq._CONSENT_QUESTION, cq._QUESTION_BRANCHES, QUESTION_HINTS)
    assert fresh.found("Shall I refund $16.90 \u2014 to your card?")  # the first branch finds it
    assert [type(p) is LazyPattern for p in fresh._blind] == [True] + [False] * (len(QUESTION_HINTS) - 1)
    assert fresh.found("\u017fhall I go ahead?") == (cq._CONSENT_QUESTION.search("\u017fhall I go ahead?") is not None)
    assert not fresh.found("What\u2019s your email?")
