"""Property-based tests of the verifier's soundness claims (SPEC §3, §4.1, §4.3, §5, §8)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tau_shaped import Action, score_trajectory
from tau_shaped.reward.canonical import compare
from tau_shaped.tasks.files import parse_tasks
from tau_shaped.reward.overrides import RewardOverrides
from tests.conftest import ROOT
from tests.mini_domain import load_data, make_env

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
ENV = make_env()
TASK = {t.id: t for t in ENV.tasks}
BLENDS = ("shaped", "outcome", "gated")

ORDERS = st.sampled_from(["O1", "O2", "O9"])
CENTS = st.integers(min_value=1, max_value=4000).map(lambda c: c / 100)  # always floats with 2 decimals


def _action(draw_name, **kw):
    return Action(name=draw_name, kwargs=kw)


ACTIONS = st.one_of(
    st.builds(lambda o: _action("get_order", order_id=o), ORDERS),
    st.builds(lambda o, c: _action("dispatch_courier", order_id=o, courier_id=c), ORDERS, st.sampled_from(["D2", "D3", "D4", "D5", "DX"])),
    st.builds(
        lambda o, a, m: _action("issue_refund", order_id=o, amount=a, method=m),
        ORDERS,
        CENTS,
        st.sampled_from(["original_payment", "wallet_credit", "cash"]),
    ),
    st.builds(
        lambda i, s: _action("substitute_item", order_id="O1", item_id=i, substitute_id=s),
        st.sampled_from(["spring_rolls", "pad_thai"]),
        st.sampled_from(["tofu_curry", "green_salad", "nope"]),
    ),
    st.builds(lambda c: _action("escalate_fraud", customer_id=c), st.sampled_from(["C1", "C2", "C9"])),
    st.builds(lambda t: _action("respond", content=t), st.sampled_from(["Refunded 12.50.", "Your order is out for delivery", "ok"])),
    st.just(_action("unknown_tool")),
)
GT_ACTIONS = ACTIONS.filter(lambda a: a.name not in ("respond", "unknown_tool"))


def _plain_task(actions, outputs):
    raw = {
        "id": "p",
        "user_id": "C1",
        "instruction": "x",
        "actions": [a.model_dump() for a in actions],
        "outputs": outputs,
    }
    return parse_tasks([raw])[0]


@SETTINGS
@given(
    gt=st.lists(GT_ACTIONS, max_size=4),
    agent=st.lists(ACTIONS, max_size=6),
    outputs=st.lists(st.sampled_from(["12.50", "out for delivery"]), max_size=2, unique=True),
    same=st.booleans(),
)
def test_backward_compatibility(gt, agent, outputs, same):
    """SPEC §3: without overrides or output_checks, gates pass, invariants hold
    vacuously, p = 0 and outcome equals the legacy reward."""
    task = _plain_task(gt, outputs)
    if same:  # make agreement likely too, not only disagreement
        agent = list(gt) + [a for a in agent if a.name == "respond"]
    result = score_trajectory(ENV, task, agent)
    assert result.status == "ok", result.error
    assert result.safety_passed and result.invariants_hold
    assert result.process_reward == 0.0 and result.step_rewards == [0.0] * len(agent)
    assert result.outcome_reward == result.legacy_reward


def test_canonical_numbers_may_only_relax_legacy():
    """SPEC §4.4 vs §3: 10 and 10.0 are one canonical number, two legacy hashes.
    The sound reading: outcome >= legacy, differing only by number representation."""
    task = _plain_task([Action(name="issue_refund", kwargs={"order_id": "O1", "amount": 10.0, "method": "original_payment"})], [])
    result = score_trajectory(ENV, task, [Action(name="issue_refund", kwargs={"order_id": "O1", "amount": 10, "method": "original_payment"})])
    assert (result.legacy_reward, result.outcome_reward) == (0.0, 1.0)


@SETTINGS
@given(gt=st.lists(GT_ACTIONS, max_size=3), agent=st.lists(ACTIONS, max_size=5))
def test_outcome_never_stricter_than_legacy(gt, agent):
    result = score_trajectory(ENV, _plain_task(gt, []), agent)
    assert result.outcome_reward >= result.legacy_reward


# ---- §4.1 equivalence classes ----------------------------------------------------

COURIER = TASK["courier"]
CLASS_OVERRIDES = COURIER.reward_overrides


def _dispatched(state, courier):
    """The state after a correct dispatch of O1 to ``courier`` (built by hand, not by the tool)."""
    state = copy.deepcopy(state)
    order = state["orders"]["O1"]
    state["drivers"]["D1"]["active_orders"].remove("O1")
    order["driver_id"] = courier
    order["courier_candidates"] = ["D2", "D3", "D4"]
    state["drivers"][courier]["active_orders"].append("O1")
    return state


S0 = load_data(0)
CANDIDATES = ["D2", "D3", "D4"]


@pytest.mark.parametrize("courier", CANDIDATES)
def test_every_candidate_scores_outcome_1(courier):
    """SPEC §4.1: any valid choice gives the ground truth's canonical state."""
    result = score_trajectory(ENV, COURIER, [Action(name="dispatch_courier", kwargs={"order_id": "O1", "courier_id": courier})])
    assert result.outcome_reward == 1.0 and result.canonical_diff == []


