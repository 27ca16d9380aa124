"""``{"facts_stated": [KIND, ...], ...}``: each agent message stating a fact of a kind listed that
the tools' observations so far, the customer's words and the policy do not back or that they
contradict (SPEC §10 statements; ``fact_claims``, ``fact_checks``). A fact that cannot be tied to
what it is about is undetermined (SPEC §8)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from pydantic import Field
from typing_extensions import Literal

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding, violations
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.self_answers import self_answered


class FactsStatedPredicate(_Strict):
    """Holds at each agent message that states a fact of a kind in ``facts_stated`` that the
    tools' observations so far, the customer's words and the policy (the numbers given here)
    do not back or that they contradict (SPEC §10 statements; ``fact_claims``): minutes late
    (against each observed order's ``late_fields``: promised, actual), where compensation
    starts (``late_starts_at``), an order's status (its latest observed or written status,
    ``status_writes``: tool -> status), an account state no tool showed, when a refund arrives
    (``card_refund_days``, ``wallet_immediate``), a percentage (``percents``), a dish said to
    be free of allergens (S0's menus; "your allergens": those of customer ``of``). A status
    said of "it" when several orders were looked up and the message names none is undetermined.
    ``event_day``: an order said delivered or placed on a day ("yesterday", "on Monday") other than
    the one its record's ``event_fields`` show, on the episode's clock. ``apology_cap``: the
    apology-credit cap said for a tier (``cap_claims``: the tier named, else customer ``of``'s)
    other than S0's ``policy.apology_credit_cap``."""

    facts_stated: List[Literal["minutes_late", "late_threshold", "status", "account_state", "refund_timing", "percent",
                               "allergen_free", "event_day", "apology_cap"]] = Field(min_length=1)
    of: str = ""
    late_fields: List[str] = Field(default_factory=lambda: ["eta_high", "delivered_at"], min_length=2, max_length=2)
    late_starts_at: Optional[float] = None
    # where a later tier of late compensation starts, by what it adds: {"percent": 30} (wiki.md: 30 or more minutes
    # late, the delivery fee plus 20% of the subtotal); a tier said to start elsewhere is a wrong late_threshold
    late_tiers: Dict[str, float] = Field(default_factory=dict)
    # event_day: an order's event said to be on a day ("delivered yesterday") against these fields
    # of its record (ISO times), on the episode's clock (S0's ``clock.now``)
    event_fields: Dict[str, str] = Field(default_factory=lambda: {"delivered": "delivered_at", "placed": "placed_at"})
    status_writes: Dict[str, str] = Field(default_factory=dict)
    card_refund_days: List[float] = Field(default_factory=lambda: [], max_length=2)
    wallet_immediate: bool = False
    percents: List[float] = Field(default_factory=lambda: [])
    # a percentage said of one of these (its words in the percentage's clause: "a 15% service fee")
    # is that rate; any other, one of ``percents``
    percent_of: Dict[str, float] = Field(default_factory=dict)
    # a field of customer ``of`` in S0 that, when true, leaves account states to another rule
    # (food delivery: on a fraud-flagged account, naming a hold is fd.fraud.flag_not_mentioned)
    account_state_judged_elsewhere_if: Optional[str] = None


@register
class FactsStatedKind(CheckKind):
    key = "facts_stated"
    model = FactsStatedPredicate

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return lambda run: _facts(run, pred)


_READER: List[Any] = []  # fact_checks' FactChecker and stated_claims, imported on first use (its readers are not loaded with the checks)


def _facts(run: Any, p: Any) -> Finding:
    if not _READER:
        from tau_shaped.reward.reading.fact_checks import FactChecker, stated_claims

        _READER.extend((FactChecker, stated_claims))
    checker_of, stated = _READER
    kinds = frozenset(p.facts_stated)  # (the checker's, or these less account states: no claim of theirs is in it alone)
    steps = run.trajectory.steps
    checker: Any = None
    fed = 0  # the steps before it the checker has been given (observed, heard): only those before a message that states a fact
    hits: List[Tuple[int, str]] = []
    doubts: List[Tuple[int, str]] = []
    for index, text in run.agent_messages():  # (read as agent_seen reads them)
        text = self_answered(text)  # "Where is FD-10007? Still being prepared.": a statement (round 13)
        found = stated(text, kinds, run.initial)
        if not found:
            continue  # a message that states no fact of these kinds is judged None whatever came before
        if checker is None:
            checker = checker_of(p, run.initial)
            checker.hear(seen(run.trajectory.first_user_message))
        for s in steps[fed:index]:  # what came before the message, in order: a reply after its message, a tool's result
            if s.agent_text is not None:
                reply = s.user_reply
                if reply:  # (no reply, or an empty one: nothing heard)
                    checker.hear(seen(reply))
            else:
                checker.observe_step(s)  # read, if it succeeded, when a claim needs it
        fed = max(fed, index)
        verdict = checker.judge(text, found)
        if verdict is not None:
            (hits if verdict[0] else doubts).append((index, verdict[1]))
    verdict = violations(hits, "every fact stated is backed by a tool, the customer or the policy")
    if not verdict.holds and doubts:
        return Finding(False, None, NOWHERE, f"undetermined: step {doubts[0][0]}: {doubts[0][1]}", tuple(doubts))
    return verdict
