"""Matchers (SPEC §5): what a predicate compares a value or a text with, as pydantic models.

A MATCHER is a literal (canonical equality, SPEC §4.4) or an object whose keys
are all operators: ``eq ne gt ge lt le in not_in contains regex not_regex
in_state not_in_state`` (several operators must all hold). A literal object whose keys
all look like operators must be written ``{"eq": {...}}``; an object mixing
operators with other keys, or with a key one typo away from an operator, is
refused (SPEC §6.2), as is a NaN or an infinity. A TEXT_MATCHER judges the
agent's or the user's messages: ``contains``, ``regex``, ``number``, ``math``, ``denies``.

A ``regex`` (and ``not_regex``: the value is a string the pattern does not match) is data:
it is compiled by RE2 and matched in linear time (``data_regex``); a pattern RE2 refuses
(lookaround, a backreference) is refused on load, naming it.
"""

from __future__ import annotations

import difflib
import math
from typing import Any, Dict, List, Optional, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    field_validator,
    model_serializer,
    model_validator,
)
from typing_extensions import Annotated, Literal

from tau_shaped.reward.data_regex import check_pattern
from tau_shaped.reward.paths import PathError, parse_path

#: Prefix of the union tags pydantic puts in error locations (stripped when reported).
FORM_TAG = "form:"

OPERATORS = ("eq", "ne", "gt", "ge", "lt", "le", "in", "not_in", "contains", "regex", "not_regex", "in_state",
             "not_in_state")


class StrictModel(BaseModel):
    """The base of every model of the rule and task language: an unknown key is refused, a value
    is frozen once read. A check kind's schema (``CheckKind.model``) subclasses it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


_Strict = StrictModel  # the name this package's own models use


def _check_regex(pattern: Optional[str]) -> Optional[str]:
    return check_pattern(pattern)


def _non_finite(value: Any) -> Optional[float]:
    """The first NaN or infinity inside ``value`` (lists and objects searched), if any."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return None


def _refuse_non_finite(value: Any) -> Any:
    bad = _non_finite(value)
    if bad is not None:
        raise ValueError(f"{bad} in a matcher: numbers must be finite (SPEC §6.2)")
    return value


def _check_path(path: str) -> str:
    try:
        parse_path(path)
    except PathError as exc:
        raise ValueError(str(exc)) from None
    return path


class MatchOps(_Strict):
    """Operators on one value; every operator given must hold."""

    eq: Any = None
    ne: Any = None
    gt: Optional[float] = None
    ge: Optional[float] = None
    lt: Optional[float] = None
    le: Optional[float] = None
    in_: Optional[List[Any]] = Field(default=None, alias="in")
    not_in: Optional[List[Any]] = None
    contains: Any = None
    regex: Optional[str] = None
    # the value is a string that the pattern does not match (RE2 has no lookaround, so "none
    # of these words" is {"not_regex": "word1|word2"}); a value that is not a string is not
    not_regex: Optional[str] = None
    # binding to state (SPEC §5): the value is (not) one of those the path selects in the
    # state the step acted on (a list selected counts its items), e.g. the order acted on
    # belongs to the verified customer: {"in_state": "customers.CU-1.orders"}. Read from the
    # env's probes; a hand-built trajectory with no trace reads S0 and the final state.
    in_state: Optional[str] = None
    not_in_state: Optional[str] = None

    _regex = field_validator("regex", "not_regex")(_check_regex)

    @model_validator(mode="after")
    def _finite(self) -> "MatchOps":
        for value in self.given().values():
            _refuse_non_finite(value)
        return self

    @field_validator("in_state", "not_in_state")
    @classmethod
    def _state_path(cls, value: Optional[str]) -> Optional[str]:
        return _check_path(value) if value is not None else value

    def given(self) -> Dict[str, Any]:
        """The operators the author wrote, by their JSON names (``eq: null`` included)."""
        out = {}
        given = self.model_fields_set
        for name in type(self).model_fields:  # declaration order: a set's order varies with PYTHONHASHSEED
            if name not in given:
                continue
            key = "in" if name == "in_" else name
            if key in OPERATORS:
                out[key] = getattr(self, name)
        return out


def _as_matcher(value: Any) -> Any:
    key = _memo_key(value)
    if key is not None:
        found = _MATCHERS.get(key)
        if found is None:
            found = _made_matcher(value)
            if len(_MATCHERS) >= _MATCHERS_MAX:
                _MATCHERS.clear()
            _MATCHERS[key] = found
        return found
    return _made_matcher(value)


_SCALARS = (str, int, float, bool, type(None))
_OPERATOR_SET = frozenset(OPERATORS)
_LISTED = ("in", "not_in")  # validated into a list of their own: the caller's list is not kept
# the matcher made of a scalar, or of operators whose arguments are scalars (``in``/``not_in``: a
# list of scalars), by the ``repr`` of what it is made of: a rule bound to many tasks validates the
# same few ({"ne": "CU-1"}, a customer's orders' path) again and again. A ``repr`` of exact
# built-in scalars (and of an object or list of them) tells types, float bits and key order
# apart, so equal keys are equal inputs and make equal matchers; a matcher is frozen and holds
# only immutable scalars and lists of its own, so one is shared. A refused input raises each time
# (nothing kept). Emptied when full.
_MATCHERS: Dict[str, Any] = {}
_MATCHERS_MAX = 1 << 14
_KEY_MAX = 256


