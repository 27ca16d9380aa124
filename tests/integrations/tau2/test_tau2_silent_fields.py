"""A tau2 field that is missing or unknown and would change a verdict is never read silently
(issue 44): an embedded task with no ``evaluation_criteria`` (or criteria with no ``actions``)
scored every simulation of it 0.0 with exit 0; now each is not scored, with a note naming the
simulation and the field. A ``termination_reason`` the installed tau2 does not know is scored as
a premature end and said in a note naming the simulation and the field.

A small hand-made run (tests/integrations/tau2/airline_task2_run.json: tau2 airline task 2, its
ground-truth conversation and a wrong write), not a generated one: seconds, not tens."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("tau2", reason="needs the tau2 extra")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from typer.testing import CliRunner  # noqa: E402

from tau_shaped.cli import app  # noqa: E402
from tau_shaped.evaluation.results_file import read_results  # noqa: E402

RUN = json.loads((Path(__file__).parent / "airline_task2_run.json").read_text())
IDS = [s["id"] for s in RUN["simulations"]]


def _score(tmp_path, change):
    data = copy.deepcopy(RUN)
    change(data)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(data))
    out = tmp_path / "out.json"
    result = CliRunner().invoke(app, ["score", str(path), "--env", "tau2:airline", "-o", str(out)])
    notes = [line for line in result.output.splitlines() if line.startswith("note:")]
    return result, notes, (read_results(out) if out.exists() else None)


def test_the_run_as_made_scores_with_no_note(tmp_path):
    result, notes, records = _score(tmp_path, lambda data: None)
    assert result.exit_code == 0 and notes == [], result.output
    assert [r["info"]["shaped"]["reward"] for r in records] == [1.0, 0.0]  # the ground truth passes, the wrong write fails


@pytest.mark.parametrize("field, change", [
    ("evaluation_criteria", lambda d: d["tasks"][0].pop("evaluation_criteria")),
    ("evaluation_criteria", lambda d: d["tasks"][0].update(evaluation_criteria=None)),
    ("evaluation_criteria.actions", lambda d: d["tasks"][0]["evaluation_criteria"].pop("actions")),
    ("evaluation_criteria.actions", lambda d: d["tasks"][0]["evaluation_criteria"].update(actions=None)),
])
def test_a_task_with_no_ground_truth_is_not_scored_and_said_per_simulation(tmp_path, field, change):
    result, notes, records = _score(tmp_path, change)
    assert result.exit_code == 0, result.output
    assert len(notes) == len(IDS)
    for sim_id, note, record in zip(IDS, notes, records):
        assert repr(sim_id) in note and f"{field}: null or missing" in note and "not scored" in note
        assert record["info"]["tau2"]["status"] == "not_scoreable" and record["info"]["error"]
        assert record["info"]["shaped"]["status"] == "input_invalid"  # never a silent 0.0 verdict


def test_an_empty_actions_list_is_a_task_with_nothing_to_do_and_is_scored(tmp_path):
    result, notes, records = _score(tmp_path, lambda d: d["tasks"][0]["evaluation_criteria"].update(actions=[]))
    assert result.exit_code == 0 and notes == [], result.output
    assert all(r["info"]["tau2"]["status"] == "scored" for r in records)


def test_an_unknown_termination_reason_is_said_naming_the_simulation_and_field(tmp_path):
    result, notes, records = _score(tmp_path, lambda d: d["simulations"][0].update(termination_reason="banana"))
    assert result.exit_code == 0, result.output
    (note,) = notes
    assert repr(IDS[0]) in note and "termination_reason: 'banana'" in note and "premature end" in note
    tau2 = records[0]["info"]["tau2"]
    assert tau2["termination_reason"] == "banana" and tau2["computed"]["reward"] == 0.0


def test_an_empty_folder_is_called_an_empty_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(app, ["score", str(tmp_path / "empty"), "--env", "tau2:airline"])
    assert result.exit_code == 2 and "an empty folder" in result.output and "a tau2 results file" not in result.output


def test_an_empty_messages_list_is_not_scored_and_said(tmp_path):
    result, notes, records = _score(tmp_path, lambda d: d["simulations"][0].update(messages=[]))
    assert result.exit_code == 0, result.output
    (note,) = notes
    assert repr(IDS[0]) in note and "messages: an empty list" in note
    assert records[0]["info"]["tau2"]["status"] == "not_scoreable" and records[1]["info"]["tau2"]["status"] == "scored"


@pytest.mark.parametrize("change", [lambda m: m.pop("content"), lambda m: m.update(content=None)])
def test_a_message_with_no_content_nor_tool_calls_is_said(tmp_path, change):
    result, notes, records = _score(tmp_path, lambda d: change(d["simulations"][0]["messages"][0]))
    assert result.exit_code == 0, result.output
    (note,) = notes
    assert repr(IDS[0]) in note and "messages[0]: content: null or missing, and no tool_calls" in note
