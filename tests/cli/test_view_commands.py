"""Issue 42, ``tau-shaped view`` on a user's first day: ``list N`` past the last page says how many
pages there are (never "page 5 of 1"), the prompt recalls the lines typed (readline history, in
memory only: no history file is written), and a file that is no results file is one line naming
it and the problem, exit status 2 (no boxed usage message)."""

from __future__ import annotations

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
from tau_shaped.cli.view_commands import PAGE, list_page
from tau_shaped.evaluation.runner import RunConfig, run
from tests.conftest import ROOT

FOOD = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"


def test_list_pages():
    assert list_page(None, 3) == (1, 1) and list_page(None, 0) == (1, 1)  # an empty list has its one page, empty
    assert list_page("2", PAGE + 1) == (2, 2)
    with pytest.raises(ValueError, match=r"^no page 5: the 3 episodes fit on one page \(list shows it\)$"):
        list_page("5", 3)
    with pytest.raises(ValueError, match=rf"^no page 3: the {PAGE + 1} episodes fill 2 pages of {PAGE}; list 2 shows the last$"):
        list_page("3", PAGE + 1)
    for bad in ("0", "x", "-1"):
        with pytest.raises(ValueError, match=r"give a page number, 1 to 1"):
            list_page(bad, 3)


@pytest.mark.parametrize("content, says", [(b"\xff\xfe\x00garbage", "not JSON"), (b'{"a": 1}\n', "task_id"),
                                           (None, "No such file")])
def test_a_bad_file_is_one_line_naming_it(tmp_path, content, says):
    path = tmp_path / "bad.jsonl"
    if content is not None:
        path.write_bytes(content)
    result = CliRunner().invoke(app, ["view", str(path), "--print"], env={"COLUMNS": "80"})
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and str(path) in lines[0] and says in lines[0], result.stderr
    assert "Usage" not in result.output and "╭" not in result.output and result.stdout == ""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("view-prompt")
    return run(RunConfig(env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(FOOD),
                         task_ids=["fd-cap-3"], num_trials=2, log_dir=str(folder))).path


def test_a_bad_option_is_one_line_too(results):
    result = CliRunner().invoke(app, ["view", str(results), "--verdict", "nope"], env={"COLUMNS": "80"})
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == ["error: --verdict: verdict 'nope' is not one of safety, lost, alternative, "
                                                  "fail, pass, undetermined, error"]


def _tmux(*args, socket):
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, timeout=30)


def _wait(socket, pattern, timeout=60):
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = _tmux("capture-pane", "-p", "-J", "-S", "-400", "-t", "view", socket=socket).stdout
        if re.search(pattern, screen):
            return screen
        time.sleep(0.2)
    raise AssertionError(f"never saw {pattern!r} on the screen:\n{screen}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_prompt_pages_and_recalls_lines_and_saves_none(results, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    socket = f"tau-shaped-view-{uuid.uuid4().hex[:8]}"
    command = " ".join(["env", f"HOME={home}", "PYTHONSTARTUP=", sys.executable, "-m", "tau_shaped.cli", "view", str(results)])
    _tmux("new-session", "-d", "-s", "view", "-x", "160", "-y", "50", "-c", str(ROOT), command, socket=socket)
    try:
        _wait(socket, r"view> ")
        _tmux("send-keys", "-t", "view", "list 5", "Enter", socket=socket)
        screen = _wait(socket, r"no page 5: the 2 episodes fit on one page")
        assert "page 5 of" not in screen
        _tmux("send-keys", "-t", "view", "task fd-cap-3", "Enter", socket=socket)
        _wait(socket, r"task fd-cap-3: 2 episodes")
        _tmux("send-keys", "-t", "view", "clear", "Enter", socket=socket)
        _wait(socket, r"no filter: 2 episodes")
        _tmux("send-keys", "-t", "view", "Up", "Up", "Enter", socket=socket)  # the line before the last: the filter again
        screen = _wait(socket, r"(?s)no filter: 2 episodes.*task fd-cap-3: 2 episodes")
        assert screen.count("view> task fd-cap-3") == 2
        _tmux("send-keys", "-t", "view", "quit", "Enter", socket=socket)
        deadline = time.monotonic() + 20
        while _tmux("has-session", "-t", "view", socket=socket).returncode == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        _tmux("kill-server", socket=socket)
    assert os.listdir(home) == []  # no history file, nor anything else, left in the user's home
