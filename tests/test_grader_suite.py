"""Issue 5: the grader regression corpus agrees with the verifier, and the suite fails loudly when it does not."""

import json
import shutil

from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.domains import load_domain
from tau_shaped.grader_suite import load_corpus, run_suite
from tests.conftest import ROOT

CORPUS = ROOT / "tests" / "grader"
runner = CliRunner()


def test_corpus_sizes():
    entries = load_corpus(CORPUS)
    kinds = {k: sum(e["kind"] == k for e in entries) for k in ("good", "bad", "edge")}
    assert kinds["good"] >= 100 and kinds["bad"] >= 100 and kinds["edge"] >= 50, kinds
    alternatives = [e for e in entries if e["kind"] == "good" and e["expected"]["legacy"] == 0]
    assert len(alternatives) >= 40
    assert all(e.get("tag") for e in entries if e["kind"] == "bad")
    tags = {e["tag"] for e in entries}
    for needed in ("unsafe_substitute", "over_the_cap", "under_refund", "courier_outside_candidates", "money_on_fraud_account",
                   "wrong_order", "missing_information", "tolerance_inside", "tolerance_outside", "cap_plus_tolerance",
                   "repeated_checkpoint_steps", "failed_call_then_ground_truth", "empty_trajectory",
                   "checkpoints_without_outcome", "gate_crossed_then_undone"):
        assert needed in tags, needed


def test_suite_agrees_on_the_whole_corpus():
    report = run_suite(load_domain("food_delivery"), CORPUS)
    assert report.disagreements == [] and report.gaming_failures == []
    assert report.total == len(load_corpus(CORPUS))
    assert set(report.gaming) == {"shaped", "outcome", "gated"}
    assert all(margin > 0 for margin, _, _ in report.gaming.values())


def test_grader_test_exits_nonzero_on_a_disagreement(tmp_path):
    corpus = tmp_path / "grader"
    corpus.mkdir()
    shutil.copy(CORPUS / "fraud_flagged.json", corpus / "fraud_flagged.json")
    entries = json.loads((corpus / "fraud_flagged.json").read_text())
    entries[0]["expected"]["outcome"] = 1 - entries[0]["expected"]["outcome"]
    (corpus / "fraud_flagged.json").write_text(json.dumps(entries))
    result = runner.invoke(app, ["grader-test", "--corpus", str(corpus)])
    assert result.exit_code == 1 and "disagreement" in result.output and entries[0]["id"] in result.output
