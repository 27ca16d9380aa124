"""The command line: `tau-shaped tasks schema` and `tasks validate`."""

import json

import pytest

from typer.testing import CliRunner

from tau_shaped.cli import app
from tests.mini_domain import TASKS_FILE

runner = CliRunner()


def test_tasks_schema_is_json_schema():
    result = runner.invoke(app, ["tasks", "schema"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["type"] == "array" and "ShapedTask" in json.dumps(schema)


def test_tasks_validate(tmp_path):
    ok = runner.invoke(app, ["tasks", "validate", str(TASKS_FILE)])
    assert ok.exit_code == 0 and "5 task(s) valid" in ok.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "x", "user_id": "u", "instruction": "i", "actions": [], "outputs": 3}]))
    result = runner.invoke(app, ["tasks", "validate", str(bad)])
    assert result.exit_code == 1
    assert "task 'x' at $[0].outputs" in result.output


def test_tasks_check_names_failing_task(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "idle", "user_id": "C1", "instruction": "i", "actions": []}]))
    result = runner.invoke(app, ["tasks", "check", str(bad), "--domain", "tests.mini_domain:DOMAIN"])
    assert result.exit_code == 1
    assert "task 'idle': an agent that does nothing scores outcome 1" in result.output


def test_tasks_check_unknown_domain(tmp_path):
    bad = tmp_path / "t.json"
    bad.write_text("[]")
    result = runner.invoke(app, ["tasks", "check", str(bad), "--domain", "nope"])
    assert result.exit_code == 1 and "unknown domain 'nope'" in result.output


def test_tasks_check_a_domains_own_splits():
    """With no files, `tasks check --env D` checks the tasks domain D ships, split by split
    (tau2's and tau-bench's come with their domains, not as files); --split picks some."""
    result = runner.invoke(app, ["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--workers", "1"])
    # 'plain' is the mini domain's known bad task (its ground truth never says its output)
    assert result.exit_code == 1, result.output
    assert "4/5 task(s) pass the check" in result.output
    assert "tests.mini_domain:DOMAIN [test]: task 'plain': ground truth scores legacy 0" in result.output
    one = runner.invoke(app, ["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--split", "test", "--workers", "1"])
    assert one.exit_code == 1 and "4/5" in one.output
    missing = runner.invoke(app, ["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--split", "nope"])
    assert missing.exit_code == 1 and "no task split 'nope'" in missing.output and "Traceback" not in missing.output
    # no --env: the one default rule, food_delivery
    no_env = runner.invoke(app, ["tasks", "check", "--split", "nope"])
    assert no_env.exit_code == 1 and "domain food_delivery has no task split 'nope'" in no_env.output


def test_tasks_check_names_a_failing_task_of_a_domain_split(tmp_path):
    """A refusal names the domain and split where a file's path would be."""
    from tau_shaped.tasks.check_runner import source_label, split_source

    assert source_label(split_source("test"), "tau2:airline") == "tau2:airline [test]"
    assert source_label(tmp_path / "a.json", "x") == str(tmp_path / "a.json")


# ---- One CLI (issue 28): one name per meaning, help everywhere, errors on stderr, progress on a terminal


def _verbs():
    """(path, click command) of every verb, walking the tree typer builds."""
    import typer.main

    def walk(group, prefix):
        for name, command in group.commands.items():
            if hasattr(command, "commands"):
                yield prefix + (name,), command
                yield from walk(command, prefix + (name,))
            else:
                yield prefix + (name,), command

    root = typer.main.get_command(app)
    yield (), root
    yield from walk(root, ())


def test_every_option_has_help_and_no_help_has_a_raw_backtick_or_a_bool_placeholder():
    verbs = list(_verbs())
    assert {("run",), ("score",), ("tasks", "check"), ("grader-test",), ("results", "to-jsonl")} <= {p for p, _ in verbs}
    for path, command in verbs:
        assert command.help and "`" not in command.help, (path, command.help)
        for param in command.params:
            assert param.help and param.help.strip(), (path, param.opts, "has no help")
            assert "`" not in param.help, (path, param.opts, param.help)
        page = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
        assert page.exit_code == 0, (path, page.output)
        assert "<bool>" not in page.output and "`" not in page.output, (path, page.output)


