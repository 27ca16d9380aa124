"""A synthetic database the size of tau-bench retail, and a few retail-style tools.

Used by ``bench_verify.py``. At scale 1: 1,000 orders of ~3 items, 500 users,
50 products with ~600 variants (about 1.3 M characters of JSON). Generated
from a seed with ``random.Random`` only, so every run builds the same data.
"""

from __future__ import annotations

import json
import random
from typing import Any, Dict

from tau_shaped.env.function_tool import ToolError, tool

COLORS = ["red", "blue", "green", "black", "white", "silver", "gold", "purple"]
SIZES = ["S", "M", "L", "XL", "XXL"]
MATERIALS = ["cotton", "polyester", "wool", "leather", "nylon"]
STATUSES = ["pending", "processed", "delivered", "cancelled"]
CITIES = [("Austin", "TX"), ("Denver", "CO"), ("Seattle", "WA"), ("Boston", "MA"), ("Chicago", "IL")]


def _address(rng: random.Random) -> Dict[str, str]:
    city, state = rng.choice(CITIES)
    return {
        "address1": f"{rng.randint(1, 9999)} {rng.choice(['Oak', 'Pine', 'Elm', 'Main', 'Cedar'])} Street",
        "address2": f"Suite {rng.randint(100, 999)}",
        "city": city,
        "country": "USA",
        "state": state,
        "zip": f"{rng.randint(10000, 99999)}",
    }


def build_database(scale: int = 1, seed: int = 0) -> Dict[str, Any]:
    rng = random.Random(f"bench-retail:{seed}:{scale}")
    products: Dict[str, Any] = {}
    variants = []
    for p in range(50 * scale):
        pid = f"{1000000000 + p * 7919}"
        items = {}
        for v in range(12):
            iid = f"{2000000000 + p * 12 + v}"
            price = round(rng.uniform(10, 500), 2)
            items[iid] = {
                "item_id": iid,
                "options": {"color": rng.choice(COLORS), "size": rng.choice(SIZES), "material": rng.choice(MATERIALS)},
                "available": rng.random() < 0.8,
                "price": price,
            }
            variants.append((pid, iid, price, items[iid]["options"]))
        products[pid] = {"name": f"Product {p}", "product_id": pid, "variants": items}
    users: Dict[str, Any] = {}
    user_ids = []
    for u in range(500 * scale):
        uid = f"user_{u:06d}"
        user_ids.append(uid)
        users[uid] = {
            "name": {"first_name": f"First{u}", "last_name": f"Last{u}"},
            "address": _address(rng),
            "email": f"user{u}@example.com",
            "payment_methods": {
                f"credit_card_{u}": {"source": "credit_card", "brand": "visa", "last_four": f"{rng.randint(1000, 9999)}", "id": f"credit_card_{u}"},
                f"gift_card_{u}": {"source": "gift_card", "balance": float(rng.randint(0, 300)), "id": f"gift_card_{u}"},
            },
            "orders": [],
        }
    orders: Dict[str, Any] = {}
    for o in range(1000 * scale):
        oid = f"#W{1000000 + o}"
        uid = rng.choice(user_ids)
        users[uid]["orders"].append(oid)
        items = []
        for _ in range(rng.randint(2, 4)):
            pid, iid, price, options = rng.choice(variants)
            items.append({"name": products[pid]["name"], "product_id": pid, "item_id": iid, "price": price, "options": dict(options)})
        total = round(sum(i["price"] for i in items), 2)
        orders[oid] = {
            "order_id": oid,
            "user_id": uid,
            "address": dict(users[uid]["address"]),
            "items": items,
            "fulfillments": [],
            "status": rng.choice(STATUSES),
            "payment_history": [{"transaction_type": "payment", "amount": total, "payment_method_id": f"credit_card_{uid[5:].lstrip('0') or '0'}"}],
        }
    return {"orders": orders, "products": products, "users": users}


# -- tools (lookups by id only: no table scans) --------------------------------


@tool
def get_order_details(data: dict, order_id: str) -> str:
    """Get an order's details.

    Args:
        order_id: The order id, such as '#W1000001'.
    """
    if order_id not in data["orders"]:
        raise ToolError("order not found")
    return data["orders"][order_id]


@tool
def cancel_pending_order(data: dict, order_id: str, reason: str) -> str:
    """Cancel a pending order and refund its payments.

    Args:
        order_id: The order id.
        reason: 'no longer needed' or 'ordered by mistake'.
    """
    orders = data["orders"]
    if order_id not in orders:
        raise ToolError("order not found")
    order = orders[order_id]
    if order["status"] != "pending":
        raise ToolError("non-pending order cannot be cancelled")
    if reason not in ("no longer needed", "ordered by mistake"):
        raise ToolError("invalid reason")
    for payment in list(order["payment_history"]):
        order["payment_history"].append({"transaction_type": "refund", "amount": payment["amount"], "payment_method_id": payment["payment_method_id"]})
    order["status"] = "cancelled"
    order["cancel_reason"] = reason
    return order


@tool
def refund_to_gift_card(data: dict, order_id: str, amount: float, gift_card_id: str) -> str:
    """Refund an amount of an order to one of its user's gift cards.

    Args:
        order_id: The order id.
        amount: Dollars to refund.
        gift_card_id: The gift card's payment method id.
    """
    if order_id not in data["orders"]:
        raise ToolError("order not found")
    order = data["orders"][order_id]
    user = data["users"][order["user_id"]]
    card = user["payment_methods"].get(gift_card_id)
    if card is None or card["source"] != "gift_card":
        raise ToolError("gift card not found")
    if amount <= 0:
        raise ToolError("amount must be positive")
    card["balance"] = round(card["balance"] + amount, 2)
    order["payment_history"].append({"transaction_type": "refund", "amount": amount, "payment_method_id": gift_card_id})
    return {"gift_card_id": gift_card_id, "balance": card["balance"]}


@tool
def modify_user_address(data: dict, user_id: str, address1: str, city: str, zip: str) -> str:
    """Change a user's default address.

    Args:
        user_id: The user id.
        address1: The street line.
        city: The city.
        zip: The zip code.
    """
    if user_id not in data["users"]:
        raise ToolError("user not found")
    address = data["users"][user_id]["address"]
    address.update({"address1": address1, "city": city, "zip": zip})
    return address


TOOLS = [get_order_details, cancel_pending_order, refund_to_gift_card, modify_user_address]


def database_chars(data: Dict[str, Any]) -> int:
    return len(json.dumps(data))


def main() -> None:
    """Run directly: build the database at each scale and say how big it is (the benchmark
    that uses it is ``bench_verify.py``)."""
    import argparse
    import time

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 10])
    args = parser.parse_args()
    for scale in args.scales:
        start = time.perf_counter()
        data = build_database(scale)
        took = time.perf_counter() - start
        counts = ", ".join(f"{len(v):,} {k}" for k, v in sorted(data.items()) if isinstance(v, (dict, list)))
        print(f"scale {scale}: {counts}; {database_chars(data):,} characters of JSON; built in {took:.2f} s")
    print("this module is the data of scripts/bench_verify.py: run that for the benchmark")


if __name__ == "__main__":
    main()
