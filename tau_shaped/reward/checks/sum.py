"""``{"sum": [PATH, ...], "at": "final"|"initial", ...MATCHER}``: the sum of the numbers the
paths select matches (SPEC §5); placed in time as a ``state`` predicate is."""

from __future__ import annotations

from typing import Any, Iterable, List, Optional

from pydantic import Field, field_validator
from typing_extensions import Literal

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, Probe, register
from tau_shaped.reward.checks.state import state_verdict
from tau_shaped.reward.checks.finding import Finding
from tau_shaped.reward.matcher_schema import MatchOps, _check_path
from tau_shaped.reward.matchers import match_value, sum_numbers


class SumPredicate(MatchOps):
    sum: List[str] = Field(min_length=1)
    at: Literal["final", "initial"] = "final"

    @field_validator("sum")
    @classmethod
    def _paths(cls, value: List[str]) -> List[str]:
        return [_check_path(p) for p in value]


def sum_atom_value(atom: SumPredicate, data: Any) -> float:
    return sum_numbers(data, atom.sum)


def sum_atom_holds(atom: SumPredicate, data: Any) -> bool:
    return match_value(atom, sum_atom_value(atom, data))


@register
class SumKind(CheckKind):
    key = "sum"
    model = SumPredicate

    def state_paths(self, pred: Any) -> Iterable[str]:
        return tuple(pred.sum)

    def probe(self, pred: Any) -> Optional[Probe]:
        if pred.at != "final":
            return None
        return lambda data: sum_atom_holds(pred, data)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        key, at = id(pred), pred.at

        def check(run: Any) -> Finding:
            total = sum_atom_value(pred, run.final if at == "final" else run.initial)
            return state_verdict(run, key, at, match_value(pred, total), f"sum {pred.sum} = {total:g}")

        return check

