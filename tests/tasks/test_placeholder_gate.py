"""The task schema's cheap gate before its placeholder walk (``schema._may_hold_placeholder``):
where it says no, the walk could not have refused the task (speed only, round 19)."""

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.paths import PLACEHOLDER, PathError, parse_path
from tau_shaped.tasks import schema
from tau_shaped.tasks.schema import ShapedTask

ROOT = Path(__file__).resolve().parents[2]
TASK_FILES = sorted((ROOT / "tau_shaped_domains").glob("*/tasks/*.json"))


def _placeholder_paths(task):
    found = []
    for where, text in schema._paths([task.reward_overrides, task.output_checks], "$"):
        try:
            if parse_path(text).has_placeholder:
                found.append(where)
        except PathError:
            pass
    return found


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["a", "b1", "*", PLACEHOLDER, "{value", "value}", "{", "}", ".", "[", "]", "[0]",
                                 "[*]", "['{value}']", "[?x=1]", " "]), min_size=1, max_size=8).map("".join))
def test_a_placeholder_segment_needs_the_placeholder_text(text):
    """The gate's premise: a path parses to a placeholder only where its text holds ``{value}``."""
    try:
        path = parse_path(text)
    except PathError:
        return
    if path.has_placeholder:
        assert PLACEHOLDER in text


_PATH = st.lists(st.sampled_from(["orders", "O1", "*", PLACEHOLDER, "x{value}", "[0]"]), min_size=1, max_size=4).map(".".join)
_PREDICATE = st.fixed_dictionaries({"state": _PATH, "gt": st.integers(0, 9)})


@settings(max_examples=200, deadline=None)
@given(gates=st.lists(_PREDICATE, max_size=3), linked=st.lists(_PATH, max_size=2))
def test_gate_false_means_the_walk_finds_no_placeholder(gates, linked):
    """On tasks built from paths with and without ``{value}`` (in gates' states, walked, and in
    ``linked_paths``, which keeps it): a task validated has no placeholder path, a refusal
    names a placeholder that is there, and the gate says no only where no path holds one."""
    overrides = {"safety_gates": [{"id": f"g{i}", "when": when} for i, when in enumerate(gates)]}
    if linked:
        overrides["equivalence_class"] = [{"id": "k", "field_path": "orders.O1.driver_id",
                                           "candidate_set_path": "orders.O1.courier_candidates",
                                           "linked_paths": linked}]
    raw = {"id": "t", "user_id": "C1", "instruction": "x", "actions": [], "reward_overrides": overrides}
    try:
        task = ShapedTask.model_validate(raw)
    except Exception as exc:  # refused: by the walk (a placeholder) or by another field's own check
        if "unfilled {value} placeholder" in str(exc):
            assert any(PLACEHOLDER in p for p in [w["state"] for w in gates])
        return
    assert _placeholder_paths(task) == []
    if not schema._may_hold_placeholder([task.reward_overrides, task.output_checks]):
        assert not any(PLACEHOLDER in p for p in [w["state"] for w in gates] + linked)


def test_every_bundled_task_the_gate_passes_over_has_no_placeholder_path():
    assert TASK_FILES
    passed = held = 0
    for path in TASK_FILES:
        for item in json.loads(path.read_text(encoding="utf-8")):
            task = ShapedTask.model_validate(item)
            if schema._may_hold_placeholder([task.reward_overrides, task.output_checks]):
                held += 1
            else:
                passed += 1
                assert _placeholder_paths(task) == []
    assert passed and held  # both sides met: linked_paths hold {value} in some tasks


def test_the_gate_reaches_a_placeholder_anywhere_the_walk_does():
    """A ``{value}`` under a model field, in a list, a tuple and a dict's value is seen; a key is not needed."""
    ok = ShapedTask.model_validate({"id": "t", "user_id": "C1", "instruction": "x", "actions": []})
    assert not schema._may_hold_placeholder([ok.reward_overrides, ok.output_checks])
    assert schema._may_hold_placeholder([None, [("a", {"k": ["z", f"q.{PLACEHOLDER}"]})]])
    assert not schema._may_hold_placeholder([None, [("a", {f"q.{PLACEHOLDER}": ["z"]})], 3, 2.5])
    gated = ShapedTask.model_validate({"id": "t", "user_id": "C1", "instruction": "x", "actions": [],
                                       "reward_overrides": {"equivalence_class": {
                                           "id": "k", "field_path": "orders.O1.driver_id",
                                           "candidate_set_path": "orders.O1.courier_candidates",
                                           "linked_paths": ["drivers.{value}.active_orders"]}}})
    assert schema._may_hold_placeholder([gated.reward_overrides, gated.output_checks])
