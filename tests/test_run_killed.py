"""A run killed halfway (SIGKILL, no clean-up) and resumed: no episode lost or doubled."""

import os
import signal
import subprocess
import sys
import time

from tau_shaped.evaluation.results_file import read_results
from tests.conftest import ROOT

RECORDINGS = ROOT / "tasks" / "food_delivery" / "recordings" / "test.json"


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
        out = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "run", *args, "--log-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert out.returncode == 2, out.stderr
        assert needle in out.stderr and "Traceback" not in out.stderr
    bad = subprocess.run(_command(tmp_path / "bad.jsonl"), cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "line 1: not valid JSON" in bad.stderr and "Traceback" not in bad.stderr
