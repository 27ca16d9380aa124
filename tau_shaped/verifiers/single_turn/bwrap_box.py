"""The bubblewrap command line: what the sandboxed program sees of the machine.

:func:`bwrap_command` builds, for one run::

    bwrap --unshare-all --unshare-user --unshare-cgroup --disable-userns
          --die-with-parent --new-session --cap-drop ALL
          --uid 65534 --gid 65534 --hostname sandbox
          --clearenv --setenv PATH /usr/bin:/bin --setenv LANG C.UTF-8 --setenv HOME /tmp
          --ro-bind /usr /usr  [--symlink usr/lib /lib ... or --ro-bind /lib /lib ...]
          --proc /proc --dev /dev --remount-ro /dev
          --size TMP_BYTES --tmpfs /tmp
          --ro-bind-data FD /box/tau-shaped-sandbox-harness.py
          --ro-bind-data FD /box/solution.py --ro-bind-data FD /box/job.json
          [--ro-bind-data FD /box/box_codec.py --ro-bind-data FD /box/sandbox_bootstrap.py]
          --remount-ro / [--seccomp FD] --chdir /tmp
          -- PYTHON -I -S -B /box/tau-shaped-sandbox-harness.py /box/job.json

so the program runs in new user, pid, network, ipc, uts, cgroup and mount
namespaces (nothing shared back), as uid/gid 65534 with no capabilities and
``no_new_privs``, unable to create further user namespaces, in its own
session, killed with its whole pid namespace when bubblewrap dies. Its
filesystem is a read-only root holding only ``/usr`` (read-only), the
``/lib*``/``/bin`` links or directories the loader needs, a fresh ``/proc``
that shows only the box's own processes, a minimal read-only ``/dev``, a
private size-capped tmpfs ``/tmp`` (the working directory) and, read-only under
``/box``, the harness, the program (never in the oracle's box) and the job,
and for assert-style tests the value codec: no ``/etc``, ``/root``, ``/home``,
``/work``, project, venv or other process. These files come from memory file
descriptors the parent fills, never from host paths. Descriptors the parent
passes otherwise (the pipes between the program's box and the oracle's) stay
open across bubblewrap, at the same numbers.

The interpreter is a system Python under ``/usr``: the parent's own when its
real path (and its standard library) lives there, else ``/usr/bin/python3``;
the harness needs only the standard library.
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

BWRAP_CANDIDATES = ("/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap")
SYSTEM_PYTHON = "/usr/bin/python3"
READ_ONLY_PREFIX = "/usr/"
BOX_UID = 65534  # the uid/gid inside the box ("nobody")
# When the verifier runs as root, bubblewrap itself runs as this unused host uid/gid, so even
# the box's processes as the host sees them belong to nobody with any rights.
UNPRIVILEGED_HOST_ID = 1_999_065_534
HARNESS = "/box/tau-shaped-sandbox-harness.py"
SOLUTION = "/box/solution.py"
JOB = "/box/job.json"
BOX_FILES = (("harness", HARNESS), ("solution", SOLUTION), ("job", JOB), ("codec", "/box/box_codec.py"),
             ("limits", "/box/sandbox_bootstrap.py"))
WORKDIR = "/tmp"
ROOT_ENTRIES = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
BOX_ENV = (("PATH", "/usr/bin:/bin"), ("LANG", "C.UTF-8"), ("HOME", WORKDIR))


@dataclass(frozen=True)
class BoxConfig:
    """How this machine runs the box, found by the probe."""

    bwrap: str
    python: str
    host_ids: Optional[Tuple[int, int]]  # (uid, gid) bubblewrap runs as; None: the verifier's own
    seccomp: bool
    memory_cgroup: bool = False  # each run in a memory cgroup of its own (memory_cgroup)

    def describe(self) -> str:
        who = f"host uid {self.host_ids[0]}" if self.host_ids else f"host uid {os.geteuid()}"
        memory = "a memory cgroup" if self.memory_cgroup else "rlimits only"
        return f"{self.bwrap} running {self.python} as {who}, seccomp {'on' if self.seccomp else 'off'}, {memory}"


def find_bwrap() -> Optional[str]:
    for candidate in BWRAP_CANDIDATES:
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("bwrap")


def _under_read_only_prefix(path: str) -> bool:
    real = os.path.realpath(path)
    return real == READ_ONLY_PREFIX.rstrip("/") or real.startswith(READ_ONLY_PREFIX)


def box_python() -> Optional[str]:
    """The interpreter to run inside the box (see the module docstring), or None."""
    own = os.path.realpath(sys.executable) if sys.executable else ""
    if own and _under_read_only_prefix(own) and _under_read_only_prefix(sys.base_prefix) and os.access(own, os.X_OK):
        return own
    if os.access(SYSTEM_PYTHON, os.X_OK) and _under_read_only_prefix(SYSTEM_PYTHON):
        return SYSTEM_PYTHON
    return None


def root_entries() -> List[str]:
    """Arguments that recreate /bin, /lib, /lib64 ... as the host has them: links into /usr or read-only binds."""
    args: List[str] = []
    for name in ROOT_ENTRIES:
        path = "/" + name
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    return args


def bwrap_command(config: BoxConfig, fds: Dict[str, int], tmp_bytes: int) -> List[str]:
    """The full command line; ``fds`` maps "harness", "job" (and "solution", "codec", "limits",
    "seccomp") to descriptors."""
    command = [
        config.bwrap,
        "--unshare-all", "--unshare-user", "--unshare-cgroup", "--disable-userns",
        "--die-with-parent", "--new-session", "--cap-drop", "ALL",
        "--uid", str(BOX_UID), "--gid", str(BOX_UID), "--hostname", "sandbox",
        "--clearenv",
    ]
    for name, value in BOX_ENV:
        command += ["--setenv", name, value]
    command += ["--ro-bind", "/usr", "/usr", *root_entries()]
    command += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev"]
    command += ["--size", str(int(tmp_bytes)), "--tmpfs", WORKDIR]
    for name, path in BOX_FILES:
        if name in fds:
            command += ["--ro-bind-data", str(fds[name]), path]
    command += ["--remount-ro", "/"]
    if "seccomp" in fds:
        command += ["--seccomp", str(fds["seccomp"])]
    command += ["--chdir", WORKDIR, "--", config.python, "-I", "-S", "-B", HARNESS, JOB]
    return command


def host_id_candidates() -> List[Optional[Tuple[int, int]]]:
    """Who bubblewrap may run as, best first: an unused uid when we are root, else ourselves."""
    candidates: List[Optional[Tuple[int, int]]] = []
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        candidates.append((UNPRIVILEGED_HOST_ID, UNPRIVILEGED_HOST_ID))
    candidates.append(None)
    return candidates
