"""The notes ``tau-shaped tasks draft`` gives a reviewer on the domain's gates and on the drafted
task's perturbations (issue 45).

- **gates**: the domain's gate rules bound to the task that reach what its ground truth touches
  (a tool it calls, an event its tools record, or every message): they already fire, so the
  draft does not copy them into ``safety_gates``.
- **perturbations** (SPEC §6.2, ``tau_shaped.tasks.sensitivity``): the drafted task's ground
  truth perturbed; the notes say how many lose and name any that does not.
"""

from __future__ import annotations

from typing import Any, List

from tau_shaped.env.types import RESPOND_ACTION_NAME
from tau_shaped.tasks import sensitivity as sensitivity_module
from tau_shaped.tasks.draft_domain_rules import declared_events, walk
from tau_shaped.tasks.draft_play import Play


def gate_notes(env: Any, task: Any, play: Play) -> List[str]:
    """The domain's gates bound to ``task`` that reach a tool the ground truth calls, an event
    its tools record, or every message (one note naming them, or none)."""
    called = {a.name for a in play.actions if a.name != RESPOND_ACTION_NAME}
    tool_events = declared_events(env)
    recorded = set().union(*(tool_events.get(n, set()) for n in called)) if called else set()
    reach: List[str] = []
    try:
        bound = env.bound_rules(task)
    except Exception:  # noqa: BLE001 - a domain without rules
        bound = []
    for rule in bound:
        if rule.kind != "gate":
            continue
        nodes = list(walk(rule.rule.when))
        tools = {n["tool"] for n in nodes if isinstance(n.get("tool"), str)}
        events = {n.get("event") or n.get("event_sum") for n in nodes if isinstance(n.get("event") or n.get("event_sum"), str)}
        if tools & called:
            reach.append(f"{rule.id} (calls {', '.join(sorted(tools & called))})")
        elif events & recorded:
            reach.append(f"{rule.id} (records {', '.join(sorted(events & recorded))})")
        elif not tools and not events:
            reach.append(f"{rule.id} (every message)")
    return [f"domain gates that bind to it and reach what its ground truth touches: {'; '.join(reach)}"] if reach else []


def perturbation_notes(env: Any, task: Any) -> List[str]:
    """How many perturbations of the drafted task lose, and each that does not
    (``tau_shaped.tasks.sensitivity``, read as it is: its ``sensitivity`` where it has one)."""
    judge = getattr(sensitivity_module, "sensitivity", None)
    if callable(judge):
        found = judge(env, task)
        total, kept = found.total, list(found.kept)
        head = f"perturbations: {total - len(kept)}/{total} lose (outcome 0 or a gate fired)" if total else \
            "perturbations: none can be built"
    else:
        kept = list(sensitivity_module.insensitive(env, task))
        head = "perturbations: every one loses (outcome 0 or a gate fired)" if not kept else "perturbations:"
    return [head] + [f"perturbation does not lose: {name}" for name in kept]
