"""Write tools on orders: cancellation (with its side effects) and delivery address."""

from __future__ import annotations

from typing import Literal

from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.tool_effects import effects

from .common import WRITABLE_BEFORE_PICKUP, add_ledger_entry, cents, customer, note_money_on_fraud_account, order, refunded_so_far


def cancellation_refund(data: dict, o: dict, reason: str) -> float:
    """What a cancellation refunds (wiki: Cancellations; data: policy.cancellation): the whole
    total while the order is 'placed' or when the restaurant or courier is at fault, else the
    total minus the food subtotal; never more than is left after earlier refunds and credits."""
    rules = data["policy"]["cancellation"]
    full = o["status"] in rules["full_refund_statuses"] or reason in rules["fault_reasons"]
    amount = o["total"] if full else o["total"] - o["subtotal"]
    return max(0.0, cents(min(amount, o["total"] - refunded_so_far(o))))


@effects(reads=["orders", "policy", "customers", "clock"], writes=["orders", "drivers", "restaurants"],
         events=["money_moved", "money_moved_on_fraud_account"])
@tool
def cancel_order(
    data: dict,
    order_id: str,
    reason: Literal["customer_request", "restaurant_closed", "restaurant_delay", "item_unavailable", "courier_unavailable"],
) -> dict:
    """Cancel an order that is not yet out for delivery, and refund it per the cancellation policy.

    Possible while the order is 'placed', 'preparing' or 'ready_for_pickup'.
    Refund, to the original payment method: the whole total if the order is
    still 'placed' or the reason is the restaurant's or courier's fault
    (restaurant_closed, restaurant_delay, item_unavailable,
    courier_unavailable); otherwise (customer_request after the restaurant
    started) the total minus the food subtotal. The courier is released and
    the restaurant notified.

    Args:
        order_id: The order's id, such as 'FD-10001'.
        reason: customer_request, restaurant_closed, restaurant_delay, item_unavailable or courier_unavailable.
    """
    o = order(data, order_id)
    if o["status"] not in WRITABLE_BEFORE_PICKUP:
        raise ToolError(f"order {order_id} is {o['status']} and cannot be cancelled")
    refund = cancellation_refund(data, o, reason)
    if o["driver_id"] and o["driver_id"] in data["drivers"]:
        active = data["drivers"][o["driver_id"]]["active_orders"]
        if order_id in active:
            active.remove(order_id)
    if o["status"] != "placed":  # the restaurant had started: it counts the cancellation
        data["restaurants"][o["restaurant_id"]]["cancelled_orders"] += 1
    o["restaurant_notified"] = True
    o["status"] = "cancelled"
    o["cancel_reason"] = reason
    if refund > 0:
        note_money_on_fraud_account(data, o["customer_id"], order_id, refund, "cancel_order", "cancellation_refund")
        add_ledger_entry(data, o, "refund", refund, "original_payment", f"cancellation: {reason}")
    return {"order_id": order_id, "status": "cancelled", "refunded": refund}


@effects(reads=["orders", "customers"], writes=["orders"])
@tool
def change_delivery_address(data: dict, order_id: str, address_id: str) -> dict:
    """Deliver an order to another of the customer's saved addresses (only while it is 'placed' or 'preparing').

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
    if address["address_id"] == o["delivery_address"]["address_id"]:
        raise ToolError(f"order {order_id} already goes to {address_id}")
    o["delivery_address"] = dict(address)
    return {"order_id": order_id, "delivery_address": o["delivery_address"]}
