"""``tau-shaped score --backend ray`` (issue 20): a Ray Dataset scored on an actor pool writes
what the local path writes, byte for byte; parquet rows are the records; the first failing
record raises the local path's error. One local Ray (2 CPUs) for the module."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.batch import score_file
from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.integrations.ray_backend import results_files, score_with_ray

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import grpo_batch  # noqa: E402

ENV, SPLIT = "food_delivery", "train"
# ray and pyarrow found, not imported, at collection (every xdist worker collects this file): imported by ray_session
MISSING = [name for name in ("ray", "pyarrow") if importlib.util.find_spec(name) is None]
pytestmark = [pytest.mark.skipif(bool(MISSING), reason=f"needs {' and '.join(MISSING)} (the ray extra)"),
              pytest.mark.filterwarnings("ignore::DeprecationWarning:ray")]  # Ray Data's own settings, renamed


@pytest.fixture(scope="module")
def ray_session():
    import ray

    started = not ray.is_initialized()
    if started:
        # Ray ends a task worker idle for a second; each scoring run's Dataset starts tasks (its
        # blocks' metadata), so each run booted new worker processes (seconds of CPU each, most of
        # a run's cost): kept idle for the module instead, every run after the first reuses them
        ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True,
                 _system_config={"idle_worker_killing_time_threshold_ms": 3_600_000})
    yield ray
    if started:
        ray.shutdown()


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """24 train tasks x 8 rollouts, and the local path's output on one and on two workers."""
    root = tmp_path_factory.mktemp("ray_batch")
    path = root / "batch.jsonl"
    assert grpo_batch.write(path, 24, 8) == 192
    local = {w: score_file(path, ENV, SPLIT, output=root / f"local{w}.jsonl", workers=w).read_bytes() for w in (1, 2)}
    return path, local


def test_json_lines_are_the_local_paths_bytes(ray_session, batch, tmp_path):
    path, local = batch
    notes = []
    out = score_with_ray(path, ENV, SPLIT, output=tmp_path / "ray.jsonl", actors=2, notes=notes)
    assert out == tmp_path / "ray.jsonl"
    data = out.read_bytes()
    assert data == local[1] == local[2]
    assert len(data.splitlines()) == 192 and not list(tmp_path.glob(".*partial"))


def test_a_folder_is_its_files_in_name_order(ray_session, batch, tmp_path):
    path, local = batch
    lines = path.read_bytes().splitlines(keepends=True)
    folder = tmp_path / "runs"
    folder.mkdir()
    (folder / "b.jsonl").write_bytes(b"".join(lines[:96]))  # name order, not this order
    (folder / "a.json").write_text(json.dumps([json.loads(x) for x in lines[96:]], indent=1))  # a JSON list
    (folder / "a.shaped.json").write_text("not results")  # an output: left out
    assert [p.name for p in results_files(folder)] == ["a.json", "b.jsonl"]
    expected = b"".join(score_file(folder / name, ENV, SPLIT, output=tmp_path / f"{name}.out.jsonl", workers=1).read_bytes()
                        for name in ("a.json", "b.jsonl"))
    out = score_with_ray(folder, ENV, SPLIT, actors=2)
    assert out == tmp_path / "runs.shaped.jsonl"
    assert out.read_bytes() == expected
    assert sorted(expected.splitlines()) == sorted(local[1].splitlines())


def test_parquet_rows_are_the_records(ray_session, batch, tmp_path):
    path, local = batch
    import pyarrow.parquet as pq

    out = score_with_ray(path, ENV, SPLIT, output=tmp_path / "ray.parquet", actors=2, output_format="parquet")
    rows = pq.read_table(out).to_pylist()
    lines = local[1].decode("utf-8").splitlines()
    assert len(rows) == len(lines) == 192
    for row, line in zip(rows, lines):
        assert row["record"] == line
        record = json.loads(line)
        shaped = record["info"]["shaped"]
        assert (row["task_id"], row["trial"], row["task_key"]) == (record["task_id"], record["trial"],
                                                                  record["info"]["task_key"])
        assert (row["reward"], row["legacy_reward"]) == (record["reward"], shaped["legacy_reward"])
        assert (row["shaped_reward"], row["outcome_reward"], row["process_reward"], row["status"]) == (
            shaped["reward"], shaped["outcome_reward"], shaped["process_reward"], shaped["status"])
    assert {row["status"] for row in rows} >= {"ok", "input_invalid"}  # the malformed calls' rollouts


