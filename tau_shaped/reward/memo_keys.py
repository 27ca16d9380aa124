"""A call's JSON values as the key of a memo (what a reading of a message and a call is kept by,
``checks/unconfirmed``, ``reply_matchers``).

The key is the value's ``repr``, taken only when the value holds nothing but JSON's types (dicts
with string keys, lists, strings, numbers, booleans, None; at most ``depth`` levels): there it
says exactly what the value is (1 is not 1.0 is not True, NaN is not None, a dict's order is
kept, so the same value written in another order is only a miss). Anything else gives no key
(its repr might not say what it is), and the caller reads it again each time.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Optional

__all__ = ["json_key", "json_loaded"]

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
    scalars = _SCALARS  # a scalar element is told here, with no call (a call's arguments are mostly scalars)
    if kind is dict:
        for k, v in value.items():
            if type(k) is not str or (type(v) not in scalars and not _json_typed(v, depth - 1)):
                return False
        return True
    if kind is list:
        for v in value:
            if type(v) not in scalars and not _json_typed(v, depth - 1):
                return False
        return True
    return False


def json_loaded(text: str) -> Any:
    """``json.loads(text)``, parsed once per text (bounded: a write's result is read by several
    readers of each message before it, ``confirmations``, ``call_values``, ``consent_scope``, none
    of which changes what it gets); a text that is no JSON raises ``ValueError`` each time."""
    found = _loaded(text)
    if found is _NOT_JSON:
        raise ValueError("not JSON")
    return found


_NOT_JSON = object()


@lru_cache(maxsize=1024)
def _loaded(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return _NOT_JSON
