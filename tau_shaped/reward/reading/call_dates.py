"""The dates a message states (SPEC §10 "Consent is a question about the action": a date of the
call is stated as the call has it; another date stated instead describes another call): with
their year in ISO (or ``YYYYMMDD``), "May 5, 2024", "5 May 2024", "05/05/2024" or "05.05.2024" form
(``dates_in``), or without it ("May 25th", "the 24th of May", "25 May": ``month_days_in``,
compared by month and day). Read by ``call_values`` and ``confirmations``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, FrozenSet, List, Optional, Tuple

from tau_shaped.reward.reading.s0_ids import MAX_CHARS

__all__ = ["dates_in", "month_days_in", "states_date", "other_paired_date"]

_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6}\.?"
_DATES = re.compile(
    rf"(?<!\d)(\d{{4}})-(\d{{1,2}})-(\d{{1,2}})(?!\d)"
    rf"|(?<![a-z]){_MONTH}\s{{1,3}}(\d{{1,2}})(?:st|nd|rd|th)?,?\s{{1,3}}(\d{{4}})(?!\d)"
    rf"|(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s{{1,3}}(?:of\s{{1,3}})?{_MONTH}\s{{1,3}}(\d{{4}})(?!\d)"
    rf"|(?<![\d/.$])(\d{{1,2}})(?:/(\d{{1,2}})/|\.(\d{{1,2}})\.)(\d{{4}})(?!\d)"
    rf"|(?<![\d.,])((?:19|20)\d{{2}})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d|[.,]\d)",
    re.IGNORECASE,
)


def _date_of(value: Any) -> Optional[Tuple[int, int, int]]:
    m = _ISO_DATE.match(value) if isinstance(value, str) else None
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None


@lru_cache(maxsize=4096)
def dates_in(text: str) -> FrozenSet[Tuple[int, int, int]]:
    """The dates a message states (year, month, day); "05/06/2024" is read both ways, "17/05/2024" one way."""
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
            a, b, y = int(g[9]), int(g[10] or g[11]), int(g[12])
            out.update(d for d in ((y, a, b), (y, b, a)) if d[1] <= 12)  # round 18: "17/05/2024" is May
        else:
            out.add((int(g[13]), int(g[14]), int(g[15])))
    return frozenset(out)


# A date said without its year ("May 25th", "the 24th of May", "25 May", a fare's "25MAY" in any case): its month and day
_MONTH_CAPS = "JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC"
_MONTH_DAY = re.compile(
    rf"(?<![a-z])(?P<m1>{_MONTH})\s{{1,3}}(?:the\s{{1,3}})?(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?!\d|:\d|\.\d|\s{{0,3}}(?:%|am|pm|a\.m|p\.m))"
    rf"|(?<![\d/.$])(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s{{1,3}}(?:of\s{{1,3}})?(?P<m2>{_MONTH})(?![a-z])"
    rf"|(?<![\w/.$])(?P<d3>\d{{1,2}})(?P<m3>{_MONTH_CAPS})(?:\d{{2}})?(?![\w])",  # a fare's "17MAY", "17may24"
    re.IGNORECASE,
)


# "may" in lower case after a count is the verb when a verb's word follows ("those 2 may change")
_MAY_VERB = re.compile(r"\s{1,3}(?:be|not|have|also|still|need|want|take|get|come|go|apply|change|vary|differ|cost"
                       r"|arrive|include|help|work|take|well|only|even|just|already)(?![a-z])")


# ... and before one, the month where a date is led in ("on may 22", "(may 22)", "| may 22 |")
_MAY_LEAD = re.compile(r"(?:(?<![a-z])(?:on|by|until|till|before|after|from|for|of|since|through|to|and|then)\s{1,3}|[(,:|>\n\u2013\u2014-]\s{0,3}|^\s{0,3})$")


@lru_cache(maxsize=4096)
def month_days_in(text: str) -> FrozenSet[Tuple[int, int]]:
    """The (month, day) of each date ``text`` states without its year (a date with its year is
    ``dates_in``'s); "may" in lower case before a number is the month only where a date is led
    in ("on may 22", "(may 22)"; "you may 2x ..." is the verb), after one unless a verb's word
    follows ("23 may"; "those 2 may change")."""
    out = set()
    for m in _MONTH_DAY.finditer(text[:MAX_CHARS]):
        month, day = (m.group("m1"), m.group("d1")) if m.group("m1") else \
            (m.group("m2"), m.group("d2")) if m.group("m2") else (m.group("m3"), m.group("d3"))
        if not 1 <= int(day) <= 31 or (month == "may" and (_MAY_VERB.match(text, m.end()) if m.group("m2") else
                                                            not _MAY_LEAD.search(text[max(0, m.start() - 10):m.start()]))):
            continue
        out.add((_MONTHS[month[:3].lower()], int(day)))
    if "/" in text:
        out.update(_slashed(text[:MAX_CHARS]))
    return frozenset(out)


# Two numbers and a slash, no year ("05/25", "28/05", "HAT276 5/25"): month and day in either order,
# read both ways when both could be a month; not a fraction ("1/2", "3/4"), "24/7", a score ("4/5
# stars", "3/10"), a slash date's year part ("05/25/2024") nor a path or a rate ("$5/mo")
_SLASHED = re.compile(r"(?<![\d/.$,:])(\d{1,2})/(\d{1,2})(?![\d/]|[.,]\d|\s{0,2}(?:stars?|rating|points?|score|of\b))")


def _slashed(text: str) -> set:
    out = set()
    for m in _SLASHED.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if (a, b) == (24, 7) or a < b <= 4 or b == 10:
            continue
        out.update((x, y) for x, y in ((a, b), (b, a)) if 1 <= x <= 12 and 1 <= y <= 31)
    return out


def states_date(text: str, value: str) -> bool:
    """Whether ``text`` states the date ``value`` (YYYY-MM-DD): with its year, or by its month and
    day alone."""
    date = _date_of(value)
    return date is not None and (date in dates_in(text) or date[1:] in month_days_in(text))


# A day said alone by its ordinal ("the 22nd"), read only in the words said of one record (a flight
# of a list): the month is the record's own; "22nd of May" is ``month_days_in``'s
_DAY_ALONE = re.compile(rf"(?<![\w/.$])(\d{{1,2}})(?:st|nd|rd|th)(?![\w])(?!\s{{1,3}}(?:of\s{{1,3}})?{_MONTH}(?![a-z]))",
                        re.IGNORECASE)


def other_date_said(span: str, own: FrozenSet[Tuple[int, int, int]]) -> Optional[Tuple[int, int, int]]:
    """A date ``span`` (the words said of one record) states that is none of ``own`` (the
    record's dates) while it states none of them: with its year, by its month and day, or by its
    day alone ("on the 22nd"); or None. A month and day or a day alone is read as of the record's
    year (and month)."""
    full = dates_in(span)
    if full & own:
        return None
    days = month_days_in(span)
    if any(d[1:] in days for d in own):
        return None
    alone = {int(m.group(1)) for m in _DAY_ALONE.finditer(_MONTH_DAY.sub(" ", span)) if 1 <= int(m.group(1)) <= 31}
    if any(d[2] in alone for d in own):
        return None
    if full:
        return min(full)
    year = min(own)[0]
    if days:
        month, day = min(days)
        return (year, month, day)
    if alone:
        return (year, min(own)[1], min(alone))
    return None


def _has_ordinal(text: str) -> bool:
    """Whether ``text`` states a day by its ordinal alone ("the 22nd")."""
    return _DAY_ALONE.search(_MONTH_DAY.sub(" ", text)) is not None


def other_paired_date(text: str, starts: List[Optional[int]], owns: List[FrozenSet[Tuple[int, int, int]]],
                      people: bool = False) -> Optional[Tuple[int, Tuple[int, int, int]]]:
    """The first element of a list of records (``starts``: where ``text`` names each, or None;
    ``owns``: each one's dates) whose words state another date than its own, as (its index, the
    date), or None. The words said of an element run from its name to the next element's, within
    its line when its line dates it ("- HAT276: May 21"); when the dates come before the names
    ("May 21: HAT276", "| 2024-05-21 | HAT276 |"), from the previous name to it. An element joined
    to the next by "and" or a comma alone shares its date ("HAT276 and HAT279, both on May 22").
    ``people``: the records are people, whose date (a birth date) follows their name: a date before
    it ("HAT271 on May 26 for Sophia Silva and Kevin Smith") is another record's."""
    known = sorted(s for s in starts if s is not None)
    first = not people and _dates_first(text, known)
    for i, (start, own) in enumerate(zip(starts, owns)):
        if start is None or not own:
            continue
        other = other_date_said(_said_of(text, start, known, first), own)
        if other is not None:
            return i, other
    return None


_JOINED = re.compile(r"^[\s,&/+]*(?:(?:and|or|plus)[\s,]*)?$", re.IGNORECASE)  # " and ", ", ": no words of its own
_NAME_END = re.compile(r"#?[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*")


def _dated(words: str) -> bool:
    return bool(dates_in(words) or month_days_in(words) or (any(c.isdigit() for c in words) and _has_ordinal(words)))


def _dates_first(text: str, known: List[int]) -> bool:
    """Whether the words give each element's date before naming it ("May 21: HAT276; May 22:
    HAT279", "| 2024-05-21 | HAT276 |"): a date right before the first element on its line, and
    none after the last on its own."""
    if not known:
        return False
    head = text[max(text.rfind("\n", 0, known[0]) + 1, known[0] - 40):known[0]]
    line_end = text.find("\n", known[-1])
    return _dated(head) and not _dated(text[known[-1]:len(text) if line_end < 0 else line_end])


_SENTENCE_STOP = re.compile(r"[.!?]['\"\u2019\u201d)]?(?=[ \t]+[A-Z])")


def _said_of(text: str, start: int, known: List[int], first: bool) -> str:
    """The words said of the element named at ``start`` (``known``: where each element is named;
    ``first``: the dates come before the names)."""
    if first:
        before = [s for s in known if s < start]
        if before:
            m = _NAME_END.match(text, before[-1])
            lo = m.end() if m else before[-1]
        else:
            lo = max(text.rfind("\n", 0, start) + 1, start - 40)
        words = text[lo:start]
        if not _dated(words) and before and _JOINED.match(words):
            return _said_of(text, before[-1], known, first)  # "On May 22, HAT276 and HAT279"
        return words
    after = [s for s in known if s > start]
    end = after[0] if after else min(len(text), start + 160)
    stop = _SENTENCE_STOP.search(text, start, end)  # "... for me and Kevin'. That's HAT271, May 26": the next sentence says no more of it
    end = stop.start() if stop else end
    line_end = text.find("\n", start)
    words = text[start:end]
    own_line = words if line_end < 0 or line_end >= end else text[start:line_end]
    if _dated(own_line):
        return own_line
    m = _NAME_END.match(text, start)
    if after and _JOINED.match(text[m.end() if m else start:after[0]]):
        return _said_of(text, after[0], known, first)  # "HAT276 and HAT279, both on May 22"
    return words


