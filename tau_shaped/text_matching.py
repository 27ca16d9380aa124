"""TEXT_MATCHER semantics (SPEC §5) as plain functions over free text.

Each function returns the snippet of the text that satisfies the matcher (the
evidence), or None.

- ``find_phrase``: case-insensitive, on word boundaries that also respect
  numbers: "10" is found in "$10" and "(10)" but not in "100", "1,000",
  "10.5" or "A10".
- ``find_regex``: ``re.search``.
- ``find_number``: some number stated in the text equals the value:
  "$1,234.50", "1234.5" and "1234.50 dollars" all state 1234.5.
- ``find_math``: some expression in the text is symbolically equal (see
  ``math_expressions``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Optional, Tuple

# A needle must not continue a word or a number on either side.
_BEFORE = r"(?<![\w])(?<!\d[.,])"
_AFTER = r"(?![\w])(?![.,]\d)"


@lru_cache(maxsize=2048)
def _phrase_regex(phrase: str) -> "re.Pattern[str]":
    words = [re.escape(w) for w in phrase.split()]
    body = r"\s+".join(words) if words else re.escape(phrase)
    before = _BEFORE if re.match(r"[\w]", phrase.strip()[:1] or " ") else ""
    after = _AFTER if re.search(r"[\w]$", phrase.strip()[-1:] or " ") else ""
    return re.compile(before + body + after, re.IGNORECASE)


def find_phrase(text: str, phrase: str) -> Optional[str]:
    match = _phrase_regex(phrase).search(text)
    return match.group(0) if match else None


@lru_cache(maxsize=1024)
def _compiled(pattern: str) -> "re.Pattern[str]":
    return re.compile(pattern)


def find_regex(text: str, pattern: str) -> Optional[str]:
    match = _compiled(pattern).search(text)
    return match.group(0) if match else None


_NUMBER = re.compile(
    r"(?<![\w.])"  # not glued to an identifier or a preceding number
    r"(?P<sign>[-\u2212])?"
    r"(?P<cur>[$€£]\s?)?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?![\w]|\.\d|,\d{3}(?!\d))"
)


def numbers_in_text(text: str) -> List[Tuple[float, str]]:
    """Every number the text states, with its snippet."""
    out: List[Tuple[float, str]] = []
    for match in _NUMBER.finditer(text):
        start = match.start()
        # "FD-1001": a number after a letter and a hyphen is part of an identifier
        if match.group("sign") is None and start >= 2 and text[start - 1] == "-" and text[start - 2].isalnum():
            continue
        if match.group("sign") and start >= 1 and text[start - 1].isalnum():
            continue
        value = float(match.group("num").replace(",", ""))
        if match.group("sign"):
            value = -value
        out.append((value, match.group(0)))
    return out


def find_number(text: str, value: float, tolerance: float = 0.0) -> Optional[str]:
    bound = max(tolerance, 1e-9)
    for number, snippet in numbers_in_text(text):
        if abs(number - value) <= bound:
            return snippet
    return None


def find_math(text: str, expr: str) -> Optional[str]:
    from tau_shaped.math_expressions import find_math as _find_math

    return _find_math(text, expr)
