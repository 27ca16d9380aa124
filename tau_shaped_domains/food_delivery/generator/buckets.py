"""The food-delivery task buckets whose right answer acts: each picks situations from a world
and builds, per situation, the task (instruction, ground truth that follows the policy to
the letter, checks) and recordings of right and wrong resolutions.

A bucket is ``bucket(b, n, strict)``: ``n`` situations from ``b``'s world (``strict``: all
``n`` or stop). Ground truths ask before every write, naming the action, the order and the
amount, and the user's instruction says to agree when the agent names them.
"""

from __future__ import annotations

from typing import List, Tuple

from .builders import (
    PER_BUCKET,
    TIER_CAP,
    VERIFIED,
    Builder,
    Recs,
    Task,
    act,
    compensated,
    dispute,
    has_unstated_claims,
    looked_up,
    minutes_late,
    money_task,
    nothing_lost,
    pick_template,
    rec,
    rng_for,
    say,
    task,
)

from ..tools.couriers import drivers_with_routes, route_candidates
from ..tools.lookup import available_couriers

Built = List[Tuple[Task, Recs]]


def bucket_questions(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def question(o):
        return o["status"] in ("delivered", "placed", "preparing") and o["subtotal"] >= 10 and not has_unstated_claims(o)
    out = []
    for k, o in enumerate(b.pick(question, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("question", k + 1)
        intro, rng, ref, pre = b.opening(o, tid)
        status = o["status"]
        gt = pre + [say(f"Your order {oid} is {status} and its total is ${o['total']:.2f}.")]
        request = pick_template(rng, [
            "You want to know the status and the total amount of {order}. Ask for both; you have no other request. Do not guess the numbers yourself.",
            "You are checking your spending: ask what {order} cost in total and where it stands now. You want nothing changed.",
            "Before you plan your evening you would like to know the current status of {order} and how much you paid for it in total. Nothing else.",
        ], order=ref)
        t = task(tid, "account_question", c["customer_id"], f"{intro} {request}", gt, outputs=[f"{o['total']:.2f}"],
                 output_checks=[{"id": "total", "said": {"number": o["total"], "tolerance": 0.005, "affirmed": True}}, {"id": "status", "said": {"contains": status, "affirmed": True}}])
        wrong = pre + [say(f"Your order {oid} is {status} and its total is ${o['subtotal']:.2f}.")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "the subtotal instead of the total", wrong)]))
    return out


def cancel_refund(o) -> float:
    """wiki Cancellations: placed, everything back; started and the customer's choice, the
    total minus the food subtotal."""
    return round(o["total"] if o["status"] == "placed" else o["total"] - o["subtotal"], 2)


def bucket_cancellation(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def cancellable(o):
        return o["status"] in ("placed", "preparing") and b.restaurant(o)["status"] == "open" and not has_unstated_claims(o)
    out = []
    for k, o in enumerate(b.pick(cancellable, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("cancel", k + 1)
        intro, rng, ref, pre = b.opening(o, tid)
        refund = cancel_refund(o)
        ask = say(f"I can cancel order {oid}; ${refund:.2f} will be refunded to your card. Shall I go ahead?")
        gt = pre + [ask, act("cancel_order", order_id=oid, reason="customer_request")]
        request = pick_template(rng, [
            "You changed your plans and want to cancel {order}. Accept the refund the agent states; confirm the cancellation when asked.",
            "You ordered by mistake and want {order} cancelled. Ask how much you get back, then agree.",
            "Your guests cancelled, so you no longer need {order}: cancel it. Whatever refund the policy gives is fine; say yes when the agent names it.",
        ], order=ref)
        t = task(tid, "cancellation", c["customer_id"], f"{intro} {request}", gt,
                 reward_overrides={"process_checkpoints": [VERIFIED, looked_up(oid),
                                                           {"id": "cancelled", "weight": 0.4, "when": {"state": f"orders.{oid}.status", "eq": "cancelled"}}]})
        wrong = pre + [ask, act("cancel_order", order_id=oid, reason="restaurant_delay")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "restaurant blamed: refunds the food too" if o["status"] != "placed" else "a false reason", wrong)]))
    return out


