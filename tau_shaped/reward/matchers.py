"""MATCHER and TEXT_MATCHER semantics (SPEC §5) on values and on text."""

from __future__ import annotations

import math
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from tau_shaped.reward import data_regex
from tau_shaped.reward.reading.assertion_frames import hearsay, withdrawn
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.paths import select_values
from tau_shaped.reward.matcher_schema import (
    ContainsText,
    DeniesText,
    LiteralMatcher,
    MatchOps,
    MathText,
    NumberText,
    RegexText,
    RestrictedText,
)
from tau_shaped.reward.values import canonical_number, is_number, values_equal


def _compare(value: Any, op: str, bound: float) -> bool:
    if not is_number(value):
        return False
    v, b = canonical_number(value), canonical_number(bound)
    if op == "gt":
        return v > b
    if op == "ge":
        return v >= b
    if op == "lt":
        return v < b
    return v <= b


def _contains(value: Any, needle: Any) -> bool:
    if isinstance(value, str):
        return isinstance(needle, str) and needle in value
    if isinstance(value, (list, tuple)):
        return any(values_equal(item, needle) for item in value)
    if isinstance(value, dict):
        return needle in value
    return False


class StepView:
    """What ``in_state`` reads at one step: the values each probed path selected in the state
    the call acted on (SPEC §5 "read from the state at that step")."""

    __slots__ = ("selected",)

    def __init__(self, selected: Any) -> None:
        self.selected = selected  # path -> list of values

    def select(self, path: str) -> List[Any]:
        return list(self.selected.get(path, []))


def _in_states(value: Any, path: str, states: Sequence[Any]) -> bool:
    """SPEC §5 binding to state: ``value`` is one of the values ``path`` selects in one of the
    states (a selected list counts its items); a state is a whole state or a ``StepView``."""
    for data in states:
        found = data.select(path) if isinstance(data, StepView) else select_values(data, path)
        for selected in found:
            items = selected if isinstance(selected, list) else [selected]
            if any(values_equal(value, item) for item in items):
                return True
    return False


def _op_holds(op: str, arg: Any, value: Any, states: Sequence[Any] = ()) -> bool:
    if op == "eq":
        return values_equal(value, arg)
    if op == "ne":
        return not values_equal(value, arg)
    if op in ("gt", "ge", "lt", "le"):
        return _compare(value, op, arg)
    if op == "in":
        return any(values_equal(value, x) for x in arg)
    if op == "not_in":
        return not any(values_equal(value, x) for x in arg)
    if op == "contains":
        return _contains(value, arg)
    if op == "regex":
        return isinstance(value, str) and data_regex.search(arg, value) is not None
    if op == "not_regex":
        return isinstance(value, str) and data_regex.search(arg, value) is None
    if op == "in_state":
        return _in_states(value, arg, states)
    if op == "not_in_state":
        return not _in_states(value, arg, states)
    raise ValueError(f"unknown operator {op!r}")


def match_value(matcher: Union[MatchOps, LiteralMatcher], value: Any, states: Sequence[Any] = ()) -> bool:
    """True when ``value`` satisfies the matcher (every given operator holds); ``states`` are
    what ``in_state``/``not_in_state`` read (S0 and the final state)."""
    if isinstance(matcher, LiteralMatcher):
        return values_equal(value, matcher.value)
    found = _OPERATORS.get(id(matcher))
    for op, arg in found[1] if found is not None and found[0] is matcher else _operators(matcher):
        if not _op_holds(op, arg, value, states):
            return False
    return True


# id(matcher) -> (the matcher, the operators it gives): matchers are frozen, what they give never
# changes; the matcher is held by its entry, so its id is not another's while the entry lives.
# A plain dict read inline (``match_value``: per value matched), emptied when full.
_OPERATORS: Dict[int, Tuple[MatchOps, Tuple[Tuple[str, Any], ...]]] = {}
_OPERATORS_MAX = 1 << 16


def _operators(matcher: MatchOps) -> Tuple[Tuple[str, Any], ...]:
    """``matcher.given()``'s items, in its order, worked out once per matcher."""
    found = _OPERATORS.get(id(matcher))
    if found is not None and found[0] is matcher:
        return found[1]
    given = tuple(matcher.given().items())
    if len(_OPERATORS) >= _OPERATORS_MAX:
        _OPERATORS.clear()
    _OPERATORS[id(matcher)] = (matcher, given)
    return given


def sum_numbers(data: Any, paths: Iterable[str]) -> float:
    """The sum of the numbers the paths select (others ignored), exactly rounded."""
    numbers: List[float] = []
    for path in paths:
        numbers.extend(v for v in select_values(data, path) if is_number(v))
    return math.fsum(numbers)


