"""Money said only by reference to one of the order's money fields (SPEC §10 statements, round 18): "I've refunded the
same amount as the delivery fee", "a refund equal to your service fee", "as much as the tip". A careful reader takes the
amount said to be that field's value; ``by_reference(text, lookup)`` writes it out ("$2.99") where ``lookup(field)`` knows
it (the field as a tool's result names it: ``delivery_fee``, ``service_fee``, ``tip``, ``subtotal``, ``total``), so the
amount readers judge it as if it had been said. Every pattern is linear (literal alternations, bounded repeats).
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from tau_shaped.reward.reading.lazy_patterns import lazy
from tau_shaped.reward.reading.message_looks import holds_any, look

__all__ = ["by_reference", "may_refer"]

_REFERENCE = lazy(
    r"(?i)\b(?:(?:the|an?)[ \t]{1,2})?(?:(?:same|exact)[ \t]{1,2}(?:amount|sum|figure|value)[ \t]{1,2}as|(?:amount|sum)[ \t]{1,2}"
    r"(?:equal|identical)[ \t]{1,2}to|equal[ \t]{1,2}to|as[ \t]{1,2}much[ \t]{1,2}as)[ \t]{1,2}(?:the|your)[ \t]{1,2}"
    r"(?P<f>delivery[ \t]fee|service[ \t]fee|tip|subtotal|food[ \t]subtotal|total)\b", needs=('delivery', 'service', 'subtotal', 'tip', 'total'))
_FIELDS = {"del": "delivery_fee", "ser": "service_fee", "tip": "tip", "sub": "subtotal", "foo": "subtotal", "tot": "total"}
_HINTS = ("same", "exact", "equal", "identical", "as much")


def may_refer(text: str) -> bool:
    """Whether ``text`` may say an amount by reference (one of the words every reference holds); when not,
    ``by_reference`` gives it as it is whatever the fields' values."""
    return holds_any(look(text).low, _HINTS)  # (the message's one look: read for every message of every rollout)


def by_reference(text: str, lookup: Callable[[str], Optional[float]]) -> str:
    """``text`` with each amount said by reference to a money field written as that field's value, where known."""
    if not may_refer(text):
        return text

    def value(m: "re.Match[str]") -> str:
        found = lookup(_FIELDS[m.group("f")[:3].lower()])
        return m.group(0) if found is None else f"${found:.2f}"

    return _REFERENCE.sub(value, text)
