"""The food-delivery world: seeded, deterministic, one world per seed.

``generate(seed, scale)`` builds the database. At scale 1: 300 customers, 40
restaurants, 60 drivers and 830 orders (800 in the main mix, then 30
"situation" orders from a second stream: allergic customers with safe and
unsafe substitutes, orders the restaurant is late preparing, duplicated
service-fee charges, recent deliveries to fraud-flagged accounts). ``scale``
multiplies every count (0.1 for tests, 10 for benchmarks). The same arguments
always give the same world: only ``random.Random`` instances seeded from the
seed, never the clock. World 0 is shipped as JSON
(``generator/world_file.py`` writes it).
"""

from __future__ import annotations

import copy
import json
import random
from datetime import datetime, timedelta
from typing import Any, Dict, List, Optional, Tuple

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


# The draws below are the library's, written out: ``rng.choice(seq)`` is ``seq[rng._randbelow(len(seq))]``,
# ``rng.randint(a, b)`` is ``a + rng._randbelow(b - a + 1)``, ``rng.uniform(a, b)`` is ``a + (b - a) * rng.random()``
# and ``rng.choices(pop, weights)[0]`` one ``random()`` bisected into the running weights: the same numbers drawn in
# the same order, with fewer Python calls (issue 33: every scoring run builds its worlds before forking).
# tests/domains/food_delivery/test_world_reproduces.py pins the worlds they give.
WALLETS = [round(w, 2) for w in (0, 0, 0, 5, 10, 12.5, 20, 35.75)]
TIPS = [round(t + 0.0, 2) for t in (0, 2, 3, 5)]
QUANTITIES = [1, 1, 1, 2]
DELAYS = [0, 5, 10, 10, 20, 25, 35, 45]
SAMPLE_POOL_MAX = 21  # random.sample draws from a copied pool (the branch written out below) up to this size
_NOW_MINUTE = NOW.hour * 60 + NOW.minute
_HOUR_MINUTE = [f"{h:02d}:{m:02d}" for h in range(24) for m in range(60)]  # _clock of each minute of a day
_TIME_TEXT = [f"{hm}:00" for hm in _HOUR_MINUTE]
_DATE_TEXT: Dict[int, str] = {}  # day offset from NOW -> "YYYY-MM-DDT" (the first 64 asked for)


def _pick(table: List[str], cum: Tuple[int, ...], u: float) -> str:
    """``rng.choices(table, weights)[0]`` given its one draw ``u = rng.random()`` (``cum``: the running weights)."""
    x = u * (cum[-1] + 0.0)
    for value, bound in zip(table, cum):
        if x < bound:
            return value
    return table[-1]


def _round(x: float, scale: int) -> float:
    """``round(x, digits)`` for ``scale == 10 ** digits``, without its decimal text (half its cost): rounding
    is monotonic and ``whole + 0.5`` a float, so ``x * scale`` is on the exact product's side of the half
    unless it is the half: there (and for zeros, NaN, large values) ``round`` decides, half to even."""
    y = x * scale
    size = -y if y < 0.0 else y
    if 0.0 < size < 1e9:  # not a zero (its sign), NaN or too large
        whole = int(size)
        part = size - whole
        if part != 0.5:
            n = (whole + (part > 0.5)) / scale  # an int over an int: correctly rounded
            return -n if y < 0.0 else n
    return round(x, len(str(scale)) - 1)


def _sample(rng: random.Random, pool: List[str], k: int) -> List[str]:
    """``rng.sample(pool, k)``: for a pool of up to SAMPLE_POOL_MAX, its branch written out (the same draws)."""
    size = len(pool)
    if size > SAMPLE_POOL_MAX or not 0 <= k <= size:  # the library's branch for larger pools (and its error)
        return rng.sample(pool, k)
    below, left, chosen = rng._randbelow, list(pool), []
    for j in range(k):
        x = below(size - j)
        chosen.append(left[x])
        left[x] = left[size - j - 1]
    return chosen


