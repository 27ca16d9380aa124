"""Results files: tau-bench's ``EnvRunResult`` records, written one per line as
each episode ends (append-only: a crash loses at most the episode in flight),
read back from this project's JSON lines or tau-bench's JSON list.

A writer owns its file: an exclusive OS lock (``flock`` on ``<file>.lock``, released by
the kernel when the process dies, even by kill -9) refuses a second writer, naming the
holder. A writer that closes removes the lock file (still holding its lock; one that opens
checks that the file it locked is still the one of that name), so a finished run leaves only
its results; a killed one leaves it, and the next writer takes it over. Before appending it
repairs a torn tail (the episode in flight when a run was killed): the fragment is moved to
``<file>.torn`` and reported, never glued to the next record. It refuses to append to a JSON-list file (tau-bench's format, ``score``'s output):
``tau-shaped results to-jsonl`` converts one.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import socket
import threading
from datetime import datetime
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from pydantic import ValidationError

from tau_shaped.env.types import EnvRunResult
from tau_shaped.evaluation.output_path import output_problem, unreadable, write_text_file

MAX_FILE_BYTES = 2 * 1024**3  # a results file larger than this is refused up front


class ResultsFileError(ValueError):
    """A results file that cannot be read or written; the message is one line naming the problem."""


def _nulled(value: Any, where: str = "", found: Optional[List[str]] = None) -> Any:
    """``value`` with each float that is not finite made None; the path of each (``info.x[2]``)
    appended to ``found`` when given."""
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        if found is not None:
            found.append(f"{where or 'value'} ({value!r})")
        return None
    if isinstance(value, dict):
        return {key: _nulled(item, f"{where}.{key}" if where else str(key), found) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nulled(item, f"{where}[{n}]", found) for n, item in enumerate(value)]
    return value


def finite_json(value: Any, nulled: Optional[List[str]] = None, **options: Any) -> str:
    """``json.dumps(value, **options)``, valid JSON always (issue 27): a float that is not finite
    (NaN, Infinity: Python's json reads and writes them, JSON has none) is written as null, its
    path (``info.latency (nan)``) appended to ``nulled`` when given, for the caller to say so.
    Where ``value`` is a record whose shaped result held one, that result is a verifier fault
    (SPEC §8: ``status = internal_error``, ``reward = null``), not a number taken for another."""
    try:
        return json.dumps(value, allow_nan=False, **options)
    except ValueError:
        pass
    info = value.get("info") if isinstance(value, dict) else None
    shaped = info.get("shaped") if isinstance(info, dict) else None
    if isinstance(shaped, dict):
        try:
            json.dumps(shaped, allow_nan=False)
        except ValueError:
            shaped = {**_nulled(shaped), "status": "internal_error", "reward": None,
                      "error": "the shaped result held a number that is not finite (NaN or Infinity)"}
            value = {**value, "info": {**info, "shaped": shaped}}
    return json.dumps(_nulled(value, "", nulled), allow_nan=False, **options)


def nulled_note(where: str, nulled: List[str]) -> str:
    """The note of a record whose numbers that are not finite were written as null."""
    shown = ", ".join(nulled[:3]) + (f" and {len(nulled) - 3} more" if len(nulled) > 3 else "")
    return f"{where}: {shown}: not a finite number (JSON has no NaN or Infinity): written as null"


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _names_it(handle: Any, path: Path) -> bool:
    """Whether ``path`` is still the file ``handle`` has open (not removed, nor replaced)."""
    try:
        here, there = os.fstat(handle.fileno()), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _first_char(path: Path) -> str:
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
    except OSError:
        return ""
    return head.lstrip()[:1].decode("latin-1")


class ResultsWriter:
    """The one writer of a results file (JSON lines), from ``open()`` to ``close()``."""

    def __init__(self, path: Union[str, Path]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._lock_handle: Optional[Any] = None
        self.notes: List[str] = []  # what opening the file repaired, to be shown

    # -- owning the file -----------------------------------------------------

    def open(self, command: str = "") -> "ResultsWriter":
        for path in (self.path, _lock_path(self.path)):  # appended to: a FIFO, device, link or folder is refused
            problem = output_problem(path)
            if problem:
                raise ResultsFileError(problem)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            handle = open(_lock_path(self.path), "a+", encoding="utf-8")
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                handle.seek(0)
                holder = handle.read().strip() or "another process"
                handle.close()
                raise ResultsFileError(f"{self.path}: another run is writing this file ({holder}); wait for it to finish, "
                                       "or write to another file") from None
            if _names_it(handle, _lock_path(self.path)):
                break
            handle.close()  # a writer that finished removed the file between its opening and its locking here: again
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {socket.gethostname()} since {datetime.now().isoformat(timespec='seconds')}"
                     + (f": {command}" if command else ""))
        handle.flush()
        self._lock_handle = handle
        try:
            if self.path.exists():
                if _first_char(self.path) == "[":
                    raise ResultsFileError(
                        f"{self.path}: a JSON-list results file (tau-bench's format, or the output of score) cannot be "
                        f"appended to; convert it first: tau-shaped results to-jsonl {self.path}")
                self._repair_tail()
        except BaseException:
            self.close()
            raise
        return self

    def close(self) -> None:
        """Stop writing: the lock file removed (while still held: no writer can hold another of
        that name meanwhile), then the lock released."""
        if self._lock_handle is not None:
            lock = _lock_path(self.path)
            if _names_it(self._lock_handle, lock):
                try:
                    lock.unlink()
                except OSError:
                    pass  # a folder that took away the right to remove: the file stays, harmless
            fcntl.flock(self._lock_handle.fileno(), fcntl.LOCK_UN)
            self._lock_handle.close()
            self._lock_handle = None

    def __enter__(self) -> "ResultsWriter":
        return self.open() if self._lock_handle is None else self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _repair_tail(self) -> None:
        """A last line without its newline is the episode in flight when a run was killed:
        kept if it is a whole record (its newline added), else moved to ``<file>.torn``."""
        size = self.path.stat().st_size
        if size == 0:
            return
        with open(self.path, "rb+") as handle:
            handle.seek(size - 1)
            if handle.read(1) == b"\n":
                return
            start = max(0, size - 64 * 1024 * 1024)
            handle.seek(start)
            tail = handle.read()
            cut = tail.rfind(b"\n")
            fragment = tail[cut + 1:] if cut >= 0 else tail
            offset = start + (cut + 1 if cut >= 0 else 0)
            try:
                json.loads(fragment.decode("utf-8"))
                whole = True
            except (UnicodeDecodeError, ValueError, RecursionError):
                whole = False
            if whole:
                handle.seek(size)
                handle.write(b"\n")
                self.notes.append(f"{self.path}: the last record had no line end; added")
                return
            torn = self.path.with_name(self.path.name + ".torn")
            with open(torn, "ab") as out:
                out.write(fragment + b"\n")
                out.flush()
                os.fsync(out.fileno())
            handle.truncate(offset)
            handle.flush()
            os.fsync(handle.fileno())
        self.notes.append(f"{self.path}: a torn last line ({len(fragment)} bytes, an episode cut off mid-write) "
                          f"was moved to {torn}; that episode runs again")

    # -- writing -------------------------------------------------------------

    def append(self, record: Dict[str, Any]) -> None:
        if self._lock_handle is None:
            self.open()
        line = finite_json(record, ensure_ascii=False, sort_keys=True) + "\n"
        with self._lock:
            with open(self.path, "a", encoding="utf-8") as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())


_I64 = 2**63


def plainly_valid(record: Any) -> bool:
    """Whether a record decoded from JSON (every key a string) is one ``EnvRunResult`` takes as it
    is: its five fields there with exactly their JSON types (a reward a float, or an integer a
    float holds), so that validating it would pass; the reward's finiteness is not judged here.
    False says only "validate it" (``_validate`` then says what is wrong, if anything)."""
    if type(record) is not dict:
        return False
    reward, traj = record.get("reward"), record.get("traj")
    if type(record.get("task_id")) is not int or type(record.get("trial")) is not int or type(record.get("info")) is not dict:
        return False
    if type(reward) is not float and (type(reward) is not int or not -_I64 < reward < _I64):
        return False
    if type(traj) is not list:
        return False
    for message in traj:
        if type(message) is not dict:
            return False
    return True


def _validate(record: Any, where: str, decoded: bool = False) -> Dict[str, Any]:
    """``record`` checked as a results record (``decoded``: it was read from JSON, so each of
    its keys is a string and a plainly valid record needs no model validation)."""
    try:
        if not (decoded and plainly_valid(record)):
            EnvRunResult.model_validate(record)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        field = ".".join(str(p) for p in err["loc"]) or "record"
        raise ResultsFileError(f"{where}: {field}: {err['msg']}") from None
    reward = record["reward"]
    if isinstance(reward, float) and not math.isfinite(reward):  # Python's json reads NaN; it is no reward
        raise ResultsFileError(f"{where}: reward: {reward!r} is not a finite number (JSON has no NaN or Infinity; "
                               "a reward is a finite number)")
    return record


def _loads(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ResultsFileError(f"{where}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ResultsFileError(f"{where}: nested too deeply to read") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise ResultsFileError(f"{where}: {str(exc).splitlines()[0]}") from None


def _salvage(line: str) -> Optional[Any]:
    """A record glued after a torn fragment (a file written before torn tails were repaired):
    the last ``{`` from which the rest of the line is one JSON object."""
    pos = len(line)
    while True:
        pos = line.rfind('{"', 0, pos)
        if pos <= 0:
            return None
        try:
            value = json.loads(line[pos:])
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict) and "task_id" in value:
            return value


def _text(path: Path) -> str:
    problem = unreadable(path)  # a FIFO would block the read; a link loop is not "no such file"
    if problem:
        raise ResultsFileError(problem)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ResultsFileError(f"{path}: {size:,} bytes is more than a results file may be ({MAX_FILE_BYTES:,})")
        data = path.read_bytes()
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise ResultsFileError(f"{path}: UTF-16 text; results files are UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ResultsFileError(f"{path}: not UTF-8 (byte {exc.start}); results files are UTF-8") from None


def read_results(path: Union[str, Path], notes: Optional[List[str]] = None) -> List[Dict[str, Any]]:
    """Every record of a results file (JSON list or JSON lines). A torn last line (a killed
    run) is skipped, and a record glued after a torn fragment is recovered; both are noted
    in ``notes`` when given."""
    path = Path(path)
    text = _text(path)
    stripped = text.lstrip()
    if not stripped:
        return []
    if stripped.startswith("["):
        data = _loads(text, str(path))
        if not isinstance(data, list):
            raise ResultsFileError(f"{path}: not a list of records")
        return [_validate(r, f"{path}: record {i}", decoded=True) for i, r in enumerate(data)]
    records = []
    lines = text.split("\n")
    _refuse_one_object(path, text, lines)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        record = _line_record(line, f"{path}: line {number}", number == len(lines), notes)
        if record is None:
            break
        records.append(record)
    return records


def _refuse_one_object(path: Path, text: str, lines: List[str]) -> None:
    """A file that is one JSON object over several lines (a tau2 run's results JSON) is no
    JSON lines: said so, not as its first line's syntax error."""
    first = next((line for line in lines if line.strip()), "")
    try:
        json.loads(first)
        return  # a whole record on its line: JSON lines
    except (ValueError, RecursionError):
        pass
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        return  # its reader names the line
    if isinstance(whole, dict):
        what = "a tau2 run's results" if "simulations" in whole else "not a results record a line"
        raise ResultsFileError(f"{path}: one JSON object over {len(lines)} lines ({what}); results files are a JSON "
                               "list or JSON lines, with shaped results: tau-shaped score it first (a tau2 run: "
                               "--env tau2:DOMAIN)")


def _line_record(line: str, where: str, last: bool, notes: Optional[List[str]]) -> Optional[Dict[str, Any]]:
    """The record of one non-blank line of a JSON-lines file, or None for a torn last line
    (``last``: no line end after it, the episode in flight when the run stopped), noted."""
    try:
        record = _loads(line, where)
    except ResultsFileError:
        if last:
            if notes is not None:
                notes.append(f"{where}: a torn last line (an episode cut off mid-write) was skipped")
            return None
        record = _salvage(line)
        if record is None:
            raise
        if notes is not None:
            notes.append(f"{where}: a torn fragment before the record was skipped")
    return _validate(record, where, decoded=True)


def done_pairs(records: List[Dict[str, Any]]) -> Set[Tuple[str, int]]:
    """(task key, trial) of every episode that finished without an infrastructure error."""
    out = set()
    for record in records:
        info = record.get("info") or {}
        if info.get("error"):
            continue
        out.add((str(info.get("task_key", record["task_id"])), int(record["trial"])))
    return out


def to_jsonl(source: Union[str, Path], target: Union[str, Path]) -> int:
    """Convert a results file (a JSON list, or JSON lines) to JSON lines; the count written."""
    source, target = Path(source), Path(target)
    records = read_results(source)
    if os.path.lexists(target):
        raise ResultsFileError(output_problem(target) or f"{target}: exists; choose another output file")
    text = "".join(finite_json(record, ensure_ascii=False, sort_keys=True) + "\n" for record in records)
    try:
        write_text_file(target, text)  # whole or not at all, a regular file (a dangling link is never followed)
    except OSError as exc:  # a full disk, a folder that cannot be made
        raise ResultsFileError(f"{exc.filename or target}: cannot write: {exc.strerror or exc}") from None
    except ValueError as exc:  # OutputPathError: a file where a folder should be
        raise ResultsFileError(str(exc)) from None
    return len(records)
