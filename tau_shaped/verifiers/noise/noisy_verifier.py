"""A verifier seen through a deterministic noise model, with tiers, escalation and a budget.

``NoisyVerifier(inner, config)`` wraps any :class:`~tau_shaped.verifiers.protocol.Verifier`.
Each call judges the response once with the inner verifier (the truth), then
simulates attempts at the configured tiers: an attempt times out with the
tier's (or slice's) timeout rate, else reports the truth, flipped to a
``spurious_fail`` (a pass reported as 0) or a ``spurious_pass`` (a failure
reported as 1) with the tier's rates. Escalation moves to the next tier in
``routing.order`` on a timeout, on a failure, or always, up to
``routing.max_attempts``; each attempt costs its tier's ``cost`` from the
budget, and a call that cannot afford its attempt is ``budget_exhausted``.

Every decision is a hash of (seed, kind, context, attempt, tier) (:mod:`.draws`),
so results do not depend on call order or process. Durations are simulated
(``duration_s``); nothing sleeps unless ``config.sleep``.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Optional

from tau_shaped.verifiers.noise.config import Duration, NoiseConfig
from tau_shaped.verifiers.noise.draws import bernoulli, inverse_exponential, uniform
from tau_shaped.verifiers.noise.telemetry import TelemetryTrace, event_of
from tau_shaped.verifiers.protocol import Verifier, VerifierOutcome, VerifierStatus


def simulated_duration(duration: Duration, seed: int, context: str) -> float:
    if duration.kind == "fixed":
        return duration.seconds
    u = uniform(seed, "duration", context)
    if duration.kind == "uniform":
        return duration.low + (duration.high - duration.low) * u
    return inverse_exponential(u, duration.mean)


def default_context(prompt: Any, response: Any) -> str:
    return json.dumps([prompt, response], sort_keys=True, ensure_ascii=False, default=repr)


def label_outcome(passed: bool, verifier: str = "label") -> VerifierOutcome:
    """The true outcome of a known verdict (a results file's 0/1)."""
    if passed:
        return VerifierOutcome(status=VerifierStatus.VERIFIED, score=1.0, verifier=verifier)
    return VerifierOutcome(status=VerifierStatus.INVALID, score=0.0, fault="policy", verifier=verifier)


class NoisyVerifier:
    """Same protocol as a Verifier (``verify``, ``verify_outcome``), with noise."""

    def __init__(
        self,
        inner: Optional[Verifier],
        config: NoiseConfig,
        telemetry: Optional[TelemetryTrace] = None,
        seed: Optional[int] = None,
    ) -> None:
        self.inner, self.config, self.telemetry = inner, config, telemetry
        self.seed = config.seed if seed is None else seed
        self.spent = 0.0
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return f"noisy({getattr(self.inner, 'name', 'label')})"

    def verify(self, prompt: Any, response: Any, **kwargs: Any) -> Optional[float]:
        return self.verify_outcome(prompt, response, **kwargs).score

    def verify_outcome(
        self, prompt: Any, response: Any, *, context: Optional[str] = None, slice_name: Optional[str] = None
    ) -> VerifierOutcome:
        if self.inner is None:
            raise TypeError("a NoisyVerifier without an inner verifier judges labels: use judge()")
        if slice_name is None and isinstance(prompt, dict):
            slice_name = prompt.get("slice")
        truth = self.inner.verify_outcome(prompt, response)
        return self.judge(truth, context if context is not None else default_context(prompt, response), slice_name)

    def _charge(self, cost: float) -> bool:
        with self._lock:
            if self.config.budget is not None and self.spent + cost > self.config.budget + 1e-12:
                return False
            self.spent += cost
            return True

    def _attempt(self, truth: VerifierOutcome, tier_name: str, context: str, slice_name: Optional[str]) -> VerifierOutcome:
        tier = self.config.tiers[tier_name]
        rates = tier.rates_for(slice_name)
        meta = {**truth.metadata, "true_status": truth.status.value, "true_score": truth.score}
        common = dict(tier=tier_name, verifier=truth.verifier, metadata=meta)
        if bernoulli(rates.timeout, self.seed, "timeout", context):
            return VerifierOutcome(
                status=VerifierStatus.TIMEOUT, score=None, fault="verifier", noise_injected=True, noise_kind="timeout",
                duration_s=simulated_duration(rates.timeout_seconds, self.seed, context), **common,
            )
        duration = tier.latency_s + truth.duration_s
        if truth.score is None:  # the verifier itself abstained: noise cannot flip it
            return truth.with_updates(tier=tier_name, duration_s=duration, metadata=meta)
        if truth.score > 0 and bernoulli(rates.spurious_fail, self.seed, "spurious_fail", context):
            return VerifierOutcome(
                status=VerifierStatus.SPURIOUS_FAIL, score=0.0, noise_injected=True, noise_kind="spurious_fail",
                duration_s=duration, **common,
            )
        if truth.score == 0 and bernoulli(rates.spurious_pass, self.seed, "spurious_pass", context):
            return VerifierOutcome(
                status=VerifierStatus.SPURIOUS_PASS, score=1.0, noise_injected=True, noise_kind="spurious_pass",
                duration_s=duration, **common,
            )
        return truth.with_updates(tier=tier_name, duration_s=duration, metadata=meta)

    def _escalate(self, outcome: VerifierOutcome) -> bool:
        on = self.config.routing.escalate_on
        if "always" in on:
            return True
        if outcome.status == VerifierStatus.TIMEOUT:
            return "timeout" in on
        return "failure" in on and outcome.score == 0.0

    def judge(self, truth: VerifierOutcome, context: str, slice_name: Optional[str] = None) -> VerifierOutcome:
        """Noise applied to a known true outcome (from a verifier, or a label)."""
        order, routing = self.config.routing.order, self.config.routing
        outcome: Optional[VerifierOutcome] = None
        for attempt in range(routing.max_attempts):
            tier_name = order[min(attempt, len(order) - 1)]
            if not self._charge(self.config.tiers[tier_name].cost):
                outcome = VerifierOutcome(
                    status=VerifierStatus.BUDGET_EXHAUSTED, score=None, fault="verifier", tier=tier_name,
                    verifier=truth.verifier, attempts=attempt + 1, metadata={"spent": self.spent},
                )
                self._record(outcome, context, slice_name, final=True)
                return outcome
            outcome = self._attempt(truth, tier_name, f"{context}#{attempt}:{tier_name}", slice_name)
            outcome = outcome.with_updates(attempts=attempt + 1)
            if self.config.sleep and outcome.duration_s:
                time.sleep(outcome.duration_s)
            last = attempt + 1 == routing.max_attempts or not self._escalate(outcome)
            self._record(outcome, context, slice_name, final=last)
            if last:
                break
        assert outcome is not None
        return outcome

    def _record(self, outcome: VerifierOutcome, context: str, slice_name: Optional[str], final: bool) -> None:
        if self.telemetry is not None:
            self.telemetry.write(event_of(outcome, context=context, slice_name=slice_name, seed=self.seed, final=final))
