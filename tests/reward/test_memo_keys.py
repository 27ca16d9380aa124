"""``memo_keys.json_key``: a memo of a reading keyed by a call's values must never hand one call's
reading to another call. Two JSON values share a key only when they are the same value, type for
type (1, 1.0 and True differ; NaN is not None; -0.0 is not 0.0), and anything that is not made
of JSON's types gives no key at all (its repr might not say what it is)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.memo_keys import json_key
from tests.prop_strategies import prop_settings

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([1.0, 0.0, -0.0, 2.5, math.nan, math.inf, -math.inf]),
    st.sampled_from(["", "1", "1.0", "True", "None", "nan", "a, b", "'", '"', "FD-10045"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["a", "b", "1", "amount"]), inner, max_size=3)),
    max_leaves=8,
)


def _same(a, b) -> bool:
    """The same JSON value, type for type, dicts in the same order (the reference, not repr)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return a == b


@prop_settings(400)
@given(VALUES, VALUES)
def test_two_values_share_a_key_only_when_they_are_the_same_value(a, b):
    assert json_key(a) is not None and json_key(b) is not None
    assert (json_key(a) == json_key(b)) == _same(a, b), (a, b)


def test_values_that_differ_only_in_type_have_different_keys():
    forms = [1, 1.0, True, "1", [1], {"a": 1}, None, math.nan, 0, -0.0, 0.0, False]
    keys = [json_key(v) for v in forms]
    assert len(set(keys)) == len(forms), keys


def test_anything_but_json_types_gives_no_key():
    class Custom:
        pass

    for value in [(1, 2), {1, 2}, {1: "a"}, Custom(), {"a": (1,)}, [Custom()], b"x", {"a": {"b": {"c": frozenset()}}}]:
        assert json_key(value) is None, value


def test_a_value_deeper_than_the_bound_gives_no_key():
    deep = nested = []
    for _ in range(12):
        nested.append([])
        nested = nested[0]
    assert json_key(deep) is None
    assert json_key(deep, depth=20) is not None


def _typed(value, depth) -> bool:
    """The reference: whether ``value`` is made of JSON's types alone, at most ``depth`` levels."""
    if type(value) in (str, int, float, bool, type(None)):
        return True
    if depth <= 0:
        return False
    if type(value) is dict:
        return all(type(k) is str and _typed(v, depth - 1) for k, v in value.items())
    if type(value) is list:
        return all(_typed(v, depth - 1) for v in value)
    return False


class Text(str):
    pass


ODD = st.one_of(st.tuples(SCALARS), st.sets(st.integers(0, 2), max_size=2), st.just(Text("a")),
                st.dictionaries(st.integers(0, 2), SCALARS, max_size=2))
ANY = st.recursive(SCALARS | ODD, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=3)), max_leaves=10)


@prop_settings(1500)
@given(ANY, st.integers(0, 4))
def test_the_key_is_given_exactly_when_the_value_is_json_typed(value, depth):
    assert json_key(value, depth) == (repr(value) if _typed(value, depth) else None)


@prop_settings(400)
@given(st.one_of(VALUES.map(lambda v: __import__("json").dumps(v)), st.sampled_from(["", "{", "nope", "[1,", " {}", "NaN", "1e999"])))
def test_a_text_is_loaded_as_json_loads_it_each_time(text):
    import json

    from tau_shaped.reward.memo_keys import json_loaded

    for _ in range(2):  # the second read is the memo's
        try:
            expected = json.loads(text)
        except ValueError:
            try:
                json_loaded(text)
            except ValueError:
                continue
            raise AssertionError("loaded a text json.loads refuses")
        assert json_key(json_loaded(text)) == json_key(expected)
