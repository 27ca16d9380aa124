"""SPEC §4.2: the one path grammar."""

import pytest

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
