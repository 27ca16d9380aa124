"""Equivalence-class soundness (SPEC §4.1), property-wise over every candidate.

End to end with the mini domain's "courier" task (the dispatcher records its
candidate set in ``orders.O1.courier_candidates``), then directly on plain
states with ``tau_shaped.reward.canonical.compare``: any valid choice equals the
ground truth's; a choice outside C, a double assignment, or any other change
to a candidate's record differs. Also a class whose candidates are lists.
"""

from __future__ import annotations

import copy
import itertools
import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tau_shaped import score_trajectory
from tau_shaped.reward.canonical import compare
from tau_shaped.reward.overrides import RewardOverrides
from tests.mini_domain import load_data, make_env
from tests.prop_strategies import RESPONDS, act, prop_settings, spec_number_form

ENV = make_env()
COURIER = {t.id: t for t in ENV.tasks}["courier"]
OVERRIDES = COURIER.reward_overrides
SEEDS = st.integers(min_value=0, max_value=7)

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-1000, max_value=1000),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=6),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


def expected_candidates(s0):
    """The candidate set the dispatcher must record, computed from S0 by hand."""
    current = s0["orders"]["O1"]["driver_id"]
    return sorted(d for d, rec in s0["drivers"].items() if rec["status"] == "available" and d != current)


def gt_state(seed):
    """Sg as a plain dict (deepcopy reads the overlay without touching it)."""
    return copy.deepcopy(ENV.ground_truth(COURIER, seed).data)


def dispatched_by_hand(s0, courier, candidates):
    """S0 after a correct dispatch of O1 to ``courier``, written by hand (not by the tool)."""
    state = copy.deepcopy(s0)
    order = state["orders"]["O1"]
    state["drivers"][order["driver_id"]]["active_orders"].remove("O1")
    order["courier_candidates"] = list(candidates)
    order["driver_id"] = courier
    state["drivers"][courier]["active_orders"].append("O1")
    return state


def diff(sa, sg, s0, overrides=OVERRIDES):
    return compare(sa, sg, s0, overrides, None)


# ---- end to end: every candidate of the recorded set --------------------------------


@prop_settings(40)
@given(seed=SEEDS, look_up=st.booleans(), chatter=st.lists(RESPONDS, max_size=2))
def test_every_recorded_candidate_scores_outcome_1(seed, look_up, chatter):
    """SPEC §4.1: for every candidate in the candidate set the dispatcher recorded
    in Sg, dispatching that candidate (``courier_id``) gives outcome 1 and an
    empty canonical_diff, whichever courier the ground truth's random pick chose."""
    s0 = load_data(seed)
    recorded = ENV.ground_truth(COURIER, seed).data["orders"]["O1"]["courier_candidates"]
    assert list(recorded) == expected_candidates(s0)  # premise: the domain records the class
    assert len(recorded) >= 2
    for courier in recorded:
        actions = ([act("get_order", order_id="O1")] if look_up else []) + list(chatter)
        actions.append(act("dispatch_courier", order_id="O1", courier_id=courier))
        result = score_trajectory(ENV, COURIER, actions, seed=seed)
        assert result.status == "ok", result.error
        assert result.outcome_reward == 1.0, (courier, result.canonical_diff)
        assert result.canonical_diff == []
        assert result.canonical_match is True
        assert [(c.actual_valid, c.expected_valid) for c in result.equivalence_classes] == [(True, True)]
        assert result.legacy_reward == (1.0 if courier == gt_state(seed)["orders"]["O1"]["driver_id"] else 0.0)


@prop_settings(30)
@given(seed=SEEDS, courier=st.sampled_from(["D1", "D5", "DX", ""]))
def test_dispatch_outside_candidates_scores_outcome_0(seed, courier):
    """SPEC §4.1 (control): naming a courier outside C fails, or (empty id) makes a
    random pick; only a dispatch that lands in C can score 1."""
    result = score_trajectory(ENV, COURIER, [act("dispatch_courier", order_id="O1", courier_id=courier)], seed=seed)
    if courier == "":
        assert result.outcome_reward == 1.0  # falsy id: the dispatcher picks in C itself
    else:
        assert result.outcome_reward == 0.0
        assert result.canonical_diff != []


