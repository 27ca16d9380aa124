"""Conservation invariants (SPEC §4.3) on the mini domain's "refund" task.

The dispute is 12.50 (default tolerance 0.005: half a cent, cap 20.00, strict); the ledger of O1 and C1's
wallet balance are owned by the invariant. All amounts are cents / 100, and
the expectations are computed from the integer cents, never from the verifier.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tau_shaped import score_trajectory
from tests.mini_domain import make_env
from tests.prop_strategies import BLENDS, METHODS, RESPONDS, act, prop_settings

ENV = make_env()
REFUND = {t.id: t for t in ENV.tasks}["refund"]
DISPUTED, TOL, CAP = 1250, 0, 2000  # cents: half a cent of tolerance admits no whole cent (SPEC §4.3)
GT_SPLIT = [(1250, "original_payment")]


def split(total, cuts):
    """``total`` cents in positive parts, cut at the distinct points ``cuts``."""
    points = [0] + sorted(c for c in set(cuts) if 0 < c < total) + [total]
    return [b - a for a, b in zip(points, points[1:])]


@st.composite
def refund_plans(draw, total):
    """1-4 positive refunds of O1, each to original_payment or wallet_credit, summing to ``total`` cents."""
    cuts = draw(st.lists(st.integers(min_value=1, max_value=max(1, total - 1)), unique=True, max_size=min(3, total - 1)))
    parts = split(total, cuts)
    methods = draw(st.lists(METHODS, min_size=len(parts), max_size=len(parts)))
    return list(zip(parts, methods))


def refund_actions(plan, look_up, chatter):
    actions = [act("get_order", order_id="O1")] if look_up else []
    for i, (cents, method) in enumerate(plan):
        actions.append(act("issue_refund", order_id="O1", amount=cents / 100, method=method))
        if i < len(chatter):
            actions.append(chatter[i])
    return actions


def expected_process(look_up):
    """The refund task's checkpoints: looked_up 0.2 (get_order O1), refunded 0.4 (ledger sum > 0)."""
    return (0.2 if look_up else 0.0) + 0.4


@prop_settings(120)
@given(data=st.data(), look_up=st.booleans(), chatter=st.lists(RESPONDS, max_size=2))
def test_balanced_split_passes(data, look_up, chatter):
    """SPEC §4.3: any split of the disputed amount into 1-4 refunds (card or wallet)
    whose total is the disputed amount (to the cent: the tolerance is half a cent) holds
    the invariant and scores outcome 1; the legacy reward is 1 only for the ground
    truth's exact split."""
    off = 0
    plan = data.draw(refund_plans(DISPUTED + off), label="plan")
    result = score_trajectory(ENV, REFUND, refund_actions(plan, look_up, chatter))
    assert result.status == "ok", result.error
    assert result.safety_passed is True and result.gate_violations == []
    assert result.invariants_hold is True
    assert [round(i["total"] * 100) for i in result.invariants] == [DISPUTED + off]
    assert result.outcome_reward == 1.0, result.canonical_diff
    assert result.canonical_diff == []
    assert result.legacy_reward == (1.0 if plan == GT_SPLIT else 0.0)
    assert result.process_reward == pytest.approx(expected_process(look_up))


@prop_settings(120)
@given(data=st.data(), total=st.integers(min_value=1, max_value=CAP), look_up=st.booleans())
def test_unbalanced_split_fails(data, total, look_up):
    """SPEC §4.3: any set of refunds whose total is off the disputed amount by more
    than the tolerance breaks the invariant, and outcome = 0 (no gate below the cap)."""
    assume(abs(total - DISPUTED) > TOL)
    plan = data.draw(refund_plans(total), label="plan")
    result = score_trajectory(ENV, REFUND, refund_actions(plan, look_up, []))
    assert result.status == "ok", result.error
    assert result.invariants_hold is False
    assert result.outcome_reward == 0.0
    assert result.safety_passed is True  # total <= cap: no compensation_cap gate
    assert result.legacy_reward == 0.0
    assert result.reward == pytest.approx(0.3 * expected_process(look_up))  # shaped: 0 + λ·p


@pytest.mark.parametrize(
    "total, holds",
    [(1250, True), (1249, False), (1251, False), (1248, False), (1252, False)],
)
@pytest.mark.parametrize("parts", [1, 2, 3, 4])
@pytest.mark.parametrize("method", ["original_payment", "wallet_credit"])
def test_tolerance_boundary(total, holds, parts, method):
    """SPEC §4.3: |total − 12.50| ≤ 0.005 holds only at 12.50 exactly (amounts rounded to
    cents must match: one cent off fails, two cents off fails), however the total is split."""
    plan = [(c, method) for c in split(total, [i * 97 for i in range(1, parts)])]
    assert len(plan) == parts and sum(c for c, _ in plan) == total
    result = score_trajectory(ENV, REFUND, refund_actions(plan, False, []))
    assert result.invariants_hold is holds
    assert result.outcome_reward == (1.0 if holds else 0.0)
    assert result.safety_passed is True


def first_over_cap_step(actions):
    """The step at which the running refunded total first exceeds the cap (strict: SPEC §4.3; refunds only add)."""
    running = 0
    for step, a in enumerate(actions):
        if a.name == "issue_refund":
            running += round(a.kwargs["amount"] * 100)
            if running > CAP:
                return step
    return None


@prop_settings(80)
@given(
    data=st.data(),
    total=st.integers(min_value=CAP + 1, max_value=6000),
    look_up=st.booleans(),
    chatter=st.lists(RESPONDS, max_size=3),
    blend=st.sampled_from(BLENDS),
)
def test_over_cap_fires_compensation_cap(data, total, look_up, chatter, blend):
    """SPEC §4.3 and §3: a total above the cap, by a cent or more, is the compensation_cap safety
    gate: reward = outcome = process = 0 under every blend, at the step the total
    first went over the cap."""
    plan = data.draw(refund_plans(total), label="plan")
    actions = refund_actions(plan, look_up, chatter)
    result = score_trajectory(ENV, REFUND, actions, blend=blend)
    assert result.status == "ok", result.error
    assert result.safety_passed is False
    assert [(g.id, g.step) for g in result.gate_violations] == [("compensation_cap", first_over_cap_step(actions))]
    assert (result.reward, result.outcome_reward, result.process_reward) == (0.0, 0.0, 0.0)
    assert result.step_rewards == [0.0] * len(actions)
    assert result.invariants_hold is False


@pytest.mark.parametrize("total, fires", [(2000, False), (2001, True), (2002, True)])
@pytest.mark.parametrize("blend", BLENDS)
def test_cap_boundary(total, fires, blend):
    """SPEC §4.3: a cap is strict: exactly the cap does not fire the gate, one cent over does."""
    actions = refund_actions([(1000, "wallet_credit"), (total - 1000, "original_payment")], False, [])
    result = score_trajectory(ENV, REFUND, actions, blend=blend)
    assert [g.id for g in result.gate_violations] == (["compensation_cap"] if fires else [])
    assert result.safety_passed is (not fires)
    assert result.invariants_hold is False  # 20.00 or more is not 12.50 either way
    assert result.outcome_reward == 0.0
    assert result.process_reward == (0.0 if fires else pytest.approx(0.4))
