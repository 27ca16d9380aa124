"""A task's ``reward_overrides`` drafted from its ground truth (``tau-shaped tasks draft``, issue 45).

Stating what correct means for a task (SPEC §4, §5) is the costly part of a shaped reward. The
draft plays the task's ground truth with the domain's tools, as ``tasks check`` does, step by
step, and writes what a reviewer starts from:

- **equivalence classes** (SPEC §4.1) from the candidate sets the tools recorded: a write that
  stores a list of at least two values in a record and, in the same record, a value that is one
  of them (``orders.O.courier_candidates`` and ``orders.O.driver_id``; a route planner's
  ``route_candidates`` and ``route``) is a choice among candidates. Its linked paths are the
  fields of the chosen value's own record (``drivers.{value}.active_orders``) that the write
  changed.
- **monetary identities** (SPEC §4.3) from the money the tools moved: the events the domain's
  rules sum (``event_sum``: ``money_moved``), of the kinds they count, per order. The disputed
  amount and the cap are what the ground truth moved; the components are the entries the
  payment added to the order's record (``orders.O.ledger[*].amount``); ``owns`` what the payment
  changed, what the same call changes with each other value of an enumerated argument (a refund
  as wallet credit raises the wallet), and a record it created, by the field that names the
  order (``orders[?replacement_for=O]``). Money of a kind the domain's facts count apart by
  identity id (food delivery's ``apology``) gets an identity of that id, over entries of that
  kind only, and a second one (``nothing_lost``, cap 0) over the other entries. A refusal task
  (an ``output_checks`` entry that wants a denial) whose ground truth moves no money gets
  ``nothing_given`` (cap 0) on each order its ground truth names.
- **checkpoints** (SPEC §5) from the ground truth's steps: finding the customer (the tools that
  record the event the domain's rules read, any of them), each other look-up (its tool and its
  identifier arguments), and each write: the money an identity judges as a ``sum`` at least the
  disputed amount, a field the write set to one of its identifier arguments or a ``status`` as a
  ``state`` predicate, else the call itself. A checkpoint the ground truth does not meet is left
  out (said in a note).
- **gates**: the caps of the identities (SPEC §4.3: the gate ``compensation_cap``), and, in the
  notes, the domain's gate rules bound to the task that reach what its ground truth touches (a
  tool it calls, an event its tools record, or every message): they already fire, so the draft
  does not copy them into ``safety_gates``.
- **perturbations** (SPEC §6.2, ``tau_shaped.tasks.sensitivity``): the drafted task's ground
  truth perturbed; the notes say how many lose and name any that does not.

The draft is deterministic (the same task, the same JSON) and a task file again: the task with
its ``reward_overrides`` replaced by the draft, each part's ``description`` saying where it came
from, ready for ``tasks check``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from tau_shaped.env.json_input import one_line
from tau_shaped.env.tool_effects import effects_of
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.reward.paths import format_location
from tau_shaped.reward.values import is_number, values_equal
from tau_shaped.tasks.consenting import score_with_customer
from tau_shaped.tasks.schema import ShapedTask
from tau_shaped.tasks import sensitivity as sensitivity_module

TOLERANCE = 0.005  # SPEC §4.3: half a cent
READ_WEIGHT = 0.2
WRITE_WEIGHT = 0.4
WEIGHT_STEP = 0.05
#: Where a record keeps the money given back on it, as SPEC §4.3's food-delivery example does: a
#: refusal's ``nothing_given`` identity (drafted only for records that have one) sums it.
LEDGER, LEDGER_AMOUNT = "ledger", "amount"
STEP = "\x00step"  # a drafted checkpoint's step while it is drafted (never in the output)

Location = Tuple[Any, ...]


class DraftError(ValueError):
    """A task that cannot be drafted, or a selection naming no task: one line."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


@dataclass
class Draft:
    """A task's drafted overrides (``overrides``: JSON, as a task file holds them), the ground
    truth's write steps, and the notes a reviewer reads (one line each)."""

    task_id: str
    overrides: Dict[str, Any]
    writes: List[int] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    #: each drafted checkpoint's id and the ground-truth step it was drafted from
    checkpoint_steps: Dict[str, int] = field(default_factory=dict)


# -- states ------------------------------------------------------------------------------------