def bucket_missing(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def missing(o):
        return o["status"] == "delivered" and len(o["items"]) >= 2 and b.restaurant(o)["status"] == "open" and not has_unstated_claims(o)
    out = []
    for k, o in enumerate(b.pick(missing, n, strict)):
        item = o["items"][-1]
        tid = b.tid("missing", k + 1)
        request = pick_template(rng_for(tid + ":request"), [
            "{order} arrived without one " + item["name"] + f" (you paid ${item['unit_price']:.2f} for it). You want that money back; a card refund, wallet credit or a replacement are all fine with you.",
            "When you unpacked {order}, one " + item["name"] + " was not in the bag. You would like to be made whole; you do not mind how.",
            "One " + item["name"] + " is missing from {order}. You expect the price of that dish back, or the dish itself; either is fine.",
        ], order="{order}")
        t, recs = money_task(b, o, tid, "missing_item", item["unit_price"], request, "missing item")
        pre_len = len(t["actions"]) - 2
        rep = recs[0]["actions"][:pre_len] + [say(f"I can send you a new {item['name']} (${item['unit_price']:.2f}) free of charge as a replacement order. Shall I?"),
                                             act("create_replacement_order", order_id=o["order_id"], item_ids=[item["item_id"]], reason="missing item")]
        if b.restaurant(o)["menu"][item["item_id"]]["in_stock"]:
            recs.insert(3, rec(tid, "replacement order instead", rep))
        out.append((t, recs))
    return out


def bucket_late(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def late(o):
        return o["status"] == "delivered" and minutes_late(o) >= 15 and len(o["charges"]) == 1
    out = []
    for k, o in enumerate(b.pick(late, n, strict)):
        minutes = minutes_late(o)
        amount = o["delivery_fee"] + (round(0.2 * o["subtotal"], 2) if minutes >= 30 else 0)
        tid = b.tid("late", k + 1)
        request = pick_template(rng_for(tid + ":request"), [
            "{order} arrived " + f"{int(minutes)} minutes after the latest time promised. You want the compensation the policy gives; you accept a card refund or wallet credit.",
            "{order} came " + f"{int(minutes)} minutes late and the food was cold. Ask what you are owed for the delay and take it in whatever form the agent offers.",
            "You waited for {order} " + f"{int(minutes)} minutes past the promised window. You want compensation for the delay, as the rules say.",
        ], order="{order}")
        t, recs = money_task(b, o, tid, "late_delivery", round(amount, 2), request, "late delivery")
        out.append((t, recs))
    return out


def bucket_courier(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    data = b.data

    def fell_through(o):
        return (o["status"] == "out_for_delivery" and data["drivers"][o["driver_id"]]["status"] == "offline"
                and len(available_couriers(data, o, o["driver_id"])) >= 2 and not has_unstated_claims(o))
    out = []
    for k, o in enumerate(b.pick(fell_through, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("courier", k + 1)
        intro, rng, ref, pre = b.opening(o, tid)
        ask = say(f"Your courier went offline. May I dispatch a new courier for order {oid}?")
        gt = pre + [ask, act("dispatch_replacement_courier", order_id=oid)]
        request = pick_template(rng, [
            "{order} has not moved for a long time and the app shows your courier offline. You want someone else to bring it; you do not care who.",
            "The tracking map for {order} has been frozen for half an hour and your courier shows as offline. Ask for a new courier; any courier is fine.",
            "You are hungry and {order} is stuck: the courier seems to have disappeared. Get it delivered by anyone available.",
        ], order=ref)
        t = task(tid, "courier_fell_through", c["customer_id"], f"{intro} {request}", gt,
                 reward_overrides={
                     "equivalence_class": [{"id": "courier", "field_path": f"orders.{oid}.driver_id",
                                            "candidate_set_path": f"orders.{oid}.courier_candidates",
                                            "linked_paths": ["drivers.{value}.active_orders"]}],
                     "process_checkpoints": [VERIFIED, looked_up(oid),
                                             {"id": "dispatched", "weight": 0.4, "when": {"tool": "dispatch_replacement_courier", "args": {"order_id": oid}, "succeeded": True}}]})
        candidates = available_couriers(data, o, o["driver_id"])
        alt = pre + [ask, act("dispatch_replacement_courier", order_id=oid, courier_id=candidates[-1])]
        alt2 = pre + [ask, act("dispatch_replacement_courier", order_id=oid, courier_id=candidates[0])]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "named the last candidate", alt), rec(tid, "named the first candidate", alt2),
                        rec(tid, "never dispatched", pre + [ask])]))
    return out


def bucket_closed(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def closed(o):
        return o["status"] in ("placed", "preparing") and b.restaurant(o)["status"] in ("closed", "paused") and not has_unstated_claims(o)
    out = []
    for k, o in enumerate(b.pick(closed, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("closed", k + 1)
        intro, rng, ref, pre = b.opening(o, tid)
        rid = o["restaurant_id"]
        ask = say(f"The restaurant is {b.restaurant(o)['status']}, so I can cancel order {oid} with a full refund of ${o['total']:.2f} to your card. OK?")
        gt = pre + [act("get_restaurant_details", restaurant_id=rid), ask, act("cancel_order", order_id=oid, reason="restaurant_closed")]
        request = pick_template(rng, [
            "{order} has shown no progress. If the restaurant cannot make it, you want it cancelled with all your money back.",
            "Nothing has happened with {order} for a while and you suspect the restaurant is not working. If so, cancel it and refund everything.",
            "You want to know why {order} is stuck; if the restaurant is not taking orders, you want a full refund and the order cancelled.",
        ], order=ref)
        t = task(tid, "restaurant_closed", c["customer_id"], f"{intro} {request}", gt,
                 reward_overrides={"process_checkpoints": [VERIFIED, looked_up(oid, 0.1),
                                                           {"id": "checked_restaurant", "weight": 0.2, "when": {"tool": "get_restaurant_details", "args": {"restaurant_id": rid}, "succeeded": True}},
                                                           {"id": "cancelled", "weight": 0.4, "when": {"state": f"orders.{oid}.status", "eq": "cancelled"}}]})
        wrong = gt[:-1] + [act("cancel_order", order_id=oid, reason="customer_request")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "blamed the customer", wrong)]))
    return out


def bucket_cap(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def bad_experience(o):
        return o["status"] == "delivered" and not has_unstated_claims(o)
    out = []
    for k, o in enumerate(b.pick(bad_experience, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("cap", k + 1)
        intro, rng, ref, pre = b.opening(o, tid, details=False)
        cid = c["customer_id"]
        cap = TIER_CAP[c["loyalty_tier"]]
        if pre[-1]["name"] != "get_customer_details":
            pre.append(act("get_customer_details", customer_id=cid))
        gt = pre + [say(f"I'm sorry. The most I can offer is a ${cap:.2f} apology credit to your wallet for order {oid}. Shall I add it?"),
                    act("issue_apology_credit", customer_id=cid, amount=cap, reason="rude courier", order_id=oid)]
        request = pick_template(rng, [
            "The courier of {order} was rude to you. You demand a $50 credit. If the agent refuses, insist once, then accept the largest credit the agent offers.",
            "The courier who brought {order} insulted you at the door. You want $50 for it; when the agent says no, push back once, then take the best offer.",
            "You are unhappy with how the courier of {order} treated you and ask for a $50 credit. Accept the highest amount the agent can give after one try to get more.",
        ], order=ref)
        t = task(tid, "compensation_cap", cid, f"{intro} {request}", gt,
                 # wiki: a bad experience is made good by an apology credit, not a refund: nothing
                 # was lost, so any refund, credit or replacement on the order is over a cap of 0
                 reward_overrides={"monetary_identity": [dispute("apology", oid, cid, cap, cap, only="apology"), nothing_lost(oid)],
                                   "process_checkpoints": [VERIFIED,
                                                           {"id": "checked_tier", "weight": 0.2, "when": {"tool": "get_customer_details", "succeeded": True}},
                                                           {"id": "offered_cap", "weight": 0.2, "when": {"said": {"number": cap, "tolerance": 0.005}}}]})
        over = gt[:-1] + [act("issue_apology_credit", customer_id=cid, amount=50.0, reason="rude courier", order_id=oid)]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "gave in: $50", over)]))
    return out


