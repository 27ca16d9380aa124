"""A template's filler worked out once per rule (``rule_templates.compiled_fill``): what it gives
for any facts is what ``fill_facts`` gives, value for value and type for type, in new objects
and lists at each call (never the rule's own, never shared between tasks)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.rule_templates import compiled_fill, fill_facts

TEXTS = st.sampled_from(["plain", "{a}", "{b}", "x {a} y", "{missing}", "{", "}", "\\p{Nd}", "{a}{b}", "", "a{"])
SCALARS = st.one_of(TEXTS, st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False), st.just(-0.0))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(TEXTS, inner, max_size=4)), max_leaves=12)
FACTS = st.dictionaries(st.sampled_from(["a", "b", "c"]),
                        st.one_of(st.text(max_size=4), st.integers(-3, 3), st.floats(allow_nan=False),
                                  st.lists(st.floats(allow_nan=False), max_size=2), st.booleans()), max_size=3)


def _containers(value, out):
    if isinstance(value, (dict, list)):
        out.append(value)
        for v in (value.values() if isinstance(value, dict) else value):
            _containers(v, out)
    return out


def _exact(x, y) -> bool:
    if type(x) is not type(y):
        return False
    if isinstance(x, float):
        return math.copysign(1.0, x) == math.copysign(1.0, y) and x == y
    if isinstance(x, list):
        return len(x) == len(y) and all(_exact(a, b) for a, b in zip(x, y))
    if isinstance(x, dict):
        return list(x) == list(y) and all(_exact(x[k], y[k]) for k in x)
    return x == y


@settings(max_examples=800, deadline=None)
@given(data=DATA, facts=FACTS, other=FACTS)
def test_the_compiled_filler_gives_what_fill_facts_gives(data, facts, other):
    fill = compiled_fill(data)
    for given_facts in (facts, other, facts):
        try:
            expected = fill_facts(data, given_facts)
        except TypeError:  # a key filled with a list: refused alike
            with pytest.raises(TypeError):
                fill(given_facts)
            return
        made = fill(given_facts)
        assert _exact(made, expected)
        ours = {id(c) for c in _containers(data, [])}
        assert not any(id(c) in ours for c in _containers(made, []))  # never the rule's own objects
    first, second = fill(facts), fill(facts)
    given_ = {id(c) for c in _containers(list(facts.values()), [])}  # a whole placeholder gives the fact itself
    kept = {id(c) for c in _containers(first, []) if id(c) not in given_}
    assert not any(id(c) in kept for c in _containers(second, []))  # nor one task's another's


def test_a_fact_free_object_is_a_copy_and_a_placeholder_typed_where_whole():
    data = {"where": {"kind": "apology", "customer_id": "{user_id}"}, "gt": "{cap}", "in": ["a", "b"]}
    fill = compiled_fill(data)
    made = fill({"user_id": "CU-1", "cap": 5.0})
    assert made == {"where": {"kind": "apology", "customer_id": "CU-1"}, "gt": 5.0, "in": ["a", "b"]}
    assert made["in"] is not data["in"] and type(made["gt"]) is float
    assert fill({})["gt"] == "{cap}"  # an absent fact: the placeholder is left, as fill_facts leaves it
