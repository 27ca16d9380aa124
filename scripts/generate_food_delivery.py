"""Generate the food-delivery database: seeded, deterministic, shipped as JSON.

    python scripts/generate_food_delivery.py [--seed 0] [--scale 1] [--out PATH]

At scale 1: 300 customers, 40 restaurants, 60 drivers, 800 orders. The same
arguments always give byte-identical JSON (``random.Random(seed)`` only).
"""

from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Dict

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "domains" / "food_delivery" / "data" / "food_delivery.json"

NOW = datetime(2026, 3, 13, 19, 0, 0)  # a Friday evening: the environment's clock
FIRST = ["Ana", "Ben", "Chloe", "Dev", "Elif", "Farah", "Gus", "Hana", "Ivan", "Jae", "Kofi", "Lena", "Mateo", "Nia",
         "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Vera", "Wen", "Xavi", "Yara", "Zoe"]
LAST = ["Alvarez", "Brooks", "Chen", "Dubois", "Eze", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski",
        "Lopez", "Mensah", "Novak", "Okafor", "Patel", "Quist", "Rossi", "Sato", "Tran", "Usman", "Varga", "Weber",
        "Xu", "Yilmaz", "Zhang"]
CITY = {"name": "Portland", "lat": 45.52, "lng": -122.68, "zips": ["97201", "97202", "97205", "97209", "97210", "97214", "97217"]}
STREETS = ["Oak St", "Pine St", "Alder St", "Burnside St", "Division St", "Hawthorne Blvd", "Belmont St", "Glisan St"]
ALLERGENS = ["peanut", "tree_nut", "shellfish", "gluten", "dairy", "egg", "soy", "sesame"]
CUISINES = {
    "thai": [("Pad Thai", "mains", ["peanut", "egg", "soy"]), ("Green Curry", "mains", ["shellfish"]), ("Tofu Curry", "mains", ["soy"]),
             ("Basil Chicken", "mains", ["soy"]), ("Spring Rolls", "sides", ["gluten"]), ("Papaya Salad", "sides", ["peanut"]),
             ("Jasmine Rice", "sides", []), ("Mango Sticky Rice", "desserts", []), ("Thai Iced Tea", "drinks", ["dairy"])],
    "italian": [("Margherita Pizza", "mains", ["gluten", "dairy"]), ("Pesto Pasta", "mains", ["gluten", "tree_nut", "dairy"]),
                ("Risotto", "mains", ["dairy"]), ("Grilled Salmon", "mains", []), ("Caesar Salad", "sides", ["egg", "dairy"]),
                ("Garlic Bread", "sides", ["gluten", "dairy"]), ("Olives", "sides", []), ("Tiramisu", "desserts", ["egg", "dairy", "gluten"]),
                ("Sorbet", "desserts", []), ("Lemonade", "drinks", [])],
    "indian": [("Chicken Korma", "mains", ["tree_nut", "dairy"]), ("Chana Masala", "mains", []), ("Palak Paneer", "mains", ["dairy"]),
               ("Lamb Vindaloo", "mains", []), ("Samosa", "sides", ["gluten"]), ("Naan", "sides", ["gluten", "dairy"]),
               ("Basmati Rice", "sides", []), ("Gulab Jamun", "desserts", ["dairy", "gluten"]), ("Mango Lassi", "drinks", ["dairy"])],
    "japanese": [("Salmon Roll", "mains", ["sesame", "soy"]), ("Shrimp Tempura", "mains", ["shellfish", "gluten", "egg"]),
                 ("Chicken Teriyaki", "mains", ["soy", "sesame"]), ("Vegetable Udon", "mains", ["gluten", "soy"]),
                 ("Edamame", "sides", ["soy"]), ("Miso Soup", "sides", ["soy"]), ("Seaweed Salad", "sides", ["sesame"]),
                 ("Mochi", "desserts", []), ("Green Tea", "drinks", [])],
    "american": [("Cheeseburger", "mains", ["gluten", "dairy"]), ("Veggie Burger", "mains", ["gluten", "soy"]),
                 ("Grilled Chicken Bowl", "mains", []), ("BBQ Ribs", "mains", []), ("Fries", "sides", []),
                 ("Onion Rings", "sides", ["gluten", "egg"]), ("Coleslaw", "sides", ["egg"]), ("Brownie", "desserts", ["gluten", "egg", "dairy"]),
                 ("Fruit Cup", "desserts", []), ("Iced Tea", "drinks", [])],
}


