"""Results formats: which reader owns a file ``tau-shaped score`` is given, found by asking
each registered format, never by a branch on formats in the command line.

A format is a :class:`ResultsFormat`: its ``name``, whether it ``claims`` a path (cheap: a
bounded prefix of the file sniffed, never the whole file parsed), a ``check`` of the path
against the options before anything is scored, and ``score``: the path scored in this process
or on this machine's worker processes (what the ``local`` backend runs; other backends say
which formats they run, ``scoring_backends.py``).

Bundled here: ``tau-bench`` (tau-bench's JSON list of records) and ``tau-shaped`` (this
project's JSON lines, one record a line). The integrations register theirs on import
(``tau_shaped.integrations.registrations``: tau2's runs); data never names a format or code.

Which format owns a path (:func:`format_of`): formats are asked in descending ``priority``,
then by name; the first that claims the path owns it. Two formats of the same priority that
both claim it are refused (an ambiguity, named in one line), never settled by registration
order. A format that recognises its files by their content (tau2's: a tau2 ``Results`` or
simulations, a run folder) ranks above the generic JSON readers (priority 0), which claim
any file that opens like theirs and leave a malformed one to their reader's precise error.
"""

from __future__ import annotations

import errno
import itertools
import os
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Callable, ClassVar, Dict, List, Optional, Type, TypeVar, Union

from tau_shaped.evaluation.named_registry import register_named
from tau_shaped.evaluation.score_options import ScoreOptions, ScoringError

SNIFF_BYTES = 1 << 20  # a records file's first character is looked for in at most this much
_CHUNK = 1 << 16
_UTF8_BOM = b"\xef\xbb\xbf"


class ResultsFormat(ABC):
    """A results file's reader (one instance registered per format).

    ``name``: how errors and backends name it; ``what``: its files, plural (``tau2 runs``);
    ``shape``: what they look like on disk; ``priority``: rank in :func:`format_of` (higher is
    asked first); ``notes_limit``: how many notes ``score`` prints (None: every one, when each
    is a record that was not scored)."""

    name: ClassVar[str]
    what: ClassVar[str]
    shape: ClassVar[str] = ""
    priority: ClassVar[int] = 0
    notes_limit: ClassVar[Optional[int]] = 5

    @abstractmethod
    def claims(self, path: Path) -> bool:
        """Whether ``path`` (a file or a folder) is of this format: from a bounded prefix, never
        raising on a file it cannot read (False: the reader of another format names it)."""

    def check(self, path: Path, options: ScoreOptions) -> None:
        """Refuse, in one line, a ``path`` these options cannot score (before any backend starts)."""

    @abstractmethod
    def score(self, path: Path, options: ScoreOptions) -> Path:
        """Score ``path`` here (this process, or worker processes of this machine) and return
        the output's path (``options.output``, or a default beside ``path``)."""


F = TypeVar("F", bound=Union[ResultsFormat, Type[ResultsFormat]])
_FORMATS: Dict[str, ResultsFormat] = {}


def register_format(fmt: F) -> F:
    """Register a format (an instance, or a class: then usable as a class decorator). A second
    format of a registered name is refused; registering the same instance again does nothing."""
    instance = fmt() if isinstance(fmt, type) else fmt
    name = getattr(instance, "name", None)
    if isinstance(instance, ResultsFormat) and (not isinstance(name, str) or not name
                                                or not isinstance(getattr(instance, "priority", None), int)):
        raise TypeError(f"{type(instance).__qualname__}: a results format needs a name (a string) and a priority (a whole number)")
    register_named(_FORMATS, instance, ResultsFormat, "results format")
    return fmt


def unregister_format(name: str) -> None:
    """Forget the format ``name`` (a test's toy format, when the test ends)."""
    _FORMATS.pop(name, None)


def registered_formats() -> List[ResultsFormat]:
    """Every registered format, in the order :func:`format_of` asks them."""
    return sorted(_FORMATS.values(), key=lambda f: (-f.priority, f.name))


