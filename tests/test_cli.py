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


def test_tasks_check_a_domains_own_splits():
    """With no files, `tasks check --env D` checks the tasks domain D ships, split by split
    (tau2's and tau-bench's come with their domains, not as files); --split picks some."""
    result = runner.invoke(app, ["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--workers", "1"])
    # 'plain' is the mini domain's known bad task (its ground truth never says its output)
    assert result.exit_code == 1, result.output
    assert "4/5 task(s) pass the check" in result.output
    assert "tests.mini_domain:DOMAIN [test]: task 'plain': ground truth scores legacy 0" in result.output
    one = runner.invoke(app, ["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--split", "test", "--workers", "1"])
    assert one.exit_code == 1 and "4/5" in one.output
    missing = runner.invoke(app, ["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--split", "nope"])
    assert missing.exit_code == 1 and "no task split 'nope'" in missing.output and "Traceback" not in missing.output
    # no --env: the one default rule, food_delivery
    no_env = runner.invoke(app, ["tasks", "check", "--split", "nope"])
    assert no_env.exit_code == 1 and "domain food_delivery has no task split 'nope'" in no_env.output


def test_tasks_check_names_a_failing_task_of_a_domain_split(tmp_path):
    """A refusal names the domain and split where a file's path would be."""
    from tau_shaped.tasks.check_runner import source_label, split_source

    assert source_label(split_source("test"), "tau2:airline") == "tau2:airline [test]"
    assert source_label(tmp_path / "a.json", "x") == str(tmp_path / "a.json")
