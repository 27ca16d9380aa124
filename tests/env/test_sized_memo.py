"""``SizedMemo``: what is worked out from a text, kept by the text within a budget of bytes
(tool-output texts, a line's unchanged ``info`` members). It never holds more than its budget,
never keeps an entry larger than it, and gives back only the value kept for that key."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.sized_memo import SizedMemo


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 64), st.lists(st.binary(max_size=24), max_size=80))
def test_within_its_budget_and_never_wrong(limit, keys):
    memo = SizedMemo(limit)
    for key in keys:
        value = memo.get(key)
        assert value is None or value == key[::-1]  # only ever its own key's value
        memo.put(key, key[::-1], len(key))
        assert memo.held <= limit
        assert sum(len(k) for k in memo) == memo.held
        assert (key in memo) == (len(key) <= limit)


def test_a_key_put_again_is_not_counted_twice():
    memo = SizedMemo(10)
    memo.put("a", 1, 4)
    memo.put("a", 2, 4)
    assert memo.held == 4 and memo.get("a") == 2


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 64), st.lists(st.tuples(st.integers(0, 3), st.binary(max_size=24)), max_size=80))
def test_buckets_within_budget_and_holding_what_was_added(limit, items):
    """``add``: a key's bucket holds the items added to it since the memo was last emptied."""
    memo = SizedMemo(limit)
    since = {}
    for key, item in items:
        before = memo.held
        memo.add(key, item, len(item))
        if len(item) > limit:
            assert memo.held == before
            continue
        if before + len(item) > limit:  # emptied first
            since = {}
        since.setdefault(key, []).append(item)
        assert memo.held <= limit
        assert sum(len(i) for k in memo for i in memo.get(k)) == memo.held
        assert {k: list(memo.get(k)) for k in memo} == since
