"""What an imperfect verifier does to measured pass rates: noise over a results file.

Each episode's true legacy and shaped verdicts (0/1) go through a
:class:`~tau_shaped.verifiers.noise.noisy_verifier.NoisyVerifier` once per replicate
seed (derived from the config's seed); abstentions (timeouts, budget) are left
out, as a trainer or an eval would. For each replicate the pass rate and
pass^k are measured; the report gives the clean value, the mean over
replicates and a 95% percentile interval over replicates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from tau_shaped.evaluation.metrics import legacy_success, pass_hat_k, pass_rate, shaped_success, task_key
from tau_shaped.verifiers.noise.config import NoiseConfig
from tau_shaped.verifiers.noise.draws import derived_seed
from tau_shaped.verifiers.noise.noisy_verifier import NoisyVerifier, label_outcome
from tau_shaped.verifiers.noise.telemetry import TelemetryTrace

KINDS: Dict[str, Callable[[Mapping[str, Any]], bool]] = {"legacy": legacy_success, "shaped": shaped_success}


@dataclass
class Spread:
    clean: float
    mean: float
    low: float
    high: float


@dataclass
class KindReport:
    kind: str
    pass_rate: Spread
    pass_hat_k: Dict[int, Spread]
    abstain_rate: float
    flipped_rate: float


@dataclass
class NoiseReport:
    seeds: int
    episodes: int
    kinds: List[KindReport] = field(default_factory=list)


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolation percentile (q in [0, 1]) of a non-empty sequence."""
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _spread(clean: float, samples: Sequence[float]) -> Spread:
    if not samples:
        return Spread(clean, float("nan"), float("nan"), float("nan"))
    return Spread(clean, sum(samples) / len(samples), percentile(samples, 0.025), percentile(samples, 0.975))


def _slice_of(record: Mapping[str, Any], kind: str) -> Optional[str]:
    info = record.get("info") or {}
    return info.get("slice") or kind


def noisy_records(
    records: Sequence[Mapping[str, Any]], kind: str, verifier: NoisyVerifier
) -> Tuple[List[Dict[str, Any]], int]:
    """The records a noisy verifier would have reported (abstentions left out), and how
    many of them it reported the wrong way round."""
    success = KINDS[kind]
    out, flipped = [], 0
    for record in records:
        truly = success(record)
        context = f"{task_key(record)}/{record.get('trial', 0)}/{kind}"
        outcome = verifier.judge(label_outcome(truly), context, _slice_of(record, kind))
        if outcome.score is not None:
            reported = outcome.score > 0
            flipped += reported != truly
            out.append({"task_id": record.get("task_id"), "info": {"task_key": task_key(record)}, "noisy": reported})
    return out, flipped


def _noisy_success(record: Mapping[str, Any]) -> bool:
    return bool(record["noisy"])


def apply_noise(
    records: Sequence[Mapping[str, Any]],
    config: NoiseConfig,
    seeds: int = 20,
    telemetry: Optional[TelemetryTrace] = None,
) -> NoiseReport:
    report = NoiseReport(seeds=seeds, episodes=len(records))
    for kind, success in KINDS.items():
        clean_rate, clean_k = pass_rate(records, success), pass_hat_k(records, success)
        rates: List[float] = []
        by_k: Dict[int, List[float]] = {k: [] for k in clean_k}
        abstained = flipped = 0
        for replicate in range(seeds):
            verifier = NoisyVerifier(None, config, telemetry, seed=derived_seed(config.seed, replicate))
            noisy, wrong = noisy_records(records, kind, verifier)
            abstained += len(records) - len(noisy)
            flipped += wrong
            rates.append(pass_rate(noisy, _noisy_success))
            measured = pass_hat_k(noisy, _noisy_success)
            for k in by_k:
                if k in measured:
                    by_k[k].append(measured[k])
        total = max(1, len(records) * seeds)
        report.kinds.append(KindReport(
            kind=kind,
            pass_rate=_spread(clean_rate, rates),
            pass_hat_k={k: _spread(clean_k[k], by_k[k]) for k in clean_k},
            abstain_rate=abstained / total,
            flipped_rate=flipped / total,
        ))
    return report
