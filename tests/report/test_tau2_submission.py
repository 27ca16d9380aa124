"""Issue 46: ``compare --format tau2-submission``: tau2's leaderboard figures (pass^1-4 per
domain, in percent) of scored tau2 runs, as tau2's own code computes them, in a file tau2's
``Submission`` model accepts, and the shaped figures in a file of the same shape beside it.

The tests without tau2 build scored records by hand; those that call tau2's own computation
(``compute_metrics``) and its ``Submission`` model skip without the extra."""

from __future__ import annotations

import copy
import datetime
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app

runner = CliRunner()
IDENTITY = ["--model-name", "m-1", "--organization", "Org", "--email", "a@b.org", "--date", "2026-03-01"]
TAU2 = "needs the tau2 extra (pip install -e '.[tau2]')"


def _record(task, trial, tau2=1.0, shaped=1.0, env="tau2:airline", status="ok", source="stored", not_judged=False,
            error=None):
    """A record as ``tau-shaped score`` writes it from a tau2 simulation (the fields read here)."""
    computed = {"reward": None if not_judged else tau2, "breakdown": {}, "not_judged": ["x"] if not_judged else []}
    info = {"task_key": str(task), "source": {"format": "tau2", "env": env, "agent": "llm_agent (m-1)"},
            "shaped": {"status": status, "outcome_reward": shaped, "reward": shaped},
            "tau2": {"status": "scored", "reward": tau2, "reward_source": source, "computed": computed}}
    if error:
        info["error"] = error
        info["tau2"]["status"] = "not_scoreable"
    return {"task_id": int(task), "reward": tau2 or 0.0, "info": info, "traj": [], "trial": trial}


def _run(outcomes, **options):
    """Records of a run: task -> [(tau2, shaped), ...] per trial, None for no verdict (shaped:
    undetermined)."""
    records = []
    for task, trials in outcomes.items():
        for trial, (tau2, shaped) in enumerate(trials):
            status = "undetermined" if shaped is None else "ok"
            records.append(_record(task, trial, tau2, 0.0 if shaped is None else shaped, status=status, **options))
    return records


def _write(path: Path, records) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _submit(files, out: Path, *extra, identity=IDENTITY):
    result = runner.invoke(app, ["compare", *map(str, files), "--format", "tau2-submission", "-o", str(out), *identity,
                                 *extra], env={"COLUMNS": "120"})
    return result


def _files(out: Path):
    shaped = out.with_name(out.stem + ".shaped.json")
    return json.loads(out.read_text()), json.loads(shaped.read_text())


def _figures(data, domain="airline"):
    results = data["results"][domain]
    return [results[f"pass_{k}"] for k in (1, 2, 3, 4)]


# task 1: tau2 passes 3 of 4, the shaped verdict 2 of 4; task 2: tau2 4 of 4, shaped 4 of 4
PLAIN = {1: [(1.0, 1.0), (1.0, 0.0), (0.0, 0.0), (1.0, 1.0)], 2: [(1.0, 1.0)] * 4}


def test_pass_k_per_task_then_averaged_in_percent(tmp_path):
    out = tmp_path / "submission.json"
    result = _submit([_write(tmp_path / "a.jsonl", _run(PLAIN))], out)
    assert result.exit_code == 0, result.output
    tau2, shaped = _files(out)
    # task 1, c=3 of n=4: C(3,k)/C(4,k) = 3/4, 1/2, 1/4, 0; task 2: 1 each; the mean, in percent
    assert _figures(tau2) == [87.5, 75.0, 62.5, 50.0]
    # shaped: task 1, c=2 of 4: 1/2, 1/6, 0, 0
    assert _figures(shaped) == pytest.approx([75.0, 100 * (1 / 6 + 1) / 2, 50.0, 50.0], abs=1e-12)
    assert tau2["results"]["retail"] is None and tau2["results"]["telecom"] is None  # no run given: null
    assert tau2["results"]["airline"]["cost"] is None
    assert (tau2["model_name"], tau2["organization"], tau2["submission_date"], tau2["contact_info"]["email"]) == \
        ("m-1", "Org", "2026-03-01", "a@b.org")
    assert {k: v for k, v in shaped.items() if k not in ("results", "methodology")} == \
        {k: v for k, v in tau2.items() if k not in ("results", "methodology")}
    text = " ".join(result.output.split())
    assert "retail, telecom: no run given: null in both files" in text
    stored = "airline: 2 tasks, 8 trials; tau2's reward as the run stored it for 8 of 8 trials."
    assert stored in tau2["methodology"]["notes"]
    assert "airline │ 1 │ 87.50 │ 75.00 │ -12.50" in text  # tau2 beside shaped, per domain and k


