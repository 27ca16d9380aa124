"""``python -m tau_shaped.cli`` ends a command that said its work was done (``score``) without
the interpreter's teardown (``cli.process_exit``): the same exit status, its printed lines
flushed, the ``atexit`` functions run; any other ending is the interpreter's own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tau_shaped.cli import process_exit

ROOT = Path(__file__).resolve().parents[2]
ENV = "tests.mini_domain:DOMAIN"


def _python(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("code, status", [(None, 0), (0, 0), (3, 3), (True, 1)])
def test_a_done_command_ends_with_its_status_its_output_flushed_and_exit_functions_run(tmp_path, code, status):
    done = _python(f"""
        import atexit, sys
        from tau_shaped.cli import process_exit
        atexit.register(lambda: print("atexit ran", file=sys.stderr))
        def app():
            sys.stdout.write("last line, unflushed")
            process_exit.work_done()
            sys.exit({code!r})
        process_exit.run(app)
        print("never reached")
    """, tmp_path)
    assert done.returncode == status
    assert done.stdout == "last line, unflushed"
    assert "atexit ran" in done.stderr


def test_a_command_that_did_not_say_so_or_a_printed_status_ends_as_before(tmp_path):
    plain = _python("""
        import sys
        from tau_shaped.cli import process_exit
        process_exit.run(lambda: sys.exit(4))
    """, tmp_path)
    assert plain.returncode == 4
    printed = _python("""
        import sys
        from tau_shaped.cli import process_exit
        def app():
            process_exit.work_done()
            sys.exit("a message")
        process_exit.run(app)
    """, tmp_path)
    assert printed.returncode == 1 and "a message" in printed.stderr


def test_a_running_thread_is_waited_for(tmp_path):
    waited = _python("""
        import sys, threading, time
        from tau_shaped.cli import process_exit
        def late():
            time.sleep(0.3)
            print("thread finished")
        def app():
            threading.Thread(target=late).start()
            process_exit.work_done()
            sys.exit(0)
        process_exit.run(app)
    """, tmp_path)
    assert waited.returncode == 0 and "thread finished" in waited.stdout


def test_score_by_module_writes_its_output_and_ends_with_status_0(tmp_path):
    from tau_shaped.evaluation.runner import RunConfig, run as run_episodes

    source = run_episodes(RunConfig(env=ENV, agent_strategy="ground-truth", user_strategy="scripted",
                                    log_dir=str(tmp_path / "run"))).path
    out = tmp_path / "out.jsonl"
    for workers in ("1", "2"):
        done = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "score", str(source), "--env", ENV, "-o", str(out),
                               "--workers", workers], cwd=tmp_path, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"rescored: {out}"
        lines = [json.loads(x) for x in out.read_text().splitlines() if x.strip()]
        assert lines and all("shaped" in x["info"] for x in lines)


def test_a_failing_score_ends_as_before(tmp_path):
    missing = tmp_path / "missing.jsonl"
    done = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "score", str(missing), "--env", ENV],
                          cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          timeout=300)
    assert done.returncode == 2 and "error" in done.stderr


def test_nothing_is_done_in_a_process_that_goes_on():
    assert process_exit._status(None) == 0 and process_exit._status(7) == 7 and process_exit._status("x") is None
