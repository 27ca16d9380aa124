"""`tau-shaped score` on a tau-bench-format results file, and `compare` with its HTML report."""

import json
import re
from html.parser import HTMLParser

from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.evaluation.runner import RunConfig, run
from tests.conftest import ROOT

runner = CliRunner()
RECORDINGS = str(ROOT / "tests" / "mini_domain" / "recordings.json")


def _tau_task(index):
    from tests.mini_domain import DOMAIN

    task = DOMAIN.tasks("test")[index]
    return {"user_id": task.user_id, "instruction": task.instruction, "outputs": list(task.outputs),
            "actions": [{"name": a.name, "kwargs": a.kwargs} for a in task.actions]}


def _taubench_file(tmp_path):
    """A results file as tau-bench writes it: a JSON list of EnvRunResult, no shaped result."""
    traj = [
        {"role": "system", "content": "policy"},
        {"role": "user", "content": "My order O1 is missing a dish."},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "issue_refund", "arguments": json.dumps({"order_id": "O1", "amount": 12.5, "method": "wallet_credit"})}}]},
        {"role": "tool", "tool_call_id": "c1", "name": "issue_refund", "content": "ok"},
        {"role": "assistant", "content": "Refunded."},
        {"role": "user", "content": "###STOP###"},
    ]
    # tau-bench's agents put the env's info, the task included, in each record
    records = [
        {"task_id": 1, "reward": 0.0, "info": {"reward_info": {}, "task": _tau_task(1)}, "traj": traj, "trial": 0},
        {"task_id": 4, "reward": 0.0, "info": {"task": _tau_task(4)}, "traj": traj[:2] + [{"role": "assistant", "content": "It is out for delivery."}], "trial": 0},
    ]
    path = tmp_path / "tool-calling-gpt-4o-0.0_range_0--1.json"
    path.write_text(json.dumps(records))
    return path


def test_score_taubench_file(tmp_path):
    path = _taubench_file(tmp_path)
    result = runner.invoke(app, ["score", str(path), "--env", "tests.mini_domain:DOMAIN", "-o", str(tmp_path / "out.json")])
    assert result.exit_code == 0, result.output
    records = read_results(tmp_path / "out.json")
    assert [r["info"]["shaped"]["outcome_reward"] for r in records] == [1.0, 1.0]
    assert [r["info"]["shaped"]["legacy_reward"] for r in records] == [0.0, 1.0]
    assert records[0]["traj"] == json.loads(path.read_text())[0]["traj"]


