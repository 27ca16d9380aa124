"""One look at a message, shared by the readers that first ask whether it could hold what they
read at all (issue 41, speed): the message lower-cased and whether it holds an ASCII digit,
worked out once per text (kept, bounded: a task's rollouts repeat their messages, and several
checks read each one) instead of once per reader, per rule and per rollout.

A reader may skip its reading on a look only where the look PROVES it would find nothing: a
pattern that needs ``[0-9]`` finds nothing in a text with no ASCII digit; a lower-cased ASCII
word found in a piece of the text lower-cased is in the whole text lower-cased (``str.lower``
maps each character alone, but for a capital sigma, whose two lower forms are not ASCII), so a
text whose ``low`` holds none of a reader's ASCII words holds none in any sentence of it. The
property tests (``tests/reward/reading/test_message_looks.py``) compare each reader with and
without its look on generated texts.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, NamedTuple

__all__ = ["Look", "look", "holds_any"]

_KEPT_TEXT = 2048  # a text up to this long has its look kept (bounded); a longer one is looked at afresh
_ASCII_DIGIT = re.compile(r"[0-9]")


class Look(NamedTuple):
    low: str  # the text lower-cased (``str.lower``)
    digit: bool  # whether it holds an ASCII digit (what ``[0-9]`` and ``\d`` in ASCII need)


def look(text: str) -> Look:
    """The look at ``text``: kept for a short text."""
    return _kept(text) if len(text) <= _KEPT_TEXT else _look(text)


def _look(text: str) -> Look:
    return Look(text.lower(), _ASCII_DIGIT.search(text) is not None)


_kept = lru_cache(maxsize=4096)(_look)


def holds_any(low: str, words: Iterable[str]) -> bool:
    """Whether the lower-cased text ``low`` holds any of ``words`` (each lower-cased ASCII)."""
    return any(w in low for w in words)
