"""Measuring a command's process tree from /proc (Linux), for the benchmarks: wall and CPU
seconds, the peak of the tree's proportional set size (PSS), and each process's CPU and idle
seconds (how evenly workers share a run)."""

from __future__ import annotations

import os
import resource
import subprocess
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple


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


def _sched_s(pid: int) -> Tuple[float, float]:
    """(seconds on a CPU, seconds runnable but waiting for one) of a process, all its threads."""
    run = wait = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat") as handle:
                fields = handle.read().split()
            run, wait = run + int(fields[0]), wait + int(fields[1])
    except (OSError, IndexError, ValueError):
        pass
    return run / 1e9, wait / 1e9


def _balance(root: int, seen: Dict[int, List[float]], now: float) -> None:
    """Each process of the tree: [first seen, last seen, CPU s, run-queue wait s] (sampled)."""
    for pid in [root] + _children(root):
        run, wait = _sched_s(pid)
        if run:
            seen.setdefault(pid, [now, now, 0.0, 0.0])[1:] = [now, run, wait]


def balance_text(seen: Dict[int, List[float]], root: int) -> str:
    """The calling process first: CPU s, and idle s (alive, neither on a CPU nor waiting for one)."""
    order = sorted(seen, key=lambda pid: (pid != root, pid))
    return ", ".join(f"{'caller' if pid == root else 'forked'} {seen[pid][2]:.2f} CPU-s idle "
                     f"{max(0.0, seen[pid][1] - seen[pid][0] - seen[pid][2] - seen[pid][3]):.2f} s" for pid in order)


def run_measured(cmd: List[str], cwd: Path, pythonpath: Optional[str] = None,
                 balance: Optional[List[str]] = None) -> Tuple[float, float, float]:
    """(wall seconds, CPU seconds of the process and its workers, peak PSS of the process tree
    in MB) of a command run in ``cwd``; ``pythonpath``: another tree's.
    ``balance``: a list to append the run's per-process CPU and idle seconds to (sampled every
    50 ms, so an idle figure is good to about 0.1 s), as ``balance_text`` gives them."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd, env=env)
    peak = [0.0]
    seen: Dict[int, List[float]] = {}

    def sample() -> None:
        while proc.poll() is None:
            peak[0] = max(peak[0], _tree_pss_mb(proc.pid))
            if balance is not None:
                _balance(proc.pid, seen, time.perf_counter() - start)
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, err = proc.communicate()
    wall = time.perf_counter() - start
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err.decode()[-500:]}")
    if balance is not None:
        balance.append(balance_text(seen, proc.pid))
    return wall, cpu, peak[0]
