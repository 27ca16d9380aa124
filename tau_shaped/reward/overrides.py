"""A task's ``reward_overrides`` and ``output_checks`` (SPEC §4, §5, §6): equivalence classes,
monetary identities, safety gates, process checkpoints, as pydantic models that also export
the JSON Schema. The task that carries them is ``tau_shaped.tasks.schema.ShapedTask``.
"""

from __future__ import annotations

import math
from typing import Any, List, Optional

from pydantic import Field, field_validator, model_validator

from tau_shaped.reward.paths import Index, Key, Placeholder, parse_path
from tau_shaped.reward.predicate_schema import Predicate, TextMatcher, _check_path, _Strict

WEIGHT_SLACK = 1e-9


def _concrete(path: str, *, placeholder: bool = False) -> str:
    _check_path(path)
    allowed = (Key, Index, Placeholder) if placeholder else (Key, Index)
    if not all(isinstance(s, allowed) for s in parse_path(path).segments):
        kind = "keys, indices and {value}" if placeholder else "keys and indices"
        raise ValueError(f"path {path!r} must name one location ({kind} only, no '*' or filter)")
    return path


class EquivalenceClass(_Strict):
    """SPEC §4.1: a field whose valid values are a candidate set the tool recorded."""

    id: str = Field(min_length=1)
    field_path: str
    candidate_set_path: str
    linked_paths: List[str] = Field(default_factory=lambda: [])
    description: str = ""

    @field_validator("field_path", "candidate_set_path")
    @classmethod
    def _one_location(cls, value: str) -> str:
        return _concrete(value)

    @field_validator("linked_paths")
    @classmethod
    def _templates(cls, value: List[str]) -> List[str]:
        return [_concrete(p, placeholder=True) for p in value]


class MonetaryIdentity(_Strict):
    """SPEC §4.3: the components must add up to the disputed amount."""

    id: str = Field(min_length=1)
    disputed_amount: float
    tolerance: float = Field(default=0.005, ge=0)  # SPEC §4.3: half a cent
    cap: Optional[float] = None
    components: List[str] = Field(min_length=1)
    owns: List[str] = Field(default_factory=lambda: [])
    description: str = ""

    @field_validator("components", "owns")
    @classmethod
    def _paths(cls, value: List[str]) -> List[str]:
        return [_check_path(p) for p in value]

    @field_validator("disputed_amount", "cap")
    @classmethod
    def _finite(cls, value: Optional[float]) -> Optional[float]:
        if value is not None and not math.isfinite(value):
            raise ValueError("must be a finite number")
        return value


class SafetyGate(_Strict):
    """SPEC §5: fires when ``when`` holds; a fired gate zeroes the reward (§3)."""

    id: str = Field(min_length=1)
    description: str = ""
    when: Predicate


class ProcessCheckpoint(_Strict):
    """SPEC §5: weight earned when ``when`` holds, at the step it first holds."""

    id: str = Field(min_length=1)
    description: str = ""
    weight: float = Field(ge=0, le=1)
    when: Predicate


class OutputCheck(_Strict):
    """SPEC §6.3: a ``said`` check over the agent's messages."""

    said: TextMatcher
    id: Optional[str] = None


def _listify(value: Any) -> Any:
    return [value] if isinstance(value, dict) else value


class RewardOverrides(_Strict):
    equivalence_class: List[EquivalenceClass] = Field(default_factory=lambda: [])
    monetary_identity: List[MonetaryIdentity] = Field(default_factory=lambda: [])
    safety_gates: List[SafetyGate] = Field(default_factory=lambda: [])
    process_checkpoints: List[ProcessCheckpoint] = Field(default_factory=lambda: [])

    _one_or_many = field_validator("equivalence_class", "monetary_identity", mode="before")(
        classmethod(lambda cls, v: _listify(v))
    )

    @model_validator(mode="after")
    def _consistent(self) -> "RewardOverrides":
        total = math.fsum(c.weight for c in self.process_checkpoints)
        if total > 1 + WEIGHT_SLACK:
            raise ValueError(f"process_checkpoints weights sum to {total:g}, more than 1")
        ids = [
            x.id
            for group in (
                self.equivalence_class,
                self.monetary_identity,
                self.safety_gates,
                self.process_checkpoints,
            )
            for x in group
        ]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"ids must be unique within a task; repeated: {', '.join(dupes)}")
        return self

    @property
    def is_empty(self) -> bool:
        return not (
            self.equivalence_class
            or self.monetary_identity
            or self.safety_gates
            or self.process_checkpoints
        )
