"""A box's process from start to end: started inside its memory cgroup, its output read, killed.

:func:`spawn` starts a command (bubblewrap, or the unisolated harness) with the
descriptors it is given, in a new session; with a cgroup hierarchy
(:mod:`.memory_cgroup`) behind a gate, so it is inside its memory cgroup before
it runs anything. :func:`collect` reads the stdout and stderr of one or more
boxes at once, each capped at ``output_bytes`` (one byte more and the run
stops), until the boxes that decide the run have ended, or the wall-clock
deadline. :func:`finish` kills what is left (the process and its group; killing
bubblewrap kills the box's pid namespace), reaps it and removes its cgroup,
saying whether the kernel killed something of it for memory. Works from any
thread (no ``preexec_fn``).
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.verifiers.single_turn import memory_cgroup
from tau_shaped.verifiers.single_turn.memory_cgroup import Hierarchy, RunCgroup

READ_CHUNK = 65536
POLL_SECONDS = 0.05
DRAIN_SECONDS = 0.25


@dataclass
class Box:
    """One running box (or unisolated process): its output so far and its memory cgroup."""

    process: subprocess.Popen
    cgroup: Optional[RunCgroup]
    start: float
    out: bytearray = field(default_factory=bytearray)
    err: bytearray = field(default_factory=bytearray)
    overflow: bool = False


def spawn(command: List[str], stdin_fd: int, pass_fds: Sequence[int], cwd: str, memory_bytes: int,
          ids: Optional[Tuple[int, int]], hierarchy: Optional[Hierarchy]) -> Box:
    """Start ``command``; with a cgroup hierarchy, inside a fresh memory cgroup before it runs anything."""
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": cwd}
    extra: Dict[str, Any] = {"user": ids[0], "group": ids[1], "extra_groups": []} if ids else {}
    cgroup = RunCgroup(hierarchy, memory_bytes) if hierarchy is not None else None
    gate_r = gate_w = -1
    if cgroup is not None:
        gate_r, gate_w = os.pipe()
        command, pass_fds = memory_cgroup.gated(command, gate_r), [*pass_fds, gate_r]
    start = time.monotonic()
    try:
        process = subprocess.Popen(command, stdin=stdin_fd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                                   env=env, pass_fds=tuple(pass_fds), close_fds=True, start_new_session=True, **extra)
    except BaseException:
        if cgroup is not None:
            os.close(gate_w)
            cgroup.remove()
        raise
    finally:
        if gate_r >= 0:
            os.close(gate_r)
    if cgroup is not None:
        try:
            cgroup.admit(process.pid, gate_w)
        except OSError:
            _kill(process)
            process.wait()
            cgroup.remove()
            raise
        finally:
            os.close(gate_w)  # a gate never opened: the shell leaves without running the command
    return Box(process, cgroup, start)


def collect(boxes: Sequence[Box], until: Sequence[Box], output_bytes: int, deadline: float) -> bool:
    """Read every box's stdout and stderr until the ``until`` boxes have ended and their output is
    drained, the deadline passes or one overflows. Returns whether the deadline passed first."""
    streams = {}
    for box in boxes:
        streams[box.process.stdout.fileno()] = (box, box.out)
        streams[box.process.stderr.fileno()] = (box, box.err)
    timed_out = False
    drain_until: Optional[float] = None  # once the program has ended: what its leftovers may still write
    with selectors.DefaultSelector() as selector:
        for fd in streams:
            selector.register(fd, selectors.EVENT_READ)
        while selector.get_map() and not any(box.overflow for box in boxes):
            now = time.monotonic()
            if drain_until is None and all(_has_exited(box.process) for box in until):
                drain_until = min(deadline, now + DRAIN_SECONDS)
            if now >= (drain_until if drain_until is not None else deadline):
                timed_out = drain_until is None
                break
            remaining = (drain_until if drain_until is not None else deadline) - now
            for key, _ in selector.select(min(remaining, POLL_SECONDS)):
                chunk = os.read(key.fd, READ_CHUNK)
                if not chunk:
                    selector.unregister(key.fd)
                    continue
                box, buffer = streams[key.fd]
                room = output_bytes - len(buffer)
                buffer += chunk[:room]
                box.overflow = box.overflow or len(chunk) > room
    while not (timed_out or any(box.overflow for box in boxes) or all(_has_exited(box.process) for box in until)):
        if time.monotonic() >= deadline:
            timed_out = True
        else:
            time.sleep(POLL_SECONDS / 5)
    return timed_out


def finish(box: Box) -> Tuple[int, bool]:
    """Kill what is left of the box, reap it, remove its cgroup: (return code, killed for memory)."""
    _kill(box.process)  # when it has ended, whatever is left in its group; else the box dies with it
    returncode = box.process.wait()
    box.process.stdout.close()
    box.process.stderr.close()
    out_of_memory = False
    if box.cgroup is not None:
        out_of_memory = box.cgroup.oom_killed()
        box.cgroup.remove()
    return returncode, out_of_memory


def _has_exited(process: subprocess.Popen) -> bool:
    """Whether the child has ended, without reaping it: its pid (and process group id) stays
    reserved until :func:`finish` kills the group, so the kill can never hit a stranger."""
    if process.returncode is not None:
        return True
    if not hasattr(os, "waitid"):  # pragma: no cover - not Linux
        return process.poll() is not None
    try:
        return os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _kill(process: subprocess.Popen) -> None:
    """Kill the child (and with bubblewrap, its pid namespace) and its process group; it is not reaped yet."""
    for kill in (lambda: os.kill(process.pid, signal.SIGKILL), lambda: os.killpg(process.pid, signal.SIGKILL)):
        try:
            kill()
        except (ProcessLookupError, PermissionError, OSError):
            pass


