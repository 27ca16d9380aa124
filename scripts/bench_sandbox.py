"""Throughput of the code verifier, unisolated (the old path) against bubblewrap (issue 17).

    python scripts/bench_sandbox.py [--rounds 30] [--workers 1]

Verifies a small correct program (one stdin/stdout case, and one assert-style
case) ``rounds`` times on each path, in the same run, after one warm-up call
each; prints verifications per second and the median and 95th-percentile
latency per path and kind, and whether the bubblewrap median is under the bar
(0.5 s per verification). With ``--workers N`` the calls run from N threads at
once (throughput under load). Exits 1 when the bar is missed, 2 when this
machine cannot run the box.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tau_shaped.verifiers.single_turn.code_sandbox import bubblewrap_problem  # noqa: E402
from tau_shaped.verifiers.single_turn.code_verifier import CodeVerifier  # noqa: E402

BAR_S = 0.5
PROGRAM = "def double(x):\n    return 2 * x\n\nif __name__ == '__main__':\n    import sys\n    data = sys.stdin.read().split()\n    if data:\n        print(double(int(data[0])))\n"
KINDS: Dict[str, Dict[str, Any]] = {
    "stdin/stdout": {"tests": [{"input": "21", "output": "42"}]},
    "asserts": {"asserts": ["assert double(21) == 42", "assert double(-1) == -2"]},
}


def measure(verifier: CodeVerifier, prompt: Dict[str, Any], rounds: int, workers: int) -> Tuple[List[float], float]:
    """Per-call latencies and the wall time of all calls."""
    if verifier.verify(prompt, PROGRAM) != 1.0:  # warm-up, and a check that the path works
        raise SystemExit(f"the benchmark program failed on {verifier.isolation}: {verifier.verify_outcome(prompt, PROGRAM).metadata}")

    def one(_: int) -> float:
        start = time.perf_counter()
        score = verifier.verify(prompt, PROGRAM)
        elapsed = time.perf_counter() - start
        if score != 1.0:
            raise SystemExit(f"the benchmark program scored {score}")
        return elapsed

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        latencies = list(pool.map(one, range(rounds)))
    return latencies, time.perf_counter() - start


def p95(values: List[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    problem = bubblewrap_problem()
    paths = [("unisolated (old path)", CodeVerifier(isolation="none", allow_unisolated=True))]
    if problem is None:
        paths.append(("bubblewrap", CodeVerifier()))
    print(f"{'path':<24}{'kind':<15}{'verif/s':>9}{'median ms':>11}{'p95 ms':>9}")
    medians: Dict[str, List[float]] = {}
    for label, verifier in paths:
        for kind, prompt in KINDS.items():
            latencies, wall = measure(verifier, prompt, args.rounds, args.workers)
            median = statistics.median(latencies)
            medians.setdefault(label, []).append(median)
            print(f"{label:<24}{kind:<15}{args.rounds / wall:>9.1f}{median * 1000:>11.1f}{p95(latencies) * 1000:>9.1f}")
    if problem is not None:
        print(f"bubblewrap: not measured, this machine cannot run the box: {problem}")
        return 2
    worst = max(medians["bubblewrap"])
    verdict = "under" if worst < BAR_S else "OVER"
    print(f"bubblewrap median {worst * 1000:.1f} ms per verification: {verdict} the {BAR_S * 1000:.0f} ms bar")
    return 0 if worst < BAR_S else 1


if __name__ == "__main__":
    sys.exit(main())
