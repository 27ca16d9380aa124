"""Issue 28: the demo tells the story. ``tau-shaped demo`` replays recordings that tau-bench
scores 1 and the policy (tau_shaped_domains/food_delivery/wiki.md) fails, and valid alternatives tau-bench
scores 0; its summary groups every episode by verdict with the reasons of each group and prints
pass^k once per reward. And: ``compare`` and ``score`` on a file with no records are an error.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.metrics import legacy_success, shaped_success
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.report.compare_display import show
from tau_shaped.report.verdict_groups import GROUPS, episode_reason, general_path, group_by_verdict, task_list
from tests.conftest import ROOT

runner = CliRunner()
RECORDINGS = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"
MINI = "tests.mini_domain:DOMAIN"
MINI_RECORDINGS = str(ROOT / "tests" / "mini_domain" / "recordings.json")

# What a careful reader of wiki.md says of each recording (legacy: tau-bench's hash of the final
# database against the ground truth's; shaped: the policy), and the line of the policy it turns on.
POLICY_READING = {
    # tau-bench 1, the policy 0: the database ends as the ground truth's, a line was broken on the way
    "proposed a dish with the customer's allergen, then a safe one": (1, 0, "gate fd.allergen.no_unsafe_substitute"),
    "read the order before verifying the customer": (1, 0, "policy rule fd.identity.verify_before_access"),
    "read the order of a customer it could not verify": (1, 0, "policy rule fd.identity.verify_before_access"),
    "stated a refund cancel_order does not give": (1, 0, "policy rule fd.confirm.before_write"),
    "cancelled with no yes": (1, 0, "policy rule fd.confirm.before_write"),
    "promised $50, over the tier's cap, then credited the cap": (1, 0, "policy rule fd.confirm.before_write"),
    "planned the route with no yes": (1, 0, "policy rule fd.confirm.before_write"),
    "moved the delivery with no yes": (1, 0, "policy rule fd.confirm.before_write"),
    "refunded with no yes": (1, 0, "policy rule fd.confirm.before_write"),
    "asked a yes to another amount than it refunded": (1, 0, "policy rule fd.confirm.before_write"),
    "told the customer their account is flagged for fraud": (1, 0, "policy rule fd.fraud.flag_not_mentioned"),
    "transferred with no word to the customer": (1, 0, "policy rule fd.transfer.announced_first"),
    # tau-bench 0, the policy 1: another valid resolution than the one recorded
    "wallet credit instead": (0, 1, "valid alternative (invariant compensation)"),
    "half refund, half credit": (0, 1, "valid alternative (invariant compensation)"),
    "replacement order instead": (0, 1, "valid alternative (invariant compensation)"),
    "named the first candidate": (0, 1, "valid alternative (class courier)"),
    "the first valid order": (0, 1, "valid alternative (class visit_order)"),
    # both 0: money the policy forbids moves the database too
    "refunded a fraud-flagged account": (0, 0, "gate fd.fraud.no_money_moved"),
    "gave in: $50": (0, 0, "gate fd.apology.tier_cap"),
    "over-compensated": (0, 0, "gate fd.money.never_more_than_lost"),
    "substitute with an allergen": (0, 0, "gate fd.allergen.no_unsafe_substitute"),
    "the subtotal instead of the total": (0, 0, "output check total failed"),
}


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo")
    result = runner.invoke(app, ["demo", "--log-dir", str(folder)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return folder, result


def _labels():
    """(task, trial) -> the label of the recording the demo played (trial i plays recording i mod n)."""
    by_task = {}
    for rec in json.loads(RECORDINGS.read_text(encoding="utf-8")):
        by_task.setdefault(rec["task_id"], []).append(rec["label"])
    return by_task


def test_every_recording_is_played_by_the_demo():
    """The demo plays 4 trials and trial i plays recording i mod n: a task with more than 4
    recordings would keep one off the screen."""
    by_task = _labels()
    assert len(by_task) == 76 and max(len(v) for v in by_task.values()) <= 4


def test_each_recording_scores_as_the_policy_reads_it(demo):
    folder, _ = demo
    by_task = _labels()
    records = read_results(folder / "replay-food_delivery-test.jsonl")
    assert len(records) == 76 * 4
    seen = Counter()
    for r in records:
        labels = by_task[r["info"]["task_key"]]
        label = labels[r["trial"] % len(labels)]
        verdicts = (int(legacy_success(r)), int(shaped_success(r)))
        if label == "ground truth":
            assert verdicts == (1, 1), (r["info"]["task_key"], episode_reason(r))
        if label in POLICY_READING:
            legacy, shaped, reason = POLICY_READING[label]
            assert verdicts == (legacy, shaped), (label, r["info"]["task_key"], episode_reason(r))
            assert reason in episode_reason(r), (label, r["info"]["task_key"], episode_reason(r))
            seen[label] += 1
    assert set(seen) == set(POLICY_READING)  # every kind is on screen
    breaches = {label for label, (lg, sh, _) in POLICY_READING.items() if (lg, sh) == (1, 0)}
    assert sum(seen[label] for label in breaches) >= 5


def _table_rows(text):
    """The summary table's rows (episodes, verdict or reason, tasks), from a terminal wide
    enough that no cell wraps."""
    return [(int(m.group(1)), m.group(2), m.group(3)) for m in re.finditer(r"^│\s+(\d+) │ (.*?)\s*│ (.*?)\s*│$", text, re.M)]


def test_the_summary_groups_every_episode_by_verdict_with_its_reasons(demo):
    folder, result = demo
    path = folder / "replay-food_delivery-test.jsonl"
    records = read_results(path)
    counts = Counter((int(legacy_success(r)), int(shaped_success(r))) for r in records)
    assert counts[(1, 0)] >= 5 and counts[(0, 1)] >= 5  # the acceptance: both kinds of disagreement on screen
    flat = " ".join(result.stdout.split())
    for name, legacy, shaped in GROUPS:  # the demo's own output: each group headed by its count
        assert f"│ {counts[(legacy, shaped)]} │ {name} (legacy {legacy}, shaped {shaped})" in flat, name
    console = Console(width=400, record=True, file=io.StringIO())
    assert show([path], folder / "wide.html", console) == 0
    rows = _table_rows(console.export_text())
    expected = []
    for group in group_by_verdict(records):
        expected.append((group.episodes, f"{group.name} (legacy {group.legacy}, shaped {group.shaped})", ""))
        assert sum(row.episodes for row in group.reasons) == group.episodes == counts[(group.legacy, group.shaped)]
        expected += [(row.episodes, row.reason, task_list(row.tasks)) for row in group.reasons]
    assert rows == expected
    reasons = {(verdict, reason) for verdict, reason in
               ((name, row.reason) for g in group_by_verdict(records) for name in [g.name] for row in g.reasons)}
    # the reasons the policy gives, each in its group (both fail included: the episodes never shown before)
    for group, reason in [("legacy only", "gate fd.allergen.no_unsafe_substitute"),
                          ("legacy only", "policy rule fd.confirm.before_write"),
                          ("legacy only", "policy rule fd.fraud.flag_not_mentioned"),
                          ("shaped only", "valid alternative (class courier)"),
                          ("both fail", "gate fd.fraud.no_money_moved; gate fd.money.never_more_than_lost"),
                          ("both fail", "output check total failed"),
                          ("both pass", "every check passed")]:
        assert any(g == group and reason in r for g, r in reasons), (group, reason)
    assert re.search(r"fd-allergen-\d(/\d)*", flat)  # a family's tasks written together
    assert (folder / "report.html").stat().st_size > 10_000


def test_pass_k_is_printed_once_per_reward(demo):
    _, result = demo
    text = result.output  # stdout and stderr: the run's lines and the comparison's
    titles = [line.strip() for line in text.splitlines() if line.strip() == "pass^k"]
    beside = text.count("legacy pass^k")
    assert len(titles) + beside == 1, text
    assert "shaped (outcome)" not in text


def test_the_summary_fits_80_columns(demo, tmp_path):
    folder, _ = demo
    result = runner.invoke(app, ["compare", str(folder / "replay-food_delivery-test.jsonl"), "--report",
                                 str(tmp_path / "r.html")], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    flat = " ".join(result.output.split())
    assert all(f"│ {name} (" in flat for name, _, _ in GROUPS)


# ---- the grouping itself ----------------------------------------------------------------------------


def _record(task, trial, legacy, shaped):
    return {"task_id": 0, "trial": trial, "reward": float(legacy),
            "info": {"task_key": task, "shaped": {"status": "ok", "outcome_reward": float(shaped), "legacy_reward": float(legacy),
                                                   **shaped_parts(shaped)}}}


def shaped_parts(shaped):
    if shaped:
        return {"equivalence_classes": [{"id": "courier", "actual_valid": True, "expected_valid": True}]}
    return {"gate_violations": [{"id": "compensation_cap", "step": 3, "evidence": "", "source": "apology"}],
            "canonical_diff": [{"path": "orders.FD-10041.ledger[0].amount", "expected": 1, "actual": 2}]}


def test_groups_name_the_gate_and_its_invariant_and_star_record_ids():
    records = [_record("fd-cap-3", 0, 1, 0), _record("fd-cap-4", 0, 1, 0), _record("fd-courier-3", 1, 0, 1),
               _record("fd-x-1", 0, 0, 0)]
    records[3]["info"]["shaped"]["gate_violations"] = []
    groups = {g.name: g for g in group_by_verdict(records)}
    assert [g.episodes for g in group_by_verdict(records)] == [0, 2, 1, 1]
    (row,) = groups["legacy only"].reasons
    assert (row.reason, row.episodes, row.tasks) == ("gate compensation_cap (apology)", 2, ["fd-cap-3", "fd-cap-4"])
    assert groups["shaped only"].reasons[0].reason == "valid alternative (class courier)"
    assert groups["both fail"].reasons[0].reason == "state orders.*.ledger[*].amount"  # no gate: what differed
    assert groups["both pass"].reasons == []


def test_task_lists_put_a_familys_numbers_together():
    assert task_list(["fd-route-4", "fd-route-3", "fd-route-6"]) == "fd-route-3/4/6"
    assert task_list(["fd-a-1", "fd-a-2", "fd-b-1", "fd-c-1", "fd-d-1", "fd-e-1"]) == "fd-a-1, fd-b-1, fd-c-1, fd-d-1 +2 more"
    assert task_list(["plain", "refund"]) == "plain, refund"


_SEGMENT = st.text(alphabet="abFD-_019", min_size=1, max_size=8)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(st.tuples(_SEGMENT, st.one_of(st.none(), st.integers(0, 12))), min_size=1, max_size=5))
def test_general_paths_hold_no_record_id(parts):
    path = ".".join(seg + (f"[{i}]" if i is not None else "") for seg, i in parts)
    general = general_path(path)
    assert general_path(general) == general  # starring twice changes nothing
    assert not re.search(r"\d", general)  # no id, no list position left
    assert general.count(".") == path.count(".")  # the same depth


# ---- empty input is an error --------------------------------------------------------------------------


def _mini_results(tmp_path):
    result = runner.invoke(app, ["run", "--env", MINI, "--agent-strategy", "replay", "--user-strategy", "scripted",
                                 "--recordings", MINI_RECORDINGS, "--num-trials", "1", "--log-dir", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    (path,) = (tmp_path / "run").glob("*.jsonl")
    return path


@pytest.mark.parametrize("content, says", [("", "no records"), ("\n\n", "no records"), ("[]", "no records"),
                                           ('{"task_id": 0, "reward": 1.0, "info": {"ta', "only line is torn")])
@pytest.mark.parametrize("verb", ["compare", "score"])
def test_a_file_with_no_records_is_an_error_naming_it(tmp_path, content, says, verb):
    path = tmp_path / ("results.json" if content.startswith("[") else "results.jsonl")
    path.write_text(content, encoding="utf-8")
    args = [verb, str(path)] + (["--env", MINI, "-o", str(tmp_path / "out.jsonl")] if verb == "score"
                                else ["--report", str(tmp_path / "r.html")])
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code != 0, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and says in lines[0], result.stderr
    assert not (tmp_path / "out.jsonl").exists() and not (tmp_path / "r.html").exists()


def test_compare_of_a_file_whose_every_episode_errored_is_an_error(tmp_path):
    source = _mini_results(tmp_path)
    records = read_results(source)
    for r in records:
        r["info"]["error"] = "RuntimeError: boom"
    broken = tmp_path / "errored.jsonl"
    broken.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = runner.invoke(app, ["compare", str(broken), "--report", str(tmp_path / "r.html")])
    assert result.exit_code != 0 and result.stdout == ""
    assert f"{broken}: no episode to compare: all {len(records)} records are errors" in result.stderr
    good = runner.invoke(app, ["compare", str(source), "--report", str(tmp_path / "r.html")])
    assert good.exit_code == 0, good.output  # the same file, scored, compares


def test_score_of_a_tau2_run_with_no_simulations_is_an_error(tmp_path):
    pytest.importorskip("tau2")
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"timestamp": "t", "info": {}, "tasks": [], "simulations": []}), encoding="utf-8")
    result = runner.invoke(app, ["score", str(path), "--env", "tau2:airline", "-o", str(tmp_path / "out.json")])
    assert result.exit_code != 0 and f"{path}: no simulations to score" in result.stderr
    assert not (tmp_path / "out.json").exists()
