"""``{"turn": "combined"}``: holds at each step whose recorded turn did more than one thing
(SPEC §5)."""

from __future__ import annotations

from typing import Any

from typing_extensions import Literal

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import _Strict


class TurnPredicate(_Strict):
    """Holds at each step whose recorded turn did more than one thing: an assistant message
    with several tool calls, or with text beside its call (tau-bench's agent acts one step a
    turn). Known from recorded messages (``traj``) and from the live loops that take an
    assistant message a turn (``StepwiseEnv``, ``play_episode``: ``note_combined_turn``)."""

    turn: Literal["combined"]


def _combined(run: Any) -> Finding:
    turns = sorted(run.trajectory.combined_turns.items())
    if not turns:
        return Finding(False, None, NOWHERE, "no turn that did more than one thing")
    step, why = turns[0]
    return Finding(True, step, frozenset(s for s, _ in turns), f"step {step}: one turn did more than one thing ({why})")


@register
class TurnKind(CheckKind):
    key = "turn"
    model = TurnPredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return _combined
