"""An amount said as an approximation or a near bound (issue 41, round 16, style AM; SPEC §10 statements: an
assertion is compared with what backs it): "about $45", "roughly $23,500", "~$16.90", "a bit over $23,500",
"just shy of $23,600", "between $23,500 and $23,600" state a value near the one a tool backs, not another value.
``said_near(text, start, end)`` gives the test a backed value must pass for the amount ``text[start:end]`` to be
supported, or None when the amount is said plainly:

- an approximation: within 5% of the amount said;
- a near bound ("a bit over", "just over", "slightly more than"; "just under", "nearly", "almost", "just shy
  of", "a little less than"): on its side of the amount, within 10% of it;
- a range ("between $X and $Y", "$X to $Y"): inside it.

An open bound ("over $20,000", "up to $500", "at least $10") says too little of the value to be backed by it:
it is left to the rule's plain reading (an amount no tool gives).
"""

from __future__ import annotations

import re
from typing import Callable, Optional

__all__ = ["said_near"]

_APPROX = re.compile(r"(?i)(?:~|\b(?:about|around|roughly|approximately|approx\.?|circa|ca\.|some|give[ \t]or[ \t]take|in[ \t]the"
                     r"[ \t]region[ \t]of|more[ \t]or[ \t]less|just[ \t]about|round[ \t]about))[ \t]{0,3}$")
_A_BIT_OVER = re.compile(r"(?i)\b(?:a[ \t](?:bit|little|touch)[ \t](?:over|more[ \t]than|above)|just[ \t](?:over|above)"
                         r"|slightly[ \t](?:over|more[ \t]than|above))[ \t]{0,3}$")
_A_BIT_UNDER = re.compile(r"(?i)\b(?:a[ \t](?:bit|little|touch)[ \t](?:under|less[ \t]than|below)|just[ \t](?:under|below)"
                          r"|slightly[ \t](?:under|less[ \t]than|below)|nearly|almost|just[ \t]shy[ \t]of|shy[ \t]of)[ \t]{0,3}$")
_BETWEEN = re.compile(r"(?i)\bbetween[ \t]{1,3}$")
_RANGE_END = re.compile(r"(?i)[ \t]{0,3}(?:and|to|-|\u2013)[ \t]{0,3}(?:us)?\$[ \t]?(?P<v>[0-9][0-9,]*(?:\.[0-9]{1,2})?)")
_RANGE_START = re.compile(r"(?i)\bbetween[ \t]{1,3}(?:us)?\$[ \t]?(?P<v>[0-9][0-9,]*(?:\.[0-9]{1,2})?)[ \t]{0,3}(?:and|to|-|\u2013)[ \t]{0,3}$")
_VALUE = re.compile(r"[0-9][0-9,]*(?:\.[0-9]{1,2})?")


def _number(words: str) -> Optional[float]:
    m = _VALUE.search(words)
    return float(m.group(0).replace(",", "")) if m else None


def said_near(text: str, start: int, end: int) -> Optional[Callable[[float], bool]]:
    """The test a backed value passes for the amount at ``text[start:end]``, said near it; None: said plainly."""
    x = _number(text[start:end])
    if x is None or x <= 0:
        return None
    before = text[max(0, start - 40):start]
    if _APPROX.search(before):
        return lambda v: abs(v - x) <= 0.05 * x
    if _A_BIT_OVER.search(before):
        return lambda v: x <= v <= 1.1 * x
    if _A_BIT_UNDER.search(before):
        return lambda v: 0.9 * x <= v <= x
    if _BETWEEN.search(before):
        up = _RANGE_END.match(text, end)
        hi = float(up.group("v").replace(",", "")) if up else None
        return (lambda v: x <= v <= hi) if hi is not None and hi > x else None
    low = _RANGE_START.search(text[max(0, start - 60):start])
    if low is not None:
        lo = float(low.group("v").replace(",", ""))
        return (lambda v: lo <= v <= x) if lo < x else None
    return None
