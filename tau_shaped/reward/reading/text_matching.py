"""TEXT_MATCHER semantics (SPEC §5) as plain functions over free text.

Each ``find_*`` returns the snippet of the text that satisfies the matcher (the evidence shown
in a result), or None when nothing does:

- ``find_phrase`` (``{"contains": s}``): case-insensitive, literal, on word boundaries that
  also respect numbers: "10" is found in "$10", "10." and "(10)" but not in "100", "1,000",
  "10.5" or "A10"; "refund" is not found in "refunded".
- ``find_regex`` (``{"regex": r}``): a search by RE2, in linear time (``data_regex``).
- ``find_number`` (``{"number": x, "tolerance": t}``): some number the text states equals x:
  "$1,234.50", "1234.5" and "1234.50 dollars" all state 1234.5, and so does any spelling of
  an amount the one reader of amounts reads ("16 dollars and 90 cents" states 16.9, "66
  cents" 0.66; ``amounts``). A negated number states nothing ("not $25", "I can't give you
  $50"; ``negation``, as a value).
- ``values_in_text``: the numbers of ``numbers_in_text`` and the amounts (what the customer's
  words or a tool's text back).
- ``find_math`` (``{"math": expr}``): some expression in the text is symbolically equal to
  expr (see ``math_expressions``; sympy is imported only when it is used).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterator, List, Optional, Tuple

from tau_shaped.reward import data_regex
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.math_expressions import FUNCTIONS, LATEX, MathParseError, math_equal, parse_math

__all__ = ["find_phrase", "find_regex", "numbers_in_text", "values_in_text", "find_number", "find_told_number", "find_count", "find_math",
           "math_candidates"]


# --- phrases --------------------------------------------------------------------------------

@lru_cache(maxsize=2048)
def _phrase_pattern(phrase: str) -> Optional["re.Pattern[str]"]:
    words = phrase.split()
    if not words:
        return None
    first, last = words[0][0], words[-1][-1]
    # Boundaries only where the phrase itself begins/ends with a word character ("$5" may
    # follow "US"); a digit must not continue a number ("1,000", "10.5", "3.10").
    before = (r"(?<!\w)" if re.match(r"\w", first) else "") + (r"(?<!\d[.,])" if first.isdigit() else "")
    after = (r"(?!\w)" if re.match(r"\w", last) else "") + (r"(?![.,]\d)" if last.isdigit() else "")
    # an underscore inside a word ("mia_li_3668", an id) is said as a space or a dash too ("mia li 3668")
    inner = [re.escape(w).replace("_", r"[\s_-]{1,3}") if "_" in w.strip("_") else re.escape(w) for w in words]
    return re.compile(before + r"\s+".join(inner) + after, re.IGNORECASE)


def find_phrase(text: str, phrase: str) -> Optional[str]:
    """The first case-insensitive, whole-word occurrence of ``phrase``; inner spaces match
    any run of whitespace, and an underscore inside a word a space or a dash as well ("mia li
    3668" says "mia_li_3668"). A blank phrase is found nowhere."""
    pattern = _phrase_pattern(phrase)
    match = pattern.search(text) if pattern else None
    return match.group(0) if match else None


# --- regular expressions --------------------------------------------------------------------

def find_regex(text: str, pattern: str) -> Optional[str]:
    """The first match of the data pattern (the whole match), found by RE2 in linear time; a
    pattern RE2 refuses raises ``DataRegexError`` (an ``re.error``)."""
    return data_regex.search(pattern, text)


# --- numbers --------------------------------------------------------------------------------

_MINUS = "-\u2212"
_NUMBER = re.compile(
    rf"(?P<sign>[{_MINUS}])?"
    r"(?P<unit>(?:[$€£¥]|\b(?:USD|EUR|GBP|CAD|AUD|JPY|CHF|INR))\s?)?"
    rf"(?P<sign2>[{_MINUS}])?"  # Python's f"${-5:.2f}" is "$-5.00"
    r"(?P<num>\d{1,3}(?:,\d{3}(?!\d))+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
)


def numbers_in_text(text: str) -> List[Tuple[float, str]]:
    """Every number the text states, with its snippet, in order.

    Thousands separators count only in whole 3-digit groups ("1,2345" and "1, 2" are two
    numbers each); "-" and "−" are minus signs unless they follow a digit ("3-4" is a range);
    a number glued to a letter, directly or by a "-", is part of an identifier ("A10",
    "FD-1001"), not a stated quantity, and is skipped; a currency symbol or code may come
    first ("$1,234.50", "USD 12", "-$5", "$-5").

    Several checks read the numbers of the same texts (a tool's result, the customer's words),
    and a task's rollouts repeat them: a short text's are read once and kept (a new list is
    returned each time)."""
    return [(v, snippet) for v, snippet, _ in _numbers_at(text)]


def _numbers_at(text: str) -> Tuple[Tuple[float, str, int], ...]:
    """``numbers_in_text`` with where each snippet starts."""
    return _kept_numbers(text) if len(text) <= _KEPT_TEXT else tuple(_read_numbers(text))


_KEPT_TEXT = 2048  # at most 2,048 texts of at most 2,048 characters kept


@lru_cache(maxsize=2048)
def _kept_numbers(text: str) -> Tuple[Tuple[float, str, int], ...]:
    return tuple(_read_numbers(text))


def _numbers(text: str) -> List[Tuple[float, str]]:
    """The numbers of ``text`` read (not kept), as ``numbers_in_text`` gives them."""
    return [(v, snippet) for v, snippet, _ in _read_numbers(text)]


_DIGIT = re.compile(r"\d")  # what every number holds (``_NUMBER``'s ``num``, its digits Unicode's as there)
_BEFORE_DIGIT = 7  # at most this many characters of a number stand before its first digit: "-USD -.5" (sign, unit and
# one space, sign, the point)


def _number_matches(text: str) -> Iterator["re.Match[str]"]:
    """``_NUMBER.finditer(text)``, the same matches, found from each next digit: no number starts more than
    ``_BEFORE_DIGIT`` characters before the first digit after the last one (each match holds a digit, and starts
    where the last ended or after), so the search for it starts there (``_NUMBER``, whose optional sign and unit
    come first, is otherwise tried at every place of the text; a look for a digit is one fast scan)."""
    at, search, digit = 0, _NUMBER.search, _DIGIT.search
    while True:
        d = digit(text, at)
        if d is None:
            return
        m = search(text, max(at, d.start() - _BEFORE_DIGIT))
        if m is None:
            return
        yield m
        at = m.end()


def _read_numbers(text: str) -> List[Tuple[float, str, int]]:
    found: List[Tuple[float, str, int]] = []
    for m in _number_matches(text):
        start, sign, unit = m.start(), m.group("sign"), m.group("unit")
        before = text[start - 1] if start else " "
        if ((before.isalpha() or before == "_") and (sign or not unit)) or (before.isdigit() and not sign):
            continue  # "A10", "FD-1001", "item_7"; the ".3" of "1.2.3"
        if not sign and not unit and _list_marker(text, m):
            continue  # "3. Fees charged to: ...": an ordered list's marker numbers a line, it states no value
        if sign and before.isdigit():
            start += 1  # "3-4": a dash between numbers is not a sign
        negative = bool(m.group("sign2")) or (bool(sign) and start == m.start())
        value = float(m.group("num").replace(",", ""))
        found.append((-value if negative else value, text[start: m.end()], start))
    return found


def _list_marker(text: str, m: "re.Match[str]") -> bool:
    """Whether the number ``m`` is an ordered list's marker: a whole number of at most 3 digits opening its
    line (after spaces or a quote's ">"), then "." or ")" and a space, and words after it ("1. Order: FD-10045")."""
    num, end = m.group("num"), m.end()
    if len(num) > 3 or not num.isdigit() or text[end: end + 1] not in (".", ")") or \
            text[end + 1: end + 2] not in (" ", "\t"):
        return False
    line_start = text.rfind("\n", 0, m.start()) + 1
    return not text[line_start: m.start()].strip(" \t>") and bool(text[end + 2:].split("\n", 1)[0].strip())


def values_in_text(text: str) -> List[float]:
    """The numbers the text states and the amounts it states in any spelling ("16 dollars and
    90 cents": 16, 90 and 16.9), in order, the numbers first."""
    numbers = [v for v, _, _ in _numbers_at(text)]
    return numbers + [a.value for a in _amounts(text) if a.value not in numbers]


def _amounts(text: str) -> Tuple[Any, ...]:
    from tau_shaped.reward.reading.amounts import stated_amounts

    return tuple(stated_amounts(text))


def find_number(text: str, value: float, tolerance: float = 0.0) -> Optional[str]:
    """The snippet of the first number stated in the text within ``max(tolerance, 1e-9)``
    of ``value``, or of an amount in any spelling; a negated one states nothing. A short text's
    answer for a float and a float tolerance is kept (bounded): a confirmation's amount is looked
    for in the same message for each write it might describe, and a task's rollouts repeat both."""
    if type(value) is float and type(tolerance) is float and type(text) is str and len(text) <= _KEPT_TEXT:
        return _kept_number(text, value, tolerance)
    return _find_number(text, value, tolerance)


def _find_number(text: str, value: float, tolerance: float, told: bool = False) -> Optional[str]:
    """The first number, then amount (read only when no number matched), stated within the bound of ``value`` and not
    negated; with ``told``, nor only asked, supposed or taken back in its clause (``assertion_frames.framed``)."""
    bound = max(tolerance, 1e-9)
    negated: Optional[Negations] = None
    for number, snippet, start in _numbers_at(text):
        # rounded to 9 places: 1234.5 - 1234.49 is 0.01000000000002 in floating point
        if round(abs(number - value), 9) <= bound:
            negated = negated or Negations(text)
            if not negated(start, value=True) and not (told and _framed(text, start, start + len(snippet))):
                return snippet
    for amount in _amounts(text):
        if round(abs(amount.value - value), 9) <= bound:
            negated = negated or Negations(text)
            if not negated(amount.start, value=True) and not (told and _framed(text, amount.start, amount.end)):
                return amount.text
    return None


def _framed(text: str, start: int, end: int) -> bool:
    from tau_shaped.reward.reading.assertion_frames import framed

    return framed(text, start, end)


_kept_number = lru_cache(maxsize=2048)(_find_number)


def find_told_number(text: str, value: float, tolerance: float = 0.0) -> Optional[str]:
    """``find_number``, but only a number TOLD (round 15 of issue 41, an output check's ``"affirmed": true``): not
    negated, and not only asked, supposed or taken back in its clause (``assertion_frames.framed``: "Is your total
    $19.73?" asks the customer; "The total is $19.73" and "Is it $19.73? Yes." tell it)."""
    return _find_number(text[:20_000], value, tolerance, told=True)


_COUNT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
# A small count in words quantifying what follows ("one checked bag", "two passengers": text2num
# leaves the numbers below ten as words, ``normalize``), not "this one", "the one", "no one",
# "one of", "one moment", "one more", "one or two"
_COUNT = re.compile(
    r"(?<![\w'-])(?<!this )(?<!that )(?<!the )(?<!which )(?<!each )(?<!any )(?<!every )(?<!no )(?<!only )"
    r"(?P<word>zero|one|two|three|four|five|six|seven|eight|nine)[ \t\u00a0]+"
    r"(?!(?:of|more|moment|sec|second|minute|or|and|another|thing|day|last|time|way|at|by|to|is|was|will)(?![\w'-]))"
    r"(?=[a-z])",
    re.IGNORECASE,
)


def find_count(text: str, value: Any) -> Optional[str]:
    """The snippet of a count below ten said in words that quantifies something and equals
    ``value`` ("one checked bag" for 1), not negated; None for anything else (a confirmation's
    "number" argument that counts: ``find_number`` reads digits and amounts)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value) or not 0 <= value <= 9:
        return None
    word = _COUNT_WORDS[int(value)]
    if word not in text.lower():
        return None
    negated: Optional[Negations] = None
    for m in _COUNT.finditer(text):
        if m.group("word").lower() == word:
            negated = negated or Negations(text)
            if not negated(m.start(), value=True):
                return m.group("word")
    return None


# --- candidate expressions for find_math ----------------------------------------------------

_BRACED = r"\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}"  # up to two inner levels of braces
_BOXED = re.compile(r"\\boxed\s*" + _BRACED)
_DELIMITED = re.compile(r"\$\$(.+?)\$\$|\$([^$]+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_RUN_WORD = re.compile(r"\\?[A-Za-z]+")
_RUN_CHARS = frozenset("0123456789.+-*/^()[]{}% \tπ√·×÷−⋅")
_RUN_WORDS = FUNCTIONS | {"pi"} | {"\\" + name for name in [*LATEX, "left", "right"]}
_CLOSE = {"(": ")", "[": "]", "{": "}"}


def _runs(text: str) -> List[Tuple[int, int]]:
    """Maximal runs of math-looking text as (start, end): a word other than a single letter,
    a function name or a known LaTeX command ends a run, as does any character that is not
    a digit, an operator, a bracket, "%", a space or a tab ("=", ",", "$", a newline...)."""
    runs: List[Tuple[int, int]] = []
    start: Optional[int] = None
    i = 0
    while i < len(text):
        m = _RUN_WORD.match(text, i)
        ok = (len(m.group()) == 1 or m.group() in _RUN_WORDS) if m else text[i] in _RUN_CHARS
        if ok and start is None:
            start = i
        elif not ok and start is not None:
            runs.append((start, i))
            start = None
        i = m.end() if m else i + 1
    return runs + ([(start, len(text))] if start is not None else [])


def _pieces(run: str) -> List[str]:
    """A run split at its unbalanced brackets, each piece trimmed of dangling operators and
    periods ("costs 5 (five" gives "5"; "is 2x+1." gives "2x+1")."""
    stack: List[int] = []
    cuts: List[int] = []
    for i, c in enumerate(run):
        if c in _CLOSE:
            stack.append(i)
        elif c in _CLOSE.values():
            if stack and _CLOSE[run[stack[-1]]] == c:
                stack.pop()
            else:
                cuts.append(i)
    bounds = [-1] + sorted(cuts + stack) + [len(run)]
    pieces = [run[lo + 1: hi].strip().lstrip("*/^%.").rstrip("+-*/^−.").strip() for lo, hi in zip(bounds, bounds[1:])]
    return [p for p in pieces if any(ch.isalnum() or ch == "π" for ch in p)]


def math_candidates(text: str) -> List[str]:
    """The candidate expressions of free text, as written there, in the order find_math tries
    them: contents of \\boxed{...}; of $...$, $$...$$, \\(...\\) and \\[...\\] (and what follows
    their last "="); runs right after an "="; then every other run. No duplicates."""
    found: List[str] = []
    delimited = [m.group(1) for m in _BOXED.finditer(text)]
    delimited += [next(g for g in m.groups() if g is not None) for m in _DELIMITED.finditer(text)]
    for content in delimited:
        content = content.strip()
        found += [content] + ([content.rsplit("=", 1)[1].strip()] if "=" in content else [])
    runs = _runs(text)
    after_equals = [r for r in runs if text[: r[0]].rstrip().endswith("=")]
    for start, end in after_equals + [r for r in runs if r not in after_equals]:
        found += _pieces(text[start:end])
    return list(dict.fromkeys(c for c in found if c))


def find_math(text: str, expr: str) -> Optional[str]:
    """The first expression in ``text`` (as written there) equal to ``expr`` (SPEC §5), or None.
    An ``expr`` that does not parse raises MathParseError; unparseable text is skipped."""
    target = parse_math(expr)
    for candidate in math_candidates(text):
        # a lone English "a"/"I" next to a number ("a 5% fee") is retried without it
        for form in dict.fromkeys((candidate, re.sub(r"^[A-Za-z]\s+|\s+[A-Za-z]$", "", candidate))):
            try:
                value = parse_math(form)
            except MathParseError:
                continue
            if math_equal(value, target):
                return form
            break
    return None
