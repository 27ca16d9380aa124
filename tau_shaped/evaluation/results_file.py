"""Results files: tau-bench's ``EnvRunResult`` records, written one per line as
each episode ends (append-only: a crash loses at most the episode in flight),
read back from this project's JSON lines or tau-bench's JSON list."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any, Dict, List, Set, Tuple, Union

from pydantic import ValidationError

from tau_shaped.env.types import EnvRunResult


class ResultsFileError(ValueError):
    """A results file that cannot be read; the message is one line naming the problem."""


class ResultsWriter:
    def __init__(self, path: Union[str, Path]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def append(self, record: Dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"
        with self._lock:
            with open(self.path, "a", encoding="utf-8") as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())


def _validate(record: Any, where: str) -> Dict[str, Any]:
    try:
        EnvRunResult.model_validate(record)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        field = ".".join(str(p) for p in err["loc"]) or "record"
        raise ResultsFileError(f"{where}: {field}: {err['msg']}") from None
    return record


def read_results(path: Union[str, Path]) -> List[Dict[str, Any]]:
    """Every record of a results file (JSON list or JSON lines)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    stripped = text.lstrip()
    if not stripped:
        return []
    if stripped.startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ResultsFileError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}") from None
        return [_validate(r, f"{path}: record {i}") for i, r in enumerate(data)]
    records = []
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            if number == len(lines) and not text.endswith("\n"):
                break  # the episode in flight when the run stopped: not written whole
            raise ResultsFileError(f"{path}: line {number}: not valid JSON: {exc.msg}") from None
        records.append(_validate(record, f"{path}: line {number}"))
    return records


def done_pairs(records: List[Dict[str, Any]]) -> Set[Tuple[str, int]]:
    """(task key, trial) of every episode that finished without an infrastructure error."""
    out = set()
    for record in records:
        info = record.get("info") or {}
        if info.get("error"):
            continue
        out.add((str(info.get("task_key", record["task_id"])), int(record["trial"])))
    return out
