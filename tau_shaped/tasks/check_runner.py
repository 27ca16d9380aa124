"""Running ``tasks check`` over whole task files on every core (SPEC §6.2).

The tasks of a file are cut into chunks of the same seed (one world each), and each chunk
is checked in a worker process that keeps its domain, task files and env between chunks (so
a world's S0 is loaded once per worker). Results come back in file and task order, whatever
the number of workers: the output is the same with 1 worker or 16.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from tau_shaped.tasks.check import TaskCheck, check_task
from tau_shaped.tasks.consenting import score_with_customer, shortfalls
from tau_shaped.tasks.domains import DomainNotFound, domain_for_file, load_domain
from tau_shaped.tasks.files import TaskFileError, load_tasks

CHUNK = 24


@dataclass(frozen=True)
class GroundTruthScore:
    """A task's ground truth scored as its customer answers it (``consenting.score_with_customer``):
    its shaped reward (None: not scored) and what it falls short of (``consenting.shortfalls``:
    empty when it scores 1.0, outcome and legacy 1 with every rule kept)."""

    task_id: str
    reward: Optional[float]
    shortfalls: Tuple[str, ...] = ()

    @property
    def full(self) -> bool:
        return self.reward is not None and not self.shortfalls


@dataclass
class FileChecks:
    """The checks of one file, or why it could not be checked at all; for a domain's own split,
    also each ground truth's score (``scores``: what ``tasks check --env D`` sums up)."""

    path: Path
    checks: List[TaskCheck]
    error: Optional[str] = None
    scores: List[GroundTruthScore] = field(default_factory=list)


# per worker process: (path, domain) -> (env, tasks)
_LOADED: Dict[Tuple[str, Optional[str]], Tuple[Any, List[Any]]] = {}

#: A domain's own split instead of a file: ``SPLIT_PREFIX + split`` (no file path starts so).
SPLIT_PREFIX = "\x00split:"


def split_source(split: str) -> Path:
    """The source for ``check_files`` naming a split of the ``domain`` given (its tasks need no file:
    tau2's and tau-bench's come with the domain): checked on the domain's ``check_tasks(split)``
    (its ``tasks(split)``; tau-bench's: its ground truths as a careful agent plays them,
    ``tau_shaped.integrations.taubench``)."""
    return Path(SPLIT_PREFIX + split)


def source_label(path: Path, domain: Optional[str]) -> str:
    text = str(path)
    return f"{domain} [{text[len(SPLIT_PREFIX):]}]" if is_split_source(path) else text


def _load(path: str, domain: Optional[str]) -> Tuple[Any, List[Any]]:
    if path.startswith(SPLIT_PREFIX):
        if not domain:
            raise DomainNotFound("a domain split needs --env")
        dom = load_domain(domain)
        split = path[len(SPLIT_PREFIX):]
        try:
            return dom, list(dom.check_tasks(split))  # tau-bench's in their check form
        except KeyError as exc:
            raise DomainNotFound(str(exc.args[0])) from None
    return domain_for_file(Path(path), domain), load_tasks(Path(path))


def _env_and_tasks(path: str, domain: Optional[str]) -> Tuple[Any, List[Any]]:
    key = (path, domain)
    if key not in _LOADED:
        dom, tasks = _load(path, domain)
        _LOADED[key] = (dom.make_env(tasks=tasks, task_index=0) if tasks else None, tasks)
    return _LOADED[key]


def _check_chunk(path: str, domain: Optional[str], indices: Sequence[int]) -> List[Tuple[TaskCheck, Optional[GroundTruthScore]]]:
    env, tasks = _env_and_tasks(path, domain)
    scored = is_split_source(Path(path))
    return [(check_task(env, tasks[i]), _ground_truth_score(env, tasks[i]) if scored else None) for i in indices]


def _ground_truth_score(env: Any, task: Any) -> GroundTruthScore:
    result = score_with_customer(env, task)
    return GroundTruthScore(str(task.id), result.reward, tuple(shortfalls(result)))


def is_split_source(path: Path) -> bool:
    """``path`` names a domain's own split (``split_source``), not a file."""
    return str(path).startswith(SPLIT_PREFIX)


def _chunks(tasks: Sequence[Any], size: int) -> List[List[int]]:
    """Task indices cut into chunks of one seed each, at most ``size`` long, in file order."""
    out: List[List[int]] = []
    last_seed: Any = object()
    for i, task in enumerate(tasks):
        seed = getattr(task, "seed", 0) or 0
        if not out or seed != last_seed or len(out[-1]) >= size:
            out.append([])
        out[-1].append(i)
        last_seed = seed
    return out


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def check_files(paths: Sequence[Path], domain: Optional[str] = None, workers: Optional[int] = None,
                on_progress: Optional[Callable[[int, Optional[int]], None]] = None) -> Iterator[FileChecks]:
    """Check every task of every file; one ``FileChecks`` per file, in order. ``on_progress(done,
    total)`` is told the tasks checked so far as each chunk finishes (from a pool thread when
    ``workers`` > 1)."""
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    plans: List[Tuple[Path, Optional[str], List[List[int]]]] = []
    for path in paths:
        try:
            _dom, tasks = _load(str(path), domain)
        except (TaskFileError, DomainNotFound) as exc:
            plans.append((path, str(exc), []))
            continue
        plans.append((path, None, _chunks(tasks, CHUNK)))
    total = sum(len(chunk) for _path, _error, chunks in plans for chunk in chunks)
    done = [0]
    lock = threading.Lock()

    def advance(count: int) -> None:
        with lock:  # chunks finish on the pool's thread (or here, when done already)
            done[0] += count
            if on_progress is not None:
                on_progress(done[0], total)

    if workers == 1:
        for path, error, chunks in plans:
            done_chunks: List[Tuple[TaskCheck, Optional[GroundTruthScore]]] = []
            for chunk in chunks:
                done_chunks.extend(_check_chunk(str(path), domain, chunk))
                advance(len(chunk))
            yield _file_checks(path, done_chunks, error)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [(path, error, [pool.submit(_check_chunk, str(path), domain, chunk) for chunk in chunks]) for path, error, chunks in plans]
        for (_path, _error, pending), (_, _, chunks) in zip(futures, plans):
            for future, chunk in zip(pending, chunks):
                future.add_done_callback(lambda _f, n=len(chunk): advance(n))
        for path, error, pending in futures:
            yield _file_checks(path, [c for f in pending for c in f.result()], error)


def _file_checks(path: Path, done: List[Tuple[TaskCheck, Optional[GroundTruthScore]]], error: Optional[str]) -> FileChecks:
    return FileChecks(path, [check for check, _ in done], error, [score for _, score in done if score is not None])
