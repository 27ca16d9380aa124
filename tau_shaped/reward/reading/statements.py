"""Typed statements in an agent's free text: SPEC §5 (statements).

A verifier checks what the agent *states* as typed values, not substrings: "every amount or
time the agent states is one that the state, the customer or the policy supports", and "a
negated statement does not count as the statement". These pure functions find them:

- ``stated_amounts(text)``: money amounts with a currency marker, in any spelling ``amounts``
  reads: "$12.50", "12.50 dollars", "USD 12.50", "20 bucks", "50 cents" (0.5), "16 dollars and
  90 cents" (16.9), "-$3.00" (3.0: the sign is ignored, the snippet keeps it). Bare numbers
  are not amounts ("order 10005", "2 items", "5%", "15 minutes", "FD-10030", dates).
- ``stated_times(text)``: clock times as minutes since midnight: "19:05", "19:05:30", "7:05
  pm", "7:05PM", "7 p.m.", "7pm", "12:00 noon" (720), "12 midnight"/"12 am" (0), "12 pm"
  (720) and ISO datetimes "2026-03-13T19:40:00" / "2026-03-13 19:40" (1180; an offset or "Z"
  is part of the snippet, the time is read as written). A time needs hours 0-23 and two digits
  of minutes 00-59 ("3:2" is a score); an hour alone needs am/pm/noon/midnight ("15 minutes",
  "3-5 business days" are durations). A 13-23 hour with "pm" ("19:05 pm") is read as 24-hour.
  A 1:00-12:59 time with no am/pm ("7:08") keeps its other half of the day in ``other``
  (``Stated.readings``: 7:08 and 19:08); a leading zero ("07:08") writes the 24-hour clock.
- ``times_in_observation(text)``: the minutes of every ISO datetime and HH:MM time in a tool
  observation (JSON text); a bare "7 pm" is not read there.
- ``affirmed_phrase(text, phrase)``: the first case-insensitive whole-word occurrence of
  ``phrase`` that is not negated (``negation``), or None. Inner spaces and underscores of ``phrase`` match any
  run of whitespace or underscores; a phrase that names a status of ``STATUS_FORMS``
  ("out_for_delivery", "Out for delivery") matches any of its forms.

Every pattern is linear on untrusted text: bounded or single quantifiers only, and each
number or time may only start where no digit precedes it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.reward.reading.assertion_frames import framed
from tau_shaped.reward.reading.amounts import stated_amounts
from tau_shaped.reward.reading.arrival_waits import ARRIVAL as _ARRIVAL, relative_times
from tau_shaped.reward.reading.clock_words import clock as _clock, sentence_around as _sentence_around, suffix as _suffix
from tau_shaped.reward.reading.clock_words import word_times as _word_times
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.text_matching import _KEPT_TEXT
from tau_shaped.reward.reading.typed import Stated
from tau_shaped.reward.reading.value_corrections import taken_back

__all__ = [
    "Stated",
    "STATUS_FORMS",
    "stated_amounts",
    "stated_times",
    "times_in_observation",
    "affirmed_phrase",
    "states_street",
    "promises_arrival",
    "counterfactual",
    "relative_times",  # reading.arrival_waits: "in half an hour", "in 1.5 hours"
]


# --- times ----------------------------------------------------------------------------------

def _hh_mm(tag: str, hour: str = "[01]?[0-9]|2[0-3]") -> str:
    """Hours and minutes (groups ``<tag>h``, ``<tag>m``), then optional seconds and fraction."""
    return rf"(?P<{tag}h>{hour}):(?P<{tag}m>[0-5][0-9])" + r"(?::[0-5][0-9](?:\.[0-9]{1,9})?)?"


_TIME = re.compile(
    r"(?<![0-9])[0-9]{4}-[01][0-9]-[0-3][0-9][T ]" + _hh_mm("i", "[01][0-9]|2[0-3]")
    + r"(?:Z|[+-][0-9]{2}:?[0-9]{2})?(?![0-9])"
    + r"|(?<![0-9:.,$])" + _hh_mm("c") + r"(?![0-9])(?:" + _suffix("c") + ")?"
    + r"|(?<![0-9:.,$])(?P<hh>[0-9]{1,2})" + _suffix("h")
)


# Between two times of a range ("7:15 to 7:30 pm", "7:15-7:30pm"): the first takes the
# second's 12-hour suffix when it has none of its own.
_RANGE = re.compile(r"[ \t\u00a0\u202f]*(?:-|\u2013|\u2014|to|and|until|till|through|or)[ \t\u00a0\u202f]*", re.IGNORECASE)


_HOUR_SUFFIX = re.compile(r"[0-9]" + _suffix("x"))
_SUFFIX_WORDS = ("am", "pm", "a.m.", "p.m.", "noon", "midnight")


def _may_state_time(text: str) -> bool:
    """Every match of ``_TIME`` holds a ":" or a digit then a suffix (``_HOUR_SUFFIX``), which
    in an ASCII text (lower-cased) is one of ``_SUFFIX_WORDS``: a text with none states no time."""
    if ":" in text:
        return True
    if text.isascii() and not any(map(text.lower().__contains__, _SUFFIX_WORDS)):
        return False
    return _HOUR_SUFFIX.search(text) is not None


# An hour said with no suffix after a word of time ("by 7", "at 8 30", the digits text2num
# writes for "by seven", "at eight thirty"), in a sentence about an arrival or followed by a
# word of the clock: either half of the day, as "7:08" is.
_BARE_HOUR = re.compile(
    r"\b(?:(?:by|at|around|about|before|until|till|after|eta[ \t]{0,2}[:=\u2013-]?)[ \t]{1,3}(?:(?:exactly|precisely)[ \t]{1,3})?|(?=[0-9]{1,2}[ \t]{0,3}o['’]clock))"
    r"(?P<bh>1[0-2]|0?[1-9])(?:[ \t.](?P<bm>[0-5][0-9]))?"  # round 16: "ETA: 7 sharp", "7 o'clock" with no word of time before it
    r"(?![0-9:.,]?[0-9])(?P<ish>-?ish\b)?(?P<clock>[ \t]{0,3}(?:o['’]clock|tonight|this (?:evening|morning|afternoon)|at the latest)\b)?"
    r"(?=[ \t]*(?:[.,!?;)\n]|$|o['’]clock|tonight|this|at the latest|or so|latest|sharp|on the dot|exactly"
    r"|[\u2190-\u2bff\U0001f000-\U0001faff]))",  # round 10: a clause closed by an emoji or a symbol ("by 7 🛵")
    re.IGNORECASE,
)
_BARE_HINT = re.compile(r"[a-z][ \t][0-9]|\beta\b|o['’]clock", re.IGNORECASE)  # every match holds one (round 16: "ETA: 7", "7 o'clock")
_BARE_HINT_ASCII = re.compile(r"[0-9](?<=[A-Za-z][ \t][0-9])|\b[eE][tT][aA]\b|o'clock")  # the same in an ASCII text, skipped digit to digit
# A range of bare hours ("between 7 and 8", "from 7 30 to 8 tonight", "between 7 and 8 pm"): both
# ends are times (the second one too when no suffix follows: "8 pm" is read as a time of its own).
_HOUR = r"(?:1[0-2]|0?[1-9])"
_BARE_RANGE = re.compile(
    rf"\b(?:between|from)[ \t]{{1,3}}(?P<r1>{_HOUR})(?:[ \t](?P<rm1>[0-5][0-9]))?[ \t]{{1,3}}(?:and|to|until|till|-|\u2013)[ \t]{{1,3}}"
    rf"(?P<r2>{_HOUR})(?:[ \t](?P<rm2>[0-5][0-9]))?(?![0-9:.,]?[0-9])"
    r"(?:(?P<rs>[ \t]?(?:am|pm|a\.m\.|p\.m\.)(?![A-Za-z]))"
    r"|(?P<rclock>[ \t]{0,3}(?:o['’]clock|tonight|this (?:evening|morning|afternoon))\b)"
    r"|(?=[ \t]*(?:[.,!?;)\n]|$|or so|[\u2190-\u2bff\U0001f000-\U0001faff])))",
    re.IGNORECASE,
)
_FACTOR_BY = re.compile(r"(?i)\b(?:multipl\w*|divid\w*|increas\w*|rais\w*|reduc\w*|scal\w*)\b[^.!?\n]{0,40}\bby[ \t]{1,3}$")  # r17: a factor


def _bare_hours(text: str) -> List[Stated]:
    found: List[Stated] = []
    if (_BARE_HINT_ASCII if text.isascii() else _BARE_HINT).search(text) is None:
        return found
    for m in _BARE_HOUR.finditer(text):
        if not m.group("clock") and not m.group("ish") and (not _ARRIVAL.search(_sentence_around(text, m.start()))  # "7-ish": an hour
                                                             or _FACTOR_BY.search(text, max(0, m.start() - 60), m.start("bh"))):
            continue  # round 17: "the surge multiplies the delivery fee by 2": a factor, no hour
        hour, minute = int(m.group("bh")), int(m.group("bm") or 0)
        value, other = float(hour * 60 + minute), float((hour + 12) % 24 * 60 + minute)
        found.append(Stated("time", value, text[m.start("bh"):m.end()].rstrip(), m.start("bh"), m.end(), other))
    if "between" in text.lower() or "from" in text.lower():
        found.extend(_bare_ranges(text))
    return found


def _bare_ranges(text: str) -> List[Stated]:
    found: List[Stated] = []
    for m in _BARE_RANGE.finditer(text):
        suffix = (m.group("rs") or "").strip()
        if not suffix and not m.group("rclock") and not _ARRIVAL.search(_sentence_around(text, m.start())):
            continue
        for h, mm in (("r1", "rm1"), ("r2", "rm2"))[:1 if suffix else 2]:  # "8 pm" is a time of its own
            hour, minute = int(m.group(h)), int(m.group(mm) or 0)
            value = _clock(hour, minute, suffix) if suffix else None
            other = None if value is not None else float((hour + 12) % 24 * 60 + minute)
            found.append(Stated("time", float(hour * 60 + minute) if value is None else value, m.group(h), m.start(h), m.end(h), other))
    return found


def _times(text: str, bare_hours: bool) -> List[Stated]:
    """ISO datetimes, HH:MM times and (if ``bare_hours``) hours with a 12-hour suffix, or said
    after a word of time ("by 7": 7:00 or 19:00)."""
    words = _word_times(text) if bare_hours else []  # "20 to 8 pm": its "8 pm" is no time of its own
    found: List[Stated] = _bare_hours(text) + words if bare_hours else []
    if not _may_state_time(text):
        return sorted(found, key=lambda t: t.start)
    matches = list(_TIME.finditer(text))
    for i, m in enumerate(matches):
        other: Optional[float] = None
        if m.group("ih") is not None:
            value: Optional[float] = float(int(m.group("ih")) * 60 + int(m.group("im")))
        elif m.group("ch") is not None:
            hour, minute = int(m.group("ch")), int(m.group("cm"))
            value = _clock(hour, minute, m.group("cs") or _range_suffix(text, m, matches[i + 1] if i + 1 < len(matches) else None))
            if value is None and 1 <= hour <= 12 and not m.group("ch").startswith("0"):
                other = float((hour + 12) % 24 * 60 + minute)  # "7:08": 7:08 or 19:08; "12:30": 12:30 or 0:30
            value = float(hour * 60 + minute) if value is None else value  # "19:05", "19:05 pm"
        elif bare_hours:
            value = _clock(int(m.group("hh")), 0, m.group("hs"))
        else:
            value = None
        if value is not None and not any(w.start <= m.start() < w.end for w in words):
            found.append(Stated("time", value, m.group(0), m.start(), m.end(), other))
    return sorted(found, key=lambda t: t.start) if bare_hours else found


def _range_suffix(text: str, m: Any, nxt: Any) -> Optional[str]:
    """The 12-hour suffix of the time ``nxt`` that closes a range ``m`` opens, if any."""
    if nxt is None:
        return None
    suffix = nxt.group("cs") or nxt.group("hs")
    if suffix and _RANGE.fullmatch(text, m.end(), nxt.start()):
        return suffix
    return None


def stated_times(text: str) -> List[Stated]:
    """Clock times the text states, as minutes since midnight, in order (SPEC §5 statements); a time taken back at once
    for the next one ("by 19:03 -- sorry, misread: 19:08", ``value_corrections``) is not stated."""
    return list(_kept(text, "times")) if len(text) <= _KEPT_TEXT else _uncorrected(text, _times(text, bare_hours=True))


@lru_cache(maxsize=4096)
def _kept(text: str, what: str) -> Tuple[Stated, ...]:
    """A short text's times, read once: a task's rollouts repeat their messages and the
    customer's words (``Stated`` is frozen; callers get a new list)."""
    return tuple(_uncorrected(text, _times(text, bare_hours=True)))


