"""Scoring backends behind one protocol (issue 30): ``score --backend NAME`` runs the backend
registered under NAME (one registered from this module included, with no edit of the command
line), the options a backend does not take and the formats it does not run are refused in one
line, and importing the registries imports none of the heavy extras."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.results_formats import RECORDS_FORMATS
from tau_shaped.evaluation.score_options import ScoreOptions, ScoringError
from tau_shaped.evaluation.scoring_backends import (
    ScoringBackend, plan_scoring, register_backend, registered_backends, unregister_backend,
)
from tau_shaped.integrations import registrations  # noqa: F401 - tau2's format and the Ray backend, as score has them

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
RECORD = {"task_id": 0, "reward": 1.0, "info": {"task_key": "t0"}, "traj": [], "trial": 0}
SIMULATION = {"id": "s1", "task_id": "0", "trial": 0, "termination_reason": "user_stop", "messages": []}


class TallyBackend(ScoringBackend):
    """Counts a records file's records instead of scoring them, into a JSON summary: what it was
    given (the path, each input's format, the options) is what the test checks."""

    name = "tally"
    output_formats = frozenset({"jsonl", "tally"})
    seen: list = []

    def runs(self, fmt):
        return fmt.name in RECORDS_FORMATS

    def run(self, job):
        from tau_shaped.evaluation.results_stream import iter_results

        options = job.options
        counts = {str(path): sum(1 for _ in iter_results(path)) for path, _ in job.inputs}
        if options.on_progress:
            options.on_progress(sum(counts.values()), sum(counts.values()))
        options.notes.append("tallied, not scored")
        target = options.output or job.path.with_name("tally.json")
        target.write_text(json.dumps({"counts": counts, "formats": [fmt.name for _, fmt in job.inputs],
                                      "env": options.env, "workers": options.workers, "format": options.output_format}))
        TallyBackend.seen.append(job)
        return target


@pytest.fixture
def tally():
    register_backend(TallyBackend)
    TallyBackend.seen = []
    yield
    unregister_backend("tally")


def test_a_backend_registered_here_is_picked_by_score(tally, tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps({**RECORD, "trial": t}) + "\n" for t in range(3)))
    result = runner.invoke(app, ["score", str(path), "--backend", "tally", "--env", "tests.mini_domain:DOMAIN", "-w", "4",
                                 "--format", "tally"])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"rescored: {tmp_path / 'tally.json'}\n"
    assert result.stderr == "note: tallied, not scored\n"
    summary = json.loads((tmp_path / "tally.json").read_text())
    assert summary == {"counts": {str(path): 3}, "formats": ["tau-shaped"], "env": "tests.mini_domain:DOMAIN", "workers": 4,
                       "format": "tally"}
    # while registered, the error for an unknown backend lists it; a format it does not run is refused
    unknown = runner.invoke(app, ["score", str(path), "--backend", "nope"])
    assert unknown.stderr.strip() == "error: --backend is local or ray or tally, --format jsonl or parquet or tally"
    sims = tmp_path / "sims.json"
    sims.write_text(json.dumps([SIMULATION]))
    refused = runner.invoke(app, ["score", str(sims), "--backend", "tally"])
    assert refused.exit_code == 2 and refused.stderr.strip() == "error: --backend tally does not score tau2 runs"
    assert len(TallyBackend.seen) == 1
    unregister_backend("tally")
    gone = runner.invoke(app, ["score", str(path), "--backend", "tally"])
    assert gone.exit_code == 2 and gone.stderr.strip() == "error: --backend is local or ray, --format jsonl or parquet"


@pytest.mark.parametrize("args, message", [
    (["--backend", "nope"], "--backend is local or ray, --format jsonl or parquet"),
    (["--format", "csv"], "--backend is local or ray, --format jsonl or parquet"),
    (["--format", "parquet"], "--format parquet and --ray-address need --backend ray"),
    (["--ray-address", "head:6379"], "--format parquet and --ray-address need --backend ray"),
    (["--format", "jsonl", "-o", "out.json"], "--format jsonl needs an output name ending in .jsonl"),
    (["--backend", "ray", "--format", "jsonl", "-o", "out.json"], "--format jsonl needs an output name ending in .jsonl"),
])
def test_options_a_backend_does_not_take_are_one_line(tmp_path, args, message):
    path = tmp_path / "run.json"
    path.write_text(json.dumps([RECORD]))
    result = runner.invoke(app, ["score", str(path), *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"error: {message}\n"
    assert not list(tmp_path.glob("*.shaped.*"))


def test_the_ray_backend_refuses_tau2_runs_by_the_file_that_is_one(tmp_path):
    sims = tmp_path / "sims.json"
    sims.write_text(json.dumps([SIMULATION]))
    with pytest.raises(ScoringError) as refused:
        plan_scoring(sims, "ray", ScoreOptions(env="food_delivery"))
    assert str(refused.value) == "--backend ray scores tau-bench and tau-shaped results files, not tau2 runs"
    folder = tmp_path / "runs"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps([RECORD]))
    (folder / "b.jsonl").write_text(json.dumps(RECORD) + "\n")
    (folder / "b.shaped.jsonl").write_text("an output: not read")
    job = plan_scoring(folder, "ray", ScoreOptions(env="food_delivery"))  # no Ray needed to plan
    assert [(p.name, f.name) for p, f in job.inputs] == [("a.json", "tau-bench"), ("b.jsonl", "tau-shaped")]
    assert job.notes_limit == 5
    (folder / "c.json").write_text(json.dumps([SIMULATION]))  # a tau2 run in the folder: named
    with pytest.raises(ScoringError, match=f"^{folder / 'c.json'}: --backend ray scores tau-bench and tau-shaped "
                                           "results files, not tau2 runs$"):
        plan_scoring(folder, "ray", ScoreOptions(env="food_delivery"))


def test_the_local_backend_plans_each_format_and_fills_a_jsonl_output(tmp_path):
    path = tmp_path / "run.json"
    path.write_text(json.dumps([RECORD]))
    job = plan_scoring(path, "local", ScoreOptions(env="food_delivery", output_format="jsonl"))
    assert job.backend.name == "local" and [f.name for _, f in job.inputs] == ["tau-bench"]
    assert job.options.output == tmp_path / "run.shaped.jsonl"
    assert plan_scoring(path, "local", ScoreOptions(env="food_delivery")).options.output is None
    sims = tmp_path / "sims.json"
    sims.write_text(json.dumps([SIMULATION]))
    tau2 = plan_scoring(sims, "local", ScoreOptions(env="food_delivery"))
    assert [f.name for _, f in tau2.inputs] == ["tau2"] and tau2.notes_limit is None  # each note: a simulation not scored


def test_registration_refuses_a_second_backend_of_a_name():
    names = [b.name for b in registered_backends()]
    assert names == sorted(names) and {"local", "ray"} <= set(names)

    class Local(TallyBackend):
        name = "local"

    with pytest.raises(ValueError, match="a scoring backend named 'local' is already registered"):
        register_backend(Local)
    with pytest.raises(TypeError):
        register_backend("local")


def test_the_registries_import_no_heavy_extra():
    """``score`` starts fast: the registries and the integrations' registrations import neither
    ray, pyarrow, pandas nor tau2 (each is imported when a file of its kind is scored)."""
    code = ("import sys; import tau_shaped.evaluation.scoring_backends, tau_shaped.integrations.registrations; "
            "print(sorted(m for m in ('ray', 'pyarrow', 'pandas', 'tau2', 'litellm') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
