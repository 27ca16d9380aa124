"""Issue 46: the noise floor (tau_shaped.evaluation.noise_floor): bootstrap intervals over tasks,
tasks that flip, the minimum detectable difference; hand-computed cases, properties, determinism."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation.metrics import pass_hat_k_range, shaped_verdict
from tau_shaped.evaluation.noise_floor import bootstrap, difference, draws, run_noise, task_trials
from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.report.comparison import summarize

Z_975, Z_80 = 1.959963985, 0.841621234  # standard normal quantiles, from a table


def record(task, trial, passed, shaped="same", env="food_delivery", reward=None):
    """A scored record: legacy ``passed``; shaped the same verdict, or True/False, or None (undetermined)."""
    verdict = passed if shaped == "same" else shaped
    info_shaped = ({"status": "undetermined", "reward": None, "outcome_reward": 0.0} if verdict is None else
                   {"status": "ok", "reward": (1.0 if verdict else 0.0) if reward is None else reward,
                    "outcome_reward": 1.0 if verdict else 0.0})
    return {"task_id": 0, "trial": trial, "reward": 1.0 if passed else 0.0, "traj": [],
            "info": {"task_key": task, "run": {"env": env}, "shaped": info_shaped}}


def run_of(outcomes, env="food_delivery"):
    """Records of {task: [legacy pass, ...]} (shaped the same)."""
    return [record(task, i, p, env=env) for task, trials in outcomes.items() for i, p in enumerate(trials)]


def tasks_of(outcomes):
    return task_trials(run_of(outcomes))["food_delivery"]


def by_metric(a, b):
    return {m: difference(a, b, m) for m in ("legacy pass^1", "shaped pass^1", "legacy reward", "shaped reward")}


# ---- cases computed by hand ---------------------------------------------------------------------

def test_the_minimum_detectable_difference_of_a_small_case_by_hand():
    """A: x passes 1 of 2, y 2 of 2; B: x 2 of 2, y 1 of 2. Per task, the sample variance of one
    trial is 0.5 where it passes once in two ((0.5² + 0.5²) / 1), else 0; the variance of a task's
    mean over 2 trials is half that. Var(d_x) = 0.25 + 0, Var(d_y) = 0 + 0.25; SE = sqrt(0.5) / 2;
    MDD = (z_0.975 + z_0.80) * SE. The differences +0.5 and -0.5 cancel: D = 0."""
    a, b = tasks_of({"x": [True, False], "y": [True, True]}), tasks_of({"x": [True, True], "y": [False, True]})
    found = difference(a, b, "legacy pass^1")
    assert found.difference == 0 and found.tasks == 2 and found.basis == "trials"
    assert found.mdd == pytest.approx((Z_975 + Z_80) * math.sqrt(0.5) / 2, rel=1e-6)  # 0.9905
    # one trial a task: no within-task spread; the spread of the per-task differences (+1, 0, -1 → s² = 1)
    a1, b1 = tasks_of({"x": [False], "y": [True], "z": [True]}), tasks_of({"x": [True], "y": [True], "z": [False]})
    one = difference(a1, b1, "legacy pass^1")
    assert one.basis == "tasks" and one.difference == 0
    assert one.mdd == pytest.approx((Z_975 + Z_80) * math.sqrt(1 / 3), rel=1e-6)


def test_intervals_of_small_cases_by_hand():
    """One task: every resample is that task, the interval is the estimate. Two tasks of one trial,
    one passed: a resample holds the passed task 0, 1 or 2 times (probabilities 1/4, 1/2, 1/4), so
    its pass^1 is 0, 0.5 or 1 and the 2.5th and 97.5th percentiles are 0 and 1. pass^2 of a task
    passing 2 of 3 trials is C(2,2)/C(3,2) = 1/3."""
    n, legacy, _, reward, _ = bootstrap(tasks_of({"x": [True, True, False]}))
    assert n == 3 and legacy[2].low == pytest.approx(1 / 3) and (legacy[2].ci_low, legacy[2].ci_high) == (legacy[2].low,) * 2
    assert legacy[1].low == pytest.approx(2 / 3) and reward.low == pytest.approx(2 / 3)
    _, legacy, _, _, _ = bootstrap(tasks_of({"x": [True], "y": [False]}))
    assert (legacy[1].low, legacy[1].ci_low, legacy[1].ci_high) == (0.5, 0.0, 1.0)


def test_undetermined_trials_carry_no_signal():
    """A trial with no shaped verdict: the shaped pass^k a range (as metrics.pass_hat_k_range), its
    interval from the low end's to the high end's; left out of the mean shaped reward and of the
    shaped flips; the legacy side unchanged."""
    records = [record("x", 0, True), record("x", 1, True, shaped=None), record("y", 0, False), record("y", 1, True, shaped=None),
               record("z", 0, True, reward=1.2), record("z", 1, False)]
    noise = run_noise("food_delivery", task_trials(records)["food_delivery"], resamples=300)
    expected = pass_hat_k_range(records, shaped_verdict)
    for k in (1, 2):
        iv = noise.shaped_pass_k[k]
        assert (iv.low, iv.high) == (pytest.approx(expected.low[k]), pytest.approx(expected.high[k])) and iv.low < iv.high
        assert iv.ci_low <= iv.low and iv.high <= iv.ci_high
    assert noise.shaped_reward.low == pytest.approx((1.0 + 0.0 + 1.2 + 0.0) / 4)  # the 4 trials with a verdict
    assert noise.legacy_flips == ["y", "z"] and noise.shaped_flips == ["z"]  # x: a pass and no verdict is no flip


def test_flips_are_counted_per_run_and_domain():
    records = run_of({"a": [True, False, True], "b": [True, True, True], "c": [False, False, False]}) + \
        run_of({"a": [True, True], "q": [False, True]}, env="tau2:airline")
    grouped = task_trials(records)
    assert sorted(grouped) == ["food_delivery", "tau2:airline"]  # the same task id in two domains is two tasks
    assert run_noise("food_delivery", grouped["food_delivery"], 100).legacy_flips == ["a"]
    assert run_noise("tau2:airline", grouped["tau2:airline"], 100).legacy_flips == ["q"]


def test_draws_are_uniform_task_numbers():
    import random

    for count in (1, 3, 200, 257, 1000):  # bytes up to 256 tasks, 32-bit words beyond
        drawn = list(draws(random.Random(1), count))
        assert len(drawn) == count and all(0 <= d < count for d in drawn)
    many = [d for _ in range(300) for d in draws(random.Random(_), 3)]
    assert all(abs(many.count(i) / len(many) - 1 / 3) < 0.03 for i in range(3))


# ---- properties -------------------------------------------------------------------------------------

runs = st.dictionaries(st.sampled_from([f"t{i}" for i in range(12)]),
                       st.lists(st.sampled_from([True, False, None]), min_size=2, max_size=4), min_size=1, max_size=8)


def _records(outcomes):
    return [record(task, i, bool(v), shaped=v) for task, trials in outcomes.items() for i, v in enumerate(trials)]


@settings(max_examples=30, deadline=None)
@given(runs)
def test_each_interval_holds_its_estimate(outcomes):
    noise = run_noise("food_delivery", task_trials(_records(outcomes))["food_delivery"], resamples=200)
    intervals = list(noise.legacy_pass_k.values()) + list(noise.shaped_pass_k.values()) + [noise.legacy_reward]
    intervals += [noise.shaped_reward] if noise.shaped_reward else []
    for iv in intervals:
        assert 0 <= iv.ci_low <= iv.low <= iv.high <= iv.ci_high <= 1.0 + 1e-12


@settings(max_examples=30, deadline=None)
@given(runs)
@example({"t0": [None, None]})  # no shaped verdict at all: the shaped metrics have no difference
def test_identical_runs_differ_by_zero_and_their_floor_is_above_zero_exactly_when_tasks_flip(outcomes):
    tasks = task_trials(_records(outcomes))["food_delivery"]
    found = by_metric(tasks, tasks)
    # a metric no trial has a value of (every shaped verdict abstained) has no difference: none, over 0 tasks
    assert all(d.difference == 0 if d.tasks else d.difference is None for d in found.values())
    assert found["legacy pass^1"].tasks == len(outcomes)
    legacy_flips = any(True in [bool(v) for v in t] and False in [bool(v) for v in t] for t in outcomes.values())
    assert (found["legacy pass^1"].mdd > 0) == legacy_flips
    assert run_noise("food_delivery", tasks, 50).rerun_mdd["legacy pass^1"] == found["legacy pass^1"].mdd


@settings(max_examples=30, deadline=None)
@given(runs, runs)
def test_the_difference_is_antisymmetric_and_twice_the_tasks_shrink_the_floor_by_root_two(first, second):
    a, b = task_trials(_records(first))["food_delivery"], task_trials(_records(second))["food_delivery"]
    for metric, ab in by_metric(a, b).items():
        ba = difference(b, a, metric)
        assert (ab.tasks, ab.basis) == (ba.tasks, ba.basis)
        if ab.difference is not None:
            assert ab.difference == pytest.approx(-ba.difference) and ab.mdd == pytest.approx(ba.mdd)
    # every task twice (under a second name): the same spread over twice the tasks
    doubled_a = task_trials(_records({**first, **{k + "'": v for k, v in first.items()}}))["food_delivery"]
    doubled_b = task_trials(_records({**second, **{k + "'": v for k, v in second.items()}}))["food_delivery"]
    once, twice = difference(a, b, "legacy pass^1"), difference(doubled_a, doubled_b, "legacy pass^1")
    if once.mdd is not None and once.basis == "trials":
        assert twice.mdd == pytest.approx(once.mdd / math.sqrt(2)) and twice.difference == pytest.approx(once.difference)


# ---- determinism and input ----------------------------------------------------------------------

SCRIPT = ("import json, sys; from tau_shaped.report.comparison import summarize; from tau_shaped.report.noise_floor_view "
          "import noise_data; s = [summarize(p) for p in sys.argv[1:]]; print(json.dumps(noise_data(s, ['a', 'b'])))")


def test_the_same_files_give_the_same_bytes_in_two_processes(tmp_path):
    """Seeded from a constant: two processes with different hash seeds write the same noise floor."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(json.dumps(r) + "\n" for r in _records({"x": [True, False, None], "y": [True, True, False], "z": [False] * 3})))
    b.write_text("".join(json.dumps(r) + "\n" for r in _records({"x": [True, True, True], "y": [False, True, False], "w": [True] * 3})))
    root = Path(__file__).resolve().parents[2]
    outs = [subprocess.run([sys.executable, "-c", SCRIPT, str(a), str(b)], capture_output=True, text=True, cwd=root, timeout=120,
                           env={**os.environ, "PYTHONHASHSEED": seed}) for seed in ("1", "2")]
    assert outs[0].returncode == 0, outs[0].stderr
    assert outs[0].stdout == outs[1].stdout and '"minimum_detectable_difference"' in outs[0].stdout
    data = json.loads(outs[0].stdout)
    assert data["pairs"][0]["domains"][0]["tasks_only_in_a"] == 1 and data["runs"][0]["domains"][0]["legacy_flips"] == ["x", "y"]


def test_a_shaped_reward_that_is_no_number_is_one_line_naming_file_record_and_field(tmp_path):
    records = _records({"x": [True, False]})
    records[1]["info"]["shaped"]["reward"] = "lots"
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    with pytest.raises(ResultsFileError, match=r"bad\.jsonl: record 1: info\.shaped\.reward: 'lots' is not a number"):
        summarize(path)


def test_rewards_far_from_zero_are_summed_exactly_or_refused_in_one_line(tmp_path):
    records = [record("x", 0, True, reward=1e150), record("x", 1, False), record("y", 0, True, reward=-2.5)]
    noise = run_noise("food_delivery", task_trials(records)["food_delivery"], resamples=50)
    assert noise.shaped_reward.low == (1e150 + 0.0 - 2.5) / 3 and noise.shaped_reward.ci_low <= noise.shaped_reward.low
    records[1]["info"]["shaped"]["reward"] = -1e300
    path = tmp_path / "far.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    with pytest.raises(ResultsFileError, match=r"far\.jsonl: record 1: info\.shaped\.reward: -1e\+300 is out of any reward's range"):
        summarize(path)
