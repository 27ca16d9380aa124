"""Round 19 (speed): a large pattern is searched only in a text that holds one of the words every
match of it holds (its gate), so a process whose texts never hold them never compiles it (the
refusal head and retraction of a reply, its sarcasm, the override of a denial; the consent
request's words since "green" became "light": "green curry" asks nothing). Each gate is read here
from the pattern's parsed form, branch by branch, and checked against the pattern on generated
texts and on the generator's own: a text the gate turns away is one the pattern finds nothing in."""

from __future__ import annotations

import importlib.util
import re
from functools import lru_cache
from re import _constants as K
from re import _parser as P

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_questions as cq
from tau_shaped.reward.reading import refusal_overrides as ro
from tau_shaped.reward.reading import reply_meaning as rm
from tau_shaped.reward.reading.refusals import denial
from tests.prop_strategies import prop_settings
from tests.reward.reading.words_held import _held, every_match_holds

GATED = [(rm._REFUSAL_HEAD, rm._HEAD_WORDS), (rm._RETRACT, rm._RETRACT_WORDS), (rm._SARCASM, rm._SARCASM_WORDS)]
IDS = ["refusal_head", "retract", "sarcasm"]


@pytest.mark.parametrize("pattern, words", GATED, ids=IDS)
def test_every_match_of_a_reply_pattern_holds_one_of_its_words(pattern, words):
    assert every_match_holds(pattern, words)
    assert not every_match_holds(re.compile(pattern.pattern + r"|(?<![\w'])nuh\s+uh", pattern.flags), words)


def test_every_branch_of_the_override_holds_its_words_or_a_pause_and_its_sequel():
    """Each of the phrases ``_CLOSING`` reads whole is put as a word of its own ("zq0"...): a match
    through it holds a match of ``_CLOSING``; "one-?off" is spelled out."""
    pattern = ro.OVERRIDE.pattern
    tokens = []
    for i, phrase in enumerate(ro.CLOSING_PHRASES):
        spelled = phrase.replace("{_SP}", ro._SP)
        assert pattern.count(spelled) == 1
        pattern = pattern.replace(spelled, f"zq{i}")
        tokens.append(f"zq{i}")
    assert pattern.count("one-?off") == 1
    pattern = pattern.replace("one-?off", "(?:one-off|oneoff)")
    branches = P.parse(pattern, 0)[0][1][1]
    assert len(branches) == 7
    pauses, sequels = ro.OVERRIDE_PAUSES
    for branch in branches:
        assert _held(branch, ro.OVERRIDE_HINTS + tuple(tokens)) or (_held(branch, pauses) and _held(branch, sequels))
    # the words of round 10 to 18 were phrases with a space: the pattern reads any run of spaces there
    old = ("all the same", "scratch that", "hang on", "hold on", "my mistake", "even so", "wait")
    assert not all(_held(b, old) for b in branches)


def test_a_denial_taken_back_whatever_the_spaces():
    assert denial("I can't refund it.") is not None
    assert denial("I can't refund it. Scratch  that: I can refund it.") is None
    assert denial("I can't refund it. Scratch that: I can refund it.") is None
    assert denial("I can't refund it, but I'll refund it all\tthe  same.") is None
    assert denial("I can't refund it, but I'll refund it even\u00a0so.") is None
    assert denial("I can't refund it, but I'll refund it as a one-off.") is None
    assert denial("I can't refund it, even if it is one of your dishes.") is not None


def test_the_consent_request_words_hold_light_not_green():
    assert "light" in cq._REQUEST_WORDS and "green" not in cq._REQUEST_WORDS
    assert every_match_holds(cq._CONSENT_REQUEST, cq._REQUEST_WORDS)
    assert cq.consent_request("Do I have your green light to refund it?") or cq._found(
        cq._CONSENT_REQUEST, cq._CONSENT_REQUEST_LOW, "Say the word and you have the green light.", cq._REQUEST_HINT)


def _turned_away(text: str, words) -> bool:
    return not rm._may_hold(text, words)


WORDS = st.sampled_from(sorted({w for _, ws in GATED for w in ws} | set(ro.OVERRIDE_HINTS) | {
    "yes", "please", "go", "ahead", "No", "NO", "no,", "hold on", "Hang  on", "I", "can't", "refund", "it", "but", "I'll", "cancel",
    "anyway", "Scratch", "that:", "wait", "in fact", "after all", "still", ".", ",", "?", "!", "\u017fure", "o\u212a", "\u017ftop",
    "N\u00f8", "nah", "even so", "even\tso", "all the  same", "this one time", "one", "time", "even", "if", "oneoff", "as if", "/s", "yeah right", "the", "green", "curry", "sorry", "for", "the", "wait.", "\t", "  ", "\u00a0",
    "\u2019", "don\u2019t", "DON'T", "Never", "mind", "i'd", "rather", "not", "one-off", "favour", "goodwill", "gesture"}))
TEXTS = st.lists(WORDS, max_size=14).map(" ".join)


@prop_settings(3000)
@given(TEXTS)
def test_a_text_a_gate_turns_away_the_pattern_finds_nothing_in(text):
    for pattern, words in GATED:
        if _turned_away(text, words):
            assert pattern.search(text) is None, (pattern.pattern[:40], text)
    low = text.lower()
    if not ro.may_override(low):
        assert ro.OVERRIDE.search(low) is None


@lru_cache(maxsize=1)
def _generated_texts():
    from tests.reward.reading.generated.suite import generate

    texts = [case.text for case in generate("food_delivery", seed=19, scale=0.1)]
    if importlib.util.find_spec("tau2") is not None:  # the tau2 extra's texts too, where it is installed (CI job 2)
        texts += [case.text for case in generate("tau2", seed=19, scale=0.1, readers=("replies", "refusals"))]
    return texts


def test_on_the_generators_texts_a_gate_turned_away_no_match():
    texts = _generated_texts()
    assert len(texts) > 1000
    turned = 0
    for text in texts:
        pieces = [text] + re.split(r"(?<=[.!?,;])\s+", text)  # the readers search clauses and sentences too
        for piece in pieces:
            for pattern, words in GATED:
                if _turned_away(piece, words):
                    turned += 1
                    assert pattern.search(piece) is None, (pattern.pattern[:40], piece)
            low = piece.lower()
            if not ro.may_override(low):
                assert ro.OVERRIDE.search(low) is None, piece
    assert turned > 1000  # the gates turn most away
    assert K.BRANCH  # (the parser's constants are the ones words_held reads)
