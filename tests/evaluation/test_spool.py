"""Workers hand their scored records to the writer through spool files, and read their input
lines from the file themselves (issue 20): the output is the same bytes as one process writes,
whatever the segment size or the file system, and nothing is left behind."""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path

import pytest

from tau_shaped.evaluation import batch_pool, spool
from tau_shaped.evaluation.batch import score_file
from tau_shaped.evaluation.results_file import ResultsFileError

def _spools(directory: Path):
    return [p.name for p in directory.iterdir() if ".spool" in p.name]


def test_small_segments_give_the_same_bytes_and_leave_no_spool(grpo_batch, grpo_reference, tmp_path, monkeypatch):
    monkeypatch.setattr(spool, "SEGMENT_BYTES", 40_000)  # a new segment every few records
    for name in ("out.jsonl", "out.json"):
        out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / name, workers=2)
        if name.endswith(".jsonl"):
            assert out.read_bytes() == grpo_reference
        else:
            one = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "one.json", workers=1)
            assert out.read_bytes() == one.read_bytes()
    assert _spools(tmp_path) == []


def test_without_copy_file_range_the_spans_are_read_and_written(grpo_batch, grpo_reference, tmp_path, monkeypatch):
    def cross_device(*args, **kwargs):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "copy_file_range", cross_device, raising=False)
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference and _spools(tmp_path) == []


def test_a_failed_run_leaves_no_spool(grpo_batch, tmp_path):
    lines = grpo_batch.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[30])
    record["info"]["task"].update(instruction="somebody else's task", user_id="CU-0000")  # refused
    lines[30] = json.dumps(record)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ResultsFileError, match="line 31"):
        score_file(bad, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert _spools(tmp_path) == [] and not (tmp_path / "o.jsonl").exists()


def test_workers_read_lines_after_a_bom(grpo_batch, grpo_reference, tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + grpo_batch.read_bytes())
    out = score_file(path, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference


def test_a_line_the_file_no_longer_holds_is_an_error_naming_it(tmp_path):
    path = tmp_path / "f.jsonl"
    path.write_bytes(b'{"a": 1}\n{"b": 2}\n')
    files = {}
    kind, line = batch_pool._line_at(files, ("at", str(path), 2, 9, 8, False, 0))
    assert kind == "line" and line.raw == b'{"b": 2}' and line.number == 2
    path.write_bytes(b'{"a": 1}\n')  # truncated while scored
    with pytest.raises(ResultsFileError, match=r"f\.jsonl: line 2: the file changed while it was scored"):
        batch_pool._line_at(files, ("at", str(path), 2, 9, 8, False, 0))
    with pytest.raises(ResultsFileError, match="cannot read"):
        batch_pool._line_at({}, ("at", str(tmp_path / "gone.jsonl"), 1, 0, 8, False, 0))


def test_spool_segments_roll_over_and_are_unlinked_once_opened(tmp_path):
    prefix = spool.spool_prefix(str(tmp_path), "o.jsonl")
    reader = spool.SpoolReader(prefix)  # made before the workers start, as score_parallel does
    writer = spool.SpoolWriter(prefix, 0, segment_bytes=10)
    first = writer.write([b"abcdef", b"ghijkl"])
    second = writer.write([b"mn"])  # the segment passed 10 bytes: a new one
    assert first == [(0, 0, 6), (0, 6, 6)] and second == [(1, 0, 2)]
    target = tmp_path / "target"
    with open(target, "wb") as handle:
        for segment, offset, length in first + second:
            spool.copy_span(spool.Spooled(reader.fd(0, segment), offset, length), handle)
            assert len(reader.open) == 1  # the older segment closed once the newer was opened
    assert target.read_bytes() == b"abcdefghijklmn"
    assert _spools(tmp_path) == []  # unlinked when opened
    writer.close()
    reader.close()


def test_a_spool_that_cannot_be_written_is_a_one_line_error(grpo_batch, tmp_path, monkeypatch):
    def full(self, chunks):
        raise OSError(28, "No space left on device", f"{self.prefix}-{self.worker}-0")

    monkeypatch.setattr(spool.SpoolWriter, "write", full)  # the forked workers inherit it
    with pytest.raises(ResultsFileError, match=r"cannot write a scoring spool: No space left on device$"):
        score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert _spools(tmp_path) == [] and not (tmp_path / "o.jsonl").exists()


def test_segments_a_killed_run_left_are_removed(tmp_path):
    prefix = spool.spool_prefix(str(tmp_path), "o.jsonl")
    (tmp_path / (Path(prefix).name + "-0-3")).write_bytes(b"stale")
    reader = spool.SpoolReader(prefix)
    assert _spools(tmp_path) == []
    reader.close()


def test_score_cli_names_an_output_it_cannot_write(grpo_batch, tmp_path):
    import subprocess

    blocker = tmp_path / "a_file"
    blocker.write_text("x")
    done = subprocess.run([sys.executable, "-m", "tau_shaped.cli", "score", str(grpo_batch), "--env", "food_delivery",
                           "--task-split", "train", "-o", str(blocker / "out.jsonl")], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: ") and "a_file" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_these_runs_use_worker_processes(grpo_batch):
    from tau_shaped.evaluation.batch import SMALL_INPUT, resolve_workers
    from tau_shaped.evaluation.results_stream import count_records

    assert resolve_workers(2, count_records(grpo_batch, at_most=SMALL_INPUT)) == 2


# -- issue 27: nothing left behind by a killed run, nothing of a live run removed ------------

HOLDER = r"""
import fcntl, os, sys, time
from tau_shaped.evaluation.run_files import working_name
folder, name, dead_token = sys.argv[1], sys.argv[2], sys.argv[3]
partial = os.path.join(folder, working_name(name, "partial", dead_token or None))
fd = os.open(partial, os.O_WRONLY | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
if not dead_token:
    open(os.path.join(folder, working_name(name, "spool") + "-0-0"), "wb").close()
print("ready", flush=True)
time.sleep(60)
"""


def _holder(folder, name="o.jsonl", token=""):
    """A live process holding a run's files (its own, or a dead run's name under its lock)."""
    import subprocess

    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), name, token], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def _dead_token():
    """The token of a process that ran and is gone (its pid and start time, as a run names its files)."""
    import subprocess

    from tau_shaped.evaluation.run_files import run_token

    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    token = run_token(proc.pid)
    proc.communicate(b"")
    return token


def _left(directory: Path, output="o.jsonl"):
    return sorted(p.name for p in directory.iterdir() if p.name != output)


def test_a_dead_runs_partial_and_spool_segments_are_removed_by_the_next_run(grpo_batch, grpo_reference, tmp_path):
    dead = _dead_token()
    for name in (f".o.jsonl.{dead}.partial", f".o.jsonl.{dead}.spool-0-0", f".o.jsonl.{dead}.spool-1-4",
                 ".o.jsonl.999999999.partial"):  # the last: named by a pid alone (before run tokens), not running
        (tmp_path / name).write_bytes(b"x" * 1000)
    kept = [".other.jsonl.1.partial", ".o.jsonl.notes", "o.jsonl.lock"]  # another output's, and not a run's files
    for name in kept:
        (tmp_path / name).write_bytes(b"keep")
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference
    assert _left(tmp_path) == sorted(kept)


def test_a_live_runs_files_are_never_removed(grpo_batch, grpo_reference, tmp_path):
    holder = _holder(tmp_path)  # a live run on the same output: its locked .partial and a spool segment
    try:
        live = _left(tmp_path)
        assert len(live) == 2 and any(n.endswith(".partial") for n in live)
        out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
        assert out.read_bytes() == grpo_reference
        assert _left(tmp_path) == live
    finally:
        holder.kill()
        holder.wait()
    score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=1)  # now it is dead
    assert _left(tmp_path) == []