# ---- directly on states --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_hand_built_state_matches_the_tool(seed):
    """Premise of the state-level properties below: the hand-built dispatch equals the tool's."""
    sg = gt_state(seed)
    pick = sg["orders"]["O1"]["driver_id"]
    assert dispatched_by_hand(load_data(seed), pick, expected_candidates(load_data(seed))) == sg


@prop_settings(60)
@given(seed=SEEDS, data=st.data())
def test_any_valid_choice_is_canon_equal(seed, data):
    """SPEC §4.1: any v ∈ C gives the same canonical state as the ground-truth
    choice. (C itself, at candidate_set_path, is compared strictly, SPEC §4: the
    tool records it the same way on both sides.)"""
    s0, sg = load_data(seed), gt_state(seed)
    cands = expected_candidates(s0)
    choice = data.draw(st.sampled_from(cands), label="choice")
    assert diff(dispatched_by_hand(s0, choice, cands), sg, s0) == []


OUTSIDE_VALUES = st.one_of(st.sampled_from(["D1", "D5", "DX", "d2", " D2", "D2 ", ["D2"], None, 2]), JSON_VALUES)


def _outside_choice_diffs(seed, value):
    s0, sg = load_data(seed), gt_state(seed)
    cands = expected_candidates(s0)
    sa = copy.deepcopy(s0)
    sa["drivers"]["D1"]["active_orders"].remove("O1")
    sa["orders"]["O1"]["courier_candidates"] = list(cands)
    sa["orders"]["O1"]["driver_id"] = value
    if isinstance(value, str) and value in sa["drivers"]:
        sa["drivers"][value]["active_orders"].append("O1")  # with the side effect a dispatch would have
    diffs = diff(sa, sg, s0)
    assert diffs != []
    assert any(d.path.startswith("orders.O1.driver_id") for d in diffs), diffs


@prop_settings(80)
@given(seed=SEEDS, value=OUTSIDE_VALUES)
def test_choice_outside_candidates_differs(seed, value):
    """SPEC §4.1: v ∉ C is not rewritten, so the states differ (at the class's field),
    whatever the value: its text is never read back as path syntax."""
    assume(not any(spec_number_form(value) == spec_number_form(c) for c in expected_candidates(load_data(seed))))
    _outside_choice_diffs(seed, value)


@pytest.mark.parametrize("value", ["", [[]], {"[": None}, "D[", ["D2", ""]], ids=repr)
def test_choice_outside_candidates_differs_any_json_value(value):
    """SPEC §4.1 and §8: v ∉ C, for any JSON value v, gives a difference, never a
    verifier fault (minimal examples found by the property above without its filter)."""
    _outside_choice_diffs(0, value)


@prop_settings(60)
@given(seed=SEEDS, data=st.data())
def test_tampered_candidate_set_differs(seed, data):
    """SPEC §4.1: C is read from the state; a choice made valid by recording a
    different candidate set (a courier added to or dropped from C) is not the ground truth's class."""
    s0, sg = load_data(seed), gt_state(seed)
    cands = expected_candidates(s0)
    others = sorted(set(s0["drivers"]) - set(cands)) + ["DX"]
    extra = data.draw(st.lists(st.sampled_from(others), unique=True, max_size=2), label="added")
    kept = data.draw(st.lists(st.sampled_from(cands), unique=True, min_size=1), label="kept")
    recorded = kept + extra
    assume(sorted(recorded) != cands)
    choice = data.draw(st.sampled_from([c for c in recorded if c in s0["drivers"]] or kept), label="choice")
    sa = dispatched_by_hand(s0, choice, recorded)
    assert diff(sa, sg, s0) != []


@prop_settings(80)
@given(seed=SEEDS, data=st.data())
def test_double_assignment_differs(seed, data):
    """SPEC §4.1: a double assignment (the order also appended to another
    driver's active_orders, or twice to the chosen one) gives a different canonical state."""
    s0, sg = load_data(seed), gt_state(seed)
    cands = expected_candidates(s0)
    choice = data.draw(st.sampled_from(cands), label="choice")
    also = data.draw(st.lists(st.sampled_from(sorted(s0["drivers"])), min_size=1, max_size=3), label="also assigned to")
    sa = dispatched_by_hand(s0, choice, cands)
    for driver in also:
        sa["drivers"][driver]["active_orders"].append("O1")
    diffs = diff(sa, sg, s0)
    assert diffs != []
    for driver in set(also) - {choice}:
        # a second assignee that is not the chosen one is named in the diff (unless the diff list is full)
        assert len(diffs) >= 10 or any(d.path.startswith(f"drivers.{driver}") for d in diffs), (driver, diffs)


