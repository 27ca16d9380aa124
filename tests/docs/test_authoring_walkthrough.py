"""docs/authoring.md is a tested example (issue 42): its files are written and its commands run,
in the page's order, in an empty folder, and each command's output must be the output the page
shows, so the walkthrough cannot drift from the code.

The page's conventions: a ```json block whose info string names a file (```json my_tasks/x.json)
is written to that file; in a ```console block each ``$ tau-shaped ...`` line is a command and
the lines under it its output, where a line ``...`` stands for any number of lines and a line
ending in ``...`` for any line that starts with what comes before it; ``<!-- exit N -->`` just
above a block is the exit status its commands end with (else 0). Commands are split with shlex
and run in this process (typer's runner), never through a shell."""

import re
import shlex
from pathlib import Path
from typing import List, Tuple

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app

PAGE = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"
BLOCK = re.compile(r"^(?:<!-- exit (?P<exit>\d+) -->\n)?```(?P<lang>[\w-]*)(?P<name>[^\n]*)\n(?P<body>.*?)^```[ \t]*$",
                   re.M | re.S)


def _steps(text: str) -> List[Tuple[str, ...]]:
    """("file", name, content) and ("run", command, expected lines, exit status), in order."""
    steps: List[Tuple[str, ...]] = []
    for block in BLOCK.finditer(text):
        lang, name, body = block["lang"], block["name"].strip(), block["body"]
        if lang == "json" and name:
            steps.append(("file", name, body))
        elif lang == "console":
            status = int(block["exit"] or 0)
            for line in body.splitlines():
                if line.startswith("$ "):
                    steps.append(("run", line[2:], [], status))
                elif steps and steps[-1][0] == "run":
                    steps[-1][2].append(line.rstrip())
    return steps


def _matches(expected: List[str], got: List[str]) -> bool:
    """Every expected line in order, consecutive except where a ``...`` line skips lines."""
    if not expected:
        return not got
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(_matches(rest, got[i:]) for i in range(len(got) + 1))
    if not got:
        return False
    line = got[0].rstrip()
    fits = line.startswith(head[:-3]) if head.endswith("...") else line == head
    return fits and _matches(rest, got[1:])


def test_the_page_holds_the_whole_walkthrough():
    steps = _steps(PAGE.read_text(encoding="utf-8"))
    files = [s[1] for s in steps if s[0] == "file"]
    verbs = [" ".join(shlex.split(s[1])[:3]) for s in steps if s[0] == "run"]
    assert files == ["my_tasks/refund.json", "my_tasks/refund.json", "my_tasks/results.json"], files
    for verb in ("tau-shaped tasks validate", "tau-shaped tasks check", "tau-shaped score my_tasks/results.json",
                 "tau-shaped view my_tasks/results.shaped.json"):
        assert verb in verbs, verbs
    assert all(s[2] for s in steps if s[0] == "run"), "every command shows its output"


def test_matching_the_shown_output():
    assert _matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert _matches(["a b ...", "c"], ["a b c d", "c"])
    assert not _matches(["a", "d"], ["a", "b", "d"])
    assert not _matches(["a"], ["a", "b"])
    assert not _matches(["a b ...", "c"], ["a c", "c"])


def test_the_walkthrough_runs_as_shown(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for step in _steps(PAGE.read_text(encoding="utf-8")):
        if step[0] == "file":
            path = tmp_path / step[1]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(step[2], encoding="utf-8")
            continue
        _, command, expected, status = step
        argv = shlex.split(command)
        assert argv[0] == "tau-shaped", command
        result = runner.invoke(app, argv[1:])
        got = result.output.splitlines()
        assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.exception)
        assert result.exit_code == status, (command, result.output)
        if not _matches(expected, got):
            pytest.fail(f"{command}: the page shows\n" + "\n".join(expected) + "\nthe command printed\n" + result.output)
