"""Issue 42: every verdict explained in words. Each reason of an episode (a gate, a policy rule, an
invariant, an output check, a state path, what accepted a valid alternative) carries the rule's
or check's sentence, the step that decided it and the text or value that did, in ``compare``
(and the demo), in ``view`` and in the HTML report; and the report's reason table keeps every
reason of an episode, not only its first."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tau_shaped.cli.app import app
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.evaluation.runner import RunConfig, run
from tau_shaped.report.compare_display import show
from tau_shaped.report.comparison import summarize
from tau_shaped.report.html_report import write_report
from tau_shaped.report.verdict_groups import episode_reason, group_by_verdict
from tau_shaped.report.verdict_words import NO_SENTENCE, explain, rule_sentences, run_env
from tests.conftest import ROOT

DOMAINS = ROOT / "tau_shaped_domains"
RECORDINGS = DOMAINS / "food_delivery" / "tasks" / "recordings" / "test.json"
# (registered name, package folder, what it needs beyond the base install)
BUNDLED = [("food_delivery", "food_delivery", None), ("tau2:airline", "tau2_airline", "tau2"),
           ("tau2:retail", "tau2_retail", "tau2"), ("tau2:telecom", "tau2_telecom", "tau2")]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _file_sentences(folder: str) -> dict:
    """Each rule's policy line as its rules file writes it (read here, not through the library)."""
    rules = json.loads((DOMAINS / folder / "policy_rules.json").read_text(encoding="utf-8"))["rules"]
    return {r["id"]: _flat(r.get("policy") or r.get("description") or "") for r in rules}


@pytest.mark.parametrize("name, folder, needs", BUNDLED, ids=[b[0] for b in BUNDLED])
def test_every_rule_of_a_bundled_domain_has_its_sentence(name, folder, needs):
    if needs:
        pytest.importorskip(needs, reason=f"needs the {needs} extra")
    expected = _file_sentences(folder)
    assert expected and all(expected.values()), f"{folder}/policy_rules.json: a rule with no policy line"
    assert dict(rule_sentences(name)) == expected


def test_a_name_that_is_no_registered_domain_gives_no_sentence_and_imports_nothing():
    assert dict(rule_sentences("os:system")) == {} and dict(rule_sentences(None)) == {}


# ---- a real run: episodes that broke rules ----------------------------------------------------------


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    folder = tmp_path_factory.mktemp("words")
    summary = run(RunConfig(env="food_delivery", agent_strategy="replay", user_strategy="scripted", recordings=str(RECORDINGS),
                            task_ids=["fd-dispute-3", "fd-fraud-3", "fd-question-3", "fd-courier-3"], num_trials=4,
                            log_dir=str(folder)))
    return summary.path


def _two_rules(records):
    """A record whose shaped 0 is two broken policy rules (and no gate): both are its reason."""
    for r in records:
        shaped = r["info"]["shaped"]
        if len(shaped.get("rule_violations") or []) >= 2 and not shaped.get("gate_violations"):
            return r
    raise AssertionError("the recordings no longer hold an episode breaking two rules")


def test_an_episode_breaking_two_rules_is_explained_by_both(results):
    records = read_results(results)
    record = _two_rules(records)
    assert run_env(records) == "food_delivery"
    sentences = _file_sentences("food_delivery")
    reasons = explain(record, rule_sentences("food_delivery"))
    broken = record["info"]["shaped"]["rule_violations"]
    by_label = {r.label: r for r in reasons}
    for rule in broken:
        reason = by_label[f"policy rule {rule['id']}"]
        assert reason.says == sentences[rule["id"]]  # the rule's own line of the policy
        assert reason.step == rule["step"] and reason.evidence == rule["evidence"]
    # the grouped reason names both, and the group row carries both in words
    assert all(f"policy rule {rule['id']}" in episode_reason(record) for rule in broken)
    row = next(row for g in group_by_verdict([record], rule_sentences("food_delivery")) for row in g.reasons)
    assert {w.label for w in row.words} == {f"policy rule {rule['id']}" for rule in broken}


