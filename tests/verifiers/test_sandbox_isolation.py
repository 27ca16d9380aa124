"""The box itself (issue 17): its bubblewrap flags, what a program sees inside, the refusal without it."""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from tau_shaped.verifiers.protocol import VerifierStatus
from tau_shaped.verifiers.single_turn import (
    bwrap_box,
    code_sandbox,
    code_verifier,
    seccomp_filter,
)
from tau_shaped.verifiers.single_turn.code_sandbox import (
    SandboxLimits,
    bubblewrap_problem,
    run_in_sandbox,
)
from tau_shaped.verifiers.single_turn.code_verifier import CodeVerifier

needs_box = pytest.mark.skipif(bubblewrap_problem() is not None and not os.environ.get("CI"), reason=f"no sandbox here: {bubblewrap_problem()}")
FAST = SandboxLimits(wall_seconds=5, cpu_seconds=3)
DOUBLE = {"tests": [{"input": "2", "output": "4"}]}
NAMESPACES = ("user", "pid", "net", "ipc", "uts", "cgroup", "mnt")


def test_the_command_line_isolates_everything():
    config = bwrap_box.BoxConfig(bwrap="/usr/bin/bwrap", python="/usr/bin/python3", host_ids=None, seccomp=True)
    command = bwrap_box.bwrap_command(config, {"harness": 3, "solution": 4, "job": 5, "seccomp": 6}, 1 << 20)
    text = " ".join(command)
    for flags in ("--unshare-all --unshare-user --unshare-cgroup --disable-userns", "--die-with-parent --new-session",
                  "--cap-drop ALL", "--uid 65534 --gid 65534", "--clearenv", "--ro-bind /usr /usr", "--proc /proc",
                  "--dev /dev --remount-ro /dev", "--size 1048576 --tmpfs /tmp", "--remount-ro /", "--seccomp 6",
                  "--chdir /tmp -- /usr/bin/python3 -I -S -B"):
        assert flags in text, flags
    assert "--share-net" not in command and "--bind" not in command and "--dev-bind" not in command
    binds = [command[i + 1] for i, arg in enumerate(command) if arg == "--ro-bind"]
    assert set(binds) <= {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}


def test_the_box_interpreter_is_a_system_python_under_usr():
    python = bwrap_box.box_python()
    if python is None:
        pytest.skip("no system Python under /usr")
    assert os.path.realpath(python).startswith("/usr/")
    if not os.path.realpath(sys.executable).startswith("/usr/"):
        assert python == bwrap_box.SYSTEM_PYTHON  # e.g. a venv over a pyenv interpreter under /root


@needs_box
def test_inside_the_box():
    code = (
        "import os\n"
        "print(os.getuid(), os.getgid(), os.getgroups())\n"
        "status = open('/proc/self/status').read()\n"
        "print([l.split()[1] for l in status.splitlines() if l.startswith(('CapEff', 'CapBnd', 'NoNewPrivs', 'Seccomp:'))])\n"
        "print(sorted(os.listdir('/')), sorted(os.listdir('/box')), os.getcwd())\n"
        "print(sorted(p for p in os.listdir('/proc') if p.isdigit()))\n"
        "print({n: os.readlink('/proc/self/ns/' + n) for n in %r})\n" % (NAMESPACES,)
    )
    result = run_in_sandbox(code, limits=FAST)
    assert result.ok, result.stderr
    ids, caps, listing, pids, namespaces = result.stdout.splitlines()
    assert ids == "65534 65534 [65534]" or ids == "65534 65534 []"
    assert caps == str(["0000000000000000", "0000000000000000", "1", "2" if code_sandbox.bubblewrap_config().seccomp else "0"])
    host_links = [n for n in bwrap_box.ROOT_ENTRIES if os.path.islink("/" + n) or os.path.isdir("/" + n)]
    root = sorted(["box", "dev", "proc", "tmp", "usr", *host_links])
    assert listing == f"{root} {sorted(['job.json', 'solution.py', 'tau-shaped-sandbox-harness.py'])} /tmp"
    assert pids == "['1', '2']"  # the box's init and the program: no other process is visible
    inside = eval(namespaces)  # noqa: S307 - our own output
    for name in NAMESPACES:
        assert inside[name] != os.readlink(f"/proc/self/ns/{name}"), f"the {name} namespace is shared with the host"


