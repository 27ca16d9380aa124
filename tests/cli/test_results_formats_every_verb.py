"""Every results file a tau-bench or tau2 user has, through every verb (issue 42): ``score``,
then ``compare`` (its terminal tables and its HTML report) and ``view`` (the list, one
episode), each exit 0 with no traceback and the counts right.

The files are built here, small, for the food-delivery domain, in each shape: tau-bench's
``historical_trajectories`` (a JSON list; ``info.source`` a string), tau-bench's ``run.py``
output (a JSON list of ``EnvRunResult``, an episode that raised recorded as ``info.error`` with
no trajectory), and this project's JSON lines; a tau2-bench 1.0 run (its results JSON and its
run folder, with the tau2 extra). Each holds an episode whose customer answers a confirmation
with neither yes nor no (undetermined, SPEC §8) and one with a malformed tool call (the
verifier's ``input_invalid``): both counted apart from the shaped rate, which says what it
counts. tau-bench's real ``gpt-4o-airline.json`` runs too when tau_bench imports and
TAU_SHAPED_TAUBENCH_HISTORY names the file.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter
from math import comb
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.evaluation.runner import RunConfig, run
from tests.conftest import ROOT

runner = CliRunner()
WIDE = {"COLUMNS": "250"}  # every table one line a row: the cells asserted are not folded
RECORDINGS = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"
TASKS = ["fd-cancel-3", "fd-missing-3", "fd-question-3"]
TRIALS = 2
UNCLEAR = "Hmm, maybe."  # (round 14: "I'm not sure yet" refuses)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _invoke(args: List[str]) -> Any:
    result = runner.invoke(app, [str(a) for a in args], env=WIDE)
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> List[Dict[str, Any]]:
    """Three food-delivery tasks replayed twice each, as ``run`` records them; in the first
    episode the customer answers the confirmation unclearly, in the second the agent's first
    tool call has arguments that are not JSON."""
    folder = tmp_path_factory.mktemp("played")
    summary = run(RunConfig(env="food_delivery", agent_strategy="replay", user_strategy="scripted",
                            recordings=str(RECORDINGS), num_trials=TRIALS, task_ids=TASKS, log_dir=str(folder)))
    records = read_results(summary.path)
    assert len(records) == len(TASKS) * TRIALS
    unclear, malformed = records[0], records[1]
    replies = [m for m in unclear["traj"] if m["role"] == "user" and m["content"] == "Yes, please go ahead."]
    assert replies, "the first episode's customer no longer confirms in those words: pick another reply"
    replies[0]["content"] = UNCLEAR
    call = next(m for m in malformed["traj"] if m.get("tool_calls"))
    call["tool_calls"][0]["function"]["arguments"] = "{not json"
    return records


def _taubench_info(record: Dict[str, Any], source: str) -> Dict[str, Any]:
    """``info`` as tau-bench's env writes it: its Task's four fields, the last step's source (a
    string), the user's cost and the reward's breakdown; no shaped result."""
    task = record["info"]["task"]
    return {"task": {k: task[k] for k in ("user_id", "actions", "instruction", "outputs")}, "source": source,
            "user_cost": 0.0012, "reward_info": record["info"].get("reward_info")}


def historical_file(folder: Path, records: List[Dict[str, Any]]) -> Path:
    """tau-bench's ``historical_trajectories`` shape: a JSON list, ``info.source`` "user"."""
    out = [{"task_id": r["task_id"], "reward": r["reward"], "info": _taubench_info(r, "user"), "traj": r["traj"],
            "trial": r["trial"]} for r in records]
    path = folder / "tool-calling-gpt-4o-food_delivery.json"
    path.write_text(json.dumps(out, indent=2))
    return path


def run_py_file(folder: Path, records: List[Dict[str, Any]]) -> Path:
    """tau-bench ``run.py``'s output: ``EnvRunResult.model_dump()`` in a JSON list (its fields in
    its order, the last step's source an action's name where the episode ended on one), and
    an episode that raised: ``info`` its error and traceback, no trajectory."""
    out = []
    for r in records:
        last = r["traj"][-1] if r["traj"] else {}
        calls = last.get("tool_calls") or []
        source = calls[0]["function"]["name"] if calls else "user"
        out.append({"task_id": r["task_id"], "reward": r["reward"], "info": _taubench_info(r, source),
                    "traj": r["traj"], "trial": r["trial"]})
    out.append({"task_id": records[0]["task_id"], "reward": 0.0, "trial": TRIALS,
                "info": {"error": "litellm.RateLimitError: rate limit reached",
                         "traceback": "Traceback (most recent call last):\n  ...\nlitellm.RateLimitError: rate limit reached\n"},
                "traj": []})
    path = folder / "tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_1128.json"
    path.write_text(json.dumps(out, indent=2))
    return path


