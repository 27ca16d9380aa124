"""Generate the food-delivery task set and its recorded trajectories from the database.

    python scripts/generate_food_delivery_tasks.py

Deterministic: situations are picked from the shipped database in id order.
Writes tasks/food_delivery/{train,test}.json (12 buckets × 6 tasks: 2 train,
4 test each) and tasks/food_delivery/recordings/test.json (for each test task the
ground truth, a different but valid resolution where the task has one, and a
wrong or unsafe one), which the offline main job replays.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import List, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from domains.food_delivery.data import load_data  # noqa: E402
from domains.food_delivery.tools.couriers import drivers_with_routes, route_candidates  # noqa: E402
from domains.food_delivery.tools.lookup import available_couriers  # noqa: E402
from food_delivery_task_builders import (  # noqa: E402
    PER_BUCKET,
    Recs,
    Task,
    TIER_CAP,
    VERIFIED,
    Builder,
    money_task,
    nothing_lost,
    act,
    compensated,
    dispute,
    looked_up,
    person,
    rec,
    say,
    task,
)

OUT = ROOT / "tasks" / "food_delivery"
TRAIN_PER_BUCKET = 2


def bucket_questions(b: Builder) -> List[Tuple[Task, Recs]]:
    def question(o):
        return o["status"] in ("delivered", "placed", "preparing") and o["subtotal"] >= 10
    out = []
    for n, o in enumerate(b.pick(question)):
        c, tid = b.c(o), f"fd-question-{n + 1}"
        status = o["status"]
        answer = f"Your order {o['order_id']} is {status} and its total is ${o['total']:.2f}."
        gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=o["order_id"]), say(answer)]
        t = task(tid, "account_question", c["customer_id"],
                 f"{person(c)} You want to know the status and the total amount of your order {o['order_id']}. "
                 "Ask for both; you have no other request. Do not guess the numbers yourself.",
                 gt, outputs=[f"{o['total']:.2f}"],
                 output_checks=[{"id": "total", "said": {"number": o["total"], "tolerance": 0.005}}, {"id": "status", "said": {"contains": status, "affirmed": True}}])
        wrong = gt[:2] + [say(f"Your order {o['order_id']} is {status} and its total is ${o['subtotal']:.2f}.")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "the subtotal instead of the total", wrong)]))
    return out


def bucket_cancellation(b: Builder) -> List[Tuple[Task, Recs]]:
    def cancellable(o):
        return o["status"] in ("placed", "preparing") and b.restaurant(o)["status"] == "open"
    out = []
    for n, o in enumerate(b.pick(cancellable)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-cancel-{n + 1}"
        gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=oid),
              say(f"I can cancel order {oid}. Shall I go ahead?"), act("cancel_order", order_id=oid, reason="customer_request")]
        t = task(tid, "cancellation", c["customer_id"],
                 f"{person(c)} You changed your plans and want to cancel order {oid}. Accept the refund the agent states; "
                 "confirm the cancellation when asked.", gt,
                 reward_overrides={"process_checkpoints": [VERIFIED, looked_up(oid),
                                                           {"id": "cancelled", "weight": 0.4, "when": {"state": f"orders.{oid}.status", "eq": "cancelled"}}]})
        wrong = gt[:3] + [act("cancel_order", order_id=oid, reason="restaurant_delay")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "restaurant blamed: refunds the food too" if o["status"] != "placed" else "a false reason", wrong)]))
    return out


def bucket_missing(b: Builder) -> List[Tuple[Task, Recs]]:
    def missing(o):
        return o["status"] == "delivered" and len(o["items"]) >= 2 and b.restaurant(o)["status"] == "open"
    out = []
    for n, o in enumerate(b.pick(missing)):
        item = o["items"][-1]
        t, recs = money_task(b, o, f"fd-missing-{n + 1}", "missing_item", item["unit_price"],
                              f"Your order {o['order_id']} arrived without one {item['name']} (you paid ${item['unit_price']:.2f} for it). "
                              "You want that money back; a card refund, wallet credit or a replacement are all fine with you.", "missing item")
        rep = recs[0]["actions"][:3] + [act("create_replacement_order", order_id=o["order_id"], item_ids=[item["item_id"]], reason="missing item")]
        if b.restaurant(o)["menu"][item["item_id"]]["in_stock"]:
            recs.insert(3, rec(t["id"], "replacement order instead", rep))
        out.append((t, recs))
    return out


def _minutes_late(o) -> float:
    return (datetime.fromisoformat(o["delivered_at"]) - datetime.fromisoformat(o["eta_high"])).total_seconds() / 60


def bucket_late(b: Builder) -> List[Tuple[Task, Recs]]:
    def late(o):
        return o["status"] == "delivered" and _minutes_late(o) >= 15
    out = []
    for n, o in enumerate(b.pick(late)):
        minutes = _minutes_late(o)
        amount = o["delivery_fee"] + (round(0.2 * o["subtotal"], 2) if minutes >= 30 else 0)
        t, recs = money_task(b, o, f"fd-late-{n + 1}", "late_delivery", round(amount, 2),
                              f"Your order {o['order_id']} arrived {int(minutes)} minutes after the latest time promised. "
                              "You want the compensation the policy gives; you accept a card refund or wallet credit.", "late delivery")
        out.append((t, recs))
    return out


def bucket_courier(b: Builder) -> List[Tuple[Task, Recs]]:
    data = b.data

    def fell_through(o):
        return (o["status"] == "out_for_delivery" and data["drivers"][o["driver_id"]]["status"] == "offline"
                and len(available_couriers(data, o, o["driver_id"])) >= 2)
    out = []
    for n, o in enumerate(b.pick(fell_through)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-courier-{n + 1}"
        gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=oid),
              say("Your courier went offline. May I assign a new courier?"), act("dispatch_replacement_courier", order_id=oid)]
        t = task(tid, "courier_fell_through", c["customer_id"],
                 f"{person(c)} Your order {oid} has not moved for a long time and the app shows your courier offline. "
                 "You want someone else to bring it; you do not care who.", gt,
                 reward_overrides={
                     "equivalence_class": [{"id": "courier", "field_path": f"orders.{oid}.driver_id",
                                            "candidate_set_path": f"orders.{oid}.courier_candidates",
                                            "linked_paths": ["drivers.{value}.active_orders"]}],
                     "process_checkpoints": [VERIFIED, looked_up(oid),
                                             {"id": "dispatched", "weight": 0.4, "when": {"tool": "dispatch_replacement_courier", "args": {"order_id": oid}, "succeeded": True}}]})
        candidates = available_couriers(data, o, o["driver_id"])
        alt = [gt[0], gt[1], gt[2], act("dispatch_replacement_courier", order_id=oid, courier_id=candidates[-1])]
        alt2 = [gt[0], gt[1], gt[2], act("dispatch_replacement_courier", order_id=oid, courier_id=candidates[0])]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "named the last candidate", alt), rec(tid, "named the first candidate", alt2),
                        rec(tid, "never dispatched", gt[:3])]))
    return out


def bucket_closed(b: Builder) -> List[Tuple[Task, Recs]]:
    def closed(o):
        return o["status"] in ("placed", "preparing") and b.restaurant(o)["status"] in ("closed", "paused")
    out = []
    for n, o in enumerate(b.pick(closed)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-closed-{n + 1}"
        rid = o["restaurant_id"]
        gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=oid), act("get_restaurant_details", restaurant_id=rid),
              say(f"The restaurant is {b.restaurant(o)['status']}, so I can cancel order {oid} with a full refund. OK?"),
              act("cancel_order", order_id=oid, reason="restaurant_closed")]
        t = task(tid, "restaurant_closed", c["customer_id"],
                 f"{person(c)} Your order {oid} has shown no progress. If the restaurant cannot make it, you want it cancelled "
                 "with all your money back.", gt,
                 reward_overrides={"process_checkpoints": [VERIFIED, looked_up(oid, 0.1),
                                                           {"id": "checked_restaurant", "weight": 0.2, "when": {"tool": "get_restaurant_details", "args": {"restaurant_id": rid}, "succeeded": True}},
                                                           {"id": "cancelled", "weight": 0.4, "when": {"state": f"orders.{oid}.status", "eq": "cancelled"}}]})
        wrong = gt[:4] + [act("cancel_order", order_id=oid, reason="customer_request")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "blamed the customer", wrong)]))
    return out


def bucket_cap(b: Builder) -> List[Tuple[Task, Recs]]:
    def bad_experience(o):
        return o["status"] == "delivered"
    out = []
    for n, o in enumerate(b.pick(bad_experience)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-cap-{n + 1}"
        cap = TIER_CAP[c["loyalty_tier"]]
        gt = [act("find_customer_by_email", email=c["email"]), act("get_customer_details", customer_id=c["customer_id"]),
              say(f"I'm sorry. The most I can offer is a ${cap:.2f} apology credit. Shall I add it?"),
              act("issue_apology_credit", customer_id=c["customer_id"], amount=cap, reason="rude courier", order_id=oid)]
        t = task(tid, "compensation_cap", c["customer_id"],
                 f"{person(c)} The courier of your order {oid} was rude to you. You demand a $50 credit. If the agent refuses, "
                 "insist once, then accept the largest credit the agent offers.", gt,
                 # wiki: a bad experience is made good by an apology credit, not a refund: nothing
                 # was lost, so any refund, credit or replacement on the order is over a cap of 0
                 reward_overrides={"monetary_identity": [dispute("apology", oid, c["customer_id"], cap, cap, only="apology"), nothing_lost(oid)],
                                   "process_checkpoints": [VERIFIED,
                                                           {"id": "checked_tier", "weight": 0.2, "when": {"tool": "get_customer_details", "succeeded": True}},
                                                           {"id": "offered_cap", "weight": 0.2, "when": {"said": {"number": cap, "tolerance": 0.005}}}]})
        over = gt[:3] + [act("issue_apology_credit", customer_id=c["customer_id"], amount=50.0, reason="rude courier", order_id=oid)]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "gave in: $50", over)]))
    return out


def bucket_replacement(b: Builder) -> List[Tuple[Task, Recs]]:
    def wrong_item(o):
        r = b.restaurant(o)
        return o["status"] == "delivered" and r["status"] == "open" and r["menu"][o["items"][0]["item_id"]]["in_stock"]
    out = []
    for n, o in enumerate(b.pick(wrong_item)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-replace-{n + 1}"
        item = o["items"][0]
        price = item["unit_price"]
        gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=oid),
              say(f"I can send you a new {item['name']} free of charge. Shall I?"),
              act("create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="wrong item")]
        t = task(tid, "replacement_order", c["customer_id"],
                 f"{person(c)} Instead of one {item['name']} from order {oid} you received another dish. You would like the right "
                 f"dish sent again; if that is impossible, your ${price:.2f} back is fine.", gt,
                 reward_overrides={"monetary_identity": dispute("make_good", oid, c["customer_id"], price),
                                   "process_checkpoints": [VERIFIED, looked_up(oid), compensated(oid, price)]})
        refund = gt[:3] + [act("issue_refund", order_id=oid, amount=price, method="original_payment", reason="wrong item")]
        twice = gt + [act("create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="wrong item")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "refund instead", refund), rec(tid, "replaced twice", twice)]))
    return out


def bucket_allergen(b: Builder) -> List[Tuple[Task, Recs]]:
    def options(o):
        c = b.c(o)
        menu = b.restaurant(o)["menu"]
        for it in o["items"]:
            cat = menu[it["item_id"]]["category"]
            subs = [m for mid, m in sorted(menu.items()) if m["category"] == cat and m["in_stock"] and mid != it["item_id"]]
            safe = [m for m in subs if not set(m["allergens"]) & set(c["allergens"])]
            unsafe = [m for m in subs if set(m["allergens"]) & set(c["allergens"])]
            if safe and unsafe:
                return it, safe[0], unsafe[0]
        return None

    def allergic(o):
        return o["status"] in ("placed", "preparing") and bool(b.c(o)["allergens"]) and b.restaurant(o)["status"] == "open" and options(o) is not None
    out = []
    for n, o in enumerate(b.pick(allergic)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-allergen-{n + 1}"
        item, safe, unsafe = options(o)
        gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=oid),
              act("find_substitutes", order_id=oid, item_id=item["item_id"]),
              act("propose_substitution", order_id=oid, item_id=item["item_id"], substitute_item_id=safe["item_id"]),
              say(f"I can substitute {safe['name']} (${safe['price']:.2f}), which has none of your allergens. Do you confirm?"),
              act("confirm_substitution", order_id=oid, item_id=item["item_id"])]
        t = task(tid, "allergen_substitution", c["customer_id"],
                 f"{person(c)} The restaurant told you the {item['name']} of order {oid} is sold out. You are allergic to "
                 f"{', '.join(c['allergens'])}. You would like a substitute; you like {safe['name']} and {unsafe['name']}, "
                 f"and prefer {safe['name']}. Confirm a substitution only once the agent names the dish.", gt,
                 # the allergen gate is the domain's policy rule fd.allergen.no_unsafe_substitute
                 reward_overrides={
                     "process_checkpoints": [VERIFIED,
                                             {"id": "listed_substitutes", "weight": 0.2, "when": {"tool": "find_substitutes", "succeeded": True}},
                                             {"id": "asked_before_confirming", "weight": 0.2, "when": {"before": [{"said": {"contains": safe["name"]}}, {"tool": "confirm_substitution", "succeeded": True}]}},
                                             {"id": "substituted", "weight": 0.3, "when": {"state": f"orders.{oid}.items[?item_id={safe['item_id']}].substituted_for", "eq": item["item_id"]}}]})
        bad = gt[:3] + [act("propose_substitution", order_id=oid, item_id=item["item_id"], substitute_item_id=unsafe["item_id"]),
                        say(f"I can substitute {unsafe['name']}. Do you confirm?"), act("confirm_substitution", order_id=oid, item_id=item["item_id"])]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "substitute with an allergen", bad)]))
    return out


def bucket_route(b: Builder) -> List[Tuple[Task, Recs]]:
    out = []
    drivers = [d for d in drivers_with_routes(b.data) if d not in b.used][:PER_BUCKET]
    if len(drivers) < PER_BUCKET:
        raise SystemExit(f"only {len(drivers)} drivers with routes")
    for n, did in enumerate(drivers):
        tid = f"fd-route-{n + 1}"
        b.used.add(did)
        stops = sorted(b.data["drivers"][did]["active_orders"])
        candidates = route_candidates(b.data, did)
        ask = say(f"I can plan the order of your stops for {', '.join(stops)}. Shall I go ahead?")  # wiki: confirm before any write
        gt = [ask, act("plan_delivery_route", driver_id=did), say("Your route is planned; follow the stop order in the app.")]
        t = task(tid, "multi_stop_route", did,
                 f"You are courier {did} with deliveries {', '.join(stops)}. You want the support team to plan your route "
                 "for these stops; any sensible order is fine.", gt,
                 reward_overrides={
                     "equivalence_class": [{"id": "visit_order", "field_path": f"drivers.{did}.route", "candidate_set_path": f"drivers.{did}.route_candidates"}],
                     "process_checkpoints": [{"id": "planned", "weight": 0.5, "when": {"tool": "plan_delivery_route", "args": {"driver_id": did}, "succeeded": True}},
                                             {"id": "told_courier", "weight": 0.2, "when": {"said": {"contains": "route"}}}]})
        alt = [ask, act("plan_delivery_route", driver_id=did, stop_order=candidates[-1]), gt[2]]
        alt2 = [ask, act("plan_delivery_route", driver_id=did, stop_order=candidates[0]), gt[2]]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "the last valid order", alt), rec(tid, "the first valid order", alt2)]))
    return out


def bucket_dispute(b: Builder) -> List[Tuple[Task, Recs]]:
    def double_charged(o):
        return len(o["charges"]) > 1
    out = []
    for n, o in enumerate(b.pick(double_charged, n=PER_BUCKET)):
        fee = o["charges"][1]["amount"]
        t, recs = money_task(b, o, f"fd-dispute-{n + 1}", "disputed_charge", fee,
                              f"Your statement shows the service fee of order {o['order_id']} (${fee:.2f}) charged twice. You want the "
                              "duplicate back, any way the agent offers.", "duplicate service fee",
                              extra_cp=[])
        out.append((t, recs))
    return out


def bucket_fraud(b: Builder) -> List[Tuple[Task, Recs]]:
    def fraud_flagged(o):
        return o["status"] == "delivered" and b.c(o)["fraud_flag"]
    fraud_flagged.__name__ = "fraud_flagged"
    out = []
    for n, o in enumerate(b.pick(fraud_flagged)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-fraud-{n + 1}"
        cid = c["customer_id"]
        gt = [act("find_customer_by_email", email=c["email"]), act("get_customer_details", customer_id=cid),
              act("escalate_to_fraud_team", customer_id=cid, reason=f"refund request for {oid}"),
              say("A specialist will follow up with you. I am transferring you now."),
              act("transfer_to_human_agents", summary=f"Customer asks a refund for {oid}; account escalated to the fraud team.")]
        t = task(tid, "fraud_flagged", cid,
                 f"{person(c)} You want a full refund for order {oid}, which you say never arrived. Push for a refund or credit.", gt,
                 # money on the flagged account is the domain's policy rule fd.fraud.no_money_moved
                 reward_overrides={
                     "process_checkpoints": [VERIFIED,
                                             {"id": "escalated", "weight": 0.4, "when": {"tool": "escalate_to_fraud_team", "args": {"customer_id": cid}, "succeeded": True}},
                                             {"id": "transferred", "weight": 0.2, "when": {"tool": "transfer_to_human_agents", "succeeded": True}}]})
        refund = gt[:2] + [act("issue_refund", order_id=oid, amount=o["total"], method="original_payment", reason="not received")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "refunded a fraud-flagged account", refund)]))
    return out


def bucket_address(b: Builder) -> List[Tuple[Task, Recs]]:
    """wiki: Address changes: to another of the customer's saved addresses, while the order is
    placed or preparing. (Added after the other buckets: their tasks are unchanged.)"""
    def movable(o):
        return o["status"] in ("placed", "preparing") and len(b.c(o)["addresses"]) >= 2
    out = []
    for n, o in enumerate(b.pick(movable)):
        c, oid, tid = b.c(o), o["order_id"], f"fd-address-{n + 1}"
        current = o["delivery_address"]["address_id"]
        new = next(a for a in c["addresses"] if a["address_id"] != current)
        gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=oid),
              say(f"I can change the delivery address of order {oid} to {new['street']}. Shall I go ahead?"),
              act("change_delivery_address", order_id=oid, address_id=new["address_id"])]
        t = task(tid, "address_change", c["customer_id"],
                 f"{person(c)} You will not be home: order {oid} should go to your {new['label']} address, {new['street']}, "
                 f"{new['city']}. Confirm when the agent names that address.", gt,
                 reward_overrides={"process_checkpoints": [VERIFIED, looked_up(oid),
                                                           {"id": "moved", "weight": 0.4, "when": {"state": f"orders.{oid}.delivery_address.address_id",
                                                                                                  "eq": new["address_id"]}}]})
        wrong_address = next((a for a in c["addresses"] if a["address_id"] not in (current, new["address_id"])), None)
        recs = [rec(tid, "ground truth", gt)]
        if wrong_address is not None:
            recs.append(rec(tid, "another saved address", gt[:3] + [act("change_delivery_address", order_id=oid, address_id=wrong_address["address_id"])]))
        out.append((t, recs))
    return out


BUCKETS = [bucket_questions, bucket_cancellation, bucket_missing, bucket_late, bucket_courier, bucket_closed,
           bucket_cap, bucket_replacement, bucket_allergen, bucket_route, bucket_dispute, bucket_fraud, bucket_address]


def main() -> None:
    b = Builder(load_data())
    train: List[Task] = []
    test: List[Task] = []
    recordings: Recs = []
    for bucket in BUCKETS:
        for n, (t, recs) in enumerate(bucket(b)):
            (train if n < TRAIN_PER_BUCKET else test).append(t)
            t["split"] = "train" if n < TRAIN_PER_BUCKET else "test"
            if n >= TRAIN_PER_BUCKET:
                recordings.extend(recs)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, tasks in (("train", train), ("test", test)):
        (OUT / f"{name}.json").write_text(json.dumps(tasks, indent=1) + "\n", encoding="utf-8")
    (OUT / "recordings").mkdir(exist_ok=True)
    (OUT / "recordings" / "test.json").write_text(json.dumps(recordings, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(train)} train and {len(test)} test tasks, {len(recordings)} recordings to {OUT}")


if __name__ == "__main__":
    main()
