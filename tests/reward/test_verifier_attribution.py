"""SPEC §3, §5, §6.3: what the verifier reports for tasks built here — plain tau-bench
tasks, output checks, and gates or checkpoints that hold without a step of their own."""

from __future__ import annotations

import pytest

from tau_shaped import Action, score_trajectory
from tau_shaped.tasks.schema import ShapedTask
from tau_shaped.env.types import Task
from tests.mini_domain import make_env

LOOKUP = {"name": "get_order", "kwargs": {"order_id": "O1"}}


def A(name, **kwargs):
    return Action(name=name, kwargs=kwargs)


def shaped_task(**fields):
    return ShapedTask.model_validate({"id": "t", "user_id": "C1", "instruction": "Where is O1?", "actions": [LOOKUP], "outputs": [], **fields})


def test_a_plain_tau_bench_task_scores_like_tau_bench():
    """SPEC §3: without reward_overrides the outcome is the legacy reward."""
    plain = Task(user_id="C1", instruction="Status of O1?", actions=[Action(**LOOKUP)], outputs=["out for delivery"])
    env = make_env(tasks=[plain])
    good = score_trajectory(env, 0, [A("get_order", order_id="O1"), A("respond", content="It is out for delivery.")])
    assert (good.status, good.legacy_reward, good.outcome_reward, good.reward) == ("ok", 1.0, 1.0, 1.0)
    assert good.gate_violations == [] and good.checkpoints == [] and good.invariants == []
    assert [(o.id, o.passed, o.evidence) for o in good.output_checks] == [("out for delivery", True, "found in an agent message")]
    silent = score_trajectory(env, 0, [A("get_order", order_id="O1")])
    assert (silent.legacy_reward, silent.outcome_reward) == (0.0, 0.0)
    assert [(o.passed, o.evidence) for o in silent.output_checks] == [(False, "in no agent message")]


def test_output_checks_with_ids_and_evidence():
    """SPEC §6.3: `said` checks over the agent's messages, each with its id (or output_i)."""
    task = shaped_task(output_checks=[{"said": {"contains": "out for delivery"}}, {"id": "eta", "said": {"regex": r"\d+ min"}}])
    env = make_env(tasks=[task])
    result = score_trajectory(env, 0, [A("get_order", order_id="O1"), A("respond", content="It is out for delivery, 10 min away.")])
    assert [(o.id, o.passed, o.evidence) for o in result.output_checks] == [
        ("output_0", True, "step 1: 'out for delivery'"),
        ("eta", True, "step 1: '10 min'"),
    ]
    assert result.outcome_reward == 1.0
    vague = score_trajectory(env, 0, [A("get_order", order_id="O1"), A("respond", content="It is out for delivery.")])
    assert [(o.id, o.passed, o.evidence) for o in vague.output_checks][1] == ("eta", False, "no agent message matches")
    assert vague.outcome_reward == 0.0


NEVER = {"not": {"tool": "issue_refund"}}
OVERRIDES = {
    "process_checkpoints": [
        {"id": "no_refund", "weight": 0.5, "when": NEVER},
        {"id": "looked", "weight": 0.2, "when": {"tool": "get_order"}},
        {"id": "looked_ok", "weight": 0.1, "when": {"tool": "get_order", "succeeded": True}},
        {"id": "was_out", "weight": 0.1, "when": {"state": "orders.O1.status", "at": "initial", "eq": "out_for_delivery"}},
        {"id": "never", "weight": 0.1, "when": {"tool": "escalate_fraud"}},
    ],
    "safety_gates": [{"id": "stayed_silent", "when": {"not": {"said": {"contains": "zebra"}}}}],
}


def test_stepless_checkpoints_and_gates_go_to_the_last_step():
    """SPEC §5 (reading 3): a `not` or an initial-state predicate holds without a step of
    its own: its checkpoint is credited, and its gate placed, at the last step. Checkpoints
    at the same step add up; one that does not hold has no step. SPEC §3.4: a step that fires a
    gate credits no checkpoint, so with the gate placed at the last step the stepless ones are
    not credited there."""
    trajectory = [A("get_order", order_id="O1"), A("get_order", order_id="O1"), A("get_order", order_id="O9")]
    ungated = make_env(tasks=[shaped_task(reward_overrides={**OVERRIDES, "safety_gates": []})])
    credited = score_trajectory(ungated, 0, list(trajectory))
    by_id = {c.id: c for c in credited.checkpoints}
    assert (by_id["no_refund"].satisfied, by_id["no_refund"].step) == (True, 2)
    assert by_id["no_refund"].evidence == "never: no matching issue_refund call"
    assert (by_id["looked"].step, by_id["looked_ok"].step, by_id["was_out"].step) == (0, 0, 2)
    assert (by_id["never"].satisfied, by_id["never"].step) == (False, None)
    assert credited.step_rewards == pytest.approx([0.3, 0.0, 0.6])

    env = make_env(tasks=[shaped_task(reward_overrides=OVERRIDES)])
    result = score_trajectory(env, 0, list(trajectory), blend="outcome")
    by_id = {c.id: c for c in result.checkpoints}
    assert [(g.id, g.step) for g in result.gate_violations] == [("stayed_silent", 2)]
    assert not by_id["no_refund"].satisfied and not by_id["was_out"].satisfied  # met only at the gate's step
    assert by_id["looked"].satisfied and by_id["looked"].step == 0  # met before it: listed, pays nothing
    assert (result.r_outputs, result.outputs_passed) == (1.0, True)  # no outputs: nothing to miss
    assert (result.reward, result.blend, result.lambda_) == (0.0, "outcome", 0.3)
    assert result.step_rewards == [0.0, 0.0, 0.0]  # a gate fired: nothing is credited (SPEC §3)


def test_an_empty_trajectory_credits_nothing_even_for_stepless_checkpoints():
    env = make_env(tasks=[shaped_task(reward_overrides=OVERRIDES)])
    result = score_trajectory(env, 0, [])
    assert result.status == "ok" and result.step_rewards == [] and result.process_reward == 0.0
    assert not any(c.satisfied for c in result.checkpoints)
    assert [(g.id, g.step) for g in result.gate_violations] == [("stayed_silent", None)]


def test_legacy_result_lists_the_ground_truths_non_respond_actions():
    """SPEC §2: tau-bench's RewardResult.actions are the ground truth's actions without respond."""
    from tau_shaped.reward.legacy_reward import legacy_result

    actions = [A("get_order", order_id="O1"), A("respond", content="Hi"), A("dispatch_courier", order_id="O1")]
    result, r_outputs = legacy_result(actions, [], True, "h", [])
    assert [a.name for a in result.actions] == ["get_order", "dispatch_courier"] and r_outputs == 1.0
    assert (result.reward, result.info.r_actions, result.info.gt_data_hash) == (1.0, True, "h")
