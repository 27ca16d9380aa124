"""Issue 5: the grader regression corpus agrees with the verifier, and the suite fails loudly when it does not."""

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.grader_suite import load_corpus, run_suite
from tests.conftest import ROOT

CORPUS = ROOT / "tau_shaped_domains" / "food_delivery" / "grader"
DOMAIN_TASKS = [t for t in load_domain("food_delivery").tasks("train") + load_domain("food_delivery").tasks("test") if not t.seed]  # world 0
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
                   "wrong_order", "missing_information", "one_cent_under", "tolerance_outside", "one_cent_over_cap",
                   "repeated_checkpoint_steps", "failed_call_then_ground_truth", "empty_trajectory",
                   "checkpoints_without_outcome", "gate_crossed_then_undone"):
        assert needed in tags, needed


def test_corpus_names_every_policy_rule():
    """SPEC §9: every rule of the domain has corpus trajectories that break it (named)."""
    entries = load_corpus(CORPUS)
    named = {r for e in entries for r in e["expected"].get("rules", []) + e["expected"].get("gates", [])}
    rules = {r.id for r in load_domain("food_delivery").policy_rules.rules}
    assert rules <= named, sorted(rules - named)


def test_suite_agrees_on_the_whole_corpus():
    report = run_suite(load_domain("food_delivery"), CORPUS)
    assert report.disagreements == [] and report.gaming_failures == []
    assert report.total == len(load_corpus(CORPUS))
    assert set(report.gaming) == {"shaped", "outcome", "gated"}
    assert all(margin > 0 for margin, _, _ in report.gaming.values())
    tasks = {e["task_id"] for e in load_corpus(CORPUS)}
    assert set(report.gaming_by_task) == tasks and len(tasks) == len(DOMAIN_TASKS)
    for task_id, rows in report.gaming_by_task.items():
        assert set(rows) == {"shaped", "outcome", "gated"}
        for blend, row in rows.items():
            # the bound is an upper bound of what the corpus's checkpoint-only trajectories scored
            assert row.best is None or row.best <= row.bound + 1e-9, (task_id, blend)
            assert row.margin > 0 and row.correct >= 1.0


def test_every_task_has_a_checkpoint_only_trajectory():
    """Issue 5: the gaming probe covers each task with a trajectory that does the steps but not the outcome."""
    entries = load_corpus(CORPUS)
    tasks = {e["task_id"] for e in entries}
    covered = {e["task_id"] for e in entries if e["tag"] == "checkpoints_without_outcome" and e["expected"]["outcome"] == 0}
    assert covered == tasks


def test_gaming_probe_fails_when_lambda_lets_checkpoints_outrank_a_correct_trajectory(tmp_path):
    """SPEC §3: shaped = outcome + lambda * p. A correct allergen trajectory that skipped listing the substitutes
    (p = 0.7) scores 1 + 0.7 * lambda; a checkpoint-only one can reach 0.9 * lambda: at lambda 10 that is 9 >= 8, and the probe says so."""
    corpus = tmp_path / "grader"
    corpus.mkdir()
    shutil.copy(CORPUS / "allergen_substitution.json", corpus / "allergen_substitution.json")
    report = run_suite(load_domain("food_delivery"), corpus, lam=10.0)
    assert report.disagreements == []
    shaped = [f for f in report.gaming_failures if ", shaped:" in f]
    assert len(shaped) == 6 and all("9.000 >= correct 8.000" in f for f in shaped)
    assert not [f for f in report.gaming_failures if ", outcome:" in f or ", gated:" in f]
    fine = run_suite(load_domain("food_delivery"), corpus, lam=0.3)
    assert fine.gaming_failures == []
    result = runner.invoke(app, ["grader-test", "--corpus", str(corpus), "--lambda", "10"])
    assert result.exit_code == 1 and "gaming probe failed" in result.output


def test_grader_test_exits_nonzero_on_a_disagreement(tmp_path):
    corpus = tmp_path / "grader"
    corpus.mkdir()
    shutil.copy(CORPUS / "fraud_flagged.json", corpus / "fraud_flagged.json")
    entries = json.loads((corpus / "fraud_flagged.json").read_text())
    entries[0]["expected"]["outcome"] = 1 - entries[0]["expected"]["outcome"]
    (corpus / "fraud_flagged.json").write_text(json.dumps(entries))
    result = runner.invoke(app, ["grader-test", "--corpus", str(corpus)])
    assert result.exit_code == 1 and "disagreement" in result.output and entries[0]["id"] in result.output


