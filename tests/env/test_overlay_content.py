"""``Overlay.changed_records(content)``: what two states' changed records hold (issue 33).

Rollouts that leave states with equal contents share the verdicts read from the state
(``reward/state_memo``), so equal contents must mean equal states: the same records with the
same values, the same key order in every table and at the top, and nothing else differing.
Unequal states must never give equal contents; a value that does not pickle gives a content
equal to no other."""

from __future__ import annotations

import copy
from typing import Any, List, Tuple

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.overlay import Overlay, changed_between

BASE = {
    "orders": {"O1": {"status": "placed", "total": 30.0, "items": ["a", "b"]},
               "O2": {"status": "delivered", "total": 12.5, "items": ["c"]}},
    "clock": "2026-03-13T18:46",  # between two tables: put back, it moves
    "customers": {"C1": {"wallet": 0, "name": "Ann"}, "C2": {"wallet": 5, "name": "Bo"}},
}

_TABLE = st.sampled_from(["orders", "customers"])
_KEY = st.sampled_from(["O1", "O2", "C1", "C2", "N1"])
_VALUE = st.one_of(st.integers(-2, 2), st.sampled_from([0.0, -0.0, 1.0, "placed", "cancelled", None, True]))
_OP = st.one_of(
    st.tuples(st.just("read"), _TABLE, _KEY),
    st.tuples(st.just("set"), _TABLE, _KEY, st.sampled_from(["status", "total", "wallet", "x"]), _VALUE),
    st.tuples(st.just("del"), _TABLE, _KEY),
    st.tuples(st.just("add"), _TABLE, _KEY, _VALUE),
    st.tuples(st.just("top"), st.sampled_from(["clock", "extra"]), _VALUE),
    st.tuples(st.just("untop"), st.sampled_from(["clock", "extra"])),
)


def _apply(data: Any, op: Tuple[Any, ...]) -> None:
    kind = op[0]
    if kind == "read":
        data[op[1]].get(op[2])
    elif kind == "set":
        record = data[op[1]].get(op[2])
        if isinstance(record, dict):
            record[op[3]] = op[4]
    elif kind == "del":
        data[op[1]].pop(op[2], None)
    elif kind == "add":
        data[op[1]][op[2]] = {"value": op[3]}
    elif kind == "top":
        data[op[1]] = op[2]
    elif kind == "untop":
        data.pop(op[1], None)


def _state(ops: List[Tuple[Any, ...]], base: Any, truth: Overlay) -> Tuple[frozenset, Any]:
    overlay = Overlay(base)
    for op in ops:
        _apply(overlay.data, op)
    content: List[Any] = []
    assert changed_between(overlay, truth, content) is not None
    return frozenset(content), _shape(overlay.data)


def _shape(value: Any) -> Any:
    """The value with every dict's key order made part of it (read without copying)."""
    if isinstance(value, dict):
        return ("dict", [(k, _shape(v)) for k, v in dict.items(value)])
    if isinstance(value, list):
        return ("list", [_shape(v) for v in value])
    return (type(value).__name__, repr(value))


@settings(max_examples=400, deadline=None)
@given(a=st.lists(_OP, max_size=6), b=st.lists(_OP, max_size=6))
def test_equal_contents_mean_equal_states(a, b):
    base = copy.deepcopy(BASE)
    truth = Overlay(base)
    truth.settle()
    content_a, state_a = _state(a, base, truth)
    content_b, state_b = _state(b, base, truth)
    if content_a == content_b:
        assert state_a == state_b
    if state_a != state_b:
        assert content_a != content_b


@settings(max_examples=200, deadline=None)
@given(ops=st.lists(_OP, max_size=6))
def test_the_same_changes_give_the_same_content(ops):
    base = copy.deepcopy(BASE)
    truth = Overlay(base)
    reads = [op for op in ops if op[0] != "read"]
    assert _state(ops, base, truth)[0] == _state(reads, base, truth)[0]  # a read changes nothing


def test_a_value_that_does_not_pickle_is_equal_to_nothing():
    base = copy.deepcopy(BASE)
    truth = Overlay(base)
    contents = []
    for _ in range(2):
        overlay = Overlay(base)
        overlay.data["orders"]["O1"]["status"] = lambda: None  # noqa: E731 - no pickle
        content: List[Any] = []
        changed_between(overlay, truth, content)
        contents.append(frozenset(content))
    assert contents[0] != contents[1]


def test_an_added_record_moved_changes_the_content():
    base = copy.deepcopy(BASE)
    truth = Overlay(base)
    first = [("add", "orders", "N1", 1), ("add", "orders", "N2", 1)]
    second = [("add", "orders", "N2", 1), ("add", "orders", "N1", 1)]
    ops = [tuple(op) for op in first]
    a = _state(ops, base, truth)
    b = _state([tuple(op) for op in second], base, truth)
    assert a[0] != b[0] and a[1] != b[1]


def test_a_top_level_value_put_back_at_the_end_changes_the_content():
    base = copy.deepcopy(BASE)
    truth = Overlay(base)
    moved = _state([("untop", "clock"), ("top", "clock", 1)], base, truth)
    in_place = _state([("top", "clock", 1)], base, truth)
    assert moved[1] != in_place[1]  # the same values, the keys in another order
    assert moved[0] != in_place[0]
