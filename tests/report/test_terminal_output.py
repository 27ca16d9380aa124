"""Issue 16, the terminal: tables that fit the terminal (80 columns), run labels that tell
files apart, tau-bench's space-separated --task-ids, --version, --env on every verb, score
writing the format its -o says, and the run's ETA."""

import importlib.metadata
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.progress import TimeRemainingColumn
from typer.testing import CliRunner

import tau_shaped
from tau_shaped.cli import app
from tau_shaped.evaluation.results_file import read_results
from tau_shaped.evaluation.runner import RunConfig, run
from tau_shaped.report.compare_display import run_labels, show
from tau_shaped.report.run_display import make_progress
from tests.conftest import ROOT

RECORDINGS = str(ROOT / "tests" / "mini_domain" / "recordings.json")
MINI = "tests.mini_domain:DOMAIN"
LONG = "tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_{}.jsonl"
runner = CliRunner()


def _results(tmp_path, **kw):
    config = dict(env=MINI, agent_strategy="replay", user_strategy="scripted", recordings=RECORDINGS,
                  log_dir=str(tmp_path), num_trials=2)
    config.update(kw)
    return run(RunConfig(**config)).path


def _two_long_files(tmp_path):
    """Two results files whose long names differ only in the time stamp, as two runs of a
    sweep are named."""
    source = _results(tmp_path / "runs")
    files = []
    for stamp in ("1123103000", "1123103512"):
        target = tmp_path / LONG.format(stamp)
        shutil.copy(source, target)
        files.append(target)
    return files


def _widest(text):
    lines = text.splitlines()
    assert lines, "no output"
    return max(len(line) for line in lines)


def _invoke(args, columns=80):
    """The command as a terminal of that many columns runs it (rich reads COLUMNS)."""
    return runner.invoke(app, args, env={"COLUMNS": str(columns)})


# ---- 1. compare: fits 80 columns, run labels told apart ----------------------------------------


def test_long_names_sharing_a_prefix_get_different_labels():
    a, b = (Path("results") / LONG.format(stamp) for stamp in ("1123103000", "1123103512"))
    labels = run_labels([a, b])
    assert labels[0] != labels[1]
    assert "1123103000" in labels[0] and "1123103512" in labels[1]
    assert all(len(label) < len(a.name) for label in labels)  # shorter than the names, not the names cut


@pytest.mark.parametrize("paths, expected", [
    (["x/" + LONG.format("1123103000"), "y/" + LONG.format("1123103512")], None),
    (["a/results.jsonl", "b/results.jsonl"], ["a/results", "b/results"]),  # same name: the folders
    (["run.json", "run.jsonl"], ["run.json", "run.jsonl"]),  # only the extension differs
    (["run-1.jsonl", "run-2.jsonl"], ["run-1", "run-2"]),  # a short shared part is kept, not elided
    (["same.jsonl", "same.jsonl"], ["same", "same (2)"]),  # the same file twice
    (["only-one-file.jsonl"], ["only-one-file"]),
])
def test_run_labels(paths, expected):
    labels = run_labels([Path(p) for p in paths])
    assert len(set(labels)) == len(labels)
    if expected is not None:
        assert labels == expected


_NAME = st.text(alphabet="ab1-_.", min_size=1, max_size=12).filter(lambda n: n.strip("."))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(["", "p", "q/p", "q"]), _NAME), min_size=1, max_size=5))
def test_run_labels_never_equal(entries):
    paths = [Path(folder) / name if folder else Path(name) for folder, name in entries]
    labels = run_labels(paths)
    assert len(labels) == len(paths) and len(set(labels)) == len(labels) and all(labels)


def test_compare_fits_80_columns_and_tells_the_runs_apart(tmp_path):
    files = _two_long_files(tmp_path)
    result = _invoke(["compare", *map(str, files), "--report", str(tmp_path / "report.html")])
    assert result.exit_code == 0, result.output
    assert _widest(result.output) <= 80, result.output
    lines = result.output.splitlines()
    # each run's section is headed by its own label, and the labels differ
    assert "…1123103000" in lines and "…1123103512" in lines
    assert "legacy vs shaped" in result.output and "valid alternative (class courier)" in " ".join(result.output.split())
    assert (tmp_path / "report.html").exists()


