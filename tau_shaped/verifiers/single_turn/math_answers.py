"""Final answers in free text: where the answer is, and what it is.

:func:`extract_answer` finds the answer a response commits to, in this order:
the last ``\\boxed{...}`` (or ``\\fbox``), the last "answer is / answer: ..."
phrase, a GSM8K-style ``#### ...`` line, then the last non-empty line.
:func:`parse_answer` turns an answer into a comparable structure: an interval
or a union of intervals, an unordered collection of values (``1, 2`` or
``x = 1 or x = 2``), a single expression (``x = 5`` reads as ``5``), or, when
nothing parses as mathematics, normalized text. Everything is regular
expressions and the safe parser of :mod:`tau_shaped.reward.math_expressions`; nothing
is evaluated as code.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple, Union

from tau_shaped.reward.math_expressions import FUNCTIONS, MathParseError, parse_math

MAX_ANSWER = 400  # characters of an extracted answer worth parsing

_BOXED = re.compile(r"\\(?:boxed|fbox)\s*\{")
_ANSWER_PHRASE = re.compile(
    r"(?:final\s+answer|the\s+answer|answer)\s*(?:is|:|=)\s*(?::\s*)?(?P<ans>[^\n]+)", re.IGNORECASE
)
_HASHES = re.compile(r"^\s*####\s*(?P<ans>.+)$", re.MULTILINE)
THOUSANDS = re.compile(r"(?<![\d.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])")
_INFINITY = re.compile(r"\\infty|∞|\binfinity\b|\binf\b|\boo\b", re.IGNORECASE)
_UNION = re.compile(r"\\cup|∪|\s+U\s+")
_INTERVAL = re.compile(r"^(?P<lo>[\[(])(?P<a>[^,\[\]()]*(?:\([^()]*\)[^,\[\]()]*)*),(?P<b>[^,\[\]()]*(?:\([^()]*\)[^,\[\]()]*)*)(?P<hi>[\])])$")
_WRAPPERS = (("\\(", "\\)"), ("\\[", "\\]"), ("$$", "$$"), ("$", "$"))
_LHS = re.compile(r"^\s*[A-Za-z](?:_\{?\w+\}?)?\s*(?:=|\\in|∈)\s*")


def _balanced(text: str, start: int) -> Optional[Tuple[str, int]]:
    """The content of the brace group whose '{' is just before ``start``, and its end."""
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start:i], i + 1
    return None


def extract_answer(text: str) -> Optional[str]:
    """The answer a response commits to, or None when it gives none."""
    return locate_answer(text)[0]


def locate_answer(text: str) -> Tuple[Optional[str], Optional[str]]:
    """(answer, where it was found: "boxed", "phrase", "hashes" or "last_line")."""
    if not isinstance(text, str) or not text.strip():
        return None, None
    boxed = None
    for match in _BOXED.finditer(text):
        found = _balanced(text, match.end())
        if found is not None:
            boxed = found[0]
    if boxed is not None:
        return (boxed.strip() or None), "boxed"
    phrases = list(_ANSWER_PHRASE.finditer(text))
    if phrases:
        return _trim_sentence(phrases[-1].group("ans")), "phrase"
    hashes = list(_HASHES.finditer(text))
    if hashes:
        return hashes[-1].group("ans").strip(), "hashes"
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return (_trim_sentence(lines[-1]), "last_line") if lines else (None, None)


def _trim_sentence(answer: str) -> str:
    answer = answer.strip()
    answer = re.sub(r"\s*[.;!]\s*$", "", answer)  # the sentence's full stop
    if "=" in answer and not _INTERVAL_LIKE.search(answer):
        roots = _ROOTS.findall(answer)
        if len(roots) > 1 and len({name for name, _ in roots}) == 1:
            return ", ".join(value.strip() for _, value in roots)  # "x = 3 and x = -1" → "3, -1"
        answer = answer.rsplit("=", 1)[1]  # "so 2x = 10, x = 5" → "5"
    return answer.strip()


_ROOTS = re.compile(r"(?<![\w])([A-Za-z])\s*=\s*([^=,;]+?)(?=\s*(?:,|;|\band\b|\bor\b|$))")


_INTERVAL_LIKE = re.compile(r"[\[(][^\])]*,[^\])]*[\])]")


def normalize_text(text: str) -> str:
    """Lower case, NFKC, no LaTeX wrappers or text commands, single spaces."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"\\(?:text|textbf|mathrm|mbox)\s*\{([^{}]*)\}", r"\1", text)
    text = text.replace("\\!", "").replace("\\,", "").replace("\\;", " ").replace("\\ ", " ")
    text = re.sub(r"\\(?:left|right)\b", "", text)
    text = re.sub(r"\^\s*\{?\\circ\}?|°", "", text)
    text = text.replace("\\%", "%").replace("\\$", "").replace("$", "")
    return re.sub(r"\s+", " ", text).strip().lower()


