"""The noise floor of a run: bootstrap intervals, tasks that flip, and the minimum detectable
difference between two runs (issue 46; docs/noise_floor.md).

The unit is the task (the benchmark's unit): a bootstrap resample draws a run's tasks with
replacement, each keeping all its trials, ``RESAMPLES`` times from a ``random.Random`` seeded
with the constant ``SEED`` (afresh for each run and domain: the same file gives the same
intervals whatever it is compared with, in any process). An interval is the 2.5th and 97.5th
percentiles of the resampled statistic (nearest rank). Records are grouped by the domain they
name (``info.run.env``, else ``info.source.env``); task ids are compared within a domain.

Undetermined trials (no shaped verdict, SPEC §8) carry no signal: the shaped pass^k is a range
(counted failed, then passed, as ``metrics.pass_hat_k_range``) and its interval runs from the
low end's 2.5th percentile to the high end's 97.5th; the mean shaped reward and the shaped
noise estimates use only the trials with a verdict.
"""

from __future__ import annotations

import math
import random
import sys
from array import array
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from statistics import NormalDist
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from tau_shaped.evaluation.metrics import legacy_success, shaped_result, shaped_verdict, task_key

SEED = 46  # the constant every resampling starts from
RESAMPLES = 2000
LEVEL = 0.95
POWER = 0.80
# z_{1-α/2} + z_{power}: 1.95996 + 0.84162 = 2.80158
Z_SUM = NormalDist().inv_cdf(1 - (1 - LEVEL) / 2) + NormalDist().inv_cdf(POWER)
NO_DOMAIN = "(no env recorded)"
MAX_REWARD = 1e150


class NoiseInputError(ValueError):
    """A record whose numbers cannot be read (the message names the record and field)."""


def domain_of(record: Mapping[str, Any]) -> str:
    """The domain a record names: ``info.run.env``, else ``info.source.env``."""
    info = record.get("info")
    info = info if isinstance(info, Mapping) else {}
    for key in ("run", "source"):
        part = info.get(key)
        if isinstance(part, Mapping) and isinstance(part.get("env"), str):
            return part["env"]
    return NO_DOMAIN


def _trial(record: Mapping[str, Any]) -> int:
    trial = record.get("trial")
    return trial if type(trial) is int else 0


def _number(value: Any, where: str, name: str) -> float:
    if type(value) is bool or not isinstance(value, (int, float)):
        raise NoiseInputError(f"{where}: {name}: {value!r} is not a number")
    number = float(value)
    if not math.isfinite(number):
        raise NoiseInputError(f"{where}: {name}: {value!r} is not a finite number")
    if abs(number) > MAX_REWARD:  # its square (a variance) would not be a float
        raise NoiseInputError(f"{where}: {name}: {value!r} is out of any reward's range (at most {MAX_REWARD:g} either way)")
    return number


@dataclass
class TaskTrials:
    """One task's trials in a run, in trial order: legacy pass, shaped verdict (None: no
    verdict), legacy reward, shaped reward (None: no verdict)."""

    legacy: List[bool] = field(default_factory=list)
    shaped: List[Optional[bool]] = field(default_factory=list)
    legacy_reward: List[float] = field(default_factory=list)
    shaped_reward: List[Optional[float]] = field(default_factory=list)


def task_trials(records: Sequence[Mapping[str, Any]], where: Callable[[int], str] = lambda i: f"record {i}"
                ) -> Dict[str, Dict[str, TaskTrials]]:
    """domain -> task id -> its trials (trial order, then file order). ``where(i)`` names record
    ``i`` in an error (a shaped reward that is not a finite number, where there is a verdict)."""
    rows: Dict[str, Dict[str, List[Tuple[int, int, Mapping[str, Any]]]]] = defaultdict(lambda: defaultdict(list))
    for position, record in enumerate(records):
        rows[domain_of(record)][task_key(record)].append((_trial(record), position, record))
    out: Dict[str, Dict[str, TaskTrials]] = {}
    for domain in sorted(rows):
        tasks = {}
        for task in sorted(rows[domain]):
            t = TaskTrials()
            for _, position, record in sorted(rows[domain][task], key=lambda row: row[:2]):
                verdict = shaped_verdict(record)
                t.legacy.append(legacy_success(record))
                t.shaped.append(verdict)
                t.legacy_reward.append(_number(record.get("reward") or 0.0, where(position), "reward"))
                t.shaped_reward.append(None if verdict is None else
                                       _number(shaped_result(record).get("reward") or 0.0, where(position), "info.shaped.reward"))
            tasks[task] = t
        out[domain] = tasks
    return out


