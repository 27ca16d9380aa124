"""The shaped result (SPEC §7): one JSON-serializable object with every component."""

from __future__ import annotations

import math

from typing import Any, Dict, List, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

SPEC_VERSION = "1"

Blend = Literal["shaped", "outcome", "gated"]
Status = Literal["ok", "undetermined", "input_invalid", "internal_error"]


class GateViolation(BaseModel):
    id: str
    step: Optional[int]
    evidence: str
    source: Optional[str] = None  # the invariant behind a compensation_cap gate; "policy" for a rule


class RuleViolation(BaseModel):
    """A domain policy rule of kind ``outcome`` that the trajectory broke (SPEC §9)."""

    id: str
    step: Optional[int]
    evidence: str


class UndeterminedRule(BaseModel):
    """A rule the words did not settle (SPEC §8): the rule, the step, and the text as evidence.
    With one and no gate fired, the result's ``status`` is ``undetermined`` and ``reward`` None."""

    id: str
    step: Optional[int]
    evidence: str


class CheckpointResult(BaseModel):
    id: str
    weight: float
    satisfied: bool
    step: Optional[int]
    evidence: str = ""


class OutputCheckResult(BaseModel):
    id: str
    passed: bool
    evidence: str


class ClassResult(BaseModel):
    id: str
    actual_valid: bool
    expected_valid: bool


class DiffEntry(BaseModel):
    path: str
    expected: Any
    actual: Any


class ShapedRewardResult(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    reward: Optional[float]
    blend: Blend
    lambda_: float = Field(alias="lambda")
    outcome_reward: float = 0.0
    process_reward: float = 0.0
    legacy_reward: Optional[float] = None
    r_actions: Optional[float] = None
    r_outputs: Optional[float] = None
    safety_passed: bool = True
    canonical_match: bool = False
    outputs_passed: bool = True
    invariants_hold: bool = True
    gate_violations: List[GateViolation] = Field(default_factory=lambda: [])
    rule_violations: List[RuleViolation] = Field(default_factory=lambda: [])
    undetermined: List[UndeterminedRule] = Field(default_factory=lambda: [])
    rules_checked: List[str] = Field(default_factory=lambda: [])
    checkpoints: List[CheckpointResult] = Field(default_factory=lambda: [])
    step_rewards: List[float] = Field(default_factory=lambda: [])
    output_checks: List[OutputCheckResult] = Field(default_factory=lambda: [])
    invariants: List[Dict[str, Any]] = Field(default_factory=lambda: [])
    equivalence_classes: List[ClassResult] = Field(default_factory=lambda: [])
    canonical_diff: List[DiffEntry] = Field(default_factory=lambda: [])
    status: Status = "ok"
    error: Optional[str] = None
    spec_version: str = SPEC_VERSION

    def to_dict(self) -> Dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


BLENDS = ("shaped", "outcome", "gated")


def check_blend(blend: str, lam: Optional[float] = None) -> None:
    """A caller's mistake, raised before any scoring (not a verifier fault): an unknown blend,
    or a process weight λ that is not a finite number ≥ 0 (a NaN reward is not even JSON)."""
    if blend not in BLENDS:
        raise ValueError(f"unknown blend {blend!r}: use one of {', '.join(BLENDS)}")
    if lam is not None:
        if isinstance(lam, bool) or not isinstance(lam, (int, float)) or not math.isfinite(lam) or lam < 0:
            raise ValueError(f"lambda must be a finite number of at least 0, got {lam!r}")


def blend_reward(blend: str, outcome: float, process: float, safety_passed: bool, lam: float) -> float:
    """SPEC §3: the three blends."""
    if blend == "shaped":
        return outcome + lam * process
    if blend == "outcome":
        return outcome
    if blend == "gated":
        return outcome * (1.0 if safety_passed else 0.0)
    check_blend(blend)
    raise AssertionError("unreachable")


def failed_result(status: Status, error: str, blend: str, lam: float) -> ShapedRewardResult:
    """A result the trainer must leave out: ``reward`` is None (SPEC §8)."""
    return ShapedRewardResult(reward=None, blend=blend, lambda_=lam, status=status, error=error)
