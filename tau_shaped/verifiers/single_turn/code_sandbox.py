"""Running untrusted Python in a kernel-isolated box (bubblewrap), with hard limits.

:func:`run_in_sandbox` runs a program, with the stdin it is given, under
:mod:`.sandbox_bootstrap` (the harness) in one of two ways:

- ``isolation="bubblewrap"`` (the default, and the only isolation): the
  namespaces, mounts and uid of :mod:`.bwrap_box`, plus the seccomp deny-list
  of :mod:`.seccomp_filter` on x86-64. The program, the harness and the job go
  in through memory file descriptors; nothing of the host's filesystem but
  ``/usr`` is visible. Whether the machine can do it is probed once (a real
  run of a one-line program); when it cannot, :class:`SandboxUnavailable` is
  raised with the reason, and nothing runs;
- ``isolation="none"``: the old path, for callers that opted in: the
  verifier's own interpreter in a temporary directory, with a scrubbed
  environment, a new session and the harness's audit hook. It isolates nothing
  that matters against hostile code.

Either way:

- the harness applies the resource limits to its own process before the
  program runs (CPU seconds, address space, processes, file size, open files,
  no core, no POSIX message queue bytes); ``/tmp`` in the box is a tmpfs
  capped at ``tmp_bytes``;
- memory, with a memory cgroup (root, :mod:`.memory_cgroup`): every page of
  the box (anonymous, memfd, tmpfs, page tables, kernel buffers) counts against
  ``memory_bytes`` together; past it the kernel kills the box, and the result
  says so (``limit_hit == "memory"``). Without one (an unprivileged user), what
  the kernel still enforces bounds it: at most ``max_processes`` processes,
  each with an address space of ``memory_bytes - tmp_bytes`` (at least
  :data:`MIN_ADDRESS_SPACE`), plus the tmpfs's ``tmp_bytes``; ``memfd_create``
  kills the process (its pages would count nowhere) and SysV shared memory,
  SysV and POSIX message queues and secret memory are refused (seccomp), so no
  file page lives outside the tmpfs; pipes and sockets are bounded by
  ``open_files`` per process and the kernel's per-user pipe quota. So a single
  process (the usual program) stays under ``memory_bytes``, and the whole box
  under ``max_processes * (memory_bytes - tmp_bytes) + tmp_bytes``;
- stdin is a sealed memory file (no pipe to fill, nothing to deadlock on,
  nothing the program can write back into);
- stdout and stderr are pipes the parent reads, at most ``output_bytes`` each:
  one byte more and the run is killed (``limit_hit == "output"``);
- a wall-clock deadline from the start: past it the run is killed. Killing
  bubblewrap kills the box's pid namespace, so nothing it started survives it;
  the same happens when the program ends (the namespace's init leaves with it).

Works from any thread (no ``preexec_fn``).
"""

from __future__ import annotations

import fcntl
import itertools
import json
import os
import signal
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.verifiers.single_turn import bwrap_box, memory_cgroup, seccomp_filter
from tau_shaped.verifiers.single_turn.bwrap_box import BoxConfig
from tau_shaped.verifiers.single_turn.box_process import Box, collect, finish, spawn
from tau_shaped.verifiers.single_turn.memory_cgroup import Hierarchy

BOOTSTRAP = Path(__file__).with_name("sandbox_bootstrap.py")
BUBBLEWRAP = "bubblewrap"
NONE = "none"
PROBE_TEXT = "tau-shaped-box-ok"
RUN_LABEL = "tau-shaped-sandbox-run-"  # + "<verifier pid>-<n>": on the box's command line, so its processes can be found
_runs = itertools.count(1)
MIN_ADDRESS_SPACE = 128 * 1024 * 1024


@dataclass(frozen=True)
class SandboxLimits:
    wall_seconds: float = 5.0
    cpu_seconds: int = 5
    memory_bytes: int = 512 * 1024 * 1024
    max_processes: int = 16
    file_size_bytes: int = 16 * 1024 * 1024
    open_files: int = 64
    output_bytes: int = 1024 * 1024
    tmp_bytes: int = 64 * 1024 * 1024


@dataclass
class SandboxResult:
    exit_code: Optional[int]
    stdout: str
    stderr: str
    timed_out: bool
    killed_by_signal: Optional[int]
    duration_s: float
    limit_hit: Optional[str]
    network_isolated: bool
    isolation: str = BUBBLEWRAP
    notes: List[str] = field(default_factory=list)
    run_label: str = ""
    limit_reason: str = ""  # the limit_hit in words

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out and self.limit_hit != "output"


class SandboxUnavailable(RuntimeError):
    """The box cannot run on this machine; the message says why."""


