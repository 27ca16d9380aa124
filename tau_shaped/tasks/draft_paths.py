"""How a drafted part of a task names a location of the domain's state (``tau-shaped tasks
draft``, issue 45): a path whose list positions are filters on the item's id field, so the path
still names the same item when the list's order changes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Optional, Tuple

from tau_shaped.reward.paths import format_location
from tau_shaped.tasks.draft_play import Location, value_at

_PLAIN_LITERAL = re.compile(r"[A-Za-z0-9_-]+")


def path_filter(field_name: str, value: Any, op: str = "=") -> str:
    """A path filter ``[?field=value]``: the value bare when it is a plain word, else as JSON."""
    shown = value if isinstance(value, str) and _PLAIN_LITERAL.fullmatch(value) and value not in ("true", "false", "null") \
        and not value.lstrip("-").isdigit() else json.dumps(value)
    return f"[?{field_name}{op}{shown}]"


def _item_key(item: Any) -> Optional[Tuple[str, Any]]:
    """(field, value) that names a list item: its first ``*_id`` field holding a string."""
    if isinstance(item, Mapping):
        for key in sorted(item):
            if str(key).endswith("_id") and isinstance(item[key], str):
                return str(key), item[key]
    return None


def stable_path(state: Any, loc: Location) -> Optional[str]:
    """A path for ``loc`` whose list positions are filters on the item's id field
    (``items[?item_id=MI-1].substituted_for``), or None when an item has no id field."""
    out = ""
    for n, key in enumerate(loc):
        if isinstance(key, int):
            named = _item_key(value_at(state, loc[:n + 1]))
            if named is None:
                return None
            out += path_filter(named[0], named[1])
        else:
            out += format_location((key,)) if not out else format_location(("x", key))[1:]  # ".key" or '["a.b"]'
    return out
