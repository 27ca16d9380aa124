"""SPEC §3.4: a checkpoint is credited only at the first step that meets it without breaking a
rule or firing a gate; shaping never pays for a breach."""

from __future__ import annotations

from typing import Any, List, Optional

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import Action, load_domain, score_trajectory
from tests.prop_strategies import prop_settings

DOMAIN = load_domain("food_delivery")
ALL = [t for t in DOMAIN.tasks("train") + DOMAIN.tasks("test") if not t.seed]
BY_ID = {t.id: t for t in ALL}
ENV = DOMAIN.make_env(tasks=ALL, task_index=0)
WITH_CHECKPOINTS = sorted(t.id for t in ALL if t.reward_overrides and t.reward_overrides.process_checkpoints)


def A(name: str, **kwargs: Any) -> Action:
    return Action(name=name, kwargs=kwargs)


def gt(task_id: str) -> List[Action]:
    return [a.model_copy(deep=True) for a in BY_ID[task_id].actions]


def test_fd_cancel_3_the_unconfirmed_cancellation_earns_nothing():
    """The cancel_order step that broke fd.confirm.before_write (its question dropped) must not
    earn the 'cancelled' checkpoint: only identity and the look-up are credited (0.4)."""
    actions = [a for a in gt("fd-cancel-3") if a.name != "respond"]
    result = score_trajectory(ENV, BY_ID["fd-cancel-3"], actions)
    assert [(v.id, v.step) for v in result.rule_violations] == [("fd.confirm.before_write", 3)]
    assert result.outcome_reward == 0.0
    assert result.step_rewards[3] == 0.0
    cancelled = next(c for c in result.checkpoints if c.id == "cancelled")
    assert not cancelled.satisfied and cancelled.step is None and "broke a rule" in cancelled.evidence
    assert abs(result.process_reward - 0.4) < 1e-9
    assert abs(result.reward - 0.3 * 0.4) < 1e-9


def test_the_same_cancellation_confirmed_earns_its_step_reward():
    # one reply per respond action (the ground truth asks once): null would be no yes (SPEC §10)
    result = score_trajectory(ENV, BY_ID["fd-cancel-3"], gt("fd-cancel-3"), user_replies=["Yes, please."])
    assert result.rule_violations == [] and result.outcome_reward == 1.0
    assert abs(result.step_rewards[4] - 0.4) < 1e-9 and abs(result.process_reward - 0.8) < 1e-9


def test_a_checkpoint_met_again_later_without_a_breach_is_credited_there():
    """An event-like checkpoint (a look-up) met at a breaching step and again later is credited at
    the later step: the first step that meets it without breaking a rule."""
    actions = gt("fd-cancel-3")
    # the order look-up before verifying breaks fd.identity.verify_before_access at step 0
    actions = [A("get_order_details", order_id="FD-10018")] + actions
    result = score_trajectory(ENV, BY_ID["fd-cancel-3"], actions)
    assert ("fd.identity.verify_before_access", 0) in [(v.id, v.step) for v in result.rule_violations]
    looked = next(c for c in result.checkpoints if c.id == "looked_up_order")
    assert looked.satisfied and looked.step == 3
    assert result.step_rewards[0] == 0.0


REPLIES = st.sampled_from([None, "Yes, please.", "No.", "Sure, but actually put it in my wallet.", "ok", "Hmm."])


@st.composite
def mutated(draw: Any) -> tuple:
    task_id = draw(st.sampled_from(WITH_CHECKPOINTS))
    actions = gt(task_id)
    # drop some actions, duplicate some, reply to the responds in any way
    keep = [a for a in actions if draw(st.booleans()) or a.name.startswith("find_customer")]
    extra = draw(st.lists(st.sampled_from(actions), max_size=2)) if actions else []
    order = keep + [a.model_copy(deep=True) for a in extra]
    replies: List[Optional[str]] = [draw(REPLIES) if a.name == "respond" else None for a in order]
    return task_id, order, replies


@prop_settings(60)
@given(case=mutated())
def test_no_step_reward_is_positive_where_a_rule_broke_or_a_gate_fired(case):
    task_id, actions, replies = case
    result = score_trajectory(ENV, BY_ID[task_id], actions, user_replies=replies)
    assert result.status in ("ok", "undetermined"), result.error
    breaches = {v.step for v in result.rule_violations} | {g.step for g in result.gate_violations}
    for step in breaches:
        if step is not None and step < len(result.step_rewards):
            assert result.step_rewards[step] == 0.0, (step, result.step_rewards, result.rule_violations)
    if not result.safety_passed:
        assert all(r == 0.0 for r in result.step_rewards)
    for cp in result.checkpoints:
        if cp.satisfied:
            assert cp.step not in breaches
