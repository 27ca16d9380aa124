"""How long the noise floor adds to ``tau-shaped compare`` (issue 46): two results files of
1000 records each (250 tasks x 4 trials, and 1000 tasks x 1 trial): compare's summaries of
both (the noise floor included), and the noise floor alone (both runs' intervals, flips and
re-run floors, and the pair's differences); prints the seconds of each, and how fast this
machine's Python is (one random.random() call) to read them by.

    python scripts/bench_noise_floor.py
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tau_shaped.evaluation.noise_floor import pair_noise, run_noise, task_trials  # noqa: E402
from tau_shaped.report.comparison import summarize  # noqa: E402


def records(tasks: int, trials: int, seed: int) -> list:
    """Synthetic scored records: each task a pass probability, some trials undetermined."""
    rng = random.Random(seed)
    out = []
    for task in range(tasks):
        p = rng.random()
        for trial in range(trials):
            passed = rng.random() < p
            status = "undetermined" if rng.random() < 0.03 else "ok"
            shaped = {"status": status, "reward": None if status != "ok" else (1.0 if passed else 0.0) + 0.3 * rng.random(),
                      "outcome_reward": 1.0 if passed else 0.0, "process_reward": rng.random()}
            out.append({"task_id": task, "trial": trial, "reward": float(passed), "traj": [],
                        "info": {"task_key": f"t{task}", "run": {"env": "food_delivery"}, "shaped": shaped}})
    return out


def main() -> None:
    import timeit

    per_call = min(timeit.repeat("r.random()", "import random; r = random.Random(1)", number=200_000, repeat=5)) / 200_000
    print(f"this machine: random.random() takes {per_call * 1e9:.0f} ns")
    folder = Path(tempfile.mkdtemp())
    for tasks, trials in ((250, 4), (1000, 1)):
        paths = []
        for n, seed in enumerate((1, 2)):
            path = folder / f"run{n}-{tasks}x{trials}.jsonl"
            path.write_text("".join(json.dumps(r) + "\n" for r in records(tasks, trials, seed)), encoding="utf-8")
            paths.append(path)
        start = time.perf_counter()
        summaries = [summarize(p) for p in paths]
        total = time.perf_counter() - start
        start = time.perf_counter()
        grouped = [task_trials(s.records) for s in summaries]
        for g in grouped:
            for domain, tasks_of in g.items():
                run_noise(domain, tasks_of)
        for domain in grouped[0]:
            pair_noise(domain, grouped[0][domain], grouped[1][domain])
        alone = time.perf_counter() - start
        print(f"{tasks} tasks x {trials} trials, two files of {tasks * trials} records: compare's summaries "
              f"(noise floor included) {total:.2f} s; the noise floor alone {alone:.2f} s")


if __name__ == "__main__":
    main()
