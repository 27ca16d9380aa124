"""Which worker scores which record: every worker busy from the first record, each task's
caches reused where that costs no balance.

A record goes to a worker that already scored its task (a *home* of the task: its ground
truth, rule binding and world are warm there), and a new task to a worker that holds its
world, unless that worker has more than ``bound`` records outstanding beyond the least
loaded one; then the least loaded worker takes it and becomes one more home of the task.
So a batch that lists each task's rollouts together (a GRPO step: a prompt's rollouts side
by side, the prompts world by world) never hands a run of one task or one world to one
worker while the other waits: at most ``bound`` records of imbalance, and each task is
set up at most once per worker. The bound is wider than a message's batching makes the
loads swing (``batch_pool`` sends ``chunk`` records at a time): a narrower one shared
tasks that did not need it, a fifth of a 1.1 GB file's tasks set up twice.

*Outstanding* is what a worker was given and has not yet answered, so a worker slowed by
the machine's other load gets less. Routing changes which worker scores a record, never
its output: a record's output depends on the record alone (``record_scorer``).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any, Dict, List, Optional, Set

from tau_shaped.evaluation.record_scorer import RecordScorer

BOUND = 96  # records of imbalance a task's home may carry before another worker shares the task

_TASK_KEY = re.compile(rb'"task_key":\s*"((?:[^"\\]|\\.){0,256})"')
_TASK_ID = re.compile(rb'"task_id":\s*(\d{1,12})[,}\s]')


def route_key(scorer: RecordScorer, item: Any) -> Any:
    """The task an item is of, as a routing hint: a line's is read off its text by a fixed,
    linear pattern (a wrong hint costs time, never a wrong result: the worker reads the record)."""
    if item[0] != "line":
        return scorer.route_key(item[2])
    raw = item[1].raw
    found = _TASK_KEY.search(raw)
    if found is not None:
        try:
            key = json.loads(b'"' + found.group(1) + b'"')
        except ValueError:
            key = None
        if key in scorer.by_id:
            return scorer.by_id[key]
    found = _TASK_ID.search(raw)
    if found is not None and int(found.group(1)) < len(scorer.tasks):
        return int(found.group(1))
    return None


class Router:
    """Routing by task with a balance bound (see the module's docstring)."""

    def __init__(self, scorer: RecordScorer, workers: int, bound: Optional[int] = None, by_world: bool = True) -> None:
        """``by_world=False``: every worker already holds the worlds (built before the fork), so a
        new task goes to the least loaded worker without its world being asked (which would
        validate the task in the routing process, for nothing)."""
        self.scorer = scorer
        self.bound = BOUND if bound is None else bound
        self.by_world = by_world
        self.outstanding = [0] * workers
        self.homes: Dict[Any, List[int]] = {}
        self.worlds: List[Set[Any]] = [set() for _ in range(workers)]

    def _holds(self, worker: int, key: Any) -> None:
        if self.by_world:
            self.worlds[worker].add(self.scorer.seed_of(key))

    def route(self, item: Any) -> int:
        """The worker to score ``item``; counted as outstanding there until ``answered``."""
        load = self.outstanding
        least = min(range(len(load)), key=load.__getitem__)
        key = route_key(self.scorer, item)
        if key is None:
            worker = least
        else:
            homes = self.homes.get(key)
            if homes is None:
                seed = self.scorer.seed_of(key) if self.by_world else None
                holders = [w for w in range(len(load)) if seed in self.worlds[w]] if self.by_world else []
                best = min(holders, key=load.__getitem__) if holders else least
                worker = best if load[best] - load[least] <= self.bound else least
                self.homes[key] = [worker]
                self._holds(worker, key)
            else:
                best = min(homes, key=load.__getitem__)
                if load[best] - load[least] <= self.bound:
                    worker = best
                else:
                    worker = least
                    homes.append(worker)
                    self._holds(worker, key)
        load[worker] += 1
        return worker

    def answered(self, worker: int, count: int) -> None:
        self.outstanding[worker] -= count

    def move(self, source: int, target: int, count: int) -> None:
        """``count`` records one worker held are handed to another (``score_parallel``'s last ones)."""
        self.outstanding[source] -= count
        self.outstanding[target] += count


SAMPLES = 64  # lines read at even offsets of a file to learn the worlds its records need


def sampled_seeds(scorer: RecordScorer, path: str, samples: int = SAMPLES) -> List[Any]:
    """The worlds (seeds) of the records at ``samples`` even offsets of a JSON-lines file, in
    the order first seen: what the workers will need, learnt without reading the file (a
    world-by-world batch shows every world). Built in the parent before the workers fork,
    each world is built once and shared, instead of once in every worker the routing sends
    its tasks to. A hint only, like ``route_key``: a line it cannot read names no world."""
    seeds: List[Any] = []
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as handle:
            for k in range(samples):
                handle.seek(size * k // samples)
                if k:
                    handle.readline(1 << 24)  # the rest of the line the offset fell in
                raw = handle.readline(1 << 24).rstrip(b"\n")
                if not raw:
                    continue
                key = route_key(scorer, ("line", _Line(raw)))
                seed = scorer.seed_of(key) if key is not None else None
                if seed is not None and seed not in seeds:
                    seeds.append(seed)
    except OSError:
        pass  # the reader that follows names the problem
    return seeds


class _Line:
    """What ``route_key`` reads of a line."""

    __slots__ = ("raw",)

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
