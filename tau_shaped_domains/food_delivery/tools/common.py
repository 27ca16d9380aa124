"""Shared lookups and money helpers for the food-delivery tools."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any, Dict

from tau_shaped import record_event
from tau_shaped.env.function_tool import ToolError

WRITABLE_BEFORE_PICKUP = ("placed", "preparing", "ready_for_pickup")


def _record(data: Dict[str, Any], table: str, key: str, label: str) -> Dict[str, Any]:
    found = data[table].get(key)
    if found is None:
        raise ToolError(f"{label} {key} not found")
    return found


def customer(data: Dict[str, Any], customer_id: str) -> Dict[str, Any]:
    return _record(data, "customers", customer_id, "customer")


def order(data: Dict[str, Any], order_id: str) -> Dict[str, Any]:
    return _record(data, "orders", order_id, "order")


def restaurant(data: Dict[str, Any], restaurant_id: str) -> Dict[str, Any]:
    return _record(data, "restaurants", restaurant_id, "restaurant")


def driver(data: Dict[str, Any], driver_id: str) -> Dict[str, Any]:
    return _record(data, "drivers", driver_id, "driver")


def cents(amount: float) -> float:
    return round(amount + 0.0, 2)


def now(data: Dict[str, Any]) -> datetime:
    return datetime.fromisoformat(data["clock"]["now"])


def distance_km(a: Dict[str, Any], b: Dict[str, Any]) -> float:
    """Equirectangular distance: plenty for a city."""
    lat = math.radians((a["lat"] + b["lat"]) / 2)
    dx = math.radians(b["lng"] - a["lng"]) * math.cos(lat)
    dy = math.radians(b["lat"] - a["lat"])
    return 6371.0 * math.hypot(dx, dy)


def refunded_so_far(o: Dict[str, Any]) -> float:
    return cents(sum(e["amount"] for e in o["ledger"] if e["type"] in ("refund", "credit", "replacement")))


def next_entry_id(o: Dict[str, Any]) -> str:
    return f"LE-{o['order_id']}-{len(o['ledger']) + 1}"


def add_ledger_entry(data: Dict[str, Any], o: Dict[str, Any], type: str, amount: float, method: str, reason: str,
                     **extra: Any) -> Dict[str, Any]:
    """Append an entry to the order's ledger, stamped with the environment clock (never the real one)."""
    entry = {"entry_id": next_entry_id(o), "type": type, "amount": cents(amount), "method": method, "reason": reason,
             "created_at": data["clock"]["now"], **extra}
    o["ledger"].append(entry)
    return entry


def note_money_on_fraud_account(data: Dict[str, Any], customer_id: str, order_id: Any, amount: float, tool: str, kind: str) -> None:
    """SPEC §4.3 scope, §5 events: every movement of money to a customer is recorded as a
    ``money_moved`` event (kind: refund, credit, apology, replacement or cancellation_refund;
    with or without an order), so the conversation's money is seen whole; moving money on a
    fraud-flagged account is recorded too. The tool still acts."""
    record_event("money_moved", customer_id=customer_id, order_id=order_id, amount=cents(amount), tool=tool, kind=kind)
    if data["customers"][customer_id]["fraud_flag"]:
        record_event("money_moved_on_fraud_account", customer_id=customer_id, order_id=order_id, amount=amount, tool=tool)


def scan(table: Dict[str, Any]):
    """Read-only iteration over a table's records (no copy of a copy-on-read state).
    Callers must not modify what it yields."""
    return dict.items(table)
