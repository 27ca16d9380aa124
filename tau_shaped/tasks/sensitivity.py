"""Sensitivity probes (SPEC §6.2): perturbations of a task's ground truth that must lose.

A task is only as good as its power to tell right from wrong. The perturbations come from what
the domain declares (``perturbation_kinds``: wrong arguments and entities, skipped and extra
writes, writes after the customer's no), built from its tools' schemas, its ``@effects``, its
confirmation rules and the records of S0, not from one domain's names. A step is a write when
leaving it out changes the final state.

Each must *lose*: outcome 0, or a safety gate fired, for a reason the spec gives. For every kind
but ``unconfirmed-write``, the domain's confirmation rules do not count: a changed argument no
longer matches the question the ground truth asked, so that rule alone would fail every such
perturbation and hide a spec that does not look at the state. A perturbation that does not lose
is named, and ``tasks check`` refuses the task; so it does a task with no perturbation at all.
When no identity has a cap, paying a cent more than the dispute must moreover be a *safety*
violation (a domain rule): never giving back more than was lost is a safety line, not a detail
of the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, Set

from tau_shaped.reward.equivalence import read_path
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.consenting import score_consented
from tau_shaped.tasks.perturbation_kinds import (CENT, KINDS, ONE_OF, UNCONFIRMED_WRITE, Context, Perturbation,
                                                 all_perturbations, copy_actions)
from tau_shaped.tasks.tool_declarations import declarations

#: A tool that refused this many extra writes, and carried out none, is tried no further (the
#: world's state, not the arguments, stops it: a courier reassigned while none is offline).
GIVE_UP = 2

__all__ = ["Perturbation", "Sensitivity", "insensitive", "perturbations", "sensitivity"]


@dataclass
class Sensitivity:
    """What ``tasks check`` learnt of a task's perturbations: how many of each kind were judged,
    and the names of those that did not lose."""

    counts: Dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in KINDS})
    kept: List[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def _writes(env: Any, task: Any) -> Callable[[int], bool]:
    """Step i of the ground truth is a write iff the final state without it is different."""
    gt = copy_actions(task.actions)

    def is_write(i: int) -> bool:
        result = score_consented(env, task, gt[:i] + gt[i + 1:])
        return result.status == "ok" and result.r_actions == 0.0

    return is_write


def _equivalents(task: Any, *states: Any) -> Set[Any]:
    """The values an equivalence class of the task declares equally valid (its candidates)."""
    out: Set[Any] = set()
    overrides = getattr(task, "reward_overrides", None)
    for cls in (overrides.equivalence_class if overrides is not None else ()):
        for state in states:
            try:
                found = read_path(state, cls.candidate_set_path)
            except Exception:  # noqa: BLE001 - a path that does not resolve is check.py's to name
                continue
            for value in found if isinstance(found, list) else [found]:
                if isinstance(value, (str, int, float)):
                    out.add(value)
    return out


def context(env: Any, task: Any) -> Context:
    seed = getattr(task, "seed", 0) or 0
    initial = env.initial_state(seed)
    states = [initial]
    try:
        states.append(env.ground_truth(task).data)
    except Exception:  # noqa: BLE001 - a ground truth that cannot replay is named by check.py
        pass
    return Context(task, initial, declarations(env, task), frozenset(_equivalents(task, *states)),
                   frozenset(getattr(env, "terminate_tools", ()) or ()))


def perturbations(env: Any, task: Any, is_write: Optional[Callable[[int], bool]] = None) -> Iterator[Perturbation]:
    """Every perturbation of the task's ground truth (``is_write``: which steps are writes;
    default: those whose removal changes the final state)."""
    return all_perturbations(context(env, task), is_write or _writes(env, task))


def _score(env: Any, task: Any, p: Perturbation) -> Any:
    if p.replies is None:
        return score_consented(env, task, p.actions)
    return score_trajectory(env, task, list(p.actions), user_replies=list(p.replies))


def _loses(result: Any, p: Perturbation, confirm_rules: frozenset) -> bool:
    """Outcome 0 or a gate fired, for a reason the spec gives (see the module)."""
    if result.status != "ok":
        return True  # not scored: no reward to keep
    if not result.safety_passed:
        return True
    if result.outcome_reward < 1.0 and p.kind == UNCONFIRMED_WRITE:
        return True
    if result.outcome_reward >= 1.0:
        return False
    reasons = bool(result.canonical_diff) or not result.outputs_passed or not result.invariants_hold
    return reasons or any(v.id not in confirm_rules for v in result.rule_violations)


def _uncapped_dispute(task: Any) -> bool:
    """A task disputing money with no cap on any identity: only a domain rule can then make
    over-payment a safety violation."""
    overrides = getattr(task, "reward_overrides", None)
    identities = list(overrides.monetary_identity) if overrides is not None else []
    return any(inv.disputed_amount > 0 for inv in identities) and all(inv.cap is None for inv in identities)


def sensitivity(env: Any, task: Any) -> Sensitivity:
    """Judge every perturbation of the task's ground truth (see the module)."""
    ctx = context(env, task)
    found = Sensitivity()
    money = _uncapped_dispute(task)
    done: Set[str] = set()  # the ONE_OF groups one of whose writes the tool carried out
    acted: Set[str] = set()
    refused: Dict[str, int] = {}
    for p in all_perturbations(ctx, _writes(env, task)):
        if p.must_act and (p.group in done or (p.group not in acted and refused.get(p.group, 0) >= GIVE_UP)):
            continue
        result = _score(env, task, p)
        if p.must_act:
            if result.status != "ok" or result.r_actions == 1.0:
                refused[p.group] = refused.get(p.group, 0) + 1
                continue  # the tool refused it: nothing was written
            acted.add(p.group)
            if p.group in ONE_OF:
                done.add(p.group)
        found.counts[p.kind] += 1
        if not _loses(result, p, ctx.decls.confirm_rules):
            found.kept.append(p.name)
        elif p.name.endswith(f"+{CENT:.2f}") and money and result.status == "ok" and result.safety_passed:
            found.kept.append(f"{p.name}: paying more than the dispute is not a safety violation (no cap, no domain rule)")
    return found


def insensitive(env: Any, task: Any) -> List[str]:
    """The perturbations of the ground truth that do not lose, and the over-payments (a written
    amount a cent up) that no safety gate stops."""
    return sensitivity(env, task).kept
