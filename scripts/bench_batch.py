"""Benchmark: scoring a GRPO step's rollouts, and a results file of a gigabyte (issue 20).

    python scripts/bench_batch.py [--shape grpo|recordings] [--tasks 1024] [--rollouts 8] [--trials 171]
                                  [--big-gb 1.0] [--sample 64] [--no-ray] [--repeat 3] [--base DIR]

``--shape recordings`` (issue 33): few tasks x many rollouts, the 76 test tasks' recorded
episodes (``run`` replaying the bundled recordings, 4 trials) repeated to ``--trials`` rollouts
each, listed task by task (a GRPO step of few prompts). ``--base DIR``: another checkout of
this repository (the code before a change) scored the same way, alternating with this one,
with the ratio pair by pair. The floor is measured in the same run: reading and parsing the
input with the parser ``score`` uses, the bare ground-truth replays of its tasks and the
builds of their worlds.

1. Generates a GRPO-shaped batch of the bundled domain (``grpo_batch.py``: distinct train
   tasks over the seeded worlds, each with rollouts mixing valid alternatives, breaches,
   failures and malformed calls), as JSON lines.
2. Scores it cold, each run a new process (``tau-shaped score``, nothing cached: every
   world, ground truth and rule binding is built in it): one worker, every core, and Ray on a
   local instance (when the ray extra is installed). Wall time from the command's start to
   its output on disk, reading and writing included; peak memory as the sum of the proportional
   set sizes (PSS) of the process and its workers, sampled; for a run on several workers, each
   scoring process's CPU seconds and idle seconds (the balance, readable on a loaded machine
   where a wall ratio is not). Checks that every run wrote the same bytes (each run's output is
   removed before it starts: a run writes its output, it does not free the last one's). The
   local runs are repeated (``--repeat``, alternating 1 worker and every core) and their
   medians and the median of the paired ratios printed. On 2 cores, two 1-worker processes are
   also started side by side, each on half the batch (cut at a task boundary): the wall of a
   split with no coordination at all, each process paying its own start-up and worlds, what
   any split over two processes costs at this cost per rollout. The start-up of a process
   (a one-rollout file, each tree byte-compiled first, alternating with the base tree's) is
   measured too, and the throughput after it.
3. In one process, on the path ``score`` takes for each line (scan it, score it, make its
   output line): each task's rollouts twice, the first pass cold, the second warm, to give the
   cold cost per task ((first - second) / tasks) and the warm cost per rollout. Each pass
   starts with no replay or state verdicts kept (``reward/replay_memo``, ``state_memo``): a
   pass's rollouts share them among themselves, as a step's do, never with the other pass's
   copies of them.
4. The tau-bench way on a sample of the rollouts: per rollout, load the world from JSON,
   replay the ground truth, hash; load again, replay the rollout, hash; compare. The ratio is
   per rollout against the cold batch run on every core.
5. A results file of ``--big-gb`` gigabytes (the batch repeated), scored on every core: peak
   memory and throughput.

Issue 33's targets: the GRPO batch cold on 2 workers in at most 2.5 s or within 2x of the
floor; at most 300 MB peak for a 1.1 GB input; cold cost at most 1 ms per task, warm at most
0.3 ms per rollout; 2 workers at least 1.85x one on both shapes. Figures are printed with the
target beside them: this machine is shared and noisy, so read the ratios of alternating runs.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import grpo_batch  # noqa: E402
from bench_bounds import floor, halves, split_bound  # noqa: E402
from process_tree import run_measured as _run_in  # noqa: E402

ENV, SPLIT = "food_delivery", "train"
NEUTRAL = Path(tempfile.gettempdir())  # the working folder of scoring runs: not a checkout (its package would shadow)


def run_measured(cmd: List[str], pythonpath: Optional[str] = None,
                 balance: Optional[List[str]] = None) -> Tuple[float, float, float]:
    """``process_tree.run_measured`` run from a folder that is not a checkout."""
    return _run_in(cmd, NEUTRAL, pythonpath, balance)


def tree_path(tree: Optional[Path]) -> Optional[str]:
    """A PYTHONPATH that imports ``tree``'s package and domains instead of this checkout's."""
    if tree is None:
        return None
    links = Path(tempfile.mkdtemp(prefix="bench_tree_"))
    (links / "tau_shaped").symlink_to(tree.resolve() / "tau_shaped")
    # the domains' folder was ``domains/`` before it took its package's name
    domains = tree.resolve() / "tau_shaped_domains"
    (links / "tau_shaped_domains").symlink_to(domains if domains.is_dir() else tree.resolve() / "domains")
    return str(links)


def split_option(pythonpath: Optional[str]) -> str:
    """The option a tree's ``score`` names the task split with: ``--split``, or ``--task-split``
    in a checkout from before its rename (read from that tree's ``score --help``)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    help_text = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "score", "--help"], cwd=NEUTRAL, env=env,
                               capture_output=True, text=True, check=True).stdout
    return "--split" if re.search(r"(?<![\w-])--split\b", help_text) else "--task-split"