def test_compare_prints_each_reason_with_its_sentence_step_and_quoted_text(results, tmp_path):
    records = read_results(results)
    record = _two_rules(records)
    console = Console(width=400, record=True, file=io.StringIO())
    assert show([results], tmp_path / "r.html", console) == 0
    out = _flat(re.sub(r"[│┃]", " ", console.export_text()))  # a wrapped cell read back as one text
    sentences = _file_sentences("food_delivery")
    for rule in record["info"]["shaped"]["rule_violations"]:
        assert sentences[rule["id"]] in out or rule["id"] + ": (as above)" in out
        evidence = rule["evidence"].split(": ", 1)[1] if rule["evidence"].startswith(f"step {rule['step']}: ") else rule["evidence"]
        assert f"step {rule['step']}: {_flat(evidence)[:60]}" in out
    # a task's own output check, in words built from the check (the task file gives it no description); the
    # recording that misses it (fd-question-3's subtotal said as the total) breaks a statement rule too since
    # round 12, and no gate
    failed = next(r for r in records if any(not c["passed"] for c in r["info"]["shaped"]["output_checks"])
                  and not r["info"]["shaped"].get("gate_violations"))
    check = next(c for c in failed["info"]["task"]["output_checks"]
                 if c["id"] == next(c["id"] for c in failed["info"]["shaped"]["output_checks"] if not c["passed"]))
    assert "number" in check["said"] and f"The agent must say the number {check['said']['number']}" in out
    # a valid alternative says what accepted it
    assert "may be any candidate the tool recorded in" in out


def test_view_shows_every_reason_in_words(results):
    records = read_results(results)
    record = _two_rules(records)
    out = CliRunner().invoke(app, ["view", str(results), "-e", f"{record['info']['task_key']}/{record['trial']}"],
                             env={"COLUMNS": "3000"})  # wide enough that no cell wraps: a row is a line
    assert out.exit_code == 0, out.output
    section = out.output.split("Why, in words")[1].split("└")[0]
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in section.splitlines() if line.startswith("│")]
    sentences = _file_sentences("food_delivery")
    expected = []
    for rule in record["info"]["shaped"]["rule_violations"]:
        evidence = rule["evidence"][len(f"step {rule['step']}: "):] if rule["evidence"].startswith(f"step {rule['step']}: ") else rule["evidence"]
        expected.append([f"policy rule {rule['id']}", sentences[rule["id"]], str(rule["step"]), evidence])
    assert rows == expected


def _report(results, tmp_path):
    page = write_report([summarize(results)], tmp_path / "r.html").read_text(encoding="utf-8")
    data = json.loads(page.split("id='report-data'>")[1].split("</script>")[0].replace("\\u003c", "<"))
    return page, data


def test_the_report_keeps_every_reason_of_an_episode_in_words(results, tmp_path):
    page, data = _report(results, tmp_path)
    records = read_results(results)
    record = _two_rules(records)
    sentences = _file_sentences("food_delivery")
    ep = next(e for e in data["episodes"] if e["task"] == record["info"]["task_key"] and e["trial"] == record["trial"])
    said = {r["label"]: (data["sentences"][r["says"]], r["step"], r["evidence"]) for r in ep["reasons"]}
    for rule in record["info"]["shaped"]["rule_violations"]:
        assert said[f"policy rule {rule['id']}"] == (sentences[rule["id"]], rule["step"], rule["evidence"])
    table = page.split("<h2>Why the rewards differ, or both fail</h2>")[1].split("<h2>")[0]
    broken = record["info"]["shaped"]["rule_violations"]
    row = next(tr for tr in table.split("<tr>") if all(f"<b>policy rule {r['id']}</b>" in tr for r in broken))
    for rule in record["info"]["shaped"]["rule_violations"]:  # both reasons in the row, each with its sentence
        assert f"<b>policy rule {rule['id']}</b>: {html.escape(sentences[rule['id']])}" in row
    # every grouped row of the report says each reason in words: no row is a bare id
    rows = [tr for tr in table.split("<tr>")[2:]]
    assert rows and all("<ul class=reason-words" in tr for tr in rows)


# ---- a task's own checks, from the record's task --------------------------------------------------


def _record(shaped, task=None, legacy=0.0):
    info = {"task_key": "t-1", "shaped": {"status": "ok", "outcome_reward": 0.0, **shaped}}
    if task is not None:
        info["task"] = task
    return {"task_id": 0, "trial": 0, "reward": legacy, "info": info}