def test_same_inputs_same_bytes(tmp_path):
    source = _write(tmp_path / "a.jsonl", _run(PLAIN))
    first = _submit([source], tmp_path / "s.json")
    texts = [p.read_bytes() for p in (tmp_path / "s.json", tmp_path / "s.shaped.json")]
    again = _submit([source], tmp_path / "s.json")
    assert again.exit_code == first.exit_code == 0
    assert again.output == first.output
    assert [p.read_bytes() for p in (tmp_path / "s.json", tmp_path / "s.shaped.json")] == texts


def test_fewer_than_k_trials_give_null_said_in_a_note(tmp_path):
    run = _run(PLAIN)
    del run[3]  # task 1 keeps 3 trials
    out = tmp_path / "s.json"
    result = _submit([_write(tmp_path / "a.jsonl", run)], out)
    assert result.exit_code == 0, result.output
    tau2, shaped = _files(out)
    # task 1 now c=2 of n=3 for tau2 (2/3, 1/3, 0), c=1 of 3 shaped (1/3, 0, 0); task 2 passes every k
    assert _figures(tau2)[3] is None and _figures(shaped)[3] is None
    assert _figures(tau2)[:3] == pytest.approx([(2 / 3 + 1) * 50, (1 / 3 + 1) * 50, 50.0], abs=1e-12)
    assert _figures(shaped)[:3] == pytest.approx([100 * (1 / 3 + 1) / 2, 50.0, 50.0], abs=1e-12)
    said = "pass_4 null in both: task 1 has 3 trials (pass^k needs k trials of every task)"
    assert said in " ".join(result.output.split())
    assert said in tau2["methodology"]["notes"] and said in shaped["methodology"]["notes"]


def test_no_shaped_verdict_is_left_out_never_a_pass_or_a_fail(tmp_path):
    outcomes = {1: [(1.0, 1.0), (1.0, None), (1.0, 0.0), (1.0, 1.0)],
                2: [(1.0, 1.0), (1.0, 0.0), (1.0, 1.0), (1.0, 1.0)]}
    out = tmp_path / "s.json"
    result = _submit([_write(tmp_path / "a.jsonl", _run(outcomes))], out)
    assert result.exit_code == 0, result.output
    tau2, shaped = _files(out)
    assert _figures(tau2) == [100.0] * 4
    # task 1: its 3 trials with a verdict, c=2 (2/3, 1/3, 0; left out of pass_4); task 2: c=3 of 4 (3/4, 1/2, 1/4, 0)
    assert _figures(shaped) == pytest.approx([(2 / 3 + 3 / 4) * 50, (1 / 3 + 1 / 2) * 50, (0 + 1 / 4) * 50, 0.0],
                                             abs=1e-12)
    # counted a fail, task 1 would be c=2 of 4 (pass_1 62.5); counted a pass, c=3 of 4 (75.0)
    assert _figures(shaped)[0] not in (62.5, 75.0)
    text = " ".join(result.output.split())
    assert ("shaped: 1 of 8 trials with no shaped verdict left out (1 undetermined): never counted as a pass or "
            "a fail") in text
    assert "shaped: pass_4 over 1 of 2 tasks: 1 with fewer than 4 trials with a verdict (1)" in text
    assert "│ 4 │ 100.00 │ 0.00 (1 of 2 tasks) │ other tasks │" in text  # no difference of figures of other tasks
    assert "1 undetermined" in shaped["methodology"]["notes"] and "undetermined" not in tau2["methodology"]["notes"]


def test_a_simulation_not_scoreable_counts_for_tau2_not_for_shaped(tmp_path):
    run = _run(PLAIN)
    run[0] = _record(1, 0, 1.0, 0.0, status="input_invalid", error="not scoreable: no messages")
    out = tmp_path / "s.json"
    result = _submit([_write(tmp_path / "a.jsonl", run)], out)
    assert result.exit_code == 0, result.output
    tau2, shaped = _files(out)
    assert _figures(tau2) == [87.5, 75.0, 62.5, 50.0]  # as before: tau2's stored reward is there
    assert "1 not scoreable" in " ".join(result.output.split())
    # shaped, task 1: trials 1-3 (0, 0, 1): 1/3, 0, 0; left out of pass_4
    assert _figures(shaped) == pytest.approx([(1 / 3 + 1) * 50, 50.0, 50.0, 100.0], abs=1e-12)


