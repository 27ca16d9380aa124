"""``tau-shaped audit FILE`` never guesses the domain (issue 46): a scored file whose records name
none (tau-bench's, as ``score`` writes them) is refused in one line asking for ``--env``; its
policy lines and known classes would otherwise be another domain's (it once audited such a
tau-bench airline file as food_delivery, naming every disagreement "inaction scored 1")."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tau_shaped.cli import app
from tests.report.audit_records import record, write_jsonl

runner = CliRunner()


def _records(named: bool):
    rows = [record("fd-cancel-1", 1.0, 0.0, rules=["confirm_before_write"], writes=1, said="Done, cancelled."),
            record("fd-cancel-2", 1.0, 1.0, writes=1)]
    if not named:
        for row in rows:
            del row["info"]["run"]
    return rows


def test_records_naming_no_domain_are_refused_without_env(tmp_path):
    path = write_jsonl(tmp_path / "scored.jsonl", _records(named=False))
    result = runner.invoke(app, ["audit", str(path)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    said = " ".join(result.output.split())
    assert str(path) in said and "--env" in said and "name no domain" in said
    assert "food_delivery" not in said  # no domain guessed


def test_the_domain_given_or_named_is_the_audits(tmp_path):
    bare = write_jsonl(tmp_path / "bare.jsonl", _records(named=False))
    named = write_jsonl(tmp_path / "named.jsonl", _records(named=True))
    given = runner.invoke(app, ["audit", str(bare), "--env", "food_delivery", "--json"])
    recorded = runner.invoke(app, ["audit", str(named), "--json"])
    assert given.exit_code == 0 and recorded.exit_code == 0, (given.output, recorded.output)
    audit = json.loads(given.stdout)
    assert audit == {**json.loads(recorded.stdout), "file": str(bare)}
    assert audit["env"] == "food_delivery" and len([e for g in audit["groups"] for e in g["episodes"]]) == 1


def test_a_scored_file_with_an_errored_episode_is_read_as_it_is(tmp_path):
    """``score`` keeps an episode that errored in the run without a shaped result: the file is
    still a scored one, audited as it is (scoring it again would look its made-up task up)."""
    rows = _records(named=True)
    rows[0]["info"]["task_key"] = rows[1]["info"]["task_key"] = "no-such-task"
    errored = record("no-such-task", 0.0, None, trial=1, error="the agent's model failed")
    del errored["info"]["shaped"]
    path = write_jsonl(tmp_path / "scored.jsonl", [*rows, errored])
    result = runner.invoke(app, ["audit", str(path), "--json"])
    assert result.exit_code == 0, result.output
    audit = json.loads(result.stdout)
    assert [e["task"] for g in audit["groups"] for e in g["episodes"]] == ["no-such-task"]
