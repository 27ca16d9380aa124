"""Monetary identities (SPEC §4.3) drafted from the money the ground truth moved (``tau-shaped
tasks draft``, issue 45).

The events the domain's rules sum (``event_sum``: ``money_moved``), of the kinds they count, per
order. The disputed amount and the cap are what the ground truth moved; the components are the
entries the payment added to the order's record (``orders.O.ledger[*].amount``); ``owns`` what
the payment changed, what the same call changes with each other value of an enumerated argument
(a refund as wallet credit raises the wallet), and a record it created, by the field that names
the order (``orders[?replacement_for=O]``). Money of a kind the domain's facts count apart by
identity id (food delivery's ``apology``) gets an identity of that id, over entries of that kind
only, and a second one (``nothing_lost``, cap 0) over the other entries. A refusal task (an
``output_checks`` entry that wants a denial) whose ground truth moves no money gets
``nothing_given`` (cap 0) on each order its ground truth names.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.reward.paths import format_location
from tau_shaped.reward.values import is_number
from tau_shaped.tasks.draft_domain_rules import enum_args, ids_apart, money_kinds
from tau_shaped.tasks.draft_paths import path_filter
from tau_shaped.tasks.draft_play import Location, Play, changes, is_list, record_of, state_after, value_at

TOLERANCE = 0.005  # SPEC §4.3: half a cent
#: Where a record keeps the money given back on it, as SPEC §4.3's food-delivery example does: a
#: refusal's ``nothing_given`` identity (drafted only for records that have one) sums it.
LEDGER, LEDGER_AMOUNT = "ledger", "amount"


@dataclass
class Money:
    identity: Dict[str, Any]
    steps: List[int]


def _component(play: Play, i: int, order: Location, amount: float, kind: str,
               only_kind: bool) -> Optional[Tuple[str, str, Optional[Tuple[str, str]]]]:
    """(component path, its list's path, the kind filter) of the entry a payment added to the
    order's record: a new list item with a number equal to ``amount``."""
    before, after = play.before(i), play.after[i]
    record = value_at(after, order)
    if not isinstance(record, Mapping):
        return None
    for key in sorted(record.keys(), key=str):
        new, old = record[key], value_at(before, order + (key,))
        if not is_list(new) or not is_list(old) or len(new) <= len(old):
            continue
        for item in new[len(old):]:
            if not isinstance(item, Mapping):
                continue
            for field_key in sorted(item, key=str):
                value = item[field_key]
                if is_number(value) and not isinstance(value, bool) and abs(float(value) - amount) <= 1e-9:
                    named = next((k for k in sorted(item, key=str) if item[k] == kind), None) if only_kind else None
                    where = path_filter(named, kind) if named is not None else "[*]"
                    base = format_location(order + (key,))
                    return f"{base}{where}.{field_key}", base, ((named, kind) if named is not None else None)
    return None


def _owned(play: Play, env: Any, task: Any, i: int, order_id: str, ledger: str) -> List[str]:
    """What a payment changes, and what the same call changes with another value of an
    enumerated argument: leaves outside the order's list, records created (by the field naming
    the order), and lists that got a created record's key."""
    owns: List[str] = []
    states = [(play.before(i), play.after[i])]
    action = play.actions[i]
    for arg, values in sorted(enum_args(env, action.name).items()):
        for value in values:
            if arg in action.kwargs and value != action.kwargs[arg]:
                other = Action(name=action.name, kwargs={**dict(action.kwargs), arg: value})
                states.append((play.before(i), state_after(env, task, list(play.actions[:i]) + [other])))
    for before, after in states:
        created: List[Tuple[str, str]] = []
        for loc in changes(before, after):
            if len(loc) == 2 and value_at(before, loc) is None and isinstance(value_at(after, loc), Mapping):
                record = value_at(after, loc)
                named = next((k for k in sorted(record, key=str) if record[k] == order_id), None)
                if named is not None:
                    owns.append(format_location(loc[:1]) + path_filter(named, order_id))
                    created.append((str(loc[0]), str(loc[1])))
        for loc in changes(before, after):
            path = format_location(loc)
            if path == ledger or path.startswith(ledger + "[") or path.startswith(ledger + "."):
                continue
            if any(loc[:2] == (t, k) for t, k in created):
                continue
            value = value_at(after, loc)
            if is_list(value) and any(k in value for _t, k in created):
                owns.append(path)
            elif len(loc) >= 3 and (is_number(value) or value is None):
                owns.append(path)
            elif is_list(value_at(after, loc[:-1])) and len(loc) >= 3:
                owns.append(format_location(loc[:-1]))  # an item of a list: the list
    return owns


def monetary_identities(env: Any, task: Any, play: Play) -> List[Money]:
    money_types, kinds = money_kinds(env)
    apart = ids_apart(env)
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
    out: List[Money] = []
    for (order_id, ident), group in sorted(groups.items()):
        order = record_of(play.final, order_id)
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
        out.append(Money(identity, list(dict.fromkeys(group["steps"]))))
        if ident in apart and filters and lists:
            named, kind = filters[0]
            out.append(Money({"id": "nothing_lost", "disputed_amount": 0.0, "tolerance": TOLERANCE, "cap": 0.0,
                               "components": [f"{lists[0]}{path_filter(named, kind, '!=')}.{comps[0].rsplit('.', 1)[1]}"],
                               "description": f"drafted: only {kind} money is owed on {order_id}: anything else on it totals 0"},
                              []))
    return out


def is_refusal(task: Any) -> bool:
    for check in getattr(task, "output_checks", None) or []:
        said = getattr(check, "said", None)
        if getattr(said, "denies", None) is True:
            return True
    return False


def _named_orders(play: Play) -> List[str]:
    """Order-like records the ground truth names in its calls and messages, in order."""
    names: List[str] = []
    for action in play.actions:
        values = [v for v in action.kwargs.values() if isinstance(v, str)]
        for value in values:
            tokens = [value] if action.name != RESPOND_ACTION_NAME else value.replace(",", " ").replace(".", " ").replace("?", " ").split()
            for token in tokens:
                record = record_of(play.final, token)
                if record is not None and is_list(value_at(play.final, record + (LEDGER,))) and token not in names:
                    names.append(token)
    return names


def nothing_given_identities(play: Play, money: List[Money]) -> List[Dict[str, Any]]:
    out = []
    for order_id in _named_orders(play):
        record = record_of(play.final, order_id)
        if record is None:
            continue
        out.append({"id": "nothing_given" if not out else f"nothing_given_{order_id}", "disputed_amount": 0.0,
                     "tolerance": TOLERANCE, "cap": 0.0,
                     "components": [f"{format_location(record + (LEDGER,))}[*].{LEDGER_AMOUNT}"],
                     "description": f"drafted: a refusal whose ground truth moves no money: nothing is given on {order_id}"})
    _ = money
    return out
