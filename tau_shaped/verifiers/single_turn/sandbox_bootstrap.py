"""The harness that runs inside the sandbox, around the untrusted program (standard library only).

Invoked as ``python3 -I -S -B sandbox_bootstrap.py JOB [LABEL]`` (the label only marks the
run's processes for whoever looks at the process list); JOB is a JSON file::

    {"mode": "stdio" | "asserts", "solution": PATH, "workdir": PATH,
     "limits": {"cpu_seconds": .., "memory_bytes": .., "max_processes": ..,
                "file_size_bytes": .., "open_files": ..},
     "steps": [["x", STATEMENTS] | ["e", EXPRESSION], ...], "guard": false}

Under bubblewrap this file is not the project's copy but the same text, handed
in by the parent (the project is not mounted); inside the box it is interpreted
by the system Python, so it must stay compatible with Python 3.8+.

What it does, in this order, before any untrusted code runs:

1. applies the resource limits to its own process (inherited by everything the
   program starts). RLIMIT_NPROC is set here, inside the box's user namespace,
   because the kernel counts processes per user *per namespace* there: set on
   bubblewrap outside, the count would be shared with every other process of
   the host uid;
2. in ``asserts`` mode, keeps the real stdout for itself (a private duplicate)
   and points file descriptor 1 at stderr, so what the program prints can never
   be mistaken for the harness's report;
3. with ``guard`` (only on the opted-in unisolated path), installs the old
   audit hook, which is defence in depth and no boundary;
4. runs the program as ``__main__`` in a fresh module.

In ``stdio`` mode that is all: the parent compares stdout with the expected
output, which never enters the box. In ``asserts`` mode the harness then runs
the steps in the program's namespace and reports, one JSON line each, the
value of every expression (tagged so the parent can rebuild plain values:
``["i", hex]`` int, ``["f", hex]`` float, ``["l"|"t"|"s"|"fs", items]``,
``["d", pairs]``, ``["b"|"ba", hex]``, ``["c", re, im]``, ``["o", type, repr]``
anything else), then ``{"end": n}``, and leaves with ``os._exit(0)`` so no
``atexit`` handler of the program runs after the report. The expected values
stay in the parent, which does the comparing (see ``assert_oracle``).
"""

import json
import os
import sys
import types

MAX_DEPTH = 100
REPR_LIMIT = 200


def apply_limits(limits):
    import resource

    cpu = max(1, int(limits["cpu_seconds"]))
    for name, soft, hard in (
        ("RLIMIT_CORE", 0, 0),
        ("RLIMIT_CPU", cpu, cpu + 1),
        ("RLIMIT_AS", limits["memory_bytes"], limits["memory_bytes"]),
        ("RLIMIT_FSIZE", limits["file_size_bytes"], limits["file_size_bytes"]),
        ("RLIMIT_NOFILE", limits["open_files"], limits["open_files"]),
        ("RLIMIT_NPROC", limits["max_processes"], limits["max_processes"]),
    ):
        if hasattr(resource, name):
            resource.setrlimit(getattr(resource, name), (int(soft), int(hard)))


def encode(value, depth=0):
    """A JSON-able, tagged form of ``value`` (see the module docstring)."""
    if depth > MAX_DEPTH:
        raise ValueError("the value is nested too deeply to report")
    if value is None or value is True or value is False:
        return value
    deeper = depth + 1
    if isinstance(value, int):
        return ["i", int.__format__(value, "x")]
    if isinstance(value, float):
        return ["f", float.hex(value)]
    if isinstance(value, complex):
        return ["c", float.hex(value.real), float.hex(value.imag)]
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (bytes, bytearray)):
        return ["ba" if isinstance(value, bytearray) else "b", bytes(value).hex()]
    if isinstance(value, list):
        return ["l", [encode(item, deeper) for item in list.__iter__(value)]]
    if isinstance(value, tuple):
        return ["t", [encode(item, deeper) for item in tuple.__iter__(value)]]
    if isinstance(value, frozenset):
        return ["fs", [encode(item, deeper) for item in frozenset.__iter__(value)]]
    if isinstance(value, set):
        return ["s", [encode(item, deeper) for item in set.__iter__(value)]]
    if isinstance(value, dict):
        return ["d", [[encode(k, deeper), encode(v, deeper)] for k, v in dict.items(value)]]
    try:
        shown = repr(value)[:REPR_LIMIT]
    except BaseException:  # noqa: BLE001 - the program's __repr__ may do anything
        shown = "?"
    return ["o", type(value).__name__, shown if isinstance(shown, str) else "?"]


