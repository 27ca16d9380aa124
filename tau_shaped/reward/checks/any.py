"""``{"any": [P, ...]}``: holds at any step a part holds (SPEC §5); its step is the earliest
step of a part, its evidence that part's.

What is decidable early depends on what the consumer reads: whether it holds (the first part
that holds decides), its step and evidence (a part holding at step 0 cannot be beaten: the
first such decides) or every step (a checkpoint, an outcome rule's breaches: every part)."""

from __future__ import annotations

from typing import Any, List, Sequence

from pydantic import Field

from tau_shaped.reward.checks.registry import FULL, HOLDS, Check, CheckKind, Compiler, Predicate, kind_of, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import _Strict


class AnyPredicate(_Strict):
    any: List[Predicate] = Field(min_length=1)


_NONE = "no alternative holds"
_MISS = Finding(False, None, NOWHERE, _NONE)  # every ``any`` that does not hold: findings are never changed


@register
class AnyKind(CheckKind):
    key = "any"
    model = AnyPredicate

    def children(self, pred: Any) -> Sequence[Any]:
        return pred.any

    def meets_at_every_step(self, pred: Any) -> bool:
        """An ``any`` of event-like forms is met at each step any of them is."""
        return all(kind_of(q).event_like for q in pred.any)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        # each part with the tool it holds only at a call of (``needs_call``): a part whose tool the run never calls
        # does not hold there, and is passed by unread (most of a rule's alternative calls are made in no rollout)
        parts = tuple((compiler.child(q, demand), kind_of(q).needs_call(q)) for q in pred.any)
        if demand == HOLDS:
            def holds(run: Any) -> Finding:
                called = run.calls_by_tool()
                for part, tool in parts:
                    if tool is not None and tool not in called:
                        continue
                    v = part(run)
                    if v.holds:
                        return v
                return _MISS

            return holds
        every = demand == FULL

        def check(run: Any) -> Finding:
            held: List[Finding] = []
            first = None  # the earliest anchored part (the first of equals)
            called = run.calls_by_tool()
            for part, tool in parts:
                if tool is not None and tool not in called:
                    continue
                v = part(run)
                if not v.holds:
                    continue
                held.append(v)
                if v.step is not None and (first is None or v.step < first.step):
                    first = v
                    if v.step == 0 and not every:
                        break  # no part can hold earlier: step and evidence are decided
            if not held:
                return _MISS
            if first is None:
                first = held[0]
            steps = frozenset().union(*(v.steps for v in held)) if len(held) > 1 else held[0].steps
            return Finding(True, first.step, steps, first._evidence)

        return check