def _coord(rng: random.Random, spread: float = 0.05) -> Dict[str, float]:
    return {"lat": round(CITY["lat"] + rng.uniform(-spread, spread), 5), "lng": round(CITY["lng"] + rng.uniform(-spread, spread), 5)}


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def _customers(rng: random.Random, n: int) -> Dict[str, Any]:
    out = {}
    for i in range(n):
        cid = f"CU-{1001 + i}"
        first, last = FIRST[i % len(FIRST)], LAST[(i * 7 + i // len(FIRST)) % len(LAST)]
        addresses = []
        for a in range(1 + (rng.random() < 0.4)):
            addresses.append({"address_id": f"AD-{1001 + i}-{a + 1}", "label": ["home", "work"][a],
                              "street": f"{rng.randint(100, 9999)} {rng.choice(STREETS)}", "city": CITY["name"],
                              "zip": rng.choice(CITY["zips"]), **_coord(rng)})
        allergens = sorted(rng.sample(ALLERGENS, rng.choice([1, 1, 2]))) if rng.random() < 0.25 else []
        brand = rng.choice(["visa", "mastercard", "amex"])
        out[cid] = {
            "customer_id": cid, "first_name": first, "last_name": last,
            "email": f"{first.lower()}.{last.lower()}{1001 + i}@example.com",
            "phone": f"503-555-{rng.randint(1000, 9999)}", "addresses": addresses,
            "payment_methods": {f"PM-{1001 + i}-card": {"type": "card", "brand": brand, "last4": f"{rng.randint(0, 9999):04d}"},
                                f"PM-{1001 + i}-wallet": {"type": "wallet"}},
            "wallet_balance": round(rng.choice([0, 0, 0, 5, 10, 12.5, 20, 35.75]), 2),
            "loyalty_tier": rng.choices(["basic", "plus", "premium"], weights=[6, 3, 1])[0],
            "allergens": allergens, "fraud_flag": rng.random() < 0.05, "fraud_escalated": False, "orders": [],
        }
    return out


def _restaurants(rng: random.Random, n: int) -> Dict[str, Any]:
    out = {}
    cuisines = sorted(CUISINES)
    for i in range(n):
        rid = f"RS-{101 + i}"
        cuisine = cuisines[i % len(cuisines)]
        menu = {}
        for j, (name, category, allergens) in enumerate(CUISINES[cuisine]):
            price = round(rng.uniform(3.5, 6.5) if category == "drinks" else rng.uniform(5, 9) if category in ("sides", "desserts") else rng.uniform(12, 24), 2)
            menu[f"MI-{101 + i}-{j + 1:02d}"] = {"item_id": f"MI-{101 + i}-{j + 1:02d}", "name": name, "category": category,
                                                 "price": price, "allergens": list(allergens), "in_stock": rng.random() > 0.12}
        status = rng.choices(["open", "paused", "closed"], weights=[8, 1, 1])[0]
        out[rid] = {"restaurant_id": rid, "name": f"{LAST[i % len(LAST)]}'s {cuisine.title()} Kitchen", "cuisine": cuisine,
                    "status": status, **_coord(rng), "prep_minutes": rng.choice([15, 20, 25, 30]), "cancelled_orders": 0, "menu": menu}
    return out


def _drivers(rng: random.Random, n: int) -> Dict[str, Any]:
    out = {}
    for i in range(n):
        did = f"DR-{201 + i}"
        out[did] = {"driver_id": did, "name": f"{FIRST[(i * 5) % len(FIRST)]} {LAST[(i * 3) % len(LAST)][0]}.",
                    "status": rng.choices(["available", "on_delivery", "offline"], weights=[5, 4, 1])[0], **_coord(rng, 0.06),
                    "vehicle": rng.choice(["bike", "scooter", "car"]), "capacity": rng.choice([2, 3]), "active_orders": [],
                    "route": None, "route_candidates": []}
    return out


STATUSES = ["placed", "preparing", "ready_for_pickup", "out_for_delivery", "delivered", "delivered", "delivered", "cancelled"]


def _orders(rng: random.Random, n: int, customers: Dict[str, Any], restaurants: Dict[str, Any], drivers: Dict[str, Any], pricing: Dict[str, Any]) -> Dict[str, Any]:
    out = {}
    cids, rids = sorted(customers), sorted(r for r in restaurants)
    busy = [d for d in sorted(drivers) if drivers[d]["status"] != "offline"]
    offline = [d for d in sorted(drivers) if drivers[d]["status"] == "offline"]
    for i in range(n):
        oid = f"FD-{10001 + i}"
        customer = customers[rng.choice(cids)]
        restaurant = restaurants[rng.choice(rids)]
        status = STATUSES[i % len(STATUSES)] if restaurant["status"] == "open" else rng.choice(["placed", "delivered", "cancelled"])
        menu = [m for m in sorted(restaurant["menu"]) if restaurant["menu"][m]["in_stock"] or status == "placed"]
        items = []
        for item_id in rng.sample(menu, min(len(menu), rng.randint(1, 4))):
            item = restaurant["menu"][item_id]
            items.append({"item_id": item_id, "name": item["name"], "quantity": rng.choice([1, 1, 1, 2]),
                          "unit_price": item["price"], "allergens": list(item["allergens"])})
        subtotal = round(sum(it["unit_price"] * it["quantity"] for it in items), 2)
        placed = NOW - timedelta(minutes=rng.randint(5, 40) if status != "delivered" and status != "cancelled" else rng.randint(60, 60 * 24 * 6))
        surge = next((w["multiplier"] for w in pricing["surge"] if w["start"] <= placed.strftime("%H:%M") < w["end"]), 1.0)
        delivery_fee = round(pricing["base_delivery_fee"] * surge, 2)
        service_fee = round(subtotal * pricing["service_fee_rate"], 2)
        small = pricing["small_order_fee"] if subtotal < pricing["small_order_threshold"] else 0.0
        tip = round(rng.choice([0, 2, 3, 5]) + 0.0, 2)
        driver = None
        if status in ("ready_for_pickup", "out_for_delivery", "delivered"):
            driver = rng.choice(offline if status == "out_for_delivery" and offline and rng.random() < 0.3 else busy)
            if status in ("ready_for_pickup", "out_for_delivery"):
                drivers[driver]["active_orders"].append(oid)
        eta_low = placed + timedelta(minutes=restaurant["prep_minutes"] + 10)
        delivered_at = None
        if status == "delivered":
            delivered_at = _iso(eta_low + timedelta(minutes=rng.choice([0, 5, 10, 10, 20, 25, 35, 45])))
        total = round(subtotal + delivery_fee + service_fee + small + tip, 2)
        charges = [{"charge_id": f"CH-{oid}-1", "description": "order total", "amount": total}]
        if status == "delivered" and i % 23 == 0:  # a billing glitch: the service fee charged twice
            charges.append({"charge_id": f"CH-{oid}-2", "description": "service fee", "amount": service_fee})
        out[oid] = {
            "order_id": oid, "charges": charges, "customer_id": customer["customer_id"], "restaurant_id": restaurant["restaurant_id"], "status": status,
            "items": items, "subtotal": subtotal, "delivery_fee": delivery_fee, "service_fee": service_fee, "small_order_fee": small,
            "surge_multiplier": surge, "tip": tip, "total": total,
            "payment_method_id": f"PM-{customer['customer_id'][3:]}-card", "delivery_address": dict(customer["addresses"][0]),
            "driver_id": driver, "placed_at": _iso(placed), "eta_low": _iso(eta_low), "eta_high": _iso(eta_low + timedelta(minutes=15)),
            "delivered_at": delivered_at, "ledger": [], "replacement_for": None, "courier_candidates": [],
            "pending_substitutions": [], "restaurant_notified": False,
        }
        customer["orders"].append(oid)
    return out


def generate(seed: int = 0, scale: float = 1.0) -> Dict[str, Any]:
    rng = random.Random(f"food-delivery:{seed}")
    pricing = {"base_delivery_fee": 2.99, "service_fee_rate": 0.05, "small_order_fee": 2.0, "small_order_threshold": 15.0,
               "surge": [{"start": "11:30", "end": "13:30", "multiplier": 1.3}, {"start": "17:30", "end": "20:30", "multiplier": 1.5}]}
    customers = _customers(rng, max(1, int(300 * scale)))
    restaurants = _restaurants(rng, max(5, int(40 * scale)))
    drivers = _drivers(rng, max(6, int(60 * scale)))
    orders = _orders(rng, max(8, int(800 * scale)), customers, restaurants, drivers, pricing)
    for d in drivers.values():  # on_delivery drivers carry orders; others with none are free
        if d["status"] == "on_delivery" and not d["active_orders"]:
            d["status"] = "available"
    return {
        "clock": {"now": _iso(NOW), "weekday": NOW.strftime("%A").lower()},
        "pricing": pricing,
        "policy": {
            "apology_credit_cap": {"basic": 5.0, "plus": 10.0, "premium": 20.0},
            "late_delivery": [{"min_minutes_late": 15, "compensation": "delivery_fee"}, {"min_minutes_late": 30, "compensation": "delivery_fee_plus_20_percent_subtotal"}],
            "dispatch_radius_km": 8.0,
            "quote_valid_minutes": 15,
        },
        "customers": customers, "restaurants": restaurants, "drivers": drivers, "orders": orders,
        "quotes": {}, "escalations": [],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    data = generate(args.seed, args.scale)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sizes = {k: len(data[k]) for k in ("customers", "restaurants", "drivers", "orders")}
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes): {sizes}")


if __name__ == "__main__":
    main()
