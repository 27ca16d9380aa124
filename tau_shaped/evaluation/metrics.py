"""Pass rates and tau-bench's pass^k, for the legacy and the shaped verdicts.

Which episodes a rate counts (SPEC §8): an episode of the run that errored (``info.error``:
an infrastructure fault, or a tau2 simulation that cannot be scored) is in no rate; one whose
shaped result gives no verdict (``status`` ``undetermined``: the words did not settle a rule;
or a fault of the verifier, ``internal_error`` / ``input_invalid``) is in the legacy rate, not
in the shaped one. pass^k is reckoned over the same trials for both rewards: a trial with no
shaped verdict makes the shaped pass^k a range (it counted as failed, then as passed), never
a trial quietly dropped, which would change how many trials a task has.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from math import comb
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

SUCCESS = 1 - 1e-6
DECIDED = (None, "ok")  # the shaped statuses that carry a verdict (None: a result written before status existed)


def legacy_success(record: Mapping[str, Any]) -> bool:
    return float(record.get("reward") or 0.0) >= SUCCESS


def shaped_result(record: Mapping[str, Any]) -> Mapping[str, Any]:
    shaped = (record.get("info") or {}).get("shaped")
    return shaped if isinstance(shaped, dict) else {}


def shaped_success(record: Mapping[str, Any]) -> bool:
    """A shaped success: outcome 1 (gates passed, canonical outcome, invariants) in an episode
    the verifier judged (SPEC §8: an undetermined one, reward null, is no pass, whatever its
    outcome would have been; nor is a fault)."""
    shaped = shaped_result(record)
    return shaped_decided(record) and float(shaped.get("outcome_reward") or 0.0) >= SUCCESS


def shaped_determined(record: Mapping[str, Any]) -> bool:
    """Whether the shaped verdict is not undetermined (SPEC §8: an undetermined episode is
    counted apart, in no shaped rate's numerator or denominator)."""
    return shaped_result(record).get("status") != "undetermined"


def shaped_decided(record: Mapping[str, Any]) -> bool:
    """Whether the shaped result carries a verdict: neither undetermined nor a fault of the
    verifier (SPEC §8: ``reward`` null in both, left out of the shaped rates)."""
    return shaped_result(record).get("status") in DECIDED


def shaped_verdict(record: Mapping[str, Any]) -> Optional[bool]:
    """The shaped verdict: True (outcome 1), False, or None (undetermined or a fault)."""
    return shaped_success(record) if shaped_decided(record) else None


def run_error(record: Mapping[str, Any]) -> bool:
    """Whether the episode errored in the run (``info.error``): in no rate, legacy or shaped."""
    return bool((record.get("info") or {}).get("error"))


def not_scoreable(record: Mapping[str, Any]) -> bool:
    """A tau2 simulation the shaped verifier cannot score (no messages, an unknown task, ...):
    an errored record whose ``info.tau2.status`` says why."""
    tau2 = (record.get("info") or {}).get("tau2")
    return run_error(record) and isinstance(tau2, dict) and tau2.get("status") == "not_scoreable"


def task_key(record: Mapping[str, Any]) -> str:
    info = record.get("info") or {}
    return str(info.get("task_key", record.get("task_id")))


@dataclass(frozen=True)
class PassHatK:
    """pass^k for k = 1 .. ``trials`` over the trials it names.

    ``low`` counts a trial with no verdict as failed, ``high`` as passed: equal when every
    trial has one (legacy always). ``trials``: n, the trials of each task used (the fewest any
    task has; a task with more uses its n lowest trial numbers, the others are ``unused``);
    ``open``: the trials used that have no verdict."""

    low: Dict[int, float] = field(default_factory=dict)
    high: Dict[int, float] = field(default_factory=dict)
    trials: int = 0
    tasks: int = 0
    open: int = 0
    unused: int = 0


def _trial(record: Mapping[str, Any]) -> int:
    trial = record.get("trial")
    return trial if type(trial) is int else 0


def pass_hat_k_range(records: Sequence[Mapping[str, Any]],
                     verdict: Callable[[Mapping[str, Any]], Optional[bool]] = legacy_success) -> PassHatK:
    """tau-bench's pass^k: mean over tasks of C(c, k) / C(n, k), n trials, c successes; each
    task's trials taken in trial order (then file order), the same n for every task."""
    by_task: Dict[str, List[Tuple[int, int, Optional[bool]]]] = defaultdict(list)
    for position, record in enumerate(records):
        by_task[task_key(record)].append((_trial(record), position, verdict(record)))
    if not by_task:
        return PassHatK()
    n = min(len(v) for v in by_task.values())
    counts = []  # (passes, open) among each task's first n trials
    for outcomes in by_task.values():
        used = [v for _, _, v in sorted(outcomes, key=lambda t: t[:2])[:n]]
        counts.append((sum(v is True for v in used), sum(v is None for v in used)))
    low, high = {}, {}
    for k in range(1, n + 1):
        low[k] = sum(comb(c, k) for c, _ in counts) / comb(n, k) / len(counts)
        high[k] = sum(comb(c + u, k) for c, u in counts) / comb(n, k) / len(counts)
    return PassHatK(low=low, high=high, trials=n, tasks=len(counts), open=sum(u for _, u in counts),
                    unused=sum(len(v) for v in by_task.values()) - n * len(by_task))


def pass_hat_k(records: Sequence[Mapping[str, Any]], success=legacy_success) -> Dict[int, float]:
    """tau-bench's pass^k (:func:`pass_hat_k_range`), a trial with no verdict counted as failed."""
    return pass_hat_k_range(records, success).low


def pass_rate(records: Iterable[Mapping[str, Any]], success=legacy_success) -> float:
    records = list(records)
    return sum(success(r) for r in records) / len(records) if records else 0.0
