"""A sentence pattern that takes a run of the characters that end nothing at once finds the same
sentences as the pattern it replaced (one such character a turn): its "+" is greedy and what
follows it ("[.!?;]*") always matches, so neither gives anything back (reply_clauses._SENTENCE)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import reply_clauses as rc
from tests.prop_strategies import prop_settings

# the pattern as it was written before: one character that ends nothing a turn
ONE_A_TURN = re.compile(rf"(?:[^.!?;\n]|\.(?=\d)|{rc._TITLE})+[.!?;]*")

PIECES = st.sampled_from([
    "Mr.", "Ms.", "Dr.", "MRS.", "prof.", "St.", "miss.", "Mx.", "jr.", "sr.", "Smr.", "mr.x", " Okafor", "Do you mind",
    "?", "!", ".", ";", "...", "?!", "\n", " ", "\t", "\u00a0", "$16.90", "1.5", "3.", ".5", "FD-10045", "refund it",
    "é", "ſ", "K", "İ", "\r", ",", "yes", "no", "  ", "a", "1",
])
TEXTS = st.lists(PIECES, max_size=20).map("".join)


@prop_settings(3000)
@given(TEXTS)
def test_the_sentences_are_those_read_one_character_a_turn(text):
    assert [m.span() for m in rc._SENTENCE.finditer(text)] == [m.span() for m in ONE_A_TURN.finditer(text)]


def test_a_title_a_number_and_the_ends():
    text = "Do you mind, Ms. Okafor? It's $16.90. Refund it; ok\nyes!! no"
    assert rc.sentences(text) == ["Do you mind, Ms. Okafor?", " It's $16.90.", " Refund it;", " ok", "yes!!", " no"]


# consent_sentences cuts an agent's message right after each sentence's end found by a scan for
# the ending character (_ENDING) instead of splitting it at SENTENCE_END's empty places
@prop_settings(3000)
@given(TEXTS)
def test_the_consent_readers_sentences_are_the_empty_places_split(text):
    from tau_shaped.reward.reading import consent_sentences as cq
    assert cq.sentences(text) == cq.SENTENCE_END.split(text)


def test_a_title_a_number_and_a_last_end_cut_as_before():
    from tau_shaped.reward.reading import consent_sentences as cq
    text = "Shall I go ahead, Ms. Okafor? It's $16.90.\nOK!"
    assert cq.sentences(text) == cq.SENTENCE_END.split(text) == ["Shall I go ahead, Ms. Okafor?", " It's $16.90.", "\n", "OK!", ""]