def score_cmd(source: Path, out: Path, workers: int, backend: str = "local", split: str = SPLIT,
              split_flag: str = "--split") -> List[str]:
    cmd = [sys.executable, "-m", "tau_shaped.cli", "score", str(source), "--env", ENV, split_flag, split,
           "-o", str(out), "--workers", str(workers)]
    return cmd + (["--backend", "ray"] if backend == "ray" else [])


def recordings_batch(target: Path, trials: int, pythonpath: Optional[str]) -> int:
    """The 76 test tasks' recorded episodes (``run`` replaying the bundled recordings, 4 trials),
    each task's repeated to ``trials`` rollouts (trial numbers 0..trials-1), task by task."""
    logs = Path(tempfile.mkdtemp(prefix="bench_rec_"))
    recordings = next(p for p in (ROOT / "tau_shaped_domains" / ENV / "tasks" / "recordings" / "test.json",
                                  ROOT / "tasks" / ENV / "recordings" / "test.json") if p.exists())
    subprocess.run([sys.executable, "-m", "tau_shaped.cli", "run", "--env", ENV, "--agent-strategy", "replay",
                    "--user-strategy", "scripted", "--recordings", str(recordings), "--num-trials", "4",
                    "--log-dir", str(logs)], check=True, cwd=NEUTRAL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": pythonpath or ""})
    episodes: Dict[int, List[dict]] = {}
    for path in logs.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            episodes.setdefault(record["task_id"], []).append(record)
    shutil.rmtree(logs, ignore_errors=True)
    count = 0
    with open(target, "w", encoding="utf-8") as handle:
        for task in sorted(episodes):
            played = sorted(episodes[task], key=lambda r: r["trial"])
            for trial in range(trials):
                record = dict(played[trial % len(played)], trial=trial)
                handle.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
                count += 1
    return count


def in_process(batch: Path, tasks: int, split: str = SPLIT) -> Tuple[float, float, float]:
    """(set-up s, cold cost per task ms, warm ms per rollout) in one process, one worker, on the
    path ``score`` takes for a line (``batch_pool.score_item``: scan, score, the output line)."""
    from tau_shaped.env.state_digest import base_digest
    from tau_shaped.evaluation.batch_pool import score_item
    from tau_shaped.evaluation.line_scan import scanned_line
    from tau_shaped.evaluation.record_scorer import RecordScorer
    from tau_shaped.evaluation.results_stream import iter_raw_lines

    lines = list(iter_raw_lines(batch))
    t0 = time.perf_counter()
    scorer = RecordScorer(ENV, split)
    by_task: Dict[str, List[Any]] = {}
    seeds = set()
    for line in lines:
        record = scanned_line(line)[0]
        by_task.setdefault(record["info"]["task_key"], []).append(("line", line))
        seeds.add(scorer.tasks[scorer.task_index(record, "x")].seed)
    for seed in sorted(seeds):
        base_digest(scorer.env.initial_state(seed))  # per world: S0 and its laid-out legacy text
    setup = time.perf_counter() - t0
    from tau_shaped.reward.scoring import replay_memo, state_memo

    memos = [replay_memo(scorer.env), state_memo(scorer.env)]  # what a task's rollouts share (reward/*_memo)
    cold = warm = 0.0
    for group in by_task.values():  # each task's rollouts cold, then at once again warm: the machine's drift cancels
        passes = []
        for _ in range(2):
            for memo in memos:  # a pass shares replays and states among its own rollouts, not with the other pass's
                memo.clear()
            t1 = time.perf_counter()
            for item in group:
                score_item(scorer, item, "jsonl")
            passes.append(time.perf_counter() - t1)
        cold += passes[0]
        warm += passes[1]
    return setup, 1000 * (cold - warm) / len(by_task), 1000 * warm / len(lines)


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


def compile_tree(pythonpath: Optional[str]) -> None:
    """Byte-compile a tree's package and domains once, so a start-up is not compiling them
    (with PYTHONDONTWRITEBYTECODE set, every process would compile each changed module)."""
    folders = [str(Path(pythonpath or ROOT) / name) for name in ("tau_shaped", "tau_shaped_domains")]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)