def _memo_key(value: Any) -> Optional[str]:
    kind = type(value)
    if kind in _SCALARS:
        key = repr(value)
    elif kind is dict and value and value.keys() <= _OPERATOR_SET and all(
            type(v) in _SCALARS or (k in _LISTED and type(v) is list and all(type(x) in _SCALARS for x in v))
            for k, v in value.items()):
        key = repr(value)
    else:
        return None
    return key if len(key) <= _KEY_MAX else None  # a long text is kept for its rule alone


def _made_matcher(value: Any) -> Any:
    if isinstance(value, dict) and value and set(value) <= set(OPERATORS):
        return MatchOps.model_validate(value)
    if isinstance(value, MatchOps):
        return value
    if isinstance(value, dict) and value:
        _refuse_mistyped(value)
    return LiteralMatcher(value=_refuse_non_finite(value))


def _refuse_mistyped(value: Dict[Any, Any]) -> None:
    """SPEC §6.2: an unknown key in a matcher is an error, not a literal. An object mixing
    operators with other keys, or with a key one typo away from an operator, was meant as
    operators; a literal object is written ``{"eq": {...}}``."""
    keys = [k for k in value if isinstance(k, str)]
    operators = [k for k in keys if k in OPERATORS]
    for key in keys:
        if key in OPERATORS:
            continue
        near = difflib.get_close_matches(key, OPERATORS, n=1, cutoff=0.75)
        if operators or near:
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise ValueError(
                f"unknown matcher key {key!r}{hint}; operators are {', '.join(OPERATORS)}; "
                'write a literal object as {"eq": {...}}'
            )


class LiteralMatcher(_Strict):
    """A literal matcher: canonical equality with ``value``."""

    value: Any

    @model_serializer(mode="plain")
    def _as_written(self) -> Any:
        # dumped as the author wrote it, so a dumped task loads back to the same matcher (a
        # literal object whose keys all look like operators is written {"eq": ...})
        if isinstance(self.value, dict) and self.value and set(self.value) <= set(OPERATORS):
            return {"eq": self.value}
        return self.value


Matcher = Annotated[Union[MatchOps, LiteralMatcher], Field(union_mode="left_to_right")]


class _MatcherMap(_Strict):
    @field_validator("args", "where", mode="before", check_fields=False)
    @classmethod
    def _matchers(cls, value: Any) -> Any:
        if isinstance(value, dict):
            out = {}
            for key, matcher in value.items():
                try:
                    out[key] = _as_matcher(matcher)
                except ValueError as exc:
                    raise ValueError(f"{key}: {exc}") from None
            return out
        return value


# ---- text matchers --------------------------------------------------------


class ContainsText(_Strict):
    contains: str = Field(min_length=1)
    # SPEC §5 statements: a negated occurrence ("has not been delivered") does not count, and
    # a status word matches its forms ("preparing" ~ "being prepared")
    affirmed: bool = False


class RegexText(_Strict):
    regex: str
    _regex = field_validator("regex")(_check_regex)
    # SPEC §5 statements: a match negated in its clause ("I won't transfer you") does not count
    affirmed: bool = False
    # SPEC §10: a word spelt with digits or signs for letters ("0n ice", "qu4rantined") is read
    # as letters too (reading/letter_digits.py); the evidence quotes the text as written
    digits_for_letters: bool = False


class NumberText(_Strict):
    number: float = Field(allow_inf_nan=False)
    tolerance: float = Field(default=0.0, ge=0, allow_inf_nan=False)
    affirmed: bool = False  # told: not only asked, supposed or taken back (``text_matching.find_told_number``)


class MathText(_Strict):
    math: str = Field(min_length=1)

    @field_validator("math")
    @classmethod
    def _parses(cls, value: str) -> str:
        from tau_shaped.reward.math_expressions import MathParseError, parse_math

        try:
            parse_math(value)
        except MathParseError as exc:
            raise ValueError(f"math expression does not parse: {exc}") from None
        return value


class DeniesText(_Strict):
    # SPEC §5: the text denies the customer's request, as reading/refusals reads a denial ("I
    # can't cancel it", "not eligible", "status: denied"; not "No problem!" or "nothing else")
    denies: Literal[True]


class RestrictedText(_Strict):
    # SPEC §10: the text says a holder of the customer's (the account, profile, wallet, money for
    # them) is in a restricting state, whatever the wording (reading/account_holds.py): "your
    # account is on ice", "yours can't receive refunds"; not "the kitchen flagged the order"
    restricted: Literal["customer"]


def _text_kind(value: Any) -> Optional[str]:
    if isinstance(value, dict):
        for key in ("contains", "regex", "number", "math", "denies", "restricted"):
            if key in value:
                return FORM_TAG + key
        return None
    for key, model in _TEXT_KINDS.items():
        if isinstance(value, model):
            return FORM_TAG + key
    return None


_TEXT_KINDS = {"contains": ContainsText, "regex": RegexText, "number": NumberText, "math": MathText, "denies": DeniesText,
               "restricted": RestrictedText}

TextMatcher = Annotated[
    Union[
        Annotated[ContainsText, Tag(FORM_TAG + "contains")],
        Annotated[RegexText, Tag(FORM_TAG + "regex")],
        Annotated[NumberText, Tag(FORM_TAG + "number")],
        Annotated[MathText, Tag(FORM_TAG + "math")],
        Annotated[DeniesText, Tag(FORM_TAG + "denies")],
        Annotated[RestrictedText, Tag(FORM_TAG + "restricted")],
    ],
    Discriminator(
        _text_kind,
        custom_error_type="text_matcher_form",
        custom_error_message="a text matcher needs one of: contains, regex, number, math, denies, restricted",
    ),
]