@SETTINGS
@given(agent=st.sampled_from(CANDIDATES), gt=st.sampled_from(CANDIDATES))
def test_class_soundness_valid_choices_equal(agent, gt):
    assert compare(_dispatched(S0, agent), _dispatched(S0, gt), S0, CLASS_OVERRIDES, None) == []


@SETTINGS
@given(agent=st.sampled_from(CANDIDATES), gt=st.sampled_from(CANDIDATES), outside=st.sampled_from(["D1", "D5", "DX"]))
def test_class_choice_outside_candidates_differs(agent, gt, outside):
    sa = _dispatched(S0, agent)
    sa["orders"]["O1"]["driver_id"] = outside
    assert compare(sa, _dispatched(S0, gt), S0, CLASS_OVERRIDES, None) != []


@SETTINGS
@given(agent=st.sampled_from(CANDIDATES), gt=st.sampled_from(CANDIDATES), extra=st.sampled_from(CANDIDATES))
def test_class_double_assignment_differs(agent, gt, extra):
    sa = _dispatched(S0, agent)
    if extra == agent:
        sa["drivers"][extra]["active_orders"].append("O1")  # assigned twice to the same courier
    else:
        sa["drivers"][extra]["active_orders"].append("O1")  # and to a second courier
    assert compare(sa, _dispatched(S0, gt), S0, CLASS_OVERRIDES, None) != []


@SETTINGS
@given(
    agent=st.sampled_from(CANDIDATES),
    gt=st.sampled_from(CANDIDATES),
    other=st.sampled_from(CANDIDATES),
    field=st.sampled_from(["status", "active_orders", "rating"]),
    value=st.one_of(st.integers(), st.text(max_size=3), st.lists(st.sampled_from(["O1", "O2"]), max_size=2)),
)
def test_class_change_to_non_chosen_candidate_differs(agent, gt, other, field, value):
    sa = _dispatched(S0, agent)
    if other == agent:
        return  # the chosen candidate's linked path is judged through the class
    before = copy.deepcopy(sa["drivers"][other])
    sa["drivers"][other][field] = value
    changed = sa["drivers"][other] != before
    assert (compare(sa, _dispatched(S0, gt), S0, CLASS_OVERRIDES, None) != []) == changed


ROUTES = [["A", "B", "C"], ["A", "C", "B"], ["B", "A", "C"]]
ROUTE_OVERRIDES = RewardOverrides.model_validate(
    {"equivalence_class": {"id": "route", "field_path": "drivers.D9.route", "candidate_set_path": "drivers.D9.route_candidates"}}
)


def _routed(route):
    return {"drivers": {"D9": {"route": list(route), "route_candidates": [list(r) for r in ROUTES]}}}


@SETTINGS
@given(agent=st.permutations(["A", "B", "C"]), gt=st.sampled_from(ROUTES))
def test_route_class_over_sequences(agent, gt):
    """SPEC §4.1: candidates may be lists; any valid visit order equals any other."""
    base = {"drivers": {"D9": {"route": None, "route_candidates": []}}}
    equal = compare(_routed(agent), _routed(gt), base, ROUTE_OVERRIDES, None) == []
    assert equal == (list(agent) in ROUTES)


# ---- §4.3 invariants -------------------------------------------------------------

REFUND = TASK["refund"]
METHODS = st.sampled_from(["original_payment", "wallet_credit"])


def _split(total_cents, parts):
    cuts = sorted(parts)
    points = [0] + [c for c in cuts if 0 < c < total_cents] + [total_cents]
    return [(b - a) for a, b in zip(points, points[1:]) if b > a]


