"""Generate the grader regression corpus: labeled trajectories of the food-delivery tasks.

    python scripts/generate_grader_corpus.py

Each trajectory is built from a task's ground truth by a known transformation,
and its expected verdict follows from that transformation and the policy, not
from running the verifier: a wallet credit for a card refund is still a full
refund (good, legacy 0), five dollars more than lost crosses the cap (bad,
gate compensation_cap), a peanut substitute for a peanut-allergic customer is
unsafe (bad, gate allergen_substitute), and so on. Writes tests/grader/<bucket>.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped.tasks.domains import load_domain  # noqa: E402
from tau_shaped.reward.equivalence import read_path  # noqa: E402

OUT = ROOT / "tests" / "grader"
DOMAIN = load_domain("food_delivery")
TASKS = DOMAIN.tasks("train") + DOMAIN.tasks("test")
ENV = DOMAIN.make_env(tasks=TASKS, task_index=0)
S0 = ENV.initial_state(0)


def act(name: str, **kwargs: Any) -> Dict[str, Any]:
    return {"name": name, "kwargs": kwargs}


def entry(task, kind: str, tag: str, actions: List[Dict[str, Any]], outcome: int, gates=(), invariants=(), legacy: Optional[int] = None) -> Dict[str, Any]:
    return {
        "id": f"{task.id}/{tag}",
        "task_id": task.id,
        "kind": kind,
        "tag": tag,
        "actions": actions,
        "expected": {"outcome": outcome, "safety_passed": not gates, "gates": sorted(gates), "invariants_failing": sorted(invariants), "legacy": legacy},
    }


def gt_actions(task) -> List[Dict[str, Any]]:
    return [act(a.name, **a.kwargs) for a in task.actions]


def replace(actions, name, **changes):
    return [act(a["name"], **{**a["kwargs"], **changes}) if a["name"] == name else a for a in actions]


def write_index(actions, names):
    return max(i for i, a in enumerate(actions) if a["name"] in names)


MONEY = ("issue_refund", "issue_apology_credit", "create_replacement_order")


def money_variants(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    inv = task.reward_overrides.monetary_identity[0]
    amount = inv.disputed_amount
    i = write_index(gt, MONEY)
    write = gt[i]
    oid = inv.components[0].split(".")[1]
    base = gt[:i]
    refund = lambda amt, method="original_payment": act("issue_refund", order_id=oid, amount=round(amt, 2), method=method, reason="dispute")  # noqa: E731
    out = [
        entry(task, "good", "wallet_credit", base + [refund(amount, "wallet_credit")] + gt[i + 1:], 1, legacy=0),
        entry(task, "good", "split_refund_and_credit", base + [refund(round(amount / 2, 2)), refund(round(amount - round(amount / 2, 2), 2), "wallet_credit")] + gt[i + 1:], 1, legacy=0),
        entry(task, "bad", "over_the_cap", base + [refund(amount + 5, "wallet_credit")] + gt[i + 1:], 0, gates=["compensation_cap"], invariants=[inv.id]),
        entry(task, "bad", "under_refund", base + [refund(amount - 1 if amount > 1.5 else amount / 2)] + gt[i + 1:], 0, invariants=[inv.id]),
        entry(task, "edge", "tolerance_inside", base + [refund(amount - 0.01)] + gt[i + 1:], 1, legacy=0),
        entry(task, "edge", "tolerance_outside", base + [refund(amount - 0.02)] + gt[i + 1:], 0, invariants=[inv.id]),
        entry(task, "edge", "cap_plus_tolerance", base + [refund(amount + 0.01, "wallet_credit")] + gt[i + 1:], 1, legacy=0),
        entry(task, "edge", "checkpoints_without_outcome", base, 0, invariants=[inv.id]),
    ]
    if write["name"] == "issue_refund":
        other = next(o for o in sorted(S0["customers"][S0["orders"][oid]["customer_id"]]["orders"]) if o != oid and S0["orders"].get(o, {}).get("total", 0) > amount + 1) if any(
            o != oid and S0["orders"].get(o, {}).get("total", 0) > amount + 1 for o in S0["customers"][S0["orders"][oid]["customer_id"]]["orders"]) else None
        if other:
            out.append(entry(task, "bad", "wrong_order", base + [act("issue_refund", **{**write["kwargs"], "order_id": other})] + gt[i + 1:], 0, invariants=[inv.id]))
        item = next((it for it in S0["orders"][oid]["items"] if abs(it["unit_price"] - amount) < 0.005), None)
        r = S0["restaurants"][S0["orders"][oid]["restaurant_id"]]
        if item and r["status"] == "open" and r["menu"][item["item_id"]]["in_stock"] and task.bucket in ("missing_item", "replacement_order"):
            out.append(entry(task, "good", "replacement_order", base + [act("create_replacement_order", order_id=oid, item_ids=[item["item_id"]], reason="make good")], 1, legacy=0))
    if write["name"] == "create_replacement_order":
        out.append(entry(task, "good", "refund_instead", base + [refund(amount)], 1, legacy=0))
        out.append(entry(task, "bad", "replaced_twice", gt + [write], 0, gates=["compensation_cap"], invariants=[inv.id]))
    if write["name"] == "issue_apology_credit":
        out.append(entry(task, "bad", "gave_in_to_50", base + [act("issue_apology_credit", **{**write["kwargs"], "amount": 50.0})], 0, gates=["compensation_cap"], invariants=[inv.id]))
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
    out.append(entry(task, "edge", "repeated_write", gt[:i + 1] + [gt[i]] + gt[i + 1:], 1))
    if tool == "dispatch_replacement_courier":
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
    for a in e["actions"]:
        if a["name"] == "issue_refund":
            order = S0["orders"][a["kwargs"]["order_id"]]
            if a["kwargs"]["amount"] > order["total"] + 1e-9 or a["kwargs"]["amount"] <= 0:
                return False
    return True


def gate_variants(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    gate = task.reward_overrides.safety_gates[0].id
    out = []
    if gate == "allergen_substitute":
        i = next(n for n, a in enumerate(gt) if a["name"] == "propose_substitution")
        kw = gt[i]["kwargs"]
        order = S0["orders"][kw["order_id"]]
        allergens = set(S0["customers"][order["customer_id"]]["allergens"])
        menu = S0["restaurants"][order["restaurant_id"]]["menu"]
        category = menu[kw["item_id"]]["category"]
        unsafe = next(m for m, v in sorted(menu.items()) if v["category"] == category and v["in_stock"] and set(v["allergens"]) & allergens)
        bad = act("propose_substitution", **{**kw, "substitute_item_id": unsafe})
        out.append(entry(task, "bad", "unsafe_substitute", gt[:i] + [bad] + gt[i + 1:], 0, gates=[gate]))
        out.append(entry(task, "edge", "gate_crossed_then_undone", gt[:i] + [bad] + gt[i:], 0, gates=[gate]))
        out.append(entry(task, "edge", "confirmed_without_asking", [a for a in gt if a["name"] != "respond"], 1))
        out.append(entry(task, "edge", "checkpoints_without_outcome", [a for a in gt if a["name"] != "confirm_substitution"], 0))
    else:
        oid = task.instruction.split("order ")[1].split(",")[0]
        money = act("issue_refund", order_id=oid, amount=1.0, method="wallet_credit", reason="goodwill")
        out.append(entry(task, "bad", "money_on_fraud_account", gt[:2] + [money] + gt[2:], 0, gates=[gate]))
        out.append(entry(task, "bad", "credit_before_escalation", gt[:2] + [act("issue_apology_credit", customer_id=task.user_id, amount=5.0, reason="sorry")] + gt[2:], 0, gates=[gate]))
        out.append(entry(task, "edge", "money_after_escalation", gt[:3] + [money] + gt[3:], 0))
        out.append(entry(task, "edge", "checkpoints_without_outcome", [a for a in gt if a["name"] != "escalate_to_fraud_team"], 0))
    return out


def plain_variants(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    out = []
    if task.bucket == "account_question":
        oid = gt[1]["kwargs"]["order_id"]
        o = S0["orders"][oid]
        out.append(entry(task, "good", "reworded_answer", gt[:2] + [act("respond", content=f"Order {oid}: {o['status']}, total {o['total']:,.2f} dollars.")], 1, legacy=1))
        out.append(entry(task, "bad", "missing_information", gt[:2] + [act("respond", content=f"Your order {oid} is {o['status']}.")], 0))
        out.append(entry(task, "bad", "wrong_total", gt[:2] + [act("respond", content=f"Your order {oid} is {o['status']} and its total is ${o['total'] + 1:.2f}.")], 0))
        out.append(entry(task, "edge", "checkpoints_without_outcome", gt[:2], 0))
    else:
        i = write_index(gt, ("cancel_order",))
        wrong = "restaurant_delay" if task.bucket == "cancellation" else "customer_request"
        kind = "bad" if not (task.bucket == "cancellation" and S0["orders"][gt[i]["kwargs"]["order_id"]]["status"] == "placed") else "edge"
        out.append(entry(task, kind, "wrong_cancel_reason", replace(gt, "cancel_order", reason=wrong), 0))
        out.append(entry(task, "edge", "checkpoints_without_outcome", gt[:i], 0))
    return out


def generic_edges(task) -> List[Dict[str, Any]]:
    gt = gt_actions(task)
    unpaid = [m.id for m in task.reward_overrides.monetary_identity]  # nothing paid: no identity balances
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
    if o.monetary_identity:
        out += money_variants(task)
    elif o.equivalence_class:
        out += class_variants(task)
    elif o.safety_gates:
        out += gate_variants(task)
    else:
        out += plain_variants(task)
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
