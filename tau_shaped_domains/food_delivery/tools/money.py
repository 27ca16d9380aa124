"""Money tools: refunds, wallet credits, apology credits and replacement orders.

Every amount lands in the order's ``ledger`` (``type`` refund, credit,
apology or replacement; stamped with the environment clock), which is what a
dispute's monetary identity sums.
"""

from __future__ import annotations

from datetime import timedelta
from typing import List, Literal, Optional

from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.tool_effects import effects

from .common import add_ledger_entry, cents, customer, note_money_on_fraud_account, now, order, refunded_so_far, restaurant


@effects(reads=["orders", "customers", "clock"], writes=["orders", "customers"],
         events=["money_moved", "money_moved_on_fraud_account"])
@tool
def issue_refund(data: dict, order_id: str, amount: float, method: Literal["original_payment", "wallet_credit"], reason: str) -> dict:
    """Refund part or all of an order, to the original payment method or as wallet credit.

    Args:
        order_id: The order's id.
        amount: Dollars to refund; at most what was paid minus earlier refunds and credits.
        method: original_payment (back to the card) or wallet_credit (instantly usable).
        reason: A short reason, such as 'missing item'.
    """
    o = order(data, order_id)
    amount = cents(amount)
    if amount <= 0:
        raise ToolError("amount must be positive")
    room = cents(o["total"] - refunded_so_far(o))
    if amount > room:
        raise ToolError(f"amount {amount:.2f} is more than the {room:.2f} left to refund on {order_id}")
    note_money_on_fraud_account(data, o["customer_id"], order_id, amount, "issue_refund",
                                "refund" if method == "original_payment" else "credit")
    entry = add_ledger_entry(data, o, "refund" if method == "original_payment" else "credit", amount, method, reason)
    if method == "wallet_credit":
        c = customer(data, o["customer_id"])
        c["wallet_balance"] = cents(c["wallet_balance"] + amount)
    return {"order_id": order_id, **entry}


@effects(reads=["customers", "orders", "clock"], writes=["customers", "orders"],
         events=["money_moved", "money_moved_on_fraud_account"])
@tool
def issue_apology_credit(data: dict, customer_id: str, amount: float, reason: str, order_id: Optional[str] = None) -> dict:
    """Give a customer an apology credit in their wallet (the policy caps it by loyalty tier).

    Args:
        customer_id: The customer's id.
        amount: Dollars of credit.
        reason: A short reason.
        order_id: The order the apology is about, if any (the credit is then entered in its ledger).
    """
    c = customer(data, customer_id)
    amount = cents(amount)
    if amount <= 0 or amount > 100:
        raise ToolError("amount must be between 0 and 100")
    if order_id is not None:
        o = order(data, order_id)
        if o["customer_id"] != customer_id:
            raise ToolError(f"order {order_id} is not the customer's")
    note_money_on_fraud_account(data, customer_id, order_id, amount, "issue_apology_credit", "apology")
    c["wallet_balance"] = cents(c["wallet_balance"] + amount)
    result = {"customer_id": customer_id, "credited": amount, "wallet_balance": c["wallet_balance"]}
    if order_id is not None:
        result["entry_id"] = add_ledger_entry(data, o, "apology", amount, "wallet_credit", reason)["entry_id"]
    return result


@effects(reads=["orders", "restaurants", "customers", "clock"], writes=["orders", "customers"],
         events=["money_moved", "money_moved_on_fraud_account"])
@tool
def create_replacement_order(data: dict, order_id: str, item_ids: List[str], reason: str) -> dict:
    """Send replacement items for a delivered order, free of charge, from the same restaurant.

    Creates order 'FD-R-<order_id>-<n>' (status 'placed', total 0,
    replacement_for = order_id, replacement_value = the items' prices) and a
    'replacement' entry of that value in the original order's ledger. The
    restaurant must be open, the items in stock, and the value at most the
    order's total minus earlier refunds and credits.

    Args:
        order_id: The delivered order being made good.
        item_ids: Menu item ids to send (in stock, same restaurant), one per unit.
        reason: A short reason, such as 'wrong item'.
    """
    o = order(data, order_id)
    if o["status"] != "delivered":
        raise ToolError(f"order {order_id} is {o['status']}: replacements are for delivered orders")
    if not item_ids:
        raise ToolError("item_ids must name at least one item")
    r = restaurant(data, o["restaurant_id"])
    if r["status"] != "open":
        raise ToolError(f"restaurant {r['restaurant_id']} is {r['status']}")
    items = []
    for item_id in item_ids:
        m = r["menu"].get(item_id)
        if m is None or not m["in_stock"]:
            raise ToolError(f"item {item_id} is not available at {r['restaurant_id']}")
        items.append({"item_id": item_id, "name": m["name"], "quantity": 1, "unit_price": m["price"], "allergens": list(m["allergens"])})
    value = cents(sum(it["unit_price"] for it in items))
    room = cents(o["total"] - refunded_so_far(o))
    if value > room:
        raise ToolError(f"replacement worth {value:.2f} is more than the {room:.2f} left to make good on {order_id}")
    note_money_on_fraud_account(data, o["customer_id"], order_id, value, "create_replacement_order", "replacement")
    number = 1 + sum(1 for e in o["ledger"] if e["type"] == "replacement")
    new_id = f"FD-R-{order_id}-{number}"
    eta_low = now(data) + timedelta(minutes=r["prep_minutes"] + 10)
    data["orders"][new_id] = {
        **{k: o[k] for k in ("customer_id", "restaurant_id", "payment_method_id", "delivery_address")},
        "order_id": new_id, "charges": [], "status": "placed", "items": items, "subtotal": value, "delivery_fee": 0.0, "service_fee": 0.0,
        "small_order_fee": 0.0, "surge_multiplier": 1.0, "tip": 0.0, "total": 0.0, "replacement_value": value,
        "driver_id": None, "placed_at": data["clock"]["now"], "eta_low": eta_low.isoformat(),
        "eta_high": (eta_low + timedelta(minutes=15)).isoformat(), "delivered_at": None,
        "ledger": [], "replacement_for": order_id, "courier_candidates": [], "pending_substitutions": [], "restaurant_notified": True,
    }
    customer(data, o["customer_id"])["orders"].append(new_id)
    add_ledger_entry(data, o, "replacement", value, "replacement_order", reason, replacement_order_id=new_id)
    return {"order_id": new_id, "replacement_for": order_id, "value": value}
