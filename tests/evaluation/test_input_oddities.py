"""Odd but readable input records (issue 44): a NaN or Infinity in a field the scorer does not
read is written as null and said in a note naming the record and field; a task id given as a
string of digits ("3" where tau-bench writes 3) is the task it names, any other string a
one-line error naming the record and field; never an internal_error."""

import json

import pytest
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.runner import RunConfig, run

ENV = "tests.mini_domain:DOMAIN"


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("run")
    summary = run(RunConfig(env=ENV, agent_strategy="ground-truth", user_strategy="scripted", log_dir=str(folder)))
    return [json.loads(line) for line in summary.path.read_text().splitlines()]


def _write(path, records):
    if path.suffix == ".jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in records))
    else:
        path.write_text(json.dumps(records))
    return path


def _score(path, out, workers):
    return CliRunner().invoke(app, ["score", str(path), "--env", ENV, "-o", str(out), "-w", workers])


@pytest.mark.parametrize("suffix, where", [(".jsonl", "line 1"), (".json", "record 0")])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_nan_in_an_unknown_field_is_written_as_null_and_said(tmp_path, records, suffix, where, workers):
    odd = {**records[0], "latency": float("nan"), "info": {**records[0]["info"], "extra": [1, float("-inf")]}}
    path = _write(tmp_path / f"in{suffix}", [odd, records[1]])
    result = _score(path, tmp_path / f"out{suffix}", workers)
    assert result.exit_code == 0, result.output + result.stderr
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1, result.stderr
    assert f"{path}: {where}: " in notes[0] and "latency (nan)" in notes[0] and "info.extra[1] (-inf)" in notes[0]
    text = (tmp_path / f"out{suffix}").read_text()
    assert "NaN" not in text and "Infinity" not in text
    written = [json.loads(line) for line in text.splitlines()] if suffix == ".jsonl" else json.loads(text)
    assert written[0]["latency"] is None and written[0]["info"]["extra"] == [1, None]
    assert "latency" not in written[1]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_task_id_as_a_string_of_digits_is_the_task_it_names(tmp_path, records, workers):
    plain = [{**r, "info": {k: v for k, v in r["info"].items() if k not in ("task_key", "shaped")}} for r in records]
    as_text = [{**r, "task_id": str(r["task_id"])} for r in plain]
    outs = []
    for name, given in (("ints", plain), ("strings", as_text)):
        result = _score(_write(tmp_path / f"{name}.jsonl", given), tmp_path / f"{name}.out.jsonl", workers)
        assert result.exit_code == 0, result.output + result.stderr
        outs.append([json.loads(line)["info"]["shaped"] for line in (tmp_path / f"{name}.out.jsonl").read_text().splitlines()])
    assert outs[0] == outs[1] and all(s["status"] != "internal_error" for s in outs[1])


def test_a_task_id_that_names_no_index_is_one_line_naming_the_record_and_field(tmp_path, records):
    odd = {**records[1], "task_id": "x7", "info": {k: v for k, v in records[1]["info"].items() if k != "task_key"}}
    path = _write(tmp_path / "in.jsonl", [records[0], odd])
    result = _score(path, tmp_path / "out.jsonl", "1")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and f"{path}: line 2: task_id" in lines[0], result.stderr
    assert not (tmp_path / "out.jsonl").exists()