@needs_box
def test_bubblewrap_runs_as_an_unused_uid_when_the_verifier_is_root():
    config = code_sandbox.bubblewrap_config()
    if os.geteuid() != 0:
        assert config.host_ids is None
        return
    assert config.host_ids == (bwrap_box.UNPRIVILEGED_HOST_ID, bwrap_box.UNPRIVILEGED_HOST_ID)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        running = pool.submit(run_in_sandbox, "import time\ntime.sleep(1.5)", limits=FAST)
        uids = set()
        deadline, polls = time.monotonic() + 5, 0
        while not uids and (time.monotonic() < deadline or polls < 500):  # time and a count: a clock may jump
            polls += 1
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    if f"{code_sandbox.RUN_LABEL}{os.getpid()}-".encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                        uids |= set(re.search(r"^Uid:(.*)$", Path(f"/proc/{pid}/status").read_text(), re.M).group(1).split())
                except OSError:
                    continue
        assert running.result().ok
    assert uids == {str(bwrap_box.UNPRIVILEGED_HOST_ID)}  # the host sees the box's processes as nobody it knows


@needs_box
def test_the_process_limit_is_per_box_not_per_host_uid():
    hold = "import os, time\nfor _ in range(10):\n    if os.fork() == 0:\n        time.sleep(2)\n        os._exit(0)\nprint('forked')"
    limits = SandboxLimits(wall_seconds=10, cpu_seconds=5, max_processes=16)
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        results = list(pool.map(lambda _: run_in_sandbox(hold, limits=limits), range(3)))
    assert [r.stdout.strip() for r in results] == ["forked"] * 3, [r.stderr[-200:] for r in results]
    bomb = run_in_sandbox("import os\nfor _ in range(100):\n    os.fork()", limits=limits)
    assert not bomb.ok and "BlockingIOError" in bomb.stderr


@needs_box
def test_seccomp_denies_keyrings_ptrace_and_nested_namespaces():
    if not code_sandbox.bubblewrap_config().seccomp:
        pytest.skip("no seccomp filter on this machine")
    code = (
        "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
        "for nr, args in ((250, (0, -3, 0)), (101, (16, 1, 0)), (272, (0x10000000,)), (321, (0, 0, 0)), (425, (1, 0))):\n"
        "    print(nr, libc.syscall(nr, *args), ctypes.get_errno())\n"
        "print(libc.syscall(39), ctypes.get_errno())\n"  # getpid is allowed
    )
    lines = run_in_sandbox(code, limits=FAST).stdout.splitlines()
    assert lines[:5] == [f"{nr} -1 1" for nr in (250, 101, 272, 321, 425)]
    assert lines[5].split()[0] == "2"


@needs_box
def test_seccomp_denies_the_host_wide_aio_pools():
    """Linux AIO contexts count against fs.aio-max-nr for the whole host and io_uring's rings are
    kernel memory no box limit bounds: each call fails with EPERM, and the host's count of AIO
    contexts is what it was (a program that held them all would fail every io_setup on the host)."""
    if not code_sandbox.bubblewrap_config().seccomp:
        pytest.skip("no seccomp filter on this machine")
    calls = {"io_setup": 206, "io_destroy": 207, "io_getevents": 208, "io_submit": 209, "io_cancel": 210,
             "io_pgetevents": 333, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427}
    code = (
        "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nctx = ctypes.c_ulong(0)\n"
        "buf = ctypes.create_string_buffer(256)\n"
        "held = sum(libc.syscall(206, 1, ctypes.byref(ctx)) == 0 for _ in range(500))\n"
        f"for nr in {sorted(calls.values())}:\n"
        "    args = (1, ctypes.byref(ctx)) if nr == 206 else (ctx.value, 1, buf) if nr in (207, 208, 209, 210, 333) else (1, buf)\n"
        "    print(nr, libc.syscall(nr, *args), ctypes.get_errno())\n"
        "print('held', held)\n"
    )
    count = Path("/proc/sys/fs/aio-nr")
    before = int(count.read_text()) if count.exists() else None
    result = run_in_sandbox(code, limits=FAST)
    assert result.stdout.splitlines() == [f"{nr} -1 1" for nr in sorted(calls.values())] + ["held 0"], result.stderr[-300:]
    assert set(calls.items()) <= set(seccomp_filter.DENIED_X86_64.items())
    if before is not None:
        assert int(count.read_text()) <= before  # no context the box opened outlives it, none was opened


