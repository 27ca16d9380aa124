"""Process checkpoints (SPEC §5) drafted from the ground truth's steps (``tau-shaped tasks
draft``, issue 45).

Finding the customer (the tools that record the event the domain's rules read, any of them),
each other look-up (its tool and its identifier arguments), and each write: the money an
identity judges as a ``sum`` at least the disputed amount, a field the write set to one of its
identifier arguments or a ``status`` as a ``state`` predicate, else the call itself. Reads weigh
0.2, writes 0.4, scaled down to the task's budget.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from tau_shaped.tasks.draft_domain_rules import declared_events, events_read
from tau_shaped.tasks.draft_money import TOLERANCE, Money
from tau_shaped.tasks.draft_paths import stable_path
from tau_shaped.tasks.draft_play import Play, record_of, value_at

READ_WEIGHT = 0.2
WRITE_WEIGHT = 0.4
WEIGHT_STEP = 0.05
STEP = "\x00step"  # a drafted checkpoint's step while it is drafted (never in the output)


def _is_id(arg: str, value: Any, state: Dict[str, Any]) -> bool:
    """An argument that names a record: ``*_id``, or a key of a top-level table."""
    if not isinstance(value, str) or not value:
        return False
    return arg.endswith("_id") or any(isinstance(t, Mapping) and value in t for t in state.values())


def _id_args(kwargs: Mapping[str, Any], state: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in sorted(kwargs.items()) if _is_id(k, v, state)}


def process_checkpoints(env: Any, play: Play, writes: Sequence[int], classes: Sequence[Tuple[int, Dict[str, Any]]],
                        money: Sequence[Money], reserved: Set[str]) -> List[Tuple[Dict[str, Any], float]]:
    """(checkpoint, raw weight) for the ground truth's steps, in step order; ids unique, none of
    ``reserved`` (the classes' and identities': a task's ids are one namespace)."""
    read_events = events_read(env)
    tool_events = declared_events(env)
    reads = set(getattr(env, "read_tools", ()) or ())
    verifying = [name for name, events in tool_events.items() if events & read_events and name in reads]
    out: List[Tuple[Dict[str, Any], float]] = []
    seen: List[Any] = []
    ids: Set[str] = set(reserved)
    class_steps = {i for i, _cls in classes}
    money_steps = {i: m for m in money for i in m.steps}

    def add(step: int, cp_id: str, when: Dict[str, Any], weight: float, why: str) -> None:
        if when in seen:
            return
        seen.append(when)
        name, n = cp_id, 2
        while name in ids:
            name, n = f"{cp_id}_{n}", n + 1
        ids.add(name)
        out.append(({"id": name, "weight": weight, "when": when, "description": why, STEP: step}, weight))

    for i, action in enumerate(play.actions):
        if not play.is_tool(i) or i in play.failed:
            continue
        name = action.name
        if i in money_steps:
            identity = money_steps[i].identity
            if identity["disputed_amount"] > 0:
                add(i, "compensated" if identity["id"] == "compensation" else f"{identity['id']}_given",
                    {"sum": list(identity["components"]), "ge": round(identity["disputed_amount"] - TOLERANCE, 3)},
                    WRITE_WEIGHT, f"drafted from step {i} ({name}): the money of identity {identity['id']} given")
            continue
        args = _id_args(action.kwargs, play.before(i))
        if i in writes and i not in class_steps:
            state = _state_checkpoint(play, i, args)
            if state is not None:
                add(i, state[0], state[1], WRITE_WEIGHT, f"drafted from step {i} ({name}): what it set, as the final state keeps it")
                continue
        if i in writes or name in play.terminate:
            add(i, name, {"tool": name, **({"args": args} if args else {}), "succeeded": True}, WRITE_WEIGHT,
                f"drafted from step {i} ({name}): the call")
            continue
        if name in verifying:
            when = {"any": [{"tool": t, "succeeded": True} for t in verifying]} if len(verifying) > 1 else \
                {"tool": verifying[0], "succeeded": True}
            add(i, "verified_identity", when, READ_WEIGHT,
                f"drafted from step {i} ({name}): a look-up that records {', '.join(sorted(tool_events[name] & read_events))}")
            continue
        if not args:
            continue  # a note to itself (think, calculate): no record looked at
        add(i, f"looked_up_{'_'.join(sorted(args))}".replace("_id", "") if name.startswith("get_") else name,
            {"tool": name, "args": args, "succeeded": True}, READ_WEIGHT, f"drafted from step {i} ({name}): a look-up")
    return out


def _state_checkpoint(play: Play, i: int, args: Mapping[str, Any]) -> Optional[Tuple[str, Dict[str, Any]]]:
    """A field the write set that the final state keeps: one set to an identifier argument of
    the call, else a ``status``, under the record an argument names."""
    after = play.after[i]
    changed = [loc for loc in play.changed(i) if len(loc) >= 3]
    homes = [r for r in (record_of(play.before(i), v) for v in args.values()) if r is not None]
    leaves = [loc for loc in changed if any(loc[:2] == h for h in homes)
              and not isinstance(value_at(after, loc), (Mapping, list, tuple))]
    echo = [loc for loc in leaves if any(value_at(after, loc) == v for v in args.values())]
    status = [loc for loc in leaves if loc[-1] == "status"]
    for loc in echo + status:
        value = value_at(after, loc)
        if value_at(play.final, loc) != value:
            continue
        path = stable_path(after, loc)
        if path is None:
            continue
        return f"{loc[-1]}_set" if loc[-1] != "status" else f"status_{value}", {"state": path, "eq": value}
    return None


def weighted(raw: List[Tuple[Dict[str, Any], float]], budget: float) -> List[Dict[str, Any]]:
    """Reads 0.2, writes 0.4, scaled down (in steps of 0.05) when they sum above the budget."""
    total = math.fsum(w for _cp, w in raw)
    scale = budget / total if total > budget + 1e-9 else 1.0
    out = []
    for cp, w in raw:
        weight = math.floor(w * scale / WEIGHT_STEP + 1e-9) * WEIGHT_STEP if scale < 1 else w
        out.append({**cp, "weight": round(weight, 2)})
    return out
