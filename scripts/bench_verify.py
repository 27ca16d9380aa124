"""Benchmark: scoring trajectories the tau-bench way vs with ``score_trajectory``.

    python scripts/bench_verify.py [--trajectories 200] [--scales 1,10]

For a retail-size synthetic database (``bench_retail_domain.py``) and the
same ×10, scores N trajectories of a task whose ground truth makes three
writes, half correct and half with one wrong write:

(a) the tau-bench way, per trajectory: parse the database from JSON, run the
    trajectory, hash it, parse again, replay the ground truth, hash again;
(b) ``tau_shaped.score_trajectory`` with its S0 and ground-truth caches.

Prints the median milliseconds of each, their ratio, the ×10/×1 growth of
(b), and whether both agree on every verdict. Targets: (b) at least 200×
faster than (a) at retail size with domain policy rules on (issue 13; 20×
in issue 2); ×10 data grows (b) by at most 3×. With rules on (the default;
``--no-rules`` to compare), the env carries a rule set that uses every
predicate form the policy rules need (binding to state at each step, money
summed over the conversation's events, ordering over every occurrence,
confirmation of each write, typed statements), and each trajectory asks
before each write, as a policy-following agent does. Exits 1 if any verdict
disagrees.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_retail_domain import TOOLS, build_database  # noqa: E402

from tau_shaped import Action, Env, score_trajectory  # noqa: E402
from tau_shaped.env.hashing import consistent_hash, to_hashable  # noqa: E402
from tau_shaped.reward.policy_rules import PolicyRuleSet  # noqa: E402
from tau_shaped.tasks.schema import ShapedTask  # noqa: E402
from tau_shaped.env.users import ScriptedUser  # noqa: E402

TOOLS_MAP = {t.get_info()["function"]["name"]: t for t in TOOLS}
WRITES = ("cancel_pending_order", "refund_to_gift_card", "modify_user_address")

# A rule set of the shape of the food-delivery one (SPEC §9), for the retail-like bench domain.
BENCH_RULES = {
    "domain": "bench_retail",
    "facts": {"user_id": {"task": "user_id", "type": "string"}, "amounts": {"task": "gt_amounts", "type": "list"}},
    "rules": [
        {"id": "own_orders", "kind": "gate", "policy": "Act only on the user's own orders.",
         "when": {"any": [{"tool": w, "args": {"order_id": {"not_in_state": "users.{user_id}.orders"}}, "succeeded": True}
                          for w in WRITES[:2]]}},
        {"id": "money_cap", "kind": "gate", "policy": "Never give more than 1000 in one conversation.",
         "when": {"event_sum": "money_moved", "where": {"customer_id": "{user_id}"}, "gt": 1000}},
        {"id": "look_before_cancel", "kind": "outcome", "policy": "Look the order up before cancelling it.",
         "when": {"unpreceded": {"tool": "cancel_pending_order", "succeeded": True},
                  "by": {"tool": "get_order_details", "succeeded": True}, "since": "start"}},
        {"id": "confirm", "kind": "outcome", "policy": "Ask before each write and wait for a yes.",
         "when": {"unconfirmed": {"tools": list(WRITES), "mention": {"amount": "number"}, "yes": {"regex": "(?i)\\byes\\b"},
                                  "verbs": {"cancel_pending_order": ["cancel"], "refund_to_gift_card": ["refund"],
                                            "modify_user_address": ["address"]}}}},
        {"id": "amounts", "kind": "outcome", "policy": "State only amounts a tool gave.",
         "when": {"unsupported": "amount", "values": ["{amounts}"], "acted": ["amount"]}},
    ],
}
QUESTIONS = {"cancel_pending_order": "I will cancel the order. OK?", "refund_to_gift_card": "I will refund $10.00 to the gift card. OK?",
             "modify_user_address": "I will update your address. OK?"}


def with_questions(actions: List[Action]) -> List[Action]:
    """Each write preceded by the question a policy-following agent asks."""
    out: List[Action] = []
    for a in actions:
        if a.name in WRITES:
            out.append(A("respond", content=QUESTIONS[a.name]))
        out.append(a)
    return out


def A(name: str, **kwargs: Any) -> Action:
    return Action(name=name, kwargs=kwargs)


def make_task(db: Dict[str, Any]) -> Tuple[ShapedTask, str, str]:
    order_id = next(o for o in sorted(db["orders"]) if db["orders"][o]["status"] == "pending")
    user_id = db["orders"][order_id]["user_id"]
    gift = next(k for k in db["users"][user_id]["payment_methods"] if k.startswith("gift_card"))
    actions = [
        A("get_order_details", order_id=order_id),
        A("cancel_pending_order", order_id=order_id, reason="no longer needed"),
        A("refund_to_gift_card", order_id=order_id, amount=10.0, gift_card_id=gift),
        A("modify_user_address", user_id=user_id, address1="1 New Street", city="Austin", zip="73301"),
    ]
    task = ShapedTask.model_validate(
        {
            "id": "bench",
            "user_id": user_id,
            "instruction": "Cancel the order, refund 10 to the gift card, update the address.",
            "actions": [a.model_dump() for a in actions],
            "reward_overrides": {
                "process_checkpoints": [
                    {"id": "looked_up", "weight": 0.2, "when": {"tool": "get_order_details", "succeeded": True}},
                    {"id": "cancelled", "weight": 0.4, "when": {"state": f'orders["{order_id}"].status', "eq": "cancelled"}},
                ]
            },
        }
    )
    return task, order_id, gift


def trajectories(task: ShapedTask, db: Dict[str, Any], n: int) -> List[Tuple[List[Action], bool]]:
    gt = list(task.actions)
    other = next(o for o in sorted(db["orders"]) if o != gt[0].kwargs["order_id"])
    out = []
    for i in range(n):
        actions = [a.model_copy(deep=True) for a in gt]
        if i % 2 == 0:
            if i % 4 == 0:
                actions.insert(0, A("get_order_details", order_id=other))  # an extra read
            out.append((actions, True))
            continue
        kind = (i // 2) % 4
        if kind == 0:
            actions[2].kwargs["amount"] = 10.5
        elif kind == 1:
            actions[1].kwargs["reason"] = "ordered by mistake"
        elif kind == 2:
            actions[3].kwargs["zip"] = "73302"
        else:
            del actions[3]
        out.append((actions, False))
    return out


def taubench_way(json_text: str, task: ShapedTask, actions: List[Action]) -> float:
    """What tau-bench's Env does for one episode and its reward."""
    data = json.loads(json_text)
    for a in actions:
        try:
            TOOLS_MAP[a.name].invoke(data=data, **a.kwargs)
        except Exception:
            pass
    data_hash = consistent_hash(to_hashable(data))
    gt = json.loads(json_text)
    for a in task.actions:
        TOOLS_MAP[a.name].invoke(data=gt, **a.kwargs)
    return 1.0 if consistent_hash(to_hashable(gt)) == data_hash else 0.0


