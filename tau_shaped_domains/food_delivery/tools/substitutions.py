"""Substitutions: propose, then confirm after the customer agrees.

A substitute that contains one of the customer's hard-flagged allergens is
recorded as an ``allergen_conflict`` event (SPEC §5) at each stage, and the
tool still acts: the error is in the agent asking.
"""

from __future__ import annotations

from tau_shaped import record_event
from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.tool_effects import effects

from .common import cents, customer, order, restaurant


def _conflict(data: dict, o: dict, substitute: dict, stage: str, item_id: str) -> None:
    allergens = sorted(set(substitute["allergens"]) & set(customer(data, o["customer_id"])["allergens"]))
    if allergens:
        record_event("allergen_conflict", customer_id=o["customer_id"], order_id=o["order_id"], item_id=item_id,
                     substitute_item_id=substitute["item_id"], allergens=allergens, stage=stage)


@effects(reads=["orders", "restaurants", "customers"], writes=["orders"], events=["allergen_conflict"])
@tool
def propose_substitution(data: dict, order_id: str, item_id: str, substitute_item_id: str) -> dict:
    """Record a proposed substitute for an item of an order not yet picked up (the customer must then agree).

    Args:
        order_id: The order's id.
        item_id: The ordered item to replace.
        substitute_item_id: An in-stock item of the same restaurant and category.
    """
    o = order(data, order_id)
    if o["status"] not in ("placed", "preparing"):
        raise ToolError(f"order {order_id} is {o['status']}: items can no longer change")
    if not any(it["item_id"] == item_id for it in o["items"]):
        raise ToolError(f"item {item_id} is not in order {order_id}")
    menu = restaurant(data, o["restaurant_id"])["menu"]
    sub = menu.get(substitute_item_id)
    if sub is None or not sub["in_stock"] or sub["category"] != menu[item_id]["category"] or substitute_item_id == item_id:
        raise ToolError(f"{substitute_item_id} is not an in-stock {menu[item_id]['category']} item of this restaurant")
    _conflict(data, o, sub, "proposed", item_id)
    o["pending_substitutions"] = [p for p in o["pending_substitutions"] if p["item_id"] != item_id]
    o["pending_substitutions"].append({"item_id": item_id, "substitute_item_id": substitute_item_id})
    return {"order_id": order_id, "proposed": {"item_id": item_id, "substitute": sub["name"], "allergens": sub["allergens"], "price": sub["price"]}}


@effects(reads=["orders", "restaurants", "customers", "pricing"], writes=["orders"], events=["allergen_conflict"])
@tool
def confirm_substitution(data: dict, order_id: str, item_id: str) -> dict:
    """Apply a proposed substitution the customer agreed to; the order's price follows.

    Args:
        order_id: The order's id.
        item_id: The item whose proposed substitute the customer accepted.
    """
    o = order(data, order_id)
    pending = next((p for p in o["pending_substitutions"] if p["item_id"] == item_id), None)
    if pending is None:
        raise ToolError(f"no substitution was proposed for {item_id}")
    if o["status"] not in ("placed", "preparing"):
        raise ToolError(f"order {order_id} is {o['status']}: items can no longer change")
    sub = restaurant(data, o["restaurant_id"])["menu"][pending["substitute_item_id"]]
    _conflict(data, o, sub, "confirmed", item_id)
    for i, it in enumerate(o["items"]):
        if it["item_id"] == item_id:
            o["items"][i] = {"item_id": sub["item_id"], "name": sub["name"], "quantity": it["quantity"],
                             "unit_price": sub["price"], "allergens": list(sub["allergens"]), "substituted_for": item_id}
            break
    o["pending_substitutions"].remove(pending)
    o["subtotal"] = cents(sum(it["unit_price"] * it["quantity"] for it in o["items"]))
    pricing = data["pricing"]
    o["service_fee"] = cents(o["subtotal"] * pricing["service_fee_rate"])
    o["small_order_fee"] = pricing["small_order_fee"] if o["subtotal"] < pricing["small_order_threshold"] else 0.0
    o["total"] = cents(o["subtotal"] + o["delivery_fee"] + o["service_fee"] + o["small_order_fee"] + o["tip"])
    return {"order_id": order_id, "items": o["items"], "total": o["total"]}
