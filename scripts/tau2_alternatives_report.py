"""Per tau2 domain: how many tasks get shaped rewards that differ from tau2's (issue 18).

1. **Valid alternatives** (tau2 0, shaped 1): for every task whose instruction leaves the
   payment method open (``payment.open_method``, tau_shaped.integrations.tau2.alternatives),
   each open write of the ground truth is re-done with every other method of the customer's
   profile, one at a time. A method the policy allows (and tau2's tool accepts) is a valid
   alternative: it should score shaped outcome 1 and reward 1 while tau2's DB check (the
   legacy reward) gives 0. A method the policy forbids is refused by tau2's tool and loses in
   both. Counted: the tasks with at least one alternative scoring shaped 1 and legacy 0.
2. **Policy breaks** (tau2 1, shaped 0): ground-truth-state trajectories that break a policy
   rule, taken from the grader corpora (``tau_shaped_domains/tau2_<domain>/grader/*.json``): the entries
   that break a policy rule and keep tau2's database check. Counted: the distinct tasks, and the
   rules seen: entries labeled as breaking a gate or a rule, scored, whose legacy reward is 1
   and whose shaped reward is 0.

Usage: ``python scripts/tau2_alternatives_report.py [--domain retail|airline] [--split test|train|all]``
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Dict, List

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.integrations.tau2.alternatives import OPEN_WRITES
from tau_shaped.integrations.tau2.tasks import with_method

ROOT = Path(__file__).resolve().parents[1]


def alternatives(domain: Any, tasks: List[Any]) -> Dict[str, Any]:
    env = domain.make_env(tasks=tasks, task_index=0)
    s0 = env.initial_state(0)
    per_task: Dict[str, Any] = {}
    for task in tasks:
        if not task.reward_overrides.monetary_identity:
            continue
        methods = sorted((s0["users"].get(task.user_id) or {}).get("payment_methods") or {})
        rows = []
        for i, action in enumerate(task.actions):
            if action.name not in OPEN_WRITES:
                continue
            chosen = action.kwargs[OPEN_WRITES[action.name][2]]
            for method in methods:
                if method == chosen:
                    continue
                r = score_trajectory(env, task, with_method(task.actions, i, method))
                rows.append({"step": i, "tool": action.name, "method": method, "legacy": r.legacy_reward,
                             "outcome": r.outcome_reward, "reward": r.reward, "safety": r.safety_passed,
                             "diff": [d["path"] for d in (r.to_dict().get("canonical_diff") or [])][:2]})
        per_task[task.id] = rows
    return per_task


def policy_breaks(name: str, domain: Any) -> Dict[str, Any]:
    """Corpus entries labeled as breaking a gate or rule, scored: those tau2's DB check (the
    legacy reward) passes and the shaped reward fails."""
    by_id = {t.id: t for s in ("test", "train") for t in domain.tasks(s)}
    env = domain.make_env(tasks=list(by_id.values()), task_index=0)
    tasks, rules = set(), defaultdict(set)
    for path in sorted((ROOT / "tau_shaped_domains" / f"tau2_{name}" / "grader").glob("*.json")):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            expected = entry.get("expected") or {}
            broken = list(expected.get("gates") or []) + list(expected.get("rules") or [])
            task = by_id.get(str(entry.get("task_id")))
            if not broken or task is None:
                continue
            actions = [Action(name=a["name"], kwargs=a["kwargs"]) for a in entry["actions"]]
            r = score_trajectory(env, task, actions, user_replies=entry.get("user_replies"))
            if r.status != "ok" or r.legacy_reward != 1.0 or r.reward != 0.0:
                continue
            tasks.add(task.id)
            for rule in broken:
                rules[rule].add(task.id)
    return {"tasks": sorted(tasks, key=int), "rules": {r: sorted(t, key=int) for r, t in sorted(rules.items())}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--domain", choices=["retail", "airline"], action="append")
    parser.add_argument("--split", choices=["test", "train", "all"], default="all")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    for name in args.domain or ["retail", "airline"]:
        domain = load_domain(f"tau2:{name}")
        splits = ["test", "train"] if args.split == "all" else [args.split]
        tasks = [t for s in splits for t in domain.tasks(s)]
        per_task = alternatives(domain, tasks)
        differing = sorted((t for t, rows in per_task.items()
                            if any(r["legacy"] == 0 and r["outcome"] == 1 and r["reward"] == 1 for r in rows)),
                           key=int)
        valid = sum(1 for rows in per_task.values() for r in rows if r["outcome"] == 1)
        print(f"tau2:{name} ({args.split}): {len(tasks)} tasks, {len(per_task)} leave the method open")
        print(f"  tau2 0 / shaped 1 on a policy-valid alternative: {len(differing)} tasks ({valid} alternatives)")
        print(f"    {' '.join(differing)}")
        lost = sorted((t for t, rows in per_task.items() if t not in differing), key=int)
        print(f"  open but no other method scores 1: {len(lost)} tasks {' '.join(lost)}")
        if args.verbose:
            for t, rows in sorted(per_task.items(), key=lambda kv: int(kv[0])):
                for r in rows:
                    print("   ", t, r)
        breaks = policy_breaks(name, domain)
        print(f"  tau2 1 / shaped 0 on a policy-breaking trajectory (grader corpus, both splits): {len(breaks['tasks'])}"
              f" tasks, {len(breaks['rules'])} rules")
        for rule, ids in breaks["rules"].items():
            print(f"    {rule}: {len(ids)}")


if __name__ == "__main__":
    main()