@dataclass(frozen=True)
class Interval:
    """A point estimate (``low``-``high``: a range when trials have no verdict, else equal) and
    its bootstrap interval [``ci_low``, ``ci_high``]."""

    low: float
    high: float
    ci_low: float
    ci_high: float

    def as_dict(self) -> Dict[str, float]:
        return {"estimate_low": self.low, "estimate_high": self.high, "ci_low": self.ci_low, "ci_high": self.ci_high}


@dataclass(frozen=True)
class RunNoise:
    """A run's noise floor in one domain."""

    domain: str
    tasks: int
    trials: int  # n: the trials of each task pass^k uses (the fewest any task has)
    legacy_pass_k: Dict[int, Interval]
    shaped_pass_k: Dict[int, Interval]
    legacy_reward: Optional[Interval]
    shaped_reward: Optional[Interval]  # None: no trial has a shaped verdict
    legacy_flips: List[str]  # tasks with both a pass and a fail among their trials
    shaped_flips: List[str]  # the same among the trials with a shaped verdict
    rerun_mdd: Dict[str, Optional[float]]  # metric -> MDD against a re-run of this configuration

    def as_dict(self) -> Dict[str, Any]:
        return {"domain": self.domain, "tasks": self.tasks, "trials": self.trials,
                "legacy_pass_k": {str(k): v.as_dict() for k, v in self.legacy_pass_k.items()},
                "shaped_pass_k": {str(k): v.as_dict() for k, v in self.shaped_pass_k.items()},
                "legacy_reward": self.legacy_reward.as_dict() if self.legacy_reward else None,
                "shaped_reward": self.shaped_reward.as_dict() if self.shaped_reward else None,
                "legacy_flips": list(self.legacy_flips), "shaped_flips": list(self.shaped_flips),
                "rerun_minimum_detectable_difference": dict(self.rerun_mdd)}


def _rank(sorted_values: List[float], q: float) -> float:
    """The nearest-rank q-quantile of sorted values."""
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def flips(outcomes: Sequence[Optional[bool]]) -> bool:
    """Whether a task's trials hold both a pass and a fail (a trial with no verdict is neither)."""
    return True in outcomes and False in outcomes


_WORD = next(code for code in "IL" if array(code).itemsize == 4)  # 32-bit unsigned items


@lru_cache(maxsize=64)
def _byte_tables(count: int) -> Tuple[bytes, bytes]:
    """bytes.translate's table (a byte to its task number) and the bytes it rejects."""
    limit = 256 - 256 % count
    return bytes(b % count if b < limit else 0 for b in range(256)), bytes(range(limit, 256))


def draws(rng: random.Random, count: int) -> Sequence[int]:
    """``count`` task numbers drawn uniformly from range(count) with replacement, from
    ``rng.randbytes``: for 256 tasks or fewer, bytes; else 32-bit words (little-endian on every
    machine); a byte or word at or over the largest multiple of ``count`` is rejected (no modulo
    bias), the rest taken modulo ``count``. C-level throughout (``random.choices`` costs several
    times more)."""
    if count <= 256:
        table, reject = _byte_tables(count)
        drawn = b""
        while len(drawn) < count:
            drawn += rng.randbytes(count - len(drawn) + 16).translate(table, reject)
        return drawn[:count]
    limit = (1 << 32) - (1 << 32) % count
    out: List[int] = []
    while len(out) < count:
        words = array(_WORD, rng.randbytes(4 * (count - len(out)) + 64))
        if sys.byteorder == "big":
            words.byteswap()
        out.extend(map(count.__rmod__, filter(limit.__gt__, words)))
    del out[count:]
    return out


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


FIXED = 1 << 40  # rewards are summed as integers in units of 2^-40 (exact sums, any order)


def _fixed(values: Sequence[float]) -> int:
    """The values' sum in units of 2^-40; a float of 2^53 or more is a whole number, scaled exactly
    (``v * FIXED`` would overflow near the largest floats)."""
    return sum(round(v * FIXED) if abs(v) < 2.0 ** 53 else int(v) * FIXED for v in values)


