"""A settled overlay's records are known never to change: their pickles are kept, and comparing
against them says exactly what ``identical`` says."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.hashing import data_hash, identical
from tau_shaped.env.overlay import Overlay, changed_between, same_value, settled_record
from tau_shaped.reward.legacy_reward import states_equal

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.0, -0.0, 1.0, 2.5]) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_same_value_says_what_identical_says(value, kept):
    assert same_value(value, kept) == identical(value, kept)
    assert same_value(copy.deepcopy(kept), kept) == identical(copy.deepcopy(kept), kept)


def test_only_the_tables_of_a_settled_overlay_are_settled():
    s0 = {"orders": {"O1": {"n": 1}}, "clock": "t0"}
    truth, rollout = Overlay(s0), Overlay(s0)
    truth.data["orders"]["O1"]["n"] = 2
    assert not settled_record(truth.data, ("orders", "O1"))
    truth.settle()
    assert settled_record(truth.data, ("orders", "O1"))
    assert not settled_record(truth.data, ("clock",))
    assert not settled_record(rollout.data, ("orders", "O1"))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["O1", "O2"]), json_values), max_size=3),
       st.lists(st.tuples(st.sampled_from(["O1", "O2"]), json_values), max_size=3))
def test_states_equal_against_a_settled_truth_is_the_hash_comparison(truth_writes, rollout_writes):
    s0 = {"orders": {"O1": {"n": 1}, "O2": {"n": [1, 2]}}}
    truth = Overlay(s0)
    for key, value in truth_writes:
        truth.data["orders"][key]["n"] = value
    truth.settle()
    gt_hash = data_hash(truth.data)
    for _ in range(2):  # the second time from the kept pickles
        rollout = Overlay(s0)
        for key, value in rollout_writes:
            rollout.data["orders"][key]["n"] = copy.deepcopy(value)
        assert states_equal(rollout.data, truth.data, changed_between(rollout, truth), gt_hash) == (
            data_hash(rollout.data) == gt_hash)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_a_kept_records_text_is_written_once_and_compares_as_the_texts(value, kept):
    from tau_shaped.env.hashing import hashable_text, same_hashable_text

    expected = hashable_text(value) == hashable_text(kept)
    assert same_hashable_text(value, kept, None, True) == expected
    assert same_hashable_text(value, kept, same_value, True) == expected  # again, from what was kept
    assert same_hashable_text([value], [{"a": 1}] if kept == [["a", 1]] else [kept], None, True) == (
        hashable_text([value]) == hashable_text([{"a": 1}] if kept == [["a", 1]] else [kept]))


def test_a_dict_and_a_list_of_pairs_have_one_legacy_text():
    """tau-bench's hash text of {"a": 1} is that of [["a", 1]]; {} that of []: kept as it is."""
    from tau_shaped.env.hashing import same_hashable_text

    kept = {"a": 1, "b": {}}
    assert same_hashable_text([["a", 1], ["b", []]], kept, same_value, True)
    assert not same_hashable_text([["a", 1], ["b", [0]]], kept, same_value, True)


def test_a_view_of_a_settled_truth_is_a_private_copy_each_time():
    from tau_shaped.reward.canonical import build_view

    s0 = {"orders": {"O1": {"n": [1, {"x": 2.0}]}, "O2": {"n": 0}}, "clock": {"now": "t"}}
    truth = Overlay(s0)
    truth.data["orders"]["O1"]["n"].append(3)
    truth.data["clock"] = {"now": "t1"}
    truth.settle()
    records = {("orders", "O1"), ("orders", "O2"), ("clock",)}
    first = build_view(truth.data, records)
    assert first == {"orders": {"O1": {"n": [1, {"x": 2.0}, 3]}, "O2": {"n": 0}}, "clock": {"now": "t1"}}
    first["orders"]["O1"]["n"][1]["x"] = 99
    first["orders"]["O2"]["n"] = 5
    second = build_view(truth.data, records)
    assert second["orders"]["O1"]["n"][1] == {"x": 2.0} and second["orders"]["O2"]["n"] == 0
    assert s0["orders"]["O1"]["n"] == [1, {"x": 2.0}] and truth.data["orders"]["O1"]["n"] == [1, {"x": 2.0}, 3]
