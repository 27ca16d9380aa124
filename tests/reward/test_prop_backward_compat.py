"""Backward compatibility of the shaped reward with tau-bench's legacy reward (SPEC §2, §3, §4.4).

For a task with no ``reward_overrides`` and no ``output_checks``, over random
ground truths and random agent trajectories drawn from the mini domain's
tools with random (valid and invalid) arguments, the verifier's result is
compared with an independent reference: a plain replay of both action lists
hashed exactly as tau-bench hashes (``tests/prop_strategies.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from tau_shaped import score_trajectory
from tests.mini_domain import make_env
from tests.prop_strategies import (
    BLENDS,
    CENT_AMOUNTS,
    MIXED_AMOUNTS,
    OUTPUTS,
    RESPONDS,
    act,
    agent_actions,
    gt_actions,
    plain_replay,
    plain_task,
    prop_settings,
    reference_scores,
    tb_hash,
)

ENV = make_env()


def _agent_from(gt, noise, mode):
    """Agents that agree with the ground truth are rare at random: build some on purpose."""
    if mode == "random":
        return list(noise)
    copied = [a for a in gt if a.name != "transfer_to_human_agents"]
    if mode == "copy":
        return copied
    # the ground truth plus messages and read-only calls, which do not change the state
    extra = [a for a in noise if a.name in ("respond", "get_order", "cancel_order", "get_customer")]
    return extra[: len(extra) // 2] + copied + extra[len(extra) // 2 :]


def _assert_vacuous_overrides(result, n_steps):
    assert result.status == "ok", result.error
    assert result.safety_passed is True
    assert result.gate_violations == []
    assert result.invariants_hold is True
    assert result.invariants == []
    assert result.process_reward == 0.0
    assert result.checkpoints == []
    assert result.step_rewards == [0.0] * n_steps


@prop_settings(250)
@given(
    gt=st.lists(gt_actions(CENT_AMOUNTS), max_size=4),
    noise=st.lists(agent_actions(CENT_AMOUNTS), max_size=6),
    mode=st.sampled_from(["random", "copy", "copy+noise"]),
    outputs=st.lists(st.sampled_from(OUTPUTS), max_size=2, unique=True),
    seed=st.integers(min_value=0, max_value=2),
    blend=st.sampled_from(BLENDS),
)
def test_outcome_equals_legacy_when_numbers_are_consistently_typed(gt, noise, mode, outputs, seed, blend):
    """SPEC §3 (backward compatibility) and §2: no overrides, no output_checks ⇒
    safety passes, invariants hold vacuously, p = 0, and outcome == legacy,
    where legacy is recomputed independently with tau-bench's hash. All amounts
    are 2-decimal floats, so no two states differ only in number representation
    (the §4.4 relaxation cannot apply)."""
    task = plain_task(gt, outputs, seed=seed)
    agent = _agent_from(gt, noise, mode)
    result = score_trajectory(ENV, task, agent, blend=blend)
    legacy, canon_outcome, r_actions = reference_scores(task, agent)
    note(f"reference legacy={legacy} canon={canon_outcome} r_actions={r_actions}")

    _assert_vacuous_overrides(result, len(agent))
    assert result.legacy_reward == legacy
    assert result.r_actions == (1.0 if r_actions else 0.0)
    assert canon_outcome == legacy  # premise of this test: representation never matters here
    assert result.outcome_reward == legacy
    assert result.outcome_reward == result.legacy_reward
    assert (result.canonical_diff == []) == r_actions
    assert result.reward == result.outcome_reward  # p = 0 and safety passed: every blend is the outcome


@prop_settings(200)
@given(
    gt=st.lists(gt_actions(MIXED_AMOUNTS), max_size=4),
    noise=st.lists(agent_actions(MIXED_AMOUNTS), max_size=6),
    mode=st.sampled_from(["random", "copy", "copy+noise"]),
    outputs=st.lists(st.sampled_from(OUTPUTS), max_size=2, unique=True),
)
def test_outcome_never_stricter_than_legacy(gt, noise, mode, outputs):
    """SPEC §3 with §4.4: with amounts of any representation (ints, floats with
    artifacts, bools, junk), outcome ≥ legacy, the legacy reward is tau-bench's
    exactly, and the outcome is exactly 'states equal after §4.4 number
    normalization and outputs found' (computed by hand)."""
    task = plain_task(gt, outputs)
    agent = _agent_from(gt, noise, mode)
    result = score_trajectory(ENV, task, agent)
    legacy, canon_outcome, _ = reference_scores(task, agent)

    _assert_vacuous_overrides(result, len(agent))
    assert result.legacy_reward == legacy
    assert result.outcome_reward == canon_outcome
    assert result.outcome_reward >= result.legacy_reward


