"""Issue 16: the report says why. One self-contained page: what the rewards mean, each run's
metadata, pass^k and normalized distributions, reasons grouped, and every episode openable
with its gate, invariant, diff and conversation; checked in a real browser (chromium)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tau_shaped.evaluation.results_file import read_results
from tau_shaped.evaluation.runner import RunConfig, run
from tau_shaped.report.comparison import summarize
from tau_shaped.report.html_report import write_report
from tau_shaped.report.run_labels import run_labels
from tests.conftest import ROOT

FOOD = ROOT / "tasks" / "food_delivery" / "recordings" / "test.json"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report")
    # trial 1 plays each task's second recording: an unsafe substitute, a $50 credit, a wallet refund
    summary = run(RunConfig(env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(FOOD),
                            task_ids=["fd-allergen-3", "fd-cap-3", "fd-missing-3"], num_trials=2, log_dir=str(folder)))
    return summary.path


def _data(page: str):
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)
    return json.loads(payload.replace("<\\/", "</"))


def test_the_page_explains_itself_and_needs_nothing_from_outside(results, tmp_path):
    page = write_report([summarize(results)], tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<b>Legacy</b> is tau-bench's reward" in page and "<b>Shaped</b> is the specification of correctness" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page) and "<link" not in page  # offline: nothing fetched
    data = _data(page)
    meta = data["runs"][0]["meta"]
    assert (meta["env"], meta["split"], meta["blend"], meta["lambda"], meta["spec"]) == ("food_delivery", "test", "shaped", 0.3, "1")
    assert meta["command"].startswith("tau-shaped run --env food_delivery --task-split test --agent-strategy replay")
    assert meta["version"] and meta["date"]
    assert page.count("data:image/png;base64,") == 2  # pass^k per run, distributions normalized per run
    assert len(data["episodes"]) == 6


def test_every_episode_carries_why_it_scored_what_it_did(results, tmp_path):
    data = _data(write_report([summarize(results)], tmp_path / "r.html").read_text(encoding="utf-8"))
    by = {(e["task"], e["trial"]): e for e in data["episodes"]}
    unsafe = by[("fd-allergen-3", 1)]
    assert unsafe["verdict"] == "fail" and unsafe["gates"][0]["id"] == "fd.allergen.no_unsafe_substitute"
    step = unsafe["gates"][0]["step"]
    marked = [t for t in unsafe["turns"] if t.get("step") == step]
    assert marked[0]["name"] == "propose_substitution" and marked[0]["marks"][0]["kind"] == "gate"
    assert unsafe["diff"] and all({"path", "expected", "actual"} <= set(d) for d in unsafe["diff"])
    assert [t["role"] for t in unsafe["turns"]][:2] == ["user", "tool"]  # the conversation in order, steps numbered
    assert [t["step"] for t in unsafe["turns"] if "step" in t] == list(range(len(unsafe["turns"]) - sum(t["role"] == "user" for t in unsafe["turns"])))
    over = by[("fd-cap-3", 1)]
    assert {i["id"]: (i["total"], i["disputed_amount"]) for i in over["invariants"]}["apology"][0] == 50.0
    wallet = by[("fd-missing-3", 1)]
    assert wallet["verdict"] == "alternative" and "valid alternative" in wallet["why"]
    assert all(t.get("reward") is not None for t in wallet["turns"] if "step" in t)  # the step-reward strip


def test_agent_text_is_data_never_markup(results, tmp_path):
    records = read_results(results)
    hostile = "</script><script>alert('x')</script><img src=x onerror=alert(1)>"
    records[0]["traj"].append({"role": "assistant", "content": hostile})
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    page = write_report([summarize(path)], tmp_path / "r.html").read_text(encoding="utf-8")
    payload = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S).group(1)
    assert "<" not in payload and page.count("<script") == 2  # the data cannot close its element or open another
    assert any(t.get("text") == hostile for e in _data(page)["episodes"] for t in e["turns"])
    assert "innerHTML" not in page  # the script only ever sets text


def test_run_labels_tell_runs_apart():
    a = Path("results/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_1123103000.jsonl")
    b = Path("results/tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_1123103512.jsonl")
    labels = run_labels([a, b])
    assert labels[0] != labels[1] and "3000" in labels[0] and "3512" in labels[1]
    assert len(set(run_labels([Path("x/run.jsonl"), Path("y/run.jsonl")]))) == 2


def _chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing in CI (.ci/run installs it with apt)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return path


def test_an_episode_opens_in_a_real_browser_with_its_gate_and_diff(results, tmp_path):
    report = write_report([summarize(results)], tmp_path / "report.html")
    data = _data(report.read_text(encoding="utf-8"))
    n = next(e["n"] for e in data["episodes"] if e["task"] == "fd-allergen-3" and e["trial"] == 1)
    dom = subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", report.resolve().as_uri() + f"#ep-{n}"],
                         capture_output=True, text=True, timeout=120).stdout
    assert 'data-ready="1"' in dom and 'class="focus"' in dom
    assert re.search(r'id="episode-title">Episode fd-allergen-3, trial 1', dom)
    assert re.search(r'<span class="mark mark-gate">gate fd\.allergen\.no_unsafe_substitute: step \d', dom)
    first_diff = data["episodes"][n]["diff"][0]["path"]
    assert f'<td class="wide">{first_diff}</td>' in dom  # the canonical diff, path by path
    listing = subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", report.resolve().as_uri()],
                             capture_output=True, text=True, timeout=120).stdout
    assert listing.count('href="#ep-') >= 6 and 'id="episode-title"' not in listing  # the list, no episode open


def test_safety_disagreements_are_listed_first(results, tmp_path):
    """A trajectory legacy scores 1 while a gate fired (the end state matched) is the first
    group of the reasons table, ahead of valid alternatives and both-0 episodes."""
    records = read_results(results)
    unsafe = next(r for r in records if r["info"]["shaped"]["gate_violations"])
    forged = {**unsafe, "reward": 1.0, "trial": 7}  # as if the final state had matched the ground truth
    path = tmp_path / "with_safety.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records + [forged]), encoding="utf-8")
    page = write_report([summarize(path)], tmp_path / "r.html").read_text(encoding="utf-8")
    verdicts = {(e["task"], e["trial"]): e["verdict"] for e in _data(page)["episodes"]}
    assert verdicts[(forged["info"]["task_key"], 7)] == "safety"
    rows = re.findall(r"<tr><td><span class='pill v-(\w+)'>", page)
    assert rows[0] == "safety" and rows.count("safety") == 1 and "alternative" in rows