def format_of(path: Union[str, Path]) -> ResultsFormat:
    """The format that owns ``path`` (the rule in the module's docstring); a path no format
    claims, one that cannot be read, or two formats of one priority claiming it: ScoringError."""
    path = Path(path)
    if not path.exists():  # missing, or a symbolic link loop or to nothing: said as such
        from tau_shaped.evaluation.output_path import unreadable

        raise ScoringError(unreadable(path) or f"{path}: cannot read: {os.strerror(errno.ENOENT)}")
    if not path.is_dir():
        if not path.is_file():  # a pipe or a device: reading it could wait for ever
            raise ScoringError(f"{path}: not a file or a folder (a pipe?): save it to a file first")
        try:
            with open(path, "rb") as handle:
                head = handle.read(8)
        except OSError as exc:
            raise ScoringError(f"{path}: cannot read: {exc.strerror or exc}") from None
    for priority, group in itertools.groupby(registered_formats(), key=lambda f: f.priority):
        claimants = [f for f in group if f.claims(path)]
        if len(claimants) > 1:
            names = " and ".join(repr(f.name) for f in claimants)
            raise ScoringError(f"{path}: claimed by the results formats {names}, both of priority {priority}: "
                               "one must rank above the other")
        if claimants:
            return claimants[0]
    known = "; ".join(f"{f.what} ({f.shape})" if f.shape else f.what for f in registered_formats())
    kind = "folder" if path.is_dir() else f"file (it starts with {head!r})"
    raise ScoringError(f"{path}: no results format claims this {kind}; tau-shaped reads {known or 'nothing yet'}")


def first_byte(path: Path, limit: int = SNIFF_BYTES) -> Optional[bytes]:
    """A file's first byte that is not whitespace, after a UTF-8 byte-order mark: ``b""`` for a
    blank file, None when it cannot be read or nothing but whitespace fills its first ``limit``
    bytes."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(_CHUNK)
            data = data[len(_UTF8_BOM):] if data.startswith(_UTF8_BOM) else data
            seen = len(data)
            while True:
                stripped = data.lstrip()
                if stripped:
                    return stripped[:1]
                if seen >= limit:
                    return None
                data = handle.read(_CHUNK)
                if not data:
                    return b""
                seen += len(data)
    except OSError:
        return None


#: Checks a tau-bench or tau-shaped file passes before it is scored in ``options.env``
#: (an integration's domain that scores only its own runs refuses the others' records).
RecordsCheck = Callable[[Path, str], None]
_RECORDS_CHECKS: List[RecordsCheck] = []


def add_records_check(check: RecordsCheck) -> None:
    """``check(path, env)`` raises, in one line, for a records file ``env`` must not score."""
    if check not in _RECORDS_CHECKS:
        _RECORDS_CHECKS.append(check)


class RecordsFormat(ResultsFormat):
    """tau-bench's ``EnvRunResult`` records, as a JSON list or as JSON lines: read and scored by
    ``batch.score_file`` (streamed, on worker processes; its reader names any malformed record)."""

    opening: ClassVar[tuple]  # the first bytes (after whitespace) that say a file is of this format

    def claims(self, path: Path) -> bool:
        return path.is_file() and first_byte(path) in self.opening

    def check(self, path: Path, options: ScoreOptions) -> None:
        for records_check in list(_RECORDS_CHECKS):
            records_check(path, options.env)

    def score(self, path: Path, options: ScoreOptions) -> Path:
        from tau_shaped.evaluation import batch  # looked up when called: a test may stand in for score_file

        return batch.score_file(path, options.env, options.task_split, options.blend, options.lam, options.output,
                                workers=options.workers, on_progress=options.on_progress, notes=options.notes,
                                tasks=options.tasks)


class TauBenchList(RecordsFormat):
    name = "tau-bench"
    what = "tau-bench results files"
    shape = "a JSON list of records"
    opening = (b"[",)


class TauShapedLines(RecordsFormat):
    name = "tau-shaped"
    what = "tau-shaped results files"
    shape = "JSON lines, one record a line"
    opening = (b"{", b"")  # a blank file: a run that recorded nothing (its reader says so)


#: The formats any records backend reads (``batch.source_items``: a JSON list's or JSON lines' records).
RECORDS_FORMATS = (TauBenchList.name, TauShapedLines.name)

register_format(TauBenchList())
register_format(TauShapedLines())