def test_nl_assertions_not_judged_decide_only_what_they_can(tmp_path):
    run = _run(PLAIN)
    run[1] = _record(1, 1, 1.0, 0.0, source="computed, NL assertions not judged", not_judged=True)  # unknown
    run[2] = _record(1, 2, 0.0, 0.0, source="computed, NL assertions not judged", not_judged=True)  # 0 stands
    out = tmp_path / "s.json"
    result = _submit([_write(tmp_path / "a.jsonl", run)], out)
    assert result.exit_code == 0, result.output
    tau2, _ = _files(out)
    # task 1's tau2 verdicts: 1, (left out), 0, 1: c=2 of 3 -> 2/3, 1/3, 0; pass_4 over task 2 alone
    assert _figures(tau2) == pytest.approx([(2 / 3 + 1) * 50, (1 / 3 + 1) * 50, 50.0, 100.0], abs=1e-12)
    text = " ".join(result.output.split())
    assert "tau2's reward as the run stored it for 6 of 8 trials, computed offline for 2" in text
    assert "1 of 8 trials with no tau2 verdict left out (1 NL assertions not judged)" in text
    assert "1 trials with NL assertions not judged counted failed: a judged component failed" in text


def _fails(result, *words):
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_hostile_inputs_are_one_line_errors_and_write_nothing(tmp_path):
    out = tmp_path / "s.json"
    airline = _write(tmp_path / "airline.jsonl", _run(PLAIN))
    mixed = _run(PLAIN)
    mixed[5]["info"]["source"]["env"] = "tau2:retail"
    _fails(_submit([_write(tmp_path / "mixed.jsonl", mixed)], out), "mixed.jsonl: record 5", "tau2:retail")
    _fails(_submit([airline, _write(tmp_path / "again.jsonl", _run(PLAIN))], out), "again.jsonl",
           "second run of tau2:airline")
    _fails(_submit([_write(tmp_path / "fd.jsonl", _run(PLAIN, env="food_delivery"))], out), "fd.jsonl: record 0",
           "'food_delivery' is not a domain of tau2's leaderboard")
    plain = _run(PLAIN)
    del plain[2]["info"]["tau2"]
    _fails(_submit([_write(tmp_path / "plain.jsonl", plain)], out), "plain.jsonl: record 2: info.tau2: missing")
    twice = _run(PLAIN)
    twice[1]["trial"] = 0
    _fails(_submit([_write(tmp_path / "twice.jsonl", twice)], out), "twice.jsonl: record 1", "also record 0")
    weird = _run(PLAIN)  # a task id from the file that would break the line
    for record in weird[:2]:
        record["info"]["task_key"], record["trial"] = "a\nb", 0
    _fails(_submit([_write(tmp_path / "weird.jsonl", weird)], out), "weird.jsonl: record 1", "also record 0")
    bad = _run(PLAIN)
    bad[4]["info"]["tau2"]["reward"] = "1"
    _fails(_submit([_write(tmp_path / "bad.jsonl", bad)], out), "bad.jsonl: record 4: info.tau2.reward")
    raw = tmp_path / "raw.json"  # a tau2 run's results, not scored
    raw.write_text(json.dumps({"info": {"environment_info": {"domain_name": "airline"}}, "tasks": [],
                               "simulations": [{"id": "s", "task_id": "1", "trial": 0}]}, indent=1))
    _fails(_submit([raw], out), "raw.json", "tau-shaped score it first")
    (tmp_path / "empty.jsonl").write_text("")
    _fails(_submit([tmp_path / "empty.jsonl"], out), "empty.jsonl: no records")
    _fails(_submit([airline], airline), "would overwrite the input")
    _fails(_submit([tmp_path], out), "no results file among the files given", "a folder")
    assert not out.exists() and not (tmp_path / "s.shaped.json").exists()


