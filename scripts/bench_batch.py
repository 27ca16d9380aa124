"""Benchmark: scoring a GRPO step's rollouts, and a results file of a gigabyte (issue 20).

    python scripts/bench_batch.py [--tasks 1024] [--rollouts 8] [--big-gb 1.0] [--sample 64] [--no-ray] [--repeat 3]

1. Generates a GRPO-shaped batch of the bundled domain (``grpo_batch.py``: distinct train
   tasks over the seeded worlds, each with rollouts mixing valid alternatives, breaches,
   failures and malformed calls), as JSON lines.
2. Scores it cold, each run a new process (``tau-shaped score``, nothing cached: every
   world, ground truth and rule binding is built in it): one worker, every core, and Ray on a
   local instance (when the ray extra is installed). Wall time from the command's start to
   its output on disk, reading and writing included; peak memory as the sum of the proportional
   set sizes (PSS) of the process and its workers, sampled. Checks that every run wrote the
   same bytes. The local runs are repeated (``--repeat``, alternating 1 worker and every core)
   and their medians and the median of the paired ratios printed; the start-up of a process
   (a one-rollout file) is measured too, and the throughput after it.
3. In one process: scores the batch twice, the first pass cold, the second warm, to give the
   cold cost per task ((first - second) / tasks) and the warm cost per rollout.
4. The tau-bench way on a sample of the rollouts: per rollout, load the world from JSON,
   replay the ground truth, hash; load again, replay the rollout, hash; compare. The ratio is
   per rollout against the cold batch run on every core.
5. A results file of ``--big-gb`` gigabytes (the batch repeated), scored on every core: peak
   memory and throughput.

Issue 20's targets: the batch in at most 10 s wall on 2 cores, cold; under 5 ms cold cost per
task; under 400 MB peak for a 1 GB input; 2 workers at least 1.7x one. Figures are printed
with the target beside them: this machine is shared and noisy, so read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from statistics import median
from typing import Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import grpo_batch  # noqa: E402

ENV, SPLIT = "food_delivery", "train"


def _children(pid: int) -> List[int]:
    out: List[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                out.extend(int(c) for c in handle.read().split())
    except OSError:
        pass
    return out


def _pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _tree_pss_mb(root: int) -> float:
    total, stack, seen = 0, [root], set()
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += _pss_kb(pid)
        stack.extend(_children(pid))
    return total / 1024


def run_measured(cmd: List[str]) -> Tuple[float, float]:
    """(wall seconds, peak PSS of the process tree in MB) of a command."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    peak = [0.0]

    def sample() -> None:
        while proc.poll() is None:
            peak[0] = max(peak[0], _tree_pss_mb(proc.pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, err = proc.communicate()
    wall = time.perf_counter() - start
    sampler.join()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err.decode()[-500:]}")
    return wall, peak[0]


def score_cmd(source: Path, out: Path, workers: int, backend: str = "local") -> List[str]:
    cmd = [sys.executable, "-m", "tau_shaped.cli", "score", str(source), "--env", ENV, "--task-split", SPLIT,
           "-o", str(out), "--workers", str(workers)]
    return cmd + (["--backend", "ray"] if backend == "ray" else [])


def in_process(batch: Path, tasks: int) -> Tuple[float, float, float]:
    """(set-up s, cold cost per task ms, warm ms per rollout) in one process, one worker."""
    from tau_shaped.env.state_digest import base_digest
    from tau_shaped.evaluation.record_scorer import RecordScorer, dump_record
    from tau_shaped.evaluation.results_stream import iter_results

    records = list(iter_results(batch))
    t0 = time.perf_counter()
    scorer = RecordScorer(ENV, SPLIT)
    for seed in sorted({scorer.tasks[scorer.task_index(r, "x")].seed for r in records}):
        base_digest(scorer.env.initial_state(seed))  # per world: S0 and its laid-out legacy text
    setup = time.perf_counter() - t0
    passes = []
    for _ in range(2):
        t1 = time.perf_counter()
        for n, record in enumerate(records):
            dump_record(scorer.score(record, f"record {n}"), "jsonl")
        passes.append(time.perf_counter() - t1)
    cold, warm = passes
    return setup, 1000 * (cold - warm) / tasks, 1000 * warm / len(records)


def taubench_way(batch: Path, sample: int) -> float:
    """Milliseconds per rollout the tau-bench way (fresh state from JSON, ground truth replayed
    and hashed, rollout replayed and hashed, per rollout)."""
    from tau_shaped.env.episode_runner import EpisodeRunner
    from tau_shaped.env.hashing import data_hash
    from tau_shaped.env.traj_format import TrajectoryError, parse_traj
    from tau_shaped.evaluation.results_stream import iter_results
    from tau_shaped.tasks.domains import load_domain

    domain = load_domain(ENV)
    tasks = {t.id: t for t in domain.tasks(SPLIT)}
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    records = [r for n, r in enumerate(iter_results(batch)) if n % max(1, 8192 // sample) == 0][:sample]
    texts = {}
    for record in records:  # the world files, as tau-bench keeps its data (JSON on disk)
        seed = tasks[record["info"]["task_key"]].seed
        texts.setdefault(seed, json.dumps(env.initial_state(seed)))
    start = time.perf_counter()
    for record in records:
        task = tasks[record["info"]["task_key"]]
        truth = EpisodeRunner(json.loads(texts[task.seed]), env.tools_map, task.seed)
        truth.replay(task.actions)
        gt_hash = data_hash(truth.overlay.data)
        try:
            actions = parse_traj(record["traj"]).actions
        except TrajectoryError:
            continue
        mine = EpisodeRunner(json.loads(texts[task.seed]), env.tools_map, task.seed)
        mine.replay(actions)
        _ = data_hash(mine.overlay.data) == gt_hash
    return 1000 * (time.perf_counter() - start) / len(records)


def big_file(batch: Path, gigabytes: float, target: Path) -> int:
    size = batch.stat().st_size
    copies = max(1, int(gigabytes * 1e9 / size + 0.999))
    data = batch.read_bytes()
    with open(target, "wb") as handle:
        for _ in range(copies):
            handle.write(data)
    return copies * data.count(b"\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=1024)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--big-gb", type=float, default=1.0, help="0 to skip the large-file run")
    parser.add_argument("--sample", type=int, default=64, help="rollouts scored the tau-bench way")
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="cold runs of each local configuration, alternating")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    work = Path(tempfile.mkdtemp(prefix="bench_batch_"))
    try:
        batch = work / "batch.jsonl"
        count = grpo_batch.write(batch, args.tasks, args.rollouts)
        print(f"batch: {count} rollouts of {args.tasks} train tasks, {batch.stat().st_size / 1e6:.0f} MB of JSON lines; "
              f"{cores} cores")
        runs: Dict[str, List[Tuple[float, float]]] = {}
        outputs: Dict[str, bytes] = {}
        local = [("1 worker", 1), (f"{cores} workers", cores)]
        for _ in range(args.repeat):  # alternating, so a drift of the machine's speed hits both
            for label, workers in local:
                out = work / f"out-{workers}.jsonl"
                runs.setdefault(label, []).append(run_measured(score_cmd(batch, out, workers)))
                outputs[label] = out.read_bytes()
        if not args.no_ray:
            try:
                import ray  # noqa: F401

                label = f"ray local, {cores} actors"
                out = work / "out-ray.jsonl"
                runs[label] = [run_measured(score_cmd(batch, out, cores, "ray"))]
                outputs[label] = out.read_bytes()
            except ImportError:
                print("ray: not installed (pip install -e '.[ray]'), skipped")
        for label, measured in runs.items():
            wall = median([w for w, _ in measured])
            peak = max(p for _, p in measured)
            spread = f" ({min(w for w, _ in measured):.2f}-{max(w for w, _ in measured):.2f})" if len(measured) > 1 else ""
            print(f"cold, {label:22}: {wall:6.2f} s wall{spread}, median of {len(measured)}, {count / wall:7.0f} rollouts/s, "
                  f"peak {peak:5.0f} MB (PSS, all processes)")
        same = len(set(outputs.values())) == 1
        print(f"outputs identical across runs: {'yes' if same else 'NO'}")
        ones, manys = [w for w, _ in runs["1 worker"]], [w for w, _ in runs[f"{cores} workers"]]
        one, many = median(ones), median(manys)
        ratios = [a / b for a, b in zip(ones, manys)]
        print(f"{cores} workers vs 1, whole process: {median(ratios):.2f}x median of {len(ratios)} pairs "
              f"({min(ratios):.2f}-{max(ratios):.2f}) (target >= 1.7x on 2 cores); batch on every core: {many:.2f} s "
              f"(target <= 10 s)")
        first = work / "first.jsonl"  # one rollout: a process's start, imports, domain and tasks, one world
        first.write_bytes(batch.read_bytes().split(b"\n", 1)[0] + b"\n")
        start_up = median([run_measured(score_cmd(first, work / "first.out.jsonl", 1))[0] for _ in range(3)])
        if many > 2 * start_up:
            print(f"start-up (a one-rollout file, cold): {start_up:.2f} s; throughput after it: 1 worker "
                  f"{count / (one - start_up):.0f} rollouts/s, {cores} workers {count / (many - start_up):.0f} "
                  f"rollouts/s: {(one - start_up) / (many - start_up):.2f}x")
        else:
            print(f"start-up (a one-rollout file, cold): {start_up:.2f} s; the batch is too small to tell throughput after it")
        setup, cold_task, warm = in_process(batch, args.tasks)
        print(f"in one process: set-up {setup:.2f} s (domain, {args.tasks} tasks' worlds); cold cost {cold_task:.2f} ms/task "
              f"(target < 5 ms); warm {warm:.2f} ms/rollout")
        tb = taubench_way(batch, args.sample)
        ours = 1000 * many / count
        print(f"tau-bench way: {tb:.1f} ms/rollout on {args.sample} sampled; batch cold on every core: {ours:.2f} ms/rollout "
              f"-> {tb / ours:.0f}x")
        if args.big_gb > 0:
            big = work / "big.jsonl"
            rows = big_file(batch, args.big_gb, big)
            wall, peak = run_measured(score_cmd(big, work / "big.out.jsonl", cores))
            print(f"{big.stat().st_size / 1e9:.2f} GB input ({rows} rollouts) on {cores} workers: {wall:.1f} s, "
                  f"{rows / wall:.0f} rollouts/s, peak {peak:.0f} MB PSS (target < 400 MB)")
        return 0 if same else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
