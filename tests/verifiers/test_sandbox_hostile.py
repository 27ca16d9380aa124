"""The hostile corpus (issue 17): every program in tests/verifiers/hostile_programs/ against the code verifier.

The programs are templates (``*.py.in``: not Python until filled in). Each
starts with ``#`` header lines: ``hostile:`` what it tries, ``prompt:`` the
prompt as JSON (default: one stdin/stdout case whose expected output is a
token that never enters the box), ``expect:`` the score (default 0),
``linger:`` seconds to wait for processes it leaves behind. ``@@NAME@@`` in a
file is replaced before the run (parent pid, marker directory, ports, ...).

For every program the test checks the verdict and containment:

- nothing is written outside the box: the marker directory (world-writable, in
  the host's /tmp) stays empty, also after ``linger`` seconds;
- nothing is left running: no process whose command line holds the test's
  token (programs put it in what they exec) or the label of this process's box
  runs (forked children keep it); zombies, which the host's init reaps, aside;
- the parent is alive and so is a victim process whose pid the program gets;
- nothing of the parent's is read: the secret in the parent's environment, a
  world-readable secret file in the host's /tmp, the test's expected answers
  (written world-readable beside it) and the project's sources never appear in
  the program's output or in the outcome;
- nothing reached the parent's listeners (TCP, UDP, an abstract unix socket,
  a unix socket file).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tau_shaped.verifiers.protocol import VerifierStatus
from tau_shaped.verifiers.single_turn import code_verifier
from tau_shaped.verifiers.single_turn.code_sandbox import RUN_LABEL, bubblewrap_config, bubblewrap_problem
from tau_shaped.verifiers.single_turn.memory_cgroup import find_hierarchy

pytestmark = pytest.mark.skipif(bubblewrap_problem() is not None and not os.environ.get("CI"), reason=f"no sandbox here: {bubblewrap_problem()}")

CORPUS = Path(__file__).with_name("hostile_programs")
PROGRAMS = sorted(CORPUS.glob("*.py.in"))
PROJECT = Path(__file__).resolve().parents[2]
PROJECT_CANARY = "class VerifierFault(Exception)"  # a line of protocol.py no program spells out
LIMITS = {"wall_seconds": 3, "cpu_seconds": 2, "memory_bytes": 256 << 20}
OWN_RUNS = f"{RUN_LABEL}{os.getpid()}-".encode()  # this process's box runs (others may run boxes too)


def header(text: str) -> dict:
    fields = {}
    for line in text.splitlines():
        match = re.match(r"#\s*(hostile|prompt|expect|linger|verdict):\s*(.*)", line)
        if not match:
            break
        fields[match.group(1)] = match.group(2).strip()
    return fields


def leftovers(token: str) -> list:
    """Live (non-zombie) processes that come from a box run."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        state = re.search(r"^State:\s*(\S)", status, re.M)
        if state and state.group(1) == "Z":
            continue
        if token.encode() in cmdline or OWN_RUNS in cmdline:
            found.append((pid, cmdline[:120]))
    return found


@pytest.fixture(scope="module")
def world():
    """What the programs aim at: a victim process, listeners, a marker dir, a planted secret file."""
    base = Path(tempfile.mkdtemp(prefix="tau-shaped-hostile-", dir="/tmp"))
    base.chmod(0o755)
    secret_file = base / "planted" / "secret.txt"
    secret_file.parent.mkdir()
    secret_file.parent.chmod(0o755)
    file_secret = _token("file-secret", base.name)
    secret_file.write_text(file_secret)
    secret_file.chmod(0o644)
    victim = subprocess.Popen(["sleep", "3600"])
    tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(8)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    abstract_name = "tau-shaped-hostile-" + _token("abstract", base.name, n=8)
    abstract = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    abstract.bind("\0" + abstract_name)
    abstract.listen(8)
    unix_path = base / "planted" / "listener.sock"
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    unix.bind(str(unix_path))
    unix_path.chmod(0o777)
    unix.listen(8)
    for sock in (tcp, udp, abstract, unix):
        sock.setblocking(False)
    yield {
        "base": base, "secret_file": secret_file, "file_secret": file_secret, "victim": victim,
        "tcp": tcp, "udp": udp, "abstract": abstract, "abstract_name": abstract_name, "unix": unix, "unix_path": unix_path,
    }
    victim.kill()
    victim.wait()
    for sock in (tcp, udp, abstract, unix):
        sock.close()
    shutil.rmtree(base, ignore_errors=True)


def _token(*parts: object, n: int = 16) -> str:
    """A deterministic hex token (no unseeded randomness): the box cannot read the test's source
    or the host's memory, so a token it was never given is as good as a random one."""
    return hashlib.sha256(":".join(map(str, ("tau-shaped-hostile",) + parts)).encode()).hexdigest()[:n]


def nothing_reached(sock: socket.socket) -> bool:
    try:
        if sock.type == socket.SOCK_DGRAM:
            sock.recvfrom(65536)
        else:
            sock.accept()[0].close()
    except BlockingIOError:
        return True
    return False


def test_the_run_is_as_privileged_as_expected():
    """Root with cgroup rights runs each box in a memory cgroup; the unprivileged run (see
    test_sandbox_unprivileged) has none and relies on the rlimit bound."""
    config = bubblewrap_config()
    if os.environ.get("TAU_SHAPED_EXPECT_UNPRIVILEGED"):
        assert os.geteuid() != 0 and os.getegid() != 0 and os.getgroups() == []
        assert not config.memory_cgroup and find_hierarchy() is None
    elif os.geteuid() == 0 and find_hierarchy() is not None:
        assert config.memory_cgroup


