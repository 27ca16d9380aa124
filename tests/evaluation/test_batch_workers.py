"""Who scores what on ``--workers N`` (issue 33): the calling process and N - 1 processes
forked from it, each record scored exactly once, the records left at the end shared out, the
routing process never validating a task only to learn its world; the bytes written the same
as one process writes."""

from __future__ import annotations

import json
import os
from types import SimpleNamespace

import pytest

from tau_shaped.evaluation import batch_pool, batch_routing
from tau_shaped.evaluation.batch import score_file
from tau_shaped.evaluation.batch_routing import Router


def _logged_scoring(monkeypatch, log):
    """score_item that appends (pid, line number) to ``log`` (forked workers inherit it)."""
    real = batch_pool.score_item

    def logged(scorer, item, form):
        with open(log, "a") as handle:
            handle.write(f"{os.getpid()} {item[1].number}\n")
        return real(scorer, item, form)

    monkeypatch.setattr(batch_pool, "score_item", logged)


def _scored_by(log):
    by: dict = {}
    for line in log.read_text().splitlines():
        pid, number = line.split()
        by.setdefault(int(pid), []).append(int(number))
    return by


@pytest.mark.parametrize("workers", [2, 3])
def test_the_calling_process_and_the_forked_ones_each_score_a_share_once(grpo_batch, grpo_reference, tmp_path,
                                                                          monkeypatch, workers):
    log = tmp_path / "scored.txt"
    _logged_scoring(monkeypatch, log)
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=workers)
    assert out.read_bytes() == grpo_reference
    by = _scored_by(log)
    assert len(by) == workers and os.getpid() in by  # this process and workers - 1 forked ones
    assert all(by.values())
    assert sorted(n for numbers in by.values() for n in numbers) == list(range(1, 97))  # each line once


def test_a_task_file_reaches_the_forked_workers(grpo_batch, grpo_reference, tmp_path):
    """score --tasks on 2 workers: train rollouts scored against a task file of the train tasks,
    with the test split named (whose tasks they are not), write what the train split writes."""
    from tau_shaped.tasks.domains import load_domain

    tasks = tmp_path / "mine.json"
    tasks.write_bytes(load_domain("food_delivery").task_files["train"].read_bytes())
    out = score_file(grpo_batch, "food_delivery", "test", output=tmp_path / "o.jsonl", workers=2, tasks=tasks)
    assert out.read_bytes() == grpo_reference


def test_the_records_left_when_all_are_routed_are_shared_out(grpo_batch, tmp_path, monkeypatch):
    """One task's 96 rollouts and a bound wider than that: routing keeps every record on the
    task's home, the calling process; once all are routed, the latest half go to the forked
    worker, so both finish together instead of one scoring everything."""
    lines = [line for line in grpo_batch.read_bytes().splitlines() if json.loads(line)["task_id"] == 0]
    source = tmp_path / "one_task.jsonl"
    source.write_bytes(b"".join(line + b"\n" for line in lines * 12))
    one = score_file(source, "food_delivery", "train", output=tmp_path / "one.jsonl", workers=1).read_bytes()
    monkeypatch.setattr(batch_routing, "BOUND", 10_000)
    log = tmp_path / "scored.txt"
    _logged_scoring(monkeypatch, log)
    out = score_file(source, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert out.read_bytes() == one and len(one.splitlines()) == 96
    by = _scored_by(log)
    mine = sorted(by.pop(os.getpid()))
    (forked,) = by.values()
    assert mine == list(range(1, 49)) and sorted(forked) == list(range(49, 97))


def _scorer_without_worlds(tasks):
    """What the router reads of a RecordScorer, whose seed_of must not be asked."""

    def seed_of(index):
        raise AssertionError("the router asked for a task's world")

    return SimpleNamespace(tasks=list(range(tasks)), by_id={}, route_key=lambda record: record["task_id"],
                           seed_of=seed_of)


def test_routing_by_task_alone_never_asks_a_tasks_world_and_stays_balanced():
    """Worlds built before the fork are every worker's: asking a task's world would validate
    the task in the routing process for nothing (TaskList validates a task when first asked)."""
    order = [t for t in range(64) for _ in range(16)]
    router = Router(_scorer_without_worlds(64), 2, bound=48, by_world=False)
    loads = [0, 0]
    homes: dict = {}
    for t in order:
        worker = router.route(("record", "r", {"task_id": t}))
        loads[worker] += 1
        homes.setdefault(t, set()).add(worker)
        assert abs(loads[0] - loads[1]) <= 48 + 1
    assert router.worlds == [set(), set()]
    assert loads[0] and loads[1] and all(len(h) <= 2 for h in homes.values())


def test_records_handed_from_one_worker_to_another_are_counted_there():
    router = Router(_scorer_without_worlds(4), 2, bound=8, by_world=False)
    for _ in range(6):
        router.route(("record", "r", {"task_id": 0}))
    assert router.outstanding == [6, 0]
    router.move(0, 1, 3)
    assert router.outstanding == [3, 3]
    router.answered(1, 3)
    assert router.outstanding == [3, 0]


def test_a_json_lines_run_routes_by_task_alone_and_records_given_by_world_too(grpo_batch, grpo_reference, tmp_path,
                                                                               monkeypatch):
    """score_file builds the worlds its JSON lines need before forking: its router does not ask
    worlds; records handed to score_batch have none built, so their router keeps tasks of one
    world together."""
    from tau_shaped.evaluation.batch import score_batch
    from tau_shaped.evaluation.results_file import read_results

    made = []

    class Recorded(Router):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self.by_world)

    monkeypatch.setattr(batch_pool, "Router", Recorded)
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference
    records = list(score_batch(read_results(grpo_batch), "food_delivery", "train", workers=2))
    assert [json.loads(line) for line in grpo_reference.splitlines()] == records
    assert made == [False, True]