def _with_actions(task: Any, actions: Sequence[Any]) -> Any:
    return task.model_copy(update={"actions": [Action(name=a.name, kwargs=dict(a.kwargs)) for a in actions]})


def _state_after(env: Any, task: Any, actions: Sequence[Any]) -> Any:
    return env.ground_truth(_with_actions(task, actions)).data


def _is_list(value: Any) -> bool:
    return isinstance(value, (list, tuple))


def _changes(before: Any, after: Any, at: Location = ()) -> Iterator[Location]:
    """The locations whose value differs (dict keys and list positions, down to the leaves;
    a list that changed length is one location, and so is a value added or removed). A value
    shared by both states (the overlay's untouched tables) is not looked into."""
    if before is after:
        return
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        for key in sorted(set(before.keys()) | set(after.keys()), key=str):
            if key not in before or key not in after:
                yield at + (key,)
                continue
            old, new = before[key], after[key]
            if old is not new and old != new:
                yield from _changes(old, new, at + (key,))
    elif _is_list(before) and _is_list(after) and len(before) == len(after):
        for i, (old, new) in enumerate(zip(before, after)):
            if old is not new and old != new:
                yield from _changes(old, new, at + (i,))
    elif before != after:
        yield at


def _get(state: Any, loc: Sequence[Any]) -> Any:
    for key in loc:
        if isinstance(state, Mapping) and key in state:
            state = state[key]
        elif _is_list(state) and isinstance(key, int) and 0 <= key < len(state):
            state = state[key]
        else:
            return None
    return state


_PLAIN_LITERAL = re.compile(r"[A-Za-z0-9_-]+")


def _filter(field_name: str, value: Any, op: str = "=") -> str:
    """A path filter ``[?field=value]``: the value bare when it is a plain word, else as JSON."""
    shown = value if isinstance(value, str) and _PLAIN_LITERAL.fullmatch(value) and value not in ("true", "false", "null") \
        and not value.lstrip("-").isdigit() else json.dumps(value)
    return f"[?{field_name}{op}{shown}]"


def _item_key(item: Any) -> Optional[Tuple[str, Any]]:
    """(field, value) that names a list item: its first ``*_id`` field holding a string."""
    if isinstance(item, Mapping):
        for key in sorted(item):
            if str(key).endswith("_id") and isinstance(item[key], str):
                return str(key), item[key]
    return None


def _stable(state: Any, loc: Location) -> Optional[str]:
    """A path for ``loc`` whose list positions are filters on the item's id field
    (``items[?item_id=MI-1].substituted_for``), or None when an item has no id field."""
    out = ""
    for n, key in enumerate(loc):
        if isinstance(key, int):
            named = _item_key(_get(state, loc[:n + 1]))
            if named is None:
                return None
            out += _filter(named[0], named[1])
        else:
            out += format_location((key,)) if not out else format_location(("x", key))[1:]  # ".key" or '["a.b"]'
    return out


# -- the domain's rules, read as data -----------------------------------------------------------


