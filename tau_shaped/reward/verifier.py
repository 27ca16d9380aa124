"""The shaped-reward verifier (SPEC §3): gates → canonical outcome → invariants → process.

``verify`` is a pure function of the task, the trajectory, S0, Sa and Sg: the
env, the offline scorer and the mixin all call it, so they cannot disagree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import (TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Protocol, Sequence, Set, Tuple, Union,
                    runtime_checkable)

from tau_shaped.reward import canonical, equivalence, invariants
from tau_shaped.reward.legacy_reward import check_outputs, legacy_reward_value, states_equal
from tau_shaped.reward.matchers import match_text
from tau_shaped.env.overlay import RecordLoc
from tau_shaped.reward.checks.run import Run, stable_since
from tau_shaped.reward.result import (
    CheckpointResult,
    ClassResult,
    DiffEntry,
    GateViolation,
    OutputCheckResult,
    RuleViolation,
    ShapedRewardResult,
    UndeterminedRule,
    blend_reward,
    check_blend,
)
from tau_shaped.env.trajectory import Trajectory
from tau_shaped.reward.typed_checks import CHECKPOINT, GATE, TypedCheck, build_checks

if TYPE_CHECKING:
    from tau_shaped.reward.overrides import RewardOverrides
    from tau_shaped.reward.policy_rules import BoundRule

COMPENSATION_CAP = "compensation_cap"

# A database as tools see it: table name -> that table's records (JSON values), or an
# ``env.overlay.Overlay``'s view of one (S0, Sa and Sg of SPEC §1).
Database = Mapping[str, Any]


@runtime_checkable
class VerifiableTask(Protocol):
    """What ``verify`` reads of a task: tau-bench's ``outputs`` (the strings the legacy reward
    looks for); a tau-shaped task (``tasks.schema.Task``) adds ``reward_overrides`` (SPEC §3-§6)
    and ``output_checks``, read where present, so a plain tau-bench task is verifiable too."""

    @property
    def outputs(self) -> Sequence[str]: ...


@dataclass
class VerifyInput:
    task: VerifiableTask
    trajectory: Trajectory
    initial: Database  # S0
    final: Database  # Sa
    expected: Database  # Sg
    # tau-bench's gt_data_hash, or a zero-argument callable that computes it: the legacy reward
    # needs it only when the changed records are unknown, so a scorer need not hash Sg at all
    gt_hash: Union[str, Callable[[], str]]
    changed: Optional[Set[RecordLoc]]
    probe_slots: Dict[int, int]
    rules: Sequence["BoundRule"] = ()  # the domain's policy rules bound to the task (SPEC §9)
    ignore: Sequence[str] = ()  # the domain's paths judged by rules, not by value
    # the task's typed checks compiled (``typed_checks.build_checks`` of its overrides and
    # ``rules``), kept with its set-up; None: compiled for this call
    checks: Optional[Sequence[TypedCheck]] = None
    # the verdicts read from Sa alone (against S0 and Sg), kept across rollouts that left the
    # same Sa (``state_memo``, ``replay_memo``): filled by the first verify, read by the next
    state_verdicts: Optional[Dict[str, Any]] = None


def task_overrides(task: VerifiableTask) -> Optional["RewardOverrides"]:
    """The task's reward_overrides (None for a plain tau-bench task)."""
    return getattr(task, "reward_overrides", None)


def _last_step(n: int) -> Optional[int]:
    return n - 1 if n else None