def test_the_corpus_is_big_enough_and_well_formed():
    assert len(PROGRAMS) >= 190
    names = {p.name[: -len(".py.in")] for p in PROGRAMS}
    assert len([n for n in names if n.startswith("issue27_")]) == 8  # the programs quoted in issue 27
    assert "honest_issue27_range_map_math_sorted" in names
    # issue 44: exceptions that end the oracle's iterations, objects that answer comparisons, AIO
    assert len([n for n in names if n.startswith("issue44_")]) >= 45
    assert {"honest_issue44_iteration_forms", "honest_issue44_own_stopiteration_inside", "issue44_aio_exhaust"} <= names
    for path in PROGRAMS:
        fields = header(path.read_text())
        assert fields.get("hostile"), f"{path.name}: no '# hostile:' line"
        assert PROJECT_CANARY not in path.read_text()


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.name[: -len(".py.in")] for p in PROGRAMS])
def test_hostile_program_is_contained(path, world, monkeypatch):
    token = "tok" + _token("token", path.name, world["base"].name, n=8)
    env_secret = _token("env", path.name)
    hidden = "answer-" + _token("hidden", path.name, n=8)
    hidden_int = 10**12 + int(_token("int", path.name, n=10), 16) % 10**12
    monkeypatch.setenv("TAU_SHAPED_SECRET", env_secret)
    markers = Path(tempfile.mkdtemp(prefix="markers-", dir=world["base"]))
    markers.chmod(0o777)
    values = {
        "PARENT_PID": os.getpid(), "VICTIM_PID": world["victim"].pid, "MARKER_DIR": markers, "TOKEN": token,
        "PORT": world["tcp"].getsockname()[1], "UDP_PORT": world["udp"].getsockname()[1], "PROJECT": PROJECT,
        "ABSTRACT": world["abstract_name"], "UNIX_SOCKET": world["unix_path"], "SECRET_FILE": world["secret_file"],
        "SECRET_NAME": "TAU_SHAPED_SECRET", "HIDDEN": hidden, "HIDDEN_INT": hidden_int,
    }

    def fill(text: str) -> str:
        return re.sub(r"@@([A-Z_]+)@@", lambda m: str(values[m.group(1)]), text)

    answers = world["secret_file"].with_name("expected.json")  # the test's answers on the host's disk, readable by all
    answers.write_text(json.dumps({"output": hidden, "asserts": [f"assert mystery(7) == {hidden_int}"]}))
    answers.chmod(0o644)
    text = path.read_text()
    fields = header(text)
    prompt = json.loads(fill(fields.get("prompt", '{"tests": [{"input": "", "output": "@@HIDDEN@@"}]}')))
    prompt.setdefault("limits", LIMITS)
    seen = []
    real_run = code_verifier.run_in_sandbox

    def recording_run(*args, **kwargs):
        result = real_run(*args, **kwargs)
        seen.append(result)
        return result

    real_asserts = code_verifier.run_asserts

    def recording_asserts(*args, **kwargs):
        run = real_asserts(*args, **kwargs)
        seen.extend([run.program, run.oracle])
        return run

    monkeypatch.setattr(code_verifier, "run_in_sandbox", recording_run)
    monkeypatch.setattr(code_verifier, "run_asserts", recording_asserts)
    start = time.monotonic()
    body = "\n".join(text.splitlines()[len(fields):])  # the header (the prompt, its answers) stays out
    outcome = code_verifier.CodeVerifier().verify_outcome(prompt, fill(body))
    elapsed = time.monotonic() - start

    expected = float(fields.get("expect", "0"))
    assert outcome.score == expected, (outcome.status, outcome.metadata)
    if "verdict" in fields:  # e.g. "error memory": the case's verdict, the limit that ended it, and why
        verdict, limit = fields["verdict"].split()
        case = outcome.metadata["cases"][0]
        assert (case["verdict"], case["limit_hit"]) == (verdict, limit), case
        assert case["reason"], case
    assert outcome.status != VerifierStatus.INTERNAL_ERROR, outcome.metadata
    assert outcome.metadata["isolation"] == "bubblewrap"
    assert elapsed < 3 * LIMITS["wall_seconds"] + 5
    time.sleep(float(fields.get("linger", "0")))
    deadline, polls = time.monotonic() + 5, 0
    while leftovers(token) and (time.monotonic() < deadline or polls < 50):  # time and a count: a clock may jump
        time.sleep(0.1)
        polls += 1
    assert leftovers(token) == []
    assert list(markers.iterdir()) == [], "a program wrote outside its box"
    assert world["victim"].poll() is None, "the victim process was killed"
    box_output = "".join(r.stdout + r.stderr for r in seen)
    for leaked in (env_secret, world["file_secret"], PROJECT_CANARY, hidden, str(hidden_int)):
        assert leaked not in box_output, f"{leaked!r} leaked into the box's output"
    reported = json.dumps(outcome.model_dump(mode="json"))  # holds the prompt's assertions, so not `hidden`
    for leaked in (env_secret, world["file_secret"], PROJECT_CANARY):
        assert leaked not in reported, f"{leaked!r} leaked into the outcome"
    for name in ("tcp", "udp", "abstract", "unix"):
        assert nothing_reached(world[name]), f"the program reached the parent's {name} listener"