def run_scale(scale: int, n: int, baseline_every: int, rules: bool = True) -> Dict[str, Any]:
    db = build_database(scale)
    json_text = json.dumps(db)
    task, _, _ = make_task(db)
    env = Env(
        data_load_func=lambda: json.loads(json_text),
        tools=TOOLS,
        tasks=[task],
        wiki="",
        rules=[],
        user_strategy=ScriptedUser(),
        policy_rules=PolicyRuleSet.model_validate(BENCH_RULES) if rules else None,
    )
    trajs = [(with_questions(a) if rules else a, ok) for a, ok in trajectories(task, db, n)]
    replies = ["Yes, go ahead."] * 3 if rules else None
    t0 = time.perf_counter()
    first = score_trajectory(env, task, trajs[0][0], user_replies=replies)
    first_ms = (time.perf_counter() - t0) * 1000
    assert first.status == "ok", first.error
    times_a, times_b, disagreements = [], [], []
    # Each way timed in its own phase: interleaved, the garbage of the tau-bench way's
    # million-object parses is collected during the other's calls and charged to them.
    legacy = {}
    for index, (actions, _) in enumerate(trajs):
        if index % baseline_every == 0 or index % baseline_every == 1:  # a correct and a wrong one
            t0 = time.perf_counter()
            legacy[index] = taubench_way(json_text, task, actions)
            times_a.append(time.perf_counter() - t0)
    gc.collect()
    for index, (actions, correct) in enumerate(trajs):
        expected = 1.0 if correct else 0.0
        legacy_a = legacy.get(index, expected)
        t1 = time.perf_counter()
        result = score_trajectory(env, task, actions, user_replies=replies)
        times_b.append(time.perf_counter() - t1)
        if rules and len(result.rules_checked) != len(BENCH_RULES["rules"]):
            disagreements.append((index, "rules not all bound", result.rules_checked))
        if result.status != "ok" or result.legacy_reward != legacy_a or legacy_a != expected or result.outcome_reward != expected:
            disagreements.append((index, correct, legacy_a, result.legacy_reward, result.outcome_reward, result.error))
    return {
        "scale": scale,
        "chars": len(json_text),
        "median_a_ms": statistics.median(times_a) * 1000,
        "median_b_ms": statistics.median(times_b) * 1000,
        "first_b_ms": first_ms,
        "disagreements": disagreements,
        "n": n,
        "n_a": len(times_a),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trajectories", type=int, default=200)
    parser.add_argument("--scales", default="1,10")
    parser.add_argument("--no-rules", action="store_true", help="score without the domain policy rules")
    parser.add_argument(
        "--baseline-every",
        type=int,
        default=10,
        help="above scale 1, run the slow tau-bench way on every Nth pair of trajectories only",
    )
    parser.add_argument("--many-tasks", type=int, default=0, metavar="N",
                        help="instead: N distinct tasks of each bundled domain, scoring cold (first trajectory of each "
                             "task) and warm reported apart (scripts/bench_cold_warm.py)")
    args = parser.parse_args()
    if args.many_tasks:
        from bench_cold_warm import bench

        for name in ("food_delivery", "tau2:retail", "tau2:airline"):
            try:
                bench(name, args.many_tasks)
            except LookupError as exc:  # a tau2 domain without the tau2 extra
                print(f"{name:14} skipped: {exc}")
        return 0
    scales = [int(s) for s in args.scales.split(",")]
    rules = not args.no_rules
    print(f"domain policy rules: {'on (' + str(len(BENCH_RULES['rules'])) + ' rules)' if rules else 'off'}")
    results = [run_scale(scale, args.trajectories, 2 if scale == 1 else 2 * args.baseline_every, rules) for scale in scales]
    ok = True
    for r in results:
        ratio = r["median_a_ms"] / r["median_b_ms"]
        print(
            f"scale x{r['scale']}: {r['chars']:,} chars of JSON, {r['n']} trajectories | "
            f"tau-bench way median {r['median_a_ms']:.2f} ms over {r['n_a']} | score_trajectory median {r['median_b_ms']:.3f} ms "
            f"(first call, cache cold: {r['first_b_ms']:.1f} ms) | speed-up {ratio:.1f}x | "
            f"verdicts disagree on {len(r['disagreements'])}"
        )
        for d in r["disagreements"][:5]:
            print(f"  disagreement: {d}")
        ok = ok and not r["disagreements"]
    if 1 in scales:
        r1 = next(r for r in results if r["scale"] == 1)
        ratio = r1["median_a_ms"] / r1["median_b_ms"]
        print(f"{'PASS' if ratio >= 200 else 'FAIL'}: speed-up at retail size {ratio:.1f}x (target >= 200x)")
        if 10 in scales:
            r10 = next(r for r in results if r["scale"] == 10)
            growth = r10["median_b_ms"] / r1["median_b_ms"]
            print(f"{'PASS' if growth <= 3 else 'FAIL'}: x10 data grows score_trajectory time {growth:.2f}x (target <= 3x)")
    print(f"{'PASS' if ok else 'FAIL'}: same verdicts on every trajectory")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
