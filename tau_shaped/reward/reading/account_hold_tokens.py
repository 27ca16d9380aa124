"""The words, clauses and sentences of an agent's message as the fraud flag's reader reads them (SPEC §10,
"Do not mention the flag"; ``account_holds`` reads the states in them).

A text is cut into sentences (a sentence ends at ``. ! ? ;`` before a space, or at a line break), a sentence into
clauses (a conjunction opens one) and a clause into words, each read as a word of ``account_hold_words``' lexicon:
digits and signs read as letters, a word spelt letter by letter or cut by hyphens, dots or underscores joined, two
pieces of a word joined, a long word read through one slip of typing."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Tuple

from tau_shaped.reward.reading import account_hold_words as W

__all__ = ["Word", "words", "clauses", "sentences", "LEXICON", "STATE_SLIPS", "STATE_SWAPS"]

_WORD = re.compile(r"(?:[a-z0-9@$]|(?<=[a-z0-9])[!|](?=[a-z0-9]))+(?:['\u2019][a-z]+)?"
                   r"(?:[-._*](?:[a-z0-9@$]|(?<=[a-z0-9])[!|](?=[a-z0-9]))+(?:['\u2019][a-z]+)?)*")
# a leader's dots ("Status ..... FROZEN") end none; a question or exclamation quoted inside a sentence, its mark right before the
# closing quote and the sentence going on ('You asked "is my account ok?" -- yes, there's a hold on it'), ends none (round 12)
_END = re.compile(r"(?:[!?;]+(?![\"'\u201d\u2019][ \t]*(?:[-\u2013\u2014,]|[a-z]))|(?<!\.)\.(?!\.))(?=[\s\"')\]*_]|$)|\n")
_PIECE = re.compile(r"[-._*]")
_AS_I = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "9": "g", "@": "a", "$": "s",
                       "!": "i", "|": "l"})
_AS_L = str.maketrans({"1": "l"})
_HAS_LETTER = re.compile(r"[a-z]")
_STANDS_IN = re.compile(r"[0134579@$!|]")

_LEXICON = (W.HOLDERS | W.RECORDS | W.MONEY | W.STATES | W.SOFT_STATES | W.PERMITS | W.OTHERS
            | frozenset(word for phrase in W.STATE_PHRASES for word in phrase))
_HOLDER_SLIPS = W.slip_table(W.HOLDERS | W.MONEY)
_STATE_SLIPS = W.slip_table(W.STATES | W.SOFT_STATES, W.STATE_FUZZY_MIN)
_STATE_SWAPS = W.swap_table(W.STATES - W.SOFT_STATES)  # "frozne", "lcoked": a short state's swapped letters

class _Word:
    __slots__ = ("word", "start", "end", "owner")

    def __init__(self, word: str, start: int, end: int, owner: bool = False) -> None:
        self.word, self.start, self.end, self.owner = word, start, end, owner


def _letters(raw: str) -> List[str]:
    """``raw`` as letters: itself, else with digits and signs read as letters (1 as i, then as l)."""
    if not (_STANDS_IN.search(raw) and _HAS_LETTER.search(raw)):
        return [raw]
    as_i = raw.translate(_AS_I)
    return [as_i, raw.translate(_AS_L).translate(_AS_I)] if "1" in raw else [as_i]


@lru_cache(maxsize=8192)
def _known(raw: str) -> str:
    """The lexicon word ``raw`` reads as, or ``raw`` lower-cased with its digits read."""
    forms = _letters(raw)
    for form in forms:
        if form in _LEXICON:
            return form
    for form in forms:
        hit = W.slipped(form, _HOLDER_SLIPS) or W.slipped(form, _STATE_SLIPS) or _STATE_SWAPS.get(form, "") or W.bare_state(form)
        if hit:
            return hit
    return forms[0]


def _words(text: str) -> List[_Word]:
    out: List[_Word] = []
    for match in _WORD.finditer(text):
        raw = match.group(0)
        start = match.start()
        if raw.isalpha():
            if raw not in W.FILLERS:  # a spoken filler is no word: "your account is uh on hold"
                out.append(_Word(_known(raw), start, match.end()))
            continue
        raw = raw.replace("\u2019", "'")
        owner = raw.endswith("'s")
        if owner:
            raw = raw[:-2]
        pieces = _PIECE.split(raw)
        joined = "".join(pieces)
        if len(pieces) > 1 and (all(len(p) == 1 for p in pieces) or _known(joined) in _LEXICON):
            out.append(_Word(_known(joined), start, match.end(), owner))
            continue
        at = start
        for piece in pieces:
            if piece:
                out.append(_Word(_known(piece), at, at + len(piece), owner and piece is pieces[-1]))
            at += len(piece) + 1
    # two pieces of one word ("rest ricted"), each alone no word of the lexicon
    merged: List[_Word] = []
    for word in out:
        last = merged[-1] if merged else None
        if (last is not None and last.end + 1 == word.start and last.word + word.word in _LEXICON
                and last.word not in _LEXICON and word.word not in _LEXICON):
            merged[-1] = _Word(last.word + word.word, last.start, word.end, word.owner)
        else:
            merged.append(word)
    return merged


def _clauses(words: List[_Word]) -> List[List[_Word]]:
    out: List[List[_Word]] = [[]]
    for word in words:
        if word.word in W.CONJUNCTIONS and out[-1]:
            out.append([])
        else:
            out[-1].append(word)
    return [clause for clause in out if clause]



def _sentences(text: str) -> List[Tuple[int, int]]:
    spans, at = [], 0
    for match in _END.finditer(text):
        if match.start() > at:
            spans.append((at, match.start()))
        at = match.end()
    if at < len(text):
        spans.append((at, len(text)))
    return spans



Word, words, clauses, sentences = _Word, _words, _clauses, _sentences
LEXICON, STATE_SLIPS, STATE_SWAPS = _LEXICON, _STATE_SLIPS, _STATE_SWAPS
