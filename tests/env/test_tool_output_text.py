"""A tool's result is written as ``json.dumps(result, ensure_ascii=False, default=str)`` (a string
as it is), byte for byte, whether its text is written afresh or was kept from an earlier result
pickled alike."""

from __future__ import annotations

import datetime
import json
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.function_tool import _render


def _dumped(value):
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 2), st.sampled_from([0.0, -0.0, 1.0, 2.5, math.inf, 1e16]),
    st.text(max_size=3), st.sampled_from(["é", "\u2028", "1"]),
    st.just(datetime.date(2024, 1, 2)),
)


def containers(children):
    return st.one_of(
        st.lists(children, max_size=3),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(st.one_of(st.text(max_size=2), st.integers(0, 2), st.booleans()), children, max_size=3),
    )


values = st.recursive(scalars, containers, max_leaves=10)


@settings(max_examples=500, deadline=None)
@given(values, values)
def test_render_is_json_dumps_every_time(first, second):
    for value in (first, second, first, [first, second], {"a": first, "b": second}, [first, second]):
        assert _render(value) == _dumped(value)


def test_lookalikes_are_not_served_each_others_text():
    class Tagged(dict):
        pass

    pairs = [
        ({"a": 1}, {"a": 1.0}), ({"a": 1}, {"a": True}), ({"a": [1]}, {"a": (1,)}), ({"a": 0.0}, {"a": -0.0}),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}), ({"1": 1}, {1: 1}), ({"a": {"b": 1}}, Tagged(a={"b": 1})),
        ([{"d": "2024-01-02"}], [{"d": datetime.date(2024, 1, 2)}]),
    ]
    for a, b in pairs:
        for value in (a, b, a, b):
            assert _render(value) == _dumped(value)


def test_a_circular_result_raises_as_json_dumps_does():
    loop: list = []
    loop.append(loop)
    for _ in range(2):
        try:
            _render(loop)
        except ValueError as exc:
            assert "Circular" in str(exc)
        else:
            raise AssertionError("no error")
