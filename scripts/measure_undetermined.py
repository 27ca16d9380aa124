"""How often the reward abstains because words did not settle a rule (SPEC §8, issue 31).

    python scripts/measure_undetermined.py

Scores every labeled grader corpus (food delivery, and tau2 airline, retail and telecom when
the tau2 extra is installed) and the food-delivery demo recordings, and prints, per corpus, the
episodes whose status is ``undetermined`` (reward None) and the rate, and the episodes where a
gate fired beside a rule the words left undetermined: those are scored 0, never withheld (a
fired gate is never an abstention).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Dict, Iterable, List, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped import load_domain, score_trajectory  # noqa: E402
from tau_shaped.tasks.grader_suite import domain_tasks, load_corpus  # noqa: E402


def _score_all(domain_name: str, entries: Iterable[Dict[str, Any]]) -> Tuple[Counter, List[str]]:
    domain = load_domain(domain_name)
    tasks = domain_tasks(domain, domain.splits)
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    counts: Counter = Counter()
    examples: List[str] = []
    for e in entries:
        task = tasks.get(str(e["task_id"]))
        if task is None:
            counts["unknown task"] += 1
            continue
        if "traj" in e:
            result = score_trajectory(env, task, traj=e["traj"])
        else:
            result = score_trajectory(env, task, e["actions"], user_replies=e.get("user_replies"))
        counts["episodes"] += 1
        counts[result.status] += 1
        if result.undetermined and not result.safety_passed:
            counts["undetermined rule, gate fired (scored 0)"] += 1
        if result.status == "undetermined" and len(examples) < 5:
            u = result.undetermined[0]
            examples.append(f"{e.get('id', e['task_id'])}: {u.id} step {u.step}: {u.evidence}")
    return counts, examples


def main() -> None:
    corpora = [("food_delivery", "food_delivery grader", load_corpus(ROOT / "tau_shaped_domains" / "food_delivery" / "grader")),
               ("food_delivery", "food_delivery demo recordings",
                json.loads((ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json").read_text()))]
    for name in ("airline", "retail", "telecom"):
        folder = ROOT / "tau_shaped_domains" / f"tau2_{name}" / "grader"
        if folder.is_dir():
            corpora.append((f"tau2:{name}", f"tau2 {name} grader", load_corpus(folder)))
    for domain_name, label, entries in corpora:
        try:
            counts, examples = _score_all(domain_name, entries)
        except Exception as exc:  # noqa: BLE001 - a domain whose extra is missing
            print(f"{label}: skipped ({type(exc).__name__}: {exc})")
            continue
        n = counts["episodes"]
        rate = 100.0 * counts["undetermined"] / n if n else 0.0
        print(f"{label}: {counts['undetermined']}/{n} undetermined ({rate:.2f}%); "
              f"gate fired with an undetermined rule: {counts['undetermined rule, gate fired (scored 0)']}; "
              f"other statuses: {dict((k, v) for k, v in counts.items() if k not in ('episodes', 'undetermined', 'ok', 'undetermined rule, gate fired (scored 0)'))}")
        for line in examples:
            print("   ", line)


if __name__ == "__main__":
    main()