def resampled_totals(columns: Sequence[Sequence[int]], resamples: int, seed: int) -> List[List[int]]:
    """For each resample of the tasks (``draws``), each column's total over the tasks drawn;
    ``columns[j][t]``: task t's integer in column j. The columns are packed side by side into
    one integer per task (each column given the bits its largest total needs), so one C-level
    sum per resample adds them all."""
    count = len(columns[0])
    lows = [min(col) for col in columns]
    widths = [max(1, ((max(col) - low) * count).bit_length()) for col, low in zip(columns, lows)]
    shifts, at = [], 0
    for width in widths:
        shifts.append(at)
        at += width
    packed = [sum((col[t] - low) << shift for col, low, shift in zip(columns, lows, shifts)) for t in range(count)]
    rng = random.Random(seed)
    out: List[List[int]] = [[] for _ in columns]
    for _ in range(resamples):
        total = sum(map(packed.__getitem__, draws(rng, count)))
        for j, (shift, width) in enumerate(zip(shifts, widths)):
            out[j].append(((total >> shift) & ((1 << width) - 1)) + lows[j] * count)
    return out


def bootstrap(tasks: Mapping[str, TaskTrials], resamples: int = RESAMPLES, seed: int = SEED
              ) -> Tuple[int, Dict[int, Interval], Dict[int, Interval], Optional[Interval], Optional[Interval]]:
    """(n, legacy pass^k, shaped pass^k, mean legacy reward, mean shaped reward), each with its
    bootstrap interval over the tasks. pass^k over each task's first n trials (n: the fewest any
    task has), as ``metrics.pass_hat_k_range``; the mean rewards over every trial (the shaped
    one over those with a verdict), episodes weighted alike."""
    names = sorted(tasks)
    count = len(names)
    n = min(len(tasks[t].legacy) for t in names)
    columns: Dict[str, List[int]] = defaultdict(list)
    for t in names:
        trials = tasks[t]
        c_legacy = sum(trials.legacy[:n])
        c_shaped = sum(v is True for v in trials.shaped[:n])
        u = sum(v is None for v in trials.shaped[:n])
        for k in range(1, n + 1):  # the pass^k numerators: C(c, k); shaped low and high: C(c, k), C(c + u, k)
            columns[f"l{k}"].append(comb(c_legacy, k))
            columns[f"s{k}"].append(comb(c_shaped, k))
            columns[f"h{k}"].append(comb(c_shaped + u, k))
        decided = [r for r in trials.shaped_reward if r is not None]
        columns["lr"].append(_fixed(trials.legacy_reward))
        columns["ln"].append(len(trials.legacy_reward))
        columns["sr"].append(_fixed(decided))
        columns["sn"].append(len(decided))
    keys = list(columns)
    totals = dict(zip(keys, resampled_totals([columns[key] for key in keys], resamples, seed)))
    point = {key: sum(col) for key, col in columns.items()}
    q_low, q_high = (1 - LEVEL) / 2, 1 - (1 - LEVEL) / 2

    def ranked(values: List[float], q: float) -> float:
        return _rank(sorted(values), q)

    legacy_k, shaped_k = {}, {}
    for k in range(1, n + 1):
        scale = comb(n, k) * count
        legacy = [v / scale for v in totals[f"l{k}"]]
        legacy_k[k] = Interval(point[f"l{k}"] / scale, point[f"l{k}"] / scale, ranked(legacy, q_low), ranked(legacy, q_high))
        shaped_k[k] = Interval(point[f"s{k}"] / scale, point[f"h{k}"] / scale,
                               ranked([v / scale for v in totals[f"s{k}"]], q_low), ranked([v / scale for v in totals[f"h{k}"]], q_high))

    def mean_reward(sums: str, counts: str) -> Optional[Interval]:
        means = [s / (FIXED * c) for s, c in zip(totals[sums], totals[counts]) if c]
        if not point[counts] or len(means) * 2 <= resamples:  # an interval only where most resamples have a value
            return None
        estimate = point[sums] / (FIXED * point[counts])  # int / int: correctly rounded, never overflows
        return Interval(estimate, estimate, ranked(means, q_low), ranked(means, q_high))

    return n, legacy_k, shaped_k, mean_reward("lr", "ln"), mean_reward("sr", "sn")


# ---- the minimum detectable difference --------------------------------------------------------

METRICS = ("legacy pass^1", "shaped pass^1", "legacy reward", "shaped reward")


def _values(t: TaskTrials, metric: str) -> List[float]:
    """The task's trial values of a metric (a trial with no shaped verdict left out of the shaped ones)."""
    if metric == "legacy pass^1":
        return [float(v) for v in t.legacy]
    if metric == "shaped pass^1":
        return [float(v) for v in t.shaped if v is not None]
    if metric == "legacy reward":
        return list(t.legacy_reward)
    return [v for v in t.shaped_reward if v is not None]


def _variance(values: Sequence[float]) -> float:
    """The sample variance (n - 1 in the denominator) of two or more values."""
    mean = _mean(values)
    return math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)