def test_one_name_per_meaning_in_every_verb():
    """--split is the task split and --env the domain wherever a verb takes them; no verb shows
    another spelling of either."""
    for path, command in _verbs():
        for param in command.params:
            opts = set(param.opts) | set(param.secondary_opts)
            if param.name in ("split", "task_split"):
                assert opts == {"--split"}, (path, opts)
            if param.name in ("env", "domain"):
                assert opts == {"--env"}, (path, opts)
            assert not opts & {"--task-split", "--domain"}, (path, opts)
    named = {p for p, c in _verbs() if any("--split" in q.opts for q in c.params)}
    assert {("run",), ("score",), ("tasks", "check"), ("grader-test",)} <= named


def test_old_spellings_are_hidden_aliases(tmp_path):
    from tau_shaped.cli.conventions import rename_aliases

    assert rename_aliases(["--task-split", "train", "--domain=x", "--", "--task-split"]) == \
        ["--split", "train", "--env=x", "--", "--task-split"]
    for verb in (["run"], ["score"], ["tasks", "check"]):
        page = runner.invoke(app, [*verb, "--help"], env={"COLUMNS": "200"}).output
        assert "--task-split" not in page and "--domain" not in page, verb
    # they still work: the split named by the old spelling is the one used
    old = runner.invoke(app, ["run", "--env", "tests.mini_domain:DOMAIN", "--task-split", "nope",
                              "--agent-strategy", "ground-truth", "--user-strategy", "scripted"])
    assert old.exit_code == 2 and "no task split 'nope'" in old.stderr, old.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "idle", "user_id": "C1", "instruction": "i", "actions": []}]))
    by_alias = runner.invoke(app, ["tasks", "check", str(bad), "--domain", "tests.mini_domain:DOMAIN", "--workers", "1"])
    assert by_alias.exit_code == 1 and "task 'idle'" in by_alias.stderr


def test_env_has_one_default_rule(tmp_path, monkeypatch):
    """--env: the domain the input records, else food_delivery. score reads the run its file
    records (only a registered name: data never names a module); run, the --resume file's."""
    import tau_shaped.evaluation.batch as batch_module
    from tau_shaped.evaluation.runner import recorded_env

    def results(name, env):
        path = tmp_path / name
        path.write_text(json.dumps({"task_id": 0, "reward": 1.0, "info": {"run": {"env": env}}, "traj": [], "trial": 0}) + "\n")
        return path

    assert recorded_env(results("airline.jsonl", "tau2:airline")) == "tau2:airline"
    assert recorded_env(results("module.jsonl", "os:system")) is None
    assert recorded_env(tmp_path / "missing.jsonl") is None
    for path, command in _verbs():
        for param in command.params:
            if "--env" in param.opts:
                assert "food_delivery" in param.help, path
    # score loads the domain the file records before scoring: tau2's needs its extra
    pytest.importorskip("tau2", reason="score on a file recording tau2:airline needs the tau2 extra (pip install -e '.[tau2]')")
    seen = []
    monkeypatch.setattr(batch_module, "score_file", lambda file, env, *a, **k: seen.append(env) or file)
    for name, env in (("airline.jsonl", "tau2:airline"), ("module.jsonl", "food_delivery")):
        done = runner.invoke(app, ["score", str(tmp_path / name)])
        assert done.exit_code == 0, done.output
    assert seen == ["tau2:airline", "food_delivery"]