class _StateVerdicts:
    """The verdicts read from Sa alone, against S0 and Sg: tau-bench's state comparison (SPEC
    §2), the invariants (§3.3), the canonical diff (§3.2) and the equivalence classes; each
    worked out when first asked (in ``verify``'s order) and kept in ``inp.state_verdicts``
    when the caller gives one (``state_memo``, ``replay_memo``: the rollouts that left the
    same state share them). Read-only values: each result is built from them anew."""

    __slots__ = ("inp", "overrides", "kept")

    def __init__(self, inp: VerifyInput, overrides: Any) -> None:
        self.inp, self.overrides = inp, overrides
        self.kept: Dict[str, Any] = inp.state_verdicts if inp.state_verdicts is not None else {}

    def r_actions(self) -> bool:
        if "r_actions" not in self.kept:
            inp = self.inp
            self.kept["r_actions"] = states_equal(inp.final, inp.expected, inp.changed, inp.gt_hash)  # pragma: no mutate (changed, gt_hash: speed only)
        return self.kept["r_actions"]

    def invariants(self) -> List[invariants.InvariantCheck]:
        if "invariants" not in self.kept:
            overrides = self.overrides
            self.kept["invariants"] = [invariants.check(inv, self.inp.final)
                                       for inv in (overrides.monetary_identity if overrides else [])]
        return self.kept["invariants"]

    def diffs(self) -> List[Any]:
        if "diffs" not in self.kept:
            inp = self.inp
            self.kept["diffs"] = canonical.compare(inp.final, inp.expected, inp.initial, self.overrides, inp.changed, inp.ignore)  # pragma: no mutate (changed: speed only)
        return self.kept["diffs"]

    def classes(self) -> List[Tuple[str, bool, bool]]:
        if "classes" not in self.kept:
            inp, overrides = self.inp, self.overrides
            self.kept["classes"] = [
                (cls.id, equivalence.is_valid_choice(inp.final, cls), equivalence.is_valid_choice(inp.expected, cls))
                for cls in (overrides.equivalence_class if overrides else [])]
        return self.kept["classes"]


def _cap_step(inp: VerifyInput, inv: Any) -> Optional[int]:
    """The step from which the invariant's running total stayed over its cap."""
    bound = inv.cap + invariants.CAP_EPSILON
    return stable_since(inp.trajectory, inp.probe_slots.get(id(inv)), lambda total: total > bound)


def _caps(inp: VerifyInput, overrides: Any, checks: List[invariants.InvariantCheck]) -> List[GateViolation]:
    """SPEC §3.1: each invariant over its cap is a gate that fired."""
    fired: List[GateViolation] = []
    for inv, chk in zip(overrides.monetary_identity if overrides else [], checks):
        if chk.over_cap:
            evidence = f"{inv.id}: total {chk.total:.2f} exceeds cap {inv.cap:.2f}"
            fired.append(GateViolation(id=COMPENSATION_CAP, step=_cap_step(inp, inv), evidence=evidence, source=inv.id))
    return fired


def _run_checks(inp: VerifyInput, run: Run, caps: List[GateViolation], n: int) -> Tuple[
        List[GateViolation], List[RuleViolation], List[CheckpointResult], List[UndeterminedRule]]:
    """SPEC §3: the task's typed checks, run once in order: gates (the invariants' caps first),
    outcome rules, checkpoints. A rule left undetermined is listed (SPEC §8); each step at which a
    gate fired or an outcome rule broke is a breach (SPEC §3.4: such a step earns nothing), and a
    checkpoint is credited at the first step that meets it and breaks no rule."""
    fired, broken, cps = list(caps), [], []
    open_: List[UndeterminedRule] = []
    breaches: Set[int] = {v.step for v in caps if v.step is not None}
    last = n - 1 if n else None
    checks = inp.checks if inp.checks is not None else build_checks(task_overrides(inp.task), inp.rules)
    for check in checks:
        verdict = check.evaluate(run)
        if check.kind == CHECKPOINT:
            met = _met(check, verdict, last)  # empty in an empty trajectory: nothing to credit
            step = next((s for s in met if s not in breaches), None)
            evidence = verdict.evidence
            if met and step is None:
                evidence = f"met only at steps that broke a rule ({', '.join(map(str, met[:5]))}): {evidence}"
            cps.append(CheckpointResult(id=check.id, weight=check.weight, satisfied=step is not None, step=step,
                                        evidence=evidence))
        elif verdict.holds:
            step = verdict.step if verdict.step is not None else last
            if check.kind == GATE:
                fired.append(GateViolation(id=check.id, step=step, evidence=verdict.evidence, source=check.source))
                if step is not None:
                    breaches.add(step)
            else:
                broken.append(RuleViolation(id=check.id, step=step, evidence=verdict.evidence))
                breaches.update(_met(check, verdict, last))
        elif check.source is not None and verdict.undetermined:  # SPEC §8: the domain's rules the words did not settle
            open_.extend(UndeterminedRule(id=check.id, step=st, evidence=why) for st, why in verdict.undetermined)
    return fired, broken, cps, open_