def _pooled(tasks: Mapping[str, TaskTrials], metric: str) -> Optional[float]:
    """A run's within-task variance of one trial, pooled over its tasks of two trials or more
    (None: no task has two)."""
    found = [_variance(v) for v in (_values(t, metric) for t in tasks.values()) if len(v) >= 2]
    return _mean(found) if found else None


@dataclass(frozen=True)
class Difference:
    """One metric between runs A and B in a domain: B - A over the tasks both have, and the
    minimum detectable difference (None: no task to pair)."""

    metric: str
    difference: Optional[float]
    mdd: Optional[float]
    tasks: int
    basis: str  # "trials": the trials' spread within each task; "tasks": the per-task differences' spread

    def as_dict(self) -> Dict[str, Any]:
        return {"metric": self.metric, "difference": self.difference, "minimum_detectable_difference": self.mdd,
                "paired_tasks": self.tasks, "basis": self.basis}


def difference(a: Mapping[str, TaskTrials], b: Mapping[str, TaskTrials], metric: str) -> Difference:
    """B - A for one metric, paired by task id, and its minimum detectable difference.

    d_t = mean_B(t) - mean_A(t) for each of the m tasks both runs have (each task's trials with a
    value); D = mean of the d_t. With s²_R(t) the sample variance of task t's trials in run R
    (n - 1 denominator; a task with one trial takes its run's pooled within-task variance),
    Var(d_t) = s²_A(t)/n_A(t) + s²_B(t)/n_B(t) and SE(D) = sqrt(sum_t Var(d_t)) / m: the noise of a
    re-run of the same tasks. MDD = (z_0.975 + z_0.80) * SE(D) = 2.8016 * SE(D): the true
    difference a two-sided test at 95% confidence detects with 80% power. When a run has one trial
    a task (no within-task spread to measure), SE(D) = s_d / sqrt(m), s_d the sample standard
    deviation of the d_t (basis "tasks"; with m < 2 there is none)."""
    paired = []
    for name in sorted(set(a) & set(b)):
        va, vb = _values(a[name], metric), _values(b[name], metric)
        if va and vb:
            paired.append((va, vb))
    m = len(paired)
    if not m:
        return Difference(metric, None, None, 0, "trials")
    diffs = [_mean(vb) - _mean(va) for va, vb in paired]
    d = _mean(diffs)
    pooled_a, pooled_b = _pooled(a, metric), _pooled(b, metric)
    if pooled_a is not None and pooled_b is not None:
        total = math.fsum((_variance(va) if len(va) >= 2 else pooled_a) / len(va)
                          + (_variance(vb) if len(vb) >= 2 else pooled_b) / len(vb) for va, vb in paired)
        return Difference(metric, d, Z_SUM * math.sqrt(total) / m, m, "trials")
    if m < 2:
        return Difference(metric, d, None, m, "tasks")
    return Difference(metric, d, Z_SUM * math.sqrt(_variance(diffs) / m), m, "tasks")


def run_noise(domain: str, tasks: Mapping[str, TaskTrials], resamples: int = RESAMPLES) -> RunNoise:
    """A run's intervals, flipping tasks, and its minimum detectable difference against a
    re-run of the same configuration (the run paired with itself: same tasks, same spread)."""
    n, legacy_k, shaped_k, legacy_reward, shaped_reward = bootstrap(tasks, resamples)
    rerun = {}
    for metric in METRICS:
        found = difference(tasks, tasks, metric)
        rerun[metric] = found.mdd if found.basis == "trials" else None  # one trial a task: no re-run spread to see
    return RunNoise(domain=domain, tasks=len(tasks), trials=n, legacy_pass_k=legacy_k, shaped_pass_k=shaped_k,
                    legacy_reward=legacy_reward, shaped_reward=shaped_reward,
                    legacy_flips=[t for t in sorted(tasks) if flips(tasks[t].legacy)],
                    shaped_flips=[t for t in sorted(tasks) if flips(tasks[t].shaped)], rerun_mdd=rerun)


@dataclass(frozen=True)
class PairNoise:
    """Run B against run A in one domain."""

    domain: str
    only_a: int  # tasks only A has (left out of the pairing)
    only_b: int
    differences: List[Difference]

    def as_dict(self) -> Dict[str, Any]:
        return {"domain": self.domain, "tasks_only_in_a": self.only_a, "tasks_only_in_b": self.only_b,
                "differences": [d.as_dict() for d in self.differences]}


def pair_noise(domain: str, a: Mapping[str, TaskTrials], b: Mapping[str, TaskTrials]) -> PairNoise:
    return PairNoise(domain, len(set(a) - set(b)), len(set(b) - set(a)), [difference(a, b, metric) for metric in METRICS])
