"""Benchmark: the cold and warm cost of scoring, per task, over many tasks (issue 20).

    python scripts/bench_cold_warm.py [--domains food_delivery tau2:retail tau2:airline] [--limit 400]

For each domain: load it and each world's S0 once (printed apart), then score every task's
ground truth twice. The first pass pays each task's cold cost (the ground-truth replay and the
legacy hash of its state), the second is warm (everything cached). Prints milliseconds per
task for each pass and their ratio. Issue 20's figures before this work: 90 ms cold per
food-delivery task (1.5 ms warm); its target: under 5 ms cold.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def bench(name: str, limit: int) -> None:
    from tau_shaped.env.state_digest import base_digest
    from tau_shaped.reward.scoring import score_trajectory
    from tau_shaped.tasks.domains import load_domain

    t0 = time.perf_counter()
    domain = load_domain(name)
    tasks = [t for split in domain.splits for t in domain.tasks(split)][:limit]
    env = domain.make_env(tasks=tasks, task_index=0)
    seeds = sorted({getattr(t, "seed", 0) or 0 for t in tasks})
    for seed in seeds:  # per world, not per task: S0 and its laid-out legacy text
        base_digest(env.initial_state(seed))
    setup = time.perf_counter() - t0
    passes = []
    for _ in range(2):
        t1 = time.perf_counter()
        for task in tasks:
            result = score_trajectory(env, task, list(task.actions))
            if result.status != "ok":
                raise SystemExit(f"{name} task {task.id}: {result.status}: {result.error}")
        passes.append((time.perf_counter() - t1) / len(tasks))
    cold, warm = passes
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{name:14} {len(tasks):5} tasks, {len(seeds):2} world(s): set-up {setup:5.1f} s; "
          f"cold {1000 * cold:6.2f} ms/task, warm {1000 * warm:6.2f} ms/task (cold/warm {cold / warm:4.1f}x); "
          f"peak RSS {rss:.0f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--domains", nargs="+", default=["food_delivery", "tau2:retail", "tau2:airline"])
    parser.add_argument("--limit", type=int, default=400, help="at most this many tasks per domain")
    args = parser.parse_args()
    for name in args.domains:
        try:
            bench(name, args.limit)
        except LookupError as exc:  # a tau2 domain without the tau2 extra
            print(f"{name:14} skipped: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
