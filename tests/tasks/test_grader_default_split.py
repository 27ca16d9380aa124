"""``grader-test`` with no ``--split`` on a domain whose task ids repeat across its splits
(tau-bench's: a task is its index in its split, so task 0 is in test, train and dev): the
domain's default split is taken, as tau-bench's own run takes ``--task-split test``, and the
output says which. An explicit ``--split`` is taken as given; with no default split, an id in
two splits is still the one-line error asking for ``--split``."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.env.types import Task
from tau_shaped.tasks.grader_suite import RepeatedTaskId, corpus_tasks, run_suite
from tests.mini_domain import DOMAIN

runner = CliRunner()


def _bare(task_id: str) -> Task:
    """The mini domain's task as tau-bench holds it: no id (known by its index)."""
    task = next(t for t in DOMAIN.tasks("test") if t.id == task_id)
    return Task(**{k: getattr(task, k) for k in Task.model_fields})


def indexed(**fields: Any):
    """Two splits whose task 0 differs: the plain status question in test, the refund in train."""
    files = {"test": DOMAIN.task_files["test"], "train": DOMAIN.task_files["test"]}
    return replace(DOMAIN, name="indexed", task_files=files, _tasks={"test": [_bare("plain")], "train": [_bare("refund")]},
                   _task_lists={}, **fields)


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """One entry on task 0: the plain task's ground truth, correct only against test's task 0."""
    folder = tmp_path / "grader"
    folder.mkdir()
    plain = _bare("plain")
    (folder / "plain.json").write_text(json.dumps([{
        "id": "plain/gt", "task_id": 0, "kind": "good", "tag": "ground_truth",
        "actions": [a.model_dump() for a in plain.actions] + [{"name": "respond",
                                                                "kwargs": {"content": "It is out for delivery."}}],
        "expected": {"outcome": 1, "safety_passed": True, "legacy": 1}}]))
    return folder


def test_no_split_takes_the_default_split_where_ids_repeat(corpus):
    report = run_suite(indexed(), corpus)
    assert report.total == 1 and report.disagreements == [], report.disagreements
    assert report.split_note == ("the tasks of split test, domain indexed's default (its task ids repeat across its "
                                 "splits test, train; --split to choose)")
    other = run_suite(indexed(default_split="train"), corpus)  # a domain may name another default
    assert [where for where, _ in other.disagreements] == ["plain.json: plain/gt"]
    assert "train" in other.split_note


def test_an_explicit_split_is_taken_as_given(corpus):
    chosen = run_suite(indexed(), corpus, splits=["train"])
    assert chosen.split_note is None
    assert [where for where, _ in chosen.disagreements] == ["plain.json: plain/gt"]  # train's task 0 is the refund
    tasks, note = corpus_tasks(indexed(), ["test"])
    assert list(tasks) == ["0"] and note is None


def test_with_no_default_split_a_repeated_id_asks_for_split(corpus):
    for no_default in (indexed(default_split=None), indexed(default_split="dev")):  # none, or one it has not
        with pytest.raises(RepeatedTaskId, match=r"^task id '0' is in more than one of the splits test, train: choose "
                                                 r"one with --split \(domain indexed has no default split\)$"):
            run_suite(no_default, corpus)


def test_unique_ids_take_every_split_and_say_nothing(corpus):
    """Food delivery's ids are unique across its splits: all of them, no note (as before)."""
    distinct = replace(DOMAIN, task_files={"test": DOMAIN.task_files["test"], "train": DOMAIN.task_files["test"]},
                       _tasks={"test": [t for t in DOMAIN.tasks("test") if t.id == "plain"],
                               "train": [t for t in DOMAIN.tasks("test") if t.id == "refund"]}, _task_lists={})
    tasks, note = corpus_tasks(distinct)
    assert sorted(tasks) == ["plain", "refund"] and note is None


@pytest.fixture()
def indexed_module(tmp_path, monkeypatch):
    (tmp_path / "rx_indexed.py").write_text(
        "from tests.tasks.test_grader_default_split import indexed\n"
        "DOMAIN = indexed()\nNO_DEFAULT = indexed(default_split=None)\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))


def test_the_cli_says_which_split_it_took(indexed_module, corpus):
    taken = runner.invoke(app, ["grader-test", "--env", "rx_indexed:DOMAIN", "--corpus", str(corpus)])
    assert taken.exit_code == 0, taken.output
    assert taken.stdout.splitlines()[0] == ("scored against the tasks of split test, domain indexed's default (its task "
                                            "ids repeat across its splits test, train; --split to choose)")
    chosen = runner.invoke(app, ["grader-test", "--env", "rx_indexed:DOMAIN", "--corpus", str(corpus), "--split", "test"])
    assert chosen.exit_code == 0 and "scored against" not in chosen.stdout, chosen.output
    refused = runner.invoke(app, ["grader-test", "--env", "rx_indexed:NO_DEFAULT", "--corpus", str(corpus)])
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert refused.stderr.strip() == ("error: task id '0' is in more than one of the splits test, train: choose one "
                                      "with --split (domain indexed has no default split)")


def test_taubench_retail_takes_its_test_split():
    """The report: ``grader-test --env retail`` exited 2 asking for --split."""
    pytest.importorskip("tau_bench", reason="needs tau_bench (not on PyPI)")
    from tau_shaped.tasks.domains import load_domain

    retail = load_domain("retail")
    tasks, note = corpus_tasks(retail)
    assert tasks["0"] is retail.tasks("test")[0] and len(tasks) == len(retail.tasks("test"))
    assert re.match(r"the tasks of split test, domain retail's default \(its task ids repeat across its splits "
                    r"test, train, dev; --split to choose\)$", note)