def _met(check: TypedCheck, verdict: Any, last: Optional[int]) -> List[int]:
    """The steps at which a check that holds is met (``predicates.meeting_steps``)."""
    if not verdict.holds:
        return []
    if check.meets_at_every_step:
        return sorted(verdict.steps)
    step = verdict.step if verdict.step is not None else last
    return [step] if step is not None else []


def _output_checks(task: VerifiableTask, messages: Sequence[Tuple[int, str]]) -> List[OutputCheckResult]:
    checks = getattr(task, "output_checks", None)
    results: List[OutputCheckResult] = []
    if checks is not None:
        for i, check in enumerate(checks):
            hit = next(((s, snip) for s, text in messages if (snip := match_text(check.said, text)) is not None), None)
            evidence = f"step {hit[0]}: {hit[1]!r}" if hit else "no agent message matches"
            results.append(OutputCheckResult(id=check.id or f"output_{i}", passed=hit is not None, evidence=evidence))
        return results
    _, found = check_outputs(task.outputs, [text for _, text in messages])
    for output, ok in found.items():
        evidence = "found in an agent message" if ok else "in no agent message"
        results.append(OutputCheckResult(id=output, passed=ok, evidence=evidence))
    return results


def verify(inp: VerifyInput, *, blend: str, lam: float) -> ShapedRewardResult:
    """Score one trajectory (SPEC §3); raises only on a verifier fault."""
    check_blend(blend, lam)
    task, traj = inp.task, inp.trajectory
    overrides = task_overrides(task)
    n = len(traj.steps)
    run = Run(traj, inp.initial, inp.final, inp.probe_slots)

    state = _StateVerdicts(inp, overrides)

    # Legacy, value for value (SPEC §2).
    r_actions = state.r_actions()
    legacy_reward, r_outputs = legacy_reward_value(r_actions, task.outputs, [t for _, t in traj.agent_messages()])  # as written: tau-bench's

    # The typed checks, once, in order: 1. safety gates (invariant caps first), 3. the domain's
    # outcome rules (SPEC §9), 4. process checkpoints, credited at the first step that meets each.
    checks = state.invariants()
    violations, broken, cps, open_ = _run_checks(inp, run, _caps(inp, overrides, checks), n)
    safety_passed = not violations

    # 2. Canonical outcome and output checks.
    diffs = state.diffs()
    outputs = _output_checks(task, run.agent_messages())
    outputs_passed = all(o.passed for o in outputs)

    # 3. Invariants.
    invariants_hold = all(c.holds for c in checks)
    outcome = 1.0 if (not diffs and outputs_passed and invariants_hold and safety_passed and not broken) else 0.0

    # 4. Process reward (a fired gate earns nothing).
    step_rewards = [0.0] * n
    if safety_passed:
        for cp in cps:
            if cp.satisfied and cp.step is not None:
                step_rewards[cp.step] += cp.weight
    process = math.fsum(step_rewards)

    classes = [ClassResult(id=cls_id, actual_valid=actual, expected_valid=expected)
               for cls_id, actual, expected in state.classes()]
    # SPEC §8: a rule left undetermined withholds the reward, unless a gate fired (certain: zero)
    undetermined = bool(open_) and safety_passed
    return ShapedRewardResult(
        reward=None if undetermined else blend_reward(blend, outcome, process, safety_passed, lam),
        status="undetermined" if undetermined else "ok",
        undetermined=open_,
        blend=blend,
        lambda_=lam,
        outcome_reward=outcome,
        process_reward=process,
        legacy_reward=legacy_reward,
        r_actions=1.0 if r_actions else 0.0,
        r_outputs=r_outputs,
        safety_passed=safety_passed,
        canonical_match=not diffs,
        outputs_passed=outputs_passed,
        invariants_hold=invariants_hold,
        gate_violations=violations,
        rule_violations=broken,
        rules_checked=[r.id for r in inp.rules],
        checkpoints=cps,
        step_rewards=step_rewards,
        output_checks=outputs,
        invariants=[c.to_dict() for c in checks],
        equivalence_classes=classes,
        canonical_diff=[DiffEntry(**d.to_dict()) for d in diffs],
    )
