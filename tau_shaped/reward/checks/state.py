"""``{"state": PATH, "at": "final"|"initial", "exists": BOOL, ...MATCHER}``: a fact of a state
(SPEC §5). At ``final`` it holds iff the final state matches, from the step after which the
state matched and kept matching (read from the state trace); at ``initial`` it is a fact of S0
and holds at every step."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from typing_extensions import Literal

from pydantic import field_validator

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, Probe, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding, short
from tau_shaped.reward.matcher_schema import MatchOps, _check_path
from tau_shaped.reward.matchers import match_value
from tau_shaped.reward.paths import select_values


class StatePredicate(MatchOps):
    state: str
    at: Literal["final", "initial"] = "final"
    exists: Optional[bool] = None

    _path = field_validator("state")(_check_path)


def state_atom_holds(atom: StatePredicate, data: Any) -> bool:
    """A ``state`` predicate on one state: every selected value matches (and one exists)."""
    values = select_values(data, atom.state)
    ops = atom.given()
    if atom.exists is not None and bool(values) != atom.exists:
        return False
    if not ops:
        return bool(values) if atom.exists is None else True
    return bool(values) and all(match_value(atom, v) for v in values)


def state_verdict(run: Any, key: int, at: str, holds_now: bool, described: str) -> Finding:
    """The verdict of a fact of a state (``state``, ``sum``): since the step it held to the end."""
    if not holds_now:
        return Finding(False, None, NOWHERE, f"{described} does not hold")
    if at == "initial":
        return Finding(True, None, run.all_steps, f"{described} holds initially")
    step = run.stable_since(key)
    steps = frozenset(range(step, run.n)) if step is not None else NOWHERE
    where = f"since step {step}" if step is not None else "at the end"
    return Finding(True, step, steps, f"{described} holds {where}")


@register
class StateKind(CheckKind):
    key = "state"
    model = StatePredicate

    def state_paths(self, pred: Any) -> Iterable[str]:
        return (pred.state,)

    def probe(self, pred: Any) -> Optional[Probe]:
        if pred.at != "final":
            return None
        return lambda data: state_atom_holds(pred, data)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        key, at, path = id(pred), pred.at, pred.state

        def check(run: Any) -> Finding:
            data = run.final if at == "final" else run.initial
            values = select_values(data, path)
            shown = short(values[0]) if len(values) == 1 else short(values)
            return state_verdict(run, key, at, state_atom_holds(pred, data), f"state {path} = {shown}")

        return check