def start_up_figure(first: Path, work: Path, trees: List[Tuple[str, Optional[str]]], flags: Dict[str, str],
                    split: str, repeat: int) -> str:
    """Issue 33's start-up: a one-rollout file scored cold (the process's start, imports, the
    domain, its task file and the one task, one world), each tree alternately, byte-compiled."""
    for _, path in trees:
        compile_tree(path)
    walls: Dict[str, List[float]] = {}
    for _ in range(repeat):
        for name, path in trees:
            cmd = score_cmd(first, work / f"first-{name}.out.jsonl", 1, split=split, split_flag=flags[name])
            walls.setdefault(name, []).append(run_measured(cmd, path)[0])
    shown = ", ".join(f"{name} {median(w):.2f} s ({min(w):.2f}-{max(w):.2f})" for name, w in walls.items())
    if "base" in walls:
        ratios = [b / t for b, t in zip(walls["base"], walls["this"])]
        shown += f"; base / this {median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}, {len(ratios)} pairs)"
    return f"start-up (a one-rollout file, cold, wall, median of {repeat}): {shown} (target < 0.4 s)"


def _pairs(runs: Dict[str, List[Tuple[float, float, float]]], a: str, b: str, what: int = 0) -> str:
    ratios = [x[what] / y[what] for x, y in zip(runs[b], runs[a])]
    return f"{median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}, {len(ratios)} pairs)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", choices=("grpo", "recordings"), default="grpo")
    parser.add_argument("--tasks", type=int, default=1024)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--trials", type=int, default=171, help="--shape recordings: rollouts of each test task")
    parser.add_argument("--big-gb", type=float, default=1.0, help="0 to skip the large-file run")
    parser.add_argument("--sample", type=int, default=64, help="rollouts scored the tau-bench way (0: skip)")
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="cold runs of each local configuration, alternating")
    parser.add_argument("--base", type=Path, help="another checkout (the code before a change), run alternately")
    args = parser.parse_args()
    sys.path.insert(0, tree_path(ROOT) or "")  # this checkout's domains too, in this process (the floor, one process)
    cores = len(os.sched_getaffinity(0))
    work = Path(tempfile.mkdtemp(prefix="bench_batch_"))
    split = SPLIT if args.shape == "grpo" else "test"
    try:
        batch = work / "batch.jsonl"
        if args.shape == "grpo":
            count = grpo_batch.write(batch, args.tasks, args.rollouts)
            what = f"{args.tasks} train tasks x {args.rollouts}"
        else:
            count = recordings_batch(batch, args.trials, tree_path(ROOT))
            what = f"76 test tasks' recorded episodes x {args.trials}"
        tasks = len({json.loads(line)["info"]["task_key"] for line in batch.read_text(encoding="utf-8").splitlines()})
        print(f"batch: {count} rollouts ({what}), {batch.stat().st_size / 1e6:.0f} MB of JSON lines; {cores} cores; "
              f"load {os.getloadavg()[0]:.1f}")
        trees = [("this", tree_path(ROOT))] + ([("base", tree_path(args.base))] if args.base else [])
        flags = {name: split_option(path) for name, path in trees}
        for _, path in trees:  # as an installed package is: a tree edited since its last compile would
            compile_tree(path)  # compile its changed modules in every run (PYTHONDONTWRITEBYTECODE)
        runs: Dict[str, List[Tuple[float, float, float]]] = {}
        balances: Dict[str, List[str]] = {}  # per run: each scoring process's CPU and idle seconds
        outputs: Dict[str, bytes] = {}
        for _ in range(args.repeat):  # alternating, so a drift of the machine's speed hits every configuration
            for name, path in trees:
                for workers in (1, cores):
                    label = f"{name}, {workers} worker{'s' if workers > 1 else ''}"
                    out = work / f"out-{name}-{workers}.jsonl"
                    cmd = score_cmd(batch, out, workers, split=split, split_flag=flags[name])
                    out.unlink(missing_ok=True)  # a run writes its output; freeing the last run's is not its work
                    runs.setdefault(label, []).append(run_measured(cmd, path, balances.setdefault(label, [])))
                    outputs[label] = out.read_bytes()
        if not args.no_ray and args.shape == "grpo":
            try:
                import ray  # noqa: F401

                label = f"ray local, {cores} actors"
                out = work / "out-ray.jsonl"
                runs[label] = [run_measured(score_cmd(batch, out, cores, "ray", split=split), trees[0][1])]
                outputs[label] = out.read_bytes()
            except ImportError:
                print("ray: not installed (pip install -e '.[ray]'), skipped")
        for label, measured in runs.items():
            walls = [w for w, _, _ in measured]
            print(f"cold, {label:22}: {median(walls):6.2f} s wall ({min(walls):.2f}-{max(walls):.2f}), "
                  f"{median([c for _, c, _ in measured]):6.2f} CPU-s, median of {len(measured)}; "
                  f"{count / median(walls):6.0f} rollouts/s; peak {max(p for _, _, p in measured):5.0f} MB PSS")
        for label, shown in balances.items():
            if not label.endswith(" 1 worker"):
                print(f"balance, {label}: " + "; ".join(shown))
        mine = {k: v for k, v in outputs.items() if k.startswith("this")}
        same = len(set(mine.values())) == 1
        print(f"outputs identical across this tree's runs: {'yes' if same else 'NO'}"
              + (f"; the base tree's: {'identical' if len(set(outputs.values())) == 1 else 'differ'}" if args.base else ""))
        many = f"this, {cores} workers"
        best_many = median([w for w, _, _ in runs[many]])
        print(f"{cores} workers vs 1 (this tree), wall: {_pairs(runs, many, 'this, 1 worker')} (target >= 1.85x)")
        if args.base:
            base_many = f"base, {cores} workers"
            print(f"{cores} workers vs 1 (base tree), wall: {_pairs(runs, base_many, 'base, 1 worker')}")
            for workers in (1, cores):
                suffix = f"{workers} worker{'s' if workers > 1 else ''}"
                print(f"base / this, {suffix}: wall {_pairs(runs, f'this, {suffix}', f'base, {suffix}')}, "
                      f"CPU {_pairs(runs, f'this, {suffix}', f'base, {suffix}', 1)}")
        if cores == 2:
            parts = halves(batch, work)
            outs = [work / f"{part.stem}.out.jsonl" for part in parts]
            commands = [score_cmd(part, out, 1, split=split, split_flag=flags["this"]) for part, out in zip(parts, outs)]
            bounds = [split_bound(commands, outs, NEUTRAL, trees[0][1]) for _ in range(args.repeat)]
            one = median([w for w, _, _ in runs["this, 1 worker"]])
            print(f"two 1-worker processes side by side, each on half the batch (no coordination): "
                  f"{median(bounds):.2f} s wall ({min(bounds):.2f}-{max(bounds):.2f}), "
                  f"{one / median(bounds):.2f}x one worker; {cores} workers {best_many:.2f} s")
        read, replays, built, distinct, worlds = floor(batch, ENV, split)
        total = read + replays + built
        print(f"floor (this process): read + parse {read:.2f} s, {distinct} bare ground-truth replays {replays:.2f} s, "
              f"{worlds} world builds {built:.2f} s: {total:.2f} s; cold on {cores} workers {best_many:.2f} s = "
              f"{best_many / total:.1f}x the floor (target <= 2x, or <= 2.5 s)")
        first = work / "first.jsonl"  # one rollout: a process's start, imports, domain and tasks, one world
        first.write_bytes(batch.read_bytes().split(b"\n", 1)[0] + b"\n")
        print(start_up_figure(first, work, trees, flags, split, max(3, args.repeat)))
        setup, cold_task, warm = in_process(batch, tasks, split)
        print(f"in one process: set-up {setup:.2f} s (domain, {tasks} tasks' worlds); cold cost {cold_task:.2f} ms/task "
              f"(target <= 1 ms); warm {warm:.2f} ms/rollout (target <= 0.3 ms)")
        if args.sample and args.shape == "grpo":
            tb = taubench_way(batch, args.sample)
            ours = 1000 * best_many / count
            print(f"tau-bench way: {tb:.1f} ms/rollout on {args.sample} sampled; batch cold on every core: "
                  f"{ours:.2f} ms/rollout -> {tb / ours:.0f}x")
        if args.big_gb > 0:
            big = work / "big.jsonl"
            rows = big_file(batch, args.big_gb, big)
            shown: List[str] = []
            wall, cpu, peak = run_measured(score_cmd(big, work / "big.out.jsonl", cores, split=split), trees[0][1], shown)
            print(f"{big.stat().st_size / 1e9:.2f} GB input ({rows} rollouts) on {cores} workers: {wall:.1f} s, "
                  f"{rows / wall:.0f} rollouts/s, peak {peak:.0f} MB PSS (target <= 300 MB); {shown[0]}")
        return 0 if same else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    sys.exit(main())
