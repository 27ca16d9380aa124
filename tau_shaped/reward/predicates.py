"""Evaluating predicates over a trajectory (SPEC §5).

Each predicate yields a ``Finding``: whether it holds, the first step at which
it holds, the set of steps at which it holds (what ``before`` orders), and a
line of evidence. The rules:

- ``tool``, ``said``, ``user_said``, ``event`` hold at the steps where a
  matching call, agent message, user message or event occurs (the user's
  first message counts as step 0).
- ``state``/``sum`` at ``final`` hold iff the final state matches; their
  step is the one after which the state matched and kept matching to the end
  (read from the env's state trace). At ``initial`` they are a fact of S0 and
  hold at every step.
- ``all`` holds iff every part holds, from the step the last part first held;
  ``any`` holds at any step a part holds; ``not P`` holds iff P never holds
  (a fact of the whole trajectory, with no step of its own); ``before [P, Q]``
  holds at each step where Q holds after a step where P held.

Gates and checkpoints whose verdict has no step of their own are placed at
the trajectory's last step. Each form is a check kind (``checks/``); a predicate is compiled
once into a check (``checks.compile_predicate``) and called with a ``Run`` per trajectory.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from tau_shaped.env.trajectory import Trajectory
from tau_shaped.reward.checks import FULL, Finding, compile_predicate, kind_of, short
from tau_shaped.reward.checks.run import Run, stable_since  # noqa: F401 - re-exported
from tau_shaped.reward.checks.state import state_atom_holds  # noqa: F401 - re-exported
from tau_shaped.reward.checks.sum import sum_atom_holds, sum_atom_value  # noqa: F401 - re-exported

_short = short


def meeting_steps(pred: Any, verdict: Finding, n: int) -> List[int]:
    """The steps at which ``pred`` is met, in order (SPEC §3.4: a checkpoint is credited at the
    first one that breaks no rule; a broken rule blocks credit at these steps): every step of an
    event-like form (and of an ``any`` of them), else only the verdict's step (or the last step,
    for a verdict with no step of its own)."""
    if not verdict.holds:
        return []
    if kind_of(pred).meets_at_every_step(pred):
        return sorted(verdict.steps)
    step = verdict.step if verdict.step is not None else (n - 1 if n else None)
    return [step] if step is not None else []


class PredicateEvaluator:
    """Evaluates predicates over one trajectory, its initial and final states (each compiled
    once, by its kind; every field of the verdict is computed)."""

    def __init__(self, trajectory: Trajectory, initial: Any, final: Any,
                 probe_slots: Optional[Dict[int, int]] = None) -> None:
        self.run = Run(trajectory, initial, final, probe_slots)
        self._memo: Dict[Any, Any] = {}
        # the memo is keyed by the predicates' ids: each one evaluated is kept alive with it, or a
        # new predicate made where a dropped one was would be given the dropped one's check
        self._evaluated: List[Any] = []

    def evaluate(self, pred: Any) -> Finding:
        self._evaluated.append(pred)
        return compile_predicate(pred, FULL, self._memo)(self.run)
