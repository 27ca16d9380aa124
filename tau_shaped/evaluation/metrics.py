"""Pass rates and tau-bench's pass^k, for the legacy and the shaped verdicts."""

from __future__ import annotations

from collections import defaultdict
from math import comb
from typing import Any, Dict, Iterable, List, Mapping, Sequence

SUCCESS = 1 - 1e-6


def legacy_success(record: Mapping[str, Any]) -> bool:
    return float(record.get("reward") or 0.0) >= SUCCESS


def shaped_result(record: Mapping[str, Any]) -> Mapping[str, Any]:
    return (record.get("info") or {}).get("shaped") or {}


def shaped_success(record: Mapping[str, Any]) -> bool:
    """A shaped success: outcome 1 (gates passed, canonical outcome, invariants) in an episode
    the verifier judged (SPEC §8: an undetermined one, reward null, is no pass, whatever its
    outcome would have been)."""
    shaped = shaped_result(record)
    return shaped_determined(record) and float(shaped.get("outcome_reward") or 0.0) >= SUCCESS


def shaped_determined(record: Mapping[str, Any]) -> bool:
    """Whether the shaped verdict is decided (SPEC §8: an undetermined episode is counted apart,
    in no shaped rate's numerator or denominator)."""
    return shaped_result(record).get("status") != "undetermined"


def task_key(record: Mapping[str, Any]) -> str:
    info = record.get("info") or {}
    return str(info.get("task_key", record.get("task_id")))


def pass_hat_k(records: Sequence[Mapping[str, Any]], success=legacy_success) -> Dict[int, float]:
    """tau-bench's pass^k: mean over tasks of C(c, k) / C(n, k), n trials, c successes.

    Uses the smallest trial count over tasks as n, as a task with fewer trials
    cannot support a larger k.
    """
    by_task: Dict[str, List[bool]] = defaultdict(list)
    for record in records:
        by_task[task_key(record)].append(success(record))
    if not by_task:
        return {}
    n = min(len(v) for v in by_task.values())
    out = {}
    for k in range(1, n + 1):
        total = 0.0
        for outcomes in by_task.values():
            c = sum(outcomes[:n]) if len(outcomes) > n else sum(outcomes)
            trials = min(len(outcomes), n)
            total += comb(c, k) / comb(trials, k)
        out[k] = total / len(by_task)
    return out


def pass_rate(records: Iterable[Mapping[str, Any]], success=legacy_success) -> float:
    records = list(records)
    return sum(success(r) for r in records) / len(records) if records else 0.0
