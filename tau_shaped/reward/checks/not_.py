"""``{"not": P}``: holds iff P never holds, a fact of the whole trajectory with no step of its
own (SPEC §5)."""

from __future__ import annotations

from typing import Any, Sequence

from pydantic import Field

from tau_shaped.reward.checks.registry import FIRST, HOLDS, Check, CheckKind, Compiler, Predicate, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import _Strict


class NotPredicate(_Strict):
    not_: Predicate = Field(alias="not")


@register
class NotKind(CheckKind):
    key = "not"
    model = NotPredicate

    def children(self, pred: Any) -> Sequence[Any]:
        return (pred.not_,)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        inner = compiler.child(pred.not_, HOLDS if demand == HOLDS else FIRST)

        def check(run: Any) -> Finding:
            v = inner(run)
            if v.holds:
                return Finding(False, None, NOWHERE, lambda: f"not: {v.evidence}")
            return Finding(True, None, run.all_steps, lambda: f"never: {v.evidence}")

        return check
