"""``--env`` naming a domain whose own code fails to import is one line on stderr naming the
author's file and line, exit 2, on ``grader-test``, ``score`` and ``run`` (issue 45), as on
``domain check``: never a traceback."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app

runner = CliRunner()


@pytest.fixture()
def broken(tmp_path, monkeypatch):
    """A package ``rx_broken`` whose ``__init__.py`` raises on its third line."""
    package = tmp_path / "rx_broken"
    package.mkdir()
    init = package / "__init__.py"
    init.write_text("from typing import Any\n\nTABLES: Any = {}['orders']\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "results.json").write_text("[]", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return init


@pytest.mark.parametrize("argv", [
    ["grader-test", "--env", "rx_broken:DOMAIN"],
    ["score", "results.json", "--env", "rx_broken:DOMAIN"],
    ["run", "--env", "rx_broken:DOMAIN", "--agent-strategy", "replay", "--user-strategy", "scripted"],
], ids=["grader-test", "score", "run"])
def test_a_domain_that_does_not_import_is_one_line(broken, argv):
    result = runner.invoke(app, argv)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    line = result.stderr.strip()
    assert "\n" not in line and "Traceback" not in result.output, result.output
    assert re.fullmatch(rf"error: cannot load domain 'rx_broken:DOMAIN': {re.escape(str(broken))}:3: KeyError: 'orders'",
                        line), line


def test_an_unknown_domain_is_still_one_line_naming_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["grader-test", "--env", "no_such_domain_here"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown domain 'no_such_domain_here'"), result.stderr
