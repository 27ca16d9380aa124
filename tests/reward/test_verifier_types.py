"""The verifier's door is typed (issue 30): what ``verify`` reads of a task and of the three
states is declared, not ``Any``; a tau-shaped task and a plain tau-bench task both satisfy it."""

import typing
from types import SimpleNamespace

from tau_shaped.reward.overrides import RewardOverrides
from tau_shaped.reward.policy_rules import BoundRule
from tau_shaped.reward.verifier import Database, VerifiableTask, VerifyInput, task_overrides
from tau_shaped.tasks.files import load_tasks
from tests.mini_domain import TASKS_FILE

HINTS = typing.get_type_hints(VerifyInput, localns={"BoundRule": BoundRule, "RewardOverrides": RewardOverrides})


def test_the_door_names_its_types():
    assert HINTS["task"] is VerifiableTask
    for state in ("initial", "final", "expected"):
        assert HINTS[state] == Database, state
    assert HINTS["rules"] == typing.Sequence[BoundRule]
    assert typing.Any not in {HINTS[name] for name in ("task", "initial", "final", "expected", "rules")}


def test_a_tau_shaped_task_and_a_tau_bench_task_are_verifiable():
    task = load_tasks(TASKS_FILE)[0]
    assert isinstance(task, VerifiableTask)
    assert isinstance(task_overrides(task), (RewardOverrides, type(None)))
    plain = SimpleNamespace(user_id="u", actions=[], instruction="", outputs=["42"])
    assert isinstance(plain, VerifiableTask) and task_overrides(plain) is None
    assert not isinstance(SimpleNamespace(actions=[]), VerifiableTask)  # no outputs: not a task verify can read
