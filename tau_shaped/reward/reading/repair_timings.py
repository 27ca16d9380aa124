"""A time taken back for another time (SPEC §10, self-repair; round 18).

A repair that opens with a time phrase ("in 3-5 business days", "within 24 hours") replaces the time said right before
the marker, and only it: "back on your wallet instantly -- typo: in 3-5 business days" takes back "instantly" (the
wallet is still where the money goes); "to your card (approx. 3-5 bus. days)... no wait, in 24-48 hours" takes back
"approx. 3-5 bus. days". ``time_taken_back(before, repair)``: where in ``before`` (the words before the marker) the
time taken back starts, or None when the repair opens with no time phrase or ``before`` ends with no time.
"""

from __future__ import annotations

import re
from typing import Optional

__all__ = ["time_taken_back"]

_HEDGE = r"(?:(?:about|around|roughly|approximately|approx\.?|~)[ \t]*)?"
_COUNT = r"(?:\d+(?:\.\d+)?(?:[ \t]*(?:-|\u2013|to|and)[ \t]*\d+(?:\.\d+)?)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|a[ \t]+few|a[ \t]+couple[ \t]+of)"
_UNIT = r"(?:(?:bus\.?|business|working|calendar)[ \t]+)?(?:days?|hours?|hrs?|minutes?|mins?|weeks?)(?!\w|['\u2019]\w)"
# the repair opens with a time: a count and a unit, after a preposition of time or not ("in 3-5 business days", "within
# ~24 hrs", "(approx. 3-5 bus. days)"; round 19: "in between 3 and 5 working days"; before it, texting's "2nite")
_TIME_HEAD = re.compile(r"[(\[`*_ \t]*(?P<prep>(?:in|within|after|over|under)[ \t]+(?:between[ \t]+)?|between[ \t]+)?" + _HEDGE + _COUNT + r"[ \t]*" + _UNIT, re.IGNORECASE)
# what ``before`` ends with: a time said as a word ("instantly", "right away", "today") or as a duration, in brackets or not
_ADVERB = (r"(?:instantly|immediately|right[ \t]+away|straight[ \t]+away|at[ \t]+once|right[ \t]+now|now|today"
           r"|tonight|tomorrow|same[ \t-]day|shortly|momentarily|2nite|2night|2day|2morrow|tmrw?|asap|in[ \t]+a[ \t]+(?:moment|sec(?:ond)?|minute|jiffy|flash))")
_ADVERB_END = re.compile(r"(?<![\w'])" + _ADVERB + r"[ \t]*[.)]?[ \t]*$", re.IGNORECASE)
# round 19: the repair opens with such a word and takes back a duration said with its preposition ("in 3-5 business days...
# no wait, instantly")
_ADVERB_HEAD = re.compile(r"[(\[`*_ \t]*" + _ADVERB + r"(?![\w'])", re.IGNORECASE)
_DURATION_END = re.compile(r"(?<![\w'])(?:(?:in|within|after|over|under)[ \t]+)?" + _HEDGE + _COUNT + r"[ \t]*" + _UNIT
                           + r"[ \t]*[.)]?[ \t]*$", re.IGNORECASE)


# a day said for a day ("delivered three days ago, I mean on Thursday", "yesterday -- sorry, on Monday")
_DAY = (r"(?:(?:on|last|this)[ \t]+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today|tonight|the[ \t]+day[ \t]+before[ \t]+yesterday"
        r"|(?:\d{1,2}|an?|one|two|three|four|five|six|a[ \t]+couple[ \t]+of|a[ \t]+few)[ \t]+(?:days?|weeks?)[ \t]+ago|last[ \t]+(?:night|week)")
_DAY_HEAD = re.compile(r"[(\[`*_ \t]*(?:" + _DAY + r")(?![\w'])", re.IGNORECASE)
_DAY_END = re.compile(r"(?<![\w'])(?:" + _DAY + r")[ \t]*[.)]?[ \t]*$", re.IGNORECASE)


def time_taken_back(before: str, repair: str) -> Optional[int]:
    """Where the time ``repair`` replaces starts in ``before``, or None (see the module docstring)."""
    if _DAY_HEAD.match(repair):  # a day for a day ("two days ago" is a day, not a wait)
        day = _DAY_END.search(before[-80:])
        return None if day is None else len(before) - len(before[-80:]) + day.start()
    head = _TIME_HEAD.match(repair)
    tail = before[-80:]  # a duration taken back only for one with its preposition (a bare "about 28 minutes" is a number's)
    if head is None:
        if _ADVERB_HEAD.match(repair) is None:
            return None
        found = _ADVERB_END.search(tail) or _DURATION_END.search(tail)
        return None if found is None or found.group(0).lstrip()[:1].isdigit() else len(before) - len(tail) + found.start()
    found = _ADVERB_END.search(tail) or (_DURATION_END.search(tail) if head.group("prep") else None)
    if found is None and head.group(0).lstrip()[:1] in "([":  # round 20: a bracketed time for a bracketed time, brackets and all
        found = _BRACKETED_END.search(tail)  # ("(approx. 24 hrs) -- sorry: (approx. 3-5 bus. days)")
    return None if found is None else len(before) - len(tail) + found.start()


_BRACKETED_END = re.compile(r"[(\[][ \t]*" + _HEDGE + _COUNT + r"[ \t]*" + _UNIT + r"[ \t]*[)\]][ \t]*[.,]?[ \t]*$", re.IGNORECASE)