def test_seccomp_numbers_match_the_kernel_headers():
    header = Path("/usr/include/x86_64-linux-gnu/asm/unistd_64.h")
    if not header.exists():
        pytest.skip("no kernel headers here")
    numbers = dict(re.findall(r"#define __NR_(\w+) (\d+)", header.read_text()))
    for name, number in seccomp_filter.DENIED_X86_64.items():
        assert int(numbers[name]) == number, name


def test_seccomp_program_shape():
    program = seccomp_filter.build_deny_list(seccomp_filter.AUDIT_ARCH_X86_64, {"a": 5, "b": 7})
    assert len(program) == 8 * (5 + 2 + 2)  # prologue, one jump per number, allow, deny
    assert program[-8:] == seccomp_filter._insn(seccomp_filter.BPF_RET_K, 0, 0, seccomp_filter.SECCOMP_RET_ERRNO | 1)


def test_without_bubblewrap_the_verifier_refuses(monkeypatch):
    monkeypatch.setattr(code_verifier, "bubblewrap_problem", lambda: "bubblewrap (bwrap) is not installed")
    outcome = CodeVerifier().verify_outcome(DOUBLE, "print(int(input()) * 2)")
    assert (outcome.status, outcome.score, outcome.fault) == (VerifierStatus.INTERNAL_ERROR, None, "verifier")
    assert "bwrap" in outcome.metadata["error"] and outcome.metadata["isolation"] == "unavailable"
    opted = CodeVerifier(allow_unisolated=True).verify_outcome(DOUBLE, "print(int(input()) * 2)")
    assert opted.score == 1.0 and opted.metadata["isolation"] == "none (opted in)"


def test_a_missing_bwrap_is_found_by_the_probe(monkeypatch):
    monkeypatch.setattr(bwrap_box, "find_bwrap", lambda: None)
    code_sandbox.reset_probe()
    try:
        assert bubblewrap_problem() == "bubblewrap (bwrap) is not installed"
        with pytest.raises(code_sandbox.SandboxUnavailable):
            run_in_sandbox("print(1)")
        assert CodeVerifier().verify_outcome(DOUBLE, "print(4)").status == VerifierStatus.INTERNAL_ERROR
    finally:
        monkeypatch.undo()
        code_sandbox.reset_probe()


def test_unisolated_needs_an_explicit_opt_in():
    with pytest.raises(ValueError):
        CodeVerifier(isolation="none")
    with pytest.raises(ValueError):
        CodeVerifier(isolation="chroot", allow_unisolated=True)
    forced = CodeVerifier(isolation="none", allow_unisolated=True).verify_outcome(DOUBLE, "print(int(input()) * 2)")
    assert forced.score == 1.0 and forced.metadata["isolation"] == "none (opted in)"
    assert forced.metadata["network_isolated"] is False


@needs_box
def test_the_metadata_names_the_isolation():
    outcome = CodeVerifier().verify_outcome(DOUBLE, "print(int(input()) * 2)")
    assert outcome.metadata["isolation"] == "bubblewrap" and outcome.metadata["network_isolated"] is True
    bad = CodeVerifier().verify_outcome({"tests": []}, "print(1)")
    assert bad.status == VerifierStatus.INTERNAL_ERROR and bad.metadata["isolation"] == "bubblewrap"


