"""Issue 42: a results file is named by what its run was: the task ids of ``--task-ids`` (not
``range_0--1``), the user strategy alone when no model played the user (not ``user-gpt-4o``
for a persona customer); tau-bench's shape otherwise."""

from __future__ import annotations

from tau_shaped.evaluation.run_names import results_name
from tau_shaped.evaluation.runner import RunConfig, default_path, select_tasks


def _name(**fields):
    return results_name(RunConfig(**fields), "1128120000")


def test_a_model_user_and_an_index_range_keep_tau_benchs_shape():
    assert _name(model="gpt-4o", start_index=2, end_index=9) == "tool-calling-gpt-4o-0.0_range_2-9_user-gpt-4o-llm_1128120000.jsonl"


def test_a_user_no_model_plays_is_named_by_its_strategy():
    for strategy in ("persona", "scripted"):
        name = _name(agent_strategy="ground-truth", user_strategy=strategy)
        assert f"_user-{strategy}_" in name and "gpt-4o" not in name


def test_task_ids_name_the_run_however_they_were_given():
    """``--task-ids 3 5``, ``3,5`` and the option repeated are one run: one name, by its ids."""
    names = {_name(agent_strategy="ground-truth", task_ids=ids) for ids in (["3", "5"], ["3 5"], ["3,5"], ["3", "5", "3"])}
    assert names == {"ground-truth-ground-truth-0.0_tasks-3+5_user-gpt-4o-llm_1128120000.jsonl"}
    assert "range_" not in names.pop()


def test_many_task_ids_are_cut_to_the_first_and_a_count():
    ids = [f"fd-allergen-{i}" for i in range(30)]
    name = _name(agent_strategy="ground-truth", user_strategy="persona", task_ids=ids)
    shown = name.split("_tasks-")[1].split("-and-")[0].split("+")
    assert shown == ids[:len(shown)] and f"-and-{30 - len(shown)}-more_" in name and len(name) < 120


def test_an_id_never_makes_a_folder(tmp_path):
    path = default_path(RunConfig(agent_strategy="ground-truth", task_ids=["../../etc/passwd"], log_dir=str(tmp_path)))
    assert path.parent == tmp_path and "/" not in path.name


def test_the_ids_in_the_name_are_the_tasks_run_reads():
    """The name and the task selection read --task-ids alike (comma- and space-separated)."""

    class Task:
        def __init__(self, id):
            self.id = id

    tasks = [Task(i) for i in ("a", "b", "c")]
    config = RunConfig(agent_strategy="ground-truth", task_ids=["c, a", "b"])
    named = results_name(config, "0").split("_tasks-")[1].split("_user-")[0].split("+")
    assert [tasks[i].id for i in select_tasks(config, tasks)] == named == ["c", "a", "b"]
