"""tau2's NL assertions (issue 32): not judged offline. tau2's reward: null with the assertions
listed (1 for that component when the task lists none, as tau2 scores it); the shaped verdict of
a task whose reward needs them: undetermined (SPEC §8) where nothing else decides it."""

from __future__ import annotations

import os
import sys

import pytest

pytest.importorskip("tau2")
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from loguru import logger  # noqa: E402

logger.remove()
logger.add(sys.stderr, level="ERROR")

from hypothesis import given, strategies as st  # noqa: E402
from tau2.data_model.tasks import Task  # noqa: E402

from tau_shaped.integrations.tau2.nl_assertions import RULE_ID, judged_by_llm, nl_undetermined  # noqa: E402
from tau_shaped.integrations.tau2.reward import Tau2Scorer  # noqa: E402
from tau_shaped.integrations.tau2.simulations import simulations_for  # noqa: E402
from tau_shaped.reward.result import GateViolation, ShapedRewardResult, UndeterminedRule  # noqa: E402
from tests.prop_strategies import prop_settings  # noqa: E402
from tests.integrations.tau2.tau2_v1_fixture import v1_tasks  # noqa: E402


def _task(basis, assertions):
    raw = v1_tasks()[1]  # our refusal task: no action, DB unchanged
    raw["evaluation_criteria"].update(reward_basis=basis, nl_assertions=assertions)
    return Task.model_validate(raw)


@pytest.fixture(scope="module")
def scorer():
    return Tau2Scorer("airline", [])


@pytest.fixture(scope="module")
def stall():
    from tau2.registry import registry  # imports litellm (seconds): when a test runs, not when collected

    constructor = registry.get_env_constructor("airline")
    return simulations_for(constructor, _task(["DB"], []))["ground_truth"]


def test_listed_assertions_are_not_judged(scorer, stall):
    task = _task(["DB", "NL_ASSERTION"], ["The agent declines the cancellation."])
    got = scorer.score(stall, task)
    assert got.reward is None and got.not_judged == ["The agent declines the cancellation."]
    assert got.breakdown == {"DB": 1.0} and "not judged offline" in got.note


@pytest.mark.parametrize("assertions", [None, []])
def test_a_basis_naming_nl_with_none_listed_scores_as_tau2_does(scorer, stall, assertions):
    """tau2 1.0's retail tasks name NL_ASSERTION in the basis and list none (retail 50): tau2
    scores that component 1 ("No nl_assertions to evaluate")."""
    got = scorer.score(stall, _task(["DB", "NL_ASSERTION"], assertions))
    assert got.reward == 1.0 and got.breakdown == {"DB": 1.0, "NL_ASSERTION": 1.0} and got.not_judged == []


def _result(outcome, safety=True, status="ok"):
    return ShapedRewardResult(reward=None if status != "ok" else outcome + 0.3, blend="shaped", lambda_=0.3,
                              outcome_reward=outcome, process_reward=1.0, safety_passed=safety, status=status,
                              gate_violations=[] if safety else [GateViolation(id="g", step=1, evidence="e")])


def test_undetermined_only_where_nothing_else_decides():
    needs = _task(["DB", "NL_ASSERTION"], ["A.", "B."])
    out = nl_undetermined(_result(1.0), needs)
    assert (out.status, out.reward) == ("undetermined", None)
    assert [(u.id, u.step) for u in out.undetermined] == [(RULE_ID, None), (RULE_ID, None)]
    assert out.undetermined[1].evidence.endswith(": B.")
    assert out.outcome_reward == 1.0 and out.process_reward == 1.0  # the components stay as computed
    for decided in (_result(0.0), _result(0.0, safety=False), _result(1.0, status="input_invalid")):
        assert nl_undetermined(decided, needs) == decided  # the outcome is 0, a gate fired, or not scored
    assert nl_undetermined(_result(1.0), _task(["DB"], ["A."])) == _result(1.0)  # listed, but not in the basis
    assert nl_undetermined(_result(1.0), _task(["DB", "NL_ASSERTION"], [])) == _result(1.0)  # nothing to judge


@prop_settings(200)
@given(outcome=st.sampled_from([0.0, 1.0]), safety=st.booleans(), needs=st.booleans(),
       status=st.sampled_from(["ok", "undetermined", "input_invalid", "internal_error"]),
       earlier=st.lists(st.text(min_size=1, max_size=8), max_size=3))
def test_property_the_verdict_is_withheld_exactly_when_the_assertions_could_change_it(outcome, safety, needs, status,
                                                                                       earlier):
    task = _task(["DB", "NL_ASSERTION"] if needs else ["DB"], ["The agent refuses."])
    before = _result(outcome, safety, status)
    before.undetermined = [UndeterminedRule(id=e, step=0, evidence=e) for e in earlier]
    after = nl_undetermined(before, task)
    could_change = needs and status == "ok" and safety and outcome == 1.0
    assert (after.status == "undetermined" and after.reward is None) if could_change else after == before
    assert after.undetermined[: len(earlier)] == before.undetermined  # nothing earlier is lost
    assert judged_by_llm(task) == (["The agent refuses."] if needs else [])
