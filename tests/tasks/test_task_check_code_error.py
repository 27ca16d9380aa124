"""``tasks check`` tells a ground-truth step whose tool's code raised (a ``@tool`` function's
exception other than ``ToolError``: ``Step.code_error``) as what it is, naming the step, the tool
and the exception in one line, and refuses the task for it, read tool or write tool; a step whose
tool ran and answered an error (a refusal) keeps its own line ("failed: Error: ..."; a read's is
a note)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.tool_effects import effects
from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.domains import Domain, load_domain

TEMPLATE = load_domain("tau_shaped_domains.template:DOMAIN")
TOOLS = {t.get_info()["function"]["name"]: t for t in TEMPLATE.tools}
runner = CliRunner()


@effects(reads=["orders"])
@tool
def get_order(data: dict, order_id: str) -> dict:
    """Get an order, assuming a field no order has.

    Args:
        order_id: The order's id, such as 'O1'.
    """
    return data["orders"][order_id]["rx_id"]


@effects(reads=["orders", "customers"], writes=["orders", "customers"], events=["money_moved"])
@tool
def issue_refund(data: dict, order_id: str, amount: float, method: str) -> dict:
    """Refund part of an order, with a ledger it assumes is a dict.

    Args:
        order_id: The order's id.
        amount: Dollars to refund.
        method: original_payment or wallet_credit.
    """
    order = data["orders"].get(order_id)
    if order is None:
        raise ToolError(f"order {order_id} not found")
    order["ledger"]["refund"] = amount
    return order


def crashing(*names: str, tasks: Optional[Path] = None) -> Domain:
    """The template with the tools ``names`` replaced by the crashing ones above."""
    ours = {"get_order": get_order, "issue_refund": issue_refund}
    return Domain(name="crashing", load_data=TEMPLATE.load_data, wiki=TEMPLATE.wiki,
                  tools=[ours[n] if n in names else t for n, t in TOOLS.items()],
                  task_files={"test": tasks or TEMPLATE.task_files["test"]},
                  terminate_tools=list(TEMPLATE.terminate_tools), policy_rules_file=TEMPLATE.policy_rules_file)


def _checked(domain: Domain, task_id: str = "refund-missing-item"):
    tasks = domain.tasks("test")
    env = domain.make_env(tasks=tasks, task_index=0)
    return check_task(env, next(t for t in tasks if t.id == task_id))


def _refused_order(tmp_path: Path, step: int) -> Path:
    """The template's refund task, its ground truth's step ``step`` asking for order O9 (none)."""
    raw: List[Dict[str, Any]] = json.loads(Path(TEMPLATE.task_files["test"]).read_text())
    task = next(t for t in raw if t["id"] == "refund-missing-item")
    task["actions"][step]["kwargs"]["order_id"] = "O9"
    path = tmp_path / "test.json"
    path.write_text(json.dumps([task]))
    return path


def test_a_read_tool_that_raised_is_a_problem_naming_step_tool_and_exception():
    check = _checked(crashing("get_order"))
    assert ("ground-truth step 1: tool get_order raised KeyError('rx_id'): a fault in the tool's code, not a refusal "
            "(a tool refuses with raise ToolError(...))") in check.problems
    assert not [line for line in check.problems + check.notes if "(get_order" in line and "failed" in line]


def test_a_write_tool_that_raised_is_a_problem_not_a_failed_step():
    check = _checked(crashing("issue_refund"))
    assert ("ground-truth step 3: tool issue_refund raised TypeError('list indices must be integers or slices, not str'): "
            "a fault in the tool's code, not a refusal (a tool refuses with raise ToolError(...))") in check.problems
    assert not [p for p in check.problems if p.startswith("ground-truth step 3 (issue_refund) failed")]


def test_a_refusal_keeps_its_own_line(tmp_path):
    """The tool ran and answered an error: a read's is a note, a write's a failed step, as before."""
    read = _checked(crashing(tasks=_refused_order(tmp_path, 1)))
    assert "ground-truth step 1 (get_order, a read) failed: Error: order O9 not found" in read.notes
    assert not [p for p in read.problems if "raised" in p]
    write = _checked(crashing(tasks=_refused_order(tmp_path, 3)))
    assert "ground-truth step 3 (issue_refund) failed: Error: order O9 not found" in write.problems
    assert not [p for p in write.problems if "raised" in p]


@pytest.fixture()
def crashing_module(tmp_path, monkeypatch):
    (tmp_path / "rx_crashing_check.py").write_text(
        "from tests.tasks.test_task_check_code_error import crashing\nDOMAIN = crashing('get_order')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))


def test_tasks_check_prints_the_task_with_the_step_tool_and_exception(crashing_module):
    result = runner.invoke(app, ["tasks", "check", "--env", "rx_crashing_check:DOMAIN", "--workers", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert ("rx_crashing_check:DOMAIN [test]: task 'refund-missing-item': ground-truth step 1: tool get_order raised "
            "KeyError('rx_id'): a fault in the tool's code, not a refusal (a tool refuses with raise ToolError(...))"
            ) in result.stderr.splitlines()
    assert "failed: Error: 'rx_id'" not in result.output


def test_tasks_draft_words_a_crashed_step_as_tasks_check_does(tmp_path):
    """``tasks draft`` notes the step whose tool's code raised in the same words as ``tasks check``
    (not "failed", which is a refusal's word), and a refusal still as a failed step."""
    from tau_shaped.tasks.task_draft import draft_overrides

    domain = crashing("issue_refund")
    tasks = domain.tasks("test")
    env = domain.make_env(tasks=tasks, task_index=0)
    task = next(t for t in tasks if t.id == "refund-missing-item")
    notes = draft_overrides(env, task, perturb=False).notes
    assert ("ground-truth step 3: tool issue_refund raised TypeError('list indices must be integers or slices, not str'): "
            "a fault in the tool's code, not a refusal (a tool refuses with raise ToolError(...)): nothing drafted from it"
            ) in notes, notes
    assert not [n for n in notes if n.startswith("ground-truth step 3 (issue_refund) failed")]
    refused = crashing(tasks=_refused_order(tmp_path, 3))
    tasks = refused.tasks("test")
    notes = draft_overrides(refused.make_env(tasks=tasks, task_index=0), tasks[0], perturb=False).notes
    assert "ground-truth step 3 (issue_refund) failed: nothing drafted from it" in notes, notes


def test_a_ground_truth_loaded_from_the_store_keeps_its_crashed_step(tmp_path, monkeypatch):
    """With the ground-truth store (TAU_SHAPED_GT_CACHE), the second process loads the ground
    truth instead of replaying it: the step whose tool's code raised is still named as one, not
    as a refusal."""
    from tau_shaped.reward.ground_truth import GroundTruthCache
    from tau_shaped.reward.ground_truth_store import GroundTruthStore

    domain = crashing("issue_refund")
    tasks = domain.tasks("test")
    task = next(t for t in tasks if t.id == "refund-missing-item")
    lines = []
    for _ in range(2):  # the first replays and keeps it, the second loads it
        store = GroundTruthStore(tmp_path / "store")
        env = domain.make_env(tasks=tasks, task_index=0)
        assert isinstance(env.ground_truth_cache, GroundTruthCache)
        env.ground_truth_cache = GroundTruthCache(store=store)
        check = check_task(env, task)
        lines.append([p for p in check.problems if p.startswith("ground-truth step 3")])
    assert store.loaded == 1
    assert lines[0] == lines[1] == [
        "ground-truth step 3: tool issue_refund raised TypeError('list indices must be integers or slices, not str'): "
        "a fault in the tool's code, not a refusal (a tool refuses with raise ToolError(...))"]
