"""Running untrusted Python in a child process with hard limits.

:func:`run_in_sandbox` writes the source into a fresh temporary directory and
runs it with ``python -I -S -B`` (no user site, no environment variables read,
no bytecode written) through :mod:`.sandbox_bootstrap`, which drops to an
unprivileged uid when the parent is root and installs an audit hook (see its
docstring for what it refuses). The OS enforces the rest:

- resource limits set before the interpreter starts: CPU seconds, address
  space, process count, file size (which also caps stdout/stderr, written to
  files in the temporary directory), open files, no core dumps;
- a scrubbed environment: only PATH, LANG and HOME (the temporary directory),
  so a parent's secrets (API keys) are not inherited;
- a new network namespace (no interfaces but a down loopback) when
  ``unshare --net`` works on the machine, probed once; the result says whether
  the run was network-isolated;
- a new session, killed as a whole process group on a wall-clock timeout and
  after every run, so nothing it started outlives it.

The temporary directory is removed afterwards. Works from any thread.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import List, Optional

try:
    import resource
except ImportError:  # pragma: no cover - not POSIX
    resource = None  # type: ignore[assignment]

BOOTSTRAP = Path(__file__).with_name("sandbox_bootstrap.py")
NOBODY = 65534


@dataclass(frozen=True)
class SandboxLimits:
    wall_seconds: float = 5.0
    cpu_seconds: int = 5
    memory_bytes: int = 512 * 1024 * 1024
    max_processes: int = 16
    file_size_bytes: int = 16 * 1024 * 1024
    open_files: int = 64
    output_bytes: int = 1024 * 1024


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
    notes: List[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out


@lru_cache(maxsize=1)
def network_prefix() -> tuple:
    """The command prefix that runs a child without network, or () where none works."""
    if shutil.which("unshare") is None or not sys.platform.startswith("linux"):
        return ()
    for prefix in (("unshare", "--net", "--"), ("unshare", "--net", "--map-root-user", "--")):
        try:
            probe = subprocess.run([*prefix, sys.executable, "-c", "pass"], capture_output=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if probe.returncode == 0:
            return prefix
    return ()


@lru_cache(maxsize=1)
def can_drop_privileges() -> bool:
    """Whether an unprivileged uid can run this interpreter and the bootstrap (not when
    either lives under a private home such as /root); probed once, as root only."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False

    def drop() -> None:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)

    try:
        probe = subprocess.run([sys.executable, "-I", "-S", "-B", str(BOOTSTRAP), "--probe"], capture_output=True,
                               timeout=10, preexec_fn=drop, cwd="/")
    except (OSError, subprocess.SubprocessError):
        return False
    return probe.returncode == 0


def _limits(limits: SandboxLimits):
    def apply() -> None:
        if resource is None:  # pragma: no cover
            return
        cpu = max(1, int(limits.cpu_seconds))
        for name, value in (
            ("RLIMIT_CPU", (cpu, cpu + 1)),
            ("RLIMIT_AS", (limits.memory_bytes, limits.memory_bytes)),
            ("RLIMIT_NPROC", (limits.max_processes, limits.max_processes)),
            ("RLIMIT_FSIZE", (limits.file_size_bytes, limits.file_size_bytes)),
            ("RLIMIT_NOFILE", (limits.open_files, limits.open_files)),
            ("RLIMIT_CORE", (0, 0)),
        ):
            if hasattr(resource, name):
                resource.setrlimit(getattr(resource, name), value)

    return apply


def _read(path: Path, limit: int) -> str:
    try:
        with path.open("rb") as stream:
            return stream.read(limit).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _limit_hit(result_signal: Optional[int], stderr: str, timed_out: bool) -> Optional[str]:
    if timed_out:
        return "wall"
    if result_signal == signal.SIGXCPU:
        return "cpu"
    if result_signal == signal.SIGXFSZ or "File too large" in stderr:
        return "file_size"
    if "MemoryError" in stderr:
        return "memory"
    return None


def run_in_sandbox(source: str, stdin: str = "", limits: SandboxLimits = SandboxLimits()) -> SandboxResult:
    """Run ``source`` as a Python program in the sandbox; see the module docstring."""
    drop = can_drop_privileges()
    prefix = network_prefix()
    notes: List[str] = []
    if hasattr(os, "geteuid") and os.geteuid() == 0 and not drop:
        notes.append("running as root without a uid drop (the interpreter is not readable by nobody): the audit hook guards")
    if prefix and "--map-root-user" in prefix:
        drop = False  # inside a user namespace the uid is already unprivileged outside it
    with tempfile.TemporaryDirectory(prefix="tau-shaped-sandbox-") as workdir:
        work = Path(workdir)
        solution = work / "solution.py"
        solution.write_text(source, encoding="utf-8")
        (work / "stdin.txt").write_text(stdin, encoding="utf-8")
        if drop:
            try:
                for path in (work, solution):
                    os.chown(path, NOBODY, NOBODY)
            except OSError as exc:
                drop = False
                notes.append(f"could not hand the directory to an unprivileged user: {exc}")
        command = [*prefix, sys.executable, "-I", "-S", "-B", str(BOOTSTRAP), str(work), "1" if drop else "0", str(solution)]
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": str(work)}
        start = time.perf_counter()
        with (work / "stdin.txt").open("rb") as fin, (work / ".stdout").open("wb") as fout, (work / ".stderr").open("wb") as ferr:
            process = subprocess.Popen(
                command, stdin=fin, stdout=fout, stderr=ferr, cwd=work, env=env,
                start_new_session=True, preexec_fn=_limits(limits), close_fds=True,
            )
            timed_out = False
            try:
                process.wait(timeout=limits.wall_seconds)
            except subprocess.TimeoutExpired:
                timed_out = True
            _kill_group(process.pid)  # the session's process group: whatever it started dies too
            returncode = process.wait()
        duration = time.perf_counter() - start
        stdout = _read(work / ".stdout", limits.output_bytes)
        stderr = _read(work / ".stderr", limits.output_bytes)
    signal_number = -returncode if returncode < 0 else None
    if prefix and returncode != 0 and "unshare" in stderr[:200]:
        notes.append("unshare failed in the child")
    return SandboxResult(
        exit_code=None if timed_out else returncode,
        stdout=stdout,
        stderr=stderr,
        timed_out=timed_out,
        killed_by_signal=None if timed_out else signal_number,
        duration_s=duration,
        limit_hit=_limit_hit(signal_number, stderr, timed_out),
        network_isolated=bool(prefix),
        notes=notes,
    )