def jsonl_file(folder: Path, records: List[Dict[str, Any]]) -> Path:
    """This project's JSON lines, as ``run`` writes them (their shaped results scored again)."""
    path = folder / "replay-food_delivery.jsonl"
    path.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
    return path


def _report_data(path: Path) -> Dict[str, Any]:
    found = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", path.read_text(encoding="utf-8"), re.S)
    assert found, f"{path}: no report data"
    return json.loads(found.group(1))


def every_verb(source: Path, env: str, folder: Path, scored: int, undetermined: Optional[int], faulted: Optional[int],
               not_in_any: str = "", workers: int = 1) -> str:
    """``score`` then ``compare``, ``view`` and the report on one file: each exit 0, and the
    counts each prints right. ``scored``: episodes in the rates; ``undetermined`` and
    ``faulted``: those with no shaped verdict (None: as many as the scored file holds);
    ``not_in_any``: what the rates note says is in none. compare's output, flattened."""
    out = folder / (source.name.split(".")[0] + ".shaped.json")
    score = _invoke(["score", source, "--env", env, "-o", out, "--workers", workers])
    assert score.exit_code == 0, score.output
    assert f"rescored: {out}" in score.output
    records = read_results(out)
    statuses = Counter(r["info"]["shaped"]["status"] for r in records if not r["info"].get("error"))
    found = (statuses["undetermined"], statuses["input_invalid"] + statuses["internal_error"])
    undetermined = found[0] if undetermined is None else undetermined
    faulted = found[1] if faulted is None else faulted
    assert found == (undetermined, faulted) and sum(statuses.values()) == scored

    report = folder / "report.html"
    compare = _invoke(["compare", out, "--report", report])
    assert compare.exit_code == 0, compare.output
    text = _flat(compare.output)
    decided = scored - undetermined - faulted
    apart = ", ".join(f"{n} {what}" for n, what in ((undetermined, "undetermined"), (faulted, "faulted")) if n)
    assert f"│ {scored}{f' ({apart})' if apart else ''} │" in text, text
    assert f"of {scored} │" in text and f"of {decided} │" in text, text
    assert f"pass: of the {scored} episodes scored; shaped pass: of the {decided} with a shaped verdict" in text, text
    if not_in_any:
        assert f"in no rate: {not_in_any}" in text, text
    assert f"report: {report.resolve()}" in text
    groups = re.findall(r"│ (\d+) │ (both pass|\w+ only|both fail|\w+ [01], no shaped verdict) \(", text)
    assert sum(int(n) for n, name in groups if "no shaped verdict" not in name) == decided, groups
    assert sum(int(n) for n, name in groups if "no shaped verdict" in name) == undetermined + faulted, groups
    data = _report_data(report)
    (run_data,) = data["runs"]
    assert run_data["episodes"] == len(data["episodes"]) == scored
    assert run_data["verdicts"].get("undetermined", 0) == undetermined and run_data["verdicts"]["error"] == faulted
    assert report.read_text(encoding="utf-8").count("<img") >= 2  # pass^k and the reward distributions

    assert "?" not in run_data["meta"].values()  # what a file does not record is said so
    assert f"of {scored}</td>" in report.read_text(encoding="utf-8")  # the report's rates say what they count

    listed = _invoke(["view", out, "--print", "--limit", "0"])
    assert listed.exit_code == 0, listed.output
    assert f"Episodes ({scored})" in listed.output and len(re.findall(r"│ #\d+ ", listed.output)) == scored
    runs = _invoke(["view", out, "--print", "--limit", "0"]).output.split("Episodes (")[0]
    assert " ? " not in _flat(runs) and f"of {decided}" in _flat(runs), runs
    shown = _invoke(["view", out, "-e", "0"])
    assert shown.exit_code == 0 and "Episode #0" in shown.output, shown.output
    return text


def _pass_k_cells(text: str) -> List[str]:
    """compare's two pass^k cells of the one run."""
    row = next(line for line in text.split("┃ agree ┃")[1:2])
    return [cell.strip() for cell in row.split("│")[5:7]]


def test_tau_bench_historical_trajectories(played, tmp_path):
    """info.source a string ("user"), info.task tau-bench's Task: 6 episodes, 1 undetermined,
    1 faulted; pass^k over the same 2 trials of 3 tasks for both rewards."""
    text = every_verb(historical_file(tmp_path, played), "food_delivery", tmp_path, scored=6, undetermined=1, faulted=1)
    assert "pass^k: 2 trials of each of 3 tasks, the same for both" in text
    legacy, shaped = _pass_k_cells(text)
    assert [k.split(":")[0] for k in legacy.split()] == [k.split(":")[0] for k in shaped.split()] == ["1", "2"]
    assert "–" in shaped  # two trials without a shaped verdict: a range, not dropped


def test_tau_bench_run_py_output(played, tmp_path):
    """run.py's file: its errored episode (info.error, no trajectory) is in no rate and said so."""
    every_verb(run_py_file(tmp_path, played), "food_delivery", tmp_path, scored=6, undetermined=1, faulted=1,
               not_in_any="1 errored in the run (info.error)")


