"""``{"before": [P, Q]}``: holds at each step where Q holds after a step where P held
(SPEC §5)."""

from __future__ import annotations

from typing import Any, List, Sequence

from pydantic import Field

from tau_shaped.reward.checks.registry import FULL, Check, CheckKind, Compiler, Predicate, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import _Strict


class BeforePredicate(_Strict):
    before: List[Predicate] = Field(min_length=2, max_length=2)


@register
class BeforeKind(CheckKind):
    key = "before"
    model = BeforePredicate
    event_like = True

    def children(self, pred: Any) -> Sequence[Any]:
        return pred.before

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        first_check, then_check = (compiler.child(q, FULL) for q in pred.before)

        def check(run: Any) -> Finding:
            first = first_check(run)
            if not first.steps:
                return Finding(False, None, NOWHERE, lambda: f"before: first part never held ({first.evidence})")
            earliest = min(first.steps)
            then = then_check(run)  # read only once the first part held
            steps = frozenset(j for j in then.steps if j > earliest)
            if not steps:
                return Finding(False, None, NOWHERE, f"before: second part never held after step {earliest}")
            step = min(steps)
            return Finding(True, step, steps, lambda: f"{first.evidence}, then at step {step}: {then.evidence}")

        return check

