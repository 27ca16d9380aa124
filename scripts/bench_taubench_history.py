"""Rescoring tau-bench's historical results files: tau-bench's way vs ``tau-shaped score`` (issue 20).

Measures, on one tau-bench results file (a JSON list of records: task_id, trial, info.task,
traj, reward), the wall-clock time of:

(a) tau-bench's way, in this process, cold included (``import tau_bench``, reading the file, and
    for every record what tau-bench's run.py does per task): ``get_env`` for the record's task
    (its data loaded), ``reset``, every action of the record's ``traj`` replayed through
    ``env.step`` (the assistant messages parsed as tau-bench's tool-calling agent parses them;
    the user simulator replays the recorded user replies, so no model is called), then
    ``calculate_reward`` (a fresh data load, the ground truth replayed, both states hashed);
(b) ``python -m tau_shaped.cli score FILE --env ENV`` in a new process, 1 worker and 2 workers,
    from process start to exit (imports, domain load, scoring, writing the output).

Each record's tau-bench reward from (a) must equal ``info.shaped.legacy_reward`` from (b):
disagreements are printed and the exit code is 1. Where ``tau_bench`` does not import, prints
a one-line skip and exits 0.

tau-bench reworded 37 airline instructions after publishing its historical files; ``tau-shaped
score`` scores such records (same user and ground truth) with a note, so the file is given as it is.

    python scripts/bench_taubench_history.py --file historical_trajectories/gpt-4o-airline.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # litellm (imported by both) stays off the network


class ReplayUser:
    """tau-bench's user simulator interface, answering with the recorded user messages."""

    def __init__(self, replies):
        self.replies = iter(replies)

    def reset(self, instruction=None):
        return next(self.replies, "")

    def step(self, content):
        return next(self.replies, "")

    def get_total_cost(self):
        return 0.0


def to_action(message, Action):
    """An assistant message as tau-bench's tool-calling agent turns it into an Action."""
    calls = message.get("tool_calls")
    if calls and calls[0].get("function") is not None:
        return Action(name=calls[0]["function"]["name"], kwargs=json.loads(calls[0]["function"]["arguments"]))
    return Action(name="respond", kwargs={"content": message.get("content")})


def taubench_rewards(path, env_name, split, limit):
    """tau-bench's reward of each record, and the seconds taken (import and file read included)."""
    start = time.perf_counter()
    from tau_bench.envs import get_env
    from tau_bench.types import Action

    print(f"tau-bench way: import tau_bench {time.perf_counter() - start:.2f} s", flush=True)

    records = json.loads(Path(path).read_text())[:limit]
    rewards = []
    for rec in records:
        traj = rec.get("traj") or []
        env = get_env(env_name, user_strategy="human", user_model="none", task_split=split, task_index=rec["task_id"])
        env.user = ReplayUser(m.get("content") or "" for m in traj if m.get("role") == "user")
        env.reset(task_index=rec["task_id"])
        reward = None
        for message in traj:
            if message.get("role") != "assistant":
                continue
            response = env.step(to_action(message, Action))
            if response.done:  # tau-bench scored it there (###STOP### or a terminating tool)
                reward = response.info.reward_info.reward
                break
        rewards.append(env.calculate_reward().reward if reward is None else reward)
    return records, rewards, time.perf_counter() - start


def tau_shaped_score(path, env_name, split, workers, out):
    """Seconds from process start to exit of ``tau-shaped score``, and its records."""
    cmd = [sys.executable, "-m", "tau_shaped.cli", "score", str(path), "--env", env_name, "--task-split", split,
           "-o", str(out), "--workers", str(workers)]
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"tau-shaped score failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return seconds, json.loads(out.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--file", required=True, help="a tau-bench results file (JSON list)")
    parser.add_argument("--env", choices=["airline", "retail"], help="default: from the file's name")
    parser.add_argument("--task-split", default="test")
    parser.add_argument("--limit", type=int, default=None, help="the first N records only")
    args = parser.parse_args()
    if importlib.util.find_spec("tau_bench") is None:  # not imported here: (a) times its import
        print("skip: tau_bench is not installed")
        return 0
    env_name = args.env or next((e for e in ("airline", "retail") if e in Path(args.file).name), None)
    if env_name is None:
        parser.error("--env is needed: the file's name names neither airline nor retail")

    try:
        records, tb_rewards, tb_seconds = taubench_rewards(args.file, env_name, args.task_split, args.limit)
    except ImportError as exc:
        print(f"skip: tau_bench does not import ({exc})")
        return 0
    n = len(records)
    with tempfile.TemporaryDirectory() as tmp:
        given = Path(args.file)
        if args.limit is not None:
            given = Path(tmp, "input.json")
            given.write_text(json.dumps(records))
        runs = {w: tau_shaped_score(given, env_name, args.task_split, w, Path(tmp, f"out{w}.json")) for w in (1, 2)}

    print(f"records: {n} ({env_name}, {args.file})")
    print(f"tau-bench way: {tb_seconds:.2f} s total, {1000 * tb_seconds / n:.1f} ms/record (cold, in-process)")
    for w, (seconds, _) in runs.items():
        print(f"tau-shaped score --workers {w}: {seconds:.2f} s total, {1000 * seconds / n:.1f} ms/record "
              f"(new process, cold): {tb_seconds / seconds:.1f}x faster")
    agree = 0
    for i, (rec, tb) in enumerate(zip(records, tb_rewards)):
        legacy = {w: out[i]["info"]["shaped"]["legacy_reward"] if i < len(out) else None for w, (_, out) in runs.items()}
        agree += all(v == tb for v in legacy.values())
        if any(v != tb for v in legacy.values()):
            print(f"DISAGREE task {rec['task_id']} trial {rec.get('trial')}: tau-bench {tb}, tau-shaped {legacy}")
    stored = sum(rec.get("reward") == tb for rec, tb in zip(records, tb_rewards))
    print(f"agreement: {agree}/{n} records (tau-bench's calculate_reward == info.shaped.legacy_reward, 1 and 2 "
          f"workers); the file's own reward equals it on {stored}/{n} (a run cut at 30 steps recorded 0)")
    bad = agree != n
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