def test_score_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"task_id": 99, "reward": 0, "info": {"task": _tau_task(1)}, "traj": [], "trial": 0}]))
    result = runner.invoke(app, ["score", str(bad), "--env", "tests.mini_domain:DOMAIN"])
    assert result.exit_code == 2 and "task_id 99" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["score", str(bad), "--env", "nope"])
    assert result.exit_code == 2 and "unknown domain 'nope'" in result.output
    (tmp_path / "broken.json").write_text("[{")
    result = runner.invoke(app, ["score", str(tmp_path / "broken.json"), "--env", "tests.mini_domain:DOMAIN"])
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_score_refuses_records_of_other_tasks(tmp_path):
    """Issue 15: a file of another domain or split, whose task ids happen to be in range, is
    refused naming the record, not scored against unrelated tasks; so is a record that does
    not say its task. Issue 20: a task whose wording was edited since the run (tau-bench's
    historical files: "You are mia_li_3668." became "Your user id is mia_li_3668.") is scored,
    with a note, when its user and ground truth are the same and not trivial."""
    path = _taubench_file(tmp_path)
    records = json.loads(path.read_text())
    edited = "You are a customer whose order is out for delivery; ask where it is."
    records[1]["info"]["task"] = {**records[1]["info"]["task"], "instruction": edited}
    path.write_text(json.dumps(records))
    result = runner.invoke(app, ["score", str(path), "--env", "tests.mini_domain:DOMAIN", "-o", str(tmp_path / "edited.json")])
    assert result.exit_code == 0, result.output
    assert "note: " in result.output and "record 1: info.task's instruction differs from task" in result.output
    assert json.loads((tmp_path / "edited.json").read_text())[1]["info"]["shaped"]["status"] == "ok"
    for other in ({"user_id": "C2"}, {"outputs": []}, {"actions": records[1]["info"]["task"]["actions"] + [
            {"name": "issue_refund", "kwargs": {"order_id": "O1", "amount": 1, "method": "wallet_credit"}}]}):
        records[1]["info"]["task"] = {**_tau_task(4), "instruction": edited, **other}  # another user or ground truth
        path.write_text(json.dumps(records))
        result = runner.invoke(app, ["score", str(path), "--env", "tests.mini_domain:DOMAIN", "-o", str(tmp_path / "out.json")])
        assert result.exit_code == 2 and "record 1" in result.output and "instruction" in result.output, other
        assert not (tmp_path / "out.json").exists()
    records[1]["info"].pop("task")
    path.write_text(json.dumps(records))
    result = runner.invoke(app, ["score", str(path), "--env", "tests.mini_domain:DOMAIN", "-o", str(tmp_path / "out.json")])
    assert result.exit_code == 2 and "record 1: info.task is missing" in result.output
    records[1]["info"]["task"] = _tau_task(1)  # the right instruction, of another task than task_id 4
    path.write_text(json.dumps(records))
    result = runner.invoke(app, ["score", str(path), "--env", "tests.mini_domain:DOMAIN", "-o", str(tmp_path / "out.json")])
    assert result.exit_code == 2 and "record 1" in result.output


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.images, self.cells, self.headings = [], [], []
        self._tag = None

    def handle_starttag(self, tag, attrs):
        self._tag = tag
        if tag == "img":
            self.images.append(dict(attrs)["src"])

    def handle_data(self, data):
        if self._tag == "td":
            self.cells.append(data)
        if self._tag in ("h1", "h2", "h3"):
            self.headings.append(data)


def test_compare_report(tmp_path):
    summary = run(RunConfig(env="tests.mini_domain:DOMAIN", agent_strategy="replay", user_strategy="scripted", recordings=RECORDINGS, log_dir=str(tmp_path), num_trials=2))
    report = tmp_path / "report.html"
    result = runner.invoke(app, ["compare", str(summary.path), "--report", str(report)])
    assert result.exit_code == 0, result.output
    assert "valid alternative (class courier)" in result.output
    parser = _Collect()
    parser.feed(report.read_text())
    # pass^k and the reward distributions (as many images as the layout draws them in), all inline
    assert len(parser.images) >= 2 and all(src.startswith("data:image/png;base64,") for src in parser.images)
    assert "Why the rewards differ, or both fail" in parser.headings  # the report's section (issue 16)
    # its rows, each the verdict and the reason (what compare groups by), tags aside
    page = report.read_text()
    section = page[page.index("Why the rewards differ"):page.index("<h2>Episodes")]
    rows = [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in section.split("<tr>")[2:]]
    alternative = [row for row in rows if row.startswith("legacy 0 → shaped 1: a valid alternative")]
    assert any(" class courier" in row for row in alternative) and any(" invariant dispute" in row for row in alternative)
    assert any(row.startswith("both 0") and " gate allergen_substitute" in row for row in rows), rows


def test_compare_needs_shaped_results(tmp_path):
    path = _taubench_file(tmp_path)
    result = runner.invoke(app, ["compare", str(path), "--report", str(tmp_path / "r.html")])
    assert result.exit_code == 2 and "tau-shaped score" in result.output


def test_disagreement_reason_names_a_broken_policy_rule():
    """SPEC §9: a legacy-1 / shaped-0 record says which policy rule broke, at which step."""
    from tau_shaped.report.comparison import disagreement_reason

    record = {"task_id": "t", "trial": 0, "reward": 1.0, "info": {"shaped": {
        "status": "ok", "reward": 0.0, "outcome_reward": 0.0, "safety_passed": True,
        "rule_violations": [{"id": "fd.confirm.before_write", "step": 3, "evidence": "unconfirmed"}]}}}
    assert disagreement_reason(record) == "policy rule fd.confirm.before_write at step 3"


