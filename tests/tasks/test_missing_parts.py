"""`tasks check` names a spec part whose absence makes a domain rule fail (SPEC §6.2, §9),
in words and first, instead of the bare rule id (issue 42). Each part is taken out of a real
food-delivery task (or a mini-domain task under a rule that reads it) and the check must say
which part, which rule reads it, and what to add; the tasks as shipped get none of these lines."""

import copy
import json

import pytest

from tau_shaped.reward.policy_rules import PolicyRuleSet
from tau_shaped.reward.shaped_env import Env
from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.files import parse_tasks
from tau_shaped.tasks.missing_parts import changed_paths
from tests.mini_domain import TOOLS, load_data

IDS = ("fd-missing-3", "fd-replace-3", "fd-cap-3", "fd-question-3", "fd-late-minor-3")


def _identities(task):
    found = task["reward_overrides"]["monetary_identity"]
    return found if isinstance(found, list) else [found]


def _variants(shipped):
    """(id, task) of each shipped task with one spec part taken out or misnamed."""
    out = []

    def variant(source, suffix, change):
        task = copy.deepcopy(shipped[source])
        change(task)
        task["id"] = f"{source}{suffix}"
        out.append(task)

    for source in ("fd-missing-3", "fd-replace-3", "fd-cap-3"):
        variant(source, "-no-identity", lambda t: t["reward_overrides"].pop("monetary_identity"))

    def rename(old, new):
        def change(task):
            identities = _identities(task)
            for identity in identities:
                if identity["id"] == old:
                    identity["id"] = new
            task["reward_overrides"]["monetary_identity"] = identities
        return change

    variant("fd-cap-3", "-apology-misnamed", rename("apology", "goodwill"))
    variant("fd-missing-3", "-loss-named-apology", rename("compensation", "apology"))

    def silent(task):
        task.pop("outputs", None)
        task.pop("output_checks", None)

    variant("fd-question-3", "-says-nothing", silent)
    variant("fd-late-minor-3", "-says-nothing", silent)
    return out


@pytest.fixture(scope="module")
def checked():
    domain = load_domain("food_delivery")
    raw = json.loads(domain.task_files["test"].read_text(encoding="utf-8"))
    shipped = {t["id"]: t for t in raw if t["id"] in IDS}
    tasks = parse_tasks(list(shipped.values()) + _variants(shipped))
    env = domain.make_env(tasks=tasks, task_index=0)
    return {task.id: check_task(env, task) for task in tasks}


@pytest.mark.parametrize("task_id, call", [("fd-missing-3", "issue_refund"), ("fd-replace-3", "create_replacement_order"),
                                           ("fd-cap-3", "issue_apology_credit")])
def test_a_money_task_without_monetary_identity_is_told_so_first(checked, task_id, call):
    problems = checked[f"{task_id}-no-identity"].problems
    first = problems[0]
    assert f"ground truth calls {call}" in first and "no monetary_identity" in first, problems
    assert "fd.money.never_more_than_lost" in first and "lost_total" in first and "disputed_total" in first
    assert "add reward_overrides.monetary_identity {" in first
    assert "an identity with id 'apology' is left out of lost_total and summed by apology_owed" in first
    # the gate's own lines follow; the outcome line names the gate, not "invariant"
    assert any(p.startswith("ground truth fires gate fd.money.never_more_than_lost") for p in problems[1:])
    assert "ground truth scores shaped outcome 0 (gate fd.money.never_more_than_lost)" in problems


def test_the_part_names_what_the_ground_truth_changes(checked):
    first = checked["fd-missing-3-no-identity"].problems[0]
    assert "its ground truth changes orders.FD-10045.ledger" in first, first


def test_an_apology_identity_under_another_id_is_named(checked):
    problems = checked["fd-cap-3-apology-misnamed"].problems
    assert "no monetary identity with id 'apology' (its identities: 'goodwill'" in problems[0], problems
    assert "fd.apology.only_where_nothing_else_compensates reads apology_owed" in problems[0]
    assert "give the identity of that amount the id 'apology'" in problems[0]


def test_a_loss_declared_as_the_apology_is_named(checked):
    problems = checked["fd-missing-3-loss-named-apology"].problems
    assert "only monetary identities left out as 'apology' (its identities: 'apology')" in problems[0], problems
    assert "fd.money.never_more_than_lost reads lost_total" in problems[0]
    assert "declare what was lost as an identity whose id is not 'apology'" in problems[0]


@pytest.mark.parametrize("task_id", ["fd-question-3", "fd-late-minor-3"])
def test_a_task_that_changes_nothing_and_says_nothing_is_told_to_add_output_checks(checked, task_id):
    problems = checked[f"{task_id}-says-nothing"].problems
    assert len(problems) == 1, problems
    assert problems[0].startswith("an agent that does nothing scores outcome 1")
    assert "neither outputs nor output_checks: add output_checks [{" in problems[0]


@pytest.mark.parametrize("task_id", IDS)
def test_the_shipped_tasks_lack_nothing(checked, task_id):
    assert checked[task_id].problems == []


def test_a_rule_reading_output_count_names_the_missing_outputs():
    """A domain whose rule reads ``output_count`` (tau2's refusal rules do): a task without
    outputs binds it with 0, and the line says the task has no outputs."""
    rules = PolicyRuleSet.model_validate({
        "facts": {"output_count": {"task": "output_count", "type": "number"}},
        "rules": [{"id": "mini.status_said", "kind": "outcome", "applies": {"output_count": {"eq": 0}},
                   "when": {"not": {"said": {"contains": "out for delivery"}}}}],
    })
    base = {"id": "ask", "user_id": "C1", "instruction": "Where is my order?",
            "actions": [{"name": "get_order", "kwargs": {"order_id": "O1"}}]}
    tasks = parse_tasks([base, {**base, "id": "told", "outputs": ["out for delivery"],
                                "actions": base["actions"] + [{"name": "respond", "kwargs": {"content": "It is out for delivery."}}]}])
    env = Env(data_load_func=load_data, tools=TOOLS, tasks=tasks, wiki="", rules=[], user_strategy="scripted",
              task_index=0, policy_rules=rules)
    problems = check_task(env, tasks[0]).problems
    assert problems[0].startswith("a task with no outputs: rule mini.status_said reads output_count, how many outputs the task has (0 here)"), problems
    assert 'add outputs ["' in problems[0]
    assert not any("no outputs" in p for p in check_task(env, tasks[1]).problems)


def test_changed_paths():
    before = {"orders": {"O1": {"ledger": [], "status": "a"}, "O2": {"x": 1}}, "quotes": {}}
    after = {"orders": {"O1": {"ledger": [{"amount": 1}], "status": "a"}, "O2": {"x": 1}}, "quotes": {"Q": 1}}
    assert changed_paths(before, after) == ["orders.O1.ledger", "quotes.Q"]
    assert changed_paths(before, before) == []
