"""Addresses, digits and clock times as they are spoken (SPEC §10; used by ``normalize``).

``addresses(text)``: an email written with spaces or in words is the email:
"mia.li7 @ example . com", "mia.li7 (at) example (dot) com", "mia dot li7 at example dot com"
are "mia.li7@example.com". A bare " at " is read as "@" only when the domain after it has a
spoken " dot " ("meet at example.com" and "arrive at 5.30" are not emails); "(at)", "[at]"
and "@" take any dot. A dot with a space on one side only ends a sentence and is kept.

``digits(text)`` (after text2num, which writes "five oh three" as "5 oh 3" and leaves "zero",
"oh" and a lone "one" as words): a run of at least three digit groups holding at least five
digits, at least one of them spelled ("oh", "zero", "double five") or a single digit, is one
number: "5 oh 3, 5 5 5, 7 2 3 2" is "503 555 7232" (groups split by a comma or a period stay
apart by a space), "F D 1 004 5" is "FD10045" (up to three capital letters before it are an id's
prefix). "3 to 5 business days", "2 items", "16 90" (a price said "sixteen ninety"), and
"503 555 7232" already in groups are left as they are.

``clock(text)``: "8 30 pm" and "at 8 30" (after "at", "by", "around", "until", "before",
"after", "from") are "8:30"; "8 oh 5 pm" is "8:05 pm"; hours 0-23 (1-12 before am/pm), minutes 00-59.
"""

from __future__ import annotations

import re
from typing import List

__all__ = ["addresses", "digits", "clock"]

_LOCAL = r"[A-Za-z0-9_%+-]{1,64}"
_LABEL = r"[A-Za-z0-9-]{1,63}"
_SQUEEZED_AT = r"[ \t]{0,3}@[ \t]{0,3}"
_MARKED_AT = r"[ \t]{0,3}[(\[]at[)\]][ \t]{0,3}"
_WORD_AT = r"[ \t]{1,3}at[ \t]{1,3}"
_SPOKEN_DOT = r"[ \t]{0,3}[(\[]dot[)\]][ \t]{0,3}|[ \t]{1,3}dot[ \t]{1,3}"
_WRITTEN_DOT = r"\.|[ \t]{1,3}\.[ \t]{1,3}"
_ANY_DOT = rf"(?:{_SPOKEN_DOT}|{_WRITTEN_DOT})"
_EMAIL = re.compile(
    rf"(?<![\w.%+-])(?P<local>{_LOCAL}(?:{_ANY_DOT}{_LOCAL}){{0,3}})"
    rf"(?P<at>{_SQUEEZED_AT}|{_MARKED_AT}|{_WORD_AT})"
    rf"(?P<domain>{_LABEL}(?:{_ANY_DOT}{_LABEL}){{1,5}})(?![\w-])(?!{_MARKED_AT}|{_WORD_AT}|{_SQUEEZED_AT})",
    re.IGNORECASE)
_DOTS = re.compile(_ANY_DOT, re.IGNORECASE)
_SPOKEN_DOT_RE = re.compile(_SPOKEN_DOT, re.IGNORECASE)
_WORD_AT_RE = re.compile(r"\bat\b", re.IGNORECASE)


def _may_hold_email(text: str) -> bool:
    if "@" in text:
        return True
    low = text.lower()
    return "(at)" in low or "[at]" in low or ("dot" in low and _WORD_AT_RE.search(low) is not None)


def _email(m: "re.Match[str]") -> str:
    at, domain = m.group("at"), m.group("domain")
    if at.strip().lower() == "at" and not _SPOKEN_DOT_RE.search(domain):
        return m.group()  # "at" + a written dot: a place, not an email
    return _DOTS.sub(".", m.group("local")) + "@" + _DOTS.sub(".", domain)


def addresses(text: str) -> str:
    """``text`` with spaced or spelled emails written as emails (see the module docstring)."""
    if not _may_hold_email(text):
        return text
    return _EMAIL.sub(_email, text)


