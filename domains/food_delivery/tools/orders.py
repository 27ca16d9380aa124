"""Write tools on orders: cancellation (with its side effects) and delivery address."""

from __future__ import annotations

from typing import Literal

from tau_shaped.function_tool import ToolError, tool

from .common import cents, customer, next_entry_id, note_money_on_fraud_account, order, refunded_so_far

FAULT_REASONS = ("restaurant_closed", "restaurant_delay", "item_unavailable")


@tool
def cancel_order(
    data: dict,
    order_id: str,
    reason: Literal["customer_request", "restaurant_closed", "restaurant_delay", "item_unavailable"],
) -> dict:
    """Cancel an order that is not yet out for delivery, and refund it per the cancellation policy.

    Refund to the original payment: the whole total if the order is still
    'placed' or the reason is the restaurant's fault; otherwise (the
    restaurant already started, the customer asks) everything but the food
    subtotal. The courier is released and the restaurant notified.

    Args:
        order_id: The order's id.
        reason: customer_request, restaurant_closed, restaurant_delay or item_unavailable.
    """
    o = order(data, order_id)
    if o["status"] not in ("placed", "preparing", "ready_for_pickup"):
        raise ToolError(f"order {order_id} is {o['status']} and cannot be cancelled")
    started = o["status"] != "placed"
    refund = o["total"] if (not started or reason in FAULT_REASONS) else o["total"] - o["subtotal"]
    refund = cents(min(refund, o["total"] - refunded_so_far(o)))
    if o["driver_id"] and o["driver_id"] in data["drivers"]:
        active = data["drivers"][o["driver_id"]]["active_orders"]
        if order_id in active:
            active.remove(order_id)
    if started:
        data["restaurants"][o["restaurant_id"]]["cancelled_orders"] += 1
    o["restaurant_notified"] = True
    o["status"] = "cancelled"
    o["cancel_reason"] = reason
    if refund > 0:
        note_money_on_fraud_account(data, o["customer_id"], order_id, refund, "cancel_order")
        o["ledger"].append({"entry_id": next_entry_id(o), "type": "refund", "amount": refund, "method": "original_payment", "reason": f"cancellation: {reason}"})
    return {"order_id": order_id, "status": "cancelled", "refunded": refund}


@tool
def change_delivery_address(data: dict, order_id: str, address_id: str) -> dict:
    """Deliver an order to another of the customer's saved addresses (only before the restaurant hands it over).

    Args:
        order_id: The order's id.
        address_id: One of the customer's address ids, such as 'AD-1001-2'.
    """
    o = order(data, order_id)
    if o["status"] not in ("placed", "preparing"):
        raise ToolError(f"order {order_id} is {o['status']}: the address can no longer change")
    c = customer(data, o["customer_id"])
    address = next((a for a in c["addresses"] if a["address_id"] == address_id), None)
    if address is None:
        raise ToolError(f"address {address_id} is not one of the customer's")
    o["delivery_address"] = dict(address)
    return {"order_id": order_id, "delivery_address": o["delivery_address"]}
