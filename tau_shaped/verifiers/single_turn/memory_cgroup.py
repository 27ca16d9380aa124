"""A memory cgroup per box run: every page the box uses is charged to it, memfd and tmpfs included.

An address-space limit (RLIMIT_AS) counts only what a process maps: pages of
``memfd_create`` files, of a tmpfs, of SysV shared memory or of pipes are
charged nowhere, and the limit is per process. A memory cgroup charges all of
them to the run, across all its processes, and the kernel kills the box (the
OOM killer, inside the cgroup only) when the total passes the limit.

:func:`find_hierarchy` picks, once per process:

- cgroup v2 where the unified hierarchy has the memory controller and its root
  is writable (we are root): a child of the root with ``memory.max`` and
  ``memory.swap.max = 0``; the kill shows in ``memory.events`` (``oom_kill``);
- else cgroup v1 where the memory hierarchy holds a writable cgroup of our own
  (``/proc/self/cgroup``): a child of it (so the run also counts in ours) with
  ``memory.limit_in_bytes`` and ``memory.memsw.limit_in_bytes``; the kill shows
  in ``memory.oom_control`` (``oom_kill``);
- else nothing (an unprivileged user): the box then relies on the bound of
  ``code_sandbox`` (rlimits and the seccomp filter), documented there.

A run's cgroup is named ``tau-shaped-box-<pid>-<n>``; it is removed when the
run ends (or, while the kernel still tears the box down, at the next run and
at exit), and the cgroups of dead verifier processes are removed the next time
one is created (never those of a live one). A process enters the cgroup
*before* it runs anything: :func:`gated` puts a shell in front of the command
that waits on a pipe until the parent has moved it (see :meth:`RunCgroup.admit`).
"""

from __future__ import annotations

import atexit
import itertools
import os
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import List, Optional

PREFIX = "tau-shaped-box-"
_numbers = itertools.count(1)
_swept: set = set()
_pending: List[Path] = []
REMOVE_SECONDS = 0.5
EXIT_SECONDS = 5.0
BASH = "/bin/bash"


@dataclass(frozen=True)
class Hierarchy:
    version: int
    parent: Path  # where the runs' cgroups are made

    def describe(self) -> str:
        return f"cgroup v{self.version} memory limit"


def _own_cgroup_lines() -> List[str]:
    try:
        return Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return []


def _mounts(fstype: str) -> List[Path]:
    try:
        lines = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return []
    return [Path(parts[1]) for parts in (line.split() for line in lines) if len(parts) > 3 and parts[2] == fstype
            and (fstype == "cgroup2" or "memory" in parts[3].split(","))]


def _v2() -> Optional[Hierarchy]:
    for mount in _mounts("cgroup2"):
        try:
            controllers = (mount / "cgroup.controllers").read_text().split()
        except OSError:
            continue
        if "memory" in controllers and os.access(mount / "cgroup.subtree_control", os.W_OK):
            try:
                if "memory" not in (mount / "cgroup.subtree_control").read_text().split():
                    (mount / "cgroup.subtree_control").write_text("+memory")
            except OSError:
                continue
            return Hierarchy(2, mount)
    return None


def _v1() -> Optional[Hierarchy]:
    own = next((line.split(":", 2)[2] for line in _own_cgroup_lines()
                if len(line.split(":", 2)) == 3 and "memory" in line.split(":", 2)[1].split(",")), None)
    if own is None:
        return None
    for mount in _mounts("cgroup"):
        parent = mount / own.lstrip("/")
        if (parent / "memory.limit_in_bytes").exists() and os.access(parent, os.W_OK):
            return Hierarchy(1, parent)
    return None


@lru_cache(maxsize=1)
def find_hierarchy() -> Optional[Hierarchy]:
    """Where this process can make memory cgroups, or None."""
    if os.environ.get("TAU_SHAPED_NO_CGROUP"):  # tests: the unprivileged path, as root
        return None
    return _v2() or _v1()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale(parent: Path) -> None:
    """Remove the run cgroups of verifier processes that are gone."""
    try:
        entries = list(parent.iterdir())
    except OSError:
        return
    for entry in entries:
        owner = entry.name[len(PREFIX):].split("-")[0] if entry.name.startswith(PREFIX) else ""
        if owner.isdigit() and int(owner) != os.getpid() and not _alive(int(owner)):
            try:
                entry.rmdir()
            except OSError:
                pass


class RunCgroup:
    """One run's memory cgroup."""

    def __init__(self, hierarchy: Hierarchy, limit_bytes: int) -> None:
        self.hierarchy = hierarchy
        retry_pending()
        if hierarchy.parent not in _swept:
            _swept.add(hierarchy.parent)
            remove_stale(hierarchy.parent)
        self.path = hierarchy.parent / f"{PREFIX}{os.getpid()}-{next(_numbers)}"
        self.path.mkdir()
        try:
            if hierarchy.version == 2:
                (self.path / "memory.max").write_text(str(limit_bytes))
                if (self.path / "memory.swap.max").exists():
                    (self.path / "memory.swap.max").write_text("0")
            else:
                (self.path / "memory.limit_in_bytes").write_text(str(limit_bytes))
                if (self.path / "memory.memsw.limit_in_bytes").exists():
                    (self.path / "memory.memsw.limit_in_bytes").write_text(str(limit_bytes))
        except OSError:
            self.remove()
            raise

    def admit(self, pid: int, gate: int) -> None:
        """Move ``pid`` (waiting at its gate) into the cgroup, then open the gate."""
        (self.path / "cgroup.procs").write_text(str(pid))
        os.write(gate, b"go\n")

    def oom_killed(self) -> bool:
        name = "memory.events" if self.hierarchy.version == 2 else "memory.oom_control"
        try:
            lines = (self.path / name).read_text().splitlines()
        except OSError:
            return False
        counts = dict(line.split() for line in lines if len(line.split()) == 2)
        return counts.get("oom_kill", "0") != "0"

    def remove(self) -> None:
        """Remove the cgroup once its processes are gone (they die with the box, but a process the
        kernel is still tearing down keeps it busy a little longer: then it is retried at the next
        run and when this process exits)."""
        if not _try_remove(self.path, REMOVE_SECONDS):
            _pending.append(self.path)


def _try_remove(path: Path, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        try:
            path.rmdir()
            return True
        except FileNotFoundError:
            return True
        except OSError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)


def retry_pending(seconds: float = 0.0) -> None:
    """Remove the cgroups earlier runs could not remove yet."""
    for path in list(_pending):
        if _try_remove(path, seconds):
            _pending.remove(path)


atexit.register(retry_pending, EXIT_SECONDS)


def gated(command: List[str], gate: int) -> List[str]:
    """``command`` behind a shell that waits for a line on descriptor ``gate``, closes it, then execs
    (bash: a POSIX shell such as dash cannot name a descriptor above 9; there, the gate is read
    through /proc and stays open, at end of file, in the box)."""
    if os.access(BASH, os.X_OK):
        return [BASH, "-c", f'read -r _ <&{gate} && exec {gate}<&- && exec "$@"', "tau-shaped-gate", *command]
    return ["/bin/sh", "-c", f'read -r _ < /proc/self/fd/{gate} && exec "$@"', "tau-shaped-gate", *command]
