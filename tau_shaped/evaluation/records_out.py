"""The results file ``score`` writes: records laid out as ``record_scorer.dump_record`` gives
them, JSON lines for a ``.jsonl`` name, else a JSON list, written to a locked temporary file
beside the target and renamed into place when whole (a failure leaves no half-written output).
``default_output`` is where ``score`` writes when not told."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

from tau_shaped.evaluation.output_path import check_output
from tau_shaped.evaluation.record_scorer import dump_record
from tau_shaped.evaluation.run_files import PARTIAL, lock_partial, sweep_dead, working_name
from tau_shaped.evaluation.spool import Spooled, copy_span

PathLike = Union[str, Path]


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


def write_records(target: Path, records: List[Dict[str, Any]]) -> None:
    """``records`` (scored already) written to ``target`` whole, laid out as ``RecordsOut`` lays
    out what ``score`` writes (a tau2 run's records, scored in one process)."""
    out = RecordsOut(target)
    try:
        for record in records:
            out.write(dump_record(record, out.form).encode("utf-8"))
    except BaseException:
        out.abandon()
        raise
    out.commit()