@pytest.mark.parametrize(
    "gt_amount, agent_amount",
    [(10.0, 10), (10, 10.0), (38.01, 38.00999999999999), (0.3, 0.1 + 0.2)],
)
@pytest.mark.parametrize("method", ["original_payment", "wallet_credit"])
def test_number_representation_only_differs_in_legacy(gt_amount, agent_amount, method):
    """SPEC §4.4: int 10 vs float 10.0 (and a float artifact within 6 decimals) is
    no canonical difference, while the legacy hash (SPEC §2) keeps it: outcome 1, legacy 0."""
    gt = [act("issue_refund", order_id="O1", amount=gt_amount, method=method)]
    agent = [act("issue_refund", order_id="O1", amount=agent_amount, method=method)]
    sa, sg = plain_replay(agent).data, plain_replay(gt).data
    assert tb_hash(sa) != tb_hash(sg)  # premise: the states differ for tau-bench's hash
    result = score_trajectory(ENV, plain_task(gt), agent)
    assert result.status == "ok", result.error
    assert (result.legacy_reward, result.outcome_reward) == (0.0, 1.0)
    assert result.canonical_diff == []


@prop_settings(150)
@given(
    outputs=st.lists(st.sampled_from(OUTPUTS), min_size=1, max_size=3, unique=True),
    said=st.lists(RESPONDS, max_size=4),
    gt=st.lists(gt_actions(CENT_AMOUNTS), max_size=3),
    copy_gt=st.booleans(),
    blend=st.sampled_from(BLENDS),
)
def test_legacy_outputs_and_respond_actions(outputs, said, gt, copy_gt, blend):
    """SPEC §2 / §3: a task with legacy ``outputs`` (strings) and an agent that
    sends ``respond`` messages: each output, lower-cased, must be a substring of
    a lower-cased, comma-stripped agent message; outcome still equals legacy."""
    task = plain_task(gt, outputs)
    tools = [a for a in gt if a.name not in ("respond", "transfer_to_human_agents")] if copy_gt else []
    agent = list(said[:2]) + tools + list(said[2:])
    result = score_trajectory(ENV, task, agent, blend=blend)
    legacy, _, r_actions = reference_scores(task, agent)
    contents = [a.kwargs["content"].lower().replace(",", "") for a in agent if a.name == "respond"]
    expected_found = {o: any(o.lower() in c for c in contents) for o in outputs}

    _assert_vacuous_overrides(result, len(agent))
    assert result.legacy_reward == legacy
    assert result.outcome_reward == result.legacy_reward
    assert result.r_outputs == (1.0 if all(expected_found.values()) else 0.0)
    assert {o.id: o.passed for o in result.output_checks} == expected_found
    assert result.outputs_passed == all(expected_found.values())


def test_outputs_found_only_in_ground_truth_messages_do_not_count():
    """SPEC §2: outputs are searched in the *agent's* respond messages; the ground
    truth's own respond actions never satisfy them (the fork's fix of the replay
    appending to the agent's action log)."""
    gt = [act("respond", content="Your order is out for delivery"), act("get_order", order_id="O1")]
    task = plain_task(gt, ["out for delivery"])
    silent = score_trajectory(ENV, task, [act("get_order", order_id="O1")])
    assert (silent.legacy_reward, silent.outcome_reward) == (0.0, 0.0)
    told = score_trajectory(ENV, task, [act("respond", content="It is OUT FOR, DELIVERY.")])
    assert (told.legacy_reward, told.outcome_reward) == (1.0, 1.0)
