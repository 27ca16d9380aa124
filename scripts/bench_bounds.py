"""What no way of scoring a batch beats, for ``bench_batch.py``: the floor (reading and parsing
its lines with the parser ``score`` uses, the bare ground-truth replays of its tasks, the builds
of their worlds) and the split bound (two processes started together, each scoring half the
batch alone: no routing, no messages, no shared output)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import time
from pathlib import Path
from typing import List, Optional, Tuple


def floor(batch: Path, env_name: str, split: str) -> Tuple[float, float, float, int, int]:
    """(read + parse s, bare ground-truth replays s, world builds s, tasks, worlds) of a batch:
    the work no scorer can skip, with the parser ``score`` uses (``line_scan``), in this process."""
    from tau_shaped.env.episode_runner import EpisodeRunner
    from tau_shaped.evaluation.line_scan import scanned_line
    from tau_shaped.evaluation.results_stream import iter_raw_lines
    from tau_shaped.tasks.domains import load_domain

    start = time.perf_counter()
    keys = set()
    for line in iter_raw_lines(batch):
        scanned = scanned_line(line)
        if scanned is not None:
            keys.add(scanned[0]["info"].get("task_key"))
    read = time.perf_counter() - start
    domain = load_domain(env_name)
    tasks = [t for t in domain.tasks(split) if t.id in keys]
    env = domain.make_env(tasks=tasks, task_index=0)
    seeds = sorted({t.seed for t in tasks})
    gc.collect()
    gc.disable()  # as score builds them (RecordScorer.world): the collector paused, else its passes were half the time
    try:
        start = time.perf_counter()
        worlds = {seed: domain.load_data(seed=seed) for seed in seeds}
        built = time.perf_counter() - start
    finally:
        gc.enable()
    start = time.perf_counter()
    for task in tasks:
        EpisodeRunner(worlds[task.seed], env.tools_map, task.seed).replay(task.actions)
    replays = time.perf_counter() - start
    return read, replays, built, len(tasks), len(seeds)


def halves(batch: Path, work: Path) -> Tuple[Path, Path]:
    """The batch cut in two at the first task boundary from its middle line on (each task's
    rollouts on one side), as two files."""
    lines = batch.read_bytes().splitlines(keepends=True)
    keys = [json.loads(line)["info"]["task_key"] for line in lines]
    cut = len(lines) // 2
    while 0 < cut < len(lines) and keys[cut] == keys[cut - 1]:
        cut += 1
    first, second = work / "half-1.jsonl", work / "half-2.jsonl"
    first.write_bytes(b"".join(lines[:cut]))
    second.write_bytes(b"".join(lines[cut:]))
    return first, second


def split_bound(commands: List[List[str]], outputs: List[Path], cwd: Path, pythonpath: Optional[str]) -> float:
    """Wall seconds of ``commands`` (1-worker ``score`` runs, one per half) started together: no
    routing, no messages, no shared output, each paying its own start-up and worlds. What any
    split of the batch over two processes costs at this per-rollout cost, coordination aside."""
    env = {**os.environ, "PYTHONPATH": pythonpath or ""}
    for out in outputs:
        out.unlink(missing_ok=True)
    start = time.perf_counter()
    procs = [subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for cmd in commands]
    codes = [proc.wait() for proc in procs]
    wall = time.perf_counter() - start
    if any(codes):
        raise SystemExit(f"a half's score failed (exit codes {codes})")
    return wall