def test_a_task_check_says_its_description_else_a_sentence_from_its_kind_and_paths():
    task = {"reward_overrides": {
        "safety_gates": [{"id": "no_wipe", "description": "Never wipe the customer's wallet.", "when": {"tool": "wipe"}},
                         {"id": "no_close", "when": {"tool": "close_account", "args": {"id": "A-1"}}}],
        "monetary_identity": [{"id": "refund", "disputed_amount": 12.5, "cap": 12.5, "components": ["orders.O-1.ledger[*].amount"]}]},
        "output_checks": [{"id": "status", "said": {"contains": "delivered", "affirmed": True}}]}
    record = _record({"gate_violations": [{"id": "no_wipe", "step": 1, "evidence": "step 1: wipe({})", "source": None},
                                           {"id": "no_close", "step": 2, "evidence": "step 2: close_account", "source": None},
                                           {"id": "compensation_cap", "step": 3, "evidence": "refund: total 20.00 exceeds cap 12.50",
                                            "source": "refund"}],
                      "invariants": [{"id": "refund", "total": 20.0, "disputed_amount": 12.5, "cap": 12.5, "holds": False}],
                      "output_checks": [{"id": "status", "passed": False, "evidence": "no agent message matches"}],
                      "canonical_diff": [{"path": "orders.O-1.status", "expected": "refunded", "actual": "open"}]}, task)
    says = {r.label: r for r in explain(record)}
    assert says["gate no_wipe"].says == "Never wipe the customer's wallet."
    assert says["gate no_close"].says.startswith("The task's safety gate no_close: it fires when the agent calls close_account")
    cap = says["gate compensation_cap (refund)"]
    assert "orders.O-1.ledger[*].amount" in cap.says and "12.50" in cap.says and cap.step == 3
    assert "20.00 given of 12.50 disputed" in says["invariant refund: more than owed"].evidence
    assert says["output check status failed"].says == "The agent must say 'delivered' (affirmed, not negated) in a message to the customer."
    state = says["state orders.*.status"]
    assert state.evidence == 'orders.O-1.status: expected "refunded", got "open"'
    assert all(r.says and r.says != r.label.split()[-1] for r in says.values())  # never a bare id


def test_a_record_without_its_task_or_rules_still_reads_as_words():
    record = _record({"gate_violations": [{"id": "compensation_cap", "step": 0, "evidence": "x: total 9.00 exceeds cap 1.00", "source": "x"}],
                      "rule_violations": [{"id": "dom.rule", "step": 4, "evidence": "step 4: agent said 'no'"}],
                      "output_checks": [{"id": "total", "passed": False, "evidence": "no agent message matches"}]})
    says = {r.label: r.says for r in explain(record)}
    assert says["gate compensation_cap (x)"] == "The money given for x may not exceed the task's cap."
    assert says["policy rule dom.rule"] == f"The domain's policy rule dom.rule {NO_SENTENCE}."
    assert "output check total" in says["output check total failed"]
    assert explain({"task_id": 0, "reward": 1.0, "info": {"shaped": {"status": "ok", "outcome_reward": 1.0}}}) == []


def test_undetermined_and_unscored_episodes_say_why():
    undetermined = _record({"status": "undetermined", "undetermined": [{"id": "fd.confirm.before_write", "step": 2,
                                                                        "evidence": "'ok?' read neither way"}]})
    (reason,) = explain(undetermined, rule_sentences("food_delivery"))
    assert reason.says == _file_sentences("food_delivery")["fd.confirm.before_write"] and reason.step == 2
    assert "'ok?' read neither way" in reason.evidence
    (reason,) = explain(_record({"status": "internal_error", "error": "boom"}))
    assert reason.label == "not scored: internal_error" and reason.evidence == "boom"


def test_output_checks_without_an_id_and_plain_outputs_say_what_is_expected():
    unnamed = _record({"output_checks": [{"id": "output_1", "passed": False, "evidence": "no agent message matches"}]},
                      {"output_checks": [{"said": {"denies": True}}, {"said": {"number": 7.5, "tolerance": 0.01}}]})
    (reason,) = explain(unnamed)
    assert reason.says == "The agent must say the number 7.5 (within 0.01) in a message to the customer."
    plain = _record({"output_checks": [{"id": "50", "passed": False, "evidence": "in no agent message"}]},
                    {"outputs": ["50"], "output_checks": None})
    (reason,) = explain(plain)
    assert reason.label == "output check 50 failed" and reason.says.startswith("The agent must say '50' to the customer")


def test_a_tau2_zero_the_shaped_verifier_passes_quotes_tau2s_reason():
    record = _record({"outcome_reward": 1.0}, {"outputs": []})
    record["info"]["tau2"] = {"status": "scored", "reward": 0.0, "termination_reason": "max_steps"}
    (reason,) = explain(record)
    assert reason.label == "tau2's reward 0" and "tau2's own reward is 0" in reason.says and reason.evidence
