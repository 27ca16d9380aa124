"""Code execution: run the response's program against the prompt's test cases, in the box.

``prompt`` is a dict with any of:

- ``tests``: ``[{"input": "...", "output": "..."}]``, stdin/stdout cases, one
  box run each; a case passes when the program exits 0 within its limits *and*
  its stdout equals the expected output after trailing whitespace is removed
  from every line and trailing blank lines are dropped. Only the program and
  the input enter the box; the parent compares the output;
- ``asserts``: ``["assert f(2) == 4", ...]``, one case: the response's code
  runs to its end in its box, and every statement runs in an oracle's box that
  never loads the program and asks the program's box only for the program's
  values, as plain data (:mod:`.assert_oracle`, :mod:`.assert_boxes`); it
  passes when every statement holds. The expected side, the comparison and
  the verdict never enter the program's box: an exit status, an ``atexit``
  hook, a patched builtin, a trace function, a forged report or an object
  claiming to equal everything cannot pass them;
- ``limits``: overrides of :class:`~.code_sandbox.SandboxLimits` fields.

``response`` is text; the code is the last fenced block (```` ```python ````
or plain ```` ``` ````), else the whole text. The score is the fraction of
cases passed. A case that times out or hits a limit fails; when every case
failed and one of them ran out of time, the outcome is the response's timeout
(status ``timeout``, score 0, the policy's fault). Each case says its
``verdict``: ``pass``, ``fail`` (it ran and was wrong), or ``error`` (a limit
ended it: ``limit_hit`` and ``reason`` say which and why, e.g. a memory bomb
the kernel killed).

Isolation: the code runs under bubblewrap (:mod:`.code_sandbox`). Where the
machine cannot run it, the verifier refuses (``internal_error``, score None,
the reason in the metadata) unless built with ``allow_unisolated=True``, which
then runs the code on the old unisolated path; ``isolation="none"`` (with
``allow_unisolated=True``) always does. Every outcome's metadata says which
isolation was used: ``"bubblewrap"``, ``"none (opted in)"``, or
``"unavailable"`` when nothing ran for want of it.
"""

from __future__ import annotations

import re
from dataclasses import asdict, fields
from typing import Any, Dict, List, Optional

from tau_shaped.verifiers.protocol import ResponseTimeout, Verdict, Verifier, VerifierFault, VerifierOutcome
from tau_shaped.verifiers.single_turn.assert_boxes import run_asserts
from tau_shaped.verifiers.single_turn.assert_oracle import judge, plan_asserts
from tau_shaped.verifiers.single_turn.code_sandbox import (
    BUBBLEWRAP, NONE, SandboxLimits, SandboxResult, SandboxUnavailable, bubblewrap_problem, run_in_sandbox,
)

_FENCE = re.compile(r"```[ \t]*(?:python3?|py)?[ \t]*\n(.*?)```", re.S | re.I)
STDERR_TAIL = 300
LABELS = {BUBBLEWRAP: "bubblewrap", NONE: "none (opted in)"}
UNAVAILABLE = "unavailable"


def extract_code(response: str) -> str:
    blocks = _FENCE.findall(response)
    return (blocks[-1] if blocks else response).strip("\n")


def normalize_output(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines()).rstrip("\n")


def _limits(prompt: Dict[str, Any]) -> SandboxLimits:
    given = prompt.get("limits") or {}
    known = {f.name for f in fields(SandboxLimits)}
    unknown = sorted(set(given) - known)
    if unknown:
        raise VerifierFault(f"unknown sandbox limit(s): {', '.join(unknown)}")
    return SandboxLimits(**{**asdict(SandboxLimits()), **given})


def _case(result: SandboxResult, passed: bool, limit: Optional[SandboxResult] = None) -> Dict[str, Any]:
    """One case's record; ``limit``: the run whose limit counts (the oracle's box, for asserts)."""
    hit = result if result.limit_hit or limit is None else limit
    case = {
        "passed": passed, "timed_out": result.timed_out, "limit_hit": hit.limit_hit,
        "exit_code": result.exit_code, "duration_s": round(result.duration_s, 4),
        "stderr_tail": result.stderr[-STDERR_TAIL:],
        "verdict": "pass" if passed else ("error" if hit.limit_hit else "fail"),
    }
    if hit.limit_hit and not passed:
        case["reason"] = hit.limit_reason
    return case


class CodeVerifier(Verifier):
    name = "code"

    def __init__(self, allow_unisolated: bool = False, isolation: str = BUBBLEWRAP) -> None:
        if isolation not in LABELS:
            raise ValueError(f"isolation must be {BUBBLEWRAP!r} or {NONE!r}, not {isolation!r}")
        if isolation == NONE and not allow_unisolated:
            raise ValueError("isolation='none' runs untrusted code unisolated: it needs allow_unisolated=True")
        self.allow_unisolated = allow_unisolated
        self.isolation = isolation

    def _isolation(self) -> Optional[str]:
        """The isolation this call uses, or None when it must refuse (bubblewrap missing, no opt-in)."""
        if self.isolation == NONE:
            return NONE
        if bubblewrap_problem() is None:
            return BUBBLEWRAP
        return NONE if self.allow_unisolated else None

    def verify_outcome(self, prompt: Any, response: Any) -> VerifierOutcome:
        outcome = super().verify_outcome(prompt, response)
        if "isolation" in outcome.metadata:
            return outcome
        isolation = self._isolation()
        label = LABELS[isolation] if isolation else UNAVAILABLE
        return outcome.with_updates(metadata={**outcome.metadata, "isolation": label})

    def check(self, prompt: Any, response: Any) -> Verdict:
        if not isinstance(prompt, dict) or not (prompt.get("tests") or prompt.get("asserts")):
            raise VerifierFault("a code prompt needs 'tests' or 'asserts'")
        limits = _limits(prompt)
        asserts = prompt.get("asserts") or []
        try:
            plan = plan_asserts([asserts] if isinstance(asserts, str) else list(asserts)) if asserts else None
        except ValueError as exc:
            raise VerifierFault(str(exc)) from None
        isolation = self._isolation()
        if isolation is None:
            raise VerifierFault(
                f"refusing to run untrusted code without isolation: {bubblewrap_problem()} "
                "(install bubblewrap, or opt in with CodeVerifier(allow_unisolated=True))"
            )
        code = extract_code(response if isinstance(response, str) else "")
        cases: List[Dict[str, Any]] = []
        try:
            for test in prompt.get("tests") or []:
                result = run_in_sandbox(code, str(test.get("input", "")), limits, isolation=isolation)
                passed = result.ok and normalize_output(result.stdout) == normalize_output(str(test.get("output", "")))
                cases.append(_case(result, passed))
            if plan is not None:
                run = run_asserts(code, plan, limits, isolation=isolation)
                held, details, why = judge(plan, run.oracle.stdout)
                case = _case(run.program, held and not run.program.limit_hit and not run.oracle.limit_hit, run.oracle)
                case["assertions"] = details
                if not case["passed"] and "reason" not in case:
                    case["reason"] = why
                cases.append(case)
        except (OSError, SandboxUnavailable) as exc:
            raise VerifierFault(f"the sandbox could not run: {exc}") from None
        passed = sum(c["passed"] for c in cases)
        meta = {"cases": cases, "passed": passed, "total": len(cases), "isolation": LABELS[isolation],
                "network_isolated": isolation == BUBBLEWRAP}
        if passed == 0 and any(c["timed_out"] for c in cases):
            raise ResponseTimeout(f"the program ran out of time ({limits.wall_seconds:g} s wall) and passed no case")
        return Verdict(score=passed / len(cases), metadata=meta)