def _uncorrected(text: str, found: List[Stated]) -> List[Stated]:
    """``found`` without a time taken back for the one right after it, nor a log line's stamp ("[19:02] FD-10005
    status=delivered": when the line was written, no time the message states; round 15)."""
    if "[" in text:
        found = [t for t in found if not _stamped(text, t)]
    if len(found) < 2:
        return found
    return [t for t, nxt in zip(found, found[1:]) if not taken_back(text, t.end, nxt.start)] + [found[-1]]


_STAMP = re.compile(r"\[[0-9 :T./-]{0,11}[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?\]")  # a line's opening "[19:02]"


def _stamped(text: str, t: Stated) -> bool:
    """Whether the time ``t`` is the stamp opening a line (or a line's first sentence after a greeting)."""
    at = text.rfind("[", 0, t.start + 1)
    m = _STAMP.match(text, at) if at >= 0 else None
    return m is not None and m.end() >= t.end and text[:at].rstrip(" \t")[-1:] in ("", "\n", ".", "!", "?", ":")


_CLAUSE_END = re.compile(r"[.!?\n](?:\s|$)|[;\u2014]|,[ \t]+(?:but|and|while|whereas)\b")
# what tells an event that happened before the time ("you ordered at 6:55", "it was placed at")
_HAPPENED = re.compile(r"(?i)\b(?:ordered|placed|picked[ \t]+up|prepared|left|dispatched|paid|cancell?ed|called|confirmed|"
                       r"was|were|had)\b")
