"""The hostile corpus as an unprivileged user (issue 27): no cgroup rights, the rlimit bound.

Run as root (as CI does), this test runs ``tests/verifiers/test_sandbox_hostile.py`` again in a
child pytest as uid/gid 65534 with no supplementary groups (``setpriv``), so the whole
corpus is judged both ways: with a memory cgroup per box (root) and with the
kernel-enforced bound that needs no privilege (see ``memory_cgroup``). The child
checks it really is unprivileged and without a cgroup
(``test_the_run_is_as_privileged_as_expected``). As an unprivileged user already,
the ordinary run of the corpus is the unprivileged one and this test has nothing
to add.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tau_shaped.verifiers.single_turn.code_sandbox import bubblewrap_problem

PROJECT = Path(__file__).resolve().parents[2]
CORPUS_TEST = Path(__file__).with_name("test_sandbox_hostile.py")
NOBODY = "65534"
SETPRIV = shutil.which("setpriv")

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="already unprivileged: the ordinary corpus run is the unprivileged one"),
    pytest.mark.skipif(SETPRIV is None, reason="setpriv (util-linux) is not installed"),
    pytest.mark.skipif(bubblewrap_problem() is not None and not os.environ.get("CI"), reason=f"no sandbox here: {bubblewrap_problem()}"),
]


def _as_nobody(command, env, cwd):
    return subprocess.run([SETPRIV, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *command],
                          env=env, cwd=cwd, capture_output=True, text=True, timeout=900)


@pytest.fixture()
def readable_copy():
    """The package and the corpus test, copied where uid 65534 can read them (a checkout may sit
    in a private folder: CI's clone is in a mode-0700 temporary directory)."""
    base = Path(tempfile.mkdtemp(prefix="tau-shaped-unprivileged-"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(PROJECT / "tau_shaped", base / "tau_shaped", ignore=ignore)
    shutil.copytree(CORPUS_TEST.with_name("hostile_programs"), base / "tests" / "verifiers" / "hostile_programs", ignore=ignore)
    for name in ("tests/conftest.py", "tests/verifiers/test_sandbox_hostile.py", "pyproject.toml"):
        shutil.copy(PROJECT / name, base / name)
    for path in [base, *base.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    yield base
    shutil.rmtree(base, ignore_errors=True)


def _interpreter(copy):
    """An interpreter uid 65534 can run with the package and its dependencies importable: ours,
    or the system's of the same version (ours may live under a private home, as pyenv's does)."""
    paths = [str(copy)] + [p for p in sys.path if p and os.path.isdir(p) and Path(p).resolve() != PROJECT]
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}
    for name in ("CI", "TAU_SHAPED_CI_JOB"):  # the child's CI guard knows which job it is in
        if os.environ.get(name):
            env[name] = os.environ[name]
    version = "%d.%d" % sys.version_info[:2]
    failures = []
    for python in (sys.executable, f"/usr/bin/python{version}", "/usr/bin/python3"):
        try:
            probe = _as_nobody([python, "-c", "import subprocess, sys, pytest, tau_shaped; "
                                f"assert '%d.%d' % sys.version_info[:2] == {version!r}; "
                                f"assert tau_shaped.__file__.startswith({str(copy)!r}); "
                                "subprocess.run([sys.executable, '-c', ''], check=True)"], env, copy)
        except (OSError, subprocess.TimeoutExpired) as exc:
            failures.append(f"{python}: {exc}")
            continue
        if probe.returncode == 0:
            return python, env
        failures.append(f"{python}: {probe.stderr.strip()[-300:]}")
    pytest.fail(f"no Python {version} that uid {NOBODY} can run with the package importable: {failures}")


def test_the_hostile_corpus_as_an_unprivileged_user(readable_copy):
    python, env = _interpreter(readable_copy)
    env["TAU_SHAPED_EXPECT_UNPRIVILEGED"] = "1"
    done = _as_nobody([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/verifiers/test_sandbox_hostile.py"], env, readable_copy)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-2000:]
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    passed = re.search(r"(\d+) passed", summary)
    programs = len(list(CORPUS_TEST.with_name("hostile_programs").glob("*.py.in")))
    assert passed and int(passed.group(1)) >= programs + 2, summary  # every program, the corpus check, the privilege check
    assert "skipped" not in summary and "failed" not in summary, summary
