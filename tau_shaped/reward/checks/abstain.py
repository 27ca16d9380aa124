"""``{"abstain": P, "breach": Q, "why": TEXT}``: a rule that the data settles where Q holds (a
breach, Q's finding) and cannot settle where P holds (SPEC §8: undetermined at each step of P,
with TEXT as the evidence), never guessing either way. Where neither holds, the rule is kept.

A line of a policy may be read two ways on a fact the data records (tau2's airline: "It is a
business flight" of a reservation upgraded to business in this conversation, then cancelled):
the rule names the breach it is sure of (Q), and P the cases it leaves to a person."""

from __future__ import annotations

from typing import Any, Sequence

from pydantic import Field

from tau_shaped.reward.checks.registry import FULL, Check, CheckKind, Compiler, Predicate, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import _Strict


class AbstainPredicate(_Strict):
    abstain: Predicate
    breach: Predicate
    why: str = Field(min_length=1)


@register
class AbstainKind(CheckKind):
    key = "abstain"
    model = AbstainPredicate
    event_like = True

    def children(self, pred: Any) -> Sequence[Any]:
        return (pred.breach, pred.abstain)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        breach, doubt, why = compiler.child(pred.breach, demand), compiler.child(pred.abstain, FULL), pred.why

        def check(run: Any) -> Finding:
            found = breach(run)
            if found.holds:
                return found
            unsure = doubt(run)
            if not unsure.steps:
                return found
            steps = sorted(unsure.steps)
            return Finding(False, None, NOWHERE, f"undetermined: step {steps[0]}: {why}",
                           tuple((s, f"{why} ({unsure.evidence})") for s in steps))

        return check
