"""A stop said for a planned route that the route does not hold (SPEC §10 confirmations, round 14): a message asking to
plan a courier's route that names the route's orders and, beside them, another order id of the same shape ("plan the
best order for FD-10251, FD-10451, FD-10468 and FD-10999?" when the planner routes FD-10251, FD-10451, FD-10468 and
FD-10515) describes another route, whether or not the world holds that order: the courier is asked to agree to stops
that are not theirs. An id negated ("not FD-10888") names no stop; a text naming none of the route's stops is left to the other readers."""

from __future__ import annotations

from typing import List, Optional

from tau_shaped.reward.reading.negation import is_negated
from tau_shaped.reward.reading.s0_ids import id_key, id_places

__all__ = ["another_stop"]


def _prefix(key: str) -> str:
    return key[:len(key) - len(key.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))]


def another_stop(text: str, stops: List[str]) -> Optional[str]:
    """An id of the stops' shape (their letters, then digits) that ``text`` names beside at least one of ``stops`` and
    that is none of them, or None."""
    own = {id_key(s) for s in stops}
    prefixes = {_prefix(k) for k in own}
    if len(prefixes) != 1 or not next(iter(prefixes)):
        return None
    prefix = next(iter(prefixes))
    said = id_places(text)
    if not any(k in own for k, _ in said):
        return None
    return next((k for k, at in said if k.startswith(prefix) and k[len(prefix):].isdigit() and k not in own
                 and not is_negated(text, at)), None)  # "(not FD-10888, that one's done)" names no stop
