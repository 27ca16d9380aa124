"""SPEC §5: MATCHER operators at their boundaries, and TEXT_MATCHER dispatch."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from tau_shaped.reward.matchers import match_text, match_value, sum_numbers
from tau_shaped.reward.predicate_schema import LiteralMatcher, MatchOps, TextMatcher

TEXT = TypeAdapter(TextMatcher)


@pytest.mark.parametrize(
    "ops, value, expected",
    [
        ({"gt": 5}, 5, False), ({"gt": 5}, 5.0000001, False), ({"gt": 5}, 5.01, True),
        ({"ge": 5}, 5, True), ({"ge": 5}, 4.99, False),
        ({"lt": 5}, 5, False), ({"lt": 5}, 4.99, True),
        ({"le": 5}, 5, True), ({"le": 5}, 5.01, False),
        ({"gt": 0}, True, False), ({"lt": 9}, "3", False), ({"ge": 0}, None, False),
        ({"eq": 10}, 10.0, True), ({"eq": 10}, True, False), ({"eq": None}, None, True), ({"eq": None}, 0, False),
        ({"ne": 10}, 10.0, False), ({"ne": 10}, 11, True),
        ({"in": ["a", 2]}, 2.0, True), ({"in": ["a", 2]}, "b", False),
        ({"not_in": ["a", 2]}, "b", True), ({"not_in": ["a", 2]}, 2, False), ({"not_in": []}, "x", True),
        ({"contains": "ab"}, "xaby", True), ({"contains": "AB"}, "xaby", False),
        ({"regex": "^FD-\\d+$"}, "FD-12", True), ({"regex": "^FD-\\d+$"}, "FD-12x", False), ({"regex": "x"}, 5, False),
        ({"ge": 1, "le": 2}, 1.5, True), ({"ge": 1, "le": 2}, 2.5, False),
    ],
)
def test_operators(ops, value, expected):
    assert match_value(MatchOps.model_validate(ops), value) is expected


def test_literal_matcher_is_canonical_equality():
    assert match_value(LiteralMatcher(value={"a": 1}), {"a": 1.0})
    assert not match_value(LiteralMatcher(value=[1, 2]), [2, 1])


@pytest.mark.parametrize(
    "matcher, text, snippet",
    [
        ({"contains": "refund"}, "I issued a Refund today", "Refund"),
        ({"contains": "refund"}, "refunded", None),
        ({"regex": "FD-\\d{5}"}, "order FD-10001 is late", "FD-10001"),
        ({"number": 12.5}, "that is $12.50 back", "$12.50"),
        ({"number": 12.5}, "that is $12.51 back", None),
        ({"number": 12.5, "tolerance": 0.02}, "that is $12.51 back", "$12.51"),
        ({"math": "x^2 - 1"}, "so the answer is (x-1)(x+1).", "(x-1)(x+1)"),
        ({"math": "1/2"}, "it is 0.75", None),
    ],
)
def test_text_matchers(matcher, text, snippet):
    assert match_text(TEXT.validate_python(matcher), text) == snippet


def test_sum_numbers_skips_non_numbers():
    data = {"xs": [1, 2.5, True, "3", None, {"y": 4}]}
    assert sum_numbers(data, ["xs[*]"]) == 3.5
    assert sum_numbers(data, ["xs[*]", "xs[*].y"]) == 7.5
    assert sum_numbers(data, ["nope"]) == 0.0


def test_match_text_refuses_what_is_not_a_text_matcher():
    from tau_shaped.reward.matchers import match_text

    with pytest.raises(TypeError, match=r"not a text matcher: \{'contains': 'x'\}"):
        match_text({"contains": "x"}, "x")


def test_an_unknown_operator_is_named():
    from tau_shaped.reward.matchers import _op_holds

    with pytest.raises(ValueError, match="unknown operator 'zz'"):
        _op_holds("zz", 1, 1)


def test_the_operators_given_come_in_one_order_whatever_the_hash_seed():
    """MatchOps.given() lists the written operators in the schema's order, not a set's (whose
    order follows PYTHONHASHSEED): the same rule file reads the same in every process."""
    import subprocess
    import sys

    code = ("from tau_shaped.reward.matcher_schema import MatchOps\n"
            "m = MatchOps.model_validate({'ne': None, 'eq': None, 'contains': 'a', 'ge': 1, 'in': [1], 'not_in': None})\n"
            "print(list(m.given()))")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**__import__("os").environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert len(seen) == 1, seen


_OPS = ["eq", "ne", "gt", "ge", "lt", "le", "in", "not_in", "contains"]
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from([0.5, 2.0, -1.25]),
                     st.sampled_from(["a", "ab", "b", "3"]))


@st.composite
def _matchers(draw):
    ops = {}
    for op in draw(st.lists(st.sampled_from(_OPS), min_size=1, max_size=3, unique=True)):
        if op in ("gt", "ge", "lt", "le"):
            ops[op] = draw(st.integers(-5, 5))
        elif op in ("in", "not_in"):
            ops[op] = draw(st.lists(_SCALARS, max_size=3))
        elif op == "contains":
            ops[op] = draw(st.sampled_from(["a", "b"]))
        else:
            ops[op] = draw(_SCALARS)
    return MatchOps.model_validate(ops)


@settings(max_examples=300, deadline=None)
@given(_matchers(), st.lists(_SCALARS, min_size=1, max_size=4))
def test_a_matcher_reused_matches_as_its_operators_read_afresh(matcher, values):
    """``match_value`` works out a matcher's operators once (issue 33): every later use, of the
    same matcher or of an equal one made anew, gives what the written operators give afresh."""
    from tau_shaped.reward.matchers import _op_holds

    for value in values:
        fresh = all(_op_holds(op, arg, value) for op, arg in matcher.given().items())
        assert match_value(matcher, value) is fresh
        assert match_value(MatchOps.model_validate(matcher.given()), value) is fresh
