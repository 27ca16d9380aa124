"""Batch scoring (issue 20): records in, records with their shaped result out, in order,
streaming, on every core.

``score_batch(source, env, ...)`` takes records (an iterable of dicts) or results files
(paths) and yields each record with ``info.shaped``. ``score_file`` is the one entry point of
"score one results file to a results file" (``tau-shaped score`` on a tau-bench or tau-shaped
file): streamed (memory bounded), on ``workers`` processes, and the same bytes whatever their
number. One ``score`` run, hop by hop:

    cli/eval_commands.score_command         options -> ScoreOptions; prints "rescored: <output>"
    scoring_backends.plan_scoring           the backend by name, the file's format (results_formats.format_of)
    ScoringJob.run -> LocalBackend.run      the format scores itself: RecordsFormat.score
    batch.score_file                        a RecordScorer (env, split or --tasks file), items read, workers
    batch_pool.score_item / score_parallel  each item parsed and scored, here or in a forked worker
    record_scorer.RecordScorer.score        the record's task found, its trajectory replayed: info.shaped
    record_scorer.dump_line / dump_record   the scored record laid out as the output holds it
    records_out.RecordsOut                  written in input order, renamed into place when whole

(``--backend ray``: ``integrations.ray_backend.RayBackend.run`` -> ``score_with_ray``, the same
``score_item`` and ``RecordsOut`` on Ray's actors.)
"""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from tau_shaped.evaluation.batch_pool import Item, Outcome, available_cores, score_item, score_parallel
from tau_shaped.evaluation.batch_routing import sampled_seeds
from tau_shaped.evaluation.record_scorer import RecordScorer
from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.evaluation.output_path import check_output
from tau_shaped.evaluation.records_out import RecordsOut, default_output
from tau_shaped.evaluation.results_stream import count_records, iter_raw_lines, iter_results, json_lines
from tau_shaped.evaluation.spool import spool_prefix
from tau_shaped.reward.reading.world_indexes import build_world_indexes

PathLike = Union[str, Path]
Source = Union[PathLike, Sequence[PathLike], Iterable[Dict[str, Any]]]
SMALL_INPUT = 64  # fewer records than this are scored in the calling process: forking costs more


def _is_path(value: Any) -> bool:
    return isinstance(value, (str, Path))


def source_items(source: Source, notes: Optional[List[str]]) -> Iterator[Item]:
    """The items of ``source``, lazily: a JSON-lines file's lines (parsed where they are
    scored), a JSON list's records, or the records given."""
    if _is_path(source):
        source = [source]
    if isinstance(source, (list, tuple)) and source and all(_is_path(s) for s in source):
        for path in source:
            if json_lines(path):
                for line in iter_raw_lines(path):
                    yield ("line", line)
            else:
                for n, record in enumerate(iter_results(path, notes)):
                    yield ("record", f"{path}: record {n}", record)
        return
    for n, record in enumerate(source):  # type: ignore[arg-type]
        yield ("record", f"record {n}", record)


YOUNG_COLLECTION_AT = 20000  # new container objects between two young collections while scoring (gc's default: 700)


def _scored(scorer: RecordScorer, items: Iterable[Item], workers: int, form: Optional[str],
            notes: Optional[List[str]], spool: Optional[str] = None, worlds_built: bool = False) -> Iterator[Any]:
    """The outputs of ``items`` in order; the first item that fails raises its ResultsFileError.
    With ``spool``, an output may be a ``Spooled`` span, to be copied before the next is asked.
    ``worlds_built``: the scorer holds the worlds the items need (``score_parallel``)."""
    if workers <= 1 or not hasattr(os, "fork"):
        outcomes: Iterable[Outcome] = (score_item(scorer, item, form) for item in items)
    else:
        outcomes = score_parallel(scorer, items, workers, form, spool=spool, worlds_built=worlds_built)
    # Scoring allocates containers that live a while (the readers' answers, kept by text; a new
    # task's bound rules) and frees most others by reference counting: a young collection every
    # 700 allocations walked them over and over, 3-4% of a GRPO batch's CPU (0.6-0.7 s of gc
    # callbacks' time on 8,192 rollouts, 0.15 s at YOUNG_COLLECTION_AT). Raised for the run (the
    # forked workers inherit it), set back when it ends. Cyclic garbage waits longer: a few MB.
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_COLLECTION_AT), *thresholds[1:])
    try:
        for status, item_notes in outcomes:
            if notes is not None:
                notes.extend(item_notes)
            if status[0] == "ok":
                yield status[1]
            elif status[0] == "error":
                raise ResultsFileError(status[1])
    finally:
        close = getattr(outcomes, "close", None)
        if close is not None:
            close()  # the workers stop now, not when the generator is collected
        gc.set_threshold(*thresholds)