def _walk(node: Any) -> Iterator[Dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _rule_nodes(env: Any) -> Iterator[Tuple[Any, Dict[str, Any]]]:
    rules = getattr(env, "policy_rules", None)
    for rule in getattr(rules, "rules", None) or []:
        for node in _walk(rule.when):
            yield rule, node


def _money_kinds(env: Any) -> Tuple[Set[str], Optional[Set[str]]]:
    """(the event types the domain's rules sum, the kinds they count; None: every kind)."""
    types: Set[str] = set()
    kinds: Set[str] = set()
    for _rule, node in _rule_nodes(env):
        if isinstance(node.get("event_sum"), str):
            types.add(node["event_sum"])
            kind = (node.get("where") or {}).get("kind")
            if isinstance(kind, str):
                kinds.add(kind)
            elif isinstance(kind, dict) and isinstance(kind.get("in"), list):
                kinds.update(k for k in kind["in"] if isinstance(k, str))
    return types, (kinds or None)


def _ids_apart(env: Any) -> Set[str]:
    """Identity ids the domain's facts sum apart (``apology``)."""
    rules = getattr(env, "policy_rules", None)
    apart: Set[str] = set()
    for fact in (getattr(rules, "facts", None) or {}).values():
        apart.update(getattr(fact, "except_identities", None) or ())
        apart.update(getattr(fact, "only_identities", None) or ())
    return apart


def _events_read(env: Any) -> Set[str]:
    """The event types the domain's rules read one by one (``event``, ``by: {event}``)."""
    return {node["event"] for _rule, node in _rule_nodes(env) if isinstance(node.get("event"), str)}


def _tool_events(env: Any) -> Dict[str, Set[str]]:
    """Each tool's declared events (``@effects``), in the domain's tool order."""
    out: Dict[str, Set[str]] = {}
    for name, tool in env.tools_map.items():
        declared = effects_of(tool)
        out[name] = set(declared.events) if declared is not None else set()
    return out


def _enums(env: Any, name: str) -> Dict[str, List[Any]]:
    """The enumerated arguments of a tool (its JSON schema's ``enum``)."""
    tool = env.tools_map.get(name)
    try:
        props = tool.get_info()["function"]["parameters"]["properties"]
    except (AttributeError, KeyError, TypeError):
        return {}
    return {arg: list(spec["enum"]) for arg, spec in props.items() if isinstance(spec, dict) and isinstance(spec.get("enum"), list)}


# -- identifiers ---------------------------------------------------------------------------------


def _is_id(arg: str, value: Any, state: Dict[str, Any]) -> bool:
    """An argument that names a record: ``*_id``, or a key of a top-level table."""
    if not isinstance(value, str) or not value:
        return False
    return arg.endswith("_id") or any(isinstance(t, Mapping) and value in t for t in state.values())


def _id_args(kwargs: Mapping[str, Any], state: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in sorted(kwargs.items()) if _is_id(k, v, state)}


def _record_of(state: Dict[str, Any], value: Any) -> Optional[Location]:
    """The top-level record keyed by ``value`` (``("orders", "FD-1")``), the first table's."""
    if not isinstance(value, str):
        return None
    for table in sorted(state.keys(), key=str):
        if isinstance(state[table], Mapping) and isinstance(state[table].get(value), Mapping):
            return (table, value)
    return None


# -- the parts -----------------------------------------------------------------------------------


@dataclass
class _Play:
    """The ground truth played step by step: the state before each step and after it."""

    actions: List[Any]
    initial: Dict[str, Any]
    after: List[Dict[str, Any]]
    events: List[List[Any]]
    failed: Set[int]
    terminate: Set[str]

    def before(self, i: int) -> Dict[str, Any]:
        return self.initial if i == 0 else self.after[i - 1]

    @property
    def final(self) -> Dict[str, Any]:
        return self.after[-1] if self.after else self.initial

    def is_tool(self, i: int) -> bool:
        return self.actions[i].name != RESPOND_ACTION_NAME

    def changed(self, i: int) -> List[Location]:
        return list(_changes(self.before(i), self.after[i]))

    def writes(self) -> List[int]:
        """Steps whose call changed the state."""
        return [i for i in range(len(self.actions)) if self.is_tool(i) and i not in self.failed and self.changed(i)]


def _play(env: Any, task: Any) -> _Play:
    truth = env.ground_truth(task)
    initial = env.initial_state(truth.seed)
    actions = list(task.actions)
    after = [_state_after(env, task, actions[:i + 1]) for i in range(len(actions))]
    steps = list(truth.trajectory.steps) if truth.trajectory is not None else []
    events = [[e for e in s.events] for s in steps] + [[] for _ in range(len(actions) - len(steps))]
    failed = {step for step, _name, _obs in truth.failed_steps}
    return _Play(actions, initial, after, events, failed, set(getattr(env, "terminate_tools", ()) or ()))


def _classes(play: _Play, writes: Sequence[int]) -> List[Tuple[int, Dict[str, Any]]]:
    """(step, class) of each choice among candidates a write recorded."""
    out: List[Tuple[int, Dict[str, Any]]] = []
    seen: Set[str] = set()
    for i in writes:
        after = play.after[i]
        changed = play.changed(i)
        records = sorted({loc[:-1] for loc in changed if len(loc) >= 2} | {loc[:-2] for loc in changed if len(loc) >= 3},
                         key=lambda loc: [str(k) for k in loc])
        for record_loc in records:
            record = _get(after, record_loc)
            if not isinstance(record, Mapping):
                continue
            touched = {loc[len(record_loc)] for loc in changed if loc[:len(record_loc)] == record_loc and len(loc) > len(record_loc)}
            for list_key in sorted(touched, key=str):
                candidates = record.get(list_key)
                if not _is_list(candidates) or len(candidates) < 2:
                    continue
                for field_key in sorted(touched - {list_key}, key=str):
                    chosen = record.get(field_key)
                    if chosen is None or not any(values_equal(chosen, c) for c in candidates):
                        continue
                    field_path = format_location(record_loc + (field_key,))
                    if field_path in seen:
                        continue
                    seen.add(field_path)
                    linked = []
                    home = _record_of(after, chosen)
                    if home is not None:
                        for loc in changed:
                            if loc[:2] == home and len(loc) >= 3:
                                template = format_location((home[0], "{value}", loc[2]))
                                if template not in linked:
                                    linked.append(template)
                    stem = str(list_key)
                    name = stem[:-len("_candidates")] if stem.endswith("_candidates") and len(stem) > len("_candidates") else str(field_key)
                    cls: Dict[str, Any] = {"id": name, "field_path": field_path,
                                           "candidate_set_path": format_location(record_loc + (list_key,))}
                    if linked:
                        cls["linked_paths"] = sorted(linked)
                    cls["description"] = (f"drafted: step {i} ({play.actions[i].name}) recorded {len(candidates)} candidates "
                                          f"and chose one of them")
                    out.append((i, cls))
    return out


@dataclass
class _Money:
    identity: Dict[str, Any]
    steps: List[int]


def _component(play: _Play, i: int, order: Location, amount: float, kind: str,
               only_kind: bool) -> Optional[Tuple[str, str, Optional[Tuple[str, str]]]]:
    """(component path, its list's path, the kind filter) of the entry a payment added to the
    order's record: a new list item with a number equal to ``amount``."""
    before, after = play.before(i), play.after[i]
    record = _get(after, order)
    if not isinstance(record, Mapping):
        return None
    for key in sorted(record.keys(), key=str):
        new, old = record[key], _get(before, order + (key,))
        if not _is_list(new) or not _is_list(old) or len(new) <= len(old):
            continue
        for item in new[len(old):]:
            if not isinstance(item, Mapping):
                continue
            for field_key in sorted(item, key=str):
                value = item[field_key]
                if is_number(value) and not isinstance(value, bool) and abs(float(value) - amount) <= 1e-9:
                    named = next((k for k in sorted(item, key=str) if item[k] == kind), None) if only_kind else None
                    where = _filter(named, kind) if named is not None else "[*]"
                    base = format_location(order + (key,))
                    return f"{base}{where}.{field_key}", base, ((named, kind) if named is not None else None)
    return None


def _owned(play: _Play, env: Any, task: Any, i: int, order_id: str, ledger: str) -> List[str]:
    """What a payment changes, and what the same call changes with another value of an
    enumerated argument: leaves outside the order's list, records created (by the field naming
    the order), and lists that got a created record's key."""
    owns: List[str] = []
    states = [(play.before(i), play.after[i])]
    action = play.actions[i]
    for arg, values in sorted(_enums(env, action.name).items()):
        for value in values:
            if arg in action.kwargs and value != action.kwargs[arg]:
                other = Action(name=action.name, kwargs={**dict(action.kwargs), arg: value})
                states.append((play.before(i), _state_after(env, task, list(play.actions[:i]) + [other])))
    for before, after in states:
        created: List[Tuple[str, str]] = []
        for loc in _changes(before, after):
            if len(loc) == 2 and _get(before, loc) is None and isinstance(_get(after, loc), Mapping):
                record = _get(after, loc)
                named = next((k for k in sorted(record, key=str) if record[k] == order_id), None)
                if named is not None:
                    owns.append(format_location(loc[:1]) + _filter(named, order_id))
                    created.append((str(loc[0]), str(loc[1])))
        for loc in _changes(before, after):
            path = format_location(loc)
            if path == ledger or path.startswith(ledger + "[") or path.startswith(ledger + "."):
                continue
            if any(loc[:2] == (t, k) for t, k in created):
                continue
            value = _get(after, loc)
            if _is_list(value) and any(k in value for _t, k in created):
                owns.append(path)
            elif len(loc) >= 3 and (is_number(value) or value is None):
                owns.append(path)
            elif _is_list(_get(after, loc[:-1])) and len(loc) >= 3:
                owns.append(format_location(loc[:-1]))  # an item of a list: the list
    return owns


def _identities(env: Any, task: Any, play: _Play) -> List[_Money]:
    money_types, kinds = _money_kinds(env)
    apart = _ids_apart(env)
    groups: Dict[Tuple[str, str], Dict[str, Any]] = {}
    for i, events in enumerate(play.events):
        for event in events:
            if event.type not in money_types:
                continue
            kind = str(event.fields.get("kind"))
            if kinds is not None and kind not in kinds:
                continue
            order_id = event.fields.get("order_id")
            amount = event.fields.get("amount")
            if not isinstance(order_id, str) or not is_number(amount):
                continue
            ident = kind if kind in apart else "compensation"
            group = groups.setdefault((order_id, ident), {"amount": 0.0, "steps": [], "kind": kind, "found": []})
            group["amount"] = math.fsum([group["amount"], float(amount)])
            group["steps"].append(i)
            group["found"].append((i, float(amount), kind))
    out: List[_Money] = []
    for (order_id, ident), group in sorted(groups.items()):
        order = _record_of(play.final, order_id)
        if order is None:
            continue
        comps: List[str] = []
        lists: List[str] = []
        filters: List[Tuple[str, str]] = []
        for i, amount, kind in group["found"]:
            found = _component(play, i, order, amount, kind, only_kind=ident in apart)
            if found is None:
                continue
            if found[0] not in comps:
                comps.append(found[0])
            if found[1] not in lists:
                lists.append(found[1])
            if found[2] is not None and found[2] not in filters:
                filters.append(found[2])
        if not comps:
            continue
        disputed = round(group["amount"], 2)
        owns: List[str] = list(lists)
        for i in dict.fromkeys(group["steps"]):
            for path in _owned(play, env, task, i, order_id, lists[0]):
                if path not in owns:
                    owns.append(path)
        said = ", ".join(f"step {i} ({play.actions[i].name}) {kind} {amount:.2f}" for i, amount, kind in group["found"])
        identity = {"id": ident, "disputed_amount": disputed, "tolerance": TOLERANCE, "cap": disputed,
                    "components": comps, "owns": owns,
                    "description": f"drafted from the money the ground truth moved on {order_id}: {said}"}
        out.append(_Money(identity, list(dict.fromkeys(group["steps"]))))
        if ident in apart and filters and lists:
            named, kind = filters[0]
            out.append(_Money({"id": "nothing_lost", "disputed_amount": 0.0, "tolerance": TOLERANCE, "cap": 0.0,
                               "components": [f"{lists[0]}{_filter(named, kind, '!=')}.{comps[0].rsplit('.', 1)[1]}"],
                               "description": f"drafted: only {kind} money is owed on {order_id}: anything else on it totals 0"},
                              []))
    return out


def _refusal(task: Any) -> bool:
    for check in getattr(task, "output_checks", None) or []:
        said = getattr(check, "said", None)
        if getattr(said, "denies", None) is True:
            return True
    return False


def _named_orders(play: _Play) -> List[str]:
    """Order-like records the ground truth names in its calls and messages, in order."""
    names: List[str] = []
    for action in play.actions:
        values = [v for v in action.kwargs.values() if isinstance(v, str)]
        for value in values:
            tokens = [value] if action.name != RESPOND_ACTION_NAME else value.replace(",", " ").replace(".", " ").replace("?", " ").split()
            for token in tokens:
                record = _record_of(play.final, token)
                if record is not None and _is_list(_get(play.final, record + (LEDGER,))) and token not in names:
                    names.append(token)
    return names


def _nothing_given(play: _Play, money: List[_Money]) -> List[Dict[str, Any]]:
    out = []
    for order_id in _named_orders(play):
        record = _record_of(play.final, order_id)
        if record is None:
            continue
        out.append({"id": "nothing_given" if not out else f"nothing_given_{order_id}", "disputed_amount": 0.0,
                     "tolerance": TOLERANCE, "cap": 0.0,
                     "components": [f"{format_location(record + (LEDGER,))}[*].{LEDGER_AMOUNT}"],
                     "description": f"drafted: a refusal whose ground truth moves no money: nothing is given on {order_id}"})
    _ = money
    return out


def _checkpoints(env: Any, play: _Play, writes: Sequence[int], classes: Sequence[Tuple[int, Dict[str, Any]]],
                 money: Sequence[_Money], reserved: Set[str]) -> List[Tuple[Dict[str, Any], float]]:
    """(checkpoint, raw weight) for the ground truth's steps, in step order; ids unique, none of
    ``reserved`` (the classes' and identities': a task's ids are one namespace)."""
    read_events = _events_read(env)
    tool_events = _tool_events(env)
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


def _state_checkpoint(play: _Play, i: int, args: Mapping[str, Any]) -> Optional[Tuple[str, Dict[str, Any]]]:
    """A field the write set that the final state keeps: one set to an identifier argument of
    the call, else a ``status``, under the record an argument names."""
    after = play.after[i]
    changed = [loc for loc in play.changed(i) if len(loc) >= 3]
    homes = [r for r in (_record_of(play.before(i), v) for v in args.values()) if r is not None]
    leaves = [loc for loc in changed if any(loc[:2] == h for h in homes)
              and not isinstance(_get(after, loc), (Mapping, list, tuple))]
    echo = [loc for loc in leaves if any(_get(after, loc) == v for v in args.values())]
    status = [loc for loc in leaves if loc[-1] == "status"]
    for loc in echo + status:
        value = _get(after, loc)
        if _get(play.final, loc) != value:
            continue
        path = _stable(after, loc)
        if path is None:
            continue
        return f"{loc[-1]}_set" if loc[-1] != "status" else f"status_{value}", {"state": path, "eq": value}
    return None


def _unique_ids(parts: Sequence[Dict[str, Any]], taken: Set[str]) -> None:
    """Give each part an id no earlier part (nor ``taken``) has: ``courier``, ``courier_2``..."""
    for part in parts:
        name, n = part["id"], 2
        while name in taken:
            name, n = f"{part['id']}_{n}", n + 1
        part["id"] = name
        taken.add(name)


def _weights(raw: List[Tuple[Dict[str, Any], float]], budget: float) -> List[Dict[str, Any]]:
    """Reads 0.2, writes 0.4, scaled down (in steps of 0.05) when they sum above the budget."""
    total = math.fsum(w for _cp, w in raw)
    scale = budget / total if total > budget + 1e-9 else 1.0
    out = []
    for cp, w in raw:
        weight = math.floor(w * scale / WEIGHT_STEP + 1e-9) * WEIGHT_STEP if scale < 1 else w
        out.append({**cp, "weight": round(weight, 2)})
    return out


# -- gates and perturbations (notes) -------------------------------------------------------------


def _gate_notes(env: Any, task: Any, play: _Play) -> List[str]:
    called = {a.name for a in play.actions if a.name != RESPOND_ACTION_NAME}
    tool_events = _tool_events(env)
    recorded = set().union(*(tool_events.get(n, set()) for n in called)) if called else set()
    reach: List[str] = []
    try:
        bound = env.bound_rules(task)
    except Exception:  # noqa: BLE001 - a domain without rules
        bound = []
    for rule in bound:
        if rule.kind != "gate":
            continue
        nodes = list(_walk(rule.rule.when))
        tools = {n["tool"] for n in nodes if isinstance(n.get("tool"), str)}
        events = {n.get("event") or n.get("event_sum") for n in nodes if isinstance(n.get("event") or n.get("event_sum"), str)}
        if tools & called:
            reach.append(f"{rule.id} (calls {', '.join(sorted(tools & called))})")
        elif events & recorded:
            reach.append(f"{rule.id} (records {', '.join(sorted(events & recorded))})")
        elif not tools and not events:
            reach.append(f"{rule.id} (every message)")
    return [f"domain gates that bind to it and reach what its ground truth touches: {'; '.join(reach)}"] if reach else []


def _perturbation_notes(env: Any, task: Any) -> List[str]:
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


# -- the draft ---------------------------------------------------------------------------------


def draft_overrides(env: Any, task: Any, perturb: bool = True) -> Draft:
    """The drafted ``reward_overrides`` of ``task`` (see the module), with the notes a reviewer
    reads. ``perturb``: try the drafted task's perturbations (the slow part) for the notes."""
    play = _play(env, task)
    draft = Draft(str(task.id), {})
    for step in sorted(play.failed):
        draft.notes.append(f"ground-truth step {step} ({play.actions[step].name}) failed: nothing drafted from it")
    writes = play.writes()
    draft.writes = writes
    classes = _classes(play, writes)
    money = _identities(env, task, play)
    identities = [m.identity for m in money]
    if not money and _refusal(task) and not writes:
        identities = _nothing_given(play, money)
    bound = [r.rule.weight for r in env.bound_rules(task) if r.kind == "checkpoint"] if hasattr(env, "bound_rules") else []
    budget = max(0.0, 1.0 - math.fsum(bound))
    reserved: Set[str] = set()
    _unique_ids([c for _i, c in classes], reserved)
    _unique_ids(identities, reserved)
    checkpoints = _weights(_checkpoints(env, play, writes, classes, money, reserved), budget)
    draft.checkpoint_steps = {cp["id"]: cp.pop(STEP) for cp in checkpoints}
    overrides: Dict[str, Any] = {}
    if classes:
        overrides["equivalence_class"] = [cls for _i, cls in classes]
    if identities:
        overrides["monetary_identity"] = identities
    if checkpoints:
        overrides["process_checkpoints"] = checkpoints
    drafted = _with_overrides(task, overrides)
    result = score_with_customer(env, drafted)
    if result.status == "ok":
        unmet = {cp.id for cp in result.checkpoints if not cp.satisfied}
        if unmet:
            overrides["process_checkpoints"] = [cp for cp in checkpoints if cp["id"] not in unmet]
            if not overrides["process_checkpoints"]:
                del overrides["process_checkpoints"]
            draft.notes.append(f"left out checkpoint(s) the ground truth does not meet: {', '.join(sorted(unmet))}")
            draft.checkpoint_steps = {k: v for k, v in draft.checkpoint_steps.items() if k not in unmet}
            drafted = _with_overrides(task, overrides)
            result = score_with_customer(env, drafted)
    if result.status != "ok":
        draft.notes.append(f"the drafted task's ground truth could not be scored: {result.status}")
    elif result.outcome_reward != 1.0 or not result.safety_passed:
        why = [f"gate {g.id}" for g in result.gate_violations] + [f"policy rule {v.id}" for v in result.rule_violations]
        why += [f"state differs at {d.path}" for d in result.canonical_diff]
        draft.notes.append(f"the drafted task's ground truth scores outcome {result.outcome_reward:g}"
                           f"{' (' + ', '.join(why) + ')' if why else ''}: review it")
    draft.overrides = overrides
    draft.notes += _gate_notes(env, drafted, play)
    if money:
        money_types, _kinds = _money_kinds(env)
        tried = {play.actions[i].name for m in money for i in m.steps}
        others = [n for n, events in _tool_events(env).items() if events & money_types and n not in tried]
        if others:
            draft.notes.append(f"owns: what {', '.join(sorted(tried))} changed (and with each value of its enumerated "
                               f"arguments); the domain's other tools that move money ({', '.join(others)}) may change "
                               "more: add those paths if paying that way is valid")
    caps = [f"{i['id']} {i['cap']:.2f}" for i in identities if i.get("cap") is not None]
    if caps:
        draft.notes.append(f"caps (gate compensation_cap above them): {', '.join(caps)}")
    if perturb:
        draft.notes += _perturbation_notes(env, drafted)
    draft.notes.append("not drafted: output_checks and checkpoints on what the agent says (said), "
                       "policy_exemptions: the author's to state")
    return draft


def _with_overrides(task: Any, overrides: Dict[str, Any]) -> Any:
    data = task.model_dump(mode="json", exclude_unset=True)
    data["reward_overrides"] = overrides
    return ShapedTask.model_validate(data)


#: The order of a drafted task's keys: the task file's usual order, the rest after it.
KEY_ORDER = ("id", "seed", "bucket", "split", "user_id", "instruction", "actions", "outputs", "output_checks",
             "reward_overrides", "policy_exemptions", "persona")


def drafted_task(task: Any, draft: Draft) -> Dict[str, Any]:
    """The task as a task file holds it (what was set in it), its ``reward_overrides`` the draft's."""
    data = task.model_dump(mode="json", exclude_unset=True)
    data["reward_overrides"] = draft.overrides
    out = {key: data[key] for key in KEY_ORDER if key in data}
    out.update({key: value for key, value in data.items() if key not in out})
    ShapedTask.model_validate(out)  # a task file again, or an error here rather than in the author's check
    return out


# -- whole files (``tau-shaped tasks draft``) -------------------------------------------------------


def _file_error(exc: Any) -> str:
    """A task file's error in one line: its first problem, and how many more."""
    errors = list(getattr(exc, "errors", None) or [str(exc)])
    if len(errors) == 1:
        return str(exc)
    return f"{getattr(exc, 'path', '?')}: {len(errors)} errors, the first: {errors[0]} (tau-shaped tasks validate lists them all)"


def _sources(files: Sequence[Any], env_name: Optional[str], split: Optional[str],
             default_env: str) -> Iterator[Tuple[str, Any, List[Any], Optional[str]]]:
    """(label, domain, tasks, note) of each source: each file (its domain: ``env_name``, else
    its folder's, else ``default_env`` with a note), or the domain's split."""
    from tau_shaped.tasks.domains import DomainNotFound, domain_for_file, load_domain
    from tau_shaped.tasks.files import TaskFileError, load_tasks

    try:
        if not files:
            domain = load_domain(env_name or default_env)
            name = split or "test"
            try:
                yield f"{domain.name} [{name}]", domain, list(domain.tasks(name)), None
            except KeyError as exc:
                raise DraftError(str(exc.args[0])) from None
            return
        for path in files:
            note = None
            try:
                domain = domain_for_file(path, env_name)
            except DomainNotFound:
                if env_name:
                    raise
                domain = load_domain(default_env)
                note = f"{path}: its folder names no domain: drafted as {default_env} (--env to choose)"
            try:
                tasks = load_tasks(path)
            except TaskFileError as exc:
                raise DraftError(_file_error(exc)) from None
            yield str(path), domain, tasks, note
    except DomainNotFound as exc:
        raise DraftError(str(exc)) from None


def run_draft(files: Sequence[Any], env_name: Optional[str], split: Optional[str], ids: Optional[Sequence[str]],
              default_env: str, perturb: bool = True) -> Tuple[str, List[str]]:
    """The drafted task file's text (a JSON list of the tasks, each with its drafted
    ``reward_overrides``) and the notes, one line each, naming the source and the task. Every
    source is read and every id found before anything is drafted; a problem is a one-line
    DraftError."""
    if files and split:
        raise DraftError("--split is for a domain's own tasks, not with files")
    chosen: List[Tuple[str, Any, List[Any]]] = []
    notes: List[str] = []
    wanted = [i.strip() for text in ids or () for i in str(text).split(",") if i.strip()]
    found: Set[str] = set()
    for label, domain, tasks, note in _sources(files, env_name, split, default_env):
        if note:
            notes.append(one_line(f"note: {note}"))
        picked = [t for t in tasks if not wanted or str(t.id) in wanted]
        found.update(str(t.id) for t in picked)
        chosen.append((label, domain, picked))
    missing = [w for w in dict.fromkeys(wanted) if w not in found]
    if missing:
        where = ", ".join(label for label, _d, _t in chosen)
        raise DraftError(f"{where}: no task with id {', '.join(repr(m) for m in missing)}")
    out: List[Dict[str, Any]] = []
    seen: Dict[str, str] = {}
    for label, domain, tasks in chosen:
        if not tasks:
            continue
        env = domain.make_env(tasks=tasks, task_index=0)
        for task in tasks:
            if str(task.id) in seen:
                raise DraftError(f"{label}: task {task.id!r} repeats the id of a task of {seen[str(task.id)]}")
            seen[str(task.id)] = label
            try:
                draft = draft_overrides(env, task, perturb=perturb)
                out.append(drafted_task(task, draft))
            except Exception as exc:  # noqa: BLE001 - the task's own data and the domain's tools: one line, named
                raise DraftError(f"{label}: task {task.id!r} cannot be drafted: {type(exc).__name__}: {exc}") from None
            notes += [one_line(f"note: {label}: task {task.id!r}: {line}") for line in draft.notes]
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n", notes
