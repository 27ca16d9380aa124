"""Canonical values (SPEC §4.4): how the shaped verifier compares JSON values.

In the canonical state an integer and a float of equal value are one number,
and floats are compared after rounding to 6 decimal places. Booleans stay
booleans (``True`` is not ``1``), strings stay strings. The legacy hash never
uses this: it keeps tau-bench's distinctions (``hashing.py``).
"""

from __future__ import annotations

import json
import math
from typing import Any

DECIMALS = 6


def is_number(value: Any) -> bool:
    """An int or float that is not a bool."""
    kind = type(value)
    if kind is int or kind is float:  # the common case, decided at once
        return True
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def canonical_number(value: float | int) -> float | int:
    """Integral values become ints, other floats are rounded to 6 decimals."""
    if isinstance(value, int):
        return value
    if math.isnan(value) or math.isinf(value):
        return value
    rounded = round(value, DECIMALS)
    if rounded.is_integer():
        return int(rounded)  # also folds -0.0 into 0
    return rounded


class Collapsed(dict):
    """The collapsed field of an equivalence class (SPEC §4.1).

    A dict to every reader, but its canonical text is tagged with a key no JSON
    value can produce, so a raw value that merely looks like a collapsed field
    (an agent writing ``{"candidates": [...], ...}``) never equals one.
    """


COLLAPSED_TAG = "\x00collapsed"
_ESCAPE = "\x00str:"


def canonical_form(value: Any) -> Any:
    """A JSON-ready copy with canonical numbers; tuples become lists, sets sorted lists."""
    if isinstance(value, Collapsed):
        return {COLLAPSED_TAG: {_canonical_key(k): canonical_form(v) for k, v in value.items()}}
    if isinstance(value, dict):
        return {_canonical_key(k): canonical_form(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical_form(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((canonical_form(v) for v in value), key=canonical_json)
    if is_number(value):
        return canonical_number(value)
    return value


def _canonical_key(key: Any) -> str:
    # JSON keys are strings; a non-string key is tagged so that 1 and "1" stay apart.
    # Tags start with NUL, so a string key that starts with NUL is escaped: the
    # mapping from keys to canonical keys stays one-to-one.
    if isinstance(key, str):
        return _ESCAPE + key if key.startswith("\x00") else key
    return f"\x00{type(key).__name__}:{key!r}"


def canonical_json(value: Any) -> str:
    """The canonical text of a value: equal texts iff canonically equal values."""
    return json.dumps(canonical_form(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_equal(a: Any, b: Any) -> bool:
    """``canonical_json(a) == canonical_json(b)``, computed by walking both values instead of
    writing their texts (the verifier compares whole records this way)."""
    if a is b:
        return True
    if type(a) is str and type(b) is str:  # the common case (ids, statuses), decided at once
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        if isinstance(a, Collapsed) != isinstance(b, Collapsed) or len(a) != len(b):
            return False
        # dict.items: read a copy-on-read overlay without copying it
        if all(type(k) is str and not k.startswith("\x00") for k in dict.keys(a)):
            # plain string keys are their own canonical keys (the common case: JSON)
            return dict.keys(a) == dict.keys(b) and all(canonical_equal(v, dict.__getitem__(b, k)) for k, v in dict.items(a))
        keyed_a = {_canonical_key(k): v for k, v in dict.items(a)}
        keyed_b = {_canonical_key(k): v for k, v in dict.items(b)}
        return keyed_a.keys() == keyed_b.keys() and all(canonical_equal(v, keyed_b[k]) for k, v in keyed_a.items())
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(canonical_equal(x, y) for x, y in zip(a, b))
    if is_number(a) and is_number(b):
        x, y = canonical_number(a), canonical_number(b)
        return x == y or (x != x and y != y)  # NaN is written "NaN" on both sides
    plain = (str, bool, type(None))
    if isinstance(a, plain) and isinstance(b, plain):
        return type(a) is type(b) and a == b
    if isinstance(a, plain + (dict, list, tuple, int, float)) and isinstance(b, plain + (dict, list, tuple, int, float)):
        return False  # different JSON kinds
    return canonical_json(a) == canonical_json(b)  # sets and anything else: by their texts


def values_equal(a: Any, b: Any) -> bool:
    """Canonical equality: ``10 == 10.0``, ``38.00999999999999 == 38.01``, ``True != 1``."""
    if type(a) is str and type(b) is str:  # the common case (ids, statuses), decided at once
        return a == b
    if is_number(a) and is_number(b):
        return canonical_number(a) == canonical_number(b)
    if type(a) is not type(b) and not (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple))):
        return False
    if isinstance(a, (dict, list, tuple, set, frozenset)):
        return canonical_equal(a, b)
    return a == b


def sort_key(value: Any) -> str:
    """A total order over JSON values (for sorting candidate sets)."""
    return canonical_json(value)
