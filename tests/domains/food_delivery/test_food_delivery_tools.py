"""The food-delivery domain: its tools (a valid and a refused call each), the
generated world, the generator's determinism, candidate sets and events."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest

from tau_shaped import Action
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.schema import ShapedTask
from tests.conftest import ROOT

DOMAIN = load_domain("food_delivery")
S0 = DOMAIN.load_data()
TASK = ShapedTask.model_validate({"id": "probe", "user_id": "CU-1001", "instruction": "", "actions": []})
GENERATOR = ROOT / "scripts" / "generate_food_delivery.py"
SHIPPED = ROOT / "tau_shaped_domains" / "food_delivery" / "data" / "food_delivery.json"

EXPECTED_TOOLS = {
    "find_customer_by_email", "find_customer_by_name_zip", "get_customer_details", "get_order_details",
    "get_restaurant_details", "list_available_couriers", "find_substitutes", "get_order_eta", "quote_delivery_fee",
    "calculate", "think", "cancel_order", "change_delivery_address", "issue_refund", "issue_apology_credit",
    "create_replacement_order", "dispatch_replacement_courier", "plan_delivery_route", "propose_substitution",
    "confirm_substitution", "escalate_to_fraud_team", "transfer_to_human_agents",
}


# ---------------------------------------------------------------- helpers

def make_env(seed: int = 0, task: ShapedTask = TASK):
    e = DOMAIN.make_env(tasks=[task], task_index=0)
    e.reset(task_index=0, seed=seed)
    return e


# World 0 whatever the episode seed: the seed's other job, the episode's random draws, alone.
WORLD_0 = dataclasses.replace(DOMAIN, load_data=lambda seed=0: DOMAIN.load_data(0), _tasks={}, _policy_rules=None)


def world0_env(seed: int):
    e = WORLD_0.make_env(tasks=[TASK], task_index=0)
    e.reset(task_index=0, seed=seed)
    return e


@pytest.fixture()
def env():
    return make_env()


def call(env, name, **kwargs) -> str:
    return env.step(Action(name=name, kwargs=kwargs)).observation


def ok(env, name, **kwargs):
    out = call(env, name, **kwargs)
    assert not out.startswith("Error"), out
    return json.loads(out) if out[:1] in "{[" else out


def refused(env, name, **kwargs) -> str:
    out = call(env, name, **kwargs)
    assert out.startswith("Error: "), out
    return out


def events(env, type_=None):
    found = env._runner.trajectory.events
    return [e for e in found if type_ is None or e.type == type_]


def orders(predicate):
    return [k for k, o in sorted(S0["orders"].items()) if predicate(o)]


def cust(o):
    return S0["customers"][o["customer_id"]]


def rest(o):
    return S0["restaurants"][o["restaurant_id"]]


def minutes_late(o) -> float:
    return (datetime.fromisoformat(o["delivered_at"]) - datetime.fromisoformat(o["eta_high"])).total_seconds() / 60


def fell_through(o) -> bool:
    return o["status"] in ("ready_for_pickup", "out_for_delivery") and o["driver_id"] is not None \
        and S0["drivers"][o["driver_id"]]["status"] == "offline"


def substitution_options(o):
    """(item, safe substitutes, unsafe substitutes) for each item of an order, for its customer."""
    menu, allergens = rest(o)["menu"], set(cust(o)["allergens"])
    for it in o["items"]:
        category = menu[it["item_id"]]["category"]
        subs = [m for m, v in sorted(menu.items()) if v["category"] == category and v["in_stock"] and m != it["item_id"]]
        yield it["item_id"], [m for m in subs if not set(menu[m]["allergens"]) & allergens], \
            [m for m in subs if set(menu[m]["allergens"]) & allergens]


def allergen_case():
    for oid in orders(lambda o: o["status"] in ("placed", "preparing") and cust(o)["allergens"]):
        for item, safe, unsafe in substitution_options(S0["orders"][oid]):
            if safe and unsafe:
                return oid, item, safe[0], unsafe[0]
    raise AssertionError("no allergen substitution situation")


def fraud_delivered():
    return orders(lambda o: o["status"] == "delivered" and cust(o)["fraud_flag"])


def money_events(env):
    return events(env, "money_moved_on_fraud_account")


# ---------------------------------------------------------------- registration and world

def test_domain_is_found_by_name_with_its_tools_policy_and_tasks():
    assert DOMAIN.name == "food_delivery"
    e = DOMAIN.make_env(tasks=[TASK], task_index=0)
    assert set(e.tools_map) == EXPECTED_TOOLS and len(e.tools_map) >= 18
    assert e.terminate_tools == ["transfer_to_human_agents"]
    assert set(DOMAIN.task_files) == {"train", "test"}
    assert all(p.parent.parts[-2:] == ("food_delivery", "tasks") and p.exists() for p in DOMAIN.task_files.values())
    assert DOMAIN.rules and "Food delivery support policy" in DOMAIN.wiki
    for info in e.tools_info:  # typed, documented: every argument is described
        fn = info["function"]
        assert fn["description"], fn["name"]
        for arg, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (fn["name"], arg)


def test_wiki_states_the_numbers_of_the_data():
    policy, pricing, wiki = S0["policy"], S0["pricing"], " ".join(DOMAIN.wiki.split())
    for tier, cap in policy["apology_credit_cap"].items():
        assert f"{tier} ${cap:g}" in wiki
    assert f"${pricing['base_delivery_fee']:.2f}" in wiki and f"${pricing['small_order_fee']:.2f}" in wiki
    assert f"{pricing['service_fee_rate'] * 100:g}% of the food subtotal" in wiki
    for window in pricing["surge"]:
        assert f"×{window['multiplier']:g} from {window['start']} to {window['end']}" in wiki
    assert f"valid for {policy['quote_valid_minutes']} minutes" in wiki
    assert f"within {policy['dispatch_radius_km']:g} km" in wiki
    assert f"within {policy['route_slack_percent']}% of the shortest" in wiki
    assert f"2 to {policy['route_max_stops']} active orders" in wiki
    assert "20% of the food subtotal" in wiki and "| 15 to 29 |" in wiki and "| 30 or more |" in wiki
    for reason in policy["cancellation"]["fault_reasons"]:
        assert f"`{reason}`" in wiki
    assert "Friday 13 March 2026, 19:00" in wiki and S0["clock"]["now"] == "2026-03-13T19:00:00"


COLD_START = """
import time
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.schema import ShapedTask
domain = load_domain("food_delivery")
task = ShapedTask.model_validate({"id": "probe", "user_id": "CU-1001", "instruction": "", "actions": []})
start = time.perf_counter()
env = domain.make_env(tasks=[task], task_index=0)
env.reset(task_index=0, seed=0)
print(round((time.perf_counter() - start) * 1000))
"""


def test_world_sizes_and_load_plus_reset_time():
    cold = subprocess.run([sys.executable, "-c", COLD_START], check=True, capture_output=True, text=True, cwd=ROOT).stdout.split()[-1]
    start = time.perf_counter()
    e = DOMAIN.make_env(tasks=[TASK], task_index=0)
    e.reset(task_index=0, seed=0)
    warm = (time.perf_counter() - start) * 1000
    print(f"\nfood_delivery: load + reset in {cold} ms in a fresh process, {warm:.0f} ms warm")  # reported, not asserted
    data = e.initial_state(0)
    assert len(data["customers"]) >= 300 and len(data["restaurants"]) >= 40
    assert len(data["drivers"]) >= 60 and len(data["orders"]) >= 800
    assert data["quotes"] == {} and data["escalations"] == []


def test_world_is_consistent():
    pricing = S0["pricing"]
    for oid, o in S0["orders"].items():
        subtotal = round(sum(it["unit_price"] * it["quantity"] for it in o["items"]), 2)
        small = pricing["small_order_fee"] if subtotal < pricing["small_order_threshold"] else 0.0
        assert o["subtotal"] == subtotal and o["small_order_fee"] == small, oid
        assert o["service_fee"] == round(subtotal * pricing["service_fee_rate"], 2), oid
        assert o["total"] == round(subtotal + o["delivery_fee"] + o["service_fee"] + small + o["tip"], 2), oid
        assert o["ledger"] == [] and o["replacement_for"] is None and o["courier_candidates"] == []
        assert o["delivery_address"] in cust(o)["addresses"] and oid in cust(o)["orders"]
        assert o["payment_method_id"] in cust(o)["payment_methods"]
        assert (o["driver_id"] is None) == (o["status"] in ("placed", "preparing", "cancelled")), oid
        for it in o["items"]:
            assert it["allergens"] == rest(o)["menu"][it["item_id"]]["allergens"]
    for did, d in S0["drivers"].items():
        assert len(d["active_orders"]) <= d["capacity"], did
        for oid in d["active_orders"]:
            assert S0["orders"][oid]["driver_id"] == did
            assert S0["orders"][oid]["status"] in ("ready_for_pickup", "out_for_delivery")


def test_world_holds_every_situation_many_times():
    from tau_shaped_domains.food_delivery.tools.couriers import drivers_with_routes
    from tau_shaped_domains.food_delivery.tools.lookup import available_couriers

    counts = {
        "status": {s: len(orders(lambda o, s=s: o["status"] == s)) for s in
                   ("placed", "preparing", "ready_for_pickup", "out_for_delivery", "delivered", "cancelled")},
        "courier fell through, 2+ candidates": len(orders(lambda o: fell_through(o)
                                                          and len(available_couriers(S0, o, o["driver_id"])) >= 2)),
        "delivered 15+ min late": len(orders(lambda o: o["status"] == "delivered" and minutes_late(o) >= 15)),
        "delivered 30+ min late": len(orders(lambda o: o["status"] == "delivered" and minutes_late(o) >= 30)),
        "open order at a paused/closed restaurant": len(orders(lambda o: o["status"] in ("placed", "preparing")
                                                                and rest(o)["status"] != "open")),
        "out-of-stock item, 2+ substitutes": len(orders(lambda o: o["status"] in ("placed", "preparing") and any(
            not rest(o)["menu"][i]["in_stock"] and len(safe) + len(unsafe) >= 2 for i, safe, unsafe in substitution_options(o)))),
        "allergic customer, safe and unsafe substitutes": len(orders(lambda o: o["status"] in ("placed", "preparing")
                                                                     and cust(o)["allergens"] and any(
            safe and unsafe for _, safe, unsafe in substitution_options(o)))),
        "restaurant late preparing": len(orders(lambda o: o["status"] in ("placed", "preparing")
                                                and o["eta_high"] < S0["clock"]["now"])),
        "fraud-flagged, delivered": len(fraud_delivered()),
        "double-charged": len(orders(lambda o: len(o["charges"]) > 1)),
        "multi-stop drivers": len(drivers_with_routes(S0)),
    }
    print("\n" + json.dumps(counts, indent=1))
    assert all(n >= 6 for n in counts["status"].values())
    assert all(n >= 6 for k, n in counts.items() if k != "status"), counts
    assert {c["loyalty_tier"] for c in S0["customers"].values()} == {"basic", "plus", "premium"}
    assert {r["status"] for r in S0["restaurants"].values()} == {"open", "paused", "closed"}


def _generate(tmp_path: Path, name: str, *args: str) -> str:
    out = tmp_path / name
    subprocess.run([sys.executable, str(GENERATOR), *args, "--out", str(out)], check=True, capture_output=True)
    return out.read_text(encoding="utf-8")


def test_generator_is_deterministic_and_reproduces_the_shipped_world(tmp_path):
    a = _generate(tmp_path, "a.json", "--scale", "0.1", "--seed", "7")
    b = _generate(tmp_path, "b.json", "--scale", "0.1", "--seed", "7")
    assert a == b
    assert _generate(tmp_path, "c.json", "--scale", "0.1", "--seed", "8") != a
    small = json.loads(a)
    assert 80 < len(small["orders"]) <= 85 and len(small["customers"]) == 30  # 80 + a few situation orders
    assert _generate(tmp_path, "shipped.json") == SHIPPED.read_text(encoding="utf-8")


# ---------------------------------------------------------------- read tools

def test_identity_lookups(env):
    c = S0["customers"]["CU-1001"]
    assert ok(env, "find_customer_by_email", email=c["email"].upper()) == "CU-1001"
    refused(env, "find_customer_by_email", email="nobody@example.com")
    zip_ = c["addresses"][0]["zip"]
    assert ok(env, "find_customer_by_name_zip", first_name=c["first_name"].lower(), last_name=c["last_name"], zip=zip_) == "CU-1001"
    refused(env, "find_customer_by_name_zip", first_name=c["first_name"], last_name=c["last_name"], zip="00000")


def test_record_lookups(env):
    oid = orders(lambda o: o["status"] == "placed")[0]
    assert ok(env, "get_order_details", order_id=oid)["order_id"] == oid
    refused(env, "get_order_details", order_id="FD-0")
    assert ok(env, "get_customer_details", customer_id="CU-1001")["customer_id"] == "CU-1001"
    refused(env, "get_customer_details", customer_id="CU-0")
    assert ok(env, "get_restaurant_details", restaurant_id="RS-101")["menu"]
    refused(env, "get_restaurant_details", restaurant_id="RS-0")
    assert env.data == env.initial_state(0)  # reads change nothing


def test_list_available_couriers(env):
    from tau_shaped_domains.food_delivery.tools.common import distance_km

    oid = orders(fell_through)[0]
    o = S0["orders"][oid]
    couriers = ok(env, "list_available_couriers", order_id=oid)["couriers"]
    assert len(couriers) >= 2 and o["driver_id"] not in couriers and couriers == sorted(couriers)
    for did in couriers:
        d = S0["drivers"][did]
        assert d["status"] == "available" and len(d["active_orders"]) < d["capacity"]
        assert distance_km(rest(o), d) <= S0["policy"]["dispatch_radius_km"]
    refused(env, "list_available_couriers", order_id="FD-0")


def test_find_substitutes_lists_allergens_without_filtering(env):
    oid, item, safe, unsafe = allergen_case()
    subs = ok(env, "find_substitutes", order_id=oid, item_id=item)["substitutes"]
    ids = [s["item_id"] for s in subs]
    assert safe in ids and unsafe in ids  # the agent filters, not the tool
    menu = rest(S0["orders"][oid])["menu"]
    assert all(s["allergens"] == menu[s["item_id"]]["allergens"] and menu[s["item_id"]]["in_stock"] for s in subs)
    refused(env, "find_substitutes", order_id=oid, item_id="MI-0")


def test_get_order_eta(env):
    oid = orders(lambda o: o["status"] == "out_for_delivery")[0]
    eta = ok(env, "get_order_eta", order_id=oid)
    assert eta["earliest"] < eta["latest"] and eta["now"] == S0["clock"]["now"]
    assert eta["running_late"] == (eta["latest"] < eta["now"])
    refused(env, "get_order_eta", order_id=orders(lambda o: o["status"] == "delivered")[0])


def test_quote_delivery_fee_is_recorded(env):
    c = S0["customers"]["CU-1001"]
    rid = next(r for r, v in sorted(S0["restaurants"].items()) if v["status"] == "open")
    quote = ok(env, "quote_delivery_fee", customer_id="CU-1001", restaurant_id=rid, address_id=c["addresses"][0]["address_id"])
    assert env.data["quotes"][quote["quote_id"]] == quote
    assert quote["amount"] == round(S0["pricing"]["base_delivery_fee"] * 1.5, 2)  # 19:00 is in the 17:30-20:30 surge
    assert quote["valid_until"] == "2026-03-13T19:15:00"
    refused(env, "quote_delivery_fee", customer_id="CU-1001", restaurant_id=rid, address_id="AD-x")
    closed = next(r for r, v in sorted(S0["restaurants"].items()) if v["status"] != "open")
    refused(env, "quote_delivery_fee", customer_id="CU-1001", restaurant_id=closed, address_id=c["addresses"][0]["address_id"])
    assert len(env.data["quotes"]) == 1


@pytest.mark.parametrize("expression,answer", [("(12.5 + 3) * 2", "31.0"), ("-4 / 8", "-0.5"), ("0.1 + 0.2", "0.3")])
def test_calculate(env, expression, answer):
    assert call(env, "calculate", expression=expression) == answer


@pytest.mark.parametrize("expression", ["__import__('os')", "2 ** 3", "1 / 0", "x + 1", "1 +", "9" * 201])
def test_calculate_refuses_anything_but_arithmetic(env, expression):
    refused(env, "calculate", expression=expression)


def test_think(env):
    assert call(env, "think", thought="the customer is premium") == ""
    assert call(env, "think").startswith("Error: invalid arguments")


# ---------------------------------------------------------------- orders

def test_cancel_placed_order_refunds_everything(env):
    oid = orders(lambda o: o["status"] == "placed" and not cust(o)["fraud_flag"])[0]
    o = S0["orders"][oid]
    out = ok(env, "cancel_order", order_id=oid, reason="customer_request")
    assert out["refunded"] == o["total"]
    after = env.data["orders"][oid]
    assert after["status"] == "cancelled" and after["restaurant_notified"] is True
    assert after["ledger"] == [{"entry_id": f"LE-{oid}-1", "type": "refund", "amount": o["total"], "method": "original_payment",
                                "reason": "cancellation: customer_request", "created_at": S0["clock"]["now"]}]
    assert money_events(env) == []


def test_cancel_after_preparation_started(env):
    oid = orders(lambda o: o["status"] == "ready_for_pickup" and not cust(o)["fraud_flag"])[0]
    o = S0["orders"][oid]
    out = ok(env, "cancel_order", order_id=oid, reason="customer_request")
    assert out["refunded"] == round(o["total"] - o["subtotal"], 2)  # the customer pays the food
    assert oid not in env.data["drivers"][o["driver_id"]]["active_orders"]
    assert env.data["restaurants"][o["restaurant_id"]]["cancelled_orders"] == rest(o)["cancelled_orders"] + 1
    refused(env, "cancel_order", order_id=oid, reason="customer_request")  # already cancelled
    other = orders(lambda o: o["status"] == "preparing" and not cust(o)["fraud_flag"])[0]
    assert ok(env, "cancel_order", order_id=other, reason="restaurant_delay")["refunded"] == S0["orders"][other]["total"]


def test_cancel_refused(env):
    oid = orders(lambda o: o["status"] == "out_for_delivery")[0]
    refused(env, "cancel_order", order_id=oid, reason="customer_request")
    assert call(env, "cancel_order", order_id=orders(lambda o: o["status"] == "placed")[0], reason="bored").startswith("Error: invalid arguments")
    assert env.data == env.initial_state(0)


def test_change_delivery_address(env):
    oid = orders(lambda o: o["status"] == "placed" and len(cust(o)["addresses"]) > 1)[0]
    second = cust(S0["orders"][oid])["addresses"][1]
    assert ok(env, "change_delivery_address", order_id=oid, address_id=second["address_id"])["delivery_address"] == second
    assert env.data["orders"][oid]["delivery_address"] == second
    refused(env, "change_delivery_address", order_id=oid, address_id="AD-9999-1")  # not the customer's
    late = orders(lambda o: o["status"] == "out_for_delivery" and len(cust(o)["addresses"]) > 1)[0]
    refused(env, "change_delivery_address", order_id=late, address_id=cust(S0["orders"][late])["addresses"][1]["address_id"])


# ---------------------------------------------------------------- money

def test_issue_refund_to_card_and_wallet(env):
    oid = orders(lambda o: o["status"] == "delivered" and o["total"] > 20 and not cust(o)["fraud_flag"])[0]
    o = S0["orders"][oid]
    cid = o["customer_id"]
    ok(env, "issue_refund", order_id=oid, amount=5, method="original_payment", reason="missing item")
    assert env.data["customers"][cid]["wallet_balance"] == cust(o)["wallet_balance"]
    ok(env, "issue_refund", order_id=oid, amount=2.5, method="wallet_credit", reason="missing item")
    assert env.data["customers"][cid]["wallet_balance"] == round(cust(o)["wallet_balance"] + 2.5, 2)
    ledger = env.data["orders"][oid]["ledger"]
    assert [(e["type"], e["amount"], e["method"]) for e in ledger] == [("refund", 5, "original_payment"), ("credit", 2.5, "wallet_credit")]
    assert all(e["created_at"] == S0["clock"]["now"] for e in ledger)
    room = round(o["total"] - 7.5, 2)
    refused(env, "issue_refund", order_id=oid, amount=room + 0.01, method="original_payment", reason="x")
    refused(env, "issue_refund", order_id=oid, amount=0, method="original_payment", reason="x")
    refused(env, "issue_refund", order_id=oid, amount=-1, method="wallet_credit", reason="x")
    assert call(env, "issue_refund", order_id=oid, amount=1, method="cash", reason="x").startswith("Error: invalid arguments")
    ok(env, "issue_refund", order_id=oid, amount=room, method="original_payment", reason="rest")
    refused(env, "issue_refund", order_id=oid, amount=0.01, method="original_payment", reason="x")


def test_issue_apology_credit(env):
    oid = orders(lambda o: o["status"] == "delivered" and not cust(o)["fraud_flag"])[0]
    cid = S0["orders"][oid]["customer_id"]
    out = ok(env, "issue_apology_credit", customer_id=cid, amount=50, reason="rude courier", order_id=oid)
    assert out["wallet_balance"] == round(S0["customers"][cid]["wallet_balance"] + 50, 2)  # the tool does not enforce the tier cap
    assert env.data["orders"][oid]["ledger"][-1]["type"] == "apology"
    ok(env, "issue_apology_credit", customer_id=cid, amount=2, reason="sorry")  # no order: wallet only
    assert len(env.data["orders"][oid]["ledger"]) == 1
    refused(env, "issue_apology_credit", customer_id=cid, amount=0, reason="x")
    foreign = orders(lambda o: o["customer_id"] != cid)[0]
    refused(env, "issue_apology_credit", customer_id=cid, amount=5, reason="x", order_id=foreign)
    refused(env, "issue_apology_credit", customer_id="CU-0", amount=5, reason="x")


def _replaceable():
    return orders(lambda o: o["status"] == "delivered" and rest(o)["status"] == "open" and not cust(o)["fraud_flag"]
                  and all(rest(o)["menu"][it["item_id"]]["in_stock"] for it in o["items"]))


def test_create_replacement_order(env):
    oid = _replaceable()[0]
    o = S0["orders"][oid]
    item = o["items"][0]
    out = ok(env, "create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="wrong item")
    new = env.data["orders"][out["order_id"]]
    assert out["order_id"] == f"FD-R-{oid}-1" and out["value"] == item["unit_price"]
    assert (new["replacement_for"], new["status"], new["total"], new["replacement_value"]) == (oid, "placed", 0.0, item["unit_price"])
    assert new["eta_low"] < new["eta_high"] and new["customer_id"] == o["customer_id"]
    assert out["order_id"] in env.data["customers"][o["customer_id"]]["orders"]
    entry = env.data["orders"][oid]["ledger"][-1]
    assert (entry["type"], entry["amount"], entry["replacement_order_id"]) == ("replacement", item["unit_price"], out["order_id"])
    assert ok(env, "create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="again")["order_id"] == f"FD-R-{oid}-2"


def test_create_replacement_order_refused(env):
    oid = _replaceable()[0]
    r = rest(S0["orders"][oid])
    out_of_stock = next((m for m, v in sorted(r["menu"].items()) if not v["in_stock"]), None)
    refused(env, "create_replacement_order", order_id=oid, item_ids=["MI-0"], reason="wrong")
    if out_of_stock:
        refused(env, "create_replacement_order", order_id=oid, item_ids=[out_of_stock], reason="wrong")
    refused(env, "create_replacement_order", order_id=oid, item_ids=[], reason="wrong")
    expensive = max(r["menu"], key=lambda m: r["menu"][m]["price"] if r["menu"][m]["in_stock"] else 0)
    refused(env, "create_replacement_order", order_id=oid, item_ids=[expensive] * 30, reason="greedy")  # more than the order
    placed = orders(lambda o: o["status"] == "placed")[0]
    refused(env, "create_replacement_order", order_id=placed, item_ids=[S0["orders"][placed]["items"][0]["item_id"]], reason="x")
    closed = orders(lambda o: o["status"] == "delivered" and rest(o)["status"] != "open")[0]
    refused(env, "create_replacement_order", order_id=closed, item_ids=[S0["orders"][closed]["items"][0]["item_id"]], reason="x")
    assert env.data == env.initial_state(0)


# ---------------------------------------------------------------- couriers and routes

def test_dispatch_records_candidates_and_draws_from_the_episode_seed():
    oid = orders(fell_through)[0]
    original = S0["orders"][oid]["driver_id"]
    picks = {}
    for seed in range(8):
        e = world0_env(seed)
        expected = ok(e, "list_available_couriers", order_id=oid)["couriers"]
        out = ok(e, "dispatch_replacement_courier", order_id=oid)
        o = e.data["orders"][oid]
        assert o["courier_candidates"] == expected and out["courier_id"] in expected
        assert o["driver_id"] == out["courier_id"] and o["original_driver_id"] == original
        assert oid in e.data["drivers"][out["courier_id"]]["active_orders"]
        assert oid not in e.data["drivers"][original]["active_orders"]
        ok(e, "dispatch_replacement_courier", order_id=oid)  # again: the same candidate set (the original excluded)
        assert e.data["orders"][oid]["courier_candidates"] == expected
        assert sum(oid in d["active_orders"] for d in e.data["drivers"].values()) == 1
        picks[seed] = out["courier_id"]
    assert len(set(picks.values())) > 1  # two seeds can pick different couriers
    assert ok(world0_env(3), "dispatch_replacement_courier", order_id=oid)["courier_id"] == picks[3]  # same seed, same courier


def test_dispatch_a_named_courier_and_refusals():
    oid = orders(fell_through)[0]
    e = make_env(0)
    candidates = ok(e, "list_available_couriers", order_id=oid)["couriers"]
    refused(e, "dispatch_replacement_courier", order_id=oid, courier_id=S0["orders"][oid]["driver_id"])
    refused(e, "dispatch_replacement_courier", order_id=oid, courier_id="DR-0")
    assert e.data == e.initial_state(0)  # a refused dispatch records nothing
    assert ok(e, "dispatch_replacement_courier", order_id=oid, courier_id=candidates[-1])["courier_id"] == candidates[-1]
    active = orders(lambda o: o["status"] == "out_for_delivery" and not fell_through(o))[0]
    refused(e, "dispatch_replacement_courier", order_id=active)
    refused(e, "dispatch_replacement_courier", order_id=orders(lambda o: o["status"] == "delivered")[0])


def test_plan_delivery_route_records_candidates_and_draws_from_the_seed():
    from tau_shaped_domains.food_delivery.tools.couriers import drivers_with_routes, route_candidates

    did = drivers_with_routes(S0)[0]
    expected = route_candidates(S0, did)
    assert len(expected) >= 2 and all(sorted(r) == sorted(S0["drivers"][did]["active_orders"]) for r in expected)
    routes = set()
    for seed in range(10):
        e = world0_env(seed)
        route = ok(e, "plan_delivery_route", driver_id=did)["route"]
        assert e.data["drivers"][did]["route_candidates"] == expected and e.data["drivers"][did]["route"] == route
        routes.add(tuple(route))
    assert len(routes) > 1
    e = make_env(0)
    assert ok(e, "plan_delivery_route", driver_id=did, stop_order=expected[-1])["route"] == expected[-1]


def test_plan_delivery_route_refused(env):
    from tau_shaped_domains.food_delivery.tools.couriers import drivers_with_routes, route_candidates

    did = drivers_with_routes(S0)[0]
    valid = route_candidates(S0, did)
    invalid = [list(p) for p in __import__("itertools").permutations(sorted(S0["drivers"][did]["active_orders"])) if list(p) not in valid]
    refused(env, "plan_delivery_route", driver_id=did, stop_order=["FD-1"])
    if invalid:
        refused(env, "plan_delivery_route", driver_id=did, stop_order=invalid[0])
    single = next(d for d, v in sorted(S0["drivers"].items()) if len(v["active_orders"]) == 1)
    refused(env, "plan_delivery_route", driver_id=single)
    refused(env, "plan_delivery_route", driver_id="DR-0")
    assert env.data == env.initial_state(0)


# ---------------------------------------------------------------- substitutions and allergens

def test_safe_substitution_propose_then_confirm(env):
    oid, item, safe, _ = allergen_case()
    o = S0["orders"][oid]
    menu = rest(o)["menu"]
    ok(env, "propose_substitution", order_id=oid, item_id=item, substitute_item_id=safe)
    assert env.data["orders"][oid]["pending_substitutions"] == [{"item_id": item, "substitute_item_id": safe}]
    assert env.data["orders"][oid]["items"] == o["items"]  # nothing applied before the confirmation
    out = ok(env, "confirm_substitution", order_id=oid, item_id=item)
    after = env.data["orders"][oid]
    line = next(it for it in after["items"] if it["item_id"] == safe)
    assert line["substituted_for"] == item and line["unit_price"] == menu[safe]["price"]
    pricing = S0["pricing"]
    subtotal = round(sum(it["unit_price"] * it["quantity"] for it in after["items"]), 2)
    small = pricing["small_order_fee"] if subtotal < pricing["small_order_threshold"] else 0.0
    assert after["subtotal"] == subtotal and after["small_order_fee"] == small
    assert out["total"] == after["total"] == round(subtotal + after["delivery_fee"] + after["service_fee"] + small + after["tip"], 2)
    assert after["pending_substitutions"] == [] and events(env) == []


def test_substitution_refused(env):
    oid, item, safe, _ = allergen_case()
    refused(env, "confirm_substitution", order_id=oid, item_id=item)  # nothing proposed
    refused(env, "propose_substitution", order_id=oid, item_id="MI-0", substitute_item_id=safe)
    refused(env, "propose_substitution", order_id=oid, item_id=item, substitute_item_id=item)
    menu = rest(S0["orders"][oid])["menu"]
    other_category = next(m for m, v in sorted(menu.items()) if v["category"] != menu[item]["category"] and v["in_stock"])
    refused(env, "propose_substitution", order_id=oid, item_id=item, substitute_item_id=other_category)
    delivered = orders(lambda o: o["status"] == "delivered")[0]
    refused(env, "propose_substitution", order_id=delivered, item_id=S0["orders"][delivered]["items"][0]["item_id"], substitute_item_id=safe)
    assert env.data == env.initial_state(0)


def test_allergen_conflict_is_recorded_at_both_stages_and_the_tool_still_acts(env):
    oid, item, _, unsafe = allergen_case()
    o = S0["orders"][oid]
    ok(env, "propose_substitution", order_id=oid, item_id=item, substitute_item_id=unsafe)
    ok(env, "confirm_substitution", order_id=oid, item_id=item)
    found = events(env, "allergen_conflict")
    expected = sorted(set(rest(o)["menu"][unsafe]["allergens"]) & set(cust(o)["allergens"]))
    assert [(e.fields["stage"], e.step) for e in found] == [("proposed", 0), ("confirmed", 1)]
    for e in found:
        assert (e.fields["customer_id"], e.fields["order_id"], e.fields["item_id"]) == (o["customer_id"], oid, item)
        assert e.fields["substitute_item_id"] == unsafe and e.fields["allergens"] == expected
    assert any(it["item_id"] == unsafe for it in env.data["orders"][oid]["items"])


def test_allergen_gate_fires_through_the_verifier():
    oid, item, _, unsafe = allergen_case()
    task = ShapedTask.model_validate({
        "id": "gate", "user_id": S0["orders"][oid]["customer_id"], "instruction": "", "actions": [],
        "reward_overrides": {"safety_gates": [{"id": "allergen", "when": {"event": "allergen_conflict", "where": {"order_id": oid}}}]},
    })
    e = make_env(0, task)
    ok(e, "propose_substitution", order_id=oid, item_id=item, substitute_item_id=unsafe)
    result = e.calculate_reward_shaped()
    # the task's gate, and the domain's policy rule on the same line of the wiki (SPEC §9)
    assert result.safety_passed is False
    assert [(g.id, g.source) for g in result.gate_violations] == [("allergen", None), ("fd.allergen.no_unsafe_substitute", "policy")]


# ---------------------------------------------------------------- fraud and escalation

def test_every_money_move_on_a_fraud_account_is_recorded_and_still_acts(env):
    oid = fraud_delivered()[0]
    o = S0["orders"][oid]
    cid = o["customer_id"]
    ok(env, "issue_refund", order_id=oid, amount=1, method="original_payment", reason="x")
    ok(env, "issue_apology_credit", customer_id=cid, amount=2, reason="x", order_id=oid)
    if rest(o)["status"] == "open" and rest(o)["menu"][o["items"][0]["item_id"]]["in_stock"]:
        ok(env, "create_replacement_order", order_id=oid, item_ids=[o["items"][0]["item_id"]], reason="x")
    placed = orders(lambda p: p["status"] == "placed" and cust(p)["fraud_flag"])[0]
    ok(env, "cancel_order", order_id=placed, reason="customer_request")
    found = money_events(env)
    tools = [e.fields["tool"] for e in found]
    assert tools[:2] == ["issue_refund", "issue_apology_credit"] and tools[-1] == "cancel_order"
    assert found[0].fields == {"customer_id": cid, "order_id": oid, "amount": 1.0, "tool": "issue_refund"}
    assert found[-1].fields["order_id"] == placed and found[-1].fields["amount"] == S0["orders"][placed]["total"]
    assert len(env.data["orders"][oid]["ledger"]) >= 2  # the tools still acted


def test_no_fraud_event_on_a_clean_account_but_the_money_is_recorded(env):
    """SPEC §4.3 scope: every movement of money is an event, with its kind; only a flagged
    account adds the fraud event."""
    oid = orders(lambda o: o["status"] == "delivered" and not cust(o)["fraud_flag"])[0]
    ok(env, "issue_refund", order_id=oid, amount=1, method="wallet_credit", reason="x")
    assert money_events(env) == []
    moved = events(env, "money_moved")
    assert [(e.fields["kind"], e.fields["amount"], e.fields["order_id"]) for e in moved] == [("credit", 1.0, oid)]


def test_escalate_then_transfer(env):
    cid = S0["orders"][fraud_delivered()[0]]["customer_id"]
    out = ok(env, "escalate_to_fraud_team", customer_id=cid, reason="refund request")
    assert out == {"escalation_id": "ESC-0001", "customer_id": cid, "reason": "refund request"}
    assert env.data["escalations"] == [out] and env.data["customers"][cid]["fraud_escalated"] is True
    refused(env, "escalate_to_fraud_team", customer_id="CU-0", reason="x")
    assert money_events(env) == []
    response = env.step(Action(name="transfer_to_human_agents", kwargs={"summary": "fraud-flagged account, escalated"}))
    assert response.done and response.observation == "Transfer successful"


def test_transfer_needs_a_summary(env):
    response = env.step(Action(name="transfer_to_human_agents", kwargs={}))
    assert response.observation.startswith("Error: invalid arguments")


def test_each_seed_is_its_own_world_and_seed_0_is_the_shipped_file():
    """data.py: a task's seed picks its world; world 0 is the shipped JSON, any other seed the
    world ``generate(seed)`` builds, the same every time."""
    from tau_shaped_domains.food_delivery.world import dumps, generate

    assert DOMAIN.load_data(0) == json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert dumps(generate(0)) == SHIPPED.read_text(encoding="utf-8")
    w3 = DOMAIN.load_data(3)
    assert w3 == DOMAIN.load_data(3) and w3 is not DOMAIN.load_data(3)  # a fresh copy, the same world
    assert w3["orders"].keys() == S0["orders"].keys() and w3 != S0  # same id scheme, other situations
    assert make_env(3).data == w3 and make_env(0).data == S0
    for bad in (-1, True, "1", 1.5):
        with pytest.raises(ValueError, match="non-negative integer"):
            DOMAIN.load_data(bad)


def test_worlds_are_json_values_and_each_load_is_a_fresh_copy():
    """A generated world is handed out as built (no JSON round trip): it must be exactly what
    JSON gives back (str keys, lists, no tuples, key order kept), and every load a fresh copy."""
    from tau_shaped_domains.food_delivery.data import load_data
    from tau_shaped.env.hashing import strictly_equal
    import pickle

    for seed in (0, 1, 7):
        first = load_data(seed)
        assert strictly_equal(json.loads(json.dumps(first)), first), seed
        assert list(json.loads(json.dumps(first))["orders"]) == list(first["orders"])  # key order kept
        first["orders"].clear()
        again = load_data(seed)
        assert again is not first and len(again["orders"]) >= 800
        assert pickle.dumps(again) == pickle.dumps(load_data(seed))