_PAST_ARRIVAL = re.compile(r"(?i)\b(?:was|were|has[ \t]+been|had[ \t]+been|got|already)[ \t]+(?:\w+[ \t]+)?"
                           r"(?:delivered|arrived|reached|dropped[ \t]+off)")
_BY_WORD = re.compile(r"(?i)\b(?:by|at|around|about|before|until|till|for|than|no later than)[ \t]{1,3}"
                      r"(?:(?:about|exactly|precisely)[ \t]{1,3})?\Z"
                      # the arrival as a field: "ETA 7:00 PM", "Delivery time: 7:00", "Arrival - 19:00"
                      r"|(?P<field>\b(?:eta|arrival(?:[ \t]time)?|delivery(?:[ \t]time)?|drop-?off(?:[ \t]time)?)[*_]{0,2}[ \t]{0,2}"
                      r"[:=\-\u2013\u2014]?[*_]{0,2}[ \t]{0,3}(?:is[ \t]{1,3})?(?:about[ \t]{1,3}|around[ \t]{1,3}|~[ \t]?)?)\Z")


def promises_arrival(text: str, start: int) -> bool:
    """Whether the time stated at ``start`` is when something arrives: the value of an arrival
    field ("ETA 7:00 PM", "Delivery time: 7:00"), or after "by", "at", "around", "before" ... in
    a clause about an arrival to come ("it'll be at your door by 7",
    "it arrives from 7:40"), not one that tells what happened ("you ordered at 6:55; it arrives
    from 7:40", "it was delivered at 7:05", "placed at 6:55 and arriving by 7:40")."""
    by = _BY_WORD.search(text, max(0, start - 24), start)
    if by is None:
        return False
    if by.group("field"):
        return True  # "ETA 7:00 PM", "Arrival — 19:00": the arrival is the field's
    lo = max([m.end() for m in _CLAUSE_END.finditer(text, max(0, start - 400), start)], default=max(0, start - 400))
    end = _CLAUSE_END.search(text, start, min(len(text), start + 400))
    arrival = [m for m in _ARRIVAL.finditer(text, lo, end.start() if end else min(len(text), start + 400))]
    if not arrival:
        return False
    before = [m for m in arrival if m.end() <= start]
    last = before[-1] if before else None
    if last is not None and _PAST_ARRIVAL.search(text, max(lo, last.start() - 16), min(start, last.end() + 6)) is not None:
        return False  # "it was delivered at 7:05": what happened
    happened = [m.end() for m in _HAPPENED.finditer(text, lo, start)]
    return not happened or (last is not None and last.end() > max(happened))