def test_errors_go_to_stderr(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    missing = tmp_path / "no-such-folder"
    cases = [
        ["noise", str(broken)],
        ["grader-test", "--corpus", str(missing)],
        ["run", "--env", "tests.mini_domain:DOMAIN", "--agent-strategy", "nope"],
        ["score", str(broken), "--env", "tests.mini_domain:DOMAIN"],
        ["rules", "list", "--env", "nope"],
        ["tasks", "check", "--env", "nope"],
    ]
    for args in cases:
        result = runner.invoke(app, args, env={"COLUMNS": "200"})
        assert result.exit_code != 0, args
        assert result.stdout == "", (args, result.stdout)
        assert "error" in result.stderr.lower() or "unknown" in result.stderr, (args, result.stderr)


def test_start_index_outside_the_split_names_the_valid_range():
    from tau_shaped.tasks.domains import load_domain

    count = len(load_domain("food_delivery").tasks("test"))
    result = runner.invoke(app, ["run", "--start-index", "500", "--agent-strategy", "ground-truth",
                                 "--user-strategy", "scripted"])
    assert result.exit_code == 2
    assert f"--start-index 500 is outside 0..{count - 1} (food_delivery/test has {count} tasks)" in result.stderr
    empty = runner.invoke(app, ["run", "--env", "tests.mini_domain:DOMAIN", "--start-index", "3", "--end-index", "2",
                                "--agent-strategy", "ground-truth", "--user-strategy", "scripted"])
    assert empty.exit_code == 2 and "--end-index 2 selects no task" in empty.stderr


def test_the_results_group_says_what_it_has():
    import typer.main

    group = typer.main.get_command(app).commands["results"]
    assert sorted(group.commands) == ["to-jsonl"]
    assert "between" not in group.help and "JSON lines" in group.help


def test_tasks_check_and_grader_test_draw_progress_only_on_a_terminal(tmp_path):
    """A terminal (TTY_COMPATIBLE=1 is rich's switch for one) gets a bar on stderr; a pipe gets
    none, and the outputs are the same bytes run after run."""
    import shutil

    from tests.conftest import ROOT

    corpus = tmp_path / "grader"
    corpus.mkdir()
    shutil.copy(ROOT / "tau_shaped_domains" / "food_delivery" / "grader" / "fraud_flagged.json", corpus)
    commands = [["tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--workers", "1"],
                ["grader-test", "--corpus", str(corpus)]]
    for args, label in zip(commands, ("checking", "grading")):
        piped = [runner.invoke(app, args, env={"COLUMNS": "120", "TTY_COMPATIBLE": "0"}) for _ in range(2)]
        assert piped[0].stdout == piped[1].stdout and piped[0].stderr == piped[1].stderr
        assert label not in piped[0].stderr and "━" not in piped[0].stderr
        shown = runner.invoke(app, args, env={"COLUMNS": "120", "TTY_COMPATIBLE": "1"})
        assert shown.exit_code == piped[0].exit_code
        assert label in shown.stderr and "━" in shown.stderr, shown.stderr


def test_progress_on_a_real_terminal(tmp_path):
    """stderr a pseudo-terminal: the bar is drawn there; stdout (a pipe) holds the same lines as
    without it."""
    import os
    import pty
    import subprocess
    import sys

    args = [sys.executable, "-m", "tau_shaped.cli", "tasks", "check", "--env", "tests.mini_domain:DOMAIN", "--workers", "1"]
    env = {k: v for k, v in os.environ.items() if k not in ("TTY_COMPATIBLE", "FORCE_COLOR", "NO_COLOR")}
    env["COLUMNS"] = "120"
    piped = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    main, secondary = pty.openpty()
    try:
        done = subprocess.run(args, stdout=subprocess.PIPE, stderr=secondary, env=env, timeout=120)
        os.close(secondary)
        seen = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(main)
    shown = seen.decode("utf-8", "replace")
    assert done.returncode == piped.returncode == 1
    assert "checking" in shown and "━" in shown and "5/5" in shown, shown
    assert "checking" not in piped.stderr and "━" not in piped.stderr
    assert done.stdout.decode() == piped.stdout
