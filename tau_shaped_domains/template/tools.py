"""The template's tools: typed, documented functions (``@tool``: the schema comes from the
signature and the docstring), each declaring the tables it reads and writes and the events it
records (``@effects``). ``tau-shaped domain check`` holds every tool to its declaration on the
ground truths' replays; the domain derives its read tools, write tools, event types and the
tools a customer must confirm from these declarations.
"""

from __future__ import annotations

from typing import Literal, Optional

from tau_shaped import episode_rng, record_event
from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.tool_effects import effects


@effects(reads=["customers"], events=["customer_found"])
@tool
def find_customer_by_email(data: dict, email: str) -> str:
    """Find a customer's id by the email on their account (identity verification).

    Args:
        email: The email on the account, such as 'ana@example.com'.
    """
    for customer_id, customer in data["customers"].items():
        if customer["email"] == email.strip().lower():
            record_event("customer_found", customer_id=customer_id)
            return customer_id
    raise ToolError("no customer with that email")


@effects(reads=["orders"])
@tool
def get_order(data: dict, order_id: str) -> dict:
    """Get an order: its customer, status, items, courier and ledger of refunds.

    Args:
        order_id: The order's id, such as 'O1'.
    """
    order = data["orders"].get(order_id)
    if order is None:
        raise ToolError(f"order {order_id} not found")
    return order


@effects(reads=["orders", "customers"], writes=["orders", "customers"],
         events=["money_moved", "money_moved_on_fraud_account"])
@tool
def issue_refund(data: dict, order_id: str, amount: float, method: Literal["original_payment", "wallet_credit"]) -> dict:
    """Refund part of an order, to the card it was paid with or as wallet credit.

    Args:
        order_id: The order's id.
        amount: Dollars to refund; at most the order's total minus earlier refunds.
        method: original_payment (back to the card) or wallet_credit.
    """
    order = data["orders"].get(order_id)
    if order is None:
        raise ToolError(f"order {order_id} not found")
    left = round(order["total"] - sum(e["amount"] for e in order["ledger"]), 2)
    amount = round(amount, 2)
    if not 0 < amount <= left:
        raise ToolError(f"amount must be more than 0 and at most {left:.2f}")
    customer = data["customers"][order["customer_id"]]
    record_event("money_moved", customer_id=order["customer_id"], order_id=order_id, amount=amount)
    if customer["fraud_flag"]:
        record_event("money_moved_on_fraud_account", customer_id=order["customer_id"], amount=amount)
    order["ledger"].append({"type": "refund", "amount": amount, "method": method})
    if method == "wallet_credit":
        customer["wallet_balance"] = round(customer["wallet_balance"] + amount, 2)
    return {"order_id": order_id, "refunded": amount, "method": method}


@effects(reads=["orders", "drivers"], writes=["orders", "drivers"])
@tool
def dispatch_courier(data: dict, order_id: str, courier_id: Optional[str] = None) -> dict:
    """Give an order whose courier went offline to another available courier.

    Any available courier is fine; without courier_id the dispatcher picks one.

    Args:
        order_id: The order's id.
        courier_id: One of the available couriers, or omit to let the dispatcher pick.
    """
    order = data["orders"].get(order_id)
    if order is None:
        raise ToolError(f"order {order_id} not found")
    drivers = data["drivers"]
    if drivers[order["driver_id"]]["status"] != "offline":
        raise ToolError(f"the courier of {order_id} is still active")
    candidates = sorted(d for d, v in drivers.items() if v["status"] == "available")
    if not candidates:
        raise ToolError("no courier is available")
    if courier_id is not None and courier_id not in candidates:
        raise ToolError(f"courier {courier_id} is not available; available: {', '.join(candidates)}")
    order["courier_candidates"] = candidates  # the equally valid choices, recorded before choosing (SPEC §4.1)
    pick = courier_id if courier_id is not None else episode_rng().choice(candidates)
    drivers[order["driver_id"]]["active_orders"].remove(order_id)
    order["driver_id"] = pick
    drivers[pick]["active_orders"].append(order_id)
    return {"order_id": order_id, "courier_id": pick}


@effects()
@tool
def transfer_to_human_agents(data: dict, summary: str) -> str:
    """Transfer the customer to a human agent, with a summary of the issue. Ends the conversation.

    Args:
        summary: What the customer needs and what was done.
    """
    return "Transfer successful"


TOOLS = [find_customer_by_email, get_order, issue_refund, dispatch_courier, transfer_to_human_agents]