def _affirmed_match(text: str, pattern: str, reading: Optional[str] = None, affirmed: bool = True) -> Optional[str]:
    """The first match of the data regex ``pattern`` (RE2, linear) that is not negated in its
    clause (SPEC §5 statements), or None: ``{"regex": r, "affirmed": true}``. With ``reading``
    (the text read another way, character for character: ``letter_digits``), the match is
    sought in the reading, negation read in the text, and the text's own characters quoted;
    ``affirmed=False`` takes the first match, negated or not."""
    negated: Optional[Negations] = None
    for start, snippet in data_regex.matches(pattern, text if reading is None else reading):
        if affirmed:
            negated = negated or Negations(text)
            if negated(start) or hearsay(text, start):  # round 16: "You asked whether I could cancel it" offers nothing
                continue
            if len(snippet) > 1 and negated(start + len(snippet) - 1):  # round 16: "Even if you want, I can't cancel it"
                continue
            if withdrawn(text, start + len(snippet)):  # round 17: "I could cancel it -- but I won't"
                continue
        return snippet if reading is None else text[start:start + len(snippet)]
    return None


def _regex_match(text: str, matcher: Any) -> Optional[str]:
    """A regex matcher's snippet of ``text``: the text's own match, else (``digits_for_letters``)
    a match in a reading of it with words spelt with digits or signs read as letters."""
    import tau_shaped.reward.reading.text_matching as text_matching  # (not ``from`` the package: its fromlist is read in Python)

    found = _affirmed_match(text, matcher.regex) if matcher.affirmed else text_matching.find_regex(text, matcher.regex)
    if found is None and matcher.digits_for_letters:
        from tau_shaped.reward.reading.letter_digits import letter_readings

        for reading in letter_readings(text):
            found = _affirmed_match(text, matcher.regex, reading, matcher.affirmed)
            if found is not None:
                break
    return found


# a matcher's snippet of a text, by the matcher's identity (held by the entry: matchers are frozen), then the
# text: the output checks read every agent message of every rollout, and a GRPO group's rollouts repeat them.
# One dict of texts per matcher: a check reading a run's messages looks each up in it (``kept_snippets``).
_FOUND: Dict[int, Tuple[Any, Dict[str, Optional[str]]]] = {}
_FOUND_MOST = 16384  # snippets kept at most, over every matcher; full, they are all forgotten at once
_FOUND_TEXT = 4096  # a text up to this long has its snippet kept
_KEPT = [0]  # snippets kept now (about: a matcher's dict dropped for another of its id stays counted till the next clear)
UNREAD: Any = object()  # what ``kept_snippets(m).get(text, UNREAD)`` gives for a text not read yet


def kept_snippets(matcher: Any) -> Dict[str, Optional[str]]:
    """The snippets of ``matcher`` kept so far, by text (read, never written: ``match_text`` writes it)."""
    entry = _FOUND.get(id(matcher))
    if entry is None or entry[0] is not matcher:
        entry = _FOUND[id(matcher)] = (matcher, {})
    return entry[1]


def match_text(matcher: Any, text: str) -> Optional[str]:
    """The snippet of ``text`` that satisfies a TEXT_MATCHER, or None (kept per matcher and text)."""
    if type(text) is not str or len(text) > _FOUND_TEXT:
        return _match_text(matcher, text)
    found = kept_snippets(matcher).get(text, UNREAD)
    if found is UNREAD:
        found = _match_text(matcher, text)
        if _KEPT[0] >= _FOUND_MOST:
            _FOUND.clear()
            _KEPT[0] = 0
        kept_snippets(matcher)[text] = found
        _KEPT[0] += 1
    return found


def _match_text(matcher: Any, text: str) -> Optional[str]:
    import tau_shaped.reward.reading.text_matching as text_matching  # (not ``from`` the package: its fromlist is read in Python)

    if isinstance(matcher, ContainsText):
        if matcher.affirmed:
            import tau_shaped.reward.reading.statements as statements

            return statements.affirmed_phrase(text, matcher.contains)
        return text_matching.find_phrase(text, matcher.contains)
    if isinstance(matcher, RegexText):
        return _regex_match(text, matcher)
    if isinstance(matcher, NumberText):
        if matcher.affirmed:
            return text_matching.find_told_number(text, matcher.number, matcher.tolerance)
        return text_matching.find_number(text, matcher.number, matcher.tolerance)
    if isinstance(matcher, MathText):
        return text_matching.find_math(text, matcher.math)
    if isinstance(matcher, DeniesText):
        from tau_shaped.reward.reading.refusals import denial

        return denial(text)
    if isinstance(matcher, RestrictedText):
        from tau_shaped.reward.reading.account_holds import restriction_said

        return restriction_said(text)
    raise TypeError(f"not a text matcher: {matcher!r}")
