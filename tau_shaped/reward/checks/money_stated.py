"""``{"money_stated": [KIND, ...], ...}``: each agent message whose money claims nothing backs or
something contradicts (SPEC §10 statements; ``money_claims``, ``money_checks``). An amount said
to move (a charge, a refund) that nothing backs is a breach; only a bare price nothing backs, whose
words do not say which record's price it is, is undetermined (SPEC §8)."""

from __future__ import annotations

from typing import Any, List, Tuple

from pydantic import Field
from typing_extensions import Literal

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding, violations
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.normalize_questions import agent_seen


class MoneyStatedPredicate(_Strict):
    """Holds at each agent message whose money claims (SPEC §10 statements; ``money_claims``)
    nothing backs or something contradicts (``money_checks``): an amount no tool figure,
    customer number, policy value (``values``) or money a write moves gives, a false one in a
    write's confirmation; a refund method other than the next refund's; a refund timing other
    than the policy's (``immediate_sources`` at once, else within ``refund_days``). A bare price
    (an amount typed as neither a charge nor a refund) that nothing backs is undetermined."""

    money_stated: List[Literal["amount", "refund_method", "refund_timing"]] = Field(min_length=1)
    values: List[float] = Field(default_factory=lambda: [])
    immediate_sources: List[str] = Field(default_factory=lambda: [])
    refund_days: List[float] = Field(default_factory=lambda: [], max_length=2)


class RefusalUnsaidPredicate(_Strict):
    """Holds when no agent message denies the customer's request (SPEC §10; ``refusals``): a
    task whose ground truth changes nothing is done only by saying no. A message that leans
    towards a limit without stating one, and no denial anywhere, leaves it undetermined."""

    refusal_unsaid: Literal[True]


@register
class MoneyStatedKind(CheckKind):
    key = "money_stated"
    model = MoneyStatedPredicate

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return lambda run: _money(run, pred)


def _money(run: Any, p: Any) -> Finding:
    from tau_shaped.reward.reading.money_checks import MoneyChecker

    trajectory = run.trajectory
    checker = MoneyChecker(p, trajectory.steps, seen(trajectory.first_user_message))
    hits: List[Tuple[int, str]] = []
    doubts: List[Tuple[int, str]] = []
    for s in trajectory.steps:
        if s.agent_text is not None:
            found = checker.message(s.index, agent_seen(s.agent_text))
            if found is not None:
                (hits if found[0] else doubts).append((s.index, found[1]))
        elif s.succeeded:
            checker.observe(s.observation or "", s.index)
        checker.hear(seen(s.user_reply))
    verdict = violations(hits, "every amount, refund method and refund timing stated is backed")
    if not verdict.holds and doubts:
        return Finding(False, None, NOWHERE, f"undetermined: step {doubts[0][0]}: {doubts[0][1]}", tuple(doubts))
    return verdict
