"""SPEC §4: canonical states, numbers (§4.4) and the diff that explains a 0."""

import copy

import pytest

from tau_shaped.reward.canonical import canonical_hash, compare
from tau_shaped.env.overlay import Overlay, changed_between
from tau_shaped.reward.overrides import RewardOverrides
from tau_shaped.reward.values import canonical_json, values_equal

S0 = {"orders": {"O1": {"total": 38.01, "status": "placed", "n": 10}}, "meta": {"v": 1}}


@pytest.mark.parametrize(
    "a, b, equal",
    [
        (10, 10.0, True),
        (38.00999999999999, 38.01, True),
        (0.1 + 0.2, 0.3, True),
        (1.0000001, 1.0, True),
        (1.000001, 1.0, False),
        (True, 1, False),
        (False, 0, False),
        ("10", 10, False),
        (None, 0, False),
        ([1, 2.0], [1.0, 2], True),
        ({"a": 1}, {"a": 1.0}, True),
        ({"a": True}, {"a": 1}, False),
        (-0.0, 0.0, True),
    ],
)
def test_canonical_numbers(a, b, equal):
    """SPEC §4.4: int/float of equal value are one number; floats rounded to 6 places."""
    assert values_equal(a, b) is equal
    assert (canonical_json(a) == canonical_json(b)) is equal


def _after(edit):
    state = {"orders": {"O1": dict(S0["orders"]["O1"])}, "meta": dict(S0["meta"])}
    edit(state)
    return state


def test_float_artifact_is_not_a_difference():
    sa = _after(lambda s: s["orders"]["O1"].update(total=38.00999999999999, n=10.0))
    assert compare(sa, S0, S0, None, None) == []


def test_diff_names_path_expected_actual():
    sa = _after(lambda s: s["orders"]["O1"].update(status="cancelled"))
    sg = _after(lambda s: s["orders"]["O1"].update(status="refunded"))
    diffs = compare(sa, sg, S0, None, None)
    assert [(d.path, d.expected, d.actual) for d in diffs] == [("orders.O1.status", "refunded", "cancelled")]


def test_owned_paths_removed_from_both_sides():
    overrides = RewardOverrides.model_validate(
        {"monetary_identity": {"id": "m", "disputed_amount": 5, "components": ["orders.O1.ledger[*]"], "owns": ["orders.O1.status"]}}
    )
    sa = _after(lambda s: s["orders"]["O1"].update(status="cancelled"))
    assert compare(sa, S0, S0, overrides, None) == []
    sb = _after(lambda s: s["orders"]["O1"].update(total=1))
    assert [d.path for d in compare(sb, S0, S0, overrides, None)] == ["orders.O1.total"]


def test_overlay_comparison_equals_full_comparison():
    """Comparing only changed records gives the same verdict as comparing everything."""
    base = {"orders": {f"O{i}": {"v": i, "items": [i]} for i in range(50)}, "clock": 5}
    a, g = Overlay(base), Overlay(base)
    a.data["orders"]["O3"]["v"] = 99
    _ = g.data["orders"]["O7"]["v"]  # a read only
    g.data["orders"]["O3"]["v"] = 99
    assert compare(a.data, g.data, base, None, changed_between(a, g)) == []
    assert compare(a.data, g.data, base, None, None) == []
    a.data["orders"]["O8"]["items"].append(1)
    fast = compare(a.data, g.data, base, None, changed_between(a, g))
    slow = compare(a.data, g.data, base, None, None)
    assert [d.to_dict() for d in fast] == [d.to_dict() for d in slow] != []


def test_canonical_hash_agrees_with_compare():
    sa = _after(lambda s: s["orders"]["O1"].update(total=38.00999999999999))
    assert canonical_hash(sa, S0, None) == canonical_hash(S0, S0, None)
    sb = _after(lambda s: s["orders"]["O1"].update(status="x"))
    assert canonical_hash(sb, S0, None) != canonical_hash(S0, S0, None)
    # an empty table and a missing one are different states
    assert canonical_hash({"t": {}}, {}, None) != canonical_hash({}, {}, None)