def memory_file(data: bytes) -> int:
    """A descriptor at offset 0 holding ``data``: a memfd sealed against writes, growth and
    shrinking where the OS has them (the box gets its stdin this way and cannot change it)."""
    if not hasattr(os, "memfd_create"):  # pragma: no cover - not Linux
        fd = os.open(tempfile.gettempdir(), os.O_TMPFILE | os.O_RDWR, 0o600)
    else:
        fd = os.memfd_create("tau-shaped-box", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
    os.lseek(fd, 0, os.SEEK_SET)
    if hasattr(os, "memfd_create"):
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SEAL | fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_WRITE)
    return fd


def harness_job(mode: str, workdir: str, solution: str, limits: SandboxLimits, guard: bool, memory_cgroup: bool = False,
                **extra: Any) -> bytes:
    job = {"mode": mode, "workdir": workdir, "solution": solution, "limits": harness_limits(limits, memory_cgroup),
           "guard": guard, **extra}
    return json.dumps(job).encode("utf-8")


def harness_limits(limits: SandboxLimits, memory_cgroup: bool = True) -> Dict[str, int]:
    """The rlimits the harness sets. Without a memory cgroup the tmpfs counts against the memory
    budget: the address space is what is left of it (at least MIN_ADDRESS_SPACE)."""
    chosen = {k: v for k, v in asdict(limits).items() if k in
              ("cpu_seconds", "memory_bytes", "max_processes", "file_size_bytes", "open_files")}
    if not memory_cgroup:
        chosen["memory_bytes"] = max(limits.memory_bytes - limits.tmp_bytes, MIN_ADDRESS_SPACE)
    return chosen


def _limit_hit(signal_number: Optional[int], stderr: str, timed_out: bool, overflow: bool, out_of_memory: bool) -> Tuple[Optional[str], str]:
    """Which limit ended the run, if one did, and the reason in words."""
    if out_of_memory:
        return "memory", "the box used more memory than its limit (cgroup): the kernel killed it"
    if timed_out:
        return "wall", "the run ran out of wall-clock time"
    if overflow:
        return "output", "the program wrote more output than allowed"
    if signal_number == signal.SIGXCPU:
        return "cpu", "the program ran out of CPU time"
    if signal_number == signal.SIGXFSZ or "File too large" in stderr:
        return "file_size", "the program wrote a file larger than allowed"
    if signal_number == signal.SIGSYS:
        return "memory", "the program was killed for memfd_create: without a memory cgroup its pages would escape the memory limit"
    if "MemoryError" in stderr:
        return "memory", "the program ran out of memory (address-space limit)"
    return None, ""


def run_label() -> str:
    return f"{RUN_LABEL}{os.getpid()}-{next(_runs)}"


def box_result(box: Box, timed_out: bool, isolation: str, notes: List[str], label: str) -> SandboxResult:
    """The result of a finished box (bubblewrap reports a program killed by signal N as 128 + N)."""
    returncode, out_of_memory = finish(box)
    if isolation == BUBBLEWRAP:
        signal_number = returncode - 128 if 128 < returncode < 128 + 65 else None
    else:
        signal_number = -returncode if returncode < 0 else None
    err = box.err.decode("utf-8", errors="replace")
    limit, reason = _limit_hit(signal_number, err, timed_out, box.overflow, out_of_memory)
    return SandboxResult(
        exit_code=None if timed_out else returncode, stdout=box.out.decode("utf-8", errors="replace"), stderr=err,
        timed_out=timed_out, killed_by_signal=None if timed_out else signal_number,
        duration_s=time.monotonic() - box.start, limit_hit=limit, network_isolated=isolation == BUBBLEWRAP,
        isolation=isolation, notes=notes, run_label=label, limit_reason=reason,
    )


def box_files(config: BoxConfig, files: Dict[str, bytes]) -> Dict[str, int]:
    """Memory files for the box's /box files (and its seccomp filter)."""
    if config.seccomp:
        program = seccomp_filter.deny_list_program(memory_cgroup=config.memory_cgroup)
        if program is not None:
            files = {**files, "seccomp": program}
    return {name: memory_file(blob) for name, blob in files.items()}


def box_notes(config: BoxConfig) -> List[str]:
    notes = [] if config.seccomp else ["no seccomp filter (no syscall table for this machine)"]
    if not config.memory_cgroup:
        notes.append("no memory cgroup: memory bounded by rlimits (see code_sandbox)")
    return notes


def bwrap_run(config: BoxConfig) -> Tuple[Optional[Tuple[int, int]], Optional[Hierarchy]]:
    return config.host_ids, memory_cgroup.find_hierarchy() if config.memory_cgroup else None


