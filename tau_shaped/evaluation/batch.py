"""Batch scoring (issue 20): records in, records with their shaped result out, in order,
streaming, on every core.

``score_batch(source, env, ...)`` takes records (an iterable of dicts) or results files
(paths) and yields each record with ``info.shaped``; ``score_file`` is ``tau-shaped score``:
one file streamed to another (JSON lines or a JSON list, by the name), written to a
temporary file and renamed at the end, so a failure leaves no half-written output. With
``workers > 1`` the records are scored by this process and ``workers - 1`` processes
forked from it (``batch_pool.py``); the output is the same, byte for byte, whatever the
number of workers.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from tau_shaped.evaluation.batch_pool import Item, Outcome, available_cores, score_item, score_parallel
from tau_shaped.evaluation.batch_routing import sampled_seeds
from tau_shaped.evaluation.record_scorer import RecordScorer
from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.evaluation.results_stream import count_records, iter_raw_lines, iter_results, json_lines
from tau_shaped.evaluation.output_path import check_output
from tau_shaped.evaluation.run_files import PARTIAL, lock_partial, sweep_dead, working_name
from tau_shaped.evaluation.spool import Spooled, copy_span, spool_prefix

PathLike = Union[str, Path]
Source = Union[PathLike, Sequence[PathLike], Iterable[Dict[str, Any]]]
SMALL_INPUT = 64  # fewer records than this are scored in the calling process: forking costs more


def _is_path(value: Any) -> bool:
    return isinstance(value, (str, Path))


def _items(source: Source, notes: Optional[List[str]]) -> Iterator[Item]:
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


def _scored(scorer: RecordScorer, items: Iterable[Item], workers: int, form: Optional[str],
            notes: Optional[List[str]], spool: Optional[str] = None, worlds_built: bool = False) -> Iterator[Any]:
    """The outputs of ``items`` in order; the first item that fails raises its ResultsFileError.
    With ``spool``, an output may be a ``Spooled`` span, to be copied before the next is asked.
    ``worlds_built``: the scorer holds the worlds the items need (``score_parallel``)."""
    if workers <= 1 or not hasattr(os, "fork"):
        outcomes: Iterable[Outcome] = (score_item(scorer, item, form) for item in items)
    else:
        outcomes = score_parallel(scorer, items, workers, form, spool=spool, worlds_built=worlds_built)
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


def resolve_workers(workers: Optional[int], total: Optional[int] = None) -> int:
    """``None``/0: every core this process may use; a small input: one."""
    count = available_cores() if not workers else max(1, int(workers))
    if total is not None and total < SMALL_INPUT:
        return 1
    return count


def _scorer(kept: Optional[RecordScorer], env: str, task_split: str, blend: str, lam: float) -> RecordScorer:
    if kept is None:
        return RecordScorer(env, task_split, blend, lam)
    if (kept.env_name, kept.task_split, kept.blend, kept.lam) != (env, task_split, blend, lam):
        raise ValueError(f"the scorer given scores {kept.env_name} {kept.task_split} with blend {kept.blend} and lambda "
                         f"{kept.lam}, not {env} {task_split} with blend {blend} and lambda {lam}")
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
) -> Iterator[Dict[str, Any]]:
    """Each record of ``source`` (records, or results files' paths) with ``info.shaped``,
    in input order. ``workers``: processes to score on (None or 0: every core). A record
    that is not of ``env``'s ``task_split`` raises ResultsFileError naming it, when reached.
    ``scorer``: a ``RecordScorer`` kept across calls (a GRPO loop: each task set up once per
    run, not per step); it must be of the same env, split, blend and lambda."""
    scorer = _scorer(scorer, env, task_split, blend, lam)
    yield from _scored(scorer, _items(source, notes), resolve_workers(workers), None, notes)


class RecordsOut:
    """A results file written record by record: JSON lines for a ``.jsonl`` name (as ``run``
    writes them), else a JSON list laid out as ``json.dumps(records, indent=1)``. Written to a
    temporary file beside the target (``.<name>.<run token>.partial``, locked while it is
    written) and renamed over it by ``commit``; the working files that dead runs left for the
    same target are removed first (``run_files.sweep_dead``)."""

    def __init__(self, target: PathLike, option: Optional[str] = None) -> None:
        self.target = check_output(target, option)  # a device, FIFO, link or folder: refused, never replaced
        self.option = option
        self.form = "jsonl" if self.target.suffix.lower() == ".jsonl" else "list"
        self.target.parent.mkdir(parents=True, exist_ok=True)
        sweep_dead(str(self.target.parent), self.target.name)
        self.temp = self.target.with_name(working_name(self.target.name, PARTIAL))
        self.count = 0
        self._handle = open(self.temp, "wb", buffering=1 << 20)
        try:
            lock_partial(self._handle.fileno())
        except BaseException:
            self.abandon()
            raise

    def write(self, data: Union[bytes, Spooled]) -> None:
        """One record, as ``dump_record`` lays it out, UTF-8 (or where a worker spooled it)."""
        if self.form == "list":
            self._handle.write(b"[\n" if self.count == 0 else b",\n")
        if isinstance(data, Spooled):
            copy_span(data, self._handle)
        else:
            self._handle.write(data)
        self.count += 1

    def commit(self) -> Path:
        """Finish the temporary file and rename it over the target; on any failure (a full disk
        at the last flush, a target made a FIFO or a link meanwhile) the temporary file is
        removed and the error raised."""
        try:
            if self.form == "list":
                self._handle.write(b"\n]" if self.count else b"[]")
            self._handle.close()
            check_output(self.target, self.option)
            os.replace(self.temp, self.target)
        except BaseException:
            self.abandon()
            raise
        return self.target

    def abandon(self) -> None:
        """Remove the temporary file (closing it first: a close that fails, as on a full disk
        when the last buffer is flushed, still leaves nothing behind)."""
        try:
            self._handle.close()
        except OSError:
            pass
        try:
            self.temp.unlink()
        except OSError:
            pass


def default_output(path: PathLike, suffix: str = ".shaped.json") -> Path:
    """Where ``score`` writes by default: beside the input, its extension replaced by ``suffix``."""
    path = Path(path)
    return path.with_name(path.name.rsplit(".", 1)[0] + suffix)


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
) -> Path:
    """``tau-shaped score``: ``output`` (default ``<file>.shaped.json``) with ``info.shaped`` on
    every record of ``path``, streamed (memory bounded whatever the file's size) on
    ``workers`` processes (None: every core). ``on_progress(done, total)``; total may be None.
    ``scorer``: a ``RecordScorer`` kept across calls (as ``score_batch``'s)."""
    check_output(output or default_output(path))  # before any work: a device, FIFO, link or folder is refused
    scorer = _scorer(scorer, env, task_split, blend, lam)
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
                scorer.world(seed)
        spool = spool_prefix(str(out.target.parent), out.target.name)
        for written, text in enumerate(_scored(scorer, _items(path, seen), count, out.form, seen, spool, built), start=1):
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
