"""Memory really bounded (issue 27): a cgroup per box where the machine allows, the rlimit bound elsewhere."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.verifiers.single_turn import memory_cgroup, seccomp_filter
from tau_shaped.verifiers.single_turn.code_sandbox import SandboxLimits, bubblewrap_config, bubblewrap_problem, run_in_sandbox
from tau_shaped.verifiers.single_turn.code_verifier import CodeVerifier
from tau_shaped.verifiers.single_turn.memory_cgroup import PREFIX, Hierarchy, RunCgroup, find_hierarchy, remove_stale

needs_box = pytest.mark.skipif(bubblewrap_problem() is not None and not os.environ.get("CI"), reason=f"no sandbox here: {bubblewrap_problem()}")
MEMFD_BOMB = """
import os
files = []
for n in range(40):
    fd = os.memfd_create("bomb-%d" % n)
    for _ in range(15):
        os.write(fd, b"\\xff" * (1 << 20))
    files.append(fd)
print("survived", len(files))
"""


def _run(program: bytes, nr: int, arch: int = seccomp_filter.AUDIT_ARCH_X86_64) -> int:
    """A small interpreter for the classic BPF the filter uses, on one seccomp_data."""
    data = {seccomp_filter.OFFSET_NR: nr, seccomp_filter.OFFSET_ARCH: arch}
    insns = [struct.unpack("=HBBI", program[i:i + 8]) for i in range(0, len(program), 8)]
    pc, acc = 0, 0
    while True:
        code, jt, jf, k = insns[pc]
        if code == seccomp_filter.BPF_LD_W_ABS:
            acc = data[k]
        elif code == seccomp_filter.BPF_RET_K:
            return k
        elif code in (seccomp_filter.BPF_JEQ_K, seccomp_filter.BPF_JGE_K):
            taken = acc == k if code == seccomp_filter.BPF_JEQ_K else acc >= k
            pc += jt if taken else jf
        pc += 1


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=600) | st.sampled_from(sorted(seccomp_filter.DENIED_X86_64.values()) + [319]))
def test_the_filter_kills_memfd_only_without_a_cgroup(nr):
    denied = set(seccomp_filter.DENIED_X86_64.values())
    errno = seccomp_filter.SECCOMP_RET_ERRNO | seccomp_filter.EPERM
    for with_cgroup in (True, False):
        verdict = _run(seccomp_filter.deny_list_program(memory_cgroup=with_cgroup), nr)
        if nr == 319 and not with_cgroup:
            assert verdict == seccomp_filter.SECCOMP_RET_KILL_PROCESS
        else:
            assert verdict == (errno if nr in denied else seccomp_filter.SECCOMP_RET_ALLOW), (nr, with_cgroup)
    assert _run(seccomp_filter.deny_list_program(False), 0, arch=0x40000003) == errno  # another ABI
    assert _run(seccomp_filter.deny_list_program(False), 319 | seccomp_filter.X32_SYSCALL_BIT) == errno


def _fake_v1(tmp_path: Path) -> Hierarchy:
    """A directory laid out like a cgroup v1 memory hierarchy (the kernel makes the files; here we do)."""
    (tmp_path / "memory.limit_in_bytes").write_text("9223372036854771712\n")
    return Hierarchy(1, tmp_path)


def test_a_run_cgroup_sets_its_limits_reads_its_kills_and_goes(tmp_path, monkeypatch):
    hierarchy = _fake_v1(tmp_path)
    made = []
    real_mkdir = Path.mkdir

    def mkdir_with_files(self, *args, **kwargs):  # the kernel's files in a new cgroup
        real_mkdir(self, *args, **kwargs)
        for name in ("memory.limit_in_bytes", "memory.memsw.limit_in_bytes", "cgroup.procs"):
            (self / name).write_text("")
        (self / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 0\n")
        made.append(self)

    monkeypatch.setattr(Path, "mkdir", mkdir_with_files)
    cgroup = RunCgroup(hierarchy, 123 << 20)
    assert cgroup.path.name.startswith(f"{PREFIX}{os.getpid()}-")
    assert (cgroup.path / "memory.limit_in_bytes").read_text() == str(123 << 20)
    assert (cgroup.path / "memory.memsw.limit_in_bytes").read_text() == str(123 << 20)
    assert cgroup.oom_killed() is False
    (cgroup.path / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 2\n")
    assert cgroup.oom_killed() is True
    for name in list(cgroup.path.iterdir()):
        name.unlink()
    cgroup.remove()
    assert not cgroup.path.exists() and made == [cgroup.path]


def test_leftovers_of_dead_verifiers_are_removed_and_live_ones_kept(tmp_path):
    dead = tmp_path / f"{PREFIX}999999999-3"  # no such pid
    alive = tmp_path / f"{PREFIX}{os.getppid()}-1"
    mine = tmp_path / f"{PREFIX}{os.getpid()}-1"
    other = tmp_path / "someone-else"
    for path in (dead, alive, mine, other):
        path.mkdir()
    remove_stale(tmp_path)
    assert not dead.exists() and alive.exists() and mine.exists() and other.exists()


def test_the_gate_runs_the_command_only_once_opened():
    read_end, write_end = os.pipe()
    command = memory_cgroup.gated(["echo", "through"], read_end)
    import subprocess

    process = subprocess.Popen(command, stdout=subprocess.PIPE, pass_fds=(read_end,))
    os.close(read_end)
    os.close(write_end)  # never opened: the shell leaves without running the command
    assert process.communicate(timeout=10)[0] == b"" and process.returncode != 0
    read_end, write_end = os.pipe()
    process = subprocess.Popen(memory_cgroup.gated(["echo", "through"], read_end), stdout=subprocess.PIPE, pass_fds=(read_end,))
    os.close(read_end)
    os.write(write_end, b"go\n")
    os.close(write_end)
    assert process.communicate(timeout=10)[0] == b"through\n" and process.returncode == 0


@needs_box
def test_a_memfd_bomb_is_killed_and_judged_an_error_with_its_reason():
    outcome = CodeVerifier().verify_outcome({"tests": [{"input": "", "output": "survived 40"}],
                                             "limits": {"memory_bytes": 512 << 20, "wall_seconds": 8}}, MEMFD_BOMB)
    case = outcome.metadata["cases"][0]
    assert outcome.score == 0.0 and case["verdict"] == "error" and case["limit_hit"] == "memory"
    assert "survived" not in case["stderr_tail"]
    if bubblewrap_config().memory_cgroup:
        assert "cgroup" in case["reason"] and "killed" in case["reason"]
    else:
        assert "memfd_create" in case["reason"]


@needs_box
def test_memory_spread_over_tmpfs_and_heap_is_bounded_together():
    program = ("for n in range(200):\n    open('/tmp/f%d' % n, 'wb').write(b'x' * (1 << 20))\n"
               "blocks = [bytearray(1 << 20) for _ in range(400)]\nprint('survived')")
    result = run_in_sandbox(program, limits=SandboxLimits(memory_bytes=512 << 20, tmp_bytes=256 << 20, wall_seconds=8))
    assert result.limit_hit == "memory" and "survived" not in result.stdout, (result.limit_reason, result.stderr[-300:])
    honest = run_in_sandbox("open('/tmp/f', 'wb').write(b'x' * (10 << 20))\nblocks = bytearray(100 << 20)\nprint('fine')",
                            limits=SandboxLimits(memory_bytes=512 << 20, wall_seconds=8))
    assert honest.ok and honest.stdout.strip() == "fine", honest.stderr[-300:]


@needs_box
def test_as_root_every_box_gets_a_cgroup_and_none_is_left_behind():
    hierarchy = find_hierarchy()
    if os.geteuid() != 0 or hierarchy is None:
        pytest.skip("no cgroup rights here: the rlimit bound applies (test_sandbox_unprivileged)")
    assert bubblewrap_config().memory_cgroup
    result = run_in_sandbox("print(open('/proc/self/cgroup').read())", limits=SandboxLimits(wall_seconds=5))
    assert result.ok
    assert not [p for p in hierarchy.parent.iterdir() if p.name.startswith(f"{PREFIX}{os.getpid()}-")]


def test_a_cgroup_still_busy_is_removed_later(tmp_path, monkeypatch):
    busy = tmp_path / f"{PREFIX}{os.getpid()}-99"
    busy.mkdir()
    (busy / "cgroup.procs").write_text("")  # as a cgroup with a process still going: rmdir fails
    cgroup = RunCgroup.__new__(RunCgroup)
    cgroup.path = busy
    monkeypatch.setattr(memory_cgroup, "REMOVE_SECONDS", 0.05)
    monkeypatch.setattr(memory_cgroup, "_pending", [])
    cgroup.remove()
    assert busy.exists() and memory_cgroup._pending == [busy]
    memory_cgroup.retry_pending()
    assert busy.exists() and memory_cgroup._pending == [busy]  # still busy: still pending
    (busy / "cgroup.procs").unlink()
    memory_cgroup.retry_pending()
    assert not busy.exists() and memory_cgroup._pending == []