def test_linked_paths_of_a_sequence_choice_follow_each_stop():
    """SPEC §4.1: for a sequence-valued choice, a linked template is filled with each stop."""
    overrides = RewardOverrides.model_validate(
        {"equivalence_class": {"id": "route", "field_path": "d.route", "candidate_set_path": "d.cands", "linked_paths": ["stops.{value}.visits"]}}
    )
    s0 = {"d": {"route": None, "cands": []}, "stops": {"A": {"visits": 0}, "B": {"visits": 0}, "C": {"visits": 0}}}

    def routed(route, extra=()):
        state = {"d": {"route": list(route), "cands": [["A", "B"], ["B", "A"]]}, "stops": {k: {"visits": 0} for k in "ABC"}}
        for stop in list(route) + list(extra):
            state["stops"][stop]["visits"] += 1
        return state

    assert compare(routed("AB"), routed("BA"), s0, overrides, None) == []
    assert compare(routed("AB", extra="A"), routed("BA"), s0, overrides, None) != []  # a stop visited twice
    assert compare(routed("AB", extra="C"), routed("BA"), s0, overrides, None) != []  # a stop outside the route


from tau_shaped.reward.equivalence import linked_change  # noqa: E402
from tau_shaped.env.overlay import ABSENT  # noqa: E402


@pytest.mark.parametrize(
    "before, after, change",
    [
        (ABSENT, ABSENT, {"unchanged": True}),
        (ABSENT, 5, {"created": 5}),
        (5, ABSENT, {"deleted": True}),
        ([1, 2], [2, 3], {"added": ["3"], "removed": ["1"]}),
        ([1, 1], [1], {"added": [], "removed": ["1"]}),
        (["O1"], ["O1", "O2", "O2"], {"added": ['"O2"', '"O2"'], "removed": []}),
        (3, 5.5, {"delta": 2.5}),
        (2.5, 2.5, {"unchanged": True}),
        ([1, 2], [2, 1], {"added": [], "removed": []}),
        ({"a": 1, "b": 2}, {"a": 1, "b": 3, "c": 4}, {"fields": {"b": {"delta": 1}, "c": {"created": 4}}}),
        ({"a": 1}, {}, {"fields": {"a": {"deleted": True}}}),
        ("x", "x", {"unchanged": True}),
        ("x", "y", {"became": "y"}),
        (True, False, {"became": False}),
        (None, [1], {"became": [1]}),
    ],
)
def test_linked_change(before, after, change):
    """How a linked value changed from S0 (the side effect kept in a collapsed class, SPEC §4.1)."""
    assert linked_change(before, after) == change


def test_linked_path_created_by_the_choice():
    """A linked path absent from S0 (created by the choice) is judged through the class too."""
    overrides = RewardOverrides.model_validate(
        {"equivalence_class": {"id": "k", "field_path": "o.d", "candidate_set_path": "o.c", "linked_paths": ["assignments.{value}", "log.{value}.n"]}}
    )
    s0 = {"o": {"d": None, "c": []}, "assignments": {}, "log": {}}

    def chose(pick, extra=None, log=True):
        state = {"o": {"d": pick, "c": ["A", "B"]}, "assignments": {pick: "O1"}, "log": {pick: {"n": 1}} if log else {}}
        if extra:
            state["assignments"][extra] = "O1"
        return state

    assert compare(chose("A"), chose("B"), s0, overrides, None) == []
    assert compare(chose("A", extra="B"), chose("B"), s0, overrides, None) != []
    assert compare(chose("A", log=False), chose("B"), s0, overrides, None) != []  # a side effect missing
    assert canonical_hash(chose("A"), s0, overrides) == canonical_hash(chose("B"), s0, overrides)


def test_diff_details():
    """SPEC §7: canonical_diff names the first differing paths, expected and actual."""
    s0 = {"t": {"r": {"a": 1, "xs": [1, 2, 3], "n": {"k": "v"}}}}
    sa = {"t": {"r": {"a": 1, "xs": [1, 5, 3], "extra": True, "n": {"k": "w"}}}}
    diffs = [(d.path, d.expected, d.actual) for d in compare(sa, s0, s0, None, None)]
    assert diffs == [("t.r.extra", None, True), ("t.r.n.k", "v", "w"), ("t.r.xs[1]", 2, 5)]
    shorter = {"t": {"r": {"a": 1, "xs": [1, 2], "n": {"k": "v"}}}}
    assert [(d.path, d.expected, d.actual) for d in compare(shorter, s0, s0, None, None)] == [("t.r.xs", [1, 2, 3], [1, 2])]
    many = {"t": {"r": {f"k{i:02d}": i for i in range(15)}}}
    diffs = compare(many, {"t": {"r": {}}}, {"t": {"r": {}}}, None, None)
    assert len(diffs) == 10 and diffs[0].path == "t.r.k00" and diffs[-1].path == "t.r.k09"


