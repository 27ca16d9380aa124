"""Clock times said in other forms than "19:05" or "7:05 pm" (SPEC §10 statements; read by
``statements.stated_times``): in words the normalizer left ("a quarter past 7", "20 to 8", "half
past 7"), with a dot and a 12-hour suffix ("7.15 pm"), a 24-hour "19h15", and (round 9) a
24-hour time with a dot ("19.15", not after money: "a refund of 19.15") or in four figures ("at
1915", "1915 hrs"). Either half of the day when no suffix says which; a time in words, a dotted
24-hour time or four figures after "at"/"by" only in a sentence about an arrival (or before a
word of the clock): "priced at 19.15", "at 1204 Burnside St" are no times.

- ``clock(hour, minute, suffix)``: minutes since midnight of a 12-hour time, or None.
- ``suffix(tag)``: the pattern of a 12-hour suffix.
- ``sentence_around(text, at)``: the sentence holding ``at`` (at most 400 characters each side).
- ``word_times(text)``: the times above, as ``Stated``.

Every pattern is linear on untrusted text (bounded or single quantifiers).
"""

from __future__ import annotations

import re
from typing import List, Optional

from tau_shaped.reward.reading.amounts import SMALL_WORDS
from tau_shaped.reward.reading.arrival_waits import ARRIVAL as _ARRIVAL, SENTENCE_END as _SENTENCE_END
from tau_shaped.reward.reading.typed import Stated

__all__ = ["clock", "suffix", "sentence_around", "word_times"]


def suffix(tag: str) -> str:
    """A 12-hour suffix (group ``<tag>s``), not the start of a word ("5 amazing")."""
    return rf"[ \t\u00a0\u202f]?(?P<{tag}s>(?i:am|pm|a\.m\.|p\.m\.|noon|midnight))(?![A-Za-z0-9])"


def clock(hour: int, minute: int, suffix: Optional[str]) -> Optional[float]:
    """Minutes since midnight of a 12-hour time, or None when the suffix does not fit."""
    s = (suffix or "").lower().replace(".", "")
    if s == "noon" and hour == 12:
        return float(720 + minute)
    if s == "midnight" and hour in (0, 12):
        return float(minute)
    if s in ("am", "pm") and 1 <= hour <= 12:
        return float((hour % 12 + (12 if s == "pm" else 0)) * 60 + minute)
    return None


# A clock time in words the normalizer left ("a quarter past 7", "20 to 8", "half past 7"), a time
# with a dot and a 12-hour suffix ("7.15 pm") and a 24-hour "19h15": either half of the day when no
# suffix says which, read in a sentence about an arrival or before a word of the clock.
_WORD_CLOCK = re.compile(
    r"(?<![0-9:.,$])\b(?:(?P<past>(?:a[ \t]{1,3})?quarter|half|[1-5]?[0-9](?:[ \t]{1,3}minutes?)?"
    r"|(?:a|one|two|three|four|five|six|seven|eight|nine)[ \t]{1,3}minutes?)[ \t]{1,3}(?:past|after)"
    r"|(?P<to>(?:a[ \t]{1,3})?quarter|[1-2]?[0-9](?:[ \t]{1,3}minutes?)?"
    r"|(?:a|one|two|three|four|five|six|seven|eight|nine)[ \t]{1,3}minutes?)[ \t]{1,3}to"
    r"|(?P<bhalf>half))"  # round 12: British "half six" (6:30)
    r"[ \t]{1,3}(?P<wh>1[0-2]|0?[1-9])(?![0-9:.,]?[0-9])"
    r"(?P<clock>[ \t]{0,3}(?:o['’]clock|tonight|this (?:evening|morning|afternoon)|at the latest)\b)?"
    r"(?=[ \t]*(?:[.,!?;)\n]|$|o['’]clock|tonight|this|at the latest|or so|latest|pm|am|p\.m\.|a\.m\."
    r"|(?:and|to|or|until|till|-|\u2013)[ \t]|[\u2190-\u2bff\U0001f000-\U0001faff]))",  # round 10: "by a quarter to 7 🛵"
    re.IGNORECASE,
)
_SUFFIX_WORDS = ("am", "pm", "a.m.", "p.m.", "noon", "midnight")  # what ``suffix`` reads, lower-cased
_DOT_CLOCK = re.compile(r"(?<![0-9.,$])(?P<dh>1[0-2]|0?[1-9])\.(?P<dm>[0-5][0-9])" + suffix("d"))
_H_CLOCK = re.compile(r"(?<![0-9A-Za-z])(?P<hh24>[01]?[0-9]|2[0-3])[hH](?P<hm24>[0-5][0-9])(?![0-9A-Za-z])")
# What every match of ``_WORD_CLOCK`` holds, with the same case folding ("past 7", "to 8"): without it
# that pattern (slow to fail) is not run; an ASCII text is searched in lower case by its case-sensitive twin
# (no capital in it: the same places, found without comparing each letter in both cases)
_WORD_CLOCK_HINT = re.compile(r"(?:past|after|to|half)[ \t]{1,3}[0-9]", re.IGNORECASE)
_WORD_CLOCK_HINT_LOW = re.compile(_WORD_CLOCK_HINT.pattern)
# A 24-hour time with a dot ("19.15": 13-23 only, a 7.15 with no suffix is no time) in a sentence about an arrival, not
# after money ("a refund of 19.15"); or in four figures after a word of time ("at 1915", in a sentence about an arrival,
# before the clause's end or a word of the clock) or before "hrs" ("1915 hrs")
_DOT24 = re.compile(r"(?<![0-9.,:$€£¥])(?P<dh>1[3-9]|2[0-3])\.(?P<dm>[0-5][0-9])(?![0-9]|[.,:][0-9]|[ \t]?[$€£]"
                    r"|[ \t]?(?i:dollars?|bucks?|usd|eur|euros?|cents?)\b)"
                    r"|(?i:\b(?:at|by|around|about|before|until|till|for|from)[ \t]{1,3})(?P<fh>[01][0-9]|2[0-3])(?P<fm>[0-5][0-9])"
                    r"(?![0-9]|[.,:][0-9])(?=[ \t]*(?:[.,!?;)\n]|$|(?i:hrs\b|hours\b|h\b|tonight|local|at[ \t]the[ \t]latest|or[ \t]so|sharp)))"
                    r"|(?<![0-9.,:$])(?P<hh>[01][0-9]|2[0-3])(?P<hm>[0-5][0-9])[ \t]?(?i:hrs|hours)\b")
