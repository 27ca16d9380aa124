"""The files a run writes beside its output until it is done, and what the next run does
with those of a run that died (issue 27: a SIGKILLed ``score`` left them behind for good).

A run's working files (``RecordsOut``'s ``.partial``, the workers' spool segments) are named
``.<output name>.<token>.<what>``, where the token is the run's process id and, where the
system says it (``/proc/<pid>/stat``), that process's start time: ``12345-987654``. A process id
alone could be taken by an unrelated process after the run died; the pair cannot. The run also
holds an exclusive ``flock`` on its ``.partial`` file while it writes (the kernel drops it when
the process dies, even by SIGKILL).

``sweep_dead(folder, name)``, called by every run before it writes ``name``, removes the
working files of each run on that output that is dead: its lock is free **and** its process
(id and start time) is not running. A live run's files are never removed: it holds its lock
(a run on another host sharing the folder too), and between creating its ``.partial`` and
locking it, its process is running.
"""

from __future__ import annotations

import fcntl
import os
import re
from typing import List, Optional, Tuple

PARTIAL = "partial"
SPOOL = "spool"


def _start_time(pid: int) -> Optional[str]:
    """The start time of process ``pid`` (clock ticks since boot) and whether it is a zombie,
    read from ``/proc``; None where the process or ``/proc`` is not there."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
    except OSError:
        return None
    fields = stat[stat.rfind(b")") + 2:].split()  # after the command name, which may hold anything
    if len(fields) < 20:
        return None
    if fields[0] in (b"Z", b"X"):  # killed, not yet reaped: dead
        return "dead"
    return fields[19].decode("ascii", "replace")


def _has_proc() -> bool:
    return os.path.isdir(f"/proc/{os.getpid()}")


def run_token(pid: Optional[int] = None) -> str:
    """This process's token: ``<pid>-<start time>`` (``<pid>`` where there is no ``/proc``)."""
    pid = os.getpid() if pid is None else pid
    start = _start_time(pid)
    return f"{pid}-{start}" if start not in (None, "dead") else str(pid)


_TOKEN = re.compile(r"(\d{1,10})(?:-(\d{1,24}))?")


def process_running(token: str) -> bool:
    """Whether the process a token names is still the one that made it (not dead, not its id
    taken by another)."""
    found = _TOKEN.fullmatch(token)
    if found is None:
        return False
    pid, start = int(found.group(1)), found.group(2)
    if pid <= 0:
        return False
    if _has_proc():
        now = _start_time(pid)
        if now is None or now == "dead":
            return False
        return start is None or now == start
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def working_name(name: str, what: str, token: Optional[str] = None) -> str:
    """The file name of a run's ``what`` (``partial``, ``spool``) for output ``name``."""
    return f".{name}.{token or run_token()}.{what}"


def _parse(name: str, file_name: str) -> Optional[Tuple[str, str]]:
    """(token, what) of a working file of output ``name``, or None for any other file."""
    head = f".{name}."
    if not file_name.startswith(head):
        return None
    rest = file_name[len(head):]
    token, _, what = rest.partition(".")
    if _TOKEN.fullmatch(token) is None:
        return None
    if what == PARTIAL or what.startswith(SPOOL + "-"):
        return token, what
    return None


def lock_partial(fd: int) -> None:
    """Hold the run's lock on its ``.partial`` (released by the kernel when the run dies)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        pass  # a file system without locks: the process check alone tells a live run


def _lock_free(path: str) -> bool:
    """Whether nobody holds the lock on ``path`` (False if it cannot be opened: leave it)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    finally:
        os.close(fd)  # closing drops the probe's own lock
    return True


def sweep_dead(folder: str, name: str, own: Optional[str] = None) -> List[str]:
    """Remove the working files of dead runs on output ``name`` in ``folder``; the names removed.
    ``own``: this run's token (its files are its own business)."""
    own = own or run_token()
    try:
        entries = [e.name for e in os.scandir(folder)]
    except OSError:
        return []
    by_token: dict = {}
    for file_name in entries:
        parsed = _parse(name, file_name)
        if parsed is not None and parsed[0] != own:
            by_token.setdefault(parsed[0], []).append((file_name, parsed[1]))
    removed = []
    for token, files in sorted(by_token.items()):
        if process_running(token):
            continue
        partials = [f for f, what in files if what == PARTIAL]
        if not all(_lock_free(os.path.join(folder, f)) for f in partials):
            continue  # held: a run alive elsewhere (another host on a shared folder)
        for file_name, _ in sorted(files):
            try:
                os.unlink(os.path.join(folder, file_name))
            except FileNotFoundError:
                continue
            except OSError:
                continue
            removed.append(file_name)
    return removed
