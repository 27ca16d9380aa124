"""One verifier protocol for every verifier: single-turn and trajectory (SPEC §8).

A verifier answers ``verify(prompt, response)`` with a score in [0, 1], or
``None`` when it abstains, and ``verify_outcome(prompt, response)`` with a
:class:`VerifierOutcome` that says why: a stable status code, the score, how
long it took, which tier answered, how many attempts it took, whether noise was
injected and which, and free metadata.

Who is at fault decides the score. A response that is wrong, or that itself
made the check run out of time (a solution that loops forever), is the
policy's fault and scores 0. A verifier that could not answer (it crashed, its
infrastructure timed out, its budget ran out) abstains: ``score is None``, so a
trainer leaves the sample out instead of learning from a silent 0.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from enum import Enum
from typing import Any, Dict, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field


class VerifierStatus(str, Enum):
    """Stable status codes (their string values are part of the telemetry format)."""

    VERIFIED = "verified"  # checked; score in [0, 1] (> 0 when any credit is due)
    INVALID = "invalid"  # checked; the response is wrong: the policy's fault, score 0
    TIMEOUT = "timeout"  # ran out of time; fault says whose
    SPURIOUS_FAIL = "spurious_fail"  # noise: a correct response reported as failed
    SPURIOUS_PASS = "spurious_pass"  # noise: a wrong response reported as passed
    INTERNAL_ERROR = "internal_error"  # the verifier itself failed: abstain
    BUDGET_EXHAUSTED = "budget_exhausted"  # no verification budget left: abstain


Fault = Literal["policy", "verifier"]
NoiseKind = Literal["timeout", "spurious_fail", "spurious_pass"]


class VerifierOutcome(BaseModel):
    """What one verifier call found. JSON-serializable; one telemetry event."""

    model_config = ConfigDict(frozen=True, use_enum_values=False)

    status: VerifierStatus
    score: Optional[float] = Field(default=None, ge=0.0, le=1.0)
    duration_s: float = 0.0
    tier: Optional[str] = None
    attempts: int = 1
    noise_injected: bool = False
    noise_kind: Optional[NoiseKind] = None
    fault: Optional[Fault] = None
    verifier: str = ""
    metadata: Dict[str, Any] = Field(default_factory=dict)

    @property
    def abstained(self) -> bool:
        """True when the verifier gave no score (a trainer should leave the sample out)."""
        return self.score is None

    def with_updates(self, **changes: Any) -> "VerifierOutcome":
        return self.model_copy(update=changes)


class ResponseTimeout(Exception):
    """Raised by a check when the *response* made it run out of time (policy's fault)."""


class VerifierFault(Exception):
    """Raised by a check when the verifier could not answer (abstain, never a silent 0)."""


class Verdict(BaseModel):
    """What a check returns: a score and why."""

    score: float = Field(ge=0.0, le=1.0)
    metadata: Dict[str, Any] = Field(default_factory=dict)


class Verifier(ABC):
    """Base class: implement :meth:`check`; ``verify``/``verify_outcome`` wrap it.

    ``check`` returns a :class:`Verdict` (score 0 means the response is wrong),
    raises :class:`ResponseTimeout` when the response exhausted its time, and
    :class:`VerifierFault` (or anything else) when the verifier failed.
    """

    name: str = "verifier"

    @abstractmethod
    def check(self, prompt: Any, response: Any) -> Verdict:
        """Judge one response to one prompt."""

    def verify_outcome(self, prompt: Any, response: Any) -> VerifierOutcome:
        start = time.perf_counter()
        try:
            verdict = self.check(prompt, response)
        except ResponseTimeout as exc:
            return VerifierOutcome(
                status=VerifierStatus.TIMEOUT, score=0.0, fault="policy", verifier=self.name,
                duration_s=time.perf_counter() - start, metadata={"reason": str(exc)},
            )
        except Exception as exc:  # noqa: BLE001 - a verifier fault abstains (SPEC §8)
            return VerifierOutcome(
                status=VerifierStatus.INTERNAL_ERROR, score=None, fault="verifier", verifier=self.name,
                duration_s=time.perf_counter() - start, metadata={"error": f"{type(exc).__name__}: {exc}"},
            )
        status = VerifierStatus.VERIFIED if verdict.score > 0 else VerifierStatus.INVALID
        return VerifierOutcome(
            status=status, score=verdict.score, fault=None if verdict.score > 0 else "policy",
            verifier=self.name, duration_s=time.perf_counter() - start, metadata=verdict.metadata,
        )

    def verify(self, prompt: Any, response: Any) -> Optional[float]:
        """The score in [0, 1], or ``None`` when the verifier abstains."""
        return self.verify_outcome(prompt, response).score
