"""The predicate language of gates and checkpoints, as pydantic models (SPEC §5).

Predicates are data, never code: each form is a model that forbids unknown
keys, so a typo is refused when the task file is loaded. The forms:

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
  no observation, user message or listed value supports (typed statements)

A MATCHER is a literal (canonical equality, SPEC §4.4) or an object whose
keys are all operators: ``eq ne gt ge lt le in not_in contains regex not_regex``
(several operators must all hold; a regex is run by RE2, in linear time). A
literal object whose keys all look like operators must be written ``{"eq": {...}}``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Literal, Optional, Union

from pydantic import Discriminator, Field, Tag, field_validator, model_validator
from typing_extensions import Annotated

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


# ---- predicates -------------------------------------------------------------


class ToolPredicate(_MatcherMap):
    tool: str
    args: Dict[str, Matcher] = Field(default_factory=dict)
    succeeded: Optional[bool] = None


class SaidPredicate(_Strict):
    said: TextMatcher


class UserSaidPredicate(_Strict):
    user_said: TextMatcher


class StatePredicate(MatchOps):
    state: str
    at: Literal["final", "initial"] = "final"
    exists: Optional[bool] = None

    _path = field_validator("state")(_check_path)


class SumPredicate(MatchOps):
    sum: List[str] = Field(min_length=1)
    at: Literal["final", "initial"] = "final"

    @field_validator("sum")
    @classmethod
    def _paths(cls, value: List[str]) -> List[str]:
        return [_check_path(p) for p in value]


class TurnPredicate(_Strict):
    """Holds at each step whose recorded turn did more than one thing: an assistant message
    with several tool calls, or with text beside its call (tau-bench's agent acts one step a
    turn). Known from recorded messages (``traj``) and from the live loops that take an
    assistant message a turn (``StepwiseEnv``, ``play_episode``: ``note_combined_turn``)."""

    turn: Literal["combined"]


class EventPredicate(_MatcherMap):
    event: str
    where: Dict[str, Matcher] = Field(default_factory=dict)


class AllPredicate(_Strict):
    all: List["Predicate"] = Field(min_length=1)


class AnyPredicate(_Strict):
    any: List["Predicate"] = Field(min_length=1)


class NotPredicate(_Strict):
    not_: "Predicate" = Field(alias="not")


class BeforePredicate(_Strict):
    before: List["Predicate"] = Field(min_length=2, max_length=2)


class UnprecededPredicate(_Strict):
    """Holds at every step where ``unpreceded`` holds and ``by`` held at no earlier step since
    the start (``since: start``) or since the previous step of ``unpreceded`` (``previous``).
    ``same_step``: a ``by`` holding at the step itself counts as before it. The user's first
    message is placed at step 0 (SPEC §5) and comes before the action of step 0, so "the user
    stated X before the call" needs it when ``by`` is a ``user_said`` (a reply to the respond of
    step k is at step k, where no tool call can be)."""

    unpreceded: "Predicate"
    by: "Predicate"
    since: Literal["start", "previous"] = "start"
    same_step: bool = False


class Confirmation(_Strict):
    tools: List[str] = Field(min_length=1)
    # ARG -> how the describing message must state the call's value of ARG: "number" (the
    # amount), "text" (the value itself, "_" read as a space) or {VALUE: [phrases]}
    mention: Dict[str, Union[Literal["number", "text"], Dict[str, List[str]]]] = Field(default_factory=dict)
    # TOOL -> the kind of action (a key of ``action_words.ACTIONS``: "cancel",
    # "money_to_customer") or the words of which the describing message must say one, in any
    # inflection: a yes to one kind of write is no yes to another
    verbs: Dict[str, Union[str, List[str]]] = Field(default_factory=dict)
    # ARG -> the top-level table of S0 holding the record whose ARG is the call's value (an
    # address id): the describing message states that record's ``street`` (number and name)
    mention_address: Dict[str, str] = Field(default_factory=dict)
    # FIELD -> "number": a field of the call's result (a JSON object) that the describing message
    # must state when it is a number above 0: what a tool computes, such as a cancellation's
    # refund, is part of "exactly what you are about to do" too
    mention_result: Dict[str, Literal["number"]] = Field(default_factory=dict)
    # A reply is classified by ``replies.classify_reply`` (SPEC §10: the vocabulary is kept once);
    # a rule file may still give its own ``yes`` matcher, read as before (yes or no, never unclear)
    yes: Optional[TextMatcher] = None
    # a reply in which ``no`` finds something is never a yes, whatever ``yes`` finds in it ("No,
    # wait", "I'm not sure"); what ``no_unless`` finds is taken out of the reply first ("No
    # problem, go ahead", "why not"): RE2 has no lookaround to say "a no, but not this one"
    no: Optional[TextMatcher] = None
    no_unless: Optional[TextMatcher] = None
    succeeded: bool = True

    @field_validator("verbs")
    @classmethod
    def _known_kinds(cls, value: Dict[str, Any]) -> Dict[str, Any]:
        from tau_shaped.reward.action_words import ACTIONS

        for tool, kind in value.items():
            if isinstance(kind, str) and kind not in ACTIONS:
                raise ValueError(f"verbs of {tool}: unknown kind of action {kind!r} (one of {', '.join(sorted(ACTIONS))})")
        return value

    @model_validator(mode="after")
    def _unless_needs_no(self) -> "Confirmation":
        if self.no_unless is not None and self.no is None:
            raise ValueError("no_unless qualifies no: give no as well")
        if self.no is not None and self.yes is None:
            raise ValueError("no qualifies a yes matcher: give yes as well, or neither (the shared reply classifier)")
        return self


class UnconfirmedPredicate(_Strict):
    """Holds at each call to one of ``tools`` (that succeeded, by default) with no agent
    message since the previous such call that states the call's mentioned arguments and
    whose user reply is a yes (an unrecorded reply, in an offline trajectory, is not a no)."""

    unconfirmed: Confirmation


class EventSumPredicate(MatchOps, _MatcherMap):
    """The sum of ``field`` over the events of type ``event_sum`` matching ``where``."""

    event_sum: str
    field: str = "amount"
    where: Dict[str, Matcher] = Field(default_factory=dict)


class UnsupportedPredicate(_Strict):
    """Holds at each agent message that states an amount (``$12.50``) or a clock time that no
    earlier tool observation or user message states and that is not in ``values``. With
    ``observed_at_least`` (a field of ``from_tool``'s observation, e.g. ``earliest``), a time is
    also unsupported when it is earlier than that field of the latest such observation.
    ``acted``: argument names whose value in a later call of the agent supports a statement
    (an offer, "I can refund $6.48", that the agent then makes: judged by the money rules)."""

    unsupported: Literal["amount", "time"]
    values: List[float] = Field(default_factory=list)
    acted: List[str] = Field(default_factory=list)
    # amounts: the policy's rates (20% of the food subtotal, a ×1.3 surge): an amount that is
    # one of them times a supported amount, rounded to cents, is supported too (the policy's
    # own formula applied to a tool's number: "20% of $8.42 is $1.68")
    rates: List[float] = Field(default_factory=list)

    @field_validator("values", mode="before")
    @classmethod
    def _flatten(cls, value: Any) -> Any:
        # a bound fact may be a list inside the list (policy numbers + the task's amounts)
        if isinstance(value, list):
            return [x for v in value for x in (v if isinstance(v, list) else [v])]
        return value
    tolerance: float = Field(default=0.005, ge=0)
    from_tool: Optional[str] = None
    observed_at_least: Optional[str] = None
    # times: the policy's clock (minutes since midnight): a time stated relative to it ("in
    # about 5 minutes") is now plus the duration, and is held to ``observed_at_least``
    now: Optional[float] = Field(default=None, ge=0, lt=1440)


class DisclosesPredicate(_Strict):
    """Holds at each agent message that states another customer's identifying data (SPEC §10: a
    leak): ``discloses`` names whose (``other_customers``: any customer of S0 but ``of``, the
    customer in the chat; ``other_users``: any user of a tau2 S0's ``users`` but ``of``, read by
    ``user_records``) unless the customer said it first (``disclosures``)."""

    discloses: Literal["other_customers", "other_users"]
    of: str


class OffersUnsafePredicate(_Strict):
    """Holds at each agent message that offers, in words, a dish holding one of the allergens of
    the customer ``offers_unsafe`` (SPEC §10: an unsafe item offered in words is a proposal of
    it; ``disclosures.unsafe_dishes_offered``)."""

    offers_unsafe: str


class FactsStatedPredicate(_Strict):
    """Holds at each agent message that states a fact of a kind in ``facts_stated`` that the
    tools' observations so far, the customer's words and the policy (the numbers given here)
    do not back or that they contradict (SPEC §10 statements; ``fact_claims``): minutes late
    (against each observed order's ``late_fields``: promised, actual), where compensation
    starts (``late_starts_at``), an order's status (its latest observed or written status,
    ``status_writes``: tool -> status), an account state no tool showed, when a refund arrives
    (``card_refund_days``, ``wallet_immediate``), a percentage (``percents``), a dish said to
    be free of allergens (S0's menus; "your allergens": those of customer ``of``). A status
    said of "it" when several orders were looked up and the message names none is undetermined."""

    facts_stated: List[Literal["minutes_late", "late_threshold", "status", "account_state", "refund_timing", "percent",
                               "allergen_free"]] = Field(min_length=1)
    of: str = ""
    late_fields: List[str] = Field(default_factory=lambda: ["eta_high", "delivered_at"], min_length=2, max_length=2)
    late_starts_at: Optional[float] = None
    status_writes: Dict[str, str] = Field(default_factory=dict)
    card_refund_days: List[float] = Field(default_factory=list, max_length=2)
    wallet_immediate: bool = False
    percents: List[float] = Field(default_factory=list)
    # a field of customer ``of`` in S0 that, when true, leaves account states to another rule
    # (food delivery: on a fraud-flagged account, naming a hold is fd.fraud.flag_not_mentioned)
    account_state_judged_elsewhere_if: Optional[str] = None


class MoneyStatedPredicate(_Strict):
    """Holds at each agent message whose money claims (SPEC §10 statements; ``money_claims``)
    nothing backs or something contradicts (``money_checks``): an amount no tool figure,
    customer number, policy value (``values``) or money a write moves gives, a false one in a
    write's confirmation; a refund method other than the next refund's; a refund timing other
    than the policy's (``immediate_sources`` at once, else within ``refund_days``). An amount
    that cannot be tied to what it was computed from is undetermined."""

    money_stated: List[Literal["amount", "refund_method", "refund_timing"]] = Field(min_length=1)
    values: List[float] = Field(default_factory=list)
    immediate_sources: List[str] = Field(default_factory=list)
    refund_days: List[float] = Field(default_factory=list, max_length=2)


class RefusalUnsaidPredicate(_Strict):
    """Holds when no agent message denies the customer's request (SPEC §10; ``refusals``): a
    task whose ground truth changes nothing is done only by saying no. A message that leans
    towards a limit without stating one, and no denial anywhere, leaves it undetermined."""

    refusal_unsaid: Literal[True]


_FORMS = {
    "tool": ToolPredicate,
    "said": SaidPredicate,
    "user_said": UserSaidPredicate,
    "state": StatePredicate,
    "sum": SumPredicate,
    "event": EventPredicate,
    "turn": TurnPredicate,
    "all": AllPredicate,
    "any": AnyPredicate,
    "not": NotPredicate,
    "before": BeforePredicate,
    "unpreceded": UnprecededPredicate,
    "unconfirmed": UnconfirmedPredicate,
    "event_sum": EventSumPredicate,
    "unsupported": UnsupportedPredicate,
    "discloses": DisclosesPredicate,
    "offers_unsafe": OffersUnsafePredicate,
    "facts_stated": FactsStatedPredicate,
    "money_stated": MoneyStatedPredicate,
    "refusal_unsaid": RefusalUnsaidPredicate,
}


_FORM_KEYS = frozenset(_FORMS)


def _predicate_kind(value: Any) -> Optional[str]:
    if isinstance(value, dict):
        kinds = _FORM_KEYS.intersection(value.keys())
        return FORM_TAG + next(iter(kinds)) if len(kinds) == 1 else None
    for key, model in _FORMS.items():
        if type(value) is model:
            return FORM_TAG + key
    return None


Predicate = Annotated[
    Union[tuple(Annotated[model, Tag(FORM_TAG + key)] for key, model in _FORMS.items())],  # type: ignore[misc]
    Discriminator(
        _predicate_kind,
        custom_error_type="predicate_form",
        custom_error_message="a predicate needs exactly one of: " + ", ".join(_FORMS),
    ),
]

for _model in (AllPredicate, AnyPredicate, NotPredicate, BeforePredicate, UnprecededPredicate):
    _model.model_rebuild()


def walk(pred: Any) -> Iterator[Any]:
    """The predicate and every predicate nested in it, depth first."""
    yield pred
    if isinstance(pred, AllPredicate):
        children: List[Any] = list(pred.all)
    elif isinstance(pred, AnyPredicate):
        children = list(pred.any)
    elif isinstance(pred, BeforePredicate):
        children = list(pred.before)
    elif isinstance(pred, NotPredicate):
        children = [pred.not_]
    elif isinstance(pred, UnprecededPredicate):
        children = [pred.unpreceded, pred.by]
    else:
        children = []
    for child in children:
        yield from walk(child)
