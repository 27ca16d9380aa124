"""The food-delivery domain's tools, data and generator."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from tau_shaped import Action
from tau_shaped.domains import load_domain
from tau_shaped.task_schema import ShapedTask
from tests.conftest import ROOT

DOMAIN = load_domain("food_delivery")
TASK = ShapedTask.model_validate({"id": "probe", "user_id": "CU-1001", "instruction": "", "actions": []})


@pytest.fixture()
def env():
    e = DOMAIN.make_env(tasks=[TASK], task_index=0)
    e.reset(task_index=0)
    return e


def call(env, name, **kwargs):
    return env.step(Action(name=name, kwargs=kwargs)).observation


def first(env, predicate, table="orders"):
    return next(k for k, v in sorted(env.initial_state(0)[table].items()) if predicate(v))


def test_world_sizes_and_load_time():
    start = time.perf_counter()
    e = DOMAIN.make_env(tasks=[TASK], task_index=0)
    e.reset(task_index=0)
    elapsed = time.perf_counter() - start
    data = e.initial_state(0)
    assert len(data["customers"]) >= 300 and len(data["restaurants"]) >= 40
    assert len(data["drivers"]) >= 60 and len(data["orders"]) >= 800
    print(f"food_delivery: load + reset in {elapsed * 1000:.0f} ms")
    assert len(e.tools_map) >= 18


def test_generator_is_deterministic(tmp_path):
    outs = []
    for name in ("a.json", "b.json"):
        subprocess.run([sys.executable, str(ROOT / "scripts" / "generate_food_delivery.py"), "--scale", "0.1", "--out", str(tmp_path / name)], check=True, capture_output=True)
        outs.append((tmp_path / name).read_text())
    assert outs[0] == outs[1]
    assert json.loads(outs[0])["orders"]
    shipped = (ROOT / "domains" / "food_delivery" / "data" / "food_delivery.json").read_text()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "generate_food_delivery.py"), "--out", str(tmp_path / "c.json")], check=True, capture_output=True)
    assert (tmp_path / "c.json").read_text() == shipped


def test_identity_lookups(env):
    c = env.initial_state(0)["customers"]["CU-1001"]
    assert call(env, "find_customer_by_email", email=c["email"].upper()) == "CU-1001"
    assert call(env, "find_customer_by_email", email="nobody@example.com").startswith("Error")
    assert call(env, "find_customer_by_name_zip", first_name=c["first_name"], last_name=c["last_name"], zip=c["addresses"][0]["zip"]) == "CU-1001"
    assert call(env, "find_customer_by_name_zip", first_name=c["first_name"], last_name=c["last_name"], zip="00000").startswith("Error")


def test_read_tools(env):
    oid = first(env, lambda o: o["status"] == "placed")
    assert json.loads(call(env, "get_order_details", order_id=oid))["order_id"] == oid
    assert call(env, "get_order_details", order_id="FD-0").startswith("Error")
    assert json.loads(call(env, "get_customer_details", customer_id="CU-1001"))["customer_id"] == "CU-1001"
    assert json.loads(call(env, "get_restaurant_details", restaurant_id="RS-101"))["menu"]
    assert call(env, "get_restaurant_details", restaurant_id="RS-0").startswith("Error")
    eta = json.loads(call(env, "get_order_eta", order_id=oid))
    assert eta["earliest"] < eta["latest"]
    assert call(env, "calculate", expression="(12.5 + 3) * 2") == "31.0"
    assert call(env, "calculate", expression="__import__('os')").startswith("Error")
    assert call(env, "think", thought="hm") == ""
    c = env.initial_state(0)["customers"]["CU-1001"]
    quote = json.loads(call(env, "quote_delivery_fee", customer_id="CU-1001", restaurant_id="RS-101", address_id=c["addresses"][0]["address_id"]))
    assert quote["quote_id"] in env.data["quotes"] and quote["delivery_fee"] > 0
    assert call(env, "quote_delivery_fee", customer_id="CU-1001", restaurant_id="RS-101", address_id="AD-x").startswith("Error")


def test_cancel_side_effects(env):
    oid = first(env, lambda o: o["status"] == "ready_for_pickup" and o["driver_id"])
    order = env.initial_state(0)["orders"][oid]
    driver, restaurant = order["driver_id"], order["restaurant_id"]
    before = env.initial_state(0)["restaurants"][restaurant]["cancelled_orders"]
    out = json.loads(call(env, "cancel_order", order_id=oid, reason="customer_request"))
    assert out["refunded"] == round(order["total"] - order["subtotal"], 2)
    assert oid not in env.data["drivers"][driver]["active_orders"]
    assert env.data["restaurants"][restaurant]["cancelled_orders"] == before + 1
    assert call(env, "cancel_order", order_id=oid, reason="customer_request").startswith("Error")
    assert call(env, "cancel_order", order_id=oid, reason="bored").startswith("Error: invalid arguments")


def test_refunds_credits_and_replacements(env):
    oid = first(env, lambda o: o["status"] == "delivered" and o["total"] > 20)
    order = env.initial_state(0)["orders"][oid]
    cid = order["customer_id"]
    wallet = env.initial_state(0)["customers"][cid]["wallet_balance"]
    call(env, "issue_refund", order_id=oid, amount=5, method="wallet_credit", reason="x")
    assert env.data["customers"][cid]["wallet_balance"] == round(wallet + 5, 2)
    assert call(env, "issue_refund", order_id=oid, amount=10_000, method="original_payment", reason="x").startswith("Error")
    assert call(env, "issue_refund", order_id=oid, amount=-1, method="original_payment", reason="x").startswith("Error")
    json.loads(call(env, "issue_apology_credit", customer_id=cid, amount=3, reason="sorry", order_id=oid))
    assert [e["type"] for e in env.data["orders"][oid]["ledger"]] == ["credit", "apology"]
    assert call(env, "issue_apology_credit", customer_id=cid, amount=500, reason="x").startswith("Error")


def test_replacement_order(env):
    oid = first(env, lambda o: o["status"] == "delivered" and env.initial_state(0)["restaurants"][o["restaurant_id"]]["status"] == "open"
                and env.initial_state(0)["restaurants"][o["restaurant_id"]]["menu"][o["items"][0]["item_id"]]["in_stock"])
    item = env.initial_state(0)["orders"][oid]["items"][0]["item_id"]
    out = json.loads(call(env, "create_replacement_order", order_id=oid, item_ids=[item], reason="wrong"))
    assert env.data["orders"][out["order_id"]]["replacement_for"] == oid
    assert call(env, "create_replacement_order", order_id=oid, item_ids=["MI-0"], reason="wrong").startswith("Error")


def test_dispatch_records_candidates_and_uses_the_episode_seed():
    data = DOMAIN.load_data()
    oid = next(k for k, o in sorted(data["orders"].items()) if o["status"] == "out_for_delivery" and data["drivers"][o["driver_id"]]["status"] == "offline")
    e = DOMAIN.make_env(tasks=[TASK], task_index=0)
    picks = {}
    for seed in range(8):
        e.reset(task_index=0, seed=seed)
        out = json.loads(call(e, "dispatch_replacement_courier", order_id=oid))
        assert out["courier_id"] in e.data["orders"][oid]["courier_candidates"]
        candidates = list(e.data["orders"][oid]["courier_candidates"])
        call(e, "dispatch_replacement_courier", order_id=oid)  # again: the same candidate set
        assert e.data["orders"][oid]["courier_candidates"] == candidates
        picks[seed] = out["courier_id"]
    e.reset(task_index=0, seed=3)
    assert json.loads(call(e, "dispatch_replacement_courier", order_id=oid))["courier_id"] == picks[3]
    assert len(set(picks.values())) > 1
    active = next(k for k, o in sorted(data["orders"].items()) if o["status"] == "out_for_delivery" and data["drivers"][o["driver_id"]]["status"] != "offline")
    assert call(e, "dispatch_replacement_courier", order_id=active).startswith("Error")


def test_route_planning(env):
    from tau_shaped_domains.food_delivery.tools.couriers import drivers_with_routes

    did = drivers_with_routes(env.initial_state(0))[0]
    out = json.loads(call(env, "plan_delivery_route", driver_id=did))
    assert out["route"] in env.data["drivers"][did]["route_candidates"]
    assert call(env, "plan_delivery_route", driver_id=did, stop_order=["FD-1"]).startswith("Error")


def test_substitution_with_allergen_records_event_and_acts(env):
    data = env.initial_state(0)
    for oid, o in sorted(data["orders"].items()):
        allergens = set(data["customers"][o["customer_id"]]["allergens"])
        if o["status"] != "placed" or not allergens:
            continue
        menu = data["restaurants"][o["restaurant_id"]]["menu"]
        item = o["items"][0]["item_id"]
        bad = [m for m, v in sorted(menu.items()) if v["category"] == menu[item]["category"] and v["in_stock"] and m != item and set(v["allergens"]) & allergens]
        if bad:
            break
    call(env, "propose_substitution", order_id=oid, item_id=item, substitute_item_id=bad[0])
    call(env, "confirm_substitution", order_id=oid, item_id=item)
    events = [e for s in env._runner.trajectory.steps for e in s.events]
    assert [e.fields["stage"] for e in events if e.type == "allergen_conflict"] == ["proposed", "confirmed"]
    assert env.data["orders"][oid]["items"][0]["item_id"] == bad[0]
    assert call(env, "confirm_substitution", order_id=oid, item_id=item).startswith("Error")


def test_money_on_fraud_account_is_recorded(env):
    data = env.initial_state(0)
    oid = next(k for k, o in sorted(data["orders"].items()) if o["status"] == "delivered" and data["customers"][o["customer_id"]]["fraud_flag"])
    call(env, "issue_refund", order_id=oid, amount=1, method="original_payment", reason="x")
    events = [e for s in env._runner.trajectory.steps for e in s.events]
    assert [e.type for e in events] == ["money_moved_on_fraud_account"]
    cid = data["orders"][oid]["customer_id"]
    assert json.loads(call(env, "escalate_to_fraud_team", customer_id=cid, reason="refund"))["customer_id"] == cid
    assert env.data["customers"][cid]["fraud_escalated"] is True
    r = env.step(Action(name="transfer_to_human_agents", kwargs={"summary": "fraud"}))
    assert r.done


def test_change_address(env):
    data = env.initial_state(0)
    oid = next(k for k, o in sorted(data["orders"].items()) if o["status"] == "placed" and len(data["customers"][o["customer_id"]]["addresses"]) > 1)
    second = data["customers"][data["orders"][oid]["customer_id"]]["addresses"][1]["address_id"]
    assert json.loads(call(env, "change_delivery_address", order_id=oid, address_id=second))["delivery_address"]["address_id"] == second
    assert call(env, "change_delivery_address", order_id=oid, address_id="AD-nope").startswith("Error")
