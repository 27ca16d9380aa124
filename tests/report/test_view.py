"""Issue 28: ``tau-shaped view`` browses a results file as tau2's view does: the runs, the
episodes filtered by task, bucket and verdict, one episode with its conversation, verdict and
evidence. Tested as a user would: printed (a pipe), typed at its prompt in tmux, and served to
headless Chromium."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid

import pytest
from typer.testing import CliRunner

from tau_shaped.cli.app import app
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.evaluation.runner import RunConfig, run
from tests.conftest import ROOT
from tests.headless_chromium import Browser, chromium_path

FOOD = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"
TAU_SHAPED = [sys.executable, "-m", "tau_shaped.cli"]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("view")
    summary = run(RunConfig(env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(FOOD),
                            task_ids=["fd-allergen-3", "fd-cap-3", "fd-missing-3"], num_trials=2, log_dir=str(folder)))
    return summary.path


def _view(*args, width=120):
    result = CliRunner().invoke(app, ["view", *map(str, args)], env={"COLUMNS": str(width)})
    return result.exit_code, result.output


def test_the_list_filtered_by_verdict_task_and_bucket(results):
    code, out = _view(results, "--print")
    assert code == 0 and "Runs" in out and "Episodes (6)" in out
    code, out = _view(results, "--print", "--verdict", "alternative")
    listed = out.split("Episodes (", 1)[-1]  # the run's file name, in the runs table above, names its task ids
    assert code == 0 and "Episodes (1)" in out and "fd-missing-3" in listed and "fd-cap-3" not in listed
    code, out = _view(results, "--print", "--task", "fd-cap-3")
    assert code == 0 and "Episodes (2)" in out and "fd-allergen-3" not in out.split("Episodes (", 1)[-1]
    bucket = read_results(results)[0]["info"]["task"]["bucket"]
    code, out = _view(results, "--print", "--bucket", bucket, "--verdict", "pass")
    assert code == 0 and "Episodes (1)" in out
    code, out = _view(results, "--print", "--limit", "2")
    assert "Episodes (2 of 6)" in out and "4 more" in out


def test_one_episode_with_its_verdict_evidence_and_conversation(results):
    code, out = _view(results, "--episode", "fd-cap-3/1")
    assert code == 0
    assert "Episode #" in out and "fd-cap-3, trial 1" in out and "safety FAILED" in out
    assert re.search(r"compensation_cap\s+│ apology", out)  # the gate and the invariant behind it
    assert "no difference once canonical" in out  # money is the invariant's: the canonical diff is empty...
    assert re.search(r"\.wallet_balance\s+│ 15\s+│ 60", out)  # ...and the raw diff shows what legacy saw
    assert "judged by the invariant apology" in out
    assert "issue_apology_credit(" in out and "gate compensation_cap" in out  # the conversation, marked at its step
    number = re.search(r"Episode #(\d+)", out).group(1)
    assert _view(results, "-e", number)[1] == out  # the same episode by its number


def test_mistakes_are_one_line_errors(results, tmp_path):
    for args, said in [(["--verdict", "nope"], "verdict 'nope' is not one of safety"),
                       (["--task", "fd-nope"], "no episode has task 'fd-nope'"),
                       (["--episode", "999"], "no episode #999"),
                       (["--episode", "fd-cap-3/9"], "no episode of task 'fd-cap-3', trial 9"),
                       (["--run", "3"], "run '3'")]:
        code, out = _view(results, *args)
        assert code == 2 and said in out, (args, out)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    code, out = _view(empty, "--print")
    assert code == 2 and "empty.jsonl" in out and "Traceback" not in out
    code, out = _view(tmp_path / "missing.jsonl", "--print")
    assert code == 2 and "missing.jsonl" in out and "Traceback" not in out


def test_agent_text_is_shown_never_read_as_markup(results, tmp_path):
    records = read_results(results)
    records[0]["traj"].append({"role": "assistant", "content": "[red]not markup[/red] [link=http://x]y[/link]"})
    path = tmp_path / "marked.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    task, trial = records[0]["info"]["task_key"], records[0]["trial"]
    code, out = _view(path, "--episode", f"{task}/{trial}", width=200)
    assert code == 0 and "[red]not markup[/red] [link=http://x]y[/link]" in out


def _tmux(*args, socket):
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, timeout=30)


def _screen(socket):
    return _tmux("capture-pane", "-p", "-J", "-S", "-400", "-t", "view", socket=socket).stdout


def _wait(socket, pattern, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = _screen(socket)
        if re.search(pattern, screen):
            return screen
        time.sleep(0.2)
    raise AssertionError(f"never saw {pattern!r} on the screen:\n{_screen(socket)}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_prompt_typed_at_in_tmux(results):
    """A user at a terminal: the prompt lists, filters and opens episodes, then quits."""
    socket = f"tau-shaped-view-{uuid.uuid4().hex[:8]}"
    command = " ".join([*TAU_SHAPED, "view", str(results)])
    _tmux("new-session", "-d", "-s", "view", "-x", "160", "-y", "60", "-c", str(ROOT), command, socket=socket)
    try:
        _wait(socket, r"view>")
        _tmux("send-keys", "-t", "view", "verdict alternative", "Enter", socket=socket)
        _wait(socket, r"verdict alternative: 1 episodes")
        _tmux("send-keys", "-t", "view", "list", "Enter", socket=socket)
        screen = _wait(socket, r"Episodes \(1\)")
        number = re.search(r"│ #(\d+) +│ fd-missing-3", screen).group(1)
        _tmux("send-keys", "-t", "view", "clear", "Enter", socket=socket)
        _tmux("send-keys", "-t", "view", number, "Enter", socket=socket)
        screen = _wait(socket, rf"Episode #{number}: fd-missing-3")
        assert "valid alternative" in screen
        _tmux("send-keys", "-t", "view", "verdict nope", "Enter", socket=socket)
        _wait(socket, r"verdict 'nope' is not one of")
        _tmux("send-keys", "-t", "view", "quit", "Enter", socket=socket)
        deadline = time.monotonic() + 20
        while _tmux("has-session", "-t", "view", socket=socket).returncode == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _tmux("has-session", "-t", "view", socket=socket).returncode != 0  # quit ends the program
    finally:
        _tmux("kill-server", socket=socket)


def test_served_to_a_browser_on_localhost(results):
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing in CI (.ci/run installs it with apt)")
        pytest.skip("chromium is not installed")
    server = subprocess.Popen([*TAU_SHAPED, "view", str(results), "--serve", "--port", "0"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    browser = None
    try:
        line = server.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)
        browser = Browser(path)
        page = browser.open(url)
        assert page.evaluate("document.querySelectorAll('#episode-table tbody tr').length") == 6
        assert page.widths() == {"scroll": 390, "viewport": 390, "client": 390}
        import urllib.error
        import urllib.request

        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(url + "etc/passwd", timeout=10)
        assert missing.value.code == 404  # only the report is served
    finally:
        if browser is not None:
            browser.close()
        server.terminate()
        server.wait(timeout=10)
