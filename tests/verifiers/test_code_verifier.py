"""The code-execution verifier and its sandbox (issues 6 and 17), against hostile code.

Every hostile program must fail (score 0, or a timeout that is the policy's
fault), finish within its limits, leave no process running and write nothing
outside its box. The bigger hostile corpus is in test_sandbox_hostile.py.
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tau_shaped.verifiers.single_turn.code_sandbox import SandboxLimits, bubblewrap_problem, run_in_sandbox
from tau_shaped.verifiers.single_turn.code_verifier import CodeVerifier, extract_code, normalize_output
from tau_shaped.verifiers.protocol import VerifierStatus

pytestmark = pytest.mark.skipif(bubblewrap_problem() is not None, reason=f"no sandbox here: {bubblewrap_problem()}")

FAST = {"wall_seconds": 2, "cpu_seconds": 2}
DOUBLE = {"tests": [{"input": "2\n", "output": "4"}, {"input": "5", "output": "10\n"}], "limits": FAST}


def sandbox_processes():
    """Processes still running from a sandbox run (their command line names its directory)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if f"tau-shaped-sandbox-run-{os.getpid()}-".encode() in cmdline:  # this process's runs only
            found.append(pid)
    return found


def sandbox_dirs():
    return [name for name in os.listdir(tempfile.gettempdir()) if name.startswith("tau-shaped-sandbox-")]


@pytest.fixture(autouse=True)
def nothing_left_behind():
    before = set(sandbox_dirs())
    yield
    deadline = time.time() + 5
    while sandbox_processes() and time.time() < deadline:
        time.sleep(0.05)
    assert sandbox_processes() == []
    assert set(sandbox_dirs()) <= before


@pytest.fixture(scope="module")
def verifier():
    return CodeVerifier()


def test_correct_wrong_and_partial_solutions(verifier):
    right = verifier.verify_outcome(DOUBLE, "Here:\n```python\nprint(int(input()) * 2)\n```\n")
    assert (right.status, right.score) == (VerifierStatus.VERIFIED, 1.0)
    assert right.metadata["passed"] == 2 and all(c["passed"] for c in right.metadata["cases"])
    wrong = verifier.verify_outcome(DOUBLE, "print(int(input()) * 3)")
    assert (wrong.status, wrong.score, wrong.fault) == (VerifierStatus.INVALID, 0.0, "policy")
    assert verifier.verify(DOUBLE, "print(int(input()) + 2)") == 0.5  # 2+2 == 4, 5+2 != 10
    crash = verifier.verify_outcome(DOUBLE, "raise SystemExit(3)")
    assert crash.score == 0.0 and crash.metadata["cases"][0]["exit_code"] == 3


def test_asserts_run_after_the_code(verifier):
    prompt = {"asserts": ["assert square(3) == 9", "assert square(-2) == 4"], "limits": FAST}
    assert verifier.verify(prompt, "def square(x):\n    return x * x") == 1.0
    assert verifier.verify(prompt, "def square(x):\n    return x + x") == 0.0
    both = {**DOUBLE, "asserts": ["assert f(3) == 6"]}  # three cases: two stdin/stdout, one assert program
    code = "import sys\ndef f(x):\n    return 2 * x\ndata = sys.stdin.read().strip()\nif data:\n    print(f(int(data)))"
    assert verifier.verify(both, code) == 1.0
    assert verifier.verify(both, code.replace("if data:", "if data and False:")) == pytest.approx(1 / 3)


def test_extraction_and_output_normalization():
    assert extract_code("a\n```py\nx = 1\n```\nb\n```python\ny = 2\n```") == "y = 2"
    assert extract_code("print(1)") == "print(1)"
    assert normalize_output("1  \n2\t\n\n") == normalize_output("1\n2") == "1\n2"
    assert normalize_output("1\n 2") != normalize_output("1\n2")


def test_infinite_loop_is_killed_and_is_the_policys_timeout(verifier):
    start = time.perf_counter()
    outcome = verifier.verify_outcome({"tests": [{"input": "", "output": "1"}], "limits": {"wall_seconds": 1, "cpu_seconds": 5}}, "while True:\n    pass")
    assert time.perf_counter() - start < 4
    assert (outcome.status, outcome.score, outcome.fault) == (VerifierStatus.TIMEOUT, 0.0, "policy")


def test_cpu_limit():
    result = run_in_sandbox("while True:\n    pass", limits=SandboxLimits(wall_seconds=5, cpu_seconds=1))
    assert result.limit_hit in ("cpu", "wall") and not result.ok


