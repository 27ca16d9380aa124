"""A case-blind alternation asked only whether it finds something, read branch by branch (round 20, speed; used by
``consent_questions`` for its question of consent, a pattern of 13 kB that Python's ``re`` takes 17 ms to compile).

``HintedBranches(whole, branches, hints).found(plain)`` is ``whole.search(plain) is not None``, where ``whole`` is
the branches joined into one alternation (``consent_questions._at_a_word_start``) and compiled case-blind: for an ASCII
sentence, each branch is searched alone, in its order, in the sentence in lower case (each is compiled case-sensitive,
on its first search: its letters are lower case, as the whole's case-sensitive twin's are), and only where the sentence
holds one of the branch's ``hints``, words every match of the branch holds. An alternation finds something iff one of
its branches does, and a branch whose words are not in the sentence finds nothing there: the same answer, while a
batch compiles only the branches its sentences ask for. A sentence beyond ASCII (an em dash, an emoji) is searched
branch by branch too, each branch compiled case-blind on its first search, with no hints (a case-blind "s" matches
"\u017f", which lower-casing keeps): compiled up to the first branch that finds something.
The hints are held by ``tests/reward/reading/test_consent_branches.py`` (each branch's matches hold one)."""

from __future__ import annotations

import re
from typing import Any, Sequence, Tuple

from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["HintedBranches", "QUESTION_HINTS"]

_FINE = ("ok", "right", "fine", "acceptable", "agreeable", "good", "correct")  # okay, alright, all right: "ok", "right"
_YOU = ("you",)
# the words every match of each of ``consent_questions._QUESTION_BRANCHES`` holds, in its order, lower case, one word each
# (a branch's words stand apart by ``\s+``: a hint of two words could miss "ok  to")
QUESTION_HINTS: Tuple[Tuple[str, ...], ...] = (
    ("shall", "should", "may", "might", "can", "could", "must"),  # Shall I / May I / Can we ...
    ("why", "about", "what"),  # why not / why don't I / how about I / what if I
    ("like", "want", "prefer", "wish"),  # would you like / do you want ...
    ("mind", "bother", "object", "reason", "problem"),  # do you mind / any objection / any reason not to ...
    _FINE,  # is that OK?
    _FINE,  # is that OK if ...
    _FINE,  # is fine for you that I ...
    ("would",),  # would a refund ... work?
    ("would",),  # would a refund ... help?
    ("what",),  # is that what you'd like?
    ("work", "suit", "sound", "seem", "look"),  # does that work / sound good ...
    _YOU,  # do you agree ...
    _YOU,  # are you OK with ...
    _YOU,  # would you be agreeable ...
    ("have", "get", "got"),  # do I have your OK
    ("ok", "alright", "good", "fine", "ready", "happy"),  # OK to proceed?
    ("proceed", "ahead", "continue"),  # proceed? / go ahead?
    ("start", "begin"),  # shall I start?
    ("/",),  # yes/no
    ("shall", "should", "may"),  # shall this be done?
)


class HintedBranches:
    """``whole.search(plain) is not None`` read branch by branch (see the module)."""

    __slots__ = ("whole", "_branches", "_blind")

    def __init__(self, whole: Any, branches: Sequence[str], hints: Sequence[Tuple[str, ...]]) -> None:
        if len(branches) != len(hints) or not all(hints):
            raise ValueError("one tuple of hints, not empty, for each branch")
        if any(h != h.lower() or not h.isascii() or not h.strip() or " " in h for hs in hints for h in hs):
            raise ValueError("a hint is one word of ASCII in lower case")
        self.whole = whole
        self._branches = tuple((tuple(h), lazy(b)) for b, h in zip(branches, hints))
        self._blind = tuple(lazy(b, re.IGNORECASE) for b in branches)  # for a sentence beyond ASCII

    def found(self, plain: str) -> bool:
        if not plain.isascii():
            return any(pattern.search(plain) is not None for pattern in self._blind)
        lowered = plain.lower()
        for hints, pattern in self._branches:
            for hint in hints:
                if hint in lowered:
                    if pattern.search(lowered) is not None:
                        return True
                    break
        return False