DRIVER_FIELDS = st.one_of(st.sampled_from(["status", "active_orders", "rating", "zone"]), st.text(min_size=1, max_size=4))


@prop_settings(120)
@given(seed=SEEDS, data=st.data(), field=DRIVER_FIELDS, value=JSON_VALUES, how=st.sampled_from(["set", "delete_field", "delete_record"]))
def test_any_other_change_to_a_non_chosen_candidate_differs(seed, data, field, value, how):
    """SPEC §4.1: any other change to a non-chosen candidate's record (any field,
    any value, a deleted field or record) gives a different canonical state, and
    the diff names that record."""
    s0, sg = load_data(seed), gt_state(seed)
    cands = expected_candidates(s0)
    choice = data.draw(st.sampled_from(cands), label="choice")
    other = data.draw(st.sampled_from([c for c in cands if c != choice]), label="changed candidate")
    sa = dispatched_by_hand(s0, choice, cands)
    record = sa["drivers"][other]
    if how == "set":
        assume(field not in record or json.dumps(spec_number_form(record[field]), sort_keys=True) != json.dumps(spec_number_form(value), sort_keys=True))
        record[field] = value
    elif how == "delete_field":
        assume(field in record)
        del record[field]
    else:
        del sa["drivers"][other]
    diffs = diff(sa, sg, s0)
    assert diffs != []
    assert any(d.path.startswith(f"drivers.{other}") for d in diffs), diffs


@prop_settings(80)
@given(seed=SEEDS, data=st.data(), field=DRIVER_FIELDS, value=JSON_VALUES)
def test_other_change_to_the_chosen_candidate_differs(seed, data, field, value):
    """SPEC §4 / §4.1: only the linked path of the chosen candidate is judged
    through the class; its other fields are compared strictly, and a linked
    change other than the choice's own side effect (the order added) differs too."""
    s0, sg = load_data(seed), gt_state(seed)
    cands = expected_candidates(s0)
    choice = data.draw(st.sampled_from(cands), label="choice")
    sa = dispatched_by_hand(s0, choice, cands)
    record = sa["drivers"][choice]
    if field == "active_orders":
        assume(isinstance(value, list) or value is None or not isinstance(value, (list,)))
        assume(spec_number_form(value) != spec_number_form(record["active_orders"]))
    else:
        assume(field not in record or spec_number_form(value) != spec_number_form(record[field]))
    record[field] = value
    assert diff(sa, sg, s0) != []


@prop_settings(40)
@given(seed=SEEDS, data=st.data(), forget=st.sampled_from(["release old courier", "assign new courier"]))
def test_missing_side_effect_differs(seed, data, forget):
    """SPEC §4.1: a choice in C whose side effects are incomplete (the old courier
    keeps the order, or the new one never gets it) is not the ground truth."""
    s0, sg = load_data(seed), gt_state(seed)
    cands = expected_candidates(s0)
    choice = data.draw(st.sampled_from(cands))
    sa = dispatched_by_hand(s0, choice, cands)
    if forget == "release old courier":
        sa["drivers"]["D1"]["active_orders"].append("O1")
    else:
        sa["drivers"][choice]["active_orders"].remove("O1")
    assert diff(sa, sg, s0) != []


# ---- special characters in candidate values (SPEC §4.1: "any JSON value") ------------

LINKED = RewardOverrides.model_validate(
    {
        "equivalence_class": {
            "id": "courier",
            "field_path": "orders.O1.driver_id",
            "candidate_set_path": "orders.O1.candidates",
            "linked_paths": ["drivers.{value}.active_orders"],
        }
    }
)