def _unwrap(answer: str) -> str:
    answer = answer.strip()
    changed = True
    while changed:
        changed = False
        for left, right in _WRAPPERS:
            if answer.startswith(left) and answer.endswith(right) and len(answer) > len(left) + len(right):
                answer, changed = answer[len(left): -len(right)].strip(), True
    return answer


@dataclass(frozen=True)
class Interval:
    low: Any  # a sympy value, or None for -infinity
    high: Any  # None for +infinity
    low_closed: bool
    high_closed: bool


@dataclass(frozen=True)
class Answer:
    """A parsed answer: exactly one of the fields is set."""

    intervals: Optional[Tuple[Interval, ...]] = None
    values: Optional[Tuple[Any, ...]] = None  # one value, or an unordered collection
    text: Optional[str] = None

    @property
    def kind(self) -> str:
        return "interval" if self.intervals is not None else "values" if self.values is not None else "text"


def _endpoint(text: str, sign: int) -> Any:
    text = text.strip()
    bare = _INFINITY.sub("", text).replace("+", "").strip()
    if _INFINITY.search(text) and bare in ("", "-"):
        if (bare == "-") != (sign < 0):
            raise MathParseError("infinity on the wrong side of an interval")
        return None
    return parse_math(text)


def _interval(text: str) -> Optional[Interval]:
    match = _INTERVAL.match(text.strip())
    if not match:
        return None
    try:
        low, high = _endpoint(match.group("a"), -1), _endpoint(match.group("b"), +1)
    except MathParseError:
        return None
    return Interval(low, high, match.group("lo") == "[" and low is not None, match.group("hi") == "]" and high is not None)


def _split_values(text: str) -> List[str]:
    """Top-level pieces separated by commas, semicolons or "or"/"and"."""
    text = re.sub(r"^\{(.*)\}$", r"\1", text.strip())
    text = re.sub(r"^\\\{(.*)\\\}$", r"\1", text)
    pieces, depth, current = [], 0, ""
    for char in text:
        depth += char in "([{" and 1 or 0
        depth -= char in ")]}" and 1 or 0
        if char in ",;" and depth == 0:
            pieces.append(current)
            current = ""
        else:
            current += char
    pieces.append(current)
    out = []
    for piece in pieces:
        out += re.split(r"\s+(?:or|and)\s+|\\(?:lor|vee)\b", piece)
    return [_LHS.sub("", p).strip() for p in out if p.strip()]


_MATH_WORDS = FUNCTIONS | {"pi", "oo", "inf", "infty", "frac", "dfrac", "tfrac", "sqrt", "cdot", "times", "div"}


def _parse_value(text: str) -> Any:
    """A mathematical value; words (other than function names) make it text, not a product."""
    if any(word not in _MATH_WORDS for word in re.findall(r"[a-z]{2,}", text)):
        raise MathParseError("words, not mathematics")
    return parse_math(text)


def parse_answer(answer: str) -> Answer:
    """The comparable structure of an answer (see the module docstring)."""
    answer = _unwrap(answer[:MAX_ANSWER])
    cleaned = normalize_text(answer)
    cleaned = THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), cleaned)
    cleaned = _LHS.sub("", cleaned)
    parts = [p.strip() for p in _UNION.split(cleaned)]
    if parts and all(_INTERVAL.match(p) for p in parts):
        intervals = [_interval(p) for p in parts]
        if all(i is not None for i in intervals):
            # "(1, 2)" alone is also a point; as the same text parses the same way on both
            # sides, a reference and a response that both write it compare equal.
            return Answer(intervals=tuple(intervals))  # type: ignore[arg-type]
    try:
        return Answer(values=(_parse_value(cleaned),))
    except MathParseError:
        pass
    pieces = _split_values(cleaned)
    if len(pieces) > 1:
        try:
            return Answer(values=tuple(_parse_value(p) for p in pieces))
        except MathParseError:
            pass
    return Answer(text=re.sub(r"[^\w\s%./-]", "", cleaned).strip())


def answer_parts(answer: Answer) -> Union[Tuple[Interval, ...], Tuple[Any, ...], str]:
    return answer.intervals if answer.intervals is not None else answer.values if answer.values is not None else answer.text or ""
