"""Small words of time the money readers share (SPEC §10 statements; ``money_claims`` and ``refund_timings``):

- ``count_in``: a small count in digits or in the words of a table ("3", "three");
- ``elapsed``: a time gone by, not a wait for money (round 16, round 15's gap): "booked more than a day ago",
  "more than a day before today", "booked within the last 24 hours" say the booking's age, never when a refund
  arrives, even in a sentence about a refund ("... so I can't cancel or refund it").
"""

from __future__ import annotations

import re
from typing import Dict, Optional

__all__ = ["count_in", "elapsed"]


def count_in(word: str, words: Dict[str, int]) -> Optional[float]:
    """``word`` as a count: its digits, or its value in ``words`` (case and spacing aside), else None."""
    w = " ".join(word.lower().split())
    return float(w) if w.isdigit() else (float(words[w]) if w in words else None)


# after the time: "ago", "old", "before today", "since booking" ("more than a day before today")
_AGO = re.compile(r"(?i)[ \t]{0,3}(?:\)[ \t]{0,2})?(?:ago|old|before[ \t]{1,3}(?:today|now|then|that)|since[ \t]{1,3}(?:booking|"
                  r"you[ \t]{1,3}booked|it[ \t]{1,3}was[ \t]{1,3}booked|purchase))\b")
# before it: a booking's verb ("booked within the last 24 hours"), or "before" for a day ("a day before today")
_BOOKED = re.compile(r"(?i)\b(?:booked|booking[ \t]{1,3}was[ \t]{1,3}made|purchased|bought|reserved)\b[^.;!?\n]{0,24}$")
_BEFORE_DAY = re.compile(r"(?i)\b(?:before|prior[ \t]to|as[ \t]of)[ \t]{1,3}(?:today|tonight|tomorrow)$")


def elapsed(text: str, lo: int, start: int, end: int) -> bool:
    """Whether the time ``text[start:end]`` (in a sentence or clause from ``lo``) is one gone by."""
    return (_AGO.match(text, end) is not None or _BOOKED.search(text, max(lo, start - 48), start) is not None
            or _BEFORE_DAY.search(text, max(lo, start - 16), end) is not None)