@pytest.mark.parametrize("drop, words", [
    ("--email", ["needs --email"]),
    ("--model-name", ["needs --model-name"]),
    ("--organization", ["needs --organization"]),
    ("--date", ["needs --date YYYY-MM-DD", "--today"]),
])
def test_missing_identity_is_one_line(tmp_path, drop, words):
    at = IDENTITY.index(drop)
    identity = IDENTITY[:at] + IDENTITY[at + 2:]
    _fails(_submit([_write(tmp_path / "a.jsonl", _run(PLAIN))], tmp_path / "s.json", identity=identity), *words)
    assert not (tmp_path / "s.json").exists()


def test_identity_options_are_checked(tmp_path):
    source = _write(tmp_path / "a.jsonl", _run(PLAIN))
    out = tmp_path / "s.json"
    _fails(_submit([source], out, "--date", "March 1"), "--date: 'March 1' is not a date")
    _fails(_submit([source], out, "--today"), "--date and --today")
    before = datetime.date.today().isoformat()
    dated = _submit([source], out, "--today", identity=IDENTITY[:-2])  # the clock, only when asked
    assert dated.exit_code == 0, dated.output
    assert _files(out)[0]["submission_date"] in (before, datetime.date.today().isoformat())
    wrong = [v if v != "a@b.org" else "nobody" for v in IDENTITY]
    _fails(_submit([source], out, identity=wrong), "--email: 'nobody'")
    _fails(_submit([source], out, "--json"), "--json: not with --format tau2-submission")
    result = runner.invoke(app, ["compare", str(source), "--model-name", "m"])
    _fails(result, "--model-name: only with --format tau2-submission")
    _fails(runner.invoke(app, ["compare", str(source), "--format", "csv"]), "--format: 'csv' is not one of")


# ---- against tau2's own code: its metrics, its prepare_submission, its Submission model


@pytest.fixture(scope="module")
def tau2_run(tmp_path_factory):
    """A tau2 airline run of tasks built from tests/integrations/tau2/airline_task2_run.json
    (tau2 task 2: a ground-truth conversation, stored reward 1, and a wrong write, 0), each task
    a copy of task 2 under its own id, its trials a pattern of the two; and the records
    tau-shaped score writes from it, the scored two relabelled the same way."""
    pytest.importorskip("tau2", reason=TAU2)
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from tau_shaped.integrations.tau2.rescore import rescore_tau2

    folder = tmp_path_factory.mktemp("tau2_submission")
    base = json.loads((Path(__file__).parents[1] / "integrations" / "tau2" / "airline_task2_run.json").read_text())
    base["info"] = {"git_commit": "0" * 40, "num_trials": 4, "max_steps": 100, "max_errors": 10, "seed": 0,
                    "user_info": {"implementation": "user_simulator", "llm": "none"},
                    "agent_info": {"implementation": "llm_agent", "llm": "none"},
                    "environment_info": {"domain_name": "airline", "policy": "tau2's airline policy"}}
    pair = folder / "pair.json"
    pair.write_text(json.dumps(dict(base, simulations=[dict(s, trial=n, agent_cost=[0.0375, None][n])
                                                       for n, s in enumerate(base["simulations"])])))
    lines = rescore_tau2(pair, "tau2:airline", output=folder / "pair.jsonl").read_text().splitlines()
    scored = {r["info"]["tau2"]["simulation_id"].split("-")[2]: r for r in map(json.loads, lines)}
    assert sorted(r["info"]["tau2"]["agent_cost"] is None for r in scored.values()) == [False, True]
    assert {r["info"]["tau2"]["agent_cost"] for r in scored.values()} == {0.0375, None}  # each simulation's, kept
    assert scored["ground_truth"]["info"]["shaped"]["outcome_reward"] == 1.0 == scored["ground_truth"]["reward"]
    assert scored["wrong_write"]["info"]["shaped"]["outcome_reward"] == 0.0 == scored["wrong_write"]["reward"]
    sims = {s["id"].split("-")[2]: s for s in base["simulations"]}
    return folder, base, sims, scored