def _linked_class_differences(ids, agent, gt):
    s0 = {"orders": {"O1": {"driver_id": None, "candidates": []}}, "drivers": {i: {"active_orders": []} for i in ids}}

    def pick(courier):
        state = copy.deepcopy(s0)
        state["orders"]["O1"].update(driver_id=courier, candidates=list(ids))
        state["drivers"][courier]["active_orders"].append("O1")
        return state

    return compare(pick(agent), pick(gt), s0, LINKED, None)


@prop_settings(60)
@given(ids=st.lists(st.text(max_size=4), min_size=2, max_size=4, unique=True), data=st.data())
def test_linked_path_valid_choices_equal(ids, data):
    """SPEC §4.1: for any set of candidate ids, every valid choice equals every other,
    and the chosen candidate's linked path is judged through the class."""
    agent = data.draw(st.sampled_from(ids), label="agent")
    gt = data.draw(st.sampled_from(ids), label="ground truth")
    assert _linked_class_differences(ids, agent, gt) == []


@pytest.mark.parametrize(
    "ids", [["d.1", "d.2"], ["", "D3"], ["D[0]", "D3"], ["a]", "D3"], ["x.y.z", "D3"]], ids=repr
)
def test_linked_path_with_special_characters_in_the_value(ids):
    """SPEC §4.1: candidates may be any JSON value; for courier ids of any text
    (dots, brackets, empty), a valid choice equals the ground truth's valid choice
    (minimal examples of the property above over arbitrary text)."""
    assert _linked_class_differences(ids, ids[0], ids[1]) == []


# ---- a class whose candidates are lists (a multi-stop route) --------------------------

ROUTE = RewardOverrides.model_validate(
    {
        "equivalence_class": {
            "id": "route",
            "field_path": "drivers.D9.route",
            "candidate_set_path": "drivers.D9.route_candidates",
            "linked_paths": ["stops.{value}.driver"],
        }
    }
)


def _route_s0(stops):
    return {
        "drivers": {"D9": {"route": [], "route_candidates": []}},
        "stops": {s: {"driver": None, "address": f"{s} street"} for s in stops},
    }


def _routed(s0, route, candidates):
    state = copy.deepcopy(s0)
    state["drivers"]["D9"].update(route=list(route), route_candidates=[list(c) for c in candidates])
    for stop in route:
        if stop in state["stops"]:
            state["stops"][stop]["driver"] = "D9"
    return state


@prop_settings(120)
@given(stops=st.lists(st.sampled_from("ABCDE"), min_size=2, max_size=4, unique=True), data=st.data())
def test_route_class_valid_sequences_equal_others_differ(stops, data):
    """SPEC §4.1: candidates may be lists: any valid visit order in C gives the
    ground truth's canonical state; any sequence not in C (another permutation,
    a repeated or missing stop) differs."""
    perms = [list(p) for p in itertools.permutations(stops)]
    cands = data.draw(st.lists(st.sampled_from(perms), min_size=1, unique_by=tuple), label="C")
    gt = data.draw(st.sampled_from(cands), label="ground truth route")
    agent = data.draw(
        st.one_of(st.sampled_from(cands), st.sampled_from(perms), st.lists(st.sampled_from(stops), max_size=len(stops) + 1)),
        label="agent route",
    )
    s0 = _route_s0(stops)
    # both sides record the same C (same tool, same S0); C's own path is compared strictly (SPEC §4)
    sg = _routed(s0, gt, cands)
    sa = _routed(s0, agent, cands)
    equal = compare(sa, sg, s0, ROUTE, None) == []
    assert equal == (agent in cands)


def test_choice_outside_c_that_mimics_the_collapsed_form_differs():
    """SPEC §4.1: a choice outside C gives a different canonical state, whatever
    the value (here a dict that looks like the verifier's collapsed field)."""
    cands = [["A", "B"], ["B", "A"]]
    classes = RewardOverrides.model_validate(
        {"equivalence_class": {"id": "route", "field_path": "drivers.D9.route", "candidate_set_path": "drivers.D9.route_candidates"}}
    )
    s0 = {"drivers": {"D9": {"route": [], "route_candidates": []}}}
    sg = {"drivers": {"D9": {"route": ["A", "B"], "route_candidates": cands}}}
    sa = {"drivers": {"D9": {"route": {"candidates": cands, "linked_effects": []}, "route_candidates": cands}}}
    assert compare(sa, sg, s0, classes, None) != []