@SETTINGS
@given(parts=st.lists(st.integers(min_value=1, max_value=1249), max_size=3), methods=st.lists(METHODS, min_size=4, max_size=4), off=st.integers(min_value=-3, max_value=3))
def test_invariant_accepts_balanced_refuses_unbalanced(parts, methods, off):
    """SPEC §4.3: any balanced resolution passes, any unbalanced one fails."""
    amounts = _split(1250, parts)
    amounts[-1] += off  # off by up to 3 cents; the tolerance is half a cent (SPEC §4.3)
    actions = [
        Action(name="issue_refund", kwargs={"order_id": "O1", "amount": cents / 100, "method": methods[i % 4]})
        for i, cents in enumerate(amounts)
        if cents > 0
    ]
    result = score_trajectory(ENV, REFUND, actions)
    balanced = off == 0
    assert result.invariants_hold is balanced
    assert result.outcome_reward == (1.0 if balanced else 0.0)
    assert result.safety_passed
    exact_gt = [(a.kwargs["amount"], a.kwargs["method"]) for a in actions] == [(12.5, "original_payment")]
    assert result.legacy_reward == (1.0 if exact_gt else 0.0)


@SETTINGS
@given(over_cents=st.integers(min_value=2002, max_value=9000), method=METHODS, before=st.lists(ACTIONS, max_size=3))
def test_over_cap_is_a_gate_under_every_blend(over_cents, method, before):
    actions = list(before) + [Action(name="issue_refund", kwargs={"order_id": "O1", "amount": over_cents / 100, "method": method})]
    for blend in BLENDS:
        result = score_trajectory(ENV, REFUND, actions, blend=blend)
        if not any(g.id == "compensation_cap" for g in result.gate_violations):
            # refunds made earlier in `before` may already have pushed the total over
            assert False, result.gate_violations
        assert result.reward == 0.0 and result.outcome_reward == 0.0 and result.process_reward == 0.0


# ---- §3/§5 gates override everything -----------------------------------------------

ALLERGEN = Action(name="substitute_item", kwargs={"order_id": "O1", "item_id": "spring_rolls", "substitute_id": "peanut_noodles"})
NO_SUBSTITUTION = ACTIONS.filter(lambda a: a.name != "substitute_item")
FRAUD_MONEY = Action(name="issue_refund", kwargs={"order_id": "O2", "amount": 22, "method": "original_payment"})


@SETTINGS
@given(prefix=st.lists(NO_SUBSTITUTION, max_size=3), suffix=st.lists(ACTIONS, max_size=3), with_gt=st.booleans(), blend=st.sampled_from(BLENDS))
def test_allergen_gate_overrides_everything(prefix, suffix, with_gt, blend):
    task = TASK["substitution"]
    actions = list(prefix) + (list(task.actions) if with_gt else []) + [ALLERGEN] + list(suffix)
    step = len(prefix) + (len(task.actions) if with_gt else 0)
    result = score_trajectory(ENV, task, actions, blend=blend)
    assert (result.reward, result.outcome_reward, result.process_reward, result.safety_passed) == (0.0, 0.0, 0.0, False)
    assert ("allergen_substitute", step) in [(g.id, g.step) for g in result.gate_violations]
    assert sum(result.step_rewards) == 0.0


@SETTINGS
@given(prefix=st.lists(ACTIONS.filter(lambda a: a.name != "escalate_fraud"), max_size=3), blend=st.sampled_from(BLENDS))
def test_fraud_gate_fires_without_prior_escalation(prefix, blend):
    task = TASK["fraud"]
    actions = list(prefix) + [FRAUD_MONEY] + list(task.actions)
    result = score_trajectory(ENV, task, actions, blend=blend)
    assert result.reward == 0.0 and not result.safety_passed
    assert [g.id for g in result.gate_violations] == ["money_on_fraud_account"]


# ---- §8 determinism ----------------------------------------------------------------

@SETTINGS
@given(task_id=st.sampled_from(sorted(TASK)), agent=st.lists(ACTIONS, max_size=5), seed=st.integers(0, 5))
def test_same_input_same_bytes(task_id, agent, seed):
    """SPEC §8: the same task, trajectory and seed give the same result, byte for byte."""
    first = score_trajectory(ENV, TASK[task_id], agent, seed=seed).model_dump_json()
    assert score_trajectory(ENV, TASK[task_id], agent, seed=seed).model_dump_json() == first
    assert score_trajectory(make_env(), TASK[task_id], agent, seed=seed).model_dump_json() == first


SCRIPT = """
import json
from tau_shaped import Action, score_trajectory
from tests.mini_domain import make_env
env = make_env()
out = []
for seed in range(6):
    env.reset(task_index=0, seed=seed)
    env.step(Action(name="dispatch_courier", kwargs={"order_id": "O1"}))
    out.append(env.data["orders"]["O1"]["driver_id"])
    out.append(env.calculate_reward_shaped().model_dump_json())
print(json.dumps(out))
"""


def test_deterministic_across_processes_and_hash_seeds():
    outputs = []
    for hash_seed in ("1", "12345"):
        proc = subprocess.run(
            [sys.executable, "-c", SCRIPT],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1]
    picks = outputs[0][0::2]
    assert len(set(picks)) > 1  # the seed does drive the dispatcher's choice
