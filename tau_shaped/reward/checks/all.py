"""``{"all": [P, ...]}``: holds iff every part holds, from the step the last part first held
(SPEC §5). Parts are evaluated in order and the first that fails decides: its evidence is the
verdict's."""

from __future__ import annotations

from typing import Any, List, Sequence

from pydantic import Field

from tau_shaped.reward.checks.registry import FIRST, HOLDS, Check, CheckKind, Compiler, Predicate, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import _Strict


class AllPredicate(_Strict):
    all: List[Predicate] = Field(min_length=1)


@register
class AllKind(CheckKind):
    key = "all"
    model = AllPredicate

    def children(self, pred: Any) -> Sequence[Any]:
        return pred.all

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        # a part's steps are never read (the verdict's are from its step on)
        parts = tuple(compiler.child(q, HOLDS if demand == HOLDS else FIRST) for q in pred.all)

        def check(run: Any) -> Finding:
            verdicts = []
            for part in parts:
                v = part(run)
                if not v.holds:
                    return Finding(False, None, NOWHERE, v._evidence)
                verdicts.append(v)
            anchored = [v.step for v in verdicts if v.step is not None]
            step = max(anchored) if anchored else None
            steps = frozenset(range(step, run.n)) if step is not None else run.all_steps
            return Finding(True, step, steps, lambda: "; ".join(v.evidence for v in verdicts))

        return check
