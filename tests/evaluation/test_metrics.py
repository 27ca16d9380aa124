"""pass^k as tau-bench defines it: mean over tasks of C(c,k)/C(n,k)."""

from math import comb

import pytest

from tau_shaped.evaluation.metrics import pass_hat_k, pass_rate, shaped_success


def rec(task, reward, outcome=None):
    info = {"task_key": task}
    if outcome is not None:
        info["shaped"] = {"outcome_reward": outcome}
    return {"task_id": 0, "reward": reward, "info": info, "trial": 0}


def test_pass_hat_k_formula():
    records = [rec("a", 1), rec("a", 1), rec("a", 0), rec("b", 0), rec("b", 1), rec("b", 0)]
    got = pass_hat_k(records)
    assert got[1] == pytest.approx((2 / 3 + 1 / 3) / 2)
    assert got[2] == pytest.approx((comb(2, 2) / comb(3, 2) + 0) / 2)
    assert got[3] == 0.0


def test_shaped_uses_outcome():
    records = [rec("a", 0, 1.0), rec("a", 1, 0.0)]
    assert pass_rate(records) == 0.5
    assert pass_rate(records, shaped_success) == 0.5
    assert pass_hat_k(records, shaped_success)[2] == 0.0
    assert pass_hat_k([]) == {}


def shaped(task, trial, legacy, status="ok", outcome=1.0):
    return {"task_id": 0, "trial": trial, "reward": legacy, "traj": [],
            "info": {"task_key": task, "shaped": {"status": status, "outcome_reward": outcome}}}


def test_pass_hat_k_counts_the_same_trials_for_both_rewards():
    """A task with an undetermined trial keeps its n trials (issue 42: leaving it out cut n for
    every task, and the shaped pass^k lost the legacy one's largest k); the shaped pass^k is the
    range the trials with no verdict leave (a fault is one too)."""
    from tau_shaped.evaluation.metrics import pass_hat_k_range, shaped_verdict

    records = [shaped("a", t, 1.0) for t in range(3)]
    records += [shaped("b", 0, 1.0), shaped("b", 1, 1.0, "undetermined"), shaped("b", 2, 0.0, "internal_error", 0.0)]
    legacy, shaped_k = pass_hat_k_range(records), pass_hat_k_range(records, shaped_verdict)
    assert sorted(legacy.low) == sorted(shaped_k.low) == sorted(shaped_k.high) == [1, 2, 3]
    assert legacy.low == legacy.high and legacy.open == 0
    assert shaped_k.trials == 3 and shaped_k.tasks == 2 and shaped_k.open == 2 and shaped_k.unused == 0
    assert shaped_k.low[1] == pytest.approx((1 + 1 / 3) / 2) and shaped_k.high[1] == pytest.approx(1.0)
    assert shaped_k.low[3] == pytest.approx(0.5) and shaped_k.high[3] == pytest.approx(1.0)


def test_pass_hat_k_takes_each_tasks_first_trials_by_number_and_counts_the_rest():
    from tau_shaped.evaluation.metrics import pass_hat_k_range

    # task a's trial 2 (a failure) comes first in the file; its trials 0 and 1 are the ones used
    records = [shaped("a", 2, 0.0), shaped("a", 1, 1.0), shaped("a", 0, 1.0), shaped("b", 0, 0.0), shaped("b", 1, 1.0)]
    got = pass_hat_k_range(records)
    assert got.trials == 2 and got.unused == 1
    assert got.low == {1: pytest.approx((1 + 0.5) / 2), 2: pytest.approx(0.5)}


def test_run_stats_say_what_each_rate_counts():
    from tau_shaped.evaluation.run_stats import RunStats

    stats = RunStats(total=5)
    for record in [shaped("a", 0, 1.0), shaped("a", 1, 1.0, outcome=0.0), shaped("b", 0, 1.0, "undetermined"),
                   shaped("b", 1, 0.0, "internal_error", 0.0), {**shaped("c", 0, 0.0), "info": {"error": "boom"}}]:
        stats.add(record)
    assert stats.describe() == "legacy 75% of 4 | shaped 50% of 2 | $0.0000 | 1 undetermined | 1 faulted | 1 errored"
