"""Symbolic math: is the answer a response commits to equal to the reference?

``prompt`` is the reference answer, as text (``"1/2"``, ``"[0, 1)"``,
``"x = 3 or x = -1"``) or a dict ``{"answer": ..., "tolerance": 1e-6}``;
``response`` is the model's free text. The answer is extracted
(:mod:`.math_answers`), both sides are parsed by the safe parser (no ``eval``,
no ``sympify``), and compared exactly where sympy can, else numerically at
fixed points: equivalent forms (``2(x+1)`` and ``2x+2``), fractions and
decimals (``0.5`` and ``\\frac12``; a rounded decimal is not the exact value unless the
prompt gives a tolerance), intervals and unions of intervals (closed
and open ends matter), unordered solution sets, then normalized text.

The comparison runs in a worker process under a hard time limit
(:mod:`.time_limit`), so it holds in any thread: a response whose answer makes
the comparison overrun is the response's fault (status ``timeout``, score 0).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple

from tau_shaped.reward.math_expressions import MathParseError, math_equal, parse_math
from tau_shaped.verifiers.single_turn.math_answers import THOUSANDS, Answer, Interval, locate_answer, parse_answer
from tau_shaped.verifiers.single_turn.time_limit import CallTimedOut, RemoteError, TimeLimitedWorker, WorkerFailed
from tau_shaped.reward.reading.text_matching import math_candidates
from tau_shaped.verifiers.protocol import ResponseTimeout, Verdict, Verifier, VerifierFault

DEFAULT_TOLERANCE = 1e-9  # relative; a prompt may allow more ({"tolerance": 1e-4})


def _same_value(a: Any, b: Any, tolerance: float) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return math_equal(a, b, tolerance=tolerance)


def _intervals_equal(a: Sequence[Interval], b: Sequence[Interval], tolerance: float) -> bool:
    if len(a) != len(b):
        return False
    remaining = list(b)
    for item in a:
        for other in remaining:
            if (
                item.low_closed == other.low_closed
                and item.high_closed == other.high_closed
                and _same_value(item.low, other.low, tolerance)
                and _same_value(item.high, other.high, tolerance)
            ):
                remaining.remove(other)
                break
        else:
            return False
    return True


def _values_equal(a: Sequence[Any], b: Sequence[Any], tolerance: float) -> bool:
    """Equal as multisets of values (a solution set is unordered)."""
    if len(a) != len(b):
        return False
    remaining = list(b)
    for item in a:
        match = next((other for other in remaining if math_equal(item, other, tolerance=tolerance)), None)
        if match is None:
            return False
        remaining.remove(match)
    return True


def answers_equal(reference: Answer, answer: Answer, tolerance: float = DEFAULT_TOLERANCE) -> bool:
    if reference.kind != answer.kind:
        return False
    if reference.intervals is not None:
        return _intervals_equal(reference.intervals, answer.intervals or (), tolerance)
    if reference.values is not None:
        return _values_equal(reference.values, answer.values or (), tolerance)
    return bool(reference.text) and reference.text == answer.text


def _last_math(text: str) -> Optional[str]:
    """The last expression in a sentence that does not parse as a whole."""
    text = THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), text)
    for candidate in reversed(math_candidates(text)):
        try:
            parse_math(candidate)
        except MathParseError:
            continue
        return candidate
    return None


def judge(reference: str, answer: str, tolerance: float, in_sentence: bool = True) -> Tuple[bool, str, str]:
    """(equal, how the reference parsed, how the answer parsed); runs in the worker.
    An answer taken from a sentence that does not parse as a whole is read as the
    last expression in it; a boxed answer must parse as it is."""
    ref, got = parse_answer(reference), parse_answer(answer)
    if got.kind == "text" and ref.kind != "text" and in_sentence:
        fallback = _last_math(answer)
        if fallback is not None:
            got = parse_answer(fallback)
    return answers_equal(ref, got, tolerance), ref.kind, got.kind


class MathVerifier(Verifier):
    """Score 1 when the response's final answer equals the reference, else 0."""

    name = "math"

    def __init__(self, time_limit_s: float = 5.0, isolate: bool = True, worker: Optional[TimeLimitedWorker] = None) -> None:
        self.time_limit_s = time_limit_s
        self.isolate = isolate
        if worker is None and isolate:
            worker = TimeLimitedWorker(preload=(__name__, "sympy"))
        self._worker = worker

    @staticmethod
    def _reference(prompt: Any) -> Tuple[str, float]:
        if isinstance(prompt, dict):
            if "answer" not in prompt:
                raise VerifierFault("math prompt has no 'answer' field")
            return str(prompt["answer"]), float(prompt.get("tolerance", DEFAULT_TOLERANCE))
        return str(prompt), DEFAULT_TOLERANCE

    def check(self, prompt: Any, response: Any) -> Verdict:
        reference, tolerance = self._reference(prompt)
        answer, source = locate_answer(response if isinstance(response, str) else "")
        meta: Dict[str, Any] = {"reference": reference, "extracted": answer, "found_in": source}
        if answer is None:
            return Verdict(score=0.0, metadata={**meta, "reason": "no answer found"})
        if self._worker is None:
            equal, ref_kind, got_kind = judge(reference, answer, tolerance, source in ("phrase", "last_line"))
        else:
            try:
                equal, ref_kind, got_kind = self._worker.call(judge, (reference, answer, tolerance, source in ("phrase", "last_line")), self.time_limit_s)
            except CallTimedOut as exc:
                raise ResponseTimeout(f"comparing {answer[:80]!r}: {exc}") from None
            except RemoteError as exc:
                raise VerifierFault(f"comparison failed: {exc}") from None
            except WorkerFailed as exc:
                raise VerifierFault(str(exc)) from None
        meta.update(reference_kind=ref_kind, answer_kind=got_kind)
        if not equal:
            meta["reason"] = "not equal" if ref_kind == got_kind else f"a {got_kind} answer to a {ref_kind} question"
        return Verdict(score=1.0 if equal else 0.0, metadata=meta)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
