"""SPEC §4.2: the one path grammar."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.paths import (
    PathError,
    delete_locations,
    fill_value,
    format_location,
    parse_path,
    select,
    select_values,
)

STATE = {
    "orders": {
        "FD-2": {"status": "placed", "replacement_for": "FD-1", "items": [{"p": 1}, {"p": 2}]},
        "FD-1": {"status": "delivered", "items": [{"p": 3}]},
        "FD-3": {"status": "placed", "replacement_for": "FD-9", "items": []},
    },
    "a.b": {"c": 5},
    "route": ["A", "B"],
}


@pytest.mark.parametrize(
    "path, expected",
    [
        ("orders.FD-1.status", ["delivered"]),
        ("orders.FD-2.items[1].p", [2]),
        ("orders.FD-2.items.0.p", [1]),
        ("orders.FD-2.items[-1].p", [2]),
        ("orders.*.status", ["delivered", "placed", "placed"]),
        ("orders[*].items[*].p", [3, 1, 2]),
        ("orders[?replacement_for=FD-1].status", ["placed"]),
        ('orders[?replacement_for="FD-9"].status', ["placed"]),
        ("orders[?replacement_for!=FD-1].status", ["delivered", "placed"]),
        ("orders.FD-2.items[?p=2].p", [2]),
        ('["a.b"].c', [5]),
        ("route[0]", ["A"]),
        ("orders.FD-404.status", []),
        ("orders.FD-1.items[5]", []),
    ],
)
def test_select(path, expected):
    assert select_values(STATE, path) == expected


def test_filter_numbers_compare_canonically():
    state = {"xs": [{"n": 10.0}, {"n": 11}, {"n": True}]}
    assert [loc for loc, _ in select(state, "xs[?n=10]")] == [("xs", 0)]
    assert [loc for loc, _ in select(state, "xs[?n=true]")] == [("xs", 2)]


@pytest.mark.parametrize("bad", ["", "a..b", "a.", "a[1", "a]b", "a[?]", "a[x y]", "a[?=1]"])
def test_bad_paths_refused(bad):
    with pytest.raises(PathError):
        parse_path(bad)


def test_fill_placeholder():
    path = fill_value(parse_path("drivers.{value}.active_orders"), "D2")
    assert select_values({"drivers": {"D2": {"active_orders": [1]}}}, path) == [[1]]


def test_delete_list_items_highest_first():
    state = {"xs": [{"k": 1}, {"k": 2}, {"k": 1}, {"k": 3}]}
    delete_locations(state, [loc for loc, _ in select(state, "xs[?k=1]")])
    assert state == {"xs": [{"k": 2}, {"k": 3}]}


def test_format_location_round_trips():
    for loc in [("orders", "FD-1", "items", 0, "p"), ("a.b", "c")]:
        text = format_location(loc)
        assert [l for l, _ in select({"orders": {"FD-1": {"items": [{"p": 1}]}}, "a.b": {"c": 1}}, text)] == [loc]


_KEYS = st.sampled_from(["a", "b", "FD-1", "0", "1"])
_DATA = st.recursive(st.one_of(st.none(), st.integers(-3, 3), st.sampled_from(["a", "FD-1", "x"])),
                     lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=3)),
                     max_leaves=12)
_SEGMENTS = st.sampled_from(["a", "b", "FD-1", "*", "[*]", "[0]", "[-1]", "0", "[?a=1]", "[?b!=x]", "[?a=FD-1]"])


@settings(max_examples=400, deadline=None)
@given(_DATA, st.lists(_SEGMENTS, min_size=1, max_size=4))
def test_select_values_are_selects_values_in_its_order(data, segments):
    """``select_values`` walks without building locations (issue 33): for any data and path it
    gives exactly the values ``select`` gives, in the same order."""
    text = segments[0].lstrip(".") if not segments[0].startswith("[") else "a" + segments[0]
    for seg in segments[1:]:
        text += seg if seg.startswith("[") else "." + seg
    path = parse_path(text)
    assert select_values(data, path) == [value for _, value in select(data, path)]
