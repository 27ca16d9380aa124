"""Code execution: run the response's program against the prompt's test cases.

``prompt`` is a dict with any of:

- ``tests``: ``[{"input": "...", "output": "..."}]``, stdin/stdout cases; the
  output matches when equal after trailing whitespace is removed from every line
  and trailing blank lines are dropped;
- ``asserts``: ``["assert f(2) == 4", ...]``, statements run after the
  response's code, all in one program (one case: passes iff it exits 0);
- ``limits``: overrides of :class:`~.code_sandbox.SandboxLimits` fields.

``response`` is text; the code is the last fenced block (```` ```python ````
or plain ```` ``` ````), else the whole text. The score is the fraction of
cases passed. A case that times out or hits a limit fails; when every case
failed and one of them ran out of time, the outcome is the response's timeout
(status ``timeout``, score 0, the policy's fault). If the sandbox cannot start,
the verifier abstains.
"""

from __future__ import annotations

import re
from dataclasses import asdict, fields
from typing import Any, Dict, List

from tau_shaped.verifiers.single_turn.code_sandbox import SandboxLimits, SandboxResult, run_in_sandbox
from tau_shaped.verifiers.protocol import ResponseTimeout, Verdict, Verifier, VerifierFault

_FENCE = re.compile(r"```[ \t]*(?:python3?|py)?[ \t]*\n(.*?)```", re.S | re.I)
STDERR_TAIL = 300


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


def _case(result: SandboxResult, passed: bool) -> Dict[str, Any]:
    return {
        "passed": passed, "timed_out": result.timed_out, "limit_hit": result.limit_hit,
        "exit_code": result.exit_code, "duration_s": round(result.duration_s, 4),
        "stderr_tail": result.stderr[-STDERR_TAIL:],
    }


class CodeVerifier(Verifier):
    name = "code"

    def check(self, prompt: Any, response: Any) -> Verdict:
        if not isinstance(prompt, dict) or not (prompt.get("tests") or prompt.get("asserts")):
            raise VerifierFault("a code prompt needs 'tests' or 'asserts'")
        limits = _limits(prompt)
        code = extract_code(response if isinstance(response, str) else "")
        cases: List[Dict[str, Any]] = []
        try:
            for test in prompt.get("tests") or []:
                result = run_in_sandbox(code, str(test.get("input", "")), limits)
                passed = result.ok and normalize_output(result.stdout) == normalize_output(str(test.get("output", "")))
                cases.append(_case(result, passed))
            if prompt.get("asserts"):
                program = code + "\n\n" + "\n".join(str(a) for a in prompt["asserts"]) + "\n"
                result = run_in_sandbox(program, "", limits)
                cases.append(_case(result, result.ok))
        except OSError as exc:
            raise VerifierFault(f"the sandbox could not run: {exc}") from None
        passed = sum(c["passed"] for c in cases)
        meta = {"cases": cases, "passed": passed, "total": len(cases), "network_isolated": bool(result.network_isolated)}
        if passed == 0 and any(c["timed_out"] for c in cases):
            raise ResponseTimeout(f"the program ran out of time ({limits.wall_seconds:g} s wall) and passed no case")
        return Verdict(score=passed / len(cases), metadata=meta)
