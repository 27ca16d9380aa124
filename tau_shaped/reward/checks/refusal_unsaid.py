"""``{"refusal_unsaid": true}``: holds when no agent message denies the customer's request
(SPEC §10; ``refusals``): a task whose ground truth changes nothing is done only by saying no.
A message that leans towards a limit without stating one, and no denial anywhere, leaves it
undetermined (SPEC §8)."""

from __future__ import annotations

from typing import Any, List, Tuple

from typing_extensions import Literal

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import _Strict


class RefusalUnsaidPredicate(_Strict):
    """Holds when no agent message denies the customer's request (SPEC §10; ``refusals``): a
    task whose ground truth changes nothing is done only by saying no. A message that leans
    towards a limit without stating one, and no denial anywhere, leaves it undetermined."""

    refusal_unsaid: Literal[True]


@register
class RefusalUnsaidKind(CheckKind):
    key = "refusal_unsaid"
    model = RefusalUnsaidPredicate

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return _refusal_unsaid


def _refusal_unsaid(run: Any) -> Finding:
    from tau_shaped.reward.reading.refusals import denial, hedge

    doubts: List[Tuple[int, str]] = []
    last: Any = None
    for step, text in run.agent_messages():
        last = step
        said = denial(text)
        if said is not None:
            return Finding(False, None, NOWHERE, f"step {step}: agent said {said!r}")
        leaning = hedge(text)
        if leaning is not None:
            doubts.append((step, f"agent said {leaning!r} but no denial of the request: {text[:120]!r}"))
    if doubts:
        return Finding(False, None, NOWHERE, f"undetermined: step {doubts[0][0]}: {doubts[0][1]}", tuple(doubts))
    where = f"step {last}: " if last is not None else ""
    return Finding(True, last, frozenset({last}) if last is not None else NOWHERE,
                   f"{where}no agent message denies the request (the policy: deny requests against it)")