def test_the_worlds_built_before_the_fork_are_built_with_the_collector_paused(grpo_batch, grpo_reference, tmp_path,
                                                                             monkeypatch):
    """The cyclic collector's passes over the worlds already built were a third of building them
    (serial, before any worker starts): each is built as the scorer builds its worlds."""
    import gc

    from tau_shaped.tasks.domains import load_domain

    domain = load_domain("food_delivery")
    real = domain.load_data
    collecting = []

    def logged(seed=0):
        collecting.append(gc.isenabled())
        return real(seed=seed)

    monkeypatch.setattr(domain, "load_data", logged)
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference
    assert collecting and not any(collecting)
    assert gc.isenabled()


def test_what_was_frozen_for_the_fork_stays_frozen(grpo_batch, grpo_reference, tmp_path, monkeypatch):
    """The objects this process held when it forked stay out of the collector's sight after the
    run, as the scorer's worlds are: unfreezing them handed the whole heap back to the next full
    collection (at the latest the interpreter's at exit). Nothing unfreezes (the count itself
    may drop: what earlier tests froze is freed by reference counting when let go)."""
    import gc

    unfrozen = []
    monkeypatch.setattr(gc, "unfreeze", lambda: unfrozen.append(1))
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference
    assert not unfrozen and gc.get_freeze_count() > 0
    assert gc.isenabled()


def test_the_switch_interval_is_short_while_workers_run_and_set_back_after(grpo_batch, grpo_reference, tmp_path,
                                                                          monkeypatch):
    """A run on workers shortens the interpreter's switch interval (its queue threads hand
    messages on sooner) in every process, and gives the caller's back when it ends, even when
    it fails."""
    import sys

    seen = []
    score = batch_pool.score_item

    def noting(scorer, item, form):
        seen.append((os.getpid(), sys.getswitchinterval()))
        return score(scorer, item, form)

    monkeypatch.setattr(batch_pool, "score_item", noting)
    old = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.01)
        out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "o.jsonl", workers=2)
        assert out.read_bytes() == grpo_reference
        assert sys.getswitchinterval() == 0.01
        here = [s for pid, s in seen if pid == os.getpid()]
        assert here and all(abs(s - batch_pool.SWITCH_SECONDS) < 1e-9 for s in here)

        def failing(scorer, item, form):
            raise KeyboardInterrupt

        monkeypatch.setattr(batch_pool, "score_item", failing)
        with pytest.raises(KeyboardInterrupt):
            score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "p.jsonl", workers=2)
        assert sys.getswitchinterval() == 0.01
    finally:
        sys.setswitchinterval(old)
