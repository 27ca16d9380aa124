"""Issue 15: results files under misuse: torn tails, JSON lists, two writers, a resumed run
with other settings, runs that cannot work; nothing written before is lost or changed."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.evaluation.results_file import ResultsFileError, ResultsWriter, read_results
from tau_shaped.evaluation.runner import RunConfig, RunError, make_config, run
from tests.conftest import ROOT

MINI = ROOT / "tests" / "mini_domain" / "recordings.json"
FOOD = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"
cli = CliRunner()


def _mini(tmp_path, **kw) -> RunConfig:
    fields = dict(env="tests.mini_domain:DOMAIN", agent_strategy="replay", user_strategy="scripted", recordings=str(MINI),
                  log_dir=str(tmp_path), num_trials=2)
    fields.update(kw)
    return RunConfig(**fields)


def _records(n: int):
    return [{"task_id": i, "reward": 1.0, "info": {"task_key": f"t{i}"}, "traj": [], "trial": 0} for i in range(n)]


def _write_lines(path, records, tail: bytes = b""):
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records) + tail)


# ---- torn tails ------------------------------------------------------------------------------


def test_a_torn_tail_is_moved_aside_and_never_glued_to_the_next_record(tmp_path):
    path = tmp_path / "run.jsonl"
    fragment = b'{"task_id": 2, "reward": 1.0, "info": {"task_ke'
    _write_lines(path, _records(2), fragment)
    with ResultsWriter(path).open() as writer:
        assert any("torn last line" in n and ".torn" in n for n in writer.notes)
        writer.append(_records(3)[2])
    assert [r["task_id"] for r in read_results(path)] == [0, 1, 2]
    assert (tmp_path / "run.jsonl.torn").read_bytes() == fragment + b"\n"  # kept, for whoever wants it


def test_a_whole_last_record_without_its_line_end_is_kept(tmp_path):
    path = tmp_path / "run.jsonl"
    _write_lines(path, _records(1), json.dumps(_records(2)[1]).encode())
    with ResultsWriter(path).open() as writer:
        assert writer.notes == [f"{path}: the last record had no line end; added"]
        writer.append(_records(3)[2])
    assert [r["task_id"] for r in read_results(path)] == [0, 1, 2]
    assert not (tmp_path / "run.jsonl.torn").exists()


def test_a_record_glued_after_a_fragment_is_recovered_when_read(tmp_path):
    """A file written before tails were repaired: the fragment is skipped, the record kept."""
    path = tmp_path / "old.jsonl"
    a, b, c = _records(3)
    path.write_text(json.dumps(a) + "\n" + '{"task_id": 1, "rew' + json.dumps(b) + "\n" + json.dumps(c) + "\n")
    notes = []
    assert [r["task_id"] for r in read_results(path, notes)] == [0, 1, 2]
    assert notes == [f"{path}: line 2: a torn fragment before the record was skipped"]
    path.write_text(json.dumps(a) + "\n" + "garbage\n" + json.dumps(c) + "\n")
    with pytest.raises(ResultsFileError, match="line 2: not valid JSON"):
        read_results(path)


# ---- JSON lists, two writers, resumed settings ----------------------------------------------------


def test_a_json_list_file_is_not_appended_to_and_can_be_converted(tmp_path):
    path = tmp_path / "taubench.json"
    path.write_text(json.dumps(_records(3)))
    before = path.read_bytes()
    with pytest.raises(ResultsFileError, match="tau-shaped results to-jsonl"):
        ResultsWriter(path).open()
    assert path.read_bytes() == before
    result = cli.invoke(app, ["results", "to-jsonl", str(path)])
    assert result.exit_code == 0 and "wrote 3 record(s)" in result.output
    converted = tmp_path / "taubench.jsonl"
    assert read_results(converted) == read_results(path)
    with ResultsWriter(converted).open() as writer:
        writer.append(_records(4)[3])
    assert len(read_results(converted)) == 4
    again = cli.invoke(app, ["results", "to-jsonl", str(path)])
    assert again.exit_code == 2 and "exists" in again.output  # never overwrites


def test_a_second_writer_is_refused_naming_the_holder(tmp_path):
    path = tmp_path / "run.jsonl"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; sys.path.insert(0, %r)\n"
        "from tau_shaped.evaluation.results_file import ResultsWriter\n"
        "w = ResultsWriter(%r).open(command='holder'); print('locked', flush=True); time.sleep(60)") % (str(ROOT), str(path))],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(ResultsFileError, match=rf"another run is writing this file \(pid {holder.pid} .*: holder\)"):
            ResultsWriter(path).open()
        with pytest.raises(ResultsFileError, match="another run is writing"):
            run(_mini(tmp_path, resume=str(path)))
    finally:
        holder.kill()  # kill -9 releases the lock with the process
        holder.wait()
    with ResultsWriter(path).open() as writer:
        writer.append(_records(1)[0])


def test_resume_refuses_a_run_with_other_settings(tmp_path):
    first = run(_mini(tmp_path, task_ids=["refund"]))
    records = read_results(first.path)
    assert records[0]["info"]["run"]["agent_strategy"] == "replay"
    before = first.path.read_bytes()
    for change, option in [(dict(lam=0.5), "--lambda"), (dict(blend="outcome"), "--blend"), (dict(env="food_delivery"), "--env"),
                           (dict(max_steps=7), "--max-steps")]:
        with pytest.raises(RunError, match=rf"--resume .*: the file's run has {option} "):
            run(_mini(tmp_path, task_ids=["refund"], resume=str(first.path), **change)) if option != "--env" else \
                run(_mini(tmp_path, resume=str(first.path), **change, recordings=str(FOOD), task_ids=["fd-cancel-3"]))
        assert first.path.read_bytes() == before
    same = run(_mini(tmp_path, resume=str(first.path)))
    assert same.skipped == 2 and len(read_results(first.path)) == 2 * 5


def test_two_runs_started_in_the_same_second_write_two_files(tmp_path):
    a, b = run(_mini(tmp_path, task_ids=["refund"])), run(_mini(tmp_path, task_ids=["refund"]))
    assert a.path != b.path and len(read_results(a.path)) == len(read_results(b.path)) == 2


# ---- a run that cannot work fails before any episode ----------------------------------------------


@pytest.mark.parametrize("fields, message", [
    (dict(num_trials=0), "--num-trials: must be at least 1"),
    (dict(num_trials=-1), "--num-trials: must be at least 1"),
    (dict(max_concurrency=0), "--max-concurrency: must be at least 1"),
    (dict(lam=-5.0), "--lambda: must be a finite number of at least 0"),
    (dict(lam=math.nan), "--lambda: must be a finite number of at least 0"),
    (dict(lam=math.inf), "--lambda: must be a finite number of at least 0"),
    (dict(max_steps=0), "--max-steps: must be at least 1"),
])
def test_out_of_range_options_are_one_line(fields, message):
    with pytest.raises(RunError) as err:
        make_config(**fields)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_a_model_no_call_can_reach_fails_before_any_episode(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(RunError, match="agent: model 'gpt-4o' .*needs OPENAI_API_KEY"):
        run(RunConfig(env="tests.mini_domain:DOMAIN", model="gpt-4o", user_strategy="scripted", log_dir=str(tmp_path)))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with pytest.raises(RunError, match="agent: unknown model provider 'nosuchprov'"):
        run(RunConfig(env="tests.mini_domain:DOMAIN", model="gpt-4o", model_provider="nosuchprov", user_strategy="scripted", log_dir=str(tmp_path)))
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(RunError, match="user: model 'gpt-4o' .*needs OPENAI_API_KEY"):
        run(_mini(tmp_path, user_strategy="llm"))
    assert list(tmp_path.glob("*.jsonl")) == []  # no file, no episode
    out = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "run", "--env", "food_delivery", "--model", "gpt-4o",
                          "--model-provider", "openai", "--log-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")})
    assert out.returncode == 2 and "needs OPENAI_API_KEY" in " ".join(out.stderr.split())
    assert "Traceback" not in out.stderr and "Give Feedback" not in out.stdout + out.stderr


def test_a_run_whose_every_episode_errors_exits_non_zero(tmp_path):
    """A reachable-looking model on a port where nothing listens: every episode errors."""
    env = {**os.environ, "OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": "http://127.0.0.1:9", "OPENAI_API_BASE": "http://127.0.0.1:9"}
    out = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "run", "--env", "tests.mini_domain:DOMAIN", "--model", "openai/stub",
                          "--user-strategy", "scripted", "--task-ids", "refund", "--num-trials", "2", "--log-dir", str(tmp_path),
                          "--llm-retries", "0"],  # each call fails at once (litellm's retries back off for seconds)
                         cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 1, out.stderr[-1500:]
    assert "every episode of this run errored (2)" in " ".join(out.stderr.split()) and "Traceback" not in out.stderr
    assert "Give Feedback" not in out.stdout + out.stderr


def test_grader_test_with_no_cases_is_an_error(tmp_path):
    result = cli.invoke(app, ["grader-test", "--corpus", str(tmp_path)])
    assert result.exit_code == 2 and "no labeled trajectories" in result.output
    result = cli.invoke(app, ["grader-test", "--corpus", str(tmp_path / "missing")])
    assert result.exit_code == 2 and "no such corpus folder" in result.output


def test_lambda_nan_is_refused_when_scoring(tmp_path):
    from tau_shaped import load_domain, score_trajectory

    domain = load_domain("tests.mini_domain:DOMAIN")
    env = domain.make_env(task_index=0)
    for lam in (math.nan, -1.0, math.inf):
        with pytest.raises(ValueError, match="lambda must be a finite number"):
            score_trajectory(env, 0, [], lam=lam)
    (tmp_path / "x.json").write_text("[]")
    result = cli.invoke(app, ["score", str(tmp_path / "x.json"), "--env", "tests.mini_domain:DOMAIN", "--lambda", "nan"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit) and "lambda" in result.output


# ---- kill -9, a torn tail and a second writer, then --resume: each pair once, as uninterrupted ----


def _command(path, *extra):
    return [sys.executable, "-m", "tau_shaped.cli", "run", "--env", "food_delivery", "--agent-strategy", "replay",
            "--user-strategy", "scripted", "--recordings", str(FOOD), "--num-trials", "2", "--resume", str(path), *extra]


def _by_pair(records):
    return {(r["info"]["task_key"], r["trial"]): (r["reward"], r["info"]["shaped"], r["traj"]) for r in records}


def test_killed_torn_and_contended_run_resumes_to_the_uninterrupted_result(tmp_path):
    clean = tmp_path / "clean.jsonl"
    uninterrupted = cli.invoke(app, _command(clean)[3:])  # in this process: the reference run needs no process of its own
    assert uninterrupted.exit_code == 0, uninterrupted.output[-2000:]
    expected = _by_pair(read_results(clean))
    path = tmp_path / "run.jsonl"
    proc = subprocess.Popen(_command(path), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and (not path.exists() or path.read_text().count("\n") < 10):
        time.sleep(0.05)
    # the first writer is frozen mid-run (SIGSTOP keeps its lock held), so that the second writer
    # meets it however slowly a loaded machine starts the second
    os.kill(proc.pid, signal.SIGSTOP)
    assert proc.poll() is None, "the first run ended before it could be frozen mid-run"
    # a second writer while the first runs: refused, nothing written
    second = subprocess.run(_command(path), cwd=ROOT, capture_output=True, text=True, timeout=120)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert second.returncode == 2 and "another run is writing this file" in " ".join(second.stderr.split())
    with open(path, "ab") as handle:  # the episode in flight, cut off mid-write
        handle.write(b'{"info": {"task_key": "fd-cancel-3", "shaped": {"reward": 1.0')
    done = subprocess.run(_command(path), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    said = " ".join(done.stderr.split())  # the console wraps long lines
    assert "torn last line" in said and "resumed:" in said
    records = read_results(path)
    pairs = [(r["info"]["task_key"], r["trial"]) for r in records]
    assert len(pairs) == len(set(pairs)) == len(expected)
    assert _by_pair(records) == expected


# ---- fuzz: the results reader gives records or one clear line, never a traceback -------------------


SAMPLE = (json.dumps(_records(1)[0]) + "\n" + json.dumps({**_records(2)[1], "traj": [{"role": "user", "content": "hi"}]}) + "\n").encode()


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE)), st.binary(max_size=8)), max_size=6), st.booleans())
def test_fuzzed_results_files_read_or_fail_in_one_line(tmp_path, edits, as_list):
    data = bytearray(b"[" + SAMPLE.replace(b"\n", b",")[:-1] + b"]" if as_list else SAMPLE)
    for pos, chunk in edits:
        pos = min(pos, len(data))
        data[pos:pos + len(chunk)] = chunk
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(bytes(data))
    try:
        records = read_results(path)
    except ResultsFileError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
    else:
        assert all(isinstance(r, dict) and "task_id" in r for r in records)


@pytest.mark.parametrize("content", [
    b"\xff\xfe{\x00}\x00",  # UTF-16
    b'{"task_id": 1, "bad": "\xff"}\n',  # not UTF-8
    b"[" * 100_000,  # nested past any parser's depth
    b'{"task_id": ' + b"9" * 5000 + b', "reward": 0, "info": {}, "traj": [], "trial": 0}\n',  # a 5,000-digit integer
    b'{"task_id": 0, "reward": 0, "info": {}, "traj": [], "trial": 0}\n' + b"{" * 50_000 + b"\n",
])
def test_hostile_results_files_fail_in_one_line(tmp_path, content):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(ResultsFileError) as err:
        read_results(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)
    result = cli.invoke(app, ["score", str(path), "--env", "tests.mini_domain:DOMAIN"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)  # an error message, not an exception
    for command in (["compare", str(path), "--report", str(tmp_path / "r.html")], ["noise", str(path)]):
        result = cli.invoke(app, command)
        assert result.exit_code != 0 and (result.exception is None or isinstance(result.exception, SystemExit)), (command, result.exception)


# -- issue 27: the output is valid JSON, whatever floats the input or the scorer held --------

def _strict(text):
    """json.loads refusing NaN and Infinity, as every other JSON reader does."""
    def bare(constant):
        raise AssertionError(f"bare {constant} written")
    return json.loads(text, parse_constant=bare)


def _nan_batch(grpo_batch, tmp_path, reward=0.0, extra=float("nan")):
    lines = grpo_batch.read_text(encoding="utf-8").splitlines()[:3]
    record = json.loads(lines[1])
    record["reward"], record["info"]["extra"] = reward, [extra, {"deep": -math.inf}, "NaN in a string stays"]
    lines[1] = json.dumps(record)  # Python writes bare NaN / -Infinity: what a careless trainer's file holds
    path = tmp_path / "nan.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_a_nan_legacy_reward_is_refused_not_written_bare(grpo_batch, tmp_path, suffix):
    """A NaN legacy reward was written back as a bare NaN (invalid JSON). A record's reward must be
    a finite number: the record is refused, one line naming the line and field, nothing written."""
    for bad in (float("nan"), math.inf, -math.inf):
        path = _nan_batch(grpo_batch, tmp_path, reward=bad, extra=0.5)
        result = cli.invoke(app, ["score", str(path), "--env", "food_delivery", "--split", "train", "-o",
                                  str(tmp_path / f"out{suffix}")])
        assert result.exit_code != 0
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "nan.jsonl: line 2: reward:" in lines[0] and "not a finite number" in lines[0], lines
        assert not (tmp_path / f"out{suffix}").exists()
    with pytest.raises(ResultsFileError, match="line 2: reward: nan is not a finite number"):
        read_results(_nan_batch(grpo_batch, tmp_path, reward=float("nan")))


@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_non_finite_floats_elsewhere_in_a_record_are_written_as_null(grpo_batch, tmp_path, suffix):
    from tau_shaped.evaluation.batch import score_file

    path = _nan_batch(grpo_batch, tmp_path)
    out = score_file(path, "food_delivery", "train", output=tmp_path / f"out{suffix}", workers=1)
    text = out.read_text(encoding="utf-8")
    records = [_strict(line) for line in text.splitlines()] if suffix == ".jsonl" else _strict(text)
    assert records[1]["info"]["extra"] == [None, {"deep": None}, "NaN in a string stays"]
    assert [r["info"]["shaped"]["status"] for r in records] == ["ok"] * 3  # the scoring is not affected
    clean = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / f"clean{suffix}", workers=1)
    first = clean.read_text(encoding="utf-8")
    expected = [json.loads(line) for line in first.splitlines()][:3] if suffix == ".jsonl" else json.loads(first)[:3]
    for got, want in zip(records, expected):
        got["info"].pop("extra", None)
        assert got == want


def test_a_non_finite_number_in_a_shaped_result_is_a_verifier_fault():
    """SPEC §8: a verifier fault is never a number taken for another: status internal_error,
    reward null; the other non-finite values null."""
    from tau_shaped.evaluation.record_scorer import dump_record

    record = {"task_id": 0, "reward": 1.0, "trial": 0, "traj": [],
              "info": {"shaped": {"status": "ok", "reward": 0.5, "process_reward": float("nan"), "step_rewards": [math.inf]}}}
    for form in ("jsonl", "list"):
        shaped = _strict(dump_record(record, form))["info"]["shaped"]
        assert shaped["status"] == "internal_error" and shaped["reward"] is None and "not finite" in shaped["error"]
        assert shaped["process_reward"] is None and shaped["step_rewards"] == [None]
    fine = {**record, "info": {"shaped": {"status": "ok", "reward": 0.5}}}
    assert dump_record(fine, "jsonl") == json.dumps(fine, ensure_ascii=False, sort_keys=True) + "\n"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=20))
def test_the_writers_encode_any_value_as_strict_json(value):
    """Every results writer goes through finite_json: any floats in, strict JSON out, finite
    values unchanged."""
    from tau_shaped.evaluation.record_scorer import dump_record
    from tau_shaped.evaluation.results_file import _nulled, finite_json

    record = {"task_id": 0, "reward": 0.0, "trial": 0, "traj": [], "info": {"x": value}}
    for text in (finite_json(value), dump_record(record, "jsonl"), dump_record(record, "list")):
        _strict(text)
    assert _strict(finite_json(value)) == json.loads(json.dumps(_nulled(value)))


def test_the_run_writer_and_to_jsonl_write_strict_json(tmp_path):
    from tau_shaped.evaluation.results_file import to_jsonl

    path = tmp_path / "run.jsonl"
    with ResultsWriter(path) as writer:
        writer.append({"task_id": 0, "reward": 1.0, "trial": 0, "traj": [], "info": {"cost": float("nan")}})
    assert _strict(path.read_text())["info"]["cost"] is None
    source = tmp_path / "list.json"
    source.write_text('[{"task_id": 0, "reward": 1.0, "trial": 0, "traj": [], "info": {"t": Infinity}}]')
    to_jsonl(source, tmp_path / "out.jsonl")
    assert _strict((tmp_path / "out.jsonl").read_text())["info"]["t"] is None


def test_one_json_object_over_lines_is_named_as_such(tmp_path):
    """A tau2 run's results JSON given to compare or view (issue 42): said to be one object to
    score first, not 'line 1: not valid JSON'; a JSON-lines file whose first record is whole
    is read as before."""
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"timestamp": "t", "info": {}, "tasks": [], "simulations": []}, indent=2))
    with pytest.raises(ResultsFileError, match=r"one JSON object over 6 lines \(a tau2 run's results\).*tau-shaped score"):
        read_results(path)
    lines = tmp_path / "run.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in _records(2)))
    assert len(read_results(lines)) == 2
