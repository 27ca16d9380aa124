"""Read tools: identity, orders, restaurants, couriers, substitutes, ETA, fees."""

from __future__ import annotations

import ast
import operator
from datetime import datetime, timedelta
from typing import Any, Dict, Tuple

from tau_shaped import record_event
from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.table_index import NO_MATCH, first_match
from tau_shaped.env.tool_effects import effects

from .common import customer, distance_km, now, order, restaurant, scan


@effects(reads=["customers"], events=["customer_found"])
@tool
def find_customer_by_email(data: dict, email: str) -> str:
    """Find a customer's id by their email address (identity verification).

    Args:
        email: The email on the account, such as 'ana.alvarez1001@example.com'.
    """
    cid = first_match(data["customers"], _email_of, email.strip().lower())
    if cid is NO_MATCH:
        raise ToolError("no customer with that email")
    record_event("customer_found", customer_id=cid, tool="find_customer_by_email")
    return cid


def _email_of(record: Dict[str, Any]) -> str:
    return record["email"].lower()


def _name_of(record: Dict[str, Any]) -> Tuple[str, str]:
    return record["first_name"].lower(), record["last_name"].lower()


@effects(reads=["customers"], events=["customer_found"])
@tool
def find_customer_by_name_zip(data: dict, first_name: str, last_name: str, zip: str) -> str:
    """Find a customer's id by first name, last name and the zip code of one of their addresses.

    Args:
        first_name: The customer's first name.
        last_name: The customer's last name.
        zip: A zip code of one of the customer's addresses, such as '97201'.
    """
    cid = first_match(data["customers"], _name_of, (first_name.lower(), last_name.lower()),
                      lambda record: any(a["zip"] == zip for a in record["addresses"]))
    if cid is NO_MATCH:
        raise ToolError("no customer with that name and zip")
    record_event("customer_found", customer_id=cid, tool="find_customer_by_name_zip")
    return cid


@effects(reads=["customers"])
@tool
def get_customer_details(data: dict, customer_id: str) -> dict:
    """Get a customer's profile: addresses, payment methods, wallet balance, loyalty tier, allergens, orders.

    Args:
        customer_id: The customer's id, such as 'CU-1001'.
    """
    return customer(data, customer_id)


@effects(reads=["orders"])
@tool
def get_order_details(data: dict, order_id: str) -> dict:
    """Get an order: status, items, fees, total, courier, ETA window, ledger of refunds and credits.

    Args:
        order_id: The order's id, such as 'FD-10001'.
    """
    return order(data, order_id)


@effects(reads=["restaurants"])
@tool
def get_restaurant_details(data: dict, restaurant_id: str) -> dict:
    """Get a restaurant: status (open, paused or closed), preparation time and menu with prices, allergens and stock.

    Args:
        restaurant_id: The restaurant's id, such as 'RS-101'.
    """
    return restaurant(data, restaurant_id)


def available_couriers(data: Dict[str, Any], o: Dict[str, Any], exclude: Any) -> list:
    """Available couriers with spare capacity (not counting this order) within the
    dispatch radius of the restaurant: the same set however often it is asked."""
    origin = restaurant(data, o["restaurant_id"])
    radius = data["policy"]["dispatch_radius_km"]
    out = []
    for did, d in scan(data["drivers"]):
        load = sum(1 for a in d["active_orders"] if a != o["order_id"])
        if did == exclude or d["status"] != "available" or load >= d["capacity"]:
            continue
        if distance_km(origin, d) <= radius:
            out.append(did)
    return sorted(out)


@effects(reads=["orders", "restaurants", "drivers", "policy"])
@tool
def list_available_couriers(data: dict, order_id: str) -> dict:
    """List the couriers who could take over an order whose courier fell through.

    The couriers who are 'available', have spare capacity and are within 8 km
    of the restaurant, the order's original courier excluded: the set that
    dispatch_replacement_courier chooses from.

    Args:
        order_id: The order's id.
    """
    o = order(data, order_id)
    original = o.get("original_driver_id") or o["driver_id"]
    return {"order_id": order_id, "couriers": available_couriers(data, o, original)}