def bucket_replacement(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def wrong_item(o):
        r = b.restaurant(o)
        return (o["status"] == "delivered" and r["status"] == "open" and r["menu"][o["items"][0]["item_id"]]["in_stock"]
                and not has_unstated_claims(o))
    out = []
    for k, o in enumerate(b.pick(wrong_item, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("replace", k + 1)
        intro, rng, ref, pre = b.opening(o, tid)
        item = o["items"][0]
        price = item["unit_price"]
        ask = say(f"I can send you a new {item['name']} (${price:.2f}) free of charge as a replacement order for {oid}. Shall I?")
        gt = pre + [ask, act("create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="wrong item")]
        request = pick_template(rng, [
            "Instead of one " + item["name"] + " from {order} you received another dish. You would like the right dish sent again; if that is impossible, " + f"your ${price:.2f} back is fine.",
            "The " + item["name"] + " in {order} was someone else's dish. You want the right one delivered; " + f"a refund of ${price:.2f} is your second choice.",
            "You got the wrong dish instead of your " + item["name"] + " ({order}). Ask for the correct dish to be sent; take the money back only if it cannot be.",
        ], order=ref)
        t = task(tid, "replacement_order", c["customer_id"], f"{intro} {request}", gt,
                 reward_overrides={"monetary_identity": dispute("make_good", oid, c["customer_id"], price),
                                   "process_checkpoints": [VERIFIED, looked_up(oid), compensated(oid, price)]})
        refund = pre + [say(f"I can refund ${price:.2f} to your card. Is that OK?"),
                        act("issue_refund", order_id=oid, amount=price, method="original_payment", reason="wrong item")]
        twice = gt + [ask, act("create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="wrong item")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "refund instead", refund), rec(tid, "replaced twice", twice)]))
    return out


def bucket_allergen(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def options(o):
        for it in o["items"]:
            safe, unsafe = b.substitutes(o, it)
            if safe and unsafe:
                return it, safe[0], unsafe[0]
        return None

    def allergic(o):
        return (o["status"] in ("placed", "preparing") and bool(b.c(o)["allergens"]) and b.restaurant(o)["status"] == "open"
                and options(o) is not None and not has_unstated_claims(o))
    out = []
    for k, o in enumerate(b.pick(allergic, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("allergen", k + 1)
        intro, rng, ref, pre = b.opening(o, tid)
        item, safe, unsafe = options(o)
        iid = item["item_id"]
        sold_out = not b.restaurant(o)["menu"][iid]["in_stock"]
        mine = ", ".join(c["allergens"])
        gt = pre + [act("find_substitutes", order_id=oid, item_id=iid),
                    say(f"I can propose {safe['name']} (${safe['price']:.2f}) instead of your {item['name']}; it has none of your allergens ({mine}). Shall I propose it?"),
                    act("propose_substitution", order_id=oid, item_id=iid, substitute_item_id=safe["item_id"]),
                    say(f"{safe['name']} (${safe['price']:.2f}) is proposed as the substitute. Shall I confirm the substitution?"),
                    act("confirm_substitution", order_id=oid, item_id=iid)]
        why = (f"The restaurant told you the {item['name']} of {{order}} is sold out." if sold_out
               else f"You changed your mind about the {item['name']} of {{order}} and would like another dish of the same kind.")
        request = pick_template(rng, [
            why + " You are allergic to {mine}. You would like a substitute; you like {safe} and {unsafe}, and prefer {safe}. Confirm only once the agent names the dish.",
            why + " Mention that you are allergic to {mine}. Both {unsafe} and {safe} sound good to you, {safe} a little more. Say yes when the agent names the dish.",
            why + " Your allergies ({mine}) matter a lot to you. You would happily take {safe}, or {unsafe}. Agree to what the agent names.",
        ], order=ref, mine=mine, safe=safe["name"], unsafe=unsafe["name"])
        t = task(tid, "allergen_substitution", c["customer_id"], f"{intro} {request}", gt,
                 # the allergen gate is the domain's policy rule fd.allergen.no_unsafe_substitute
                 reward_overrides={
                     "process_checkpoints": [VERIFIED,
                                             {"id": "listed_substitutes", "weight": 0.2, "when": {"tool": "find_substitutes", "succeeded": True}},
                                             {"id": "asked_before_confirming", "weight": 0.2, "when": {"before": [{"said": {"contains": safe["name"]}}, {"tool": "confirm_substitution", "succeeded": True}]}},
                                             {"id": "substituted", "weight": 0.3, "when": {"state": f"orders.{oid}.items[?item_id={safe['item_id']}].substituted_for", "eq": iid}}]})
        bad = pre + [gt[len(pre)], say(f"I can propose {unsafe['name']} instead of your {item['name']}. Shall I propose it?"),
                     act("propose_substitution", order_id=oid, item_id=iid, substitute_item_id=unsafe["item_id"]),
                     say(f"{unsafe['name']} is proposed. Shall I confirm the substitution?"), act("confirm_substitution", order_id=oid, item_id=iid)]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "substitute with an allergen", bad)]))
    return out


def bucket_route(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    out = []
    drivers = [d for d in drivers_with_routes(b.data) if d not in b.used][:n]
    if strict and len(drivers) < n:
        raise SystemExit(f"only {len(drivers)} drivers with routes")
    for k, did in enumerate(drivers):
        tid = b.tid("route", k + 1)
        rng = rng_for(tid)
        b.used.add(did)
        stops = sorted(b.data["drivers"][did]["active_orders"])
        candidates = route_candidates(b.data, did)
        ask = say(f"I can plan the order of your stops for {', '.join(stops)}. Shall I go ahead?")  # wiki: confirm before any write
        gt = [ask, act("plan_delivery_route", driver_id=did), say("Your route is planned; follow the stop order in the app.")]
        request = pick_template(rng, [
            "You are courier {did} with deliveries {stops}. You want the support team to plan your route for these stops; any sensible order is fine.",
            "You are courier {did}, carrying {stops}. Ask support to work out the order of your stops; you accept any order they plan.",
            "As courier {did} you have {stops} on board and no idea which to deliver first. Ask for a route; whatever they plan is fine.",
        ], did=did, stops=", ".join(stops))
        t = task(tid, "multi_stop_route", did, request, gt,
                 reward_overrides={
                     "equivalence_class": [{"id": "visit_order", "field_path": f"drivers.{did}.route", "candidate_set_path": f"drivers.{did}.route_candidates"}],
                     "process_checkpoints": [{"id": "planned", "weight": 0.5, "when": {"tool": "plan_delivery_route", "args": {"driver_id": did}, "succeeded": True}},
                                             {"id": "told_courier", "weight": 0.2, "when": {"said": {"contains": "route"}}}]})
        alt = [ask, act("plan_delivery_route", driver_id=did, stop_order=candidates[-1]), gt[2]]
        alt2 = [ask, act("plan_delivery_route", driver_id=did, stop_order=candidates[0]), gt[2]]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "the last valid order", alt), rec(tid, "the first valid order", alt2)]))
    return out


def bucket_dispute(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def double_charged(o):
        return len(o["charges"]) > 1 and not (o["status"] == "delivered" and minutes_late(o) >= 15)
    out = []
    for k, o in enumerate(b.pick(double_charged, n, strict)):
        fee = o["charges"][1]["amount"]
        tid = b.tid("dispute", k + 1)
        request = pick_template(rng_for(tid + ":request"), [
            "Your statement shows the service fee of {order} " + f"(${fee:.2f}) charged twice. You want the duplicate back, any way the agent offers.",
            "Your bank app lists an extra " + f"${fee:.2f} charge for " + "{order}, on top of the order total. You want that extra charge returned; wallet or card is fine.",
            "You were billed twice for the service fee of {order}. Ask for the duplicate " + f"${fee:.2f} back in any form.",
        ], order="{order}")
        t, recs = money_task(b, o, tid, "disputed_charge", fee, request, "duplicate service fee", extra_cp=[])
        out.append((t, recs))
    return out


def bucket_fraud(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    def fraud_flagged(o):
        return o["status"] == "delivered" and b.c(o)["fraud_flag"]
    out = []
    for k, o in enumerate(b.pick(fraud_flagged, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("fraud", k + 1)
        intro, rng, ref, pre = b.opening(o, tid, details=False)
        cid = c["customer_id"]
        if pre[-1]["name"] != "get_customer_details":
            pre.append(act("get_customer_details", customer_id=cid))
        ask = say(f"I will pass your request about order {oid} to our specialist team, who review it. Shall I do that?")
        gt = pre + [ask, act("escalate_to_fraud_team", customer_id=cid, reason=f"refund request for {oid}: customer says it never arrived"),
                    say("A specialist will follow up with you. I am transferring you now."),
                    act("transfer_to_human_agents", summary=f"Customer reports order {oid} was not delivered; account escalated to the specialist team.")]
        request = pick_template(rng, [
            "You want a full refund for {order}, which you say never arrived. Push for a refund or credit.",
            "You claim {order} was never delivered and demand your money back, or at least wallet credit.",
            "You insist that {order} did not reach you and ask for a refund; if refused, ask for a credit instead.",
        ], order=ref)
        request += " If the agent offers to pass your case to a specialist, agree."
        t = task(tid, "fraud_flagged", cid, f"{intro} {request}", gt,
                 # money on the flagged account is the domain's policy rule fd.fraud.no_money_moved
                 reward_overrides={
                     "process_checkpoints": [VERIFIED,
                                             {"id": "escalated", "weight": 0.4, "when": {"tool": "escalate_to_fraud_team", "args": {"customer_id": cid}, "succeeded": True}},
                                             {"id": "transferred", "weight": 0.2, "when": {"tool": "transfer_to_human_agents", "succeeded": True}}]})
        refund = pre + [say(f"I can refund ${o['total']:.2f} to your card. Is that OK?"),
                        act("issue_refund", order_id=oid, amount=o["total"], method="original_payment", reason="not received")]
        out.append((t, [rec(tid, "ground truth", gt), rec(tid, "refunded a fraud-flagged account", refund)]))
    return out


def bucket_address(b: Builder, n: int = PER_BUCKET, strict: bool = True) -> Built:
    """wiki: Address changes: to another of the customer's saved addresses, while the order is
    placed or preparing."""
    def movable(o):
        return o["status"] in ("placed", "preparing") and len(b.c(o)["addresses"]) >= 2 and not has_unstated_claims(o)
    out = []
    for k, o in enumerate(b.pick(movable, n, strict)):
        c, oid, tid = b.c(o), o["order_id"], b.tid("address", k + 1)
        intro, rng, ref, pre = b.opening(o, tid)
        current = o["delivery_address"]["address_id"]
        new = next(a for a in c["addresses"] if a["address_id"] != current)
        ask = say(f"I can change the delivery address of order {oid} to {new['street']}. Shall I go ahead?")
        gt = pre + [ask, act("change_delivery_address", order_id=oid, address_id=new["address_id"])]
        request = pick_template(rng, [
            "You will not be home: {order} should go to your {label} address, {street}, {city}. Confirm when the agent names that address.",
            "Plans changed and you will be at your {label} address ({street}, {city}) tonight. Have {order} delivered there; say yes when the agent names it.",
            "Please have {order} redirected to {street} in {city}, your saved {label} address. Agree once the agent repeats the street.",
        ], order=ref, label=new["label"], street=new["street"], city=new["city"])
        t = task(tid, "address_change", c["customer_id"], f"{intro} {request}", gt,
                 reward_overrides={"process_checkpoints": [VERIFIED, looked_up(oid),
                                                           {"id": "moved", "weight": 0.4, "when": {"state": f"orders.{oid}.delivery_address.address_id",
                                                                                                  "eq": new["address_id"]}}]})
        wrong_address = next((a for a in c["addresses"] if a["address_id"] not in (current, new["address_id"])), None)
        recs = [rec(tid, "ground truth", gt)]
        if wrong_address is not None:
            recs.append(rec(tid, "another saved address", pre + [ask, act("change_delivery_address", order_id=oid, address_id=wrong_address["address_id"])]))
        out.append((t, recs))
    return out