def test_pruning_created_containers_stops_at_what_s0_has_or_what_is_not_empty():
    """SPEC §4.1: collapsing a valid choice removes only the containers the choice itself
    created and left empty. Seen through the diff against an invalid choice ("Z"): the
    difference is reported at the invalid choice's own entry, not at a parent."""
    overrides = RewardOverrides.model_validate(
        {"equivalence_class": {"id": "k", "field_path": "o.d", "candidate_set_path": "o.c", "linked_paths": ["log.{value}.x.n"]}}
    )

    def chose(pick, s0, **extra):
        state = copy.deepcopy(s0)
        state["o"] = {"d": pick, "c": ["A", "B"]}
        state.setdefault("log", {})[pick] = {"x": {"n": 1}}
        state["log"].update(extra)
        return state

    # S0 has an empty `log`: it stays (and B's created entries go) on the valid side
    s0 = {"o": {"d": None, "c": []}, "log": {}}
    paths = [d.path for d in compare(chose("Z", s0), chose("B", s0), s0, overrides, None)]
    assert paths == ["log.Z", "o.d"]
    # S0 has no `log`; the created `log` keeps another entry, so it is not empty and stays
    s0 = {"o": {"d": None, "c": []}}
    paths = [d.path for d in compare(chose("Z", s0, meta=1), chose("B", s0, meta=1), s0, overrides, None)]
    assert paths == ["log.Z", "o.d"]
    # and two valid choices are equal, whatever depth the choice created
    assert compare(chose("A", s0), chose("B", s0), s0, overrides, None) == []


def test_linked_change_of_mixed_kinds():
    """A number that became something else is a new value, not a difference of numbers;
    dict keys of mixed types are compared key by key."""
    assert linked_change(5, "x") == {"became": "x"}
    assert linked_change(None, 5) == {"became": 5}
    assert linked_change(5, [5]) == {"became": [5]}
    assert linked_change({1: "a", "b": 2}, {1: "c", "b": 2}) == {"fields": {"1": {"became": "c"}}}


LINKED_ACTIVE = RewardOverrides.model_validate(
    {"equivalence_class": {"id": "k", "field_path": "o.d", "candidate_set_path": "o.c", "linked_paths": ["drv.{value}.active"]}}
)


def test_double_assignment_counts_even_when_the_field_kept_its_s0_value():
    """SPEC §4.1: the class is applied even when only a linked path changed (the field
    already held a valid candidate in S0): assigning the order twice still differs from
    assigning it once, when only the changed records are compared."""
    s0 = {"o": {"d": "A", "c": ["A", "B"]}, "drv": {"A": {"active": []}, "B": {"active": []}}}
    once, twice = copy.deepcopy(s0), copy.deepcopy(s0)
    once["drv"]["A"]["active"] = ["O1"]
    twice["drv"]["A"]["active"] = ["O1", "O1"]
    changed = {("drv", "A")}  # what changed_between reports for two overlays of S0
    assert compare(twice, once, s0, LINKED_ACTIVE, changed) != []
    assert compare(twice, once, s0, LINKED_ACTIVE, None) != []
    assert compare(copy.deepcopy(once), once, s0, LINKED_ACTIVE, changed) == []


def test_a_linked_path_the_choice_deleted_is_restored_from_s0():
    """SPEC §4.1: a choice whose side effect deletes a value at its linked path (the chosen
    driver's `idle` flag) is judged through the class: two valid choices are equal."""
    overrides = RewardOverrides.model_validate(
        {"equivalence_class": {"id": "k", "field_path": "o.d", "candidate_set_path": "o.c", "linked_paths": ["drv.{value}.idle"]}}
    )
    s0 = {"o": {"d": None, "c": []}, "drv": {"A": {"idle": True}, "B": {"idle": True}}}

    def chose(pick):
        state = copy.deepcopy(s0)
        state["o"] = {"d": pick, "c": ["A", "B"]}
        del state["drv"][pick]["idle"]
        return state

    changed = {("drv", "A"), ("drv", "B"), ("o", "d"), ("o", "c")}
    assert compare(chose("A"), chose("B"), s0, overrides, changed) == []
    assert compare(chose("A"), chose("B"), s0, overrides, None) == []
    assert canonical_hash(chose("A"), s0, overrides) == canonical_hash(chose("B"), s0, overrides)


