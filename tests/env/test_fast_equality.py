"""The fast equality checks agree with the texts they stand for.

``canonical_equal(a, b)`` must be ``canonical_json(a) == canonical_json(b)`` (SPEC §4.4: the
canonical comparison) and ``same_hashable_text(a, b)`` must be
``hashable_text(a) == hashable_text(b)`` (SPEC §2: the legacy hash), for every value: they
only skip writing the texts.
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.hashing import hashable_text, same_hashable_text
from tau_shaped.env.overlay import CopyOnReadDict
from tau_shaped.reward.values import Collapsed, canonical_equal, canonical_json

SETTINGS = settings(max_examples=400, deadline=None, derandomize=True, database=None)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=3),
    st.sampled_from([0.0, -0.0, 1.0, 2.5, 1e-7, 38.00999999999999, 38.01, math.nan, math.inf, 1e300]),
    st.sampled_from(["", "a", "1", "\x00collapsed", "true"]),
)
keys = st.one_of(st.sampled_from(["a", "b", "1", "\x00x"]), st.sampled_from([1, True, 1.0, 0]))


def containers(children):
    return st.one_of(
        st.lists(children, max_size=3),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(keys, children, max_size=3),
        st.dictionaries(st.sampled_from(["a", "b"]), children, max_size=2).map(Collapsed),
        st.frozensets(st.sampled_from([1, 2, "x"]), max_size=2),
    )


values = st.recursive(scalars, containers, max_leaves=8)


def json_containers(children):
    """tau-bench's states: string keys (its hash sorts keys, so mixed key types cannot be hashed)."""
    return st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(st.sampled_from(["a", "b", "1", "\x00x"]), children, max_size=3),
    )


states = st.recursive(scalars, json_containers, max_leaves=8)


def _variant(value):
    """A value close to ``value`` (int/float, list/tuple swaps): the interesting pairs."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return float(value)
    if isinstance(value, float) and value == value and not math.isinf(value):
        return value + 1e-9
    if isinstance(value, list):
        return tuple(_variant(v) for v in value)
    if isinstance(value, tuple):
        return [v for v in value]
    if isinstance(value, Collapsed):
        return dict(value)
    if isinstance(value, dict):
        return {k: _variant(v) for k, v in value.items()}
    return value


@SETTINGS
@given(a=values, b=values)
def test_canonical_equal_is_the_text_comparison(a, b):
    """SPEC §4.4: canonical_equal(a, b) iff their canonical texts are equal."""
    assert canonical_equal(a, b) == (canonical_json(a) == canonical_json(b))


@SETTINGS
@given(a=values)
def test_canonical_equal_on_near_variants(a):
    """SPEC §4.4: 10 equals 10.0, True is not 1, a Collapsed field never equals a plain dict."""
    b = _variant(a)
    assert canonical_equal(a, b) == (canonical_json(a) == canonical_json(b))
    assert canonical_equal(a, a)


@SETTINGS
@given(a=states, b=states)
def test_same_hashable_text_is_the_text_comparison(a, b):
    """SPEC §2: the fast legacy check is exactly the comparison of tau-bench's hash texts."""
    assert same_hashable_text(a, b) == (hashable_text(a) == hashable_text(b))


@SETTINGS
@given(a=states)
def test_same_hashable_text_on_near_variants(a):
    """SPEC §2: the legacy hash keeps 10 apart from 10.0, 1 from True, -0.0 from 0.0."""
    b = _variant(a)
    assert same_hashable_text(a, b) == (hashable_text(a) == hashable_text(b))
    assert same_hashable_text(a, a)


def test_overlay_records_compare_by_content():
    """A copy-on-read view of a record compares like the plain dict it reads as."""
    view = CopyOnReadDict({"a": [1, 2], "b": {"c": 1.0}})
    assert same_hashable_text(view, {"a": [1, 2], "b": {"c": 1.0}})
    assert not same_hashable_text(view, {"a": [1, 2], "b": {"c": 1}})
    assert canonical_equal(view, {"a": [1, 2], "b": {"c": 1}})

    assert view.touched == set()  # compared without copying anything


def test_the_ground_truth_hash_is_computed_only_when_the_changed_records_are_unknown():
    """SPEC §2: states_equal takes Sg's hash lazily; with the changed records known it never
    asks for it, without them it compares whole-state hashes."""
    from tau_shaped.env.hashing import data_hash
    from tau_shaped.reward.legacy_reward import states_equal

    def never() -> str:
        raise AssertionError("hashed")

    state = {"t": {"a": {"x": 1}}}
    assert states_equal(state, state, set(), never)
    assert states_equal(state, state, None, lambda: data_hash(state))
    assert not states_equal(state, state, None, lambda: "0" * 64)