def resolve_workers(workers: Optional[int], total: Optional[int] = None) -> int:
    """``None``/0: every core this process may use; a small input: one."""
    count = available_cores() if not workers else max(1, int(workers))
    if total is not None and total < SMALL_INPUT:
        return 1
    return count


def _scorer(kept: Optional[RecordScorer], env: str, task_split: str, blend: str, lam: float,
            tasks: Optional[PathLike]) -> RecordScorer:
    if kept is None:
        return RecordScorer(env, task_split, blend, lam, tasks=tasks)
    task_file = Path(tasks).resolve() if tasks is not None else None
    if (kept.env_name, kept.task_split, kept.blend, kept.lam, kept.task_file) != (env, task_split, blend, lam, task_file):
        def source(split: str, path: Optional[Path]) -> str:
            return f"the task file {path}" if path is not None else split

        raise ValueError(f"the scorer given scores {kept.env_name} {source(kept.task_split, kept.task_file)} with blend "
                         f"{kept.blend} and lambda {kept.lam}, not {env} {source(task_split, task_file)} with blend "
                         f"{blend} and lambda {lam}")
    return kept


def score_batch(
    source: Source,
    env: str,
    task_split: str = "test",
    blend: str = "shaped",
    lam: float = 0.3,
    workers: Optional[int] = 1,
    notes: Optional[List[str]] = None,
    scorer: Optional[RecordScorer] = None,
    tasks: Optional[PathLike] = None,
) -> Iterator[Dict[str, Any]]:
    """Each record of ``source`` (records, or results files' paths) with ``info.shaped``,
    in input order. ``workers``: processes to score on (None or 0: every core). A record
    that is not of ``env``'s ``task_split`` raises ResultsFileError naming it, when reached.
    ``scorer``: a ``RecordScorer`` kept across calls (a GRPO loop: each task set up once per
    run, not per step); it must be of the same env, split (or task file), blend and lambda.
    ``tasks``: a task file whose tasks the records name by id, instead of ``task_split``'s."""
    scorer = _scorer(scorer, env, task_split, blend, lam, tasks)
    yield from _scored(scorer, source_items(source, notes), resolve_workers(workers), None, notes)


def score_file(
    path: PathLike,
    env: str,
    task_split: str = "test",
    blend: str = "shaped",
    lam: float = 0.3,
    output: Optional[PathLike] = None,
    workers: Optional[int] = None,
    on_progress: Optional[Callable[[int, Optional[int]], None]] = None,
    notes: Optional[List[str]] = None,
    scorer: Optional[RecordScorer] = None,
    tasks: Optional[PathLike] = None,
) -> Path:
    """``tau-shaped score``: ``output`` (default ``<file>.shaped.json``) with ``info.shaped`` on
    every record of ``path``, streamed (memory bounded whatever the file's size) on
    ``workers`` processes (None: every core). ``on_progress(done, total)``; total may be None.
    ``scorer``: a ``RecordScorer`` kept across calls (as ``score_batch``'s); ``tasks``: a task
    file to look the records' tasks up in by id (``score --tasks``), instead of ``task_split``."""
    check_output(output or default_output(path))  # before any work: a device, FIFO, link or folder is refused
    scorer = _scorer(scorer, env, task_split, blend, lam, tasks)
    total = count_records(path) if on_progress else None  # a pass over the file: only for a progress bar
    count = resolve_workers(workers, total if total is not None else count_records(path, at_most=SMALL_INPUT))
    out = RecordsOut(output or default_output(path))
    seen: List[str] = []  # what reading repaired (a torn line), told apart from the caller's notes
    written = 0
    try:
        built = count > 1 and json_lines(path)
        if built:
            # built once here, shared by the forked workers; by the scorer, with the collector paused
            # (its passes over the worlds built so far were a third of the time: 0.32 -> 0.22 s)
            for seed in sampled_seeds(scorer, str(path)):
                build_world_indexes(scorer.world(seed))  # the readers' indexes of it too, inherited alike
        spool = spool_prefix(str(out.target.parent), out.target.name)
        for written, text in enumerate(_scored(scorer, source_items(path, seen), count, out.form, seen, spool, built), start=1):
            out.write(text)
            if on_progress:
                on_progress(written, total)
        if not written:  # an empty file, or one torn line: nothing scored is an error, not an empty output
            torn = any("torn" in note for note in seen)
            raise ResultsFileError(f"{path}: no records to score" + (" (its only line is torn: an episode cut off "
                                                                     "mid-write)" if torn else ""))
    except BaseException:
        out.abandon()
        raise
    finally:
        if notes is not None:
            notes.extend(seen)
    return out.commit()
