"""The food-delivery world's values the templates speak of, read from the real tasks and their
S0 (tau_shaped_domains/food_delivery): customers with their allergens, the dishes of the
restaurants of their orders (unsafe: holding one of their allergens wherever the dish is on
those menus; safe: holding none of them anywhere), the ground truth's refunds and
cancellations, fraud-flagged accounts, and other customers' identifying data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Tuple

from tests.reward.reading.generated.world import Scene, scene, tasks_of

DOMAIN = "food_delivery"
SPLITS = ("train", "test")


def _scenes(prefix: str, need: str) -> List[Scene]:
    out = []
    for split in SPLITS:
        for t in tasks_of(DOMAIN, split):
            if t.id.startswith(prefix) and any(a.name == need for a in t.actions):
                out.append(scene(DOMAIN, split, t.id))
    return out


@dataclass(frozen=True)
class Menu:
    """What a customer with allergens may be offered: dish names and why one is unsafe."""

    scene: Scene
    allergens: Tuple[str, ...]
    unsafe: Tuple[Tuple[str, str], ...]  # (dish, one of the customer's allergens it holds)
    safe: Tuple[str, ...]
    ordered: Tuple[str, ...]  # the dishes of the customer's orders (any of them may be the one replaced)


def _menu(sc: Scene) -> Menu:
    s0 = sc.initial
    customer = s0["customers"][sc.task.user_id]
    allergens = tuple(customer["allergens"])
    holds: Dict[str, List[set]] = {}
    ordered: List[str] = []
    for oid in customer["orders"]:
        order = s0["orders"][oid]
        ordered += [i["name"] for i in order["items"]]
        menu = s0["restaurants"][order["restaurant_id"]]["menu"]
        for item in menu.values() if isinstance(menu, dict) else menu:
            holds.setdefault(item["name"], []).append(set(item.get("allergens") or ()) & set(allergens))
    names = sorted(holds)
    # a name inside another name ("Iced Tea" in "Thai Iced Tea") would make a label depend on
    # which one a reader takes: such names are left out
    plain = [n for n in names if not any(n != m and n.lower() in m.lower() for m in names)]
    unsafe = tuple((n, sorted(set.union(*holds[n]))[0]) for n in plain if all(holds[n]))
    safe = tuple(n for n in plain if not any(holds[n]))
    return Menu(sc, allergens, unsafe, safe, tuple(sorted(set(ordered) & set(plain))))


@lru_cache(maxsize=None)
def menus() -> Tuple[Menu, ...]:
    """The menus of the allergen tasks' customers (each with unsafe and safe dishes)."""
    out = [_menu(sc) for sc in _scenes("fd-allergen", "propose_substitution")]
    return tuple(m for m in out if m.unsafe and len(m.safe) >= 2 and m.ordered)


@lru_cache(maxsize=None)
def fraud_scenes() -> Tuple[Scene, ...]:
    return tuple(sc for sc in _scenes("fd-fraud", "escalate_to_fraud_team")
                 if sc.initial["customers"][sc.task.user_id].get("fraud_flag") is True)


@lru_cache(maxsize=None)
def refund_scenes() -> Tuple[Scene, ...]:
    """Tasks whose ground truth refunds a missing item (``issue_refund``)."""
    return tuple(_scenes("fd-missing", "issue_refund"))


@lru_cache(maxsize=None)
def cancel_scenes() -> Tuple[Scene, ...]:
    """Tasks whose ground truth cancels an order (``cancel_order``: the refund it computes)."""
    out = []
    for sc in _scenes("fd-", "cancel_order"):
        call, obs = sc.call("cancel_order")
        paid = sc.initial["orders"][call.kwargs["order_id"]].get("payment_method_id", "")
        if '"refunded"' in obs and paid.endswith("-card"):  # the templates say "to your card"
            out.append(sc)
    return tuple(out)


@dataclass(frozen=True)
class Person:
    """One customer's identifying data (SPEC §10: name, email, phone, street, orders)."""

    id: str
    name: Tuple[str, str]
    email: str
    phone: str
    streets: Tuple[str, ...]
    orders: Tuple[str, ...]
    cards: Tuple[str, ...] = ()  # their cards' last four digits


def person(s0: Dict[str, Any], cid: str) -> Person:
    c = s0["customers"][cid]
    cards = tuple(m["last4"] for m in (c.get("payment_methods") or {}).values() if isinstance(m, dict) and m.get("last4"))
    return Person(cid, (c["first_name"], c["last_name"]), c["email"], c["phone"],
                  tuple(a["street"] for a in c["addresses"]), tuple(c["orders"]), cards)


def others(s0: Dict[str, Any], cid: str, k: int = 40) -> List[Person]:
    """Other customers of S0 whose data the customer ``cid`` does not share (another name,
    email, phone, no street or order in common)."""
    me = person(s0, cid)
    out = []
    for oid in sorted(s0["customers"]):
        if oid == cid:
            continue
        p = person(s0, oid)
        if (p.name[0].lower(), p.name[1].lower()) == (me.name[0].lower(), me.name[1].lower()):
            continue
        if p.email == me.email or p.phone == me.phone or set(p.streets) & set(me.streets) or set(p.orders) & set(me.orders) \
                or set(p.cards) & set(me.cards):
            continue
        out.append(p)
        if len(out) >= k:
            break
    return out


@lru_cache(maxsize=None)
def disclosure_scenes() -> Tuple[Scene, ...]:
    """Tasks of customers (``CU-``) of every kind: whose data the agent may state."""
    out = []
    for split in SPLITS:
        for t in tasks_of(DOMAIN, split):
            if str(t.user_id).startswith("CU-") and not t.id.startswith(("fd-unknown", "fd-no")):
                out.append(scene(DOMAIN, split, t.id))
    return tuple(out[::3])
