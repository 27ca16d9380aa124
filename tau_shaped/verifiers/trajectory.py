"""The shaped trajectory verifier behind the common verifier protocol.

``TrajectoryVerifier(env).verify_outcome(task, trajectory)`` scores a recorded
trajectory with :func:`tau_shaped.reward.scoring.score_trajectory` and reports it as a
:class:`~tau_shaped.verifiers.protocol.VerifierOutcome`, so single-turn and
trajectory verifiers share one telemetry stream.

``prompt`` is a task index or task; ``response`` is a list of actions
(``{"name", "kwargs"}`` or ``Action``) or a dict ``{"traj": [...messages]}``.
The outcome's score is the blended reward scaled to [0, 1]: for the ``shaped``
blend ``outcome + λ·p`` is divided by ``1 + λ``; the raw reward, the outcome
and process rewards, the gate that fired and the core status are in metadata.
A malformed trajectory or a verifier fault (core status ``input_invalid`` or
``internal_error``, reward ``None``, SPEC §8) abstains as ``internal_error``.
"""

from __future__ import annotations

import time
from typing import Any, Dict

from tau_shaped.reward.result import check_blend
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.verifiers.protocol import Verdict, Verifier, VerifierOutcome, VerifierStatus


class TrajectoryVerifier(Verifier):
    name = "trajectory"

    def __init__(self, env: Any, *, blend: str = "shaped", lam: float = 0.3) -> None:
        check_blend(blend, lam)
        self.env, self.blend, self.lam = env, blend, lam

    def _score(self, prompt: Any, response: Any) -> Any:
        if isinstance(response, dict) and "traj" in response:
            return score_trajectory(self.env, prompt, traj=response["traj"], blend=self.blend, lam=self.lam)
        return score_trajectory(self.env, prompt, list(response), blend=self.blend, lam=self.lam)

    def check(self, prompt: Any, response: Any) -> Verdict:  # pragma: no cover - verify_outcome is used
        outcome = self.verify_outcome(prompt, response)
        return Verdict(score=outcome.score or 0.0, metadata=outcome.metadata)

    def verify_outcome(self, prompt: Any, response: Any) -> VerifierOutcome:
        start = time.perf_counter()
        result = self._score(prompt, response)
        duration = time.perf_counter() - start
        meta: Dict[str, Any] = {"core_status": result.status, "blend": self.blend}
        if result.status != "ok" or result.reward is None:
            meta["error"] = result.error
            return VerifierOutcome(
                status=VerifierStatus.INTERNAL_ERROR, score=None, fault="verifier",
                verifier=self.name, duration_s=duration, metadata=meta,
            )
        scale = 1.0 + self.lam if self.blend == "shaped" else 1.0
        score = min(1.0, max(0.0, result.reward / scale))
        meta.update(
            reward=result.reward, scale=scale, outcome_reward=result.outcome_reward,
            process_reward=result.process_reward, legacy_reward=result.legacy_reward,
            safety_passed=result.safety_passed, gates=[g.id for g in result.gate_violations],
        )
        status = VerifierStatus.VERIFIED if score > 0 else VerifierStatus.INVALID
        return VerifierOutcome(
            status=status, score=score, fault=None if score > 0 else "policy",
            verifier=self.name, duration_s=duration, metadata=meta,
        )
