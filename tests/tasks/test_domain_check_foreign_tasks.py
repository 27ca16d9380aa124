"""``domain check`` on a domain whose own tasks are no tau-shaped tasks (tau-bench's: no id, known
by their index in their split; issue 45's follow-up). The check plays the tasks the domain gives
the checks (``Domain.check_tasks``, as ``tasks check`` does), says in one line when a split's
tasks cannot be played, names a task by ``split/id`` where ids repeat across splits, and a
domain whose code breaks the check is one line, never a traceback."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, List

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.env.types import Task
from tau_shaped.tasks.domain_check import check_domain
from tau_shaped.tasks.domains import Domain, load_domain

TEMPLATE = load_domain("tau_shaped_domains.template:DOMAIN")
runner = CliRunner()


def _bare(task: Any) -> Task:
    """The task as tau-bench holds it: no id, no persona, no reward_overrides."""
    return Task(**{k: getattr(task, k) for k in Task.model_fields})


@dataclass
class IndexedDomain(Domain):
    """tau-bench's shape: ``tasks`` gives tau-bench's tasks (for its results files, by index);
    ``check_tasks`` their check form, with ids (here, the template's own)."""

    def tasks(self, split: str = "test") -> List[Any]:
        return [_bare(t) for t in TEMPLATE.tasks(split)]

    def check_tasks(self, split: str = "test") -> List[Any]:
        return TEMPLATE.tasks(split)


@dataclass
class IdlessDomain(Domain):
    """A broken domain: its tasks have no id and it gives no check form."""

    def tasks(self, split: str = "test") -> List[Any]:
        return [_bare(t) for t in TEMPLATE.tasks("test")]


def _fields(**extra: Any) -> dict:
    return dict(name=extra.pop("name", "indexed"), load_data=TEMPLATE.load_data, tools=list(TEMPLATE.tools),
                wiki=TEMPLATE.wiki, task_files=dict(TEMPLATE.task_files), terminate_tools=list(TEMPLATE.terminate_tools),
                policy_rules_file=TEMPLATE.policy_rules_file, **extra)


def test_a_domain_whose_tasks_have_no_id_is_checked_on_its_check_form():
    """tau-bench's Task has no id: ``domain check retail`` ended in AttributeError. The check
    plays the check form, as ``tasks check`` does, and the domain passes as the template does."""
    domain = IndexedDomain(**_fields())
    assert not hasattr(domain.tasks("test")[0], "id")
    report = check_domain(domain)
    assert report.problems == [] and report.notes == []
    assert (report.tasks, report.personas, report.corpus) == ({"test": 3}, 3, 6)


def test_tasks_the_checks_cannot_play_are_one_line_per_split():
    """A domain giving tasks without ids, and no check form: one line naming the split, the
    tasks' indices and what is missing; the tools are still checked, nothing raises."""
    report = check_domain(IdlessDomain(**_fields(name="idless")))
    assert report.problems == [
        "split test: task(s) at 0, 1, 2: no id: the checks play a task's id and its ground truth's actions (a domain "
        "whose own tasks have none gives them from check_tasks(split))"]
    assert report.tools == 5 and report.tasks == {"test": 3} and report.personas == 0


def test_a_task_id_in_two_splits_is_told_with_its_split(tmp_path):
    """tau-bench's indices repeat across splits: a problem names the split as well as the id."""
    task = json.loads(Path(TEMPLATE.task_files["test"]).read_text())[0]
    task["actions"].insert(2, {"name": "teleport", "kwargs": {}})
    path = tmp_path / "test.json"
    path.write_text(json.dumps([task]))
    report = check_domain(replace(TEMPLATE, name="twice", task_files={"test": path, "train": path}, _tasks={},
                                  _task_lists={}))
    assert "task test/refund-missing-item: ground-truth step 2 calls unknown tool 'teleport'" in report.problems
    assert "task train/refund-missing-item: ground-truth step 2 calls unknown tool 'teleport'" in report.problems
    assert not [p for p in report.problems if p.startswith("grader corpus") and "refund-missing-item" in p]


@pytest.fixture()
def foreign_module(tmp_path, monkeypatch):
    """A module ``rx_foreign`` holding ``IDLESS`` (tasks with no id) and ``RAISING`` (its check
    form's tasks raise from the domain's own code when the check reads their actions)."""
    (tmp_path / "rx_foreign.py").write_text(
        "from tests.tasks.test_domain_check_foreign_tasks import IdlessDomain, IndexedDomain, RaisingDomain, _fields\n"
        "IDLESS = IdlessDomain(**_fields(name='idless'))\n"
        "INDEXED = IndexedDomain(**_fields())\n"
        "RAISING = RaisingDomain(**_fields(name='raising'))\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path / "rx_foreign.py"


@dataclass
class RaisingDomain(Domain):
    """A broken domain whose ``check_tasks`` fails in its own code."""

    def check_tasks(self, split: str = "test") -> List[Any]:
        return {}["tasks"]


def test_the_cli_on_a_broken_domain_is_one_line_per_problem(foreign_module):
    idless = runner.invoke(app, ["domain", "check", "rx_foreign:IDLESS"])
    assert idless.exit_code == 1 and "Traceback" not in idless.output, idless.output
    assert "idless: split test: task(s) at 0, 1, 2: no id: " in idless.stdout
    assert idless.stdout.strip().splitlines()[-1].endswith(": 1 problem(s)")
    raising = runner.invoke(app, ["domain", "check", "rx_foreign:RAISING"])
    assert raising.exit_code == 1 and "Traceback" not in raising.output, raising.output
    assert re.search(rf"^raising: split test: its tasks do not load: {re.escape(__file__)}:\d+: KeyError: 'tasks'$",
                     raising.stdout, re.M), raising.stdout


def test_tasks_draft_drafts_the_check_form_of_a_domain_whose_tasks_have_no_id(foreign_module):
    """``tasks draft --env retail`` ended in the same AttributeError: it drafts the tasks the
    checks play, ids and all."""
    result = runner.invoke(app, ["tasks", "draft", "--env", "rx_foreign:INDEXED", "--task", "refund-missing-item",
                                 "--no-perturb"])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    assert [t["id"] for t in json.loads(result.stdout)] == ["refund-missing-item"]


def test_the_cli_says_in_one_line_where_the_check_stopped(monkeypatch):
    """Whatever escapes the check (the domain's code runs inside it) is one line naming the file
    and line it was raised at, exit 1."""
    import tau_shaped.tasks.domain_check as domain_check

    def stops(*_args: Any, **_kwargs: Any) -> Any:
        raise AttributeError("'Task' object has no attribute 'id'")

    monkeypatch.setattr(domain_check, "check_domain", stops)
    result = runner.invoke(app, ["domain", "check", "tau_shaped_domains.template:DOMAIN"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    line = result.stderr.strip()
    assert "\n" not in line
    assert re.fullmatch(r"domain check: tau_shaped_domains\.template:DOMAIN: the check stopped at "
                        rf"{re.escape(__file__)}:\d+: AttributeError: 'Task' object has no attribute 'id'", line), line


@pytest.mark.parametrize("name, split", [("airline", "test"), ("retail", "dev")])
def test_taubench_domains_are_checked_on_their_check_form(name, split, monkeypatch):
    """tau-bench's own domains (tau_bench installed): ``domain check retail`` ended in
    AttributeError; now it checks the check form (two tasks here, for time) with no problem,
    tau-bench's seedless ``load_data()`` loading the watched replays' worlds."""
    pytest.importorskip("tau_bench", reason="needs tau_bench (not on PyPI)")
    domain = load_domain(name)
    few = domain.check_tasks(split)[:2]
    monkeypatch.setattr(domain, "check_tasks", lambda _split: few)
    report = check_domain(domain, splits=[split])
    # the real problems left are tau-bench's own schemas' (airline's cabin, insurance, ... have an
    # enum and no description): none of the tasks', the replay's or the rules'
    assert not [p for p in report.problems if not re.fullmatch(r"tool \w+: parameter '\w+' has no description", p)], \
        report.problems
    assert report.tasks == {split: 2} and report.personas == 2 and report.watched_calls > 0


def test_a_borrowed_rules_files_alternative_naming_the_lenders_tool_is_no_problem():
    """tau-bench's airline reads tau2's rules file, whose look-up before compensation is any of
    three tools, one of them (get_flight_status) tau2's alone: that alternative never holds there,
    and the rule is still sound while another alternative names only the domain's tools. An
    ``any`` whose every alternative names an unknown tool, or a domain's own rules file, stays a
    problem."""
    from tau_shaped.reward.rule_templates import PREDICATE
    from tau_shaped.tasks.check import unknown_tools

    pred = PREDICATE.validate_python({"all": [{"tool": "send_certificate", "args": {}}, {"any": [
        {"tool": "get_user_details", "args": {}}, {"tool": "get_flight_status", "args": {}}]}]})
    ours = {"send_certificate", "get_user_details"}
    assert list(unknown_tools(pred, ours, borrowed=True)) == []
    assert list(unknown_tools(pred, ours)) == ["get_flight_status"]
    assert list(unknown_tools(pred, {"send_certificate"}, borrowed=True)) == ["get_user_details", "get_flight_status"]
    assert list(unknown_tools(pred, {"get_user_details"}, borrowed=True)) == ["send_certificate"]
