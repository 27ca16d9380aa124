"""tau-bench's state hash (SPEC §2), reproduced value for value.

``to_hashable`` turns dicts into key-sorted tuples of pairs, lists into tuples
and sets into sorted tuples, recursively; ``consistent_hash`` is the SHA-256 of
``str()`` of that.  Both must match tau-bench's digests exactly (see
``tests/fixtures/taubench_hash_vectors.json``), so they keep its distinctions:
``10`` and ``10.0`` differ, ``1`` and ``True`` differ.
"""

from __future__ import annotations

import pickle
from hashlib import sha256
from typing import Any, Callable, Dict, List, Optional, Tuple


def to_hashable(item: Any) -> Any:
    """tau-bench's ``to_hashable``: a nested, order-independent tuple form.

    Exactly tau-bench's cases (dict, list, set); anything else, tuples and
    frozensets included, is returned as it is, as tau-bench does.
    """
    if isinstance(item, dict):
        # dict.items reads a copy-on-read overlay (overlay.py) without copying it; a plain
        # scalar is its own form (to_hashable returns it as it is), so it is not called for one.
        return tuple([(key, value if type(value) in _PLAIN_SCALARS else to_hashable(value))
                      for key, value in sorted(dict.items(item))])
    if isinstance(item, list):
        return tuple([element if type(element) in _PLAIN_SCALARS else to_hashable(element) for element in item])
    if isinstance(item, set):
        return tuple(sorted([to_hashable(element) for element in item]))
    return item


_PLAIN_SCALARS = frozenset({str, int, float, bool, type(None)})


def hashable_text(item: Any) -> str:
    """The exact text tau-bench hashes: ``str(to_hashable(item))``.

    Two values have the same legacy hash iff their hashable texts are equal;
    comparing texts of sub-values is how the fast legacy check stays exact.
    """
    return str(to_hashable(item))


_MISSING = object()


def same_hashable_text(a: Any, b: Any, same: Optional[Callable[[Any, Any], bool]] = None, b_kept: bool = False) -> bool:
    """``hashable_text(a) == hashable_text(b)``, without writing the texts where it can:
    values equal with the same types all the way down have the same text (``10`` and
    ``10.0``, ``1`` and ``True`` are told apart, as the hash does); otherwise the texts
    decide. ``same``: ``identical`` or a cheaper equivalent of it for these values;
    ``b_kept``: ``b`` never changes again (a record of S0 or of a settled Sg), so its text is
    written once and kept."""
    if (same or identical)(a, b) or _strictly_equal(a, b):
        return True
    if b_kept and isinstance(b, (dict, list)):  # its text is a tuple's: str and repr agree
        return hashable_text(a) == _record_text(b, True)
    return hashable_text(a) == hashable_text(b)


def identical(a: Any, b: Any) -> bool:
    """Equal pickles: the same structure, types, key order and values all the way down (``10``
    and ``10.0``, ``1`` and ``True``, ``0.0`` and ``-0.0`` differ), so every text either is
    written as (the legacy hash's, the canonical one) is the same. A C-speed first test for
    records a replay copied but did not change; False says nothing (compare them properly)."""
    if a is b:
        return True
    try:
        return pickle.dumps(a, pickle.HIGHEST_PROTOCOL) == pickle.dumps(b, pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable value: the slow comparisons decide
        return False


def strictly_equal(a: Any, b: Any) -> bool:
    """Equal values of the same types all the way down (``10`` and ``10.0``, ``1`` and ``True``,
    a list and a tuple differ; dicts with string keys, in any order); False says nothing of
    their texts for anything else (sets, tuples: compare texts)."""
    return _strictly_equal(a, b)


def _strictly_equal(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, dict) and isinstance(b, dict):  # to_hashable reads any dict by its items
        if dict.__len__(a) != dict.__len__(b):
            return False
        # dict.items / dict.get: read a copy-on-read overlay without copying it; only string
        # keys (a 1 key finds a True key in a dict, but their texts differ)
        return all(type(k) is str and _strictly_equal(v, dict.get(b, k, _MISSING)) for k, v in dict.items(a))
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_strictly_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        return repr(a) == repr(b)  # -0.0 == 0.0, but their texts differ; NaN != NaN, but theirs agree
    if isinstance(a, (str, int, bool, type(None))):
        return a == b
    return False  # sets, tuples and the rest: the texts decide


def consistent_hash(value: Any) -> str:
    """SHA-256 hex digest of ``str(value)`` (value already made hashable)."""
    return sha256(str(value).encode("utf-8")).hexdigest()


# The text of each record shared with a frozen S0 (a copy-on-read overlay's untouched values),
# by identity: S0's records are never mutated (overlay.py), so their text never changes.
_SHARED_TEXTS: Dict[int, Tuple[Any, str]] = {}
_MAX_SHARED_TEXTS = 500_000


def _record_text(value: Any, shared: bool) -> str:
    if shared:
        hit = _SHARED_TEXTS.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
    text = repr(to_hashable(value))
    if shared:
        if len(_SHARED_TEXTS) >= _MAX_SHARED_TEXTS:
            _SHARED_TEXTS.clear()
        _SHARED_TEXTS[id(value)] = (value, text)
    return text


def _tuple_text(parts: List[str]) -> str:
    """``str`` of a tuple whose items' reprs are ``parts``."""
    if len(parts) == 1:
        return "(" + parts[0] + ",)"
    return "(" + ", ".join(parts) + ")"


def _pairs_text(mapping: Dict[Any, Any], shared: Callable[[Any], bool]) -> str:
    return _tuple_text(["(" + repr(key) + ", " + _record_text(value, shared(key)) + ")"
                        for key, value in sorted(dict.items(mapping))])


def state_text(data: Any) -> str:
    """``hashable_text(data)``, assembled table by table: a record an overlay shares with S0
    is turned into text once per process, not once per hash (a tau2 database is ~10 MB of it)."""
    if not isinstance(data, dict):
        return hashable_text(data)
    parts = []
    base = getattr(data, "base", None)
    for key, table in sorted(dict.items(data)):
        if isinstance(table, dict):
            touched = getattr(table, "touched", None)
            if isinstance(base, dict) and dict.get(base, key) is table:  # S0's own table (an overlay never reached it)
                text = _pairs_text(table, lambda k: True)
            elif isinstance(touched, set):
                text = _pairs_text(table, lambda k, t=touched: k not in t)
            else:
                text = _pairs_text(table, lambda k: False)
        else:
            text = repr(to_hashable(table))
        parts.append("(" + repr(key) + ", " + text + ")")
    return _tuple_text(parts)


def data_hash(data: Any) -> str:
    """The legacy hash of a whole state: ``consistent_hash(to_hashable(data))`` (of an overlay
    of a frozen S0: ``state_digest.overlay_hash``, the same digest at the cost of what changed)."""
    return sha256(state_text(data).encode("utf-8")).hexdigest()
