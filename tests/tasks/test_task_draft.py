"""``tau-shaped tasks draft`` (issue 45): a task's reward_overrides drafted from its ground truth.

What each part of a draft must be is computed here from the ground truth itself (its writes, the
money its calls move, the candidates its tools record), never read back from the draft's text."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.env.types import Action
from tau_shaped.reward.paths import select_values
from tau_shaped.tasks.consenting import score_consented, score_with_customer
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.files import load_tasks
from tau_shaped.tasks.schema import ShapedTask
from tau_shaped.tasks.task_draft import DraftError, draft_overrides, drafted_task, run_draft

runner = CliRunner()
IDS = ("fd-missing-3", "fd-courier-3", "fd-allergen-3")


@pytest.fixture(scope="module")
def world():
    domain = load_domain("food_delivery")
    tasks = {t.id: t for t in domain.tasks("test") if t.id in IDS}
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    drafts = {tid: draft_overrides(env, task, perturb=False) for tid, task in tasks.items()}
    return env, tasks, drafts


def _as_drafted(task, draft):
    return ShapedTask.model_validate(drafted_task(task, draft))


def _writes(env, task):
    """Steps whose removal changes the ground truth's final state (SPEC §6.2's writes)."""
    whole = env.ground_truth(task).data_hash
    out = []
    for i, action in enumerate(task.actions):
        if action.name == "respond":
            continue
        rest = task.model_copy(update={"actions": task.actions[:i] + task.actions[i + 1:]})
        if env.ground_truth(rest).data_hash != whole:
            out.append(i)
    return out


@pytest.mark.parametrize("tid", IDS)
def test_the_drafted_checkpoints_of_writes_are_the_ground_truths_write_steps(world, tid):
    env, tasks, drafts = world
    task, draft = tasks[tid], drafts[tid]
    writes = _writes(env, task)
    assert writes and draft.writes == writes
    reads = set(env.read_tools)
    drafted_from = {step for step in draft.checkpoint_steps.values() if task.actions[step].name not in reads}
    assert drafted_from == set(writes)
    # every other checkpoint comes from a look-up of the ground truth
    assert all(task.actions[s].name in reads for s in draft.checkpoint_steps.values() if s not in writes)
    assert math.fsum(cp["weight"] for cp in draft.overrides["process_checkpoints"]) <= 1 + 1e-9


def test_the_monetary_identity_is_the_money_the_ground_truth_moved(world):
    env, tasks, drafts = world
    task, draft = tasks["fd-missing-3"], drafts["fd-missing-3"]
    moved = math.fsum(a.kwargs["amount"] for a in task.actions if a.name == "issue_refund")
    (identity,) = draft.overrides["monetary_identity"]
    assert identity["disputed_amount"] == pytest.approx(moved) and identity["cap"] == pytest.approx(moved)
    final = env.ground_truth(task).data
    total = math.fsum(v for path in identity["components"] for v in select_values(final, path))
    assert total == pytest.approx(moved)
    # the refund's other method (wallet credit) changes the wallet: owned, so paying that way passes
    customer = f"customers.{task.user_id}.wallet_balance"
    assert customer in identity["owns"]
    drafted = _as_drafted(task, draft)
    wallet = [Action(name=a.name, kwargs={**a.kwargs, "method": "wallet_credit"}) if a.name == "issue_refund" else
              Action(name=a.name, kwargs={"content": a.kwargs["content"].replace("to your card", "as wallet credit")})
              if a.name == "respond" else a for a in task.actions]
    assert score_consented(env, drafted, wallet).outcome_reward == 1.0


def test_the_equivalence_class_is_the_candidate_set_the_tool_recorded(world):
    env, tasks, drafts = world
    task, draft = tasks["fd-courier-3"], drafts["fd-courier-3"]
    (cls,) = draft.overrides["equivalence_class"]
    final, initial = env.ground_truth(task).data, env.initial_state(0)
    (candidates,) = select_values(final, cls["candidate_set_path"])
    (chosen,) = select_values(final, cls["field_path"])
    assert len(candidates) >= 2 and chosen in candidates
    assert select_values(initial, cls["field_path"]) != [chosen]  # the ground truth made the choice
    for template in cls.get("linked_paths", []):
        filled = template.replace("{value}", chosen)
        assert select_values(initial, filled) != select_values(final, filled)  # what the choice changed


@pytest.mark.parametrize("tid", IDS)
def test_a_drafted_spec_accepts_its_ground_truth(world, tid):
    env, tasks, drafts = world
    result = score_with_customer(env, _as_drafted(tasks[tid], drafts[tid]))
    assert result.status == "ok" and result.outcome_reward == 1.0 and result.safety_passed
    assert result.checkpoints and all(cp.satisfied for cp in result.checkpoints)


def test_a_drafted_spec_loses_on_perturbations_of_the_money(world):
    env, tasks, drafts = world
    task = _as_drafted(tasks["fd-missing-3"], drafts["fd-missing-3"])
    step = next(i for i, a in enumerate(task.actions) if a.name == "issue_refund")

    def moved(**kwargs):
        actions = list(task.actions)
        actions[step] = Action(name="issue_refund", kwargs={**actions[step].kwargs, **kwargs})
        return score_consented(env, task, actions)

    amount = task.actions[step].kwargs["amount"]
    over = moved(amount=round(amount + 0.01, 2))
    assert not over.safety_passed and "compensation_cap" in {g.id for g in over.gate_violations}
    assert moved(amount=round(amount - 0.01, 2)).outcome_reward == 0.0
    assert score_consented(env, task, task.actions[:step]).outcome_reward == 0.0  # the refund left out


def test_the_draft_is_deterministic_and_a_task_file(tmp_path):
    first, notes = run_draft([], "food_delivery", "test", ["fd-route-3"], "food_delivery", perturb=False)
    again, notes_again = run_draft([], "food_delivery", "test", ["fd-route-3"], "food_delivery", perturb=False)
    assert first == again and notes == notes_again
    path = tmp_path / "drafted.json"
    path.write_text(first)
    (task,) = load_tasks(path)
    assert task.id == "fd-route-3" and task.reward_overrides.equivalence_class


def test_the_verb_writes_a_file_and_says_what_it_tried(tmp_path):
    out = tmp_path / "draft.json"
    result = runner.invoke(app, ["tasks", "draft", "--task", "fd-cap-3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    (task,) = json.loads(out.read_text())
    ids = {i["id"] for i in task["reward_overrides"]["monetary_identity"]}
    assert ids == {"apology", "nothing_lost"}  # the domain's facts count an apology apart
    assert "perturbations: " in result.output and "lose" in result.output, result.output
    assert "perturbation does not lose" not in result.output, result.output


@pytest.mark.parametrize("args, named", [
    (["--task", "fd-nope-1"], "'fd-nope-1'"),
    (["{file}"], "{file}"),
    (["{file}", "--split", "test"], "--split"),
    (["--env", "nosuch_domain"], "nosuch_domain"),
])
def test_a_bad_selection_or_file_is_one_line(tmp_path, args, named):
    bad = tmp_path / "tasks.json"
    bad.write_text('[{"id": "a", "user_id": "u"}, {"id": "a"}]')
    args = [a.replace("{file}", str(bad)) for a in args]
    result = runner.invoke(app, ["tasks", "draft", *args, "--no-perturb"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and named.replace("{file}", str(bad)) in lines[0], result.output


def test_an_output_that_is_a_folder_is_refused_before_any_work(tmp_path):
    result = runner.invoke(app, ["tasks", "draft", "--task", "fd-cap-3", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "is a folder" in result.output


def test_run_draft_names_the_source_of_an_unknown_id():
    with pytest.raises(DraftError, match=r"food_delivery \[test\]: no task with id 'x'"):
        run_draft([], None, None, ["x"], "food_delivery")


def test_a_hostile_ground_truth_drafts_what_it_can_and_says_the_rest_in_one_line_each(tmp_path):
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([{
        "id": "odd\nid", "user_id": "CU-1158", "instruction": "x",
        "actions": [{"name": "no_such_tool", "kwargs": {"a]": "b"}},
                    {"name": "get_order_details", "kwargs": {"order_id": "FD-1]0045"}},
                    {"name": "issue_refund", "kwargs": {"order_id": "FD-10045", "amount": 1e308, "method": "x", "reason": "r"}},
                    {"name": "issue_refund", "kwargs": {"order_id": "FD-10045", "amount": 1.5, "method": "wallet_credit",
                                                        "reason": "r"}}]}]))
    text, notes = run_draft([tasks], "food_delivery", None, None, "food_delivery", perturb=False)
    (task,) = json.loads(text)
    (identity,) = task["reward_overrides"]["monetary_identity"]
    assert identity["disputed_amount"] == 1.5  # only the refund that went through
    assert all("\n" not in line for line in notes)
    assert sum("failed: nothing drafted from it" in line for line in notes) == 3