def describe(exc):
    try:
        return "%s: %s" % (type(exc).__name__, str(exc)[:REPR_LIMIT])
    except BaseException:  # noqa: BLE001
        return type(exc).__name__


def install_guard(workdir):
    """The old in-process audit hook (PEP 578): defence in depth on the unisolated path only."""
    root = os.path.realpath(workdir)
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    refused_prefixes = ("socket.", "subprocess.", "ctypes.", "os.exec", "os.spawn", "os.posix_spawn", "pty.")
    refused = {"os.fork", "os.forkpty", "os.system", "os.kill", "os.killpg", "signal.pthread_kill", "os.setuid"}
    changes = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link", "os.chmod",
               "os.chown", "os.truncate", "os.utime", "shutil.rmtree", "shutil.move", "os.chdir"}
    realpath, own_pid = os.path.realpath, str(os.getpid())

    def inside(path):
        if isinstance(path, int):
            return True
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str):
            return False
        real = realpath(path)
        return real == root or real.startswith(root + os.sep) or real == "/dev/null"

    def hook(event, args):
        if event in refused or event.startswith(refused_prefixes):
            raise PermissionError("sandbox: %s is not allowed" % event)
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and flags & write_flags)
            if writes and not inside(path):
                raise PermissionError("sandbox: writing %r outside the working directory" % (path,))
            text = os.fsdecode(path) if isinstance(path, bytes) else path
            parts = ("/" + realpath(text).lstrip("/")).split("/") if isinstance(text, str) else []
            if len(parts) > 2 and parts[1] == "proc" and parts[2].isdigit() and parts[2] != own_pid:
                raise PermissionError("sandbox: reading %r is not allowed" % (path,))
        elif event in changes:
            paths = [a for a in args[:2] if isinstance(a, (str, bytes))]
            if not all(inside(p) for p in paths):
                raise PermissionError("sandbox: %s outside the working directory" % event)

    sys.addaudithook(hook)


def run_program(path, workdir):
    """Compile and run the program as ``__main__``; returns its module namespace."""
    with open(path, encoding="utf-8") as stream:
        source = stream.read()
    module = types.ModuleType("__main__")
    module.__file__ = "solution.py"
    sys.modules["__main__"] = module
    sys.argv = ["solution.py"]
    sys.path.insert(0, workdir)
    code = compile(source, "solution.py", "exec")
    exec(code, module.__dict__)
    return module.__dict__


def run_steps(namespace, steps, emit):
    for index, (kind, source) in enumerate(steps):
        try:
            if kind == "x":
                exec(compile(source, "<setup %d>" % index, "exec"), namespace)
                record = {"step": index, "ok": True}
            else:
                value = eval(compile(source, "<assert %d>" % index, "eval"), namespace)
                record = {"step": index, "ok": True, "value": encode(value)}
        except BaseException as exc:  # noqa: BLE001 - reported; the parent decides
            record = {"step": index, "ok": False, "error": describe(exc)}
        emit(record)


def main():
    with open(sys.argv[1], encoding="utf-8") as stream:
        job = json.load(stream)
    apply_limits(job["limits"])
    workdir = job["workdir"]
    os.chdir(workdir)
    if job["mode"] != "asserts":
        if job.get("guard"):
            install_guard(workdir)
        run_program(job["solution"], workdir)
        return
    report = os.fdopen(os.dup(1), "w", encoding="utf-8")  # os.dup: not inherited by children
    os.dup2(2, 1)
    dumps, write, flush, exit_now = json.dumps, report.write, report.flush, os._exit

    def emit(record):
        write(dumps(record) + "\n")
        flush()

    if job.get("guard"):
        install_guard(workdir)
    try:
        namespace = run_program(job["solution"], workdir)
    except BaseException as exc:  # noqa: BLE001 - SystemExit too: the program must run to its end
        emit({"program": "error", "error": describe(exc)})
        exit_now(1)
    emit({"program": "ok"})
    run_steps(namespace, job["steps"], emit)
    emit({"end": len(job["steps"])})
    try:
        sys.stdout.flush()
    except BaseException:  # noqa: BLE001
        pass
    exit_now(0)


if __name__ == "__main__":
    main()