# round 10: what would have been, had something else happened ("it might have arrived by 6:40", "you could've had it by
# 6:40", "it would have been there by 6:40 if ..."): a modal with a perfect, before the time in its clause
_COUNTERFACTUAL = re.compile(r"(?i)\b(?:would|could|might|should|may)(?:n['’]t|[ \t]{1,3}not)?(?:[ \t]{1,3}have|['’]ve)[ \t]{1,3}"
                             r"(?:(?:been|had|got|gotten|come|arrived|reached|made|landed|shown|turned|seen|received)\b|\w{2,20}ed\b)")
_CLAUSE_TURN = re.compile(r"(?i)[;\u2014]|\b(?:but|now|instead|however|whereas|so)\b")


def counterfactual(text: str, start: int) -> bool:
    """Whether the value stated at ``start`` is in a clause about what would have been (a modal with a perfect before it in
    its sentence, no turn to what is between them: "it would have come by 6:40, but now it arrives by 7:10" states 7:10)."""
    lo = max([m.end() for m in _CLAUSE_END.finditer(text, max(0, start - 300), start)], default=max(0, start - 300))
    if "ve" not in text[lo:start].lower():
        return False  # pragma: no mutate (speed only: every match holds "have" or "'ve")
    last = None
    for m in _COUNTERFACTUAL.finditer(text, lo, start):
        last = m
    return last is not None and _CLAUSE_TURN.search(text, last.end(), start) is None