def test_a_lock_held_keeps_a_runs_files_whatever_its_pid_says(grpo_batch, tmp_path):
    """A run on another host sharing the folder: its pid means nothing here, its lock does."""
    dead = _dead_token()
    holder = _holder(tmp_path, token=dead)
    try:
        score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=1)
        assert _left(tmp_path) == [f".o.jsonl.{dead}.partial"]
    finally:
        holder.kill()
        holder.wait()


def test_a_pid_taken_by_another_process_does_not_keep_a_dead_runs_files(grpo_batch, tmp_path):
    from tau_shaped.evaluation.run_files import process_running, run_token

    if not os.path.isdir("/proc/self"):
        pytest.skip("process start times are read from /proc")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    holder = _holder(elsewhere)  # a live process whose pid the dead run's name carries
    try:
        pid, start = run_token(holder.pid).split("-")
        assert process_running(f"{pid}-{start}") and process_running(pid)
        reused = f"{pid}-{int(start) - 1}"  # the same pid, another process's start: the run that had it died
        assert not process_running(reused)
        (tmp_path / f".o.jsonl.{reused}.partial").write_bytes(b"stale")
        score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=1)
        assert _left(tmp_path) == ["elsewhere"]
    finally:
        holder.kill()
        holder.wait()


def test_run_tokens_are_checked_not_trusted():
    from tau_shaped.evaluation.run_files import _parse, process_running, run_token

    assert process_running(run_token())
    assert not process_running(_dead_token())
    for token in ("0", "-1", "abc", "1-2-3", "", "9" * 30):
        assert not process_running(token)
    assert _parse("o.jsonl", ".o.jsonl.12-34.partial") == ("12-34", "partial")
    assert _parse("o.jsonl", ".o.jsonl.12.spool-0-3") == ("12", "spool-0-3")
    for other in (".o.jsonl.12-34.partial.bak", ".o.jsonl.x.partial", ".o.jsonl.12.lock", ".o.json.12.partial",
                  "o.jsonl", ".o.jsonl.partial"):
        assert _parse("o.jsonl", other) is None, other
