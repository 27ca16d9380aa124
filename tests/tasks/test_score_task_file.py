"""`tau-shaped score RESULTS --tasks FILE` (issue 42): a results file scored against a task file
of one's own, each record's task looked up in it by id (``info.task_key``, else
``info.task.id``); a missing or invalid file, an id the file does not hold, a record naming no
id, and a record of another task are each one line, never a traceback."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app

runner = CliRunner()

TASK = {
    "id": "my-refund-1",
    "user_id": "CU-1158",
    "instruction": "You are Ben Novak (ben.novak1158@example.com). FD-10045 came without the BBQ Ribs ($16.90).",
    "actions": [
        {"name": "find_customer_by_email", "kwargs": {"email": "ben.novak1158@example.com"}},
        {"name": "respond", "kwargs": {"content": "I can refund $16.90 to your card for order FD-10045. Is that OK?"}},
        {"name": "issue_refund", "kwargs": {"order_id": "FD-10045", "amount": 16.9, "method": "original_payment",
                                            "reason": "missing item"}},
    ],
    "reward_overrides": {"monetary_identity": {
        "id": "compensation", "disputed_amount": 16.9, "cap": 16.9, "components": ["orders.FD-10045.ledger[*].amount"],
        "owns": ["orders.FD-10045.ledger", "customers.CU-1158.wallet_balance", "orders[?replacement_for=FD-10045]",
                 "customers.CU-1158.orders"]}},
}
OTHER = {**TASK, "id": "my-question-1", "instruction": "Ask what FD-10045 cost.", "actions": TASK["actions"][:1],
         "reward_overrides": {}, "outputs": ["62.27"]}


def _call(n, name, args):
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}


def _record(trial, amount, key="my-refund-1", task=TASK):
    traj = [{"role": "user", "content": "Hi, I'm Ben Novak, ben.novak1158@example.com. FD-10045 came without the ribs."},
            _call(1, "find_customer_by_email", {"email": "ben.novak1158@example.com"}),
            {"role": "assistant", "content": f"I can refund ${amount:.2f} to your card for order FD-10045. Is that OK?"},
            {"role": "user", "content": "Yes, please."},
            _call(2, "issue_refund", {"order_id": "FD-10045", "amount": amount, "method": "original_payment",
                                      "reason": "missing item"})]
    info = {"task": {"instruction": task["instruction"], "actions": task["actions"]}}
    if key is not None:
        info["task_key"] = key
    return {"task_id": 0, "trial": trial, "reward": 0.0, "info": info, "traj": traj}


@pytest.fixture()
def files(tmp_path):
    tasks = tmp_path / "drafts" / "mine.json"
    tasks.parent.mkdir()
    tasks.write_text(json.dumps([OTHER, TASK]), encoding="utf-8")
    return tmp_path, tasks


def _score(results, tasks, *extra):
    return runner.invoke(app, ["score", str(results), "--tasks", str(tasks), *extra])


def _write(folder, name, records):
    path = folder / name
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def test_a_results_file_is_scored_against_a_task_file_by_id(files):
    folder, tasks = files
    by_id = _record(1, 20.0, key=None)
    by_id["info"]["task"]["id"] = "my-refund-1"  # no task_key: info.task.id names it
    results = _write(folder, "results.json", [_record(0, 16.9), by_id])
    result = _score(results, tasks, "-o", str(folder / "scored.jsonl"))
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"rescored: {folder / 'scored.jsonl'}"
    scored = [json.loads(line) for line in (folder / "scored.jsonl").read_text(encoding="utf-8").splitlines()]
    shaped = [r["info"]["shaped"] for r in scored]
    assert [s["status"] for s in shaped] == ["ok", "ok"]
    assert shaped[0]["reward"] == 1.0 and shaped[0]["safety_passed"] is True
    assert shaped[1]["reward"] == 0.0
    assert {g["id"] for g in shaped[1]["gate_violations"]} == {"compensation_cap", "fd.money.never_more_than_lost"}


def test_the_same_records_without_tasks_are_not_the_domains(files):
    """Without --tasks the records are looked up in food_delivery's test split, where no task
    has this id or text: the file is what made them scoreable."""
    folder, _tasks = files
    results = _write(folder, "results.json", [_record(0, 16.9)])
    result = runner.invoke(app, ["score", str(results)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "wrong --env or --task-split?" in result.stderr


@pytest.mark.parametrize("record, needle", [
    (_record(0, 16.9, key="my-refund-9"),
     "task 'my-refund-9' is not in the task file {tasks} (its ids: my-question-1, my-refund-1)"),
    (_record(0, 16.9, key=None), "the record names no task id (info.task_key or info.task.id), and --tasks looks tasks "
                                 "up by id in {tasks}"),
    (_record(0, 16.9, key="my-question-1"), "info.task is not task 'my-question-1' of the task file {tasks} (its "
                                            "instruction differ): wrong --tasks?"),
])
def test_a_record_the_file_cannot_match_is_one_line(files, record, needle):
    folder, tasks = files
    results = _write(folder, "results.json", [record])
    result = _score(results, tasks)
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle.format(tasks=tasks.resolve()) in lines[0], lines


@pytest.mark.parametrize("content, needle", [
    (None, "cannot"),
    ("[{", "JSON"),
    (json.dumps([{**TASK, "seed": -1}]), "task 'my-refund-1' at $[0].seed"),
])
def test_a_missing_or_invalid_task_file_is_one_line_naming_it(files, content, needle):
    folder, _tasks = files
    results = _write(folder, "results.json", [_record(0, 16.9)])
    bad = folder / "bad_tasks.json"
    if content is not None:
        bad.write_text(content, encoding="utf-8")
    result = _score(results, bad)
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {bad}: ") and needle in lines[0], lines
    assert not (folder / "results.shaped.json").exists()


def test_tasks_with_a_tau2_run_is_refused_in_one_line(files):
    """A tau2 run embeds its tasks (or takes the domain's: --fresh-tasks): --tasks is refused."""
    pytest.importorskip("tau2", reason="a tau2 run is claimed with the tau2 extra (pip install -e '.[tau2]')")
    folder, tasks = files
    run = Path(__file__).resolve().parents[1] / "integrations" / "tau2" / "airline_task2_run.json"
    result = _score(run, tasks, "--env", "tau2:airline", "-o", str(folder / "scored.json"))
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --tasks is for tau-bench and tau-shaped results files"
    assert not (folder / "scored.json").exists()