def test_suite_on_plain_taubench_tasks(tmp_path):
    """A tau-bench task has no reward_overrides (SPEC §3 backward compatibility): no checkpoints, so the
    checkpoint-only bound is 0 under every blend, and the suite runs instead of failing on the attribute."""
    from dataclasses import replace

    from tau_shaped.env.types import Task
    from tests.mini_domain import DOMAIN

    plain = next(t for t in DOMAIN.tasks("test") if t.id == "plain")
    bare = Task(**{k: getattr(plain, k) for k in Task.model_fields})
    assert not hasattr(bare, "reward_overrides")
    domain = replace(DOMAIN, _tasks={"test": [bare]})
    (tmp_path / "plain.json").write_text(json.dumps([{"id": "plain/gt", "task_id": 0, "kind": "good", "tag": "ground_truth",
                                                    "actions": [a.model_dump() for a in bare.actions]
                                                    + [{"name": "respond", "kwargs": {"content": "It is out for delivery."}}],
                                                    "expected": {"outcome": 1, "safety_passed": True, "legacy": 1}}]))
    report = run_suite(domain, tmp_path)
    assert report.total == 1 and report.disagreements == [] and report.gaming_failures == []
    assert {blend: (row.bound, row.best, row.correct) for blend, row in report.gaming_by_task["0"].items()} == {
        "shaped": (0.0, None, 1.0), "outcome": (0.0, None, 1.0), "gated": (0.0, None, 1.0)}


def test_task_ids_shared_by_two_splits_are_refused(tmp_path):
    """Index ids of tau-bench tasks repeat across splits: with no default split to take
    (test_grader_default_split.py: with one, it is taken), the suite names the id and asks for --split."""
    from dataclasses import replace

    import pytest

    from tau_shaped.env.types import Task
    from tests.mini_domain import DOMAIN

    plain = next(t for t in DOMAIN.tasks("test") if t.id == "plain")
    bare = Task(**{k: getattr(plain, k) for k in Task.model_fields})
    domain = replace(DOMAIN, task_files={"train": DOMAIN.task_files["test"], "test": DOMAIN.task_files["test"]},
                     _tasks={"train": [bare], "test": [bare]}, default_split=None)
    with pytest.raises(ValueError, match="task id '0' is in more than one of the splits train, test: choose one with --split"):
        run_suite(domain, tmp_path)
    with pytest.raises(ValueError, match="no labeled trajectories"):  # one split chosen: on to the (empty) corpus
        run_suite(domain, tmp_path, splits=["test"])


# ---- grader-test from anywhere (issue 28): the corpora ship with their domains -------------------


def test_each_domain_ships_its_corpus_as_package_data():
    import fnmatch
    import tomllib

    import tau_shaped_domains
    from tau_shaped.tasks.grader_suite import default_corpus

    package_root = Path(tau_shaped_domains.__file__).parent
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for name, package in (("food_delivery", "food_delivery"), ("tau2:airline", "tau2_airline"), ("tau2:retail", "tau2_retail")):
        try:
            domain = load_domain(name)
        except Exception as exc:  # noqa: BLE001 - tau2's domains need the tau2 extra
            pytest.skip(f"{name}: {exc}")
        folder = default_corpus(domain)
        assert folder == package_root / package / "grader" and load_corpus(folder)
        globs = data["tau_shaped_domains"]  # one set of globs for every domain package (issue 30)
        for path in folder.glob("*.json"):  # a wheel holds every corpus file
            assert any(fnmatch.fnmatch(str(path.relative_to(package_root)), g) for g in globs), path


def test_a_domain_without_a_corpus_says_so():
    from tau_shaped.tasks.grader_suite import default_corpus
    from tests.mini_domain import DOMAIN

    with pytest.raises(ValueError, match="ships no grader corpus: give --corpus"):
        default_corpus(DOMAIN)


def test_grader_test_finds_the_domains_corpus_from_any_folder(tmp_path, monkeypatch):
    """No --corpus, run from a folder that is not the repository: the domain's own corpus
    (a slice of it, to keep the test short) is found and scored."""
    import tau_shaped.tasks.grader_suite as suite

    used = []
    whole = suite.load_corpus

    def first_file(folder):
        used.append(Path(folder))
        return [e for e in whole(folder) if e["_file"] == "fraud_flagged.json"]

    monkeypatch.setattr(suite, "load_corpus", first_file)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["grader-test"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert used == [CORPUS] and "agree" in result.stdout