def _run_bubblewrap(config: BoxConfig, source: str, stdin: str, limits: SandboxLimits) -> SandboxResult:
    fds = box_files(config, {
        "harness": BOOTSTRAP.read_bytes(),
        "solution": source.encode("utf-8", errors="surrogatepass"),
        "job": harness_job("stdio", bwrap_box.WORKDIR, bwrap_box.SOLUTION, limits, False, config.memory_cgroup),
    })
    stdin_fd = memory_file(stdin.encode("utf-8", errors="surrogatepass"))
    try:
        label = run_label()
        command = bwrap_box.bwrap_command(config, fds, limits.tmp_bytes) + [label]
        box = spawn(command, stdin_fd, list(fds.values()), "/", limits.memory_bytes, *bwrap_run(config))
    finally:
        for fd in [*fds.values(), stdin_fd]:
            os.close(fd)
    timed_out = collect([box], [box], limits.output_bytes, box.start + limits.wall_seconds)
    return box_result(box, timed_out, BUBBLEWRAP, box_notes(config), label)


UNISOLATED_NOTE = "unisolated: the program ran as the verifier's user, with its view of the machine"


def _run_unisolated(source: str, stdin: str, limits: SandboxLimits) -> SandboxResult:
    with tempfile.TemporaryDirectory(prefix="tau-shaped-sandbox-") as workdir:
        solution = Path(workdir) / "solution.py"
        solution.write_text(source, encoding="utf-8", errors="surrogatepass")
        job = Path(workdir) / "job.json"
        job.write_bytes(harness_job("stdio", workdir, str(solution), limits, True, True))  # no tmpfs to count
        stdin_fd = memory_file(stdin.encode("utf-8", errors="surrogatepass"))
        try:
            label = run_label()
            command = [sys.executable, "-I", "-S", "-B", str(BOOTSTRAP), str(job), label]
            box = spawn(command, stdin_fd, (), workdir, limits.memory_bytes, None, None)
        finally:
            os.close(stdin_fd)
        timed_out = collect([box], [box], limits.output_bytes, box.start + limits.wall_seconds)
        return box_result(box, timed_out, NONE, [UNISOLATED_NOTE], label)


@lru_cache(maxsize=1)
def _probe() -> Tuple[Optional[BoxConfig], str]:
    if not sys.platform.startswith("linux"):
        return None, "bubblewrap needs Linux"
    bwrap = bwrap_box.find_bwrap()
    if bwrap is None:
        return None, "bubblewrap (bwrap) is not installed"
    python = bwrap_box.box_python()
    if python is None:
        return None, f"no system Python under {bwrap_box.READ_ONLY_PREFIX} to run inside the box"
    filters = [True, False] if seccomp_filter.deny_list_program() is not None else [False]
    cgroups = [True, False] if memory_cgroup.find_hierarchy() is not None else [False]
    failures: List[str] = []
    for ids, cgroup, seccomp in itertools.product(bwrap_box.host_id_candidates(), cgroups, filters):
        config = BoxConfig(bwrap=bwrap, python=python, host_ids=ids, seccomp=seccomp, memory_cgroup=cgroup)
        try:
            result = _run_bubblewrap(config, f"print({PROBE_TEXT!r})", "", SandboxLimits(wall_seconds=20))
        except OSError as exc:
            failures.append(f"{config.describe()}: {exc}")
            continue
        if result.ok and result.stdout.strip() == PROBE_TEXT:
            return config, ""
        failures.append(f"{config.describe()}: exit {result.exit_code}: {result.stderr.strip()[-300:]}")
    return None, "bubblewrap failed its probe: " + " | ".join(failures)


def bubblewrap_problem() -> Optional[str]:
    """Why the box cannot run here, or None when it can (probed once per process)."""
    return _probe()[1] or None


def bubblewrap_config() -> BoxConfig:
    config, problem = _probe()
    if config is None:
        raise SandboxUnavailable(problem)
    return config


def reset_probe() -> None:
    """Forget the probe's answer (tests; after installing bubblewrap)."""
    _probe.cache_clear()
    memory_cgroup.find_hierarchy.cache_clear()


def run_in_sandbox(source: str, stdin: str = "", limits: SandboxLimits = SandboxLimits(), *,
                   isolation: str = BUBBLEWRAP) -> SandboxResult:
    """Run ``source`` as a Python program with ``stdin``; see the module docstring (assert-style
    tests run in two boxes: :mod:`.assert_boxes`)."""
    if isolation == BUBBLEWRAP:
        return _run_bubblewrap(bubblewrap_config(), source, stdin, limits)
    if isolation == NONE:
        return _run_unisolated(source, stdin, limits)
    raise ValueError(f"unknown isolation {isolation!r} (use {BUBBLEWRAP!r} or {NONE!r})")