def _compose(tau2_run, name, patterns):
    """A tau2 run and its scored records: task id -> trial kinds ("G" ground truth, "W" wrong write)."""
    folder, base, sims, scored = tau2_run
    kinds = {"G": "ground_truth", "W": "wrong_write"}
    task = base["tasks"][0]
    results = dict(base, tasks=[dict(task, id=t) for t in patterns], simulations=[])
    records = []
    for tid, pattern in patterns.items():
        for trial, kind in enumerate(pattern):
            cost = round(0.0125 * int(tid) + 0.001 * trial, 6)  # each simulation's own: the mean is not one of them
            results["simulations"].append(dict(sims[kinds[kind]], id=f"{tid}-{trial}", task_id=tid, trial=trial,
                                                   agent_cost=cost))
            record = copy.deepcopy(scored[kinds[kind]])
            record["info"]["task_key"], record["task_id"], record["trial"] = tid, int(tid), trial
            record["info"]["tau2"]["agent_cost"] = cost  # as score keeps it from the simulation
            records.append(record)
    run = folder / f"{name}.tau2.json"
    run.write_text(json.dumps(results))
    return run, _write(folder / f"{name}.shaped.jsonl", records)


def _tau2_percent(run):
    """tau2's figures of its run file, by tau2's own code: ``compute_metrics`` (the metrics
    ``prepare_submission`` puts in the submission), pass_hat_ks.get(k) (None above the fewest
    trials, as its ``get_metrics`` leaves it), in percent as ``prepare_submission`` writes them.
    (``prepare_submission`` itself is not imported: it pulls in litellm, seconds of import.)"""
    from tau2.data_model.simulation import Results
    from tau2.metrics.agent_metrics import compute_metrics

    metrics = compute_metrics(Results.load(run))
    return [None if metrics.pass_hat_ks.get(k) is None else metrics.pass_hat_ks[k] * 100 for k in (1, 2, 3, 4)]


def _tau2_cost(run):
    """tau2's ``avg_agent_cost`` of its run file (the submission's ``cost``), by its own code."""
    from tau2.data_model.simulation import Results
    from tau2.metrics.agent_metrics import compute_metrics

    return compute_metrics(Results.load(run)).avg_agent_cost


def _same(ours, theirs):
    """The same figures: null where tau2's is null, equal to the last bits of a float elsewhere
    (tau2 averages floats with pandas; tau-shaped adds fractions exactly, then rounds once)."""
    assert [v is None for v in ours] == [v is None for v in theirs], (ours, theirs)
    numbers = [v for v in theirs if v is not None]
    assert [v for v in ours if v is not None] == pytest.approx(numbers, rel=1e-12, abs=1e-12)


def _valid(path):
    from tau2.scripts.leaderboard.submission import Submission

    return Submission.model_validate_json(path.read_text())


@pytest.mark.parametrize("patterns", [
    {"2": "GGWG", "7": "WWWW", "11": "GGGG", "40": "GWGW"},
    {"2": "GGW", "7": "GWWG", "11": "GGGG"},  # task 2 with 3 trials: pass_4 null
])
def test_figures_are_tau2s_own_computation_on_the_same_run(tau2_run, tmp_path, patterns):
    run, scored = _compose(tau2_run, "run", patterns)
    out = tmp_path / "submission.json"
    result = _submit([scored], out)
    assert result.exit_code == 0, result.output
    expected = _tau2_percent(run)
    assert (expected[3] is None) == any(len(p) < 4 for p in patterns.values())
    tau2, shaped = _files(out)
    _same(_figures(tau2), expected)
    _same(_figures(shaped), expected)  # here the shaped verdicts are tau2's
    cost = _tau2_cost(run)
    assert tau2["results"]["airline"]["cost"] == shaped["results"]["airline"]["cost"] == pytest.approx(cost, rel=1e-12)
    for path in (out, out.with_name("submission.shaped.json")):
        parsed = _valid(path)
        assert parsed.results.airline.pass_1 == pytest.approx(expected[0]) and parsed.results.retail is None
        assert str(parsed.submission_date) == "2026-03-01" and parsed.contact_info.email == "a@b.org"


