"""The generated cases are judged by the scorer's own verdict: the fast path (the rule's
predicate compiled and run on the case's trajectory, ``world.verdict``) gives, case for case,
what ``score_trajectory`` gives when it replays the same actions and replies in the domain's env
(the rule named among the broken rules, the fired gates or the undetermined ones)."""

from __future__ import annotations

import importlib.util

import pytest

from tests.reward.reading.generated.runner import judge, judge_scored
from tests.reward.reading.generated.suite import READERS, generate

_NO_TAU2 = importlib.util.find_spec("tau2") is None


@pytest.mark.parametrize("domain", [
    pytest.param(d, marks=[pytest.mark.skipif(_NO_TAU2, reason="the tau2 domains need the tau2 extra")] if d == "tau2" else [])
    for d in sorted(READERS)])
def test_the_fast_path_gives_the_scorers_verdict(domain):
    sample = generate(domain, seed=21, scale=0.002)
    assert len(sample) >= 8
    verdicts = set()
    for case in sample:
        fast = judge(case)
        verdicts.add(fast)
        assert judge_scored(case) == fast, (case.reader, case.text)
    assert len(verdicts) >= 2  # both breaches and passes were compared
