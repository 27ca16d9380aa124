"""SPEC §6.1: a bad task file is refused whole, naming file, task and JSON path."""

import json

import pytest

from tau_shaped.tasks.files import TaskFileError, load_tasks, parse_tasks, task_json_schema
from tests.mini_domain import TASKS_FILE

GOOD = {"id": "a", "user_id": "u", "instruction": "x", "actions": []}


def test_mini_domain_tasks_load():
    tasks = load_tasks(TASKS_FILE)
    assert [t.id for t in tasks] == ["courier", "refund", "substitution", "fraud", "plain"]
    assert tasks[1].reward_overrides.monetary_identity[0].tolerance == 0.005  # SPEC §4.3 default: half a cent


@pytest.mark.parametrize(
    "task, where",
    [
        ({**GOOD, "reward_overrides": {"safety_gates": [{"id": "g", "when": {"tool": "x", "arg": {}}}]}}, "$[1].reward_overrides.safety_gates[0].when.arg"),
        ({**GOOD, "reward_overrides": {"safety_gates": [{"id": "g", "when": {"exec": "rm -rf"}}]}}, "$[1].reward_overrides.safety_gates[0].when"),
        ({**GOOD, "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": 0.7, "when": {"tool": "x"}}, {"id": "d", "weight": 0.5, "when": {"tool": "y"}}]}}, "sum to 1.2"),
        ({**GOOD, "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": -0.1, "when": {"tool": "x"}}]}}, "weight"),
        ({**GOOD, "reward_overrides": {"equivalence_class": {"id": "c", "field_path": "orders.*.d", "candidate_set_path": "x"}}}, "field_path"),
        ({**GOOD, "reward_overrides": {"monetary_identity": {"id": "m", "disputed_amount": 5, "components": ["a..b"]}}}, "components"),
        ({**GOOD, "output_checks": [{"said": {"regex": "(unclosed"}}]}, "invalid regex"),
        ({**GOOD, "output_checks": [{"said": {"contain": "x"}}]}, "text matcher"),
        ({**GOOD, "reward_overrides": {"safety_gates": [{"id": "g", "when": {"state": "a.b", "in": 3}}]}}, "when.in"),
        ({**GOOD, "surprise": 1}, "$[1].surprise"),
        ({**GOOD, "id": "dup"}, "repeats"),
        ({**GOOD, "reward_overrides": {"safety_gates": [{"id": "x", "when": {"tool": "t"}}], "process_checkpoints": [{"id": "x", "weight": 0.1, "when": {"tool": "t"}}]}}, "unique"),
    ],
)
def test_bad_task_refused_with_location(tmp_path, task, where):
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([{**GOOD, "id": "dup"}, task]))
    with pytest.raises(TaskFileError) as info:
        load_tasks(path)
    message = str(info.value)
    assert str(path) in message and where in message
    assert f"task {task['id']!r}" in message


def test_every_error_reported(tmp_path):
    with pytest.raises(TaskFileError) as info:
        parse_tasks([{"id": "a"}, {"id": "b", "user_id": 1}], "f.json")
    assert len(info.value.errors) >= 6
    assert any("task 'b' at $[1].user_id" in e for e in info.value.errors)


@pytest.mark.parametrize("text, needle", [("{", "not JSON"), ('{"a": 1}', "JSON list")])
def test_not_a_task_list(tmp_path, text, needle):
    path = tmp_path / "t.json"
    path.write_text(text)
    with pytest.raises(TaskFileError, match=needle):
        load_tasks(path)


def test_missing_file_named(tmp_path):
    with pytest.raises(TaskFileError, match="cannot read"):
        load_tasks(tmp_path / "nope.json")


def test_schema_describes_overrides():
    schema = json.dumps(task_json_schema())
    for word in ["reward_overrides", "equivalence_class", "monetary_identity", "safety_gates", "process_checkpoints", "output_checks"]:
        assert word in schema
