"""A writer's lock file lives as long as the writer (issue 42: a finished run left
``<file>.lock`` beside its results, and ``compare results/*`` then read it as a torn results
file): closing removes it; a lock file a killed run left is taken over and removed in turn;
a writer that locked a file another writer removed meanwhile locks the new one instead."""

from __future__ import annotations

import os

import pytest

from tau_shaped.evaluation import results_file
from tau_shaped.evaluation.results_file import ResultsFileError, ResultsWriter, read_results

RECORD = {"task_id": 0, "reward": 1.0, "info": {}, "traj": [], "trial": 0}


def test_closing_removes_the_lock_file(tmp_path):
    path = tmp_path / "run.jsonl"
    with ResultsWriter(path).open(command="test") as writer:
        writer.append(RECORD)
        assert (tmp_path / "run.jsonl.lock").read_text().endswith(": test")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.jsonl"]
    with ResultsWriter(path).open() as writer:  # and the next writer appends as before
        writer.append(RECORD)
    assert len(read_results(path)) == 2 and not (tmp_path / "run.jsonl.lock").exists()


def test_a_killed_runs_lock_file_is_taken_over_then_removed(tmp_path):
    path = tmp_path / "run.jsonl"
    (tmp_path / "run.jsonl.lock").write_text("pid 1 on elsewhere since then")  # nobody holds it
    with ResultsWriter(path).open() as writer:
        writer.append(RECORD)
        with pytest.raises(ResultsFileError, match="another run is writing"):
            ResultsWriter(path).open()
    assert not (tmp_path / "run.jsonl.lock").exists()


def test_a_lock_file_removed_between_opening_and_locking_is_not_kept(tmp_path, monkeypatch):
    """The race a removed lock file opens: this writer opened the old file, its closing writer
    removed it, and a lock on it would guard nothing; the writer locks the file of that name."""
    path = tmp_path / "run.jsonl"
    lock = tmp_path / "run.jsonl.lock"
    real = results_file._names_it
    calls = []

    def first_time_gone(handle, name):
        calls.append(name)
        if len(calls) == 1:  # as if another writer removed it right after our open
            os.unlink(name)
        return real(handle, name)

    monkeypatch.setattr(results_file, "_names_it", first_time_gone)
    writer = ResultsWriter(path).open()
    try:
        assert len(calls) == 2 and lock.exists()
        assert real(writer._lock_handle, lock)  # the lock held is on the file of that name
    finally:
        writer.close()
    assert not lock.exists()
