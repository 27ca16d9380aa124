"""The harness that runs inside the program's box, around the untrusted program (standard library only).

Invoked as ``python3 -I -S -B sandbox_bootstrap.py JOB [LABEL]`` (the label only marks the
run's processes for whoever looks at the process list); JOB is a JSON file::

    {"mode": "stdio" | "asserts", "solution": PATH, "workdir": PATH,
     "limits": {"cpu_seconds": .., "memory_bytes": .., "max_processes": ..,
                "file_size_bytes": .., "open_files": ..},
     "requests": FD, "answers": FD, "guard": false}

Under bubblewrap this file is not the project's copy but the same text, handed
in by the parent (the project is not mounted), with ``box_codec.py`` beside it;
inside the box it is interpreted by the system Python, so it must stay
compatible with Python 3.8+.

What it does, in this order, before any untrusted code runs:

1. applies the resource limits to its own process (inherited by everything the
   program starts). RLIMIT_NPROC is set here, inside the box's user namespace,
   because the kernel counts processes per user *per namespace* there: set on
   bubblewrap outside, the count would be shared with every other process of
   the host uid;
2. with ``guard`` (only on the opted-in unisolated path), installs the old
   audit hook, which is defence in depth and no boundary;
3. runs the program as ``__main__`` in a fresh module.

In ``stdio`` mode that is all: the parent compares stdout with the expected
output, which never enters the box.

In ``asserts`` mode the harness then answers the oracle (``oracle_bootstrap``,
in a box of its own that never loads the program): one JSON line on the
``answers`` pipe saying whether the program ran to its end, then, for each
request read from the ``requests`` pipe (evaluate an expression of the
program's, run a statement in its namespace, call back one of its callables),
one JSON line with the value as plain tagged data (``box_codec``) or the
exception's type and message. It knows nothing of the assertions: no expected
value, no comparison, no verdict is ever in this process. Whatever the program
does to this process (patched builtins or ``json``, trace functions, forged
lines on any descriptor, an early exit) only changes what it answers, which is
the program's to choose anyway: the oracle reads the answers as data.
"""

import json
import os
import sys
import types

REPR_LIMIT = 200
MAX_REQUEST = 64 << 20


def load_codec():
    """``box_codec``, which the parent puts beside this file (the box) or is beside it (the project)."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    try:
        import box_codec
    finally:
        sys.path.remove(here)
    return box_codec


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
        ("RLIMIT_MSGQUEUE", 0, 0),
    ):
        if hasattr(resource, name):
            resource.setrlimit(getattr(resource, name), (int(soft), int(hard)))


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


def next_request(reader):
    """The oracle's next request (a JSON line of at most ``MAX_REQUEST`` bytes)."""
    line = reader.line()
    if line is None:
        raise EOFError("the pipe closed")
    return json.loads(line.decode("utf-8"))


def serve(namespace, job, codec):
    """Answer the oracle's requests until it says ``end`` or its pipe closes."""
    kept = []

    def keep(value):
        kept.append(value)
        return len(kept) - 1

    def refer(number):
        return kept[number]

    def callback(number, shown):
        return kept[number]

    reader = codec.LineReader(job["requests"], MAX_REQUEST)
    answers = job["answers"]
    dumps, write = json.dumps, os.write

    def send(record):
        data = (dumps(record) + "\n").encode("utf-8")
        while data:
            data = data[write(answers, data):]

    import importlib
    while True:
        request = next_request(reader)
        op = request.get("op")
        if op == "end":
            return
        number = request.get("n")
        try:
            args = [codec.decode(a, callback, refer) for a in request.get("args", [])]
            for module in request.get("modules", []):
                if module not in namespace:
                    namespace[module] = importlib.import_module(module)
            if op == "call":
                value = kept[int(request["h"])](*args)
            else:
                namespace["_tau_a"] = args
                code = compile(request["src"], "<assert %s>" % number, "exec" if op == "exec" else "eval")
                value = eval(code, namespace) if op == "eval" else exec(code, namespace)
            record = {"n": number, "ok": True, "value": codec.encode(value, keep)}
        except BaseException as exc:  # noqa: BLE001 - reported; the oracle decides
            record = {"n": number, "ok": False, "type": type(exc).__name__, "error": describe(exc)}
            if isinstance(exc, MemoryError):  # for the parent, which names the limit that was hit
                os.write(2, b"MemoryError while answering the oracle\n")
        send(record)


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
    codec = load_codec()
    answers, write, dumps, exit_now = job["answers"], os.write, json.dumps, os._exit

    def say(record):
        data = (dumps(record) + "\n").encode("utf-8")
        while data:
            data = data[write(answers, data):]

    if job.get("guard"):
        install_guard(workdir)
    try:
        namespace = run_program(job["solution"], workdir)
    except BaseException as exc:  # noqa: BLE001 - SystemExit too: the program must run to its end
        try:
            os.write(2, ("the program did not run to its end: %s\n" % describe(exc)).encode("utf-8", "replace"))
            say({"program": "error", "error": describe(exc)})
        finally:
            exit_now(1)
    say({"program": "ok"})
    try:
        serve(namespace, job, codec)
    except BaseException:  # noqa: BLE001 - a broken pipe or request: the oracle sees the silence
        exit_now(1)
    try:
        sys.stdout.flush()
    except BaseException:  # noqa: BLE001
        pass
    exit_now(0)


if __name__ == "__main__":
    main()
