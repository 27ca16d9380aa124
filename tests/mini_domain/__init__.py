"""A small test domain for the core (issue 2): a courier dispatcher that records its
candidate set, refunds and wallet credits, a substitution tool that records an
allergen conflict event, fraud escalation, and a terminate tool.

Written against tau-bench's Tool contract only (static invoke/get_info), so the
core is tested before any real domain exists.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

from tau_shaped import Env, Tool, episode_rng, load_tasks, record_event
from tau_shaped.tasks.domains import Domain
from tau_shaped.env.users import ScriptedUser

TASKS_FILE = Path(__file__).with_name("tasks.json")


def load_data(seed: int = 0) -> Dict[str, Any]:
    """S0: deterministic for a seed (the seed only varies the wallet balance)."""
    return {
        "customers": {
            "C1": {"name": "Ana", "wallet_balance": 10.0 + seed, "allergens": ["peanut"], "fraud_flag": False},
            "C2": {"name": "Bo", "wallet_balance": 0.0, "allergens": [], "fraud_flag": True},
        },
        "orders": {
            "O1": {
                "customer_id": "C1",
                "status": "out_for_delivery",
                "driver_id": "D1",
                "courier_candidates": [],
                "total": 30.0,
                "items": [
                    {"item_id": "pad_thai", "price": 15.0, "allergens": ["peanut"]},
                    {"item_id": "spring_rolls", "price": 15.0, "allergens": []},
                ],
                "ledger": [],
            },
            "O2": {
                "customer_id": "C2",
                "status": "delivered",
                "driver_id": "D2",
                "courier_candidates": [],
                "total": 22.0,
                "items": [{"item_id": "tofu_curry", "price": 22.0, "allergens": []}],
                "ledger": [],
            },
        },
        "drivers": {
            "D1": {"status": "unavailable", "active_orders": ["O1"]},
            "D2": {"status": "available", "active_orders": ["O2"]},
            "D3": {"status": "available", "active_orders": []},
            "D4": {"status": "available", "active_orders": []},
            "D5": {"status": "offline", "active_orders": []},
        },
        "menu": {
            "pad_thai": {"price": 15.0, "allergens": ["peanut"]},
            "tofu_curry": {"price": 14.0, "allergens": []},
            "peanut_noodles": {"price": 13.0, "allergens": ["peanut"]},
            "green_salad": {"price": 12.0, "allergens": []},
        },
    }


def _info(name: str, description: str, properties: Dict[str, Any], required: List[str]) -> Dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


class GetOrder(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], order_id: str) -> str:
        if order_id not in data["orders"]:
            return "Error: order not found"
        return json.dumps(data["orders"][order_id])

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return _info("get_order", "Read an order.", {"order_id": {"type": "string"}}, ["order_id"])


class DispatchCourier(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], order_id: str, courier_id: str = "") -> str:
        orders, drivers = data["orders"], data["drivers"]
        if order_id not in orders:
            return "Error: order not found"
        order = orders[order_id]
        candidates = sorted(d for d, v in drivers.items() if v["status"] == "available" and d != order["driver_id"])
        if not candidates:
            return "Error: no courier available"
        if courier_id:
            if courier_id not in candidates:
                return f"Error: courier {courier_id} is not available"
            pick = courier_id
        else:
            pick = episode_rng().choice(candidates)
        old = order["driver_id"]
        if old in drivers and order_id in drivers[old]["active_orders"]:
            drivers[old]["active_orders"].remove(order_id)
        order["courier_candidates"] = candidates
        order["driver_id"] = pick
        drivers[pick]["active_orders"].append(order_id)
        return json.dumps({"order_id": order_id, "driver_id": pick})

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return _info(
            "dispatch_courier",
            "Assign a new courier to an order (a random available one unless named).",
            {"order_id": {"type": "string"}, "courier_id": {"type": "string"}},
            ["order_id"],
        )


class IssueRefund(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], order_id: str, amount: float, method: str) -> str:
        if order_id not in data["orders"]:
            return "Error: order not found"
        if method not in ("original_payment", "wallet_credit"):
            return "Error: method must be original_payment or wallet_credit"
        if not isinstance(amount, (int, float)) or amount <= 0:
            return "Error: amount must be positive"
        order = data["orders"][order_id]
        customer = data["customers"][order["customer_id"]]
        if customer["fraud_flag"]:
            record_event("money_moved_on_fraud_account", customer_id=order["customer_id"], amount=amount)
        order["ledger"].append({"type": "refund", "amount": amount, "method": method})
        if method == "wallet_credit":
            customer["wallet_balance"] = round(customer["wallet_balance"] + amount, 2)
        return json.dumps({"order_id": order_id, "refunded": amount, "method": method})

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return _info(
            "issue_refund",
            "Refund an order to the original payment or as wallet credit.",
            {"order_id": {"type": "string"}, "amount": {"type": "number"}, "method": {"type": "string"}},
            ["order_id", "amount", "method"],
        )


class SubstituteItem(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], order_id: str, item_id: str, substitute_id: str) -> str:
        orders, menu = data["orders"], data["menu"]
        if order_id not in orders or substitute_id not in menu:
            return "Error: unknown order or substitute"
        order = orders[order_id]
        customer = data["customers"][order["customer_id"]]
        for i, item in enumerate(order["items"]):
            if item["item_id"] == item_id:
                sub = menu[substitute_id]
                conflict = sorted(set(sub["allergens"]) & set(customer["allergens"]))
                if conflict:
                    record_event("allergen_conflict", customer_id=order["customer_id"], item=substitute_id, allergens=conflict)
                order["items"][i] = {"item_id": substitute_id, "price": sub["price"], "allergens": list(sub["allergens"])}
                return json.dumps(order["items"][i])
        return "Error: item not in order"

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return _info(
            "substitute_item",
            "Replace an item of an order by a menu item.",
            {"order_id": {"type": "string"}, "item_id": {"type": "string"}, "substitute_id": {"type": "string"}},
            ["order_id", "item_id", "substitute_id"],
        )


class EscalateFraud(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], customer_id: str) -> str:
        if customer_id not in data["customers"]:
            return "Error: customer not found"
        data["customers"][customer_id]["fraud_escalated"] = True
        return "escalated"

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return _info("escalate_fraud", "Escalate an account to the fraud team.", {"customer_id": {"type": "string"}}, ["customer_id"])


class TransferToHuman(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], summary: str) -> str:
        return "Transfer successful"

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return _info("transfer_to_human_agents", "Hand over to a human.", {"summary": {"type": "string"}}, ["summary"])


TOOLS = [GetOrder, DispatchCourier, IssueRefund, SubstituteItem, EscalateFraud, TransferToHuman]


def make_env(tasks=None, user=None, task_index: int = 0) -> Env:
    env = Env(
        data_load_func=load_data,
        tools=TOOLS,
        tasks=tasks if tasks is not None else load_tasks(TASKS_FILE),
        wiki="Be careful.",
        rules=[],
        user_strategy=user if user is not None else ScriptedUser(["thanks"] * 20),
        user_model="scripted",
        task_index=task_index,
    )
    env.terminate_tools = ["transfer_to_human_agents"]
    return env


DOMAIN = Domain(
    name="mini_domain",
    load_data=load_data,
    tools=TOOLS,
    wiki="Be careful.",
    task_files={"test": TASKS_FILE},
    terminate_tools=["transfer_to_human_agents"],
)
