"""The dates a message states (SPEC §10 "Consent is a question about the action": a date of the
call is stated as the call has it; another date stated instead describes another call): with
their year in ISO (or ``YYYYMMDD``), "May 5, 2024", "5 May 2024" or "05/05/2024" form
(``dates_in``), or without it ("May 25th", "the 24th of May", "25 May": ``month_days_in``,
compared by month and day). Read by ``call_values`` and ``confirmations``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, FrozenSet, Optional, Tuple

from tau_shaped.reward.reading.s0_ids import MAX_CHARS

__all__ = ["dates_in", "month_days_in", "states_date"]

_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?"
_DATES = re.compile(
    rf"(?<!\d)(\d{{4}})-(\d{{1,2}})-(\d{{1,2}})(?!\d)"
    rf"|(?<![a-z]){_MONTH}\s{{1,3}}(\d{{1,2}})(?:st|nd|rd|th)?,?\s{{1,3}}(\d{{4}})(?!\d)"
    rf"|(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s{{1,3}}(?:of\s{{1,3}})?{_MONTH}\s{{1,3}}(\d{{4}})(?!\d)"
    rf"|(?<![\d/])(\d{{1,2}})/(\d{{1,2}})/(\d{{4}})(?!\d)"
    rf"|(?<![\d.,])((?:19|20)\d{{2}})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d|[.,]\d)",
    re.IGNORECASE,
)


def _date_of(value: Any) -> Optional[Tuple[int, int, int]]:
    m = _ISO_DATE.match(value) if isinstance(value, str) else None
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None


@lru_cache(maxsize=4096)
def dates_in(text: str) -> FrozenSet[Tuple[int, int, int]]:
    """The dates a message states (year, month, day); "05/06/2024" is read both ways."""
    out = set()
    for m in _DATES.finditer(text[:MAX_CHARS]):
        g = m.groups()
        if g[0]:
            out.add((int(g[0]), int(g[1]), int(g[2])))
        elif g[3]:
            out.add((int(g[5]), _MONTHS[g[3][:3].lower()], int(g[4])))
        elif g[6]:
            out.add((int(g[8]), _MONTHS[g[7][:3].lower()], int(g[6])))
        elif g[9]:
            a, b, y = int(g[9]), int(g[10]), int(g[11])
            out.update({(y, a, b), (y, b, a)})
        else:
            out.add((int(g[12]), int(g[13]), int(g[14])))
    return frozenset(out)


# A date said without its year ("May 25th", "the 24th of May", "25 May"): its month and day
_MONTH_DAY = re.compile(
    rf"(?<![a-z])(?P<m1>{_MONTH})\s{{1,3}}(?:the\s{{1,3}})?(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?![\d:]|\.\d|\s{{0,3}}(?:%|am|pm|a\.m|p\.m))"
    rf"|(?<![\d/.$])(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s{{1,3}}(?:of\s{{1,3}})?(?P<m2>{_MONTH})(?![a-z])",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def month_days_in(text: str) -> FrozenSet[Tuple[int, int]]:
    """The (month, day) of each date ``text`` states without its year (a date with its year is
    ``dates_in``'s); "may" in lower case is the verb."""
    out = set()
    for m in _MONTH_DAY.finditer(text[:MAX_CHARS]):
        month, day = (m.group("m1"), m.group("d1")) if m.group("m1") else (m.group("m2"), m.group("d2"))
        if month == "may" or not 1 <= int(day) <= 31:
            continue
        out.add((_MONTHS[month[:3].lower()], int(day)))
    return frozenset(out)


def states_date(text: str, value: str) -> bool:
    """Whether ``text`` states the date ``value`` (YYYY-MM-DD): with its year, or by its month and
    day alone."""
    date = _date_of(value)
    return date is not None and (date in dates_in(text) or date[1:] in month_days_in(text))