@pytest.mark.parametrize("width", [120, 80, 60])
def test_compare_tables_follow_the_console_width(tmp_path, width):
    files = _two_long_files(tmp_path) + [_results(tmp_path / "other")]
    console = Console(width=width, record=True, file=io.StringIO())
    assert show(files, tmp_path / "report.html", console) == 0
    text = console.export_text()
    assert _widest(text) <= width, text
    assert "pass^k" in text  # beside the pass rates, or in a table of its own when narrow
    labels = run_labels(files)
    assert len(set(labels)) == 3
    lines = [line.strip() for line in text.splitlines()]
    assert all(label in lines for label in labels)  # each run's section heading: its whole label


def test_compare_wide_terminal_keeps_one_table(tmp_path):
    files = _two_long_files(tmp_path)
    console = Console(width=160, record=True, file=io.StringIO())
    assert show(files, tmp_path / "report.html", console) == 0
    text = console.export_text()
    assert "legacy pass^k" in text and "1:0.40 2:0.40" in text  # pass^k beside the pass rates
    narrow = Console(width=80, record=True, file=io.StringIO())
    assert show(files, tmp_path / "report.html", narrow) == 0
    assert "legacy pass^k" not in narrow.export_text()  # moved to its own table


# ---- run (pass^k, ETA), noise, grader-test: the same width discipline -----------------------------


def test_run_fits_80_columns_and_shows_an_eta(tmp_path):
    # a terminal (TTY_COMPATIBLE: rich's switch): the bar is drawn only there
    result = runner.invoke(app, ["run", "--env", MINI, "--agent-strategy", "replay", "--user-strategy", "scripted",
                                 "--recordings", RECORDINGS, "--num-trials", "2", "--log-dir", str(tmp_path)],
                           env={"COLUMNS": "80", "TTY_COMPATIBLE": "1"})
    assert result.exit_code == 0, result.output
    # what the terminal shows: escape codes take no columns, a carriage return redraws the line
    shown = "\n".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line).split("\r")[-1] for line in result.output.split("\n"))
    assert _widest(shown) <= 80, shown
    assert "pass^k" in shown and "eta" in shown


def test_progress_has_a_time_remaining_column():
    for width in (160, 80, 50):
        progress = make_progress(Console(width=width, file=io.StringIO()))
        assert any(isinstance(column, TimeRemainingColumn) for column in progress.columns)


@pytest.mark.parametrize("width", [80, 60])
def test_progress_line_fits(width):
    console = Console(width=width, record=True, file=io.StringIO())
    progress = make_progress(console)
    task = progress.add_task("episodes", total=1200, stats="legacy 67% | shaped 100% | $0.0123 | 3 errors")
    progress.update(task, completed=350)
    console.print(progress.get_renderable())
    text = console.export_text()
    assert _widest(text) <= width and "350/1200" in text and "eta" in text


def test_noise_fits_80_columns(tmp_path):
    path = _results(tmp_path)
    result = _invoke(["noise", str(path), "--seeds", "3"])
    assert result.exit_code == 0, result.output
    assert _widest(result.output) <= 80, result.output
    assert "pass^2" in result.output and "fast_noisy" in result.output


def test_grader_test_follows_the_terminal(tmp_path):
    corpus = tmp_path / "grader"
    corpus.mkdir()
    shutil.copy(ROOT / "tau_shaped_domains" / "food_delivery" / "grader" / "fraud_flagged.json", corpus / "fraud_flagged.json")
    for width in (80, 60):
        result = _invoke(["grader-test", "--corpus", str(corpus)], columns=width)
        assert result.exit_code == 0, result.output
        assert _widest(result.output) <= width, result.output
        assert "gaming probe passed" in result.output and "confusion" in result.output
    wide = _invoke(["grader-test", "--corpus", str(corpus)], columns=200)
    assert "0.000 / " in wide.output  # the roomy cells when there is room


# ---- 2. --task-ids: repeated, comma-separated, space-separated (tau-bench) --------------------------


def _run_args(tmp_path, *task_ids):
    return ["run", "--env", MINI, "--agent-strategy", "replay", "--user-strategy", "scripted", "--recordings", RECORDINGS,
            "--num-trials", "1", "--log-dir", str(tmp_path), *task_ids]


def _task_keys(log_dir):
    (path,) = list(log_dir.glob("*.jsonl"))
    return sorted(r["info"]["task_key"] for r in read_results(path))


