"""Checking a task (SPEC §6.2): is it able to tell right from wrong?

A task fails the check, with the reason, unless: its ground truth has no
tool call that errors (a call whose tool's code raised is told as that, not as
a refusal); the ground truth scores legacy 1 and shaped outcome 1
with every gate passed and every checkpoint satisfied; every declared path
resolves (in S0, or in Sg when a ground-truth action creates it; for a path
with a wildcard or filter, the part before it must resolve, since a filter may
rightly select nothing); every tool a predicate names exists; each
equivalence class has at least 2 candidates at ground-truth time; each
invariant balances on the ground truth; an agent that does nothing scores
outcome 0, and so do the idle and the stalling agent (``idle_baseline``: greets and ends; only
looks things up and asks the customer to wait); it has perturbations and every one of them loses (``sensitivity.py``); no
owned or compared path covers a whole table; and no gate, checkpoint or policy rule
names a tool or an event type the domain does not declare. A task with a persona (issue 29)
also needs its ground truth, played against that persona customer, to score shaped 1.0
(``persona_check``). A spec part whose absence made a domain rule fail (a refund task without
``monetary_identity``) is named first, in words, with what to add (``missing_parts``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Tuple, Union

from tau_shaped.reward.equivalence import read_path
from tau_shaped.env.json_input import one_line
from tau_shaped.env.overlay import ABSENT
from tau_shaped.reward.paths import Filter, Path, Wildcard, fill_value, parse_path, select
from tau_shaped.reward.checks import kind_of, walk
from tau_shaped.reward.policy_rules import exemptions
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.consenting import score_with_customer
from tau_shaped.tasks.ground_truth_faults import code_errors, crashed_step_line
from tau_shaped.tasks.idle_baseline import BaselineVerdict, baseline_verdicts, problem_line
from tau_shaped.tasks.missing_parts import idle_hint, missing_parts
from tau_shaped.tasks.persona_check import check_persona
from tau_shaped.tasks.sensitivity import sensitivity



@dataclass
class TaskCheck:
    task_id: str
    problems: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)  # shown, not refused (a rule opted out of, with its reason)
    perturbations: Dict[str, int] = field(default_factory=dict)  # kind -> how many were judged (``sensitivity``)
    baseline: Tuple[BaselineVerdict, ...] = ()  # the idle and the stalling agent's verdicts (``idle_baseline``)

    @property
    def perturbation_summary(self) -> str:
        """``N perturbation(s) (kind n, ...)``: what the check judged the task's spec on."""
        kinds = ", ".join(f"{kind} {n}" for kind, n in self.perturbations.items() if n)
        return f"{sum(self.perturbations.values())} perturbation(s)" + (f" ({kinds})" if kinds else "")

    @property
    def ok(self) -> bool:
        return not self.problems


def _fixed_prefix(path: Path) -> Path:
    segments = []
    for seg in path.segments:
        if isinstance(seg, (Wildcard, Filter)):
            break
        segments.append(seg)
    return Path(path.text, tuple(segments))


def _resolves(path_text: Union[str, Path], *states: Any) -> bool:
    path = parse_path(path_text) if isinstance(path_text, str) else path_text
    probe = path if path.is_concrete else _fixed_prefix(path)
    if not probe.segments:
        return True
    return any(select(state, probe) for state in states)


def _declared_paths(overrides: Any, expected: Any) -> Iterator[tuple]:
    for cls in overrides.equivalence_class:
        yield f"equivalence_class {cls.id}.field_path", cls.field_path
        yield f"equivalence_class {cls.id}.candidate_set_path", cls.candidate_set_path
        chosen = read_path(expected, cls.field_path)
        if chosen is not ABSENT:
            values = chosen if isinstance(chosen, list) else [chosen]
            for template in cls.linked_paths:
                for value in values:
                    yield f"equivalence_class {cls.id}.linked_paths", fill_value(parse_path(template), value)
    for inv in overrides.monetary_identity:
        for path in inv.components:
            yield f"monetary_identity {inv.id}.components", path
        for path in inv.owns:
            yield f"monetary_identity {inv.id}.owns", path
    for kind, items in (("safety_gates", overrides.safety_gates), ("process_checkpoints", overrides.process_checkpoints)):
        for item in items:
            for pred in walk(item.when):
                for path in kind_of(pred).state_paths(pred):
                    yield f"{kind} {item.id}", path


