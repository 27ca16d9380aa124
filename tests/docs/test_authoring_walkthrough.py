"""docs/authoring.md is a tested example (issue 42): its files are written and its commands run,
in the page's order, in an empty folder, and each command's output must be the output the page
shows, so the walkthrough cannot drift from the code.

The page's conventions: a ```json block whose info string names a file (```json my_tasks/x.json)
is written to that file; in a ```console block each ``$ tau-shaped ...`` line is a command and
the lines under it its output, where a line ``...`` stands for any number of lines and a line
ending in ``...`` for any line that starts with what comes before it; ``<!-- exit N -->`` just
above a block is the exit status its commands end with (else 0). Commands are split with shlex
and run in this process (typer's runner), never through a shell."""

import shlex
from pathlib import Path

from tests.docs.page_examples import matches as _matches
from tests.docs.page_examples import run_page
from tests.docs.page_examples import steps as _steps

PAGE = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"


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
    run_page(PAGE, tmp_path)