def test_shaped_figures_are_tau2s_formula_on_the_shaped_verdicts(tau2_run, tmp_path):
    """A shaped verdict that differs from tau2's (a reward-1 trial the shaped verifier fails):
    the shaped file's figures are tau2's computation on a run whose rewards are the shaped ones."""
    patterns = {"2": "GGWG", "7": "GGGG", "11": "WGGG"}
    run, scored = _compose(tau2_run, "differ", patterns)
    records = [json.loads(line) for line in scored.read_text().splitlines()]
    flipped = next(i for i, r in enumerate(records) if r["info"]["task_key"] == "7" and r["trial"] == 1)
    records[flipped]["info"]["shaped"]["outcome_reward"] = 0.0
    _write(scored, records)
    results = json.loads(run.read_text())
    sim = results["simulations"][flipped]
    sim["reward_info"] = dict(sim["reward_info"], reward=0.0)
    as_shaped = tmp_path / "as_shaped.tau2.json"
    as_shaped.write_text(json.dumps(results))
    out = tmp_path / "s.json"
    result = _submit([scored], out)
    assert result.exit_code == 0, result.output
    tau2, shaped = _files(out)
    _same(_figures(tau2), _tau2_percent(run))
    _same(_figures(shaped), _tau2_percent(as_shaped))
    assert _figures(shaped) != _figures(tau2)
    _valid(out.with_name("s.shaped.json"))


def test_format_json_is_compare_json(tmp_path, monkeypatch):
    """--format json is --json, table the tables: compare's own display is called as before
    (stubbed: the comparison itself is compare's tests' business)."""
    import tau_shaped.report.compare_display as compare_display

    calls = []
    def show(files, report, as_json=False, env=None):
        calls.append((report, as_json))
        return 0

    monkeypatch.setattr(compare_display, "show", show)
    source = str(_write(tmp_path / "a.jsonl", _run(PLAIN)))
    for args in (["--json"], ["--format", "json"], ["--format", "table"], []):
        assert runner.invoke(app, ["compare", source, *args]).exit_code == 0
    assert calls == [(Path("results/report.html"), True)] * 2 + [(Path("results/report.html"), False)] * 2


def test_cost_is_the_mean_agent_cost_of_the_trials_that_recorded_one(tmp_path):
    """tau2's ``avg_agent_cost`` (pandas' mean skips a missing cost): the same in both files; null
    when no trial recorded one; a cost that is no finite, non-negative number is not recorded."""
    records = _run(PLAIN)
    for record, cost in zip(records, [0.25, None, 0.5, float("nan"), -1.0, "0.75", 0.75, True]):
        record["info"]["tau2"]["agent_cost"] = cost
    out = tmp_path / "submission.json"
    result = _submit([_write(tmp_path / "a.jsonl", records)], out)
    assert result.exit_code == 0, result.output
    tau2, shaped = _files(out)
    assert tau2["results"]["airline"]["cost"] == shaped["results"]["airline"]["cost"] == pytest.approx(0.5)
    bare = tmp_path / "bare.json"
    assert _submit([_write(tmp_path / "b.jsonl", _run(PLAIN))], bare).exit_code == 0
    assert [data["results"]["airline"]["cost"] for data in _files(bare)] == [None, None]


def test_evaluation_date_and_tau2_version_from_options(tmp_path):
    source = _write(tmp_path / "a.jsonl", _run(PLAIN))
    out = tmp_path / "submission.json"
    result = _submit([source], out, "--evaluation-date", "2026-02-27", "--tau2-version", "1.0.1")
    assert result.exit_code == 0, result.output
    for data in _files(out):
        assert (data["methodology"]["evaluation_date"], data["methodology"]["tau2_bench_version"]) == ("2026-02-27", "1.0.1")
    plain = tmp_path / "plain.json"
    assert _submit([source], plain).exit_code == 0
    assert _files(plain)[0]["methodology"]["evaluation_date"] is None
    _fails(_submit([source], out, "--evaluation-date", "27/02/2026"), "--evaluation-date: '27/02/2026' is not a date")
    _fails(_submit([source], out, "--tau2-version", "1.0\nx"), "--tau2-version: ")
    _fails(runner.invoke(app, ["compare", str(source), "--tau2-version", "1.0.1"]),
           "--tau2-version: only with --format tau2-submission")


def test_the_terminal_says_each_domains_cost(tmp_path):
    records = _run(PLAIN)
    for record in records:
        record["info"]["tau2"]["agent_cost"] = 0.125
    result = _submit([_write(tmp_path / "a.jsonl", records)], tmp_path / "submission.json")
    assert result.exit_code == 0, result.output
    assert "cost (the mean agent_cost per simulation, USD): airline 0.125" in result.output
    bare = _submit([_write(tmp_path / "b.jsonl", _run(PLAIN))], tmp_path / "bare.json")
    assert "airline null (no simulation recorded agent_cost)" in bare.output
