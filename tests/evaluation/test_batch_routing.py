"""Routing of records to scoring workers (issue 33): every worker busy from the first
record on any batch shape (many tasks x few rollouts, few tasks x many rollouts), each task
set up on as few workers as that allows, and the bytes written the same whatever the
number of workers and however the records are routed."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation import batch_routing
from tau_shaped.evaluation.batch import score_file
from tau_shaped.evaluation.batch_routing import Router


def _scorer(tasks: int, worlds: int):
    """What the router reads of a RecordScorer: task ids, seeds, and a record's task."""
    listed = [SimpleNamespace(id=f"t{i}", seed=i * worlds // tasks) for i in range(tasks)]
    return SimpleNamespace(tasks=listed, by_id={t.id: i for i, t in enumerate(listed)},
                           route_key=lambda record: record["task_id"], seed_of=lambda i: listed[i].seed)


def _items(order):
    return [("record", f"record {n}", {"task_id": t}) for n, t in enumerate(order)]


def _route(router, items, answer_every=0):
    """Route every item; with ``answer_every``, each worker answers all it holds every that
    many records (workers keeping pace), else nothing is answered (the parent racing ahead)."""
    out = []
    for n, item in enumerate(items):
        out.append(router.route(item))
        if answer_every and n % answer_every == answer_every - 1:
            for w, load in enumerate(list(router.outstanding)):
                router.answered(w, load)
    return out


@pytest.mark.parametrize("tasks,rollouts,worlds", [(76, 171, 3), (64, 16, 10), (1024, 8, 10), (2, 500, 1)])
def test_both_workers_get_work_from_the_start_and_stay_within_the_bound(tasks, rollouts, worlds):
    """A batch listing each task's rollouts together, the tasks world by world: the old sticky
    routing gave one worker runs of hundreds of records. Here, with no worker answering, the
    loads never differ by more than the bound plus one, and the second worker gets its first
    record within the first bound + 2."""
    order = [t for t in range(tasks) for _ in range(rollouts)]
    router = Router(_scorer(tasks, worlds), 2, bound=48)
    routed = _route(router, _items(order))
    loads = [0, 0]
    for w in routed:
        loads[w] += 1
        assert abs(loads[0] - loads[1]) <= 48 + 1
    assert 1 in routed[:50] and 0 in routed[:50]
    # each task's set-up paid on at most both workers, most tasks on one when tasks are small
    homes = {t: {w for w, tt in zip(routed, order) if tt == t} for t in range(tasks)}
    assert all(len(h) <= 2 for h in homes.values())
    if rollouts <= 16:
        assert sum(len(h) == 1 for h in homes.values()) >= 0.8 * tasks


def test_a_task_stays_on_its_worker_while_the_workers_keep_pace():
    """When workers answer as fast as records come, a task's rollouts share one worker's
    caches, and a world's tasks its S0, as long as the balance allows."""
    order = [t for t in range(40) for _ in range(8)]
    router = Router(_scorer(40, 2), 2, bound=48)
    routed = _route(router, _items(order), answer_every=4)
    for t in range(40):
        assert len({w for w, tt in zip(routed, order) if tt == t}) == 1
    assert router.worlds[0] | router.worlds[1] == {0, 1}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=400), st.integers(2, 4), st.integers(0, 64))
def test_any_order_stays_balanced(order, workers, bound):
    router = Router(_scorer(10, 3), workers, bound=bound)
    loads = [0] * workers
    for item in _items(order):
        loads[router.route(item)] += 1
        assert max(loads) - min(loads) <= bound + 1
    assert router.outstanding == loads


def test_unknown_tasks_go_to_the_least_loaded_worker():
    router = Router(_scorer(4, 1), 2, bound=8)
    items = [("record", "r", {"task_id": None})] * 6
    assert _route(router, items) == [0, 1, 0, 1, 0, 1]


def test_one_two_workers_and_interleaved_routing_write_the_same_bytes(grpo_batch, grpo_reference, tmp_path,
                                                                      monkeypatch):
    """The GRPO batch (12 tasks x 8 rollouts, listed task by task) scored by one process, by two
    workers with the default bound, and by two workers with bound 0 (every record to the less
    loaded worker: the tasks split over both): the same bytes."""
    outs = {}
    for label, workers, bound in (("one", 1, None), ("two", 2, None), ("interleaved", 2, 0)):
        if bound is not None:
            monkeypatch.setattr(batch_routing, "BOUND", bound)
        out = tmp_path / f"{label}.jsonl"
        score_file(grpo_batch, "food_delivery", "train", output=out, workers=workers)
        outs[label] = out.read_bytes()
    assert outs["one"] == grpo_reference
    assert outs["two"] == grpo_reference
    assert outs["interleaved"] == grpo_reference
    assert len([json.loads(line) for line in grpo_reference.splitlines()]) == 96


def test_few_tasks_many_rollouts_write_the_same_bytes_on_one_and_two_workers(grpo_batch, tmp_path, monkeypatch):
    """Few tasks, many rollouts each (a GRPO step of few prompts): 3 tasks x 40 copies of their
    rollouts, interleaved by a zero bound, the same bytes as one process."""
    lines = [line for line in grpo_batch.read_bytes().splitlines() if json.loads(line)["task_id"] < 3]
    source = tmp_path / "few.jsonl"
    source.write_bytes(b"".join(line + b"\n" for line in lines for _ in range(5)))
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    score_file(source, "food_delivery", "train", output=one, workers=1)
    monkeypatch.setattr(batch_routing, "BOUND", 0)
    score_file(source, "food_delivery", "train", output=two, workers=2)
    assert one.read_bytes() == two.read_bytes()
    assert len(one.read_bytes().splitlines()) == 120


def test_the_worlds_a_file_needs_are_built_once_before_the_workers_fork(grpo_batch, grpo_reference, tmp_path, monkeypatch):
    """The parent samples the file, builds the worlds its records need and the forked workers
    share them: each world built once in the run, none in a worker; the output unchanged."""
    import os

    from tau_shaped.evaluation.batch_routing import sampled_seeds
    from tau_shaped.evaluation.record_scorer import RecordScorer
    from tau_shaped.tasks.domains import load_domain

    domain = load_domain("food_delivery")
    real = domain.load_data
    log = tmp_path / "builds.txt"

    def logged(seed=0):
        with open(log, "a") as handle:
            handle.write(f"{os.getpid()} {seed}\n")
        return real(seed=seed)

    monkeypatch.setattr(domain, "load_data", logged)
    scorer = RecordScorer("food_delivery", "train")
    records = [json.loads(line) for line in grpo_reference.splitlines()]
    needed = {scorer.seed_of(scorer.by_id[r["info"]["task_key"]]) for r in records}
    assert set(sampled_seeds(scorer, str(grpo_batch))) == needed
    out = tmp_path / "out.jsonl"
    score_file(grpo_batch, "food_delivery", "train", output=out, workers=2)
    assert out.read_bytes() == grpo_reference
    builds = [line.split() for line in log.read_text().splitlines()]
    assert sorted(int(seed) for _, seed in builds) == sorted(needed)  # each world once
    assert {int(pid) for pid, _ in builds} == {os.getpid()}  # all in the parent, before the fork