def _iso_after(minutes: int) -> str:
    """``_iso(NOW + timedelta(minutes=minutes))`` from integers (NOW is on the minute), a new string each call."""
    day, minute = divmod(_NOW_MINUTE + minutes, 1440)
    date = _DATE_TEXT.get(day)
    if date is None:
        date = _iso(NOW + timedelta(days=day))[:11]
        if len(_DATE_TEXT) < 64:
            _DATE_TEXT[day] = date
    return date + _TIME_TEXT[minute]


def _coord(rng: random.Random, spread: float = 0.05) -> Dict[str, float]:
    random_, low, width = rng.random, -spread, spread - -spread  # rng.uniform(-spread, spread), twice
    return {"lat": _round(CITY["lat"] + (low + width * random_()), 100000),
            "lng": _round(CITY["lng"] + (low + width * random_()), 100000)}


def _iso(moment: datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SS`` (``isoformat`` to the second: strftime's text, a fifth of the cost)."""
    return moment.isoformat(timespec="seconds")


def _clock(moment: datetime) -> str:
    """``HH:MM``, as the surge windows are written."""
    return f"{moment.hour:02d}:{moment.minute:02d}"


def _customers(rng: random.Random, n: int) -> Dict[str, Any]:
    out = {}
    below, random_ = rng._randbelow, rng.random
    city, zips, nzips, nstreets = CITY["name"], CITY["zips"], len(CITY["zips"]), len(STREETS)
    tiers, tier_cum = ["basic", "plus", "premium"], (6, 9, 10)
    for i in range(n):
        cid = f"CU-{1001 + i}"
        first, last = FIRST[i % len(FIRST)], LAST[(i * 7 + i // len(FIRST)) % len(LAST)]
        addresses = []
        for a in range(1 + (random_() < 0.4)):
            number = 100 + below(9900)  # randint(100, 9999), then choice(STREETS), choice(zips), _coord
            addresses.append({"address_id": f"AD-{1001 + i}-{a + 1}", "label": ["home", "work"][a],
                              "street": f"{number} {STREETS[below(nstreets)]}", "city": city, "zip": zips[below(nzips)],
                              **_coord(rng)})
        allergens = sorted(_sample(rng, ALLERGENS, [1, 1, 2][below(3)])) if random_() < 0.25 else []
        brand = ["visa", "mastercard", "amex"][below(3)]
        out[cid] = {
            "customer_id": cid, "first_name": first, "last_name": last,
            "email": f"{first.lower()}.{last.lower()}{1001 + i}@example.com",
            "phone": f"503-555-{1000 + below(9000)}", "addresses": addresses,
            "payment_methods": {f"PM-{1001 + i}-card": {"type": "card", "brand": brand, "last4": f"{below(10000):04d}"},
                                f"PM-{1001 + i}-wallet": {"type": "wallet"}},
            "wallet_balance": WALLETS[below(8)],
            "loyalty_tier": _pick(tiers, tier_cum, random_()),
            "allergens": allergens, "fraud_flag": random_() < 0.05, "fraud_escalated": False, "orders": [],
        }
    return out


def _restaurants(rng: random.Random, n: int) -> Dict[str, Any]:
    out = {}
    cuisines = sorted(CUISINES)
    below, random_ = rng._randbelow, rng.random
    for i in range(n):
        rid = f"RS-{101 + i}"
        cuisine = cuisines[i % len(cuisines)]
        menu = {}
        for j, (name, category, allergens) in enumerate(CUISINES[cuisine]):
            low, high = (3.5, 6.5) if category == "drinks" else (5, 9) if category in ("sides", "desserts") else (12, 24)
            price = _round(low + (high - low) * random_(), 100)  # rng.uniform(low, high)
            menu[f"MI-{101 + i}-{j + 1:02d}"] = {"item_id": f"MI-{101 + i}-{j + 1:02d}", "name": name, "category": category,
                                                 "price": price, "allergens": list(allergens), "in_stock": random_() > 0.12}
        status = _pick(["open", "paused", "closed"], (8, 9, 10), random_())
        out[rid] = {"restaurant_id": rid, "name": f"{LAST[i % len(LAST)]}'s {cuisine.title()} Kitchen", "cuisine": cuisine,
                    "status": status, **_coord(rng), "prep_minutes": [15, 20, 25, 30][below(4)], "cancelled_orders": 0, "menu": menu}
    return out


def _drivers(rng: random.Random, n: int) -> Dict[str, Any]:
    out = {}
    below, random_ = rng._randbelow, rng.random
    for i in range(n):
        did = f"DR-{201 + i}"
        out[did] = {"driver_id": did, "name": f"{FIRST[(i * 5) % len(FIRST)]} {LAST[(i * 3) % len(LAST)][0]}.",
                    "status": _pick(["available", "on_delivery", "offline"], (5, 9, 10), random_()), **_coord(rng, 0.06),
                    "vehicle": ["bike", "scooter", "car"][below(3)], "capacity": [2, 3][below(2)], "active_orders": [],
                    "route": None, "route_candidates": []}
    return out


# The numbers wiki.md states (the tools read cancellation, dispatch_radius_km, quote_valid_minutes, route_*).
POLICY = {
    "apology_credit_cap": {"basic": 5.0, "plus": 10.0, "premium": 20.0},
    "late_delivery": [
        {"min_minutes_late": 15, "refund_delivery_fee": True, "subtotal_percent": 0},
        {"min_minutes_late": 30, "refund_delivery_fee": True, "subtotal_percent": 20},
    ],
    "cancellation": {
        "cancellable_statuses": ["placed", "preparing", "ready_for_pickup"],
        "full_refund_statuses": ["placed"],
        "fault_reasons": ["restaurant_closed", "restaurant_delay", "item_unavailable", "courier_unavailable"],
        "customer_pays": "subtotal",
    },
    "dispatch_radius_km": 8.0,
    "quote_valid_minutes": 15,
    "route_slack_percent": 15,
    "route_max_stops": 4,
}

STATUSES = ["placed", "preparing", "ready_for_pickup", "out_for_delivery", "delivered", "delivered", "delivered", "cancelled"]


def _orders(rng: random.Random, n: int, customers: Dict[str, Any], restaurants: Dict[str, Any], drivers: Dict[str, Any], pricing: Dict[str, Any]) -> Dict[str, Any]:
    out = {}
    cids, rids = sorted(customers), sorted(r for r in restaurants)
    busy = [d for d in sorted(drivers) if drivers[d]["status"] != "offline"]
    offline = [d for d in sorted(drivers) if drivers[d]["status"] == "offline"]
    below, random_ = rng._randbelow, rng.random
    ncids, nrids = len(cids), len(rids)
    # each restaurant's menu as the orders read it: its item ids sorted, and those in stock
    menus = {rid: (sorted(menu), [m for m in sorted(menu) if menu[m]["in_stock"]], menu)
             for rid, menu in ((rid, restaurants[rid]["menu"]) for rid in rids)}
    rate, small_fee, threshold = pricing["service_fee_rate"], pricing["small_order_fee"], pricing["small_order_threshold"]
    fees: Dict[int, Tuple[float, float]] = {}  # minute of the day -> (surge, delivery fee)
    for i in range(n):
        oid = f"FD-{10001 + i}"
        customer = customers[cids[below(ncids)]]  # choice(cids), then choice(rids)
        restaurant = restaurants[rids[below(nrids)]]
        status = STATUSES[i % len(STATUSES)] if restaurant["status"] == "open" else ["placed", "delivered", "cancelled"][below(3)]
        every, stocked, menu = menus[restaurant["restaurant_id"]]
        pool = every if status == "placed" else stocked
        k = min(len(pool), 1 + below(4))  # randint(1, 4), then sample(pool, k)
        items, amounts = [], []
        for item_id in _sample(rng, pool, k):
            item = menu[item_id]
            quantity = QUANTITIES[below(4)]
            items.append({"item_id": item_id, "name": item["name"], "quantity": quantity,
                          "unit_price": item["price"], "allergens": list(item["allergens"])})
            amounts.append(item["price"] * quantity)
        subtotal = _round(sum(amounts), 100)
        # minutes before NOW it was placed: randint(5, 40) if still under way, else randint(60, 60 * 24 * 6)
        placed = -(5 + below(36) if status != "delivered" and status != "cancelled" else 60 + below(60 * 24 * 6 - 59))
        minute = (_NOW_MINUTE + placed) % 1440
        fee = fees.get(minute)
        if fee is None:
            clock = _HOUR_MINUTE[minute]
            surge = next((w["multiplier"] for w in pricing["surge"] if w["start"] <= clock < w["end"]), 1.0)
            fee = fees[minute] = (surge, round(pricing["base_delivery_fee"] * surge, 2))
        surge, delivery_fee = fee
        service_fee = _round(subtotal * rate, 100)
        small = small_fee if subtotal < threshold else 0.0
        tip = TIPS[below(4)]
        driver = None
        if status in ("ready_for_pickup", "out_for_delivery", "delivered"):
            couriers = offline if status == "out_for_delivery" and offline and random_() < 0.3 else busy
            driver = couriers[below(len(couriers))] if couriers else rng.choice(couriers)  # choice([]) raises, as before
            if status in ("ready_for_pickup", "out_for_delivery"):
                drivers[driver]["active_orders"].append(oid)
        eta_low = placed + restaurant["prep_minutes"] + 10
        delivered_at = _iso_after(eta_low + DELAYS[below(8)]) if status == "delivered" else None
        total = _round(subtotal + delivery_fee + service_fee + small + tip, 100)
        charges = [{"charge_id": f"CH-{oid}-1", "description": "order total", "amount": total}]
        if status == "delivered" and i % 23 == 0:  # a billing glitch: the service fee charged twice
            charges.append({"charge_id": f"CH-{oid}-2", "description": "service fee", "amount": service_fee})
        out[oid] = {
            "order_id": oid, "charges": charges, "customer_id": customer["customer_id"], "restaurant_id": restaurant["restaurant_id"], "status": status,
            "items": items, "subtotal": subtotal, "delivery_fee": delivery_fee, "service_fee": service_fee, "small_order_fee": small,
            "surge_multiplier": surge, "tip": tip, "total": total,
            "payment_method_id": f"PM-{customer['customer_id'][3:]}-card", "delivery_address": dict(customer["addresses"][0]),
            "driver_id": driver, "placed_at": _iso_after(placed), "eta_low": _iso_after(eta_low), "eta_high": _iso_after(eta_low + 15),
            "delivered_at": delivered_at, "ledger": [], "replacement_for": None, "courier_candidates": [],
            "pending_substitutions": [], "restaurant_notified": False,
        }
        customer["orders"].append(oid)
    return out


def _priced(oid: str, customer: Dict[str, Any], restaurant: Dict[str, Any], status: str, lines: List[Tuple[str, int]],
            placed: datetime, pricing: Dict[str, Any], tip: float, driver: Optional[str] = None,
            delay: Optional[int] = None, duplicate_fee: bool = False) -> Dict[str, Any]:
    """An order record with the same arithmetic as ``_orders`` (for the situation orders)."""
    menu = restaurant["menu"]
    items = [{"item_id": m, "name": menu[m]["name"], "quantity": q, "unit_price": menu[m]["price"], "allergens": list(menu[m]["allergens"])}
             for m, q in lines]
    subtotal = round(sum(it["unit_price"] * it["quantity"] for it in items), 2)
    surge = next((w["multiplier"] for w in pricing["surge"] if w["start"] <= _clock(placed) < w["end"]), 1.0)
    delivery_fee = round(pricing["base_delivery_fee"] * surge, 2)
    service_fee = round(subtotal * pricing["service_fee_rate"], 2)
    small = pricing["small_order_fee"] if subtotal < pricing["small_order_threshold"] else 0.0
    total = round(subtotal + delivery_fee + service_fee + small + tip, 2)
    eta_low = placed + timedelta(minutes=restaurant["prep_minutes"] + 10)
    charges = [{"charge_id": f"CH-{oid}-1", "description": "order total", "amount": total}]
    if duplicate_fee:
        charges.append({"charge_id": f"CH-{oid}-2", "description": "service fee", "amount": service_fee})
    return {
        "order_id": oid, "charges": charges, "customer_id": customer["customer_id"], "restaurant_id": restaurant["restaurant_id"],
        "status": status, "items": items, "subtotal": subtotal, "delivery_fee": delivery_fee, "service_fee": service_fee,
        "small_order_fee": small, "surge_multiplier": surge, "tip": tip, "total": total,
        "payment_method_id": f"PM-{customer['customer_id'][3:]}-card", "delivery_address": dict(customer["addresses"][0]),
        "driver_id": driver, "placed_at": _iso(placed), "eta_low": _iso(eta_low), "eta_high": _iso(eta_low + timedelta(minutes=15)),
        "delivered_at": _iso(eta_low + timedelta(minutes=delay)) if delay is not None else None, "ledger": [], "replacement_for": None,
        "courier_candidates": [], "pending_substitutions": [], "restaurant_notified": False,
    }


def _substitution_item(rng: random.Random, restaurant: Dict[str, Any], allergens: set) -> Optional[str]:
    """An item free of ``allergens`` whose category has in-stock substitutes both with and
    without them (out-of-stock items preferred: they are why a substitute is needed)."""
    menu = restaurant["menu"]
    ids = sorted(menu)
    unsafe = {m: not allergens.isdisjoint(menu[m]["allergens"]) for m in ids}
    fits = []
    for mid in ids:
        if unsafe[mid]:
            continue
        subs = [unsafe[m] for m in ids if m != mid and menu[m]["in_stock"] and menu[m]["category"] == menu[mid]["category"]]
        if any(subs) and not all(subs):  # substitutes both with and without the allergens
            fits.append(mid)
    sold_out = [m for m in fits if not menu[m]["in_stock"]]
    return rng.choice(sold_out or fits) if fits else None


def _situations(seed: int, scale: float, customers: Dict[str, Any], restaurants: Dict[str, Any], drivers: Dict[str, Any],
                orders: Dict[str, Any], pricing: Dict[str, Any]) -> None:
    """Add orders for the situations tasks need that the main mix makes rare: allergic customers
    with safe and unsafe substitutes, orders the restaurant is late preparing, duplicated
    service-fee charges, recent deliveries to fraud-flagged accounts. Their own random stream,
    appended after the main orders, touching no courier: the main world is unchanged."""
    rng = random.Random(f"food-delivery:{seed}:situations")
    count = lambda n: max(1, int(round(n * scale)))  # noqa: E731
    clean = [c for c in sorted(customers) if not customers[c]["fraud_flag"]]
    allergic = [c for c in clean if customers[c]["allergens"]]
    fraud = [c for c in sorted(customers) if customers[c]["fraud_flag"]]
    open_rids = [r for r in sorted(restaurants) if restaurants[r]["status"] == "open"]
    couriers = [d for d in sorted(drivers) if drivers[d]["status"] != "offline"]
    next_id = 10001 + len(orders)

    def add(cid: str, rid: str, status: str, lines: List[Tuple[str, int]], placed: datetime, **kw: Any) -> None:
        nonlocal next_id
        oid = f"FD-{next_id}"
        next_id += 1
        orders[oid] = _priced(oid, customers[cid], restaurants[rid], status, lines, placed, pricing, float(rng.choice([0, 2, 3, 5])), **kw)
        customers[cid]["orders"].append(oid)

    def in_stock(rid: str, k: int) -> List[Tuple[str, int]]:
        menu = restaurants[rid]["menu"]
        return [(m, rng.choice([1, 1, 2])) for m in rng.sample([m for m in sorted(menu) if menu[m]["in_stock"]], k)]

    if not open_rids:
        return
    for n, cid in enumerate(rng.sample(allergic, min(len(allergic), count(12)))):
        allergens = set(customers[cid]["allergens"])
        for rid in rng.sample(open_rids, len(open_rids)):
            item = _substitution_item(rng, restaurants[rid], allergens)
            if item is not None:
                add(cid, rid, ["placed", "preparing"][n % 2], [(item, 1)], NOW - timedelta(minutes=rng.randint(5, 20)))
                break
    for cid in rng.sample(clean, min(len(clean), count(8))):  # the restaurant is late: still preparing after the window
        rid = rng.choice(open_rids)
        add(cid, rid, "preparing", in_stock(rid, rng.randint(1, 3)), NOW - timedelta(minutes=rng.randint(60, 85)))
    for cid in rng.sample(clean, min(len(clean), count(6))):  # a billing glitch: the service fee charged twice
        rid = rng.choice(open_rids)
        add(cid, rid, "delivered", in_stock(rid, rng.randint(1, 3)), NOW - timedelta(minutes=rng.randint(120, 60 * 24 * 3)),
            driver=rng.choice(couriers), delay=rng.choice([0, 5, 10]), duplicate_fee=True)
    for _ in range(count(4) if fraud else 0):  # recent deliveries to fraud-flagged accounts
        rid = rng.choice(open_rids)
        add(rng.choice(fraud), rid, "delivered", in_stock(rid, rng.randint(1, 3)), NOW - timedelta(minutes=rng.randint(90, 60 * 24 * 2)),
            driver=rng.choice(couriers), delay=rng.choice([0, 5, 10, 20]))


def generate(seed: int = 0, scale: float = 1.0) -> Dict[str, Any]:
    rng = random.Random(f"food-delivery:{seed}")
    pricing = {"base_delivery_fee": 2.99, "service_fee_rate": 0.05, "small_order_fee": 2.0, "small_order_threshold": 15.0,
               "surge": [{"start": "11:30", "end": "13:30", "multiplier": 1.3}, {"start": "17:30", "end": "20:30", "multiplier": 1.5}]}
    customers = _customers(rng, max(1, int(300 * scale)))
    restaurants = _restaurants(rng, max(5, int(40 * scale)))
    drivers = _drivers(rng, max(6, int(60 * scale)))
    orders = _orders(rng, max(8, int(800 * scale)), customers, restaurants, drivers, pricing)
    _situations(seed, scale, customers, restaurants, drivers, orders, pricing)
    for d in drivers.values():  # on_delivery drivers carry orders; others with none are free
        if d["status"] == "on_delivery" and not d["active_orders"]:
            d["status"] = "available"
        # capacity bounds the orders a courier carries (no randomness: the stream above is unchanged)
        d["capacity"] = max(d["capacity"], len(d["active_orders"]))
    return {
        "clock": {"now": _iso(NOW), "weekday": NOW.strftime("%A").lower()},
        "pricing": pricing,
        "policy": copy.deepcopy(POLICY),
        "customers": customers, "restaurants": restaurants, "drivers": drivers, "orders": orders,
        "quotes": {}, "escalations": [],
    }


def dumps(data: Dict[str, Any]) -> str:
    """The world as the shipped file writes it."""
    return json.dumps(data, indent=1, sort_keys=True) + "\n"