# What every match of ``_DOT24`` holds: an hour 13-23 then a point and minutes, with none of its look-behind's characters
# before ("19.15"), or four digits with no digit after and none of them before ("at 1915", "1915 hrs"); each alternative
# opens with a digit (its look-behind after it), so a text is skipped digit to digit: ``_DOT24`` (tried at every place,
# slow to fail) runs only on a text that holds it
_DOT24_HINT = re.compile(r"[12](?<![0-9.,:$€£¥][12])[0-9]\.[0-5][0-9]|[0-2](?<![0-9.,:$][0-2])[0-9][0-5][0-9](?![0-9])")
_H_CLOCK_HINT = re.compile(r"[0-9][hH][0-9]")  # in every match of ``_H_CLOCK`` ("19h15")
_MONEY_BEFORE = re.compile(r"(?i)(?:refund|credit|charge|total|price|priced|cost|costs|fee|paid|amount|balance|of|usd|us)"
                           r"(?:[ \t]{1,2}(?:is|was|of|will[ \t]be|comes[ \t]to|came[ \t]to))?[ \t:=\"'*_`]{0,4}$")


def _minutes_of(word: str) -> int:
    w = " ".join(word.lower().replace("minutes", "").replace("minute", "").split())
    return {"quarter": 15, "a quarter": 15, "half": 30, **SMALL_WORDS}.get(w, int(w) if w.isdigit() else -1)


def word_times(text: str) -> List[Stated]:
    found: List[Stated] = []
    low = text.lower() if text.isascii() else None  # (each pattern below is run only on a text that holds what it finds)
    for m in _WORD_CLOCK.finditer(text) if (_WORD_CLOCK_HINT.search(text) if low is None else _WORD_CLOCK_HINT_LOW.search(low)) else ():
        after = text[m.end():m.end() + 6].lower()
        suffix = next((x for x in ("pm", "p.m.", "am", "a.m.") if after.lstrip().startswith(x)), None)
        if not suffix and not m.group("clock") and not _ARRIVAL.search(sentence_around(text, m.start())):
            continue
        hour = int(m.group("wh"))
        minutes = 30 if m.group("bhalf") else _minutes_of(m.group("past") or m.group("to"))
        if minutes < 0 or minutes >= 60:
            continue
        if m.group("to"):
            hour, minutes = (hour - 1) or 12, 60 - minutes
        if suffix:
            value = clock(hour, minutes, suffix)
            if value is not None:
                found.append(Stated("time", value, m.group(0), m.start(), m.end()))
            continue
        value, other = float(hour % 24 * 60 + minutes), float((hour + 12) % 24 * 60 + minutes)
        found.append(Stated("time", value, m.group(0), m.start(), m.end(), other))
    # every match of ``_DOT_CLOCK`` holds its 12-hour suffix: an ASCII text lower-cased holds it as the pattern finds it
    suffixed = low is None or any(w in low for w in _SUFFIX_WORDS)
    for m in _DOT_CLOCK.finditer(text) if suffixed else ():
        value = clock(int(m.group("dh")), int(m.group("dm")), m.group("ds"))
        if value is not None:
            found.append(Stated("time", value, m.group(0), m.start(), m.end()))
    for m in _DOT24.finditer(text) if _DOT24_HINT.search(text) else ():
        if m.group("hh") is None and not _ARRIVAL.search(sentence_around(text, m.start())):
            continue
        if m.group("dh") and _MONEY_BEFORE.search(text, max(0, m.start() - 28), m.start()):
            continue  # "a refund of 19.15": money
        h, mm = (m.group("dh"), m.group("dm")) if m.group("dh") else (m.group("fh"), m.group("fm")) if m.group("fh") else (
            m.group("hh"), m.group("hm"))
        at = m.start("dh") if m.group("dh") else m.start("fh") if m.group("fh") else m.start()
        found.append(Stated("time", float(int(h) * 60 + int(mm)), text[at:m.end()], at, m.end()))
    for m in _H_CLOCK.finditer(text) if _H_CLOCK_HINT.search(text) else ():
        found.append(Stated("time", float(int(m.group("hh24")) * 60 + int(m.group("hm24"))), m.group(0), m.start(), m.end()))
    return found


def sentence_around(text: str, at: int) -> str:
    starts = [e.end() for e in _SENTENCE_END.finditer(text, max(0, at - 400), at)]
    end = _SENTENCE_END.search(text, at, min(len(text), at + 400))
    return text[starts[-1] if starts else max(0, at - 400):end.start() if end else min(len(text), at + 400)]