def test_an_edited_instruction_is_accepted_only_for_a_ground_truth_no_task_shares_by_chance():
    """A ground truth of messages alone (a refusal: no write, no output) is shared by many tasks:
    with another instruction, such a record is not taken for a task that judges more than its
    ground truth (overrides, output checks); for tau-bench's own tasks the user, actions and
    outputs decide the verdict (a historical file's refusal task 12: "You amelia_sanchez_4739"
    became "Your user id is amelia_sanchez_4739")."""
    from types import SimpleNamespace

    from tau_shaped.evaluation.record_scorer import RecordScorer

    def task(actions, outputs=(), overrides=object()):  # a tau-shaped task: reward overrides of its own
        return SimpleNamespace(user_id="u", instruction="new", outputs=list(outputs), reward_overrides=overrides,
                               actions=[SimpleNamespace(name=n, kwargs=k) for n, k in actions])

    def recorded(actions, outputs=()):
        return {"user_id": "u", "instruction": "old", "outputs": list(outputs),
                "actions": [{"name": n, "kwargs": k} for n, k in actions]}

    say = [("respond", {"content": "I cannot do that."})]
    assert not RecordScorer._same_ground_truth(recorded(say), task(say))
    assert not RecordScorer._same_ground_truth(recorded([]), task([]))
    assert RecordScorer._same_ground_truth(recorded([]), task([], overrides=None))  # tau-bench's: user and ground truth
    assert not RecordScorer._same_ground_truth({**recorded([]), "user_id": "v"}, task([], overrides=None))
    assert RecordScorer._same_ground_truth(recorded(say, ["12"]), task(say, ["12"]))
    write = [("cancel", {"order_id": "O1"})]
    assert RecordScorer._same_ground_truth(recorded(write), task(write))
    assert not RecordScorer._same_ground_truth(recorded([("cancel", {"order_id": "O2"})]), task(write))
    assert not RecordScorer._same_ground_truth({**recorded(write), "user_id": "v"}, task(write))


def test_compare_and_view_leave_out_what_is_no_results_file(tmp_path):
    """``compare results/*`` (issue 42): a finished run leaves no lock file; one a killed run
    left, its torn lines, a report and a folder are named and left out, never read as a torn
    results file; nothing but those is one line and exit 2."""
    summary = run(RunConfig(env="tests.mini_domain:DOMAIN", agent_strategy="replay", user_strategy="scripted",
                            recordings=RECORDINGS, log_dir=str(tmp_path), num_trials=1))
    assert not summary.path.with_name(summary.path.name + ".lock").exists()
    lock = summary.path.with_name(summary.path.name + ".lock")
    lock.write_text("pid 1 on elsewhere since then: tau-shaped run")
    summary.path.with_name(summary.path.name + ".torn").write_text('{"task_id": 1, "rew\n')
    (tmp_path / "old-report.html").write_text("<!doctype html><p>a report</p>")
    (tmp_path / "sub").mkdir()
    files = sorted(str(p) for p in tmp_path.iterdir())
    result = runner.invoke(app, ["compare", *files, "--report", str(tmp_path / "sub" / "report.html")])
    assert result.exit_code == 0, result.output
    assert f"{lock}: skipped: a run's lock file" in result.output and "torn last lines" in result.output
    assert "old-report.html: skipped: not a results file" in result.output and "sub: skipped: a folder" in result.output
    viewed = runner.invoke(app, ["view", *files, "--print"])
    assert viewed.exit_code == 0 and "skipped: a run's lock file" in viewed.output, viewed.output
    alone = runner.invoke(app, ["compare", str(lock), "--report", str(tmp_path / "r2.html")])
    assert alone.exit_code == 2 and "Traceback" not in alone.output
    assert f"no results file among {lock}: a run's lock file" in " ".join(alone.output.split())