def test_tau_shaped_json_lines(played, tmp_path):
    every_verb(jsonl_file(tmp_path, played), "food_delivery", tmp_path, scored=6, undetermined=1, faulted=1)


@pytest.fixture(scope="module")
def tau2_run() -> Dict[str, Any]:
    pytest.importorskip("tau2", reason="needs the tau2 extra (pip install -e '.[tau2]')")
    from tests.integrations.tau2.tau2_v1_fixture import v1_results

    return v1_results()


@pytest.mark.parametrize("form", ["results JSON", "run folder"])
def test_tau2_v1_run(tau2_run, tmp_path, form):
    """A tau2-bench 1.0 airline run (tests/integrations/tau2/tau2_v1_fixture.py): 8 simulations,
    2 not scoreable (a voice one, one of a task the file lacks) and in no rate."""
    from tests.integrations.tau2.tau2_v1_fixture import write_folder, write_json

    results = copy.deepcopy(tau2_run)
    source = write_json(tmp_path / "results.json", results) if form == "results JSON" else write_folder(tmp_path / "run", results)
    text = every_verb(source, "tau2:airline", tmp_path, scored=6, undetermined=0, faulted=0,
                      not_in_any="2 not scoreable")
    assert "(legacy = tau2's own reward)" in text and "tau2 pass: of the 6 episodes scored" in text


HISTORY = "TAU_SHAPED_TAUBENCH_HISTORY"


def test_tau_bench_gpt_4o_airline(tmp_path):
    """tau-bench's own ``historical_trajectories/gpt-4o-airline.json`` (200 episodes, 4 trials
    of 50 tasks): compare's legacy pass^k is tau-bench's own (its run.py's formula), over the
    same 4 trials as the shaped one."""
    pytest.importorskip("tau_bench", reason="needs tau_bench (not on PyPI) for --env airline")
    named = os.environ.get(HISTORY)
    if not named or not Path(named).is_file():
        pytest.skip(f"needs {HISTORY} naming tau-bench's historical_trajectories/gpt-4o-airline.json")
    raw = json.loads(Path(named).read_text())
    text = every_verb(Path(named), "airline", tmp_path, scored=len(raw), undetermined=None, faulted=None, workers=0)
    successes = Counter()
    for r in raw:
        successes[r["task_id"]] += r["reward"] >= 1 - 1e-6
    trials = len({r["trial"] for r in raw})
    theirs = [sum(comb(c, k) for c in successes.values()) / comb(trials, k) / len(successes) for k in range(1, trials + 1)]
    legacy, shaped = _pass_k_cells(text)
    assert legacy == " ".join(f"{k}:{p:.2f}" for k, p in enumerate(theirs, start=1))
    assert [k.split(":")[0] for k in shaped.split()] == [str(k) for k in range(1, trials + 1)]
    assert f"pass^k: {trials} trials of each of {len(successes)} tasks, the same for both" in text


def test_compare_env_gives_the_rules_sentences_to_records_naming_no_domain(played, tmp_path):
    """A scored tau-bench file's records name no domain (``info.source`` is "user"): compare shows
    the rules by id and says ``--env`` gives their sentences; with ``--env`` the sentences are in
    its tables and its report, as ``view --env`` and ``audit --env`` give them."""
    from tau_shaped.report.verdict_words import sentences_of
    from tau_shaped.tasks.domains import load_domain

    out = tmp_path / "scored.json"
    assert _invoke(["score", historical_file(tmp_path, played), "--env", "food_delivery", "-o", out]).exit_code == 0
    undecided = {u["id"] if isinstance(u, dict) else u for r in read_results(out)
                 for u in r["info"]["shaped"].get("undetermined") or []}
    sentences = sentences_of(load_domain("food_delivery").policy_rules)
    named = sorted(undecided & set(sentences))
    assert named, undecided  # the unclear reply leaves a policy rule undetermined
    sentence = sentences[named[0]]
    bare = _invoke(["compare", out, "--report", tmp_path / "bare.html"])
    assert bare.exit_code == 0, bare.output
    assert "the records name no domain, so the rules are shown by id; --env DOMAIN gives their sentences" in _flat(bare.output)
    assert sentence[:60] not in _flat(bare.output)
    told = _invoke(["compare", out, "--env", "food_delivery", "--report", tmp_path / "told.html"])
    assert told.exit_code == 0, told.output
    assert sentence[:60] in _flat(told.output) and "--env DOMAIN gives" not in told.output
    assert sentence[:60] in _flat(json.dumps(_report_data(tmp_path / "told.html"))), "the report's reasons lack it"
    assert sentence[:60] not in _flat(json.dumps(_report_data(tmp_path / "bare.html")))
    refused = _invoke(["compare", out, "--env", "tau_shaped.evil:DOMAIN"])
    assert refused.exit_code == 2 and "--env" in refused.output
