"""``{"unpreceded": P, "by": Q, "since": "start"|"previous", "same_step": BOOL, "after": R}``:
ordering over every occurrence (SPEC §5, §9). The steps where P holds and Q held at no earlier
step since the start (``since: start``: identity verified before any account access) or since
P's previous step (``since: previous``); with ``same_step``, a Q at P's own step counts (the
user's first message, at step 0, precedes the action of step 0). With ``after``, a Q counts only
after the latest step of R before P (a bill read counts as the check that it is paid only after
its payment was requested: a read before the request saw another bill, or this one unpaid)."""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from pydantic import Field  # noqa: F401 - the model's fields are plain
from typing_extensions import Literal

from tau_shaped.reward.checks.registry import FULL, Check, CheckKind, Compiler, Predicate, register
from tau_shaped.reward.checks.finding import Evidence, Finding, violations
from tau_shaped.reward.matcher_schema import _Strict


class UnprecededPredicate(_Strict):
    """Holds at every step where ``unpreceded`` holds and ``by`` held at no earlier step since
    the start (``since: start``) or since the previous step of ``unpreceded`` (``previous``).
    ``same_step``: a ``by`` holding at the step itself counts as before it. The user's first
    message is placed at step 0 (SPEC §5) and comes before the action of step 0, so "the user
    stated X before the call" needs it when ``by`` is a ``user_said`` (a reply to the respond of
    step k is at step k, where no tool call can be)."""

    unpreceded: Predicate
    by: Predicate
    since: Literal["start", "previous"] = "start"
    same_step: bool = False
    after: Optional[Predicate] = None


@register
class UnprecededKind(CheckKind):
    key = "unpreceded"
    model = UnprecededPredicate
    event_like = True

    def children(self, pred: Any) -> Sequence[Any]:
        return (pred.unpreceded, pred.by) if pred.after is None else (pred.unpreceded, pred.by, pred.after)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        first_check, by_check = compiler.child(pred.unpreceded, FULL), compiler.child(pred.by, FULL)
        after_check = None if pred.after is None else compiler.child(pred.after, FULL)
        since_previous, same_step = pred.since == "previous", pred.same_step

        def check(run: Any) -> Finding:
            first = first_check(run)
            if not first.steps:  # no occurrence: nothing to precede (``by`` is not read)
                return violations([], "every occurrence is preceded")
            by = by_check(run)
            resets = sorted(after_check(run).steps) if after_check is not None else []
            hits: List[Tuple[int, Evidence]] = []
            previous = -1
            by_steps = sorted(by.steps)
            for step in sorted(first.steps):
                low = previous if since_previous else -1
                reset = max((r for r in resets if r < step), default=-1)
                if reset > low:  # Q counts only after the latest R before P (Q at R's own step: after R)
                    low = reset - 1
                high = step + 1 if same_step else step
                if not any(low < q < high for q in by_steps):
                    where = ("since the start" if not since_previous or previous < 0 else f"since step {previous}"
                             ) if reset <= low else f"since step {reset}"
                    hits.append((step, lambda where=where: (f"not preceded {where} (first occurrence: {first.evidence}; "
                                                            f"required: {by.evidence})")))
                previous = step
            return violations(hits, "every occurrence is preceded")

        return check