def _check_policy(env: Any, task: Any, result: Any, check: TaskCheck) -> None:
    """SPEC §9: the ground truth keeps every rule bound to the task; an exemption names a rule
    of the domain (and is shown with its reason); checkpoint weights, the task's and the
    rules', sum to at most 1."""
    for v in result.rule_violations:
        check.problems.append(f"ground truth breaks policy rule {v.id} at step {v.step}: {v.evidence}")
    rule_set = getattr(env, "policy_rules", None)
    for rule_id, reason in exemptions(task).items():
        if rule_set is None or rule_set.rule(rule_id) is None:
            check.problems.append(f"policy_exemptions: no rule {rule_id!r} in the domain's policy rules")
        else:
            check.notes.append(f"opts out of {rule_id}: {reason}")
    overrides = getattr(task, "reward_overrides", None)
    own = [c.weight for c in overrides.process_checkpoints] if overrides is not None else []
    rules = [r.rule.weight for r in env.bound_rules(task) if r.kind == "checkpoint"] if hasattr(env, "bound_rules") else []
    if math.fsum(own + rules) > 1 + 1e-9:
        check.problems.append(f"checkpoint weights sum to {math.fsum(own + rules):g} with the domain's checkpoint rules (at most 1)")


def _covers_a_table(path_text: str) -> bool:
    """A path that selects a whole top-level table: ``orders``, ``orders.*``, ``orders[*]``."""
    segments = parse_path(path_text).segments
    return len(segments) == 1 or (len(segments) == 2 and isinstance(segments[1], Wildcard))


def _event_types(pred: Any) -> Iterator[str]:
    """The event types the predicate's nodes read (each kind says which)."""
    for node in walk(pred):
        yield from kind_of(node).events(node)


def _tools(pred: Any) -> Iterator[str]:
    """The tools the predicate's nodes name (each kind says which)."""
    for node in walk(pred):
        yield from kind_of(node).tools(node)


def unknown_tools(pred: Any, tools: set, borrowed: bool = False) -> Iterator[str]:
    """The tools the predicate names that are not in ``tools``. A rules file borrowed from another
    domain (tau-bench's airline reads tau2's) may name, as one alternative of an ``any``, a tool
    only the lender has (tau2's get_flight_status): an alternative that never holds here, no
    problem while another alternative of that ``any`` names only tools the domain has."""
    if borrowed and isinstance(getattr(pred, "any", None), list):
        missing = [sorted(set(_tools(part)) - tools) for part in pred.any]
        if any(not names for names in missing):
            for part, names in zip(pred.any, missing):
                if not names:
                    yield from unknown_tools(part, tools, borrowed)
            return
    yield from (name for name in kind_of(pred).tools(pred) if name not in tools)
    for child in kind_of(pred).children(pred):
        yield from unknown_tools(child, tools, borrowed)


def _check_declarations(env: Any, task: Any, check: TaskCheck) -> None:
    """SPEC §6.2: declarations that cannot work: an owned or compared path covering a whole
    table; a gate, checkpoint or rule on a tool or event type the domain does not declare."""
    overrides = getattr(task, "reward_overrides", None)
    if overrides is not None:
        for inv in overrides.monetary_identity:
            for kind, paths in (("owns", inv.owns), ("components", inv.components)):
                for path in paths:
                    if _covers_a_table(path):
                        check.problems.append(f"monetary_identity {inv.id}.{kind}: {path!r} covers a whole table")
    preds = []
    if overrides is not None:
        preds += [(f"safety_gates {g.id}", g.when) for g in overrides.safety_gates]
        preds += [(f"process_checkpoints {c.id}", c.when) for c in overrides.process_checkpoints]
    if hasattr(env, "bound_rules"):
        preds += [(f"policy rule {r.id}", r.when) for r in env.bound_rules(task)]
    tools = set(env.tools_map)
    declared = set(getattr(env, "event_types", ()) or ())
    for where, pred in preds:
        for name in unknown_tools(pred, tools):
            check.problems.append(f"{where}: unknown tool {name!r}")
        for event in _event_types(pred):
            if declared and event not in declared:
                check.problems.append(f"{where}: event type {event!r} is not one the domain records ({', '.join(sorted(declared))})")


