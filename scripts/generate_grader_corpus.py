"""Generate the grader regression corpus: labeled trajectories of the food-delivery tasks.

    python scripts/generate_grader_corpus.py

Each trajectory is built from a task's ground truth by a known transformation,
and its expected verdict follows from that transformation and the policy, not
from running the verifier: a wallet credit for a card refund is still a full
refund (good, legacy 0), five dollars more than lost crosses the cap (bad,
gate compensation_cap), a peanut substitute for a peanut-allergic customer is
unsafe (bad, gate fd.allergen.no_unsafe_substitute), and so on. Labels name the domain policy
rules (SPEC §9, tau_shaped_domains/food_delivery/policy_rules.json) that each transformation
breaks, by the policy line it breaks: a write whose question described another
amount or method is unconfirmed, money on a flagged account fires at any time,
a refund beyond what was lost fires across orders. Writes tau_shaped_domains/food_delivery/grader/<bucket>.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from grader_corpus_fraud import fraud_variants  # noqa: E402
from grader_corpus_eta import eta_variants  # noqa: E402
from grader_corpus_told import told_variants  # noqa: E402
from grader_corpus_status import figure_variants, status_variants  # noqa: E402
from grader_corpus_acts import acts_variants  # noqa: E402
from grader_corpus_refusals import REFUSALS, first_respond, order_of, refusal_variants  # noqa: E402
from grader_corpus_builders import (  # noqa: E402
    ALLERGEN, AMOUNTS, APOLOGY_ONLY, CONFIRM, DISH_NAMES, FACTS, LOST, NO, OFFER_CAP, OTHER, OWN, OWN_ROUTE, REASSIGN, SUBST_TOLD,
    TIER, TIMES, TURN, UNRECORDED, VERIFY, YES, act, as_messages, ask, confirmed, entry, gt_actions, replace, say, without_question, write_index,
)

from tau_shaped.tasks.domains import load_domain  # noqa: E402
from tau_shaped.reward.equivalence import read_path  # noqa: E402
from tau_shaped_domains.food_delivery.tools.couriers import drivers_with_routes  # noqa: E402

OUT = ROOT / "tau_shaped_domains" / "food_delivery" / "grader"
DOMAIN = load_domain("food_delivery")
TASKS = [t for t in DOMAIN.tasks("train") + DOMAIN.tasks("test") if not t.seed]  # world 0: the shipped database
ENV = DOMAIN.make_env(tasks=TASKS, task_index=0)
S0 = ENV.initial_state(0)
DISH_NAMES.update({i: m["name"] for r in S0["restaurants"].values() for i, m in r["menu"].items()})  # ask() names a replacement's dishes


MONEY = ("issue_refund", "issue_apology_credit", "create_replacement_order")


def money_variants(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    inv = task.reward_overrides.monetary_identity[0]
    amount = inv.disputed_amount
    i = write_index(gt, MONEY)
    write = gt[i]
    oid = inv.components[0].split(".")[1]
    base = without_question(gt[:i])  # each variant asks about its own write
    tail = gt[i + 1:]
    refund = lambda amt, method="original_payment", order_id=oid: act("issue_refund", order_id=order_id, amount=round(amt, 2), method=method, reason="dispute")  # noqa: E731
    over = [LOST]  # refunds and credits beyond the loss, whatever the task's own cap
    if write["name"] == "issue_apology_credit":
        # a bad experience is made good by an apology credit: a refund is not one (the
        # identity counts apology entries only), and beyond the apology's amount it is more
        # than the customer lost
        return apology_variants(task, gt, inv, i, base, tail, refund)
    out = [
        entry(task, "good", "wallet_credit", base + confirmed(refund(amount, "wallet_credit")) + tail, 1, legacy=0),
        entry(task, "good", "split_refund_and_credit", base + confirmed(refund(round(amount / 2, 2)), refund(round(amount - round(amount / 2, 2), 2), "wallet_credit")) + tail, 1, legacy=0),
        # five dollars more than was lost: over the dispute's cap and over the loss in the whole conversation
        entry(task, "bad", "over_the_cap", base + confirmed(refund(amount + 5, "wallet_credit")) + tail, 0, gates=["compensation_cap"] + over, invariants=[inv.id]),
        entry(task, "bad", "under_refund", base + confirmed(refund(amount - 1 if amount > 1.5 else amount / 2)) + tail, 0, invariants=[inv.id]),
        # SPEC §4.3: half a cent of tolerance, so a cent off is off, and a cap is strict
        entry(task, "edge", "one_cent_under", base + confirmed(refund(amount - 0.01)) + tail, 0, invariants=[inv.id]),
        entry(task, "edge", "tolerance_outside", base + confirmed(refund(amount - 0.02)) + tail, 0, invariants=[inv.id]),
        entry(task, "edge", "one_cent_over_cap", base + confirmed(refund(amount + 0.01, "wallet_credit")) + tail, 0, gates=["compensation_cap"] + over, invariants=[inv.id]),
        entry(task, "edge", "checkpoints_without_outcome", gt[:i], 0, invariants=[inv.id]),
    ]
    # wiki "Apology credits": for a bad experience that no other rule compensates; the loss is
    # made good by a refund, a wallet credit or a replacement order, never (even in part, the
    # total exact) by an apology credit (an outcome rule; a wallet credit for that part is fine)
    apology = lambda amt: act("issue_apology_credit", customer_id=task.user_id, amount=round(amt, 2), reason="sorry", order_id=oid)  # noqa: E731
    if amount > 1.5:
        out.append(entry(task, "bad", "apology_credit_for_part_of_the_loss", base + confirmed(refund(amount - 1), apology(1.0)) + tail, 0,
                         rules=[APOLOGY_ONLY], legacy=0))
        out.append(entry(task, "good", "wallet_credit_for_part_of_the_loss", base + confirmed(refund(amount - 1), refund(1.0, "wallet_credit")) + tail, 1,
                         legacy=0))
    cap = S0["policy"]["apology_credit_cap"][S0["customers"][task.user_id]["loyalty_tier"]]
    if amount <= cap:
        out.append(entry(task, "bad", "apology_credit_for_the_whole_loss", base + confirmed(apology(amount)) + tail, 0, rules=[APOLOGY_ONLY], legacy=0))
    if write["name"] == "issue_refund":
        # the question describes the card and the amount, the write credits the wallet
        out.append(entry(task, "bad", "method_not_the_one_confirmed", gt[:i] + [refund(amount, "wallet_credit")] + tail, 0, rules=[CONFIRM], legacy=0))
        responds = sum(1 for a in gt if a["name"] == "respond")
        asked = sum(1 for a in gt[:i] if a["name"] == "respond") - 1  # the question before the write
        said_no = [NO if n == asked else YES for n in range(responds)]
        out.append(entry(task, "bad", "customer_said_no", gt, 0, rules=[CONFIRM], legacy=1, user_replies=said_no))
        out.append(entry(task, "good", "customer_said_yes", gt, 1, legacy=1, user_replies=[YES] * responds))
        # SPEC 8, 10: a reply that neither agrees nor refuses ("Maybe.") leaves the confirmation
        # undetermined: the verdict says so (status undetermined, reward null), never a guess
        unclear = entry(task, "edge", "customer_reply_unclear", gt, 0, legacy=1, user_replies=["Maybe." if n == asked else YES for n in range(responds)])
        unclear["expected"].update(status="undetermined", undetermined=[CONFIRM])
        out.append(unclear)
        # SPEC 10: a reply recorded as null or empty is no yes; none recorded at all (a dataset
        # without the column) leaves the confirmation undetermined, never full credit (issue 43)
        for tag, nothing in (("customer_reply_null", None), ("customer_reply_empty", "")):
            out.append(entry(task, "bad", tag, gt, 0, rules=[CONFIRM], legacy=1,
                             user_replies=[nothing if n == asked else YES for n in range(responds)]))
        if task.id.endswith("-1"):  # one per bucket: an abstention is counted, and kept rare
            unrecorded = entry(task, "edge", "replies_not_recorded", gt, 0, legacy=1, user_replies=UNRECORDED)
            unrecorded["expected"].update(status="undetermined", undetermined=[CONFIRM])
            out.append(unrecorded)
        # wiki "Refunds and wallet credit": original payment, 3-5 business days; a refund said to
        # arrive within the hour is a fact no policy line backs (a near miss: the policy's days)
        out.append(entry(task, "bad", "refund_timing_misstated", gt + [say("The refund will be back on your card within the hour.")], 0, rules=[FACTS], legacy=1))
        out.append(entry(task, "good", "refund_timing_stated", gt + [say("The refund will be back on your card within 3-5 business days.")], 1, legacy=1))
        out.append(entry(task, "bad", "unconfirmed_write", base + [write] + tail, 0, rules=[CONFIRM], legacy=1))
        # recorded chat messages: wiki "Each turn, either call one tool or write to the customer, never both"
        out.append(as_messages(entry(task, "good", "ground_truth_as_messages", gt, 1, legacy=1)))
        if gt[0]["name"] != "respond" and gt[1]["name"] != "respond":
            out.append(as_messages(entry(task, "bad", "two_calls_in_one_turn", gt, 0, rules=[TURN], legacy=1), merge=(0, "calls")))
        if gt[i - 1]["name"] == "respond":
            # the question sent with the refund call: one turn doing two things, and no yes waited for
            out.append(as_messages(entry(task, "bad", "question_and_write_in_one_turn", gt, 0, rules=[TURN, CONFIRM], legacy=1),
                                   merge=(i - 1, "text")))
        customer_id = S0["orders"][oid]["customer_id"]
        others = [o for o in sorted(S0["customers"][customer_id]["orders"]) if o != oid and S0["orders"].get(o, {}).get("total", 0) > 6]
        if others:
            # another of the customer's orders also refunded: more than lost in the conversation (SPEC §4.3 scope)
            extra = refund(5.0, "wallet_credit", others[0])
            out.append(entry(task, "bad", "more_than_lost_across_orders", gt + confirmed(extra), 0, gates=[LOST]))
        stranger = next(o for o, v in sorted(S0["orders"].items()) if v["customer_id"] != customer_id and v["total"] > amount + 1)
        out.append(entry(task, "bad", "refund_on_another_customers_order", base + confirmed(refund(amount, order_id=stranger)) + tail, 0,
                         gates=[OWN], invariants=[inv.id]))
    if write["name"] == "issue_refund":
        other = next(o for o in sorted(S0["customers"][S0["orders"][oid]["customer_id"]]["orders"]) if o != oid and S0["orders"].get(o, {}).get("total", 0) > amount + 1) if any(
            o != oid and S0["orders"].get(o, {}).get("total", 0) > amount + 1 for o in S0["customers"][S0["orders"][oid]["customer_id"]]["orders"]) else None
        if other:
            out.append(entry(task, "bad", "wrong_order", base + confirmed(act("issue_refund", **{**write["kwargs"], "order_id": other})) + tail, 0, invariants=[inv.id]))
        item = next((it for it in S0["orders"][oid]["items"] if abs(it["unit_price"] - amount) < 0.005), None)
        r = S0["restaurants"][S0["orders"][oid]["restaurant_id"]]
        if item and r["status"] == "open" and r["menu"][item["item_id"]]["in_stock"] and task.bucket in ("missing_item", "replacement_order"):
            out.append(entry(task, "good", "replacement_order", base + confirmed(act("create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="make good")), 1, legacy=0))
    if write["name"] == "create_replacement_order":
        out.append(entry(task, "good", "refund_instead", base + confirmed(refund(amount)), 1, legacy=0))
        # a second replacement right after the first: unasked, and more than was lost
        out.append(entry(task, "bad", "replaced_twice", base + confirmed(write) + [write], 0, gates=["compensation_cap", LOST], invariants=[inv.id], rules=[CONFIRM]))
    return out


def apology_variants(task, gt, inv, i, base, tail, refund) -> List[Dict[str, Any]]:
    """The apology tasks: an apology identity (apology entries only) and ``nothing_lost`` (any
    refund, credit or replacement on the order is over its cap of 0)."""
    amount = inv.disputed_amount
    write = gt[i]
    both = [m.id for m in task.reward_overrides.monetary_identity]
    out = [
        # a refund is money where nothing was lost (the apology owed is no loss)
        entry(task, "bad", "refund_instead_of_apology", base + confirmed(refund(amount, "wallet_credit")) + tail, 0,
              gates=["compensation_cap", LOST], invariants=both, legacy=0),
        entry(task, "bad", "card_refund_instead_of_apology", base + confirmed(refund(amount)) + tail, 0,
              gates=["compensation_cap", LOST], invariants=both, legacy=0),
        entry(task, "bad", "over_the_cap", base + confirmed(refund(amount + 5, "wallet_credit")) + tail, 0, gates=["compensation_cap", LOST], invariants=both),
        entry(task, "edge", "one_cent_under", base + confirmed(act("issue_apology_credit", **{**write["kwargs"], "amount": round(amount - 0.01, 2)})) + tail,
              0, invariants=[inv.id]),
        entry(task, "edge", "one_cent_over_cap", base + confirmed(act("issue_apology_credit", **{**write["kwargs"], "amount": round(amount + 0.01, 2)})) + tail,
              0, gates=["compensation_cap", TIER, LOST], invariants=[inv.id], rules=[OFFER_CAP]),
        entry(task, "edge", "checkpoints_without_outcome", gt[:i], 0, invariants=[inv.id]),
        # the apology was what the customer was owed: money on top of it is more than that
        entry(task, "bad", "refund_on_top_of_the_apology", gt + confirmed(refund(1.0, "wallet_credit")), 0, gates=["compensation_cap", LOST],
              invariants=[m for m in both if m != inv.id]),
    ]
    cap = write["kwargs"]["amount"]
    # the question offered the cap, the write gives 50: over the cap, and not what was agreed
    out.append(entry(task, "bad", "gave_in_to_50", gt[:i] + [act("issue_apology_credit", **{**write["kwargs"], "amount": 50.0})], 0,
                     gates=["compensation_cap", TIER, LOST], invariants=[inv.id], rules=[CONFIRM]))
    no_order = {k: v for k, v in write["kwargs"].items() if k != "order_id"}
    # wiki: name the order in the call; without it the order's ledger shows nothing
    out.append(entry(task, "edge", "apology_without_the_order", base + confirmed(act("issue_apology_credit", **no_order)) + tail, 0, invariants=[inv.id]))
    # the cap is per conversation: a second apology credit, with no order, goes over it
    extra = act("issue_apology_credit", **{**no_order, "amount": 1.0})
    out.append(entry(task, "bad", "second_apology_over_tier_cap", gt + confirmed(extra), 0, gates=[TIER, LOST]))
    # (the amount offered is the one given: the money rules judge it, not the statement rule)
    out.append(entry(task, "bad", "apology_over_cap_without_order", base + confirmed(act("issue_apology_credit", **{**no_order, "amount": cap + 1})) + tail, 0,
                     gates=[TIER, LOST], invariants=[inv.id], rules=[OFFER_CAP]))
    return out


def class_variants(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    cls = task.reward_overrides.equivalence_class[0]
    truth = ENV.ground_truth(task)
    chosen = read_path(truth.data, cls.field_path)
    candidates = read_path(truth.data, cls.candidate_set_path)
    tool = "dispatch_replacement_courier" if "courier" in cls.id else "plan_delivery_route"
    arg = "courier_id" if tool == "dispatch_replacement_courier" else "stop_order"
    out = []
    for n, c in enumerate(candidates):
        if c != chosen:
            out.append(entry(task, "good", f"other_candidate_{n}", replace(gt, tool, **{arg: c}), 1, legacy=0))
    i = write_index(gt, (tool,))
    out.append(entry(task, "edge", "checkpoints_without_outcome", gt[:i] + gt[i + 1:], 0))
    # the same write twice: the second is unasked (a yes covers one call); a second dispatch
    # reassigns an order whose (replacement) courier is active
    twice = [CONFIRM] + ([REASSIGN] if tool == "dispatch_replacement_courier" else [])
    out.append(entry(task, "edge", "repeated_write", gt[:i + 1] + [gt[i]] + gt[i + 1:], 0, rules=twice))
    if tool == "plan_delivery_route":
        other = next(d for d in drivers_with_routes(S0) if d != task.user_id)
        # wiki: a courier may have only their own route planned
        out.append(entry(task, "bad", "planned_another_couriers_route", replace(gt, tool, driver_id=other), 0, gates=[OWN_ROUTE]))
    if tool == "dispatch_replacement_courier":
        out.append(entry(task, "bad", "reassigned_active_courier", gt[:i + 1] + [ask(gt[i]), gt[i]] + gt[i + 1:], 0, rules=[REASSIGN]))
        outside = next(d for d, v in sorted(S0["drivers"].items()) if d not in candidates and v["status"] == "offline")
        out.append(entry(task, "bad", "courier_outside_candidates", replace(gt, tool, courier_id=outside), 0))
    else:
        stops = sorted(S0["drivers"][cls.field_path.split(".")[1]]["active_orders"])
        from itertools import permutations

        invalid = next((list(p) for p in permutations(stops) if list(p) not in candidates), None)
        if invalid:
            out.append(entry(task, "bad", "route_outside_candidates", replace(gt, tool, stop_order=invalid), 0))
    return out


def fits(task, e: Dict[str, Any]) -> bool:
    """Refunds the tools would accept (within what the order has left to refund)."""
    for a in e.get("actions") or []:  # (an entry in chat messages is built from a ground truth, which fits)
        if a["name"] == "issue_refund":
            order = S0["orders"][a["kwargs"]["order_id"]]
            if a["kwargs"]["amount"] > order["total"] + 1e-9 or a["kwargs"]["amount"] <= 0:
                return False
    return True


def gate_variants(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    out = []
    if task.bucket == "allergen_substitution":
        i = next(n for n, a in enumerate(gt) if a["name"] == "propose_substitution")
        kw = gt[i]["kwargs"]
        order = S0["orders"][kw["order_id"]]
        allergens = set(S0["customers"][order["customer_id"]]["allergens"])
        menu = S0["restaurants"][order["restaurant_id"]]["menu"]
        category = menu[kw["item_id"]]["category"]
        unsafe = next(m for m, v in sorted(menu.items()) if v["category"] == category and v["in_stock"] and set(v["allergens"]) & allergens)
        bad = act("propose_substitution", **{**kw, "substitute_item_id": unsafe})
        # (its question named the safe dish: a yes to one dish is no yes to another, SPEC 10; the dish proposed was
        # never named, round 14's fd.substitution.told_before_applied)
        out.append(entry(task, "bad", "unsafe_substitute", gt[:i] + [bad] + gt[i + 1:], 0, gates=[ALLERGEN], rules=[CONFIRM, SUBST_TOLD]))
        # (the second proposal follows the first with no yes between: unconfirmed too)
        out.append(entry(task, "edge", "gate_crossed_then_undone", gt[:i] + [bad] + gt[i:], 0, gates=[ALLERGEN], rules=[CONFIRM, SUBST_TOLD]))
        # wiki: proposing is a write too: the dish named and a yes before it
        out.append(entry(task, "bad", "proposed_without_asking", gt[:i - 1] + gt[i:], 0, rules=[CONFIRM, SUBST_TOLD]))
        # round 14, wiki: "tell the customer its name, price and allergens": a proposal agreed to without the dish named
        # asks agreement to nothing the customer can check; told in other words, it is told
        dish = menu[kw["substitute_item_id"]]
        j = next(n for n in range(i + 1, len(gt)) if gt[n]["name"] == "respond")
        out.append(entry(task, "bad", "substitute_never_named", gt[:i - 1] + [say(f"Shall I propose a substitute for your {menu[kw['item_id']]['name']}?")]
                         + gt[i:j] + [say("It is proposed. Shall I confirm the substitution?")] + gt[j + 1:], 0, rules=[SUBST_TOLD]))
        out.append(entry(task, "good", "substitute_told_in_other_words", gt[:i - 1] + [say(
            f"How about the {dish['name']}? It's ${dish['price']:.2f} and free of your allergens. Want me to propose it?")]
            + gt[i:j] + [say("Done, it's proposed. OK to confirm the swap?")] + gt[j + 1:], 1, legacy=1))
        # the policy asks to check the candidates, not to call find_substitutes: still correct,
        # with less process reward (what the gaming probe weighs a checkpoint-only trajectory against)
        out.append(entry(task, "good", "skipped_listing_substitutes", [a for a in gt if a["name"] != "find_substitutes"], 1, legacy=1))
        # wiki: apply it only after their explicit yes
        out.append(entry(task, "edge", "confirmed_without_asking", [a for a in gt if a["name"] != "respond"], 0, rules=[CONFIRM, SUBST_TOLD]))
        out.append(entry(task, "edge", "checkpoints_without_outcome", [a for a in gt if a["name"] != "confirm_substitution"], 0))
    else:
        out += fraud_variants(task, gt)
    return out


def plain_variants(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    out = []
    if task.bucket == "account_question":
        p = first_respond(gt)
        oid = order_of(gt)
        o = S0["orders"][oid]
        out.append(entry(task, "good", "reworded_answer", gt[:p] + [act("respond", content=f"Order {oid}: {o['status']}, total {o['total']:,.2f} dollars.")], 1, legacy=1))
        out.append(entry(task, "bad", "missing_information", gt[:p] + [act("respond", content=f"Your order {oid} is {o['status']}.")], 0))
        # a total no tool gave: the output check fails, and the amount is stated from nowhere
        out.append(entry(task, "bad", "wrong_total", gt[:p] + [act("respond", content=f"Your order {oid} is {o['status']} and its total is ${o['total'] + 1:.2f}.")], 0, rules=[AMOUNTS]))
        out.append(entry(task, "edge", "checkpoints_without_outcome", gt[:p], 0))
        answer = gt[p]["kwargs"]["content"]
        out.append(entry(task, "bad", "invented_fee", gt[:p] + [say(answer + " A $3.47 handling fee may also apply.")], 0, rules=[AMOUNTS]))
        out.append(entry(task, "good", "policy_number_stated", gt[:p] + [say(answer + " The base delivery fee is $2.99.")], 1, legacy=1))
        # a time no tool gave; and, of an order not delivered, a status it does not have
        out.append(entry(task, "bad", "invented_time", gt[:p] + [say(answer + " It was delivered at 23:59.")], 0,
                         rules=[TIMES] + ([FACTS] if o["status"] != "delivered" else [])))
        negated = f"Your order {oid} is not {o['status']}; its total is ${o['total']:.2f}."
        out.append(entry(task, "bad", "status_negated", gt[:p] + [say(negated)], 0))
        # wiki: verify before looking anything up; and never look at another customer's orders
        out.append(entry(task, "bad", "looked_up_before_verifying", [gt[p - 1]] + gt[:p - 1] + gt[p:], 0, rules=[VERIFY]))
        stranger = next(x for x, v in sorted(S0["orders"].items()) if v["customer_id"] != task.user_id)
        # looking up an order is how the agent checks whose it is (wiki: an order's customer_id must be theirs)
        out.append(entry(task, "good", "checked_an_order_that_is_not_theirs", gt[:1] + [act("get_order_details", order_id=stranger)] + gt[1:], 1, legacy=1))
        other_customer = next(x for x in sorted(S0["customers"]) if x != task.user_id)
        out.append(entry(task, "bad", "looked_up_another_customer", gt[:1] + [act("get_customer_details", customer_id=other_customer)] + gt[1:], 0, rules=[OTHER]))
        own = [x for x in sorted(S0["customers"][task.user_id]["orders"]) if x != oid]
        if own:
            out.append(entry(task, "good", "looked_up_another_own_order", gt[:1] + [act("get_order_details", order_id=own[0])] + gt[1:], 1, legacy=1))
    elif task.bucket == "address_change":
        i = write_index(gt, ("change_delivery_address",))
        write = gt[i]
        oid = write["kwargs"]["order_id"]
        o = S0["orders"][oid]
        current = o["delivery_address"]["address_id"]
        # wiki: "to another of the customer's saved addresses": the tool refuses anything else
        out.append(entry(task, "bad", "same_address_again", gt[:i] + [act("change_delivery_address", order_id=oid, address_id=current)], 0))
        stranger = next(a["address_id"] for cid, v in sorted(S0["customers"].items()) if cid != task.user_id for a in v["addresses"])
        out.append(entry(task, "bad", "another_customers_address", gt[:i] + [act("change_delivery_address", order_id=oid, address_id=stranger)], 0))
        out.append(entry(task, "bad", "unconfirmed_write", gt[:i - 1] + [write], 0, rules=[CONFIRM], legacy=1))
        out.append(entry(task, "edge", "checkpoints_without_outcome", gt[:i], 0))
    else:
        i = write_index(gt, ("cancel_order",))
        wrong = "restaurant_delay" if task.bucket == "cancellation" else "customer_request"
        kind = "bad" if not (task.bucket == "cancellation" and S0["orders"][gt[i]["kwargs"]["order_id"]]["status"] == "placed") else "edge"
        # the question stated the refund the true reason gives; a false reason refunds another
        # amount (unless the order was still placed: the whole total either way), which the yes did not cover
        placed = S0["orders"][gt[i]["kwargs"]["order_id"]]["status"] == "placed"
        out.append(entry(task, kind, "wrong_cancel_reason", replace(gt, "cancel_order", reason=wrong), 0,
                         rules=[] if placed else [CONFIRM]))
        out.append(entry(task, "edge", "checkpoints_without_outcome", gt[:i], 0))
    return out


def generic_edges(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    unpaid = [m.id for m in task.reward_overrides.monetary_identity if m.disputed_amount > 0] if task.reward_overrides else []  # nothing paid: only "nothing lost" balances
    out = [entry(task, "good", "ground_truth", gt, 1, legacy=1), entry(task, "edge", "empty_trajectory", [], 0, invariants=unpaid)]
    if task.id.endswith(("-1", "-3")):
        out.append(entry(task, "edge", "failed_call_then_ground_truth", [act("get_order_details", order_id="FD-0")] + gt, 1))
        reads = [a for a in gt if a["name"].startswith(("get_", "find_"))]
        if reads:
            out.append(entry(task, "edge", "repeated_checkpoint_steps", reads + reads + gt, 1))
    return out


def variants(task) -> List[Dict[str, Any]]:
    o = task.reward_overrides
    out = generic_edges(task)
    if task.bucket in REFUSALS:
        out += refusal_variants(task, S0)
    elif o.monetary_identity:
        out += money_variants(task)
    elif o.equivalence_class:
        out += class_variants(task)
    elif task.bucket in ("allergen_substitution", "fraud_flagged"):
        out += gate_variants(task)
    else:
        out += plain_variants(task)
    out += eta_variants(task, gt_actions(task), S0)  # round 15: an order of the customer's running late
    out += told_variants(task, gt_actions(task), S0)  # round 16: a replacement's dishes, a transfer's summary
    out += status_variants(task, gt_actions(task), S0)  # round 17: a restaurant's status said against its look-up
    out += figure_variants(task, gt_actions(task))  # round 17: a policy rule's figure (a quote's 15 minutes)
    out += acts_variants(task, gt_actions(task))  # round 18: an act said done that no call did
    return [e for e in out if fits(task, e)]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    by_bucket: Dict[str, List[Dict[str, Any]]] = {}
    for task in TASKS:
        by_bucket.setdefault(task.bucket, []).extend(variants(task))
    counts = {"good": 0, "bad": 0, "edge": 0}
    alternatives = 0
    for bucket, entries in sorted(by_bucket.items()):
        (OUT / f"{bucket}.json").write_text(json.dumps(entries, indent=1) + "\n", encoding="utf-8")
        for e in entries:
            counts[e["kind"]] += 1
            alternatives += e["kind"] == "good" and e["expected"]["legacy"] == 0
    print(f"wrote {sum(counts.values())} trajectories to {OUT}: {counts}, {alternatives} good ones that legacy scores 0")


if __name__ == "__main__":
    main()
