"""The predicate language of gates and checkpoints, as pydantic models (SPEC §5).

Predicates are data, never code: each form is a model that forbids unknown
keys, so a typo is refused when the task file is loaded. Each form is a check kind
(``checks/``: one module per kind, holding its model, its children, what it reads and how it
evaluates); this module gives the language's names in one place. The forms:

- ``{"tool": NAME, "args": {ARG: MATCHER}, "succeeded": BOOL}``
- ``{"said": TEXT_MATCHER}`` / ``{"user_said": TEXT_MATCHER}``
- ``{"state": PATH, "at": "final"|"initial", ...MATCHER}`` (``"exists": bool``
  tests whether the path selects anything)
- ``{"event": TYPE, "where": {FIELD: MATCHER}}``
- ``{"sum": [PATH, ...], "at": ..., ...MATCHER}``
- ``{"all": [...]}``, ``{"any": [...]}``, ``{"not": P}``, ``{"before": [P, Q]}``
- ``{"unpreceded": P, "by": Q, "since": "start"|"previous", "same_step": BOOL}``: the steps of P
  with no Q before them (since the start, or since P's previous step): ordering over every
  occurrence (``same_step``: a Q at P's own step counts as before it)
- ``{"unconfirmed": {"tools": [...], "mention": {...}, "yes": TEXT_MATCHER, "no": ...,
  "no_unless": ...}}``: the write calls that no agent message describing them, answered yes
  (a reply in which ``no`` finds something once ``no_unless``'s finds are taken out is no
  yes), precedes since the last write
- ``{"event_sum": TYPE, "field": F, "where": {...}, ...MATCHER}``: the sum of a field over
  the matching events (money scoped to the conversation)
- ``{"unsupported": "amount"|"time", ...}``: agent messages stating an amount or time that
  no observation, user message or listed value supports (typed statements; two kinds)
- ``{"discloses": ...}``, ``{"offers_unsafe": ...}``, ``{"facts_stated": [...]}``,
  ``{"money_stated": [...]}``: what an agent's words give away, offer or claim (SPEC §10)

A MATCHER is a literal (canonical equality, SPEC §4.4) or an object whose
keys are all operators: ``eq ne gt ge lt le in not_in contains regex not_regex``
(several operators must all hold; a regex is run by RE2, in linear time). A
literal object whose keys all look like operators must be written ``{"eq": {...}}``.
"""

from __future__ import annotations

from tau_shaped.reward.checks import Predicate, form_keys, walk  # noqa: F401 - the predicate language's names
from tau_shaped.reward.checks.all import AllPredicate  # noqa: F401
from tau_shaped.reward.checks.any import AnyPredicate  # noqa: F401
from tau_shaped.reward.checks.before import BeforePredicate  # noqa: F401
from tau_shaped.reward.checks.discloses import DisclosesPredicate  # noqa: F401
from tau_shaped.reward.checks.event import EventPredicate  # noqa: F401
from tau_shaped.reward.checks.event_sum import EventSumPredicate  # noqa: F401
from tau_shaped.reward.checks.facts_stated import FactsStatedPredicate  # noqa: F401
from tau_shaped.reward.checks.money_stated import MoneyStatedPredicate  # noqa: F401
from tau_shaped.reward.checks.not_ import NotPredicate  # noqa: F401
from tau_shaped.reward.checks.offers_unsafe import OffersUnsafePredicate  # noqa: F401
from tau_shaped.reward.checks.refusal_unsaid import RefusalUnsaidPredicate  # noqa: F401
from tau_shaped.reward.checks.said import SaidPredicate  # noqa: F401
from tau_shaped.reward.checks.state import StatePredicate  # noqa: F401
from tau_shaped.reward.checks.statement_support import UnsupportedPredicate  # noqa: F401
from tau_shaped.reward.checks.sum import SumPredicate  # noqa: F401
from tau_shaped.reward.checks.tool import ToolPredicate  # noqa: F401
from tau_shaped.reward.checks.turn import TurnPredicate  # noqa: F401
from tau_shaped.reward.checks.unconfirmed import Confirmation, UnconfirmedPredicate  # noqa: F401
from tau_shaped.reward.checks.unpreceded import UnprecededPredicate  # noqa: F401
from tau_shaped.reward.checks.unsupported_amount import UnsupportedAmountPredicate  # noqa: F401
from tau_shaped.reward.checks.unsupported_time import UnsupportedTimePredicate  # noqa: F401
from tau_shaped.reward.matcher_schema import (  # noqa: F401 - re-exported: the predicate language's names
    FORM_TAG,
    OPERATORS,
    ContainsText,
    LiteralMatcher,
    Matcher,
    MatchOps,
    MathText,
    NumberText,
    RegexText,
    TextMatcher,
    _as_matcher,
    _check_path,
    _check_regex,
    _MatcherMap,
    _Strict,
)
