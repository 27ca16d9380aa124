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


# -- issue 27: a seed outside the range and an unfilled placeholder are schema errors ---------

def _one(**fields):
    base = {"id": "t-1", "user_id": "C1", "instruction": "x", "actions": [{"name": "get_order", "kwargs": {"order_id": "O1"}}]}
    return [{**base, **fields}]


@pytest.mark.parametrize("seed", [-10**400, -2**63 - 1, -1, 2**63, 10**30])
def test_a_seed_outside_0_to_2_63_is_a_schema_error(seed):
    from tau_shaped.tasks.files import TaskFileError, parse_tasks

    with pytest.raises(TaskFileError) as caught:
        parse_tasks(_one(seed=seed))
    assert caught.value.errors[0].startswith("task 't-1' at $[0].seed: Input should be")


def test_the_seed_range_ends_are_accepted():
    from tau_shaped.tasks.files import parse_tasks
    from tau_shaped.tasks.schema import SEED_MAX

    assert SEED_MAX == 2**63 - 1
    assert [parse_tasks(_one(seed=s))[0].seed for s in (0, SEED_MAX)] == [0, SEED_MAX]


MONEY = {"id": "m", "disputed_amount": 5, "components": ["orders.O1.ledger[*].amount"], "owns": ["orders.O1.ledger"]}


@pytest.mark.parametrize("overrides, field", [
    ({"monetary_identity": {**MONEY, "owns": ["orders.O1.ledger", "orders.{value}.ledger"]}}, "monetary_identity[0].owns[1]"),
    ({"monetary_identity": {**MONEY, "components": ["orders.{value}.total"]}}, "monetary_identity[0].components[0]"),
    ({"process_checkpoints": [{"id": "c", "weight": 0.5, "when": {"state": "drivers.{value}.active_orders", "eq": 1}}]},
     "process_checkpoints[0].when.state"),
    ({"safety_gates": [{"id": "g", "when": {"not": {"sum": ["orders.{value}.total"], "gt": 1}}}]}, "safety_gates[0].when.not.sum[0]"),
    ({"safety_gates": [{"id": "g", "when": {"tool": "issue_refund", "args": {"order_id": {"in_state": "customers.{value}.orders"}}}}]},
     "in_state"),
])
def test_an_unfilled_placeholder_is_a_schema_error_naming_the_task_and_field(overrides, field):
    from tau_shaped.tasks.files import TaskFileError, parse_tasks

    with pytest.raises(TaskFileError) as caught:
        parse_tasks(_one(reward_overrides=overrides))
    error = caught.value.errors[0]
    assert error.startswith("task 't-1' at $[0]") and field in error and "unfilled {value} placeholder" in error, error


def test_a_linked_path_keeps_its_placeholder():
    from tau_shaped.tasks.files import parse_tasks

    linked = {"id": "k", "field_path": "orders.O1.driver_id", "candidate_set_path": "orders.O1.courier_candidates",
              "linked_paths": ["drivers.{value}.active_orders"]}
    task = parse_tasks(_one(reward_overrides={"equivalence_class": linked}))[0]
    assert task.reward_overrides.equivalence_class[0].linked_paths == ["drivers.{value}.active_orders"]