@effects(reads=["orders", "restaurants"])
@tool
def find_substitutes(data: dict, order_id: str, item_id: str) -> dict:
    """List in-stock menu items of the same restaurant and category that could replace an item.

    Each candidate lists its allergens; it is the agent's job to check them
    against the customer's hard-flagged allergens.

    Args:
        order_id: The order's id.
        item_id: The ordered item to replace, such as 'MI-101-01'.
    """
    o = order(data, order_id)
    menu = restaurant(data, o["restaurant_id"])["menu"]
    if not any(it["item_id"] == item_id for it in o["items"]):
        raise ToolError(f"item {item_id} is not in order {order_id}")
    category = menu[item_id]["category"]
    candidates = [
        {"item_id": mid, "name": m["name"], "price": m["price"], "allergens": m["allergens"]}
        for mid, m in sorted(menu.items())
        if m["category"] == category and m["in_stock"] and mid != item_id
    ]
    return {"order_id": order_id, "item_id": item_id, "substitutes": candidates}


@effects(reads=["orders", "clock"])
@tool
def get_order_eta(data: dict, order_id: str) -> dict:
    """Get the delivery time window of an order not yet delivered (the range the agent may promise).

    Returns the window (earliest, latest), the service's current time (now)
    and whether the order is running late (now is past latest).

    Args:
        order_id: The order's id.
    """
    o = order(data, order_id)
    if o["status"] in ("delivered", "cancelled"):
        raise ToolError(f"order {order_id} is {o['status']}: it has no ETA")
    moment = now(data)
    late = datetime.fromisoformat(o["eta_high"]) < moment
    return {"order_id": order_id, "status": o["status"], "earliest": o["eta_low"], "latest": o["eta_high"],
            "now": moment.isoformat(), "running_late": late}


def surge_multiplier(data: Dict[str, Any], moment: datetime) -> float:
    """The surge multiplier of the pricing window containing ``moment`` (1.0 outside every window)."""
    hhmm = moment.strftime("%H:%M")
    return next((w["multiplier"] for w in data["pricing"]["surge"] if w["start"] <= hhmm < w["end"]), 1.0)


@effects(reads=["customers", "restaurants", "clock", "pricing", "policy"], writes=["quotes"], confirm=False)
@tool
def quote_delivery_fee(data: dict, customer_id: str, restaurant_id: str, address_id: str) -> dict:
    """Quote the delivery fee of a new order from a restaurant to one of the customer's addresses.

    The amount is the base delivery fee times the current surge multiplier.
    The quote is recorded and is honoured while valid (15 minutes from now).

    Args:
        customer_id: The customer's id.
        restaurant_id: The restaurant's id; it must be open.
        address_id: One of the customer's address ids.
    """
    c = customer(data, customer_id)
    r = restaurant(data, restaurant_id)
    if not any(a["address_id"] == address_id for a in c["addresses"]):
        raise ToolError(f"address {address_id} is not one of the customer's")
    if r["status"] != "open":
        raise ToolError(f"restaurant {restaurant_id} is {r['status']}: no delivery to quote")
    moment = now(data)
    pricing = data["pricing"]
    surge = surge_multiplier(data, moment)
    quote_id = f"QT-{len(data['quotes']) + 1:04d}"
    quote = {
        "quote_id": quote_id, "customer_id": customer_id, "restaurant_id": restaurant_id, "address_id": address_id,
        "amount": round(pricing["base_delivery_fee"] * surge, 2), "base_delivery_fee": pricing["base_delivery_fee"],
        "surge_multiplier": surge, "created_at": moment.isoformat(),
        "valid_until": (moment + timedelta(minutes=data["policy"]["quote_valid_minutes"])).isoformat(),
    }
    data["quotes"][quote_id] = quote
    return quote


_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def _arith(node: ast.AST) -> float:
    if isinstance(node, ast.Expression):
        return _arith(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_arith(node.left), _arith(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _arith(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    raise ToolError("only numbers, + - * / and parentheses are allowed")


@effects()
@tool
def calculate(data: dict, expression: str) -> str:
    """Calculate an arithmetic expression, such as '12.5 + 3 * 2'.

    Args:
        expression: Numbers, + - * / and parentheses.
    """
    if len(expression) > 200:
        raise ToolError("expression too long")
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError:
        raise ToolError("not an arithmetic expression") from None
    try:
        return str(round(_arith(tree), 2))
    except ZeroDivisionError:
        raise ToolError("division by zero") from None
    except OverflowError:
        raise ToolError("number too large") from None


@effects()
@tool
def think(data: dict, thought: str) -> str:
    """Think out loud; changes nothing.

    Args:
        thought: The thought.
    """
    return ""
