"""Whether every match of a regular expression holds one of some words (in any case): read from
the pattern's parsed form, branch by branch (a test helper for the readers' word prefilters). A
run of literal characters is read with the alternatives of literals inside it spelled out (the
parser writes "not|never" as "n" then "ot|ever")."""

from __future__ import annotations

from re import _constants as K
from re import _parser as P
from typing import Any, Iterable, Optional, Set

_MOST = 256  # spellings of one run read at most (more: the run is not read)


def every_match_holds(pattern: Any, words: Iterable[str]) -> bool:
    """Whether each match of ``pattern`` (compiled) holds one of ``words`` in a run of its
    literal characters, lower-cased."""
    return _held(P.parse(pattern.pattern, pattern.flags), tuple(w.lower() for w in words))


def _spellings(items: Any) -> Optional[Set[str]]:
    """Every text ``items`` match when they are literals and alternatives of literals alone, else None."""
    out = {""}
    for op, av in items:
        if op is K.LITERAL:
            out = {s + chr(av) for s in out}
        elif op is K.SUBPATTERN or op is K.BRANCH:
            inner: Set[str] = set()
            for alternative in ([av[3]] if op is K.SUBPATTERN else av[1]):
                found = _spellings(alternative)
                if found is None:
                    return None
                inner |= found
            out = {s + t for s in out for t in inner}
        else:
            return None
        if len(out) > _MOST:
            return None
    return out


def _held(items: Any, words: tuple) -> bool:
    run = {""}
    for op, av in list(items) + [(None, None)]:
        spelled = _spellings([(op, av)]) if op is not None else None
        if spelled is not None and len(run) * len(spelled) <= _MOST:
            run = {s + t for s in run for t in spelled}
            continue
        if run != {""} and all(any(w in s.lower() for w in words) for s in run):
            return True
        run = {""}
        if op is None:
            return False
        if spelled is not None and all(any(w in s.lower() for w in words) for s in spelled):
            return True
        if op is K.BRANCH and all(_held(branch, words) for branch in av[1]):
            return True
        if op is K.SUBPATTERN and _held(av[3], words):
            return True
        if op in (K.MAX_REPEAT, K.MIN_REPEAT) and av[0] >= 1 and _held(av[2], words):
            return True
    return False


def capital_letters(pattern: Any) -> Set[str]:
    """The capital letters among a compiled pattern's literals and sets (each range spelled out;
    not one a set holds with its lower case: "[A-Za-z]" is closed under case); a group that sets or
    clears a flag counts as one ("(?i:...)" would read case apart)."""
    out: Set[str] = set()
    _letters(P.parse(pattern.pattern, pattern.flags), out)
    return {c for c in out if c != c.lower()}


def _letters(items: Any, out: Set[str]) -> None:
    for op, av in items:
        if op is K.LITERAL:
            out.add(chr(av))
        elif op is K.IN:
            held: Set[str] = set()
            for kind, value in av:
                if kind is K.LITERAL:
                    held.add(chr(value))
                elif kind is K.RANGE:
                    held.update(chr(c) for c in range(value[0], value[1] + 1))
            # a capital whose lower case the set holds too ("[A-Za-z]", "[Kk]") reads a text in lower case
            # as the set under ignore-case reads it in any case (negated or not): it counts for nothing
            out.update(c for c in held if c.lower() not in held or c == c.lower())
        elif op is K.SUBPATTERN:
            if av[1] or av[2]:
                out.add("(?FLAG)")
            _letters(av[3], out)
        elif op is K.BRANCH:
            for branch in av[1]:
                _letters(branch, out)
        elif op in (K.MAX_REPEAT, K.MIN_REPEAT):
            _letters(av[2], out)
        elif op in (K.ASSERT, K.ASSERT_NOT):
            _letters(av[1], out)
