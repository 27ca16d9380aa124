"""A call's JSON values as the key of a memo (what a reading of a message and a call is kept by,
``checks/unconfirmed``, ``reply_matchers``).

The key is the value's ``repr``, taken only when the value holds nothing but JSON's types (dicts
with string keys, lists, strings, numbers, booleans, None; at most ``depth`` levels): there it
says exactly what the value is (1 is not 1.0 is not True, NaN is not None, a dict's order is
kept, so the same value written in another order is only a miss). Anything else gives no key
(its repr might not say what it is), and the caller reads it again each time.
"""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["json_key"]

_SCALARS = frozenset({str, int, float, bool, type(None)})


def json_key(value: Any, depth: int = 8) -> Optional[str]:
    """``repr(value)`` when ``value`` is made of JSON's types alone, else None."""
    return repr(value) if _json_typed(value, depth) else None


def _json_typed(value: Any, depth: int) -> bool:
    kind = type(value)
    if kind in _SCALARS:
        return True
    if depth <= 0:
        return False
    if kind is dict:
        return all(type(k) is str and _json_typed(v, depth - 1) for k, v in value.items())
    if kind is list:
        return all(_json_typed(v, depth - 1) for v in value)
    return False
