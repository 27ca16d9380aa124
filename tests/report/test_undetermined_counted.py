"""SPEC §8: an undetermined episode (reward null, the words did not settle a rule) is counted
apart, neither a pass nor a fault: the grader suite accepts an entry labeled undetermined and
flags one that is not; compare's summary, its reasons and the HTML report's verdicts count it."""

from __future__ import annotations

import json
from pathlib import Path

from tau_shaped import load_domain
from tau_shaped.report.comparison import disagreement_reason, summarize
from tau_shaped.report.report_data import VERDICTS, verdict
from tau_shaped.report.verdict_groups import failure_parts
from tau_shaped.tasks.grader_suite import load_corpus, run_suite

FD = load_domain("food_delivery")
CORPUS = Path(__file__).parents[2] / "tau_shaped_domains" / "food_delivery" / "grader"


def _unclear_entries():
    return [e for e in load_corpus(CORPUS) if e["tag"] == "customer_reply_unclear"]


def test_the_corpus_holds_entries_labeled_undetermined():
    unclear = _unclear_entries()
    assert len(unclear) >= 10
    assert all(e["expected"]["status"] == "undetermined" and e["expected"]["undetermined"] == ["fd.confirm.before_write"] for e in unclear)


def _suite_on(tmp_path, entries):
    folder = tmp_path / "corpus"
    folder.mkdir(parents=True)
    (folder / "x.json").write_text(json.dumps([{k: v for k, v in e.items() if k != "_file"} for e in entries]))
    return run_suite(FD, folder)


def test_an_entry_labeled_undetermined_agrees_and_one_labeled_ok_does_not(tmp_path):
    entry = _unclear_entries()[0]
    assert _suite_on(tmp_path / "a", [entry]).disagreements == []
    as_ok = {**entry, "expected": {k: v for k, v in entry["expected"].items() if k not in ("status", "undetermined")}}
    (where, why), = _suite_on(tmp_path / "b", [as_ok]).disagreements
    assert why.startswith("undetermined: fd.confirm.before_write at step") and "(expected ok)" in why
    wrong_rule = {**entry, "expected": {**entry["expected"], "undetermined": ["fd.turn.one_step_at_a_time"]}}
    (where, why), = _suite_on(tmp_path / "c", [wrong_rule]).disagreements
    assert "undetermined rules ['fd.confirm.before_write']" in why


def _record(status, legacy=1.0):
    shaped = {"status": status, "reward": None if status == "undetermined" else 1.0, "outcome_reward": 0.0, "safety_passed": True,
              "undetermined": [{"id": "fd.confirm.before_write", "step": 4, "evidence": "Maybe."}] if status == "undetermined" else []}
    return {"task_id": 1, "trial": 0, "reward": legacy, "info": {"shaped": shaped}, "traj": []}


def test_reports_name_and_count_an_undetermined_episode(tmp_path):
    rec = _record("undetermined")
    assert disagreement_reason(rec) == "undetermined: fd.confirm.before_write at step 4"
    assert failure_parts(rec["info"]["shaped"]) == ["undetermined: fd.confirm.before_write"]
    assert verdict(rec) == "undetermined" and "undetermined" in VERDICTS and verdict(_record("internal_error")) == "error"
    path = tmp_path / "results.json"
    path.write_text(json.dumps([rec, _record("ok")]))
    summary = summarize(path)
    assert summary.undetermined == 1

    from rich.console import Console

    from tau_shaped.report.compare_display import overall_table

    console = Console(width=200, record=True)
    console.print(overall_table([summary], ["run"], 200))
    assert "2 (1 undetermined)" in console.export_text()


def _tau2_record(task, status, outcome):
    shaped = {"status": status, "reward": None if status == "undetermined" else outcome, "outcome_reward": outcome,
              "safety_passed": True, "undetermined": [{"id": "nl", "step": 2, "evidence": "?"}] if status == "undetermined" else []}
    return {"task_id": task, "trial": 0, "reward": 1.0, "info": {"shaped": shaped, "source": "user"}, "traj": []}


def test_an_undetermined_episode_is_in_no_shaped_rate(tmp_path):
    """SPEC §8: an undetermined episode whose other checks all passed (outcome 1 if it were
    decided) is no shaped pass, and the shaped rate's denominator leaves it out: 1 pass of 2
    decided, not 2 of 3. tau-bench's records carry ``info.source`` as a string ("user"): the
    report reads them."""
    from rich.console import Console

    from tau_shaped.evaluation.metrics import shaped_success
    from tau_shaped.report.compare_display import overall_table
    from tau_shaped.report.report_data import bucket_rates, report_data

    records = [_tau2_record(1, "undetermined", 1.0), _tau2_record(2, "ok", 1.0), _tau2_record(3, "ok", 0.0)]
    assert [shaped_success(r) for r in records] == [False, True, False]
    path = tmp_path / "results.json"
    path.write_text(json.dumps(records))
    summary = summarize(path)
    assert summary.undetermined == 1 and summary.shaped_rate == 0.5 and summary.legacy_rate == 1.0
    # pass^k over the same three trials as legacy's: the undetermined one counted failed, then passed
    assert summary.legacy_pass_k == {1: 1.0} and summary.pass_k.open == 1
    assert summary.shaped_pass_k == {1: 1 / 3} and summary.shaped_pass_k_high == {1: 2 / 3}
    console = Console(width=200, record=True)
    console.print(overall_table([summary], ["run"], 200))
    assert "0.500 of 2" in console.export_text()
    data = report_data([summary], ["run"], "test")
    assert data["runs"][0]["shaped_rate"] == 0.5
    (row,) = bucket_rates(data["episodes"])
    assert row["undetermined"] == 1 and row["shaped_rate"] == 0.5 and row["legacy_rate"] == 1.0