@pytest.mark.parametrize(
    "bomb, score",
    [
        ("import os\nwhile True:\n    os.fork()", 0.0),
        ("import subprocess\nwhile True:\n    subprocess.Popen(['sleep', '60'])", 0.0),
        ("import multiprocessing\ndef f():\n    import time; time.sleep(60)\nwhile True:\n    multiprocessing.Process(target=f).start()", 0.0),
        ("import ctypes\nctypes.CDLL(None).fork()", 0.0),  # both processes print: "done" twice
        # one child is allowed inside the box; it dies with the box when the program ends
        ("import os\nos.posix_spawn('/bin/sleep', ['sleep', '60'], {})", 1.0),
        ("import os\nos.system('sleep 60 &')", 1.0),
    ],
    ids=["fork", "subprocess", "multiprocessing", "ctypes", "posix_spawn", "system"],
)
def test_fork_bombs_and_children_die_with_the_box(verifier, bomb, score):
    start = time.perf_counter()
    outcome = verifier.verify_outcome({"tests": [{"input": "", "output": "done"}], "limits": FAST}, bomb + "\nprint('done')")
    assert time.perf_counter() - start < 4
    assert outcome.score == score and outcome.metadata["isolation"] == "bubblewrap"


def test_memory_hog_fails_without_hurting_the_parent(verifier):
    outcome = verifier.verify_outcome({"tests": [{"input": "", "output": "ok"}], "limits": {**FAST, "memory_bytes": 256 << 20}},
                                      "x = bytearray(10 ** 10)\nprint('ok')")
    assert outcome.score == 0.0 and outcome.metadata["cases"][0]["limit_hit"] == "memory"
    grow = run_in_sandbox("a = []\nwhile True:\n    a.append(' ' * 10**6)", limits=SandboxLimits(memory_bytes=256 << 20, **FAST))
    assert not grow.ok and grow.limit_hit in ("memory", "wall")


def test_writing_outside_its_box_reaches_nothing(verifier, tmp_path):
    marker = f"escape-{os.getpid()}-{time.time_ns()}"
    targets = [Path(tempfile.gettempdir()) / f"{marker}.txt", tmp_path / f"{marker}.txt", Path.home() / f"{marker}.txt"]
    attempts = "\n".join(
        f"try:\n    open({str(t)!r}, 'w').write('x')\n    print('wrote')\nexcept Exception as e:\n    print(type(e).__name__)"
        for t in targets
    )
    attempts += f"\ntry:\n    open('../{marker}.txt', 'w').write('x')\nexcept Exception as e:\n    print(type(e).__name__)"
    attempts += "\nopen('inside.txt', 'w').write('fine')\nprint(open('inside.txt').read())"
    result = run_in_sandbox(attempts, limits=SandboxLimits(**FAST))
    # /tmp in the box is its own tmpfs: that write lands there and vanishes with the box
    assert result.stdout.split() == ["wrote", "FileNotFoundError", "FileNotFoundError", "OSError", "fine"], result.stderr
    for target in targets:
        assert not target.exists()


def test_sockets_reach_nothing(verifier):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(0.5)
    port = listener.getsockname()[1]
    code = (
        "import socket\n"
        "for target in [('127.0.0.1', %d), ('localhost', %d)]:\n"
        "    try:\n"
        "        socket.create_connection(target, timeout=1)\n"
        "        print('connected')\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__)\n" % (port, port)
    )
    result = run_in_sandbox(code, limits=SandboxLimits(**FAST))
    assert result.ok and "connected" not in result.stdout and len(result.stdout.split()) == 2
    with pytest.raises(socket.timeout):
        listener.accept()
    listener.close()


def test_network_namespace_has_only_loopback():
    result = run_in_sandbox("print(open('/proc/self/net/dev').read().count(':'))", limits=SandboxLimits(**FAST))
    assert result.network_isolated and result.ok
    assert int(result.stdout.strip()) <= 1  # only the box's own loopback


def test_environment_secrets_are_not_visible(monkeypatch):
    monkeypatch.setenv("TAU_SHAPED_TEST_SECRET", "s3cr3t-value")
    code = (
        "import os\nprint(sorted(os.environ.items()))\n"
        "try:\n    print(open('/proc/%d/environ', 'rb').read())\nexcept Exception as e:\n    print(type(e).__name__)\n" % os.getpid()
    )
    result = run_in_sandbox(code, limits=SandboxLimits(**FAST))
    assert result.ok and "s3cr3t-value" not in result.stdout and "TAU_SHAPED_TEST_SECRET" not in result.stdout
    assert "FileNotFoundError" in result.stdout or "PermissionError" in result.stdout


def test_output_flood_is_capped():
    result = run_in_sandbox("while True:\n    print('x' * 1000)", limits=SandboxLimits(output_bytes=10_000, file_size_bytes=1 << 20, **FAST))
    assert not result.ok and len(result.stdout) <= 10_000 and result.limit_hit in ("output", "wall")


def test_runs_from_a_thread(verifier):
    found = []
    thread = threading.Thread(target=lambda: found.append(verifier.verify(DOUBLE, "print(int(input()) * 2)")))
    thread.start()
    thread.join(timeout=30)
    assert found == [1.0]


def test_bad_prompts_abstain(verifier):
    assert verifier.verify_outcome({"tests": []}, "print(1)").status == VerifierStatus.INTERNAL_ERROR
    unknown = verifier.verify_outcome({"tests": [{"input": "", "output": ""}], "limits": {"gpu": 1}}, "pass")
    assert unknown.status == VerifierStatus.INTERNAL_ERROR and "gpu" in unknown.metadata["error"]
