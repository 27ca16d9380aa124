"""``tau-shaped score``: add the shaped result to every record of a results file,
offline, by replaying each trajectory (tau-bench's files and this project's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Union

from tau_shaped.evaluation.batch import RecordsOut, score_file
from tau_shaped.evaluation.record_scorer import dump_record


def rescore(
    path: Union[str, Path],
    env: str,
    task_split: str = "test",
    blend: str = "shaped",
    lam: float = 0.3,
    output: Optional[Union[str, Path]] = None,
    on_record: Optional[Callable[[int, int], None]] = None,
    workers: Optional[int] = 1,
    notes: Optional[List[str]] = None,
) -> Path:
    """Write ``output`` (default ``<file>.shaped.json``) with ``info.shaped`` on every record:
    JSON lines when its name ends in ``.jsonl``, else a JSON list. Streamed, on ``workers``
    processes (``batch.score_file``; None: every core)."""
    progress = (lambda done, total: on_record(done, total if total is not None else done)) if on_record else None
    return score_file(path, env, task_split, blend, lam, output, workers=workers, on_progress=progress, notes=notes)


def write_records(target: Path, records: List[Dict[str, Any]]) -> None:
    """The format the name says: ``.jsonl`` JSON lines, one record a line as ``run`` writes
    them; anything else a JSON list, as tau-bench writes (``batch.RecordsOut``: the layout
    ``score`` writes, renamed into place when whole)."""
    out = RecordsOut(target)
    try:
        for record in records:
            out.write(dump_record(record, out.form).encode("utf-8"))
    except BaseException:
        out.abandon()
        raise
    out.commit()