def test_candidates_of_mixed_types_collapse():
    """Candidate sets are sorted by the canonical total order, whatever their JSON types."""
    overrides = RewardOverrides.model_validate({"equivalence_class": {"id": "k", "field_path": "o.d", "candidate_set_path": "o.c"}})
    s0 = {"o": {"d": None, "c": []}}
    cands = [2, "B", {"x": 1}, None]
    states = [{"o": {"d": pick, "c": cands}} for pick in cands]
    assert all(compare(state, states[0], s0, overrides, None) == [] for state in states)
    assert compare({"o": {"d": 3, "c": cands}}, states[0], s0, overrides, None) != []


@pytest.mark.parametrize(
    "view, loc, expected",
    [
        ({"a": {"b": 1}}, ("a", "b"), True),
        ({}, ("a",), True),
        ({"a": {}}, ("a", "x", "y"), False),
        ({"a": [{"k": 1}]}, ("a", 0, "k"), True),
        ({"a": [{"k": 1}]}, ("a", -1, "k"), True),
        ({"a": [{"k": 1}]}, ("a", -2, "k"), False),
        ({"a": [{"k": 1}]}, ("a", 1, "k"), False),
        ({"a": ["x"]}, ("a", "x", "k"), False),
        ({"a": 5}, ("a", "b", "c"), False),
        ({"a": {"b": 5}}, ("a", "b", "c"), False),
    ],
)
def test_has_parent(view, loc, expected):
    """Where collapsing may write: the parent container of a location exists in the view."""
    from tau_shaped.reward.equivalence import _has_parent

    assert _has_parent(view, loc) is expected


@pytest.mark.parametrize(
    "state, loc, expected",
    [
        ({"t": {"k": {"x": 1}}}, ("t", "k", "x"), ("t", "k")),
        ({"t": {"k": 1}}, ("t", "k"), ("t", "k")),
        ({"t": {"k": 1}}, ("t",), ("t",)),
        ({"t": [1, 2]}, ("t", 0), ("t",)),
        ({"t": 5}, ("t", "x"), ("t",)),
    ],
)
def test_record_of(state, loc, expected):
    """A record is a (table, key) entry of a dict table, else the whole table."""
    from tau_shaped.reward.canonical import record_of

    assert record_of(state, loc) == expected


def test_diffs_look_inside_collapsed_fields_and_show_them_as_such():
    """Two valid choices whose linked effects differ: the diff names the effect inside the
    collapsed field; a collapsed field against a raw value is shown tagged."""
    s0 = {"o": {"d": None, "c": []}, "drv": {"A": {"active": []}, "B": {"active": []}}}

    def chose(pick, times=1):
        state = copy.deepcopy(s0)
        state["o"] = {"d": pick, "c": ["A", "B"]}
        state["drv"].setdefault(pick, {})["active"] = ["O1"] * times
        return state

    inside = compare(chose("A", times=2), chose("B"), s0, LINKED_ACTIVE, None)
    assert [d.path for d in inside] and all(d.path.startswith("o.d.linked_effects") for d in inside)
    raw = compare(chose("Z"), chose("B"), s0, LINKED_ACTIVE, None)
    shown = next(d for d in raw if d.path == "o.d")
    assert shown.actual == "Z" and shown.expected["collapsed_class"]["candidates"] == ["A", "B"]


def test_diffs_of_dicts_with_mixed_keys_and_missing_nulls():
    assert [d.path for d in compare({"t": {1: "a", "b": 1}}, {"t": {1: "b", "b": 1}}, {}, None, None)] == ["t[1]"]
    nested = compare({"t": {"k": {1: "a", "b": 1}}}, {"t": {"k": {1: "b", "b": 2}}}, {}, None, None)
    assert [d.path for d in nested] == ["t.k[1]", "t.k.b"]
    missing = compare({"t": {"k": {}}}, {"t": {"k": {"x": None}}}, {}, None, None)
    assert [(d.path, d.expected, d.actual) for d in missing] == [("t.k.x", None, None)]


