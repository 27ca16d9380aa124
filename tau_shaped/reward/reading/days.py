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
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Optional, Tuple, Union

__all__ = ["DAY_WORDS", "day_word", "days_until", "business_days_until", "clock_of"]

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


def clock_of(state: object) -> Optional[datetime]:
    """The episode's clock (``state["clock"]["now"]``, ISO), or None."""
    clock = state.get("clock") if isinstance(state, dict) else None
    now = clock.get("now") if isinstance(clock, dict) else None
    try:
        return datetime.fromisoformat(now) if isinstance(now, str) else None
    except ValueError:
        return None
