"""The command line: `tau-shaped tasks schema` and `tasks validate`."""

import json

from typer.testing import CliRunner

from tau_shaped.cli import app
from tests.mini_domain import TASKS_FILE

runner = CliRunner()


def test_tasks_schema_is_json_schema():
    result = runner.invoke(app, ["tasks", "schema"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["type"] == "array" and "ShapedTask" in json.dumps(schema)


def test_tasks_validate(tmp_path):
    ok = runner.invoke(app, ["tasks", "validate", str(TASKS_FILE)])
    assert ok.exit_code == 0 and "5 task(s) valid" in ok.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "x", "user_id": "u", "instruction": "i", "actions": [], "outputs": 3}]))
    result = runner.invoke(app, ["tasks", "validate", str(bad)])
    assert result.exit_code == 1
    assert "task 'x' at $[0].outputs" in result.output


def test_tasks_check_names_failing_task(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "idle", "user_id": "C1", "instruction": "i", "actions": []}]))
    result = runner.invoke(app, ["tasks", "check", str(bad), "--domain", "tests.mini_domain:DOMAIN"])
    assert result.exit_code == 1
    assert "task 'idle': an agent that does nothing scores outcome 1" in result.output


def test_tasks_check_unknown_domain(tmp_path):
    bad = tmp_path / "t.json"
    bad.write_text("[]")
    result = runner.invoke(app, ["tasks", "check", str(bad), "--domain", "nope"])
    assert result.exit_code == 1 and "unknown domain 'nope'" in result.output
