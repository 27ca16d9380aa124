"""Courier tools: a replacement courier for an order whose courier fell through,
and multi-stop route planning. Both choose among equally valid options and
record the candidate set before choosing (SPEC §4.1)."""

from __future__ import annotations

from itertools import permutations
from typing import List, Optional

from tau_shaped import episode_rng
from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.tool_effects import effects

from .common import distance_km, driver, order, scan
from .lookup import available_couriers


def _route_limits(data: dict) -> tuple:
    """(slack, max stops) from the policy: a visit order is valid if its length is within
    route_slack_percent (15) of the shortest; routes are planned for 2 to route_max_stops (4) orders."""
    policy = data["policy"]
    return policy["route_slack_percent"] / 100.0, policy["route_max_stops"]


@effects(reads=["orders", "drivers", "restaurants", "policy"], writes=["orders", "drivers"])
@tool
def dispatch_replacement_courier(data: dict, order_id: str, courier_id: Optional[str] = None) -> dict:
    """Give an order whose courier went offline to another available courier.

    The candidates are the available couriers with spare capacity within the
    dispatch radius of the restaurant (the original courier excluded); any of
    them is fine. Without courier_id the dispatcher picks one.

    Args:
        order_id: The order's id.
        courier_id: A courier from the candidates, or omit to let the dispatcher pick.
    """
    o = order(data, order_id)
    if o["status"] not in ("ready_for_pickup", "out_for_delivery"):
        raise ToolError(f"order {order_id} is {o['status']}: no courier to replace")
    original = o.get("original_driver_id") or o["driver_id"]
    if original is None or driver(data, original)["status"] != "offline":
        raise ToolError(f"the courier of {order_id} is still active: no replacement needed")
    candidates = available_couriers(data, o, original)
    if not candidates:
        raise ToolError("no courier is available right now")
    if courier_id is not None and courier_id not in candidates:
        raise ToolError(f"courier {courier_id} is not available for {order_id}; available: {', '.join(candidates)}")
    o["courier_candidates"] = candidates  # the class's candidate set, recorded before the choice (SPEC §4.1)
    pick = courier_id if courier_id is not None else episode_rng().choice(sorted(candidates))
    previous = o["driver_id"]
    if previous in data["drivers"] and order_id in data["drivers"][previous]["active_orders"]:
        data["drivers"][previous]["active_orders"].remove(order_id)
    o["original_driver_id"] = original
    o["driver_id"] = pick
    data["drivers"][pick]["active_orders"].append(order_id)
    return {"order_id": order_id, "courier_id": pick}


def _route_length(start: dict, stops: List[dict]) -> float:
    total, here = 0.0, start
    for stop in stops:
        total += distance_km(here, stop)
        here = stop
    return total


def route_candidates(data: dict, driver_id: str) -> List[List[str]]:
    """Valid visit orders of a driver's active orders: the permutations whose straight-line
    length, from the driver's position through the delivery addresses, is within the
    policy's slack (15%) of the shortest. Sorted; the same for the same state."""
    slack, max_stops = _route_limits(data)
    d = driver(data, driver_id)
    stops = sorted(d["active_orders"])
    if not 2 <= len(stops) <= max_stops:
        raise ToolError(f"driver {driver_id} has {len(stops)} active orders: routes are planned for 2 to {max_stops}")
    where = {oid: order(data, oid)["delivery_address"] for oid in stops}
    lengths = {perm: _route_length(d, [where[o] for o in perm]) for perm in permutations(stops)}
    best = min(lengths.values())
    return sorted(list(p) for p, length in lengths.items() if length <= best * (1 + slack) + 1e-9)


@effects(reads=["drivers", "orders", "policy"], writes=["drivers"])
@tool
def plan_delivery_route(data: dict, driver_id: str, stop_order: Optional[List[str]] = None) -> dict:
    """Plan the visit order of a courier's active deliveries (2 to 4 of them).

    A visit order is valid when its straight-line length, from the courier's
    position through each delivery address, is within 15% of the shortest
    possible; any valid order is fine. Without stop_order the planner picks one.

    Args:
        driver_id: The courier's id.
        stop_order: The order ids in visiting order (a valid one), or omit to let the planner pick.
    """
    candidates = route_candidates(data, driver_id)
    if stop_order is not None and list(stop_order) not in candidates:
        raise ToolError(f"{stop_order} is not a valid visit order for {driver_id}; valid: {candidates}")
    d = driver(data, driver_id)
    d["route_candidates"] = candidates  # the class's candidate set, recorded before the choice (SPEC §4.1)
    d["route"] = list(stop_order) if stop_order is not None else list(episode_rng().choice(candidates))
    return {"driver_id": driver_id, "route": d["route"]}


def drivers_with_routes(data: dict) -> List[str]:
    """Drivers whose deliveries can be routed in at least two valid orders (for task authors)."""
    out = []
    _, max_stops = _route_limits(data)
    for did, d in scan(data["drivers"]):
        if 2 <= len(d["active_orders"]) <= max_stops and len(route_candidates(data, did)) >= 2:
            out.append(did)
    return sorted(out)
