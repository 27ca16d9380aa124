"""A shared test kit: a JSON value with every type spelled out, so that comparing two readings
of a text tells ``1`` from ``1.0`` and ``True``, and a dict's key order counts."""

from __future__ import annotations

from typing import Any


def typed(value: Any) -> Any:
    if isinstance(value, dict):
        return ["dict", [[k, typed(v)] for k, v in value.items()]]
    if isinstance(value, list):
        return ["list", [typed(v) for v in value]]
    return [type(value).__name__, repr(value)]