def test_a_class_whose_field_is_missing_does_not_collapse():
    overrides = RewardOverrides.model_validate({"equivalence_class": {"id": "k", "field_path": "o.d", "candidate_set_path": "o.c"}})
    s0 = {"o": {"c": ["A", "B"]}}
    assert compare({"o": {"c": ["A", "B"]}}, {"o": {"c": ["A", "B"], "d": "A"}}, s0, overrides, None) != []
    assert compare({"o": {"c": ["A", "B"]}}, {"o": {"c": ["A", "B"]}}, s0, overrides, None) == []


def test_a_route_class_fills_linked_paths_stop_by_stop():
    """SPEC §4.1: a list-valued choice (a route) fills each linked template with each stop."""
    overrides = RewardOverrides.model_validate(
        {"equivalence_class": {"id": "r", "field_path": "o.route", "candidate_set_path": "o.c", "linked_paths": ["stop.{value}.n"]}}
    )
    s0 = {"o": {"route": [], "c": []}, "stop": {"A": {"n": 0}, "B": {"n": 0}}}

    def routed(route):
        state = copy.deepcopy(s0)
        state["o"] = {"route": route, "c": [["A"], ["B"]]}
        for stop in route:
            state["stop"][stop]["n"] += 1
        return state

    assert compare(routed(["A"]), routed(["B"]), s0, overrides, None) == []


def test_a_linked_path_with_nothing_to_restore_does_not_stop_the_others():
    """SPEC §4.1: each linked template is judged on its own; one whose whole table the
    choice removed (nothing left to restore into) does not keep the next from being restored."""
    overrides = RewardOverrides.model_validate(
        {"equivalence_class": {"id": "k", "field_path": "o.d", "candidate_set_path": "o.c", "linked_paths": ["gone.{value}", "drv.{value}.active"]}}
    )
    s0 = {"o": {"d": None, "c": []}, "gone": {"A": 1, "B": 1}, "drv": {"A": {"active": []}, "B": {"active": []}}}

    def chose(pick):
        state = copy.deepcopy(s0)
        state["o"] = {"d": pick, "c": ["A", "B"]}
        del state["gone"]
        state["drv"][pick]["active"] = ["O1"]
        return state

    assert compare(chose("A"), chose("B"), s0, overrides, None) == []


def test_records_covered_by_a_whole_table_record_are_dropped():
    from tau_shaped.reward.canonical import normalize_records

    assert normalize_records({("t",), ("t", "k"), ("u", "k"), ("v",)}) == {("t",), ("u", "k"), ("v",)}


def test_a_changed_table_that_is_not_a_dict_is_compared_whole():
    assert [d.path for d in compare({"t": [1]}, {"t": [2]}, {}, None, {("t",)})] == ["t[0]"]
    assert compare({"t": [1]}, {"t": [1]}, {}, None, {("t",)}) == []


def test_canonical_text():
    """SPEC §4.4: one text per canonical value: sorted keys, no spaces, UTF-8 as is; sets
    sorted by their members' text; non-string keys tagged, and string keys that look like
    tags escaped, so that distinct keys never share a text."""
    from tau_shaped.reward.values import Collapsed, canonical_form

    assert canonical_json({"b": 1, "é": [1.0, 2.5], "a": None}) == '{"a":null,"b":1,"é":[1,2.5]}'
    assert canonical_form({3, 1, "a"}) == ["a", 1, 3]
    assert canonical_form(frozenset({(2, 1)})) == [[2, 1]]
    texts = {canonical_json({k: 0}) for k in (1, "1", "\x00int:1", "\x00str:1", True)}
    assert len(texts) == 5
    assert canonical_form(Collapsed({1: "x"})) == {"\x00collapsed": {"\x00int:1": "x"}}
    assert not values_equal([], set()) and not values_equal(["a"], frozenset({"a"}))
    assert values_equal([1, 2], (1, 2.0))


@pytest.mark.parametrize("side", ["actual", "expected"])
def test_a_null_record_on_one_side_is_a_difference(side):
    """SPEC §4: a record set to null on one side differs from the record on the other (a null is a value, not a
    match); both for the fast path (changed records known) and the full comparison."""
    nulled = _after(lambda s: s["orders"].update(O1=None))
    sa, sg = (nulled, S0) if side == "actual" else (S0, nulled)
    for changed in ({("orders", "O1")}, None):
        diffs = compare(sa, sg, S0, None, changed)
        assert [d.path for d in diffs] == ["orders.O1"]
        record = dict(S0["orders"]["O1"])
        assert (diffs[0].expected, diffs[0].actual) == ((record, None) if side == "actual" else (None, record))
