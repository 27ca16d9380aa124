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
