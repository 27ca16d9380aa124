"""``IdentityCache``: the one way scoring keeps what it worked out from a frozen object (S0, a
settled ground truth, a validated matcher) across rollouts. A value is given back only for
that very object and extra key, never for an equal one; the object is kept alive with it (so
its id is never another object's while the entry lives); the cache stays bounded."""

from __future__ import annotations

import gc
import weakref

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.identity_cache import IdentityCache, OwnedLRU


class _Obj:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):  # equal objects that are not the same one
        return isinstance(other, _Obj) and other.n == self.n

    __hash__ = None


def test_a_value_is_given_back_for_that_object_and_extra_key_only():
    cache = IdentityCache(8)
    a, twin = _Obj(1), _Obj(1)
    cache.put(a, "for a")
    cache.put(a, "for a, x", "x")
    assert cache.get(a) == "for a" and cache.get(a, "x") == "for a, x"
    assert cache.get(twin) is None and cache.get(a, "y") is None


def test_the_object_is_kept_alive_with_its_value():
    cache = IdentityCache(8)
    obj = _Obj(2)
    ref = weakref.ref(obj)
    cache.put(obj, "value")
    del obj
    gc.collect()
    assert ref() is not None  # its id cannot be taken by another object
    cache.clear()
    gc.collect()
    assert ref() is None


def test_get_or_make_makes_once():
    cache = IdentityCache(8)
    obj, made = _Obj(3), []
    for _ in range(3):
        assert cache.get_or_make(obj, lambda: made.append(1) or "v", "k") == "v"
    assert made == [1]


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 20), st.lists(st.tuples(st.integers(0, 30), st.sampled_from([None, "a", "b"])), max_size=120))
def test_bounded_and_never_wrong(bound, uses):
    cache = IdentityCache(bound)
    objects = [_Obj(i) for i in range(31)]
    for index, extra in uses:
        value = cache.get_or_make(objects[index], lambda: (index, extra), extra)
        assert value == (index, extra)  # never another object's or key's value
        assert len(cache) <= bound


def test_an_owned_lru_finds_a_value_only_for_its_very_owners_and_forgets_the_least_recent():
    lru = OwnedLRU(2)
    a, b, c = (object(), object()), (object(), object()), (object(), object())
    lru.put(a, "k", "A")
    lru.put(b, "k", "B")
    assert lru.get(a, "k") == "A"  # now the most recently used
    lru.put(c, "k", "C")
    assert lru.get(b, "k") is None and lru.get(a, "k") == "A" and lru.get(c, "k") == "C"
    assert lru.get((a[0], object()), "k") is None  # one owner the same, the other not
    assert lru.get(a, "other") is None
    assert (lru.hits, lru.misses) == (3, 3) and len(lru) == 2
    lru.clear()
    assert lru.get(a, "k") is None and len(lru) == 0
