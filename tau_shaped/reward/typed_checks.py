"""One list of typed checks per task (SPEC §3, §9): the task's own safety gates and process
checkpoints and the domain's policy rules bound to it, in the order ``verify`` runs them:
gates (the task's, then the rules'), outcome rules, checkpoints (the task's, then the rules').

Each check is compiled once, with what its stage reads: a gate its first step and evidence, an
outcome rule or checkpoint met at each step of an event-like form every step too (SPEC §3.4).
The list is built with a task's set-up (``shaped_env.TaskSetup``) and kept with it, so a task's
checks are compiled once however many trajectories are scored against it; a rule's check is
compiled once for all the tasks its predicate is bound to (``BoundRule.compiled``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.reward.checks import FIRST, FULL, Check, compile_predicate, kind_of

GATE, OUTCOME, CHECKPOINT = "gate", "outcome", "checkpoint"
POLICY = "policy"


@dataclass(frozen=True)
class TypedCheck:
    id: str
    kind: str  # gate (fires: reward 0), outcome (broken: outcome 0) or checkpoint (met: its weight)
    predicate: Any
    weight: float
    source: Optional[str]  # None: the task's own; "policy": a domain rule (SPEC §9)
    evaluate: Check  # the predicate compiled: Run -> Finding
    meets_at_every_step: bool  # every step of its verdict meets it (SPEC §3.4), else its step


def typed_check(check_id: str, kind: str, predicate: Any, weight: float = 0.0, source: Optional[str] = None,
                memo: Optional[Dict[Tuple[int, int], Check]] = None) -> TypedCheck:
    every = kind_of(predicate).meets_at_every_step(predicate)
    demand = FIRST if kind == GATE or not every else FULL
    return TypedCheck(check_id, kind, predicate, weight, source, compile_predicate(predicate, demand, memo), every)


def build_checks(overrides: Any, rules: Sequence[Any]) -> List[TypedCheck]:
    """The checks of a task's overrides and its bound rules, in SPEC §3's order."""
    memo: Dict[Tuple[int, int], Check] = {}
    gates = [typed_check(g.id, GATE, g.when, memo=memo) for g in overrides.safety_gates] if overrides is not None else []
    checkpoints = ([typed_check(c.id, CHECKPOINT, c.when, c.weight, memo=memo) for c in overrides.process_checkpoints]
                   if overrides is not None else [])
    by_kind: Dict[str, List[TypedCheck]] = {GATE: [], OUTCOME: [], CHECKPOINT: []}
    for rule in rules:
        by_kind[rule.kind].append(rule_check(rule, memo))
    return gates + by_kind[GATE] + by_kind[OUTCOME] + checkpoints + by_kind[CHECKPOINT]


def rule_check(rule: Any, memo: Optional[Dict[Tuple[int, int], Check]] = None) -> TypedCheck:
    """The check of a bound rule: compiled once for every task the rule's predicate is bound to
    (kept in the rule's ``compiled``: it depends on the rule and the predicate alone), the parts
    of it that name no fact once for every task the rule binds to (``rule_templates``)."""
    compiled = getattr(rule, "compiled", None)
    check = compiled.get("check") if compiled is not None else None
    if check is None:
        nodes = compiled.get("nodes") if compiled is not None else None  # the rule's fact-free parts' checks
        local = nodes.memo() if nodes is not None else memo
        check = typed_check(rule.id, rule.kind, rule.when, rule.rule.weight, POLICY, local)
        if nodes is not None:
            nodes.keep(local)
        if compiled is not None:
            compiled["check"] = check
    return check