def test_a_record_of_another_task_set_fails_as_locally(ray_session, batch, tmp_path):
    path, _ = batch
    records = [json.loads(x) for x in path.read_text().splitlines()]
    for n in (150, 77):  # two bad records: the first in input order is named
        records[n]["info"]["task"]["instruction"] = "Another task set's instruction."
        records[n]["info"]["task"]["user_id"] = "CU-0000"  # and another user: not an edited wording
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
    with pytest.raises(ResultsFileError) as local:
        score_file(bad, ENV, SPLIT, output=tmp_path / "local.jsonl", workers=1)
    with pytest.raises(ResultsFileError) as remote:
        score_with_ray(bad, ENV, SPLIT, output=tmp_path / "ray.jsonl", actors=2)
    assert str(remote.value) == str(local.value)
    assert f"{bad}: line 78: info.task is not task" in str(remote.value)
    assert not list(tmp_path.glob("ray.jsonl")) and not list(tmp_path.glob(".*partial"))


def test_cli_backend_ray(ray_session, batch, tmp_path):
    path, local = batch
    runner = CliRunner()
    result = runner.invoke(app, ["score", str(path), "--env", ENV, "--task-split", SPLIT, "--backend", "ray",
                                 "-w", "2", "-o", str(tmp_path / "cli.jsonl")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "cli.jsonl").read_bytes() == local[1]
    refused = runner.invoke(app, ["score", str(path), "--env", ENV, "--format", "parquet"])
    assert refused.exit_code == 2
    assert refused.output.strip() == "error: --format parquet and --ray-address need --backend ray"


def test_cli_backend_ray_takes_a_task_file(ray_session, batch, tmp_path):
    """--tasks reaches the actors: train rollouts scored against a task file holding the train
    tasks, with --split test (whose tasks they are not), write the local path's bytes."""
    from tau_shaped.tasks.domains import load_domain

    path, _ = batch
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:24]))
    tasks = tmp_path / "mine.json"
    tasks.write_bytes(load_domain(ENV).task_files[SPLIT].read_bytes())
    expected = score_file(part, ENV, SPLIT, output=tmp_path / "local.jsonl", workers=1).read_bytes()
    result = CliRunner().invoke(app, ["score", str(part), "--env", ENV, "--split", "test", "--tasks", str(tasks),
                                      "--backend", "ray", "-w", "2", "-o", str(tmp_path / "cli.jsonl")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "cli.jsonl").read_bytes() == expected


def test_the_driver_hands_each_chunk_to_the_object_store_as_it_reads(ray_session, batch):
    """Chunks go to Ray's object store as they are read: the driver keeps references, not the
    input (a million rollouts do not sit in the driver's memory)."""
    from tau_shaped.integrations.ray_backend import _chunks, _put_chunk

    path, _ = batch
    put = _put_chunk(ray_session)
    seen = []

    def spying_put(first, blob):
        seen.append((first, len(blob)))
        return put(first, blob)

    refs, failure = _chunks([path], 192, 2, None, spying_put)
    assert failure is None and refs and all(isinstance(r, ray_session.ObjectRef) for r in refs)
    assert [first for first, _ in seen] == sorted(first for first, _ in seen) and seen[0][0] == 0
    table = ray_session.get(refs[-1])
    assert table.column_names == ["n", "items"] and table.num_rows == 1
    assert max(size for _, size in seen) < 8 << 20  # one chunk at a time, each bounded
