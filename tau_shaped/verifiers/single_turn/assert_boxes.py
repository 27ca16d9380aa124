"""Assert-style tests in two boxes: the program's, and the oracle's that never loads the program.

:func:`run_asserts` starts both at once (each a bubblewrap box with the
namespaces, filter, limits and memory cgroup of :mod:`.code_sandbox`, or both
unisolated on the opted-in path) and joins them with two pipes it creates and
then closes on its side: requests from the oracle to the program's box, answers
back. Those are the only descriptors the two share. The verdict is the oracle's
stdout, a pipe only the parent holds: the program's box has no descriptor of
it, shares no pid or user namespace with the oracle, and so cannot write, read
or signal it. The program's box gets the program and a job with no assertion
in it; the oracle's box gets the plan (``assert_oracle``) and never the
program. The run ends when the oracle has ended (the program's box is then
killed) or at the wall-clock deadline (both are killed).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import List, Tuple

from tau_shaped.verifiers.single_turn import bwrap_box, code_sandbox
from tau_shaped.verifiers.single_turn.assert_oracle import AssertPlan
from tau_shaped.verifiers.single_turn.code_sandbox import (
    BOOTSTRAP, BUBBLEWRAP, NONE, UNISOLATED_NOTE, SandboxLimits, SandboxResult, box_files, box_notes, box_result,
    bubblewrap_config, bwrap_run, collect, harness_limits, spawn,
)

HERE = Path(__file__).parent
ORACLE = HERE / "oracle_bootstrap.py"
CODEC = HERE / "box_codec.py"


@dataclass
class AssertRun:
    program: SandboxResult  # the program's box (its stdout and stderr are the program's own output)
    oracle: SandboxResult  # the oracle's box: its stdout is the report


def _jobs(plan: AssertPlan, limits: SandboxLimits, pipes: Tuple[int, int, int, int], workdir: str, solution: str,
          guard: bool, cgroup: bool) -> Tuple[bytes, bytes]:
    request_r, request_w, answer_r, answer_w = pipes
    program = code_sandbox.harness_job("asserts", workdir, solution, limits, guard, cgroup, requests=request_r, answers=answer_w)
    oracle = {**plan.job(), "limits": harness_limits(limits, cgroup), "requests": request_w, "answers": answer_r}
    return program, json.dumps(oracle).encode("utf-8")


def _pipes() -> Tuple[int, int, int, int]:
    request_r, request_w = os.pipe()
    answer_r, answer_w = os.pipe()
    return request_r, request_w, answer_r, answer_w


def _run_bubblewrap(source: str, plan: AssertPlan, limits: SandboxLimits) -> AssertRun:
    config = bubblewrap_config()
    pipes = _pipes()
    request_r, request_w, answer_r, answer_w = pipes
    program_job, oracle_job = _jobs(plan, limits, pipes, bwrap_box.WORKDIR, bwrap_box.SOLUTION, False, config.memory_cgroup)
    codec = CODEC.read_bytes()
    program_fds = box_files(config, {"harness": BOOTSTRAP.read_bytes(), "codec": codec, "job": program_job,
                                     "solution": source.encode("utf-8", errors="surrogatepass")})
    oracle_fds = box_files(config, {"harness": ORACLE.read_bytes(), "codec": codec, "limits": BOOTSTRAP.read_bytes(),
                                    "job": oracle_job})
    stdin_fd = code_sandbox.memory_file(b"")
    boxes: List[code_sandbox.Box] = []
    labels = [code_sandbox.run_label() for _ in range(2)]
    try:
        for fds, own, label in ((program_fds, (request_r, answer_w), labels[0]), (oracle_fds, (request_w, answer_r), labels[1])):
            command = bwrap_box.bwrap_command(config, fds, limits.tmp_bytes) + [label]
            boxes.append(spawn(command, stdin_fd, [*fds.values(), *own], "/", limits.memory_bytes, *bwrap_run(config)))
    except BaseException:
        for box in boxes:
            code_sandbox.finish(box)
        raise
    finally:
        for fd in [*program_fds.values(), *oracle_fds.values(), stdin_fd, *pipes]:
            os.close(fd)
    return _join(boxes, limits, BUBBLEWRAP, box_notes(config), labels)


def _join(boxes: List[code_sandbox.Box], limits: SandboxLimits, isolation: str, notes: List[str], labels: List[str]) -> AssertRun:
    program, oracle = boxes
    timed_out = collect(boxes, [oracle], limits.output_bytes, min(b.start for b in boxes) + limits.wall_seconds)
    oracle_result = box_result(oracle, timed_out, isolation, notes, labels[1])
    program_result = box_result(program, timed_out, isolation, notes, labels[0])
    return AssertRun(program=program_result, oracle=oracle_result)


def _run_unisolated(source: str, plan: AssertPlan, limits: SandboxLimits) -> AssertRun:
    with tempfile.TemporaryDirectory(prefix="tau-shaped-sandbox-") as workdir:
        solution = Path(workdir) / "solution.py"
        solution.write_text(source, encoding="utf-8", errors="surrogatepass")
        pipes = _pipes()
        request_r, request_w, answer_r, answer_w = pipes
        program_job, oracle_job = _jobs(plan, limits, pipes, workdir, str(solution), True, True)  # no tmpfs to count
        (Path(workdir) / "job.json").write_bytes(program_job)
        oracle_dir = Path(tempfile.mkdtemp(prefix="oracle-", dir=workdir))
        (oracle_dir / "job.json").write_bytes(oracle_job)
        stdin_fd = code_sandbox.memory_file(b"")
        boxes: List[code_sandbox.Box] = []
        labels = [code_sandbox.run_label() for _ in range(2)]
        try:
            for harness, job, own, cwd, label in (
                (BOOTSTRAP, Path(workdir) / "job.json", (request_r, answer_w), workdir, labels[0]),
                (ORACLE, oracle_dir / "job.json", (request_w, answer_r), str(oracle_dir), labels[1]),
            ):
                command = [sys.executable, "-I", "-S", "-B", str(harness), str(job), label]
                boxes.append(spawn(command, stdin_fd, own, cwd, limits.memory_bytes, None, None))
        except BaseException:
            for box in boxes:
                code_sandbox.finish(box)
            raise
        finally:
            for fd in [stdin_fd, *pipes]:
                os.close(fd)
        return _join(boxes, limits, NONE, [UNISOLATED_NOTE], labels)


def run_asserts(source: str, plan: AssertPlan, limits: SandboxLimits = SandboxLimits(), *, isolation: str = BUBBLEWRAP) -> AssertRun:
    """Run the program against the plan's statements; see the module docstring."""
    if isolation == BUBBLEWRAP:
        return _run_bubblewrap(source, plan, limits)
    if isolation == NONE:
        return _run_unisolated(source, plan, limits)
    raise ValueError(f"unknown isolation {isolation!r} (use {BUBBLEWRAP!r} or {NONE!r})")