def check_task(env: Any, task: Any) -> TaskCheck:
    """SPEC §6.2 on one task: its problems (refused) and notes (shown), each one line, whatever
    the task's own text holds (an output of "\\n" quoted in a problem stays on its line)."""
    check = _check_task(env, task)
    check.problems[:] = [one_line(p) for p in check.problems]
    check.notes[:] = [one_line(n) for n in check.notes]
    return check


def _check_task(env: Any, task: Any) -> TaskCheck:
    """Every problem of one task, against an env of its domain."""
    check = TaskCheck(task.id)
    problems = check.problems
    truth = env.ground_truth(task)
    reads = set(getattr(env, "read_tools", ()) or ())
    crashed = code_errors(truth)
    for step, name, observation in truth.failed_steps:
        if step in crashed:  # the tool's code raised: no answer of the tool's, read or write
            problems.append(crashed_step_line(step, name, crashed[step]))
        elif name in reads:  # a look-up that finds nothing changes nothing: shown, not refused
            check.notes.append(f"ground-truth step {step} ({name}, a read) failed: {observation[:160]}")
        else:
            problems.append(f"ground-truth step {step} ({name}) failed: {observation[:160]}")
    result = score_with_customer(env, task)  # its persona where it has one, else a yes to every question
    if result.status != "ok":
        problems.append(f"ground truth could not be scored: {result.status}: {result.error}")
        return check
    if result.legacy_reward != 1.0:
        problems.append("ground truth scores legacy 0 (outputs missing from its respond actions?)")
    if result.outcome_reward != 1.0:
        why = [f"{d.path}" for d in result.canonical_diff] + [o.id for o in result.output_checks if not o.passed]
        why += [f"policy rule {v.id}" for v in result.rule_violations]
        why += [f"gate {g.id}" for g in result.gate_violations]
        why += [f"invariant {inv['id']}" for inv in result.invariants if not inv["holds"]]
        problems.append(f"ground truth scores shaped outcome 0 ({', '.join(why) or 'invariant'})")
    for gate in result.gate_violations:
        problems.append(f"ground truth fires gate {gate.id} at step {gate.step}: {gate.evidence}")
    for cp in result.checkpoints:
        if not cp.satisfied:
            problems.append(f"ground truth does not satisfy checkpoint {cp.id}")
    for inv in result.invariants:
        if not inv["holds"]:
            problems.append(f"invariant {inv['id']} does not balance on the ground truth: total {inv['total']} vs {inv['disputed_amount']}")
    overrides = getattr(task, "reward_overrides", None)
    initial = env.initial_state(truth.seed)
    problems[:0] = missing_parts(env, task, result, initial, truth.data)  # named first: what the lines below follow from
    if overrides is not None:
        for where, path in _declared_paths(overrides, truth.data):
            if not _resolves(path, initial, truth.data):
                problems.append(f"{where}: path {str(path)!r} resolves neither in S0 nor after the ground truth")
        for cls in overrides.equivalence_class:
            candidates = read_path(truth.data, cls.candidate_set_path)
            if not isinstance(candidates, list) or len(candidates) < 2:
                count = len(candidates) if isinstance(candidates, list) else 0
                problems.append(f"equivalence_class {cls.id}: {count} candidate(s) at ground-truth time; a class needs at least 2")
    _check_policy(env, task, result, check)
    _check_declarations(env, task, check)
    check_persona(env, task, problems, check.notes)
    judged = sensitivity(env, task)
    check.perturbations = dict(judged.counts)
    if not judged.total:
        problems.append("no perturbation of its ground truth could be built (no write, and no write tool the domain "
                        "could call on the customer's records): the check cannot show the task tells right from wrong")
    for name in judged.kept:
        problems.append(f"perturbation keeps outcome 1 with safety passed: {name}")
    idle = score_trajectory(env, task, [])
    if idle.status == "ok" and idle.outcome_reward == 1.0:
        problems.append("an agent that does nothing scores outcome 1: the task cannot tell right from wrong" + idle_hint(task))
    check.baseline = baseline_verdicts(env, task)
    nothing_won = idle.status == "ok" and idle.outcome_reward == 1.0
    for verdict in check.baseline:
        if verdict.won and not nothing_won:  # else the line above says it: the task needs nothing done
            problems.append(problem_line(verdict))
    return check