_WORD_DIGITS = {"zero": "0", "oh": "0", "o": "0", "nought": "0", "one": "1", "two": "2", "three": "3",
                "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_DIGIT_WORD = r"(?:zero|oh|o|nought|one|two|three|four|five|six|seven|eight|nine)"
_GROUP = rf"(?:(?:double|triple)[ \t]{{1,2}}(?:\d|{_DIGIT_WORD})\b|\d{{1,4}}\b|{_DIGIT_WORD}\b)"
_SEP = r"(?:[ \t]{1,2}|[ \t]?-[ \t]?|[,.][ \t]{1,2})"
_RUN = re.compile(rf"(?<![\w.,$£€-])(?P<prefix>(?-i:(?:[A-Z][ \t]){{1,3}}|[A-Z]{{2,3}}[ \t]?)|#)?"
                  rf"(?P<run>{_GROUP}(?:{_SEP}{_GROUP}){{2,24}})(?![\w$%£€]|[.,]\d)", re.IGNORECASE)
_PIECE = re.compile(rf"(?P<mul>double|triple)[ \t]{{1,2}}(?P<d>\d|{_DIGIT_WORD})|(?P<n>\d{{1,4}}|{_DIGIT_WORD})|(?P<gap>[,.])",
                    re.IGNORECASE)


def _joined(m: "re.Match[str]") -> str:
    prefix = m.group("prefix") or ""
    groups: List[List[str]] = [[]]
    spelled = False
    tokens = 0
    for p in _PIECE.finditer(m.group("run")):
        if p.group("gap"):
            groups.append([])
        elif p.group("mul"):
            d = p.group("d").lower()
            d = _WORD_DIGITS.get(d, d)
            groups[-1].append(d * (2 if p.group("mul").lower() == "double" else 3))
            spelled = True
            tokens += 1
        else:
            n = p.group("n").lower()
            if n in _WORD_DIGITS:
                spelled = True
                n = _WORD_DIGITS[n]
            elif len(n) == 1 or n.startswith("0"):
                spelled = True
            groups[-1].append(n)
            tokens += 1
    total = sum(len(d) for g in groups for d in g)
    if tokens < 3 or total < 5 or not spelled or any(len(g) == 0 for g in groups):
        return m.group()
    words = [w for w in re.findall(r"[A-Za-z]+", m.group("run")) if w.lower() not in _WORD_DIGITS]
    if any(w.lower() not in ("double", "triple") for w in words):
        return m.group()
    if all(len(g) == 1 for g in groups) and len(groups) > 1:
        return m.group()  # "1, 2, 3": a list of numbers, nothing joined
    return prefix.replace(" ", "").replace("\t", "") + " ".join("".join(g) for g in groups)


_RUN_HINT = re.compile(rf"\d[ \t,.-]{{1,3}}(?:\d|{_DIGIT_WORD}\b|double|triple)|{_DIGIT_WORD}[ \t,-]{{1,3}}\d", re.IGNORECASE)


def digits(text: str) -> str:
    """``text`` with spoken digit runs joined (see the module docstring)."""
    if not _RUN_HINT.search(text):
        return text
    return _RUN.sub(_joined, text)


_AMPM = r"(?:[ap]\.?m\b\.?)"
_CLOCK_AFTER = re.compile(rf"(?<![\w.:$])(?P<h>\d{{1,2}})[ \t]{{1,2}}(?:(?P<m>[0-5]\d)|(?:oh|o|0)[ \t]{{1,2}}(?P<m1>\d))"
                          rf"(?=[ \t]{{0,2}}{_AMPM})", re.IGNORECASE)
_CLOCK_BEFORE = re.compile(rf"(?P<w>\b(?:at|by|around|until|till|before|after|from)[ \t]{{1,2}})(?P<h>\d{{1,2}})[ \t]{{1,2}}"
                           rf"(?:(?P<m>[0-5]\d)|(?:oh|o|0)[ \t]{{1,2}}(?P<m1>\d))(?![\w:.,]\d|[ \t]{{1,2}}\d|\w)", re.IGNORECASE)


def _time(m: "re.Match[str]", limit: int) -> str:
    hour = int(m.group("h"))
    if hour > limit:
        return m.group()
    minutes = m.group("m") or "0" + m.group("m1")
    return (m.groupdict().get("w") or "") + f"{m.group('h')}:{minutes}"


def clock(text: str) -> str:
    """``text`` with spoken clock times written with a colon (see the module docstring)."""
    if not re.search(r"\d[ \t]{1,2}(?:\d|oh?\b)", text, re.IGNORECASE):
        return text
    text = _CLOCK_AFTER.sub(lambda m: _time(m, 12), text)
    return _CLOCK_BEFORE.sub(lambda m: _time(m, 23), text)