def times_in_observation(text: str) -> List[float]:
    """Minutes since midnight of every ISO datetime / HH:MM time in a tool observation."""
    return [s.value for s in _times(text, bare_hours=False)]


# --- addresses ------------------------------------------------------------------------------

_STREET = re.compile(r"^\s*(?P<number>[0-9]{1,6}[A-Za-z]?)\s+(?P<name>[^\W\d_][\w'.-]*)")


def states_street(text: str, street: str) -> Optional[str]:
    """The snippet of ``text`` that states the street address ``street`` ("1204 Burnside St"):
    its house number then its street name's first word, in any case, the street type written
    any way or left out ("1204 burnside street", "1204 Burnside"); None if not stated (another
    number or another street is no statement of it). A street with no number and name is found
    as a phrase."""
    m = _STREET.match(street or "")
    if m is None:
        words = [re.escape(w) for w in (street or "").split()]
        if not words:
            return None
        found = re.search(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", text, re.IGNORECASE)
        return found.group(0) if found else None
    for found in _street_pattern(m.group("number"), m.group("name")).finditer(text):
        if not _street_taken_back(text, found.end()):
            return found.group(0)
    return None


# round 15: a street taken back at once for another ("4397 Pine St -- pardon me, to 8295 Glisan St", "... -- my mistake, at
# your home address": ``value_corrections``)
_NEXT_STREET = re.compile(r"(?i)(?P<type>[ \t]{1,2}(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pl|place"
                          r"|ct|court)\b\.?)?[^0-9\n]{1,40}?(?:(?<![\w.,])(?P<num>[0-9]{1,6}[A-Za-z]?[ \t]{1,3}[^\W\d_])"
                          r"|(?P<label>(?<![\w'])(?:your|the|my)[ \t]{1,3}(?:[a-z]{2,12}[ \t]{1,3})?(?:address|place)\b))")


def _street_taken_back(text: str, end: int) -> bool:
    """Whether the street ending at ``end`` is taken back at once for another street said right after it."""
    nxt = _NEXT_STREET.match(text, end)
    return nxt is not None and taken_back(text, nxt.end("type") if nxt.group("type") else end,
                                          nxt.start("num") if nxt.group("num") else nxt.start("label"))


@lru_cache(maxsize=1024)
def _street_pattern(number: str, name: str) -> "re.Pattern[str]":
    return re.compile(rf"(?<![\w.,]){re.escape(number)}[\s,]{{1,3}}{re.escape(name)}(?!\w)", re.IGNORECASE)


# --- phrases --------------------------------------------------------------------------------

# The forms of each order status that state it; a phrase equal to a key (case-insensitive,
# spaces and underscores alike) matches any of them, and any form written with underscores
# ("out_for_delivery" in a quoted status).
STATUS_FORMS: Dict[str, List[str]] = {
    "placed": ["placed", "been placed"],
    "preparing": ["preparing", "being prepared", "prepared", "in preparation"],
    "ready_for_pickup": [
        "ready for pickup", "ready for pick-up", "ready for pick up", "ready to be picked up",
        "ready to pick up",
    ],
    "out_for_delivery": ["out for delivery", "on its way", "on the way"],
    # round 17 (AW, non-native grammar): "ur order is deliver already", "it was deliver at 6"
    "delivered": ["delivered", "is deliver", "was deliver", "been deliver", "already deliver"],
    "cancelled": ["cancelled", "canceled"],
}


def _status_key(phrase: str) -> str:
    return "_".join(re.split(r"[\s_]+", phrase.strip().lower()))


@lru_cache(maxsize=1024)
def _phrase_regex(phrase: str) -> Optional["re.Pattern[str]"]:
    forms = STATUS_FORMS.get(_status_key(phrase), [phrase])
    alternatives: List[Tuple[int, str]] = []
    for form in forms:
        words = [w for w in re.split(r"[\s_]+", form) if w]
        if not words:
            continue
        before = r"(?<!\w)" if re.match(r"\w", words[0][0]) else ""
        after = r"(?!\w)" if re.match(r"\w", words[-1][-1]) else ""
        alternatives.append((len(form), before + r"[\s_]+".join(map(re.escape, words)) + after))
    if not alternatives:
        return None
    alternatives.sort(key=lambda a: -a[0])  # longest first: "being prepared" before "prepared"
    return re.compile("|".join(f"(?:{a})" for _, a in alternatives), re.IGNORECASE)


# round 15: a status said as one of several alternatives ("FD-10006 is either placed or delivered", "It could be placed,
# preparing or delivered", "Statuses we use: placed / preparing / delivered") tells none of them: a list joined by commas,
# slashes, bars or "or" with nothing else between its statuses ("placed at 6:10, delivered at 6:50" has; arrows, a history
# of the order, and "and" are left as they are)
_ANY_STATUS = r"(?:" + "|".join(sorted({re.escape(f).replace(r"\ ", r"[\s_-]+") for forms in STATUS_FORMS.values() for f in forms}
                                       | {"ready"}, key=len, reverse=True)) + r")"
_SEP = r"[ \t]{0,3}(?:,|/|\||\bor\b|,[ \t]{1,3}or\b)[ \t]{0,3}"
_LISTED_BEFORE = re.compile(r"(?i)(?<![\w-])" + _ANY_STATUS + _SEP + r"(?:either[ \t]{1,3})?\Z")
_BARE = r"(?=[ \t]{0,3}(?:[,./|;:!?)\n\u2013\u2014]|--|or\b|and\b|\Z))"  # a list's status ends there: "delivered, placed on Monday" is no list
_LISTED_AFTER = re.compile(r"(?i)" + _SEP + r"(?:or[ \t]{1,3})?" + _ANY_STATUS + r"(?![\w-])" + _BARE)
_BARE_AT = re.compile(_BARE, re.IGNORECASE)


def _listed(text: str, start: int, end: int) -> bool:
    """Whether the status at ``text[start:end]`` is one of a list of statuses (SEP-joined, each bare)."""
    if _BARE_AT.match(text, end) is None:
        return False
    return _LISTED_AFTER.match(text, end) is not None or _LISTED_BEFORE.search(text[max(0, start - 48):start]) is not None


def affirmed_phrase(text: str, phrase: str) -> Optional[str]:
    """The snippet of the first whole-word, case-insensitive occurrence of ``phrase`` (or of a
    form of the status it names, ``STATUS_FORMS``) that is told: not negated, not doubted,
    predicted or asked (``assertion_frames``), not what would have been, not one status of a list
    of alternatives (``_listed``), or None (SPEC §5)."""
    pattern = _phrase_regex(phrase)
    if pattern is None:
        return None
    negated: Optional[Negations] = None  # the whole text tokenized once, if needed
    status = _status_key(phrase) in STATUS_FORMS
    for m in pattern.finditer(text):
        negated = negated or Negations(text)
        if not negated(m.start()) and not framed(text, m.start(), m.end()) and not counterfactual(text, m.start()) \
                and not (status and _listed(text, m.start(), m.end())):
            return m.group(0)
    return None
