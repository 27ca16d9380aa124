"""The template's world: ``load_data(seed)`` gives a fresh copy of the world of a seed, built by
``generate(seed)`` (deterministic: only a ``random.Random`` seeded by the seed). A domain with a
large world ships it as a file under ``data/`` and builds other seeds' worlds from it.
"""

from __future__ import annotations

import random
from typing import Any, Dict


def generate(seed: int) -> Dict[str, Any]:
    """The world of ``seed``: three customers (the third fraud-flagged), three orders, five couriers."""
    rng = random.Random(f"template-world:{seed}")
    wallet = [round(rng.uniform(0, 20), 2) for _ in range(3)]
    return {
        "customers": {
            "C1": {"name": "Ana Lopez", "email": "ana@example.com", "wallet_balance": wallet[0], "fraud_flag": False},
            "C2": {"name": "Bo Chen", "email": "bo@example.com", "wallet_balance": wallet[1], "fraud_flag": False},
            "C3": {"name": "Cy Dubois", "email": "cy@example.com", "wallet_balance": wallet[2], "fraud_flag": True},
        },
        "orders": {
            "O1": {"customer_id": "C1", "status": "delivered", "driver_id": "D2", "total": 30.0, "courier_candidates": [],
                   "items": [{"name": "Pad Thai", "price": 15.0}, {"name": "Spring Rolls", "price": 15.0}], "ledger": []},
            "O2": {"customer_id": "C2", "status": "out_for_delivery", "driver_id": "D1", "total": 22.0,
                   "courier_candidates": [], "items": [{"name": "Tofu Curry", "price": 22.0}], "ledger": []},
            "O3": {"customer_id": "C3", "status": "delivered", "driver_id": "D2", "total": 18.0, "courier_candidates": [],
                   "items": [{"name": "Green Salad", "price": 18.0}], "ledger": []},
        },
        "drivers": {
            "D1": {"status": "offline", "active_orders": ["O2"]},
            "D2": {"status": "available", "active_orders": []},
            "D3": {"status": "available", "active_orders": []},
            "D4": {"status": "available", "active_orders": []},
            "D5": {"status": "busy", "active_orders": []},
        },
    }


def load_data(seed: int = 0) -> Dict[str, Any]:
    """A fresh copy of the world of ``seed`` (the env keeps it frozen as S0)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a seed is a non-negative integer, got {seed!r}")
    return generate(seed)