@pytest.mark.parametrize("task_ids", [
    ["--task-ids", "refund", "--task-ids", "plain", "--task-ids", "2"],  # the option repeated
    ["--task-ids", "refund,plain,2"],  # comma-separated
    ["--task-ids", "refund", "plain", "2"],  # tau-bench's run.py: nargs="+"
    ["--task-ids=refund", "plain", "2"],
    ["--task-ids", "refund plain", "2"],  # quoted, as one word
])
def test_task_ids_forms(tmp_path, task_ids):
    result = runner.invoke(app, _run_args(tmp_path, *task_ids))
    assert result.exit_code == 0, result.output
    assert _task_keys(tmp_path) == ["plain", "refund", "substitution"]


def test_space_separated_task_ids_before_other_options(tmp_path):
    args = ["run", "--task-ids", "courier", "4", "--env", MINI, "--agent-strategy", "replay", "--user-strategy", "scripted",
            "--recordings", RECORDINGS, "--num-trials", "1", "--log-dir", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert _task_keys(tmp_path) == ["courier", "plain"]


def test_a_stray_word_elsewhere_is_still_an_error(tmp_path):
    result = runner.invoke(app, _run_args(tmp_path, "stray"))
    assert result.exit_code == 2 and "stray" in result.output
    assert not list(tmp_path.glob("*.jsonl"))


def test_a_task_named_twice_runs_once(tmp_path):
    result = runner.invoke(app, _run_args(tmp_path, "--task-ids", "plain", "4"))  # plain is task 4
    assert result.exit_code == 0, result.output
    assert _task_keys(tmp_path) == ["plain"]


def test_space_separated_task_ids_from_the_real_command_line(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tau_shaped.cli", *_run_args(tmp_path, "--task-ids", "fraud", "0")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert _task_keys(tmp_path) == ["courier", "fraud"]


# ---- 3. --version ---------------------------------------------------------------------------------


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"tau-shaped {importlib.metadata.version('tau-shaped')}\n"


def test_version_without_package_metadata(monkeypatch):
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"tau-shaped {tau_shaped.__version__}\n"


# ---- 4. --env on every verb -----------------------------------------------------------------------


def _commands(group, prefix=()):
    for name, command in group.commands.items():
        if hasattr(command, "commands"):  # a group (typer's own click)
            yield from _commands(command, prefix + (name,))
        else:
            yield prefix + (name,), command


def test_every_verb_names_the_domain_env():
    import typer.main

    named = []
    for path, command in _commands(typer.main.get_command(app)):
        for param in command.params:
            if {"--domain", "--env"} & set(param.opts):
                named.append(path)
                assert "--env" in param.opts, (path, param.opts)
    assert {("tasks", "check"), ("rules", "list"), ("run",), ("score",), ("grader-test",)} <= set(named)


def test_tasks_check_takes_env_and_domain(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "idle", "user_id": "C1", "instruction": "i", "actions": []}]))
    for option in ("--env", "--domain"):
        result = runner.invoke(app, ["tasks", "check", str(bad), option, MINI, "--workers", "1"])
        assert result.exit_code == 1, result.output
        assert "task 'idle': an agent that does nothing scores outcome 1" in result.output
    unknown = runner.invoke(app, ["tasks", "check", str(bad), "--env", "nope"])
    assert unknown.exit_code == 1 and "unknown domain 'nope'" in unknown.output
    assert "--env" in " ".join(runner.invoke(app, ["tasks", "check", "--help"], env={"COLUMNS": "120"}).output.split())


# ---- 5. score -o: the format the extension says ----------------------------------------------------


def test_score_output_format_follows_the_extension(tmp_path):
    source = _results(tmp_path / "runs", num_trials=1)
    count = len(read_results(source))
    lines_out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["score", str(source), "--env", MINI, "-o", str(lines_out)])
    assert result.exit_code == 0, result.output
    lines = lines_out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == count and all(isinstance(json.loads(line), dict) for line in lines)
    assert all("shaped" in json.loads(line)["info"] for line in lines)
    list_out = tmp_path / "out.json"
    result = runner.invoke(app, ["score", str(source), "--env", MINI, "-o", str(list_out)])
    assert result.exit_code == 0, result.output
    records = json.loads(list_out.read_text(encoding="utf-8"))
    assert isinstance(records, list) and len(records) == count
    assert records == [json.loads(line) for line in lines]  # the same records either way
    default = runner.invoke(app, ["score", str(source), "--env", MINI])
    assert default.exit_code == 0, default.output
    shaped_json = source.with_name(source.name.rsplit(".", 1)[0] + ".shaped.json")
    assert isinstance(json.loads(shaped_json.read_text(encoding="utf-8")), list)
