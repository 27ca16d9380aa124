"""Days named relative to the episode's clock (SPEC §10 statements): "yesterday", "today",
"tonight", "tomorrow", a weekday ("by Monday", "on Wednesday", "next Friday"), read as a number
of days from the clock's day, and the business days (Monday to Friday) up to it.

A small typed reader, not dateparser: the forms a customer-service message uses to name a day
are these few words, and a general date parser costs milliseconds a message (``search_dates``
about 6 ms on a one-sentence message, against microseconds here) and reads "of $16" as a
date. Dates written as dates (ISO "2026-03-16") are read by ``statements`` as times of day.

- ``day_word(word)``: the day a word names, as ``("rel", -1 | 0 | 1)`` or ``("weekday", 0-6)``
  (Monday is 0), or None.
- ``days_until(named, now)``: days from ``now``'s day to the day named: a weekday is the next
  one after today ("by Friday" said on a Friday is a week on).
- ``business_days_until(named, now)``: the weekdays (Monday-Friday) after ``now``'s day up to
  and including the day named.
- ``days_ago(named, now)``: how many days before ``now``'s day a past event's day named is ("on
  Monday" said of a delivery: the last Monday; on a Monday, today or a week ago).
- ``event_days(text)``: an order's event said to have happened on a day ("it was delivered
  yesterday", "you placed it on Monday", "dropped off this morning", "two days ago", "last
  week", "the previous evening", "Delivered: 2026-03-11", "on 3/12": March 12 or 3 December):
  (event, day named, where the event's word starts, the words); the event is ``delivered`` or
  ``placed``.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import List, Optional, Tuple, Union

__all__ = ["DAY_WORDS", "day_word", "days_until", "business_days_until", "clock_of", "days_ago", "event_days"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RELATIVE = {"yesterday": -1, "today": 0, "tonight": 0, "tomorrow": 1}
DAY_WORDS = "|".join(_WEEKDAYS + tuple(_RELATIVE))  # for a pattern (case-insensitive)
Named = Tuple[str, int]


def day_word(word: str) -> Optional[Named]:
    w = word.strip().lower()
    if w in _RELATIVE:
        return ("rel", _RELATIVE[w])
    if w in _WEEKDAYS:
        return ("weekday", _WEEKDAYS.index(w))
    return None


def days_until(named: Named, now: Union[date, datetime]) -> int:
    kind, n = named
    if kind == "rel":
        return n
    ahead = (n - now.weekday()) % 7
    return ahead or 7


def business_days_until(named: Named, now: Union[date, datetime]) -> int:
    days = days_until(named, now)
    day = now if isinstance(now, date) else now.date()
    return sum(1 for k in range(1, days + 1) if (day + timedelta(days=k)).weekday() < 5)


def days_ago(named: Named, now: Union[date, datetime]) -> Tuple[int, ...]:
    """The days before ``now``'s day the past day named may be (0 today, 1 yesterday, ...)."""
    kind, n = named
    if kind == "rel":
        return (-n,)
    if kind == "ago":  # "two days ago": n days; "a few days ago", "last week": a span, n = first * 100 + last
        return tuple(range(n // 100, n % 100 + 1)) if n >= 100 else (n,)
    if kind == "last_week":
        return tuple(range(now.weekday() + 1, now.weekday() + 8))
    if kind == "numeric":  # "3/12": March 12 or 3 December, n = first * 100 + second
        day = now if not isinstance(now, datetime) else now.date()
        whens = {_date_of(first * 100 + second, day) for first, second in ((n // 100, n % 100), (n % 100, n // 100))
                 if 1 <= first <= 12}
        return tuple(sorted((day - w).days for w in whens if w is not None))
    if kind == "date":
        day = now if not isinstance(now, datetime) else now.date()
        when = _date_of(n, day)
        return ((day - when).days,) if when is not None else ()
    back = (now.weekday() - n) % 7
    return (back, 7) if back == 0 else (back,)


_EVENTS = {"delivered": "delivered", "dropped off": "delivered", "handed over": "delivered", "arrived": "delivered",
           "reached you": "delivered", "came": "delivered", "showed up": "delivered", "turned up": "delivered",
           "got to you": "delivered", "placed": "placed", "ordered": "placed", "put in": "placed", "went in": "placed",
           "checkout": "placed", "checked out": "placed", "submitted": "placed"}
# the day as a record's value: "Delivered: Wednesday 11 March", "delivered on": "2026-03-11" (a JSON key's "_" read as a
# space), "| Delivered | Wednesday |" (a table read as its key: value lines)
_KEY_SEP = r"[\"'*_`]{0,2}[ \t]{0,3}(?:[:=|]|->|[\u2013\u2014]|(?<=[ \t])-(?=[ \t]))[ \t\"'*_`]{0,5}"
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = (r"(?P<{tag}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
          r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_MDAY = r"(?P<{tag}>3[01]|[12][0-9]|0?[1-9])(?P<{tag}o>st|nd|rd|th)?(?![0-9:.,]?[0-9])"
# A day by its date (text2num writes "the twelfth" as "the 12th"): "on the 12th", "on March 12th",
# "on 12 March", "on the 12th of March", "on Thursday the 12th", "on 2026-03-12"; a day of the month
# alone needs its ordinal ("on the 12" is not read).
# round 11: "delivered the 12 of March" (no "on", as non-native English writes it)
_DATE = (rf"(?:on[ \t]{{1,3}}|{_KEY_SEP}|(?=the[ \t]{{1,3}}[0-9]))(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),?[ \t]{{1,3}})?(?:"
         rf"(?P<iso>[0-9]{{4}}-[01][0-9]-[0-3][0-9])(?![0-9T:])"
         rf"|{_MONTH.format(tag='m1')}[ \t]{{1,3}}{_MDAY.format(tag='d1')}"
         rf"|(?:the[ \t]{{1,3}})?{_MDAY.format(tag='d2')}(?:[ \t]{{1,3}}(?:of[ \t]{{1,3}})?{_MONTH.format(tag='m2')})?)")
_AGO_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "a couple of": 203, "a few": 206, "several": 309}  # a span: first * 100 + last
_PAST_DAY = (r"(?:(?P<before>the[ \t]day[ \t]before[ \t]yesterday)"
             r"|(?P<rel>yesterday|today|tonight|last[ \t]night|this[ \t](?:morning|afternoon|evening)"
             r"|the[ \t](?:previous|prior)[ \t](?:day|evening|night|morning|afternoon)|the[ \t]day[ \t]before[ \t]today)"
             r"|(?P<ago>(?P<agon>an?|one|two|three|four|five|six|seven|[1-9][0-9]?|a[ \t]couple[ \t]of|a[ \t]few|several)"
             r"[ \t]{1,3}(?P<agou>days?|weeks?)[ \t]{1,3}ago)|(?P<lastweek>last[ \t]week)"
             r"|(?:(?:on|last|this[ \t]past)[ \t]{1,3}|" + _KEY_SEP + r")(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b")
# a date in figures after the event, "on" or not: "Delivered: 2026-03-11", "delivered on 3/12", "placed 03/12/2026"
_NUMERIC_DAY_TAIL = (r"(?:on[ \t]{1,3})?(?:(?P<iso2>[0-9]{4}-[01][0-9]-[0-3][0-9])(?![0-9T:])"
                          r"|(?P<n1>[01]?[0-9])/(?P<n2>[0-3]?[0-9])(?:/(?:20)?[0-9]{2})?(?![0-9/]))")
# the first letters of the events, looked ahead before anything else: a scan skips other letters at once
_EVENT = (r"(?i)(?=[dhaprocswtg])\b(?P<ev>delivered|dropped[ \t]off|handed[ \t]over|arrived|reached[ \t]you|placed|ordered|put[ \t]in|went[ \t]in"
          r"|checkout|checked[ \t]out|submitted|showed[ \t]up|turned[ \t]up|got[ \t]to[ \t]you"
          # "it came yesterday" (an order came), not a refund that "came through" nor one that "came back"
          r"|came(?![ \t]+(?:through|back|to|from|out|up|in|with|across|along|around|over|off|down)\b))\b[^.!?\n;]{0,40}?\b")
_EVENT_DAY = re.compile(_EVENT + _PAST_DAY)
_NOT_THE_ORDER = re.compile(r"(?i)\b(?:refund|money|credit|charge|payment|e-?mail|message|text|reply|notification|call|confirmation|receipt|bill)s?\b[^.!?\n;]{0,24}$")
_NUMERIC_DAY = re.compile(_EVENT + _NUMERIC_DAY_TAIL)
# a state of the order said between an event and a day binds the day (round 16: "delivered (it showed preparing earlier today)")
_OTHER_STATE = re.compile(r"(?i)\b(?:preparing|being[ \t](?:prepared|made|cooked)|ready[ \t]for[ \t]pickup|out[ \t]for[ \t]delivery"
                          r"|on[ \t](?:its|the)[ \t]way|picked[ \t]up|with[ \t]the[ \t](?:courier|driver|kitchen|restaurant)|in[ \t]transit)\b")
_NUMERIC_HINT = re.compile(r"[0-9][/-][0-9]")


@lru_cache(maxsize=1)
def _event_date() -> "re.Pattern[str]":
    """The dates after an event, read only where "on" comes shortly before a digit (few messages):
    compiled on first need (the pattern is long: a few ms to compile)."""
    return re.compile(_EVENT + rf"(?:{_DATE})\b")


_DATE_HINT = re.compile(r"(?i)(?:(?=[o])\bon[ \t]{1,3}|[:=|>\u2013\u2014][ \t\"'*_`]{0,5})(?:[a-z]{3,9},?[ \t]{1,3}){0,2}[0-9]"
                        r"|(?=[t])\bthe[ \t]{1,3}[0-9]")  # round 11: "delivered the 12 of March"
_NOT_DONE = re.compile(r"(?i)\b(?:will|['’]ll|be|should|shall|going[ \t]to|gets?|getting|to|can|could|would|might|may|if|once|when)"
                       r"\b[ \t\w]{0,12}$")
_SENTENCE_TAIL = re.compile(r"[^.!?\n,;:\u2014\u2013]{0,200}?([.!?\n,;:\u2014\u2013]| - |$)")  # the rest of a clause, and what ends it
_EVENT_WORDS = ("deliver", "dropped", "handed", "arrived", "reached", "placed", "ordered", "put in", "went in", "checkout",
                "checked out", "submitted", "came", "showed up", "turned up", "got to you")
_PAST_WORDS = ("yesterday", "today", "tonight", "night", "morning", "afternoon", "evening", "day", "ago", "week")  # "monday": "day"


def event_days(text: str) -> List[Tuple[str, Named, int, str]]:
    """Each order event said to have happened on a day named (see the module docstring)."""
    low = text.lower()
    if not any(w in low for w in _EVENT_WORDS):
        return []
    found = list(_EVENT_DAY.finditer(text)) if any(w in low for w in _PAST_WORDS) else []
    if _NUMERIC_HINT.search(text) is not None:
        found = sorted(found + list(_NUMERIC_DAY.finditer(text)), key=lambda m: m.start())
    if _DATE_HINT.search(text) is not None:  # "on Sunday the 8th": the date, not the weekday alone
        dates = [m for m in _event_date().finditer(text) if _date_named(m) is not None]  # "delivered: 3 days ago": no date
        taken = {m.start() for m in dates}
        found = sorted([m for m in found if m.re.pattern != _EVENT_DAY.pattern or m.start() not in taken] + dates, key=lambda m: m.start())
    out: List[Tuple[str, Named, int, str]] = []
    for m in found:
        if _NOT_DONE.search(text, max(0, m.start() - 24), m.start()):
            continue  # "it'll be delivered today", "to be placed on Monday": not an event that happened
        tail = _SENTENCE_TAIL.match(text, m.end())
        if tail is not None and tail.group(1) == "?":
            continue  # the day in a question's clause: "... delivered Anything else I can help with today?" asserts nothing
        if m.group("ev").lower() == "came" and _NOT_THE_ORDER.search(text, max(0, m.start() - 32), m.start()):
            continue  # "the refund came yesterday": money, a message, not the order
        if _OTHER_STATE.search(text, m.end("ev"), m.end()) is not None:
            continue  # round 16: "delivered (it showed preparing earlier today)": the day is the nearer state's
        event = _EVENTS[" ".join(m.group("ev").lower().split())]
        named = _named(m)
        if named is None:
            continue
        out.append((event, named, m.start("ev"), m.group(0)))
        if len(out) >= 16:  # a bound on untrusted text
            break
    return out


def _named(m: "re.Match[str]") -> Optional[Named]:
    """The day an event's match names (see ``event_days``), or None when its words are no day."""
    if m.re.pattern == _NUMERIC_DAY.pattern:  # by pattern, not identity: a module pattern may be a lazy one (lazy_patterns)
        if m.group("iso2"):
            y, mo, d = (int(x) for x in m.group("iso2").split("-"))
            return ("date", y * 10000 + mo * 100 + d) if 1 <= mo <= 12 and 1 <= d <= 31 else None
        return ("numeric", int(m.group("n1")) * 100 + int(m.group("n2")))
    if m.re.pattern != _EVENT_DAY.pattern:  # a date in words
        return _date_named(m)
    rel = m.group("rel")
    if rel:
        return ("rel", -1 if rel.lower() in ("yesterday", "last night") or rel.lower().startswith("the") else 0)
    if m.group("before"):
        return ("ago", 2)
    if m.group("ago"):
        count = _AGO_COUNTS.get(" ".join(m.group("agon").lower().split()))
        count = int(m.group("agon")) if count is None else count
        if m.group("agou").lower().startswith("week"):  # "a week ago": 5 to 9 days; "a few weeks ago": 7 to 60
            count = 760 if count >= 100 else (max(1, count * 7 - 2) * 100 + min(99, count * 7 + 2))
        return ("ago", count)
    if m.group("lastweek"):
        return ("last_week", 0)
    return ("weekday", _WEEKDAYS.index(m.group("wd").lower()))


def _date_named(m: "re.Match[str]") -> Optional[Named]:
    """A date's ("date", yyyymmdd), the year (and the month) 0 where unsaid; None when the words
    are no date ("on the 12" with neither an ordinal nor a month)."""
    if m.group("iso"):
        y, mo, d = (int(x) for x in m.group("iso").split("-"))
        return ("date", y * 10000 + mo * 100 + d) if 1 <= mo <= 12 and 1 <= d <= 31 else None
    day = m.group("d1") or m.group("d2")
    month = m.group("m1") or m.group("m2")
    if month is None and not m.group("d2o"):
        return None
    mo = _MONTHS.index(month.lower()[:3]) + 1 if month else 0
    return ("date", mo * 100 + int(day))


def _date_of(value: int, now: date) -> Optional[date]:
    """The past date a ("date", yyyymmdd) names on ``now``'s clock: an unsaid year or month is the
    latest one that puts the day on or before ``now``."""
    y, mo, d = value // 10000, value // 100 % 100, value % 100
    tries = ([(yr, mo) for yr in ([y] if y else [now.year, now.year - 1])] if mo else
             [(now.year + (now.month - 1 - back) // 12, (now.month - 1 - back) % 12 + 1) for back in range(3)])
    for year, month in tries:
        try:
            when = date(year, month, d)
        except ValueError:
            continue
        if when <= now or y:
            return when
    return None


def clock_of(state: object) -> Optional[datetime]:
    """The episode's clock (``state["clock"]["now"]``, ISO), or None."""
    clock = state.get("clock") if isinstance(state, dict) else None
    now = clock.get("now") if isinstance(clock, dict) else None
    try:
        return datetime.fromisoformat(now) if isinstance(now, str) else None
    except ValueError:
        return None
