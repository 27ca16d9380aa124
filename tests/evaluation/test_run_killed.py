"""A run killed halfway (SIGKILL, no clean-up) and resumed: no episode lost or doubled."""

import os
import signal
import subprocess
import sys
import time

from tau_shaped.evaluation.results_file import read_results
from tests.conftest import ROOT

RECORDINGS = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"


def _command(path):
    return [
        sys.executable, "-m", "tau_shaped.cli", "run", "--env", "food_delivery", "--agent-strategy", "replay",
        "--user-strategy", "scripted", "--recordings", str(RECORDINGS), "--num-trials", "2", "--resume", str(path),
    ]


def test_killed_run_resumes(tmp_path):
    from tau_shaped import load_domain

    expected = 2 * len(load_domain("food_delivery").tasks("test"))  # every test task, two trials
    path = tmp_path / "run.jsonl"
    proc = subprocess.Popen(_command(path), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and (not path.exists() or path.read_text().count("\n") < 10):
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    written = path.read_text().count("\n")
    assert 10 <= written < expected, "the run must be killed halfway"
    done = subprocess.run(_command(path), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "resumed:" in done.stderr and "skipped" in done.stderr
    records = read_results(path)
    pairs = [(r["info"]["task_key"], r["trial"]) for r in records]
    assert len(pairs) == expected and len(set(pairs)) == expected


def test_cli_errors_are_one_line(tmp_path):
    for args, needle in [
        (["--env", "nope", "--agent-strategy", "replay", "--recordings", str(RECORDINGS)], "unknown domain 'nope'"),
        (["--env", "food_delivery", "--agent-strategy", "replay", "--recordings", str(RECORDINGS), "--task-ids", "fd-nope"], "unknown task id 'fd-nope'"),
        (["--env", "food_delivery", "--agent-strategy", "replay", "--recordings", str(tmp_path / "missing.json")], "cannot read recordings"),
    ]:
        (tmp_path / "bad.jsonl").write_text("{not json}\n{}\n")
        out = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "run", *args, "--user-strategy", "scripted", "--log-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert out.returncode == 2, out.stderr
        assert needle in out.stderr and "Traceback" not in out.stderr
    bad = subprocess.run(_command(tmp_path / "bad.jsonl"), cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "line 1: not valid JSON" in bad.stderr and "Traceback" not in bad.stderr


def _running_in_group(pgid):
    """The processes of a process group that are not zombies (a killed worker is reaped late)."""
    alive = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] not in (b"Z", b"X"):
            alive.append(int(entry))
    return alive


def test_score_killed_at_random_moments_leaves_only_the_output(grpo_batch, grpo_reference, tmp_path):
    """issue 27: `score --workers 2` SIGKILLed at 20 seeded-random moments, then run once more:
    the folder holds the output and nothing else (no .partial, no spool segment), the output is
    whole, and no worker of a killed run lives on."""
    import random

    if not os.path.isdir("/proc/self"):
        import pytest

        pytest.skip("reads process groups from /proc")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    output = out_dir / "o.jsonl"
    command = [sys.executable, "-m", "tau_shaped.cli", "score", str(grpo_batch), "--env", "food_delivery",
               "--split", "train", "-o", str(output), "--workers", "2"]
    started = time.monotonic()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=60)
    whole = time.monotonic() - started  # how long a run takes here: the kills fall inside one
    output.unlink()
    rng = random.Random(27)
    left_by_kills = 0
    for run in range(20):
        proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        if run % 4 == 0:  # a moment anywhere in the run, start-up included
            time.sleep(rng.uniform(0.05, 1.0) * whole)
        else:  # mid-write: once the run has made its .partial (not by timing alone: a loaded
            # machine stretches start-up past any fixed fraction), after a random short while
            deadline = time.monotonic() + 2 * whole
            while (proc.poll() is None and time.monotonic() < deadline
                   and not any(p.name.endswith(".partial") for p in out_dir.iterdir())):
                time.sleep(0.002)
            time.sleep(rng.uniform(0.0, 0.05))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        left_by_kills += any(p.name.endswith(".partial") for p in out_dir.iterdir())
        deadline = time.monotonic() + 5
        while _running_in_group(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _running_in_group(proc.pid) == [], "a scoring worker outlived its killed run"
        assert time.monotonic() - started < 150, "bounded: 20 killed runs in well under 150 s"
    assert left_by_kills >= 10, f"most kills must land mid-run, or this tests nothing ({left_by_kills} of 20 did)"
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.name for p in out_dir.iterdir()) == ["o.jsonl"]
    assert output.read_bytes() == grpo_reference
