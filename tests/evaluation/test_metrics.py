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
