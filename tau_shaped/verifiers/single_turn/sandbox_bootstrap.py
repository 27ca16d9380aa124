"""Runs inside the sandbox child, before the untrusted code: drop privileges, install guards.

Invoked as ``python -I -S sandbox_bootstrap.py WORKDIR DROP_UID SOLUTION``. It

1. drops to uid/gid 65534 (nobody) when asked (the parent runs as root, where
   RLIMIT_NPROC is not enforced and every file is writable);
2. installs an audit hook (PEP 578) that refuses, with PermissionError: sockets,
   process creation (fork, exec, spawn, system, subprocess), ctypes, writes,
   creations, renames and deletions outside WORKDIR (``/dev/null`` allowed),
   and reading other processes' ``/proc`` entries (their environment);
3. runs the solution file as ``__main__``.

The hook is defence in depth, not the boundary: a determined attacker in pure
Python can sometimes get around audit hooks. The boundary is the OS: resource
limits, the unprivileged uid, the fresh network namespace when the machine
allows one, and the process group the parent kills.
"""

import os
import runpy  # imported before the hook is installed
import sys


def _guard(workdir: str) -> None:
    root = os.path.realpath(workdir)
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    refused_prefixes = ("socket.", "subprocess.", "ctypes.", "os.exec", "os.spawn", "os.posix_spawn", "pty.")
    refused = {"os.fork", "os.forkpty", "os.system", "os.startfile", "os.kill", "os.killpg", "signal.pthread_kill", "os.setuid"}
    changes = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link", "os.chmod",
               "os.chown", "os.truncate", "os.utime", "shutil.rmtree", "shutil.move", "os.chdir"}

    def inside(path: object) -> bool:
        if isinstance(path, int):
            return True  # an already-open descriptor
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str):
            return False
        real = os.path.realpath(path)
        return real == root or real.startswith(root + os.sep) or real == "/dev/null"

    def hook(event: str, args: tuple) -> None:
        if event in refused or event.startswith(refused_prefixes):
            raise PermissionError(f"sandbox: {event} is not allowed")
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and flags & write_flags)
            if writes and not inside(path):
                raise PermissionError(f"sandbox: writing {path!r} outside the working directory")
            if isinstance(path, str) and path.startswith("/proc/") and not path.startswith(("/proc/self/", "/proc/thread-self/")):
                raise PermissionError(f"sandbox: reading {path!r} is not allowed")
        elif event in changes:
            paths = [a for a in args[:2] if isinstance(a, (str, bytes))]
            if not all(inside(p) for p in paths):
                raise PermissionError(f"sandbox: {event} outside the working directory")

    sys.addaudithook(hook)


def main() -> None:
    if sys.argv[1:] == ["--probe"]:
        return  # the parent checks that an unprivileged user can run this file
    workdir, drop, solution = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
    if drop:
        os.setgroups([])
        os.setgid(65534)
        os.setuid(65534)
    os.chdir(workdir)
    sys.argv = [solution]
    sys.path.insert(0, workdir)
    _guard(workdir)
    runpy.run_path(solution, run_name="__main__")


if __name__ == "__main__":
    main()
