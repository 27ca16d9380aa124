"""docs/extending.md's examples are tested (issue 45): the page's files are written and its
commands run in the page's order in an empty folder (``page_examples``: ``tau-shaped`` commands
in this process with typer's runner, ``python FILE`` with runpy), each output compared with
the one shown; every python example compiles and uses no private name. The domain the examples
use is the template (``tau_shaped_domains.template:DOMAIN``), installed with tau-shaped."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from tau_shaped.reward import checks
from tests.docs.page_examples import private_names, python_blocks, run_page, steps

PAGE = Path(__file__).resolve().parents[2] / "docs" / "extending.md"


def test_the_page_shows_each_concept_by_an_example():
    found = steps(PAGE.read_text(encoding="utf-8"))
    files = {s[1] for s in found if s[0] == "file"}
    commands = [" ".join(shlex.split(s[1])[:3]) for s in found if s[0] == "run"]
    # the domain's arguments, personas and output checks, the rule language, the grader corpus, a check kind
    assert {"rx_demo.py", "my_tasks/flagged.json", "my_rules.json", "my_grader/courier.json", "rambles_kind.py",
            "my_tasks/rambles.json", "try_rambles.py"} <= files, files
    for verb in ("python rx_demo.py", "tau-shaped domain check", "tau-shaped tasks check", "tau-shaped rules validate",
                 "tau-shaped grader-test --env", "python try_rambles.py"):
        assert verb in commands, (verb, commands)
    assert all(s[2] for s in found if s[0] == "run"), "every command shows its output"


def test_python_examples_compile_and_use_no_private_name():
    blocks = python_blocks(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) >= 6, blocks
    for name, code in blocks:
        compile(code, name or "<extending.md>", "exec")
        assert private_names(code) == [], (name, private_names(code))


def test_private_names_are_found():
    assert private_names("from tau_shaped.reward.matcher_schema import _Strict") == ["_Strict"]
    assert private_names("x = text_matching._KEPT_TEXT") == ["._KEPT_TEXT"]
    assert private_names("def __init__(self): return __name__  # _mentioned in a comment") == []


@pytest.fixture()
def clean_registry():
    """The kinds and modules the page's examples add are gone after the test."""
    kinds_before = {type(k) for k in checks.kinds()}
    modules_before = set(sys.modules)
    yield
    for kind in [type(k) for k in checks.kinds()]:
        if kind not in kinds_before:
            checks.unregister(kind)
    for name in set(sys.modules) - modules_before:
        if name in ("rambles_kind", "rx_demo"):
            del sys.modules[name]


def test_the_examples_run_as_shown(tmp_path, monkeypatch, clean_registry):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # `--env rx_demo:DOMAIN` imports the page's module
    monkeypatch.setenv("COLUMNS", "100")
    run_page(PAGE, tmp_path)
    assert "rambles" in checks.form_keys()  # the page's kind was registered by its own import