def test_the_benchmark_script_runs():
    script = Path(__file__).resolve().parents[2] / "scripts" / "bench_sandbox.py"
    done = subprocess.run([sys.executable, str(script), "--rounds", "3"], capture_output=True, text=True, timeout=120)
    problem = bubblewrap_problem()
    # without a box the script measures the unisolated path, says why the box was not measured, exits 2
    assert done.returncode == (0 if problem is None else 2), done.stderr
    assert "unisolated" in done.stdout and "median" in done.stdout
    assert (problem is None) or f"bubblewrap: not measured, this machine cannot run the box: {problem}" in done.stdout


@needs_box
def test_the_box_dies_with_the_verifier():
    """SIGKILL the verifier mid-run: bubblewrap (--die-with-parent) and the box's pid namespace go with it."""
    token = f"tau-shaped-orphan-check-{os.getpid()}"
    # two commands: a shell given one may exec it in its place (dash here forks it; others need
    # not), and the token in its command line would go with it
    program = f'import subprocess, time\nsubprocess.Popen(["/bin/sh", "-c", "sleep 60; exit 0", {token!r}])\ntime.sleep(60)'
    # the verifier writes its threads' stacks to its stderr after 100 s (a box not started by then is
    # the flake two local CI runs saw: its stack says where the verifier waits)
    driver = (
        "import faulthandler\nfaulthandler.dump_traceback_later(100)\n"
        "from tau_shaped.verifiers.single_turn.code_sandbox import SandboxLimits, run_in_sandbox\n"
        f"run_in_sandbox({program!r}, limits=SandboxLimits(wall_seconds=60, cpu_seconds=60))\n"
    )
    def start() -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-c", driver], cwd=Path(__file__).resolve().parents[2], stderr=subprocess.PIPE, text=True
        )

    verifier = start()

    def boxed() -> list:
        found = []
        for pid in filter(str.isdigit, os.listdir("/proc")):
            if pid == str(verifier.pid):  # its own command line names the token too
                continue
            # the token as a whole argument: a child the verifier has forked but not yet exec'd carries
            # the verifier's command line, whose driver text holds the token (seen under load: a box
            # "seen" for one poll, gone at the next, and the test failed in a second)
            try:
                if token.encode() in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0") and "\nState:\tZ" not in Path(f"/proc/{pid}/status").read_text():
                    found.append(pid)
            except OSError:
                continue
        return found

    try:
        # two CI jobs share two cores: the verifier's imports and the box's first start (its probe,
        # the seccomp filter) may take a while (90 s was not enough once: a failure only waits longer)
        # a wait ends when both its time and its count of polls are spent: a machine's monotonic clock
        # was seen to jump (the 240 s "passed" within a second of the test), and a count alone would
        # end early on a machine whose sleeps return at once
        # a box not seen in 120 s is started once more with a fresh verifier (a loaded machine); the
        # failures once put down to a box not started were a forked verifier taken for the box (above)
        for attempt in range(2):
            deadline, polls = time.monotonic() + 120, 0
            while not boxed() and verifier.poll() is None and (time.monotonic() < deadline or polls < 2400):
                time.sleep(0.05)
                polls += 1
            if boxed() or verifier.poll() is not None or attempt:
                break
            verifier.kill()
            verifier.wait()
            stuck = verifier.stderr.read()[-4000:]
            warnings.warn(f"the first verifier had not started its box in 120 s; its stacks: {stuck}")
            verifier = start()
        if verifier.poll() is not None:
            pytest.fail(f"the verifier ended (exit {verifier.returncode}) before its box was seen: {verifier.stderr.read()[-2000:]}")
        if not boxed():
            verifier.kill()
            verifier.wait()
            pytest.fail(f"the box never started (two verifiers, 120 s each); the last one's stacks: {verifier.stderr.read()[-4000:]}")
        verifier.kill()
        verifier.wait()
        deadline, polls = time.monotonic() + 5, 0
        while boxed() and (time.monotonic() < deadline or polls < 100):
            time.sleep(0.05)
            polls += 1
        assert boxed() == []
    finally:
        verifier.kill()
        verifier.wait()
        for pid in boxed():  # only when the test failed: leave nothing running
            with contextlib.suppress(OSError):
                os.kill(int(pid), signal.SIGKILL)
