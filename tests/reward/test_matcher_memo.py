"""The matchers made once per distinct scalar or operator object (``matcher_schema._as_matcher``):
a rule bound to many tasks validates the same few ({"ne": "CU-1"}, a customer's orders' path)
again and again. What a kept matcher gives is what making it anew gives, for every input: the
same model, the same operators given, the same values of the same types; a refused input is
refused each time with the same message; a value that is not a plain scalar is made anew."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward import matcher_schema
from tau_shaped.reward.matcher_schema import OPERATORS, LiteralMatcher, MatchOps, _as_matcher, _made_matcher
from tau_shaped.reward.matchers import match_value

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, -0.0, 1.0, 1, True, "1", "1.0", "True"]),
    st.text(max_size=12), st.sampled_from(["CU-1", "customers.CU-1.orders", "^CU-", "(", "a" * 300]))
VALUES = st.one_of(
    SCALARS,
    st.dictionaries(st.sampled_from(OPERATORS), SCALARS, min_size=1, max_size=3),
    st.dictionaries(st.sampled_from(OPERATORS + ("eqq", "value")), SCALARS, min_size=1, max_size=2),
    st.lists(SCALARS, max_size=3),
    st.dictionaries(st.sampled_from(("in", "not_in", "eq")), st.lists(SCALARS, max_size=3), min_size=1, max_size=2))


def _made(value):
    try:
        return _made_matcher(value), None
    except ValueError as exc:
        return None, str(exc)


def _kept(value):
    try:
        return _as_matcher(value), None
    except ValueError as exc:
        return None, str(exc)


def _same(a, b) -> bool:
    """Same model and the same field values, types and bits included (1 == 1.0 == True in Python)."""
    if type(a) is not type(b) or a.model_fields_set != b.model_fields_set:
        return False
    left, right = a.__dict__, b.__dict__
    return list(left) == list(right) and all(_exact(left[k], right[k]) for k in left)


def _exact(x, y) -> bool:
    if type(x) is not type(y):
        return False
    if isinstance(x, float):
        return math.copysign(1.0, x) == math.copysign(1.0, y) and (x == y or (math.isnan(x) and math.isnan(y)))
    if isinstance(x, (list, tuple)):
        return len(x) == len(y) and all(_exact(a, b) for a, b in zip(x, y))
    if isinstance(x, dict):
        return list(x) == list(y) and all(_exact(x[k], y[k]) for k in x)
    return x == y


@settings(max_examples=600, deadline=None)
@given(first=VALUES, second=VALUES)
def test_a_kept_matcher_is_the_one_made_anew(first, second):
    matcher_schema._MATCHERS.clear()
    for value in (first, second, first, second):  # kept after the first time
        (kept, kept_error), (made, made_error) = _kept(value), _made(value)
        assert kept_error == made_error
        if made is not None:
            assert _same(kept, made), value
            assert kept.model_dump() == made.model_dump()


@pytest.mark.parametrize("a, b", [(1, 1.0), (1, True), (0.0, -0.0), ("1", 1), ({"gt": 1}, {"gt": 1.0}),
                                  ({"eq": 1}, {"eq": True}), ({"ne": "CU-1", "eq": "x"}, {"eq": "x", "ne": "CU-1"})])
def test_values_python_calls_equal_are_kept_apart(a, b):
    matcher_schema._MATCHERS.clear()
    ma, mb = _as_matcher(a), _as_matcher(b)
    assert _same(ma, _made_matcher(a)) and _same(mb, _made_matcher(b))
    assert ma is not mb


def test_the_same_input_gives_the_same_frozen_matcher_and_it_matches_as_before():
    matcher_schema._MATCHERS.clear()
    one, two = _as_matcher({"ne": "CU-1"}), _as_matcher({"ne": "CU-1"})
    assert one is two and isinstance(one, MatchOps)
    assert match_value(one, "CU-2") and not match_value(one, "CU-1")
    assert _as_matcher("CU-1") is _as_matcher("CU-1") and isinstance(_as_matcher("CU-1"), LiteralMatcher)
    listed = ["refund", "credit"]
    kept = _as_matcher({"in": listed})
    assert kept is _as_matcher({"in": ["refund", "credit"]}) and kept.in_ is not listed  # a list of its own
    listed.append("apology")
    assert kept.in_ == ["refund", "credit"]


def test_what_is_not_a_plain_scalar_is_made_anew_each_time():
    matcher_schema._MATCHERS.clear()
    listed = ["a", "b"]
    first = _as_matcher(listed)
    assert _as_matcher(["a", "b"]) is not first  # a literal list is the caller's object: not shared
    assert _as_matcher({"eq": ["a"]}) is not _as_matcher({"eq": ["a"]})  # eq keeps the caller's list
    assert _as_matcher({"in": [["a"]]}) is not _as_matcher({"in": [["a"]]})  # a list of lists
    assert _as_matcher("x" * 300) is not _as_matcher("x" * 300)  # a long text is not kept
    assert not matcher_schema._MATCHERS


def test_a_refused_input_is_refused_each_time_and_not_kept():
    matcher_schema._MATCHERS.clear()
    for _ in range(2):
        with pytest.raises(ValueError, match="finite"):
            _as_matcher(float("nan"))
        with pytest.raises(ValueError, match="did you mean"):
            _as_matcher({"eqq": 1})
        with pytest.raises(ValueError):
            _as_matcher({"regex": "("})
    assert not matcher_schema._MATCHERS


def test_the_memo_is_bounded(monkeypatch):
    matcher_schema._MATCHERS.clear()
    monkeypatch.setattr(matcher_schema, "_MATCHERS_MAX", 4)
    for i in range(10):
        assert _as_matcher({"ne": f"CU-{i}"}).ne == f"CU-{i}"
    assert len(matcher_schema._MATCHERS) <= 4
