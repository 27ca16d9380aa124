"""A pattern asked only whether it matches, kept as the union of its parts, each compiled when it
is first reached.

A regular expression ``P1|P2|...`` (or ``X(?:P1|P2)Y`` written out as ``XP1Y|XP2Y``) has a match
in a text exactly when one of its parts has one: a match of the whole is a match of one part,
and a part's match is one the whole may take (the alternatives are tried in turn wherever the
others fail). So where a reader asks only *whether* a long alternation matches (never where, nor
what it holds), the parts may be searched in turn, the likeliest first, stopping at the first
found: the parts after it are then never compiled (Python's ``re`` compiles a pattern in Python,
a millisecond a kilobyte of alternatives). ``AnyOf(parts, flags)``: ``found(text)`` is
``re.search(whole, text, flags) is not None``; ``starts(text)`` is ``re.match(...) is not None``;
``pattern`` is the whole (``"(?:P1|P2|...)"``), for patterns built on it
(tests/reward/reading/test_pattern_unions.py checks both against the whole). With ``needs`` (one
tuple a part, empty for none), a part is a ``lazy_patterns.GatedPattern``: not compiled nor
searched in a text holding none of its words (each proved by tests/reward/reading/test_lazy_gates.py)."""

from __future__ import annotations

import re
from typing import Optional, Sequence, Tuple

from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["AnyOf", "FirstOf"]


class AnyOf:
    """Whether one of ``parts`` (each a pattern read with ``flags``) matches: the whole's answer."""

    __slots__ = ("pattern", "parts")

    def __init__(self, parts: Sequence[str], flags: int = 0, needs: Sequence[Sequence[str]] = ()) -> None:
        self.pattern = "(?:" + "|".join(parts) + ")"
        needs = tuple(needs) or ((),) * len(parts)
        assert len(needs) == len(parts)
        self.parts: Tuple = tuple(lazy(p, flags, needs=n) for p, n in zip(parts, needs))

    def found(self, text: str) -> bool:
        for part in self.parts:
            if part.search(text) is not None:
                return True
        return False

    def starts(self, text: str) -> bool:
        for part in self.parts:
            if part.match(text) is not None:
                return True
        return False


class FirstOf:
    """``re.compile("|".join(parts), flags)`` asked where it first matches, each part compiled (or,
    gated by ``needs`` as in ``AnyOf``, looked at) only for a text that may hold it. ``search(text,
    pos)`` is the whole's: the whole tries each start from ``pos`` on, and at a start each part in
    turn, taking the first that matches (what follows a part is the pattern's end, so a part tried
    there matches as it does alone, backtracking in the same order); that is the part whose own
    search starts earliest, the first of them on a tie. Only for parts that hold no group a caller
    reads by number, no back-reference and no inline flag (they would be counted across parts)."""

    __slots__ = ("pattern", "parts")

    def __init__(self, parts: Sequence[str], flags: int = 0, needs: Sequence[Sequence[str]] = ()) -> None:
        self.pattern = "|".join(parts)
        needs = tuple(needs) or ((),) * len(parts)
        assert len(needs) == len(parts)
        self.parts: Tuple = tuple(lazy(p, flags, needs=n) for p, n in zip(parts, needs))

    def search(self, text: str, pos: int = 0) -> Optional["re.Match[str]"]:
        best = None
        for part in self.parts:
            found = part.search(text, pos)
            if found is not None and (best is None or found.start() < best.start()):
                best = found
                if found.start() <= pos:
                    break  # no part starts earlier, and a later one loses a tie
        return best
