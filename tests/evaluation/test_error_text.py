"""An error's message reaches the user whole (issue 42: ``No module named 'nosuchmod`` lost its
closing quote to a strip meant for a KeyError's repr)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.error_text import error_text

runner = CliRunner()


def test_a_keyerror_says_its_text_and_any_other_error_its_str():
    assert error_text(KeyError("'x' is not a task of food_delivery's test split")) == "'x' is not a task of food_delivery's test split"
    assert error_text(LookupError("No module named 'nosuchmod'")) == "No module named 'nosuchmod'"
    assert error_text(KeyError(3)) == "3"


@pytest.mark.parametrize("verb", [["run", "--agent-strategy", "ground-truth", "--user-strategy", "scripted"], ["score", "x.json"]])
def test_an_unknown_env_module_is_named_with_both_its_quotes(tmp_path, verb):
    if verb[0] == "score":
        (tmp_path / "x.json").write_text("[]")
        verb = ["score", str(tmp_path / "x.json")]
    else:
        verb = verb + ["--log-dir", str(tmp_path)]
    result = runner.invoke(app, verb + ["--env", "nosuchmod:X"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "No module named 'nosuchmod'\n" in result.output, result.output
