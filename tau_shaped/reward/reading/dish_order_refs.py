"""Dishes named by the order they were in (round 17, SPEC §10 Offers; read by ``checks.offers_unsafe`` before
``unsafe_offers``): "the same dish as on your FD-10330 order", "the same dish you had on FD-10330", "what you ordered
on FD-10330", "the dish from FD-10330" stand for the dishes of that order of the customer's (S0). ``order_refs_named``
writes each such reference as the dishes' names ("the Green Curry"; "the Pad Thai and the Spring Rolls"), so the offer
reader reads them as named: "I can put in the same dish you had on FD-10330 in place of the Pad Thai" offers the Green
Curry that order held; "Your FD-10330 had the Green Curry" is read as before.

Only an order of the customer's, by its id: "the usual", "last time" name no order the reader can tell.
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from typing import Any, List

__all__ = ["order_refs_named"]

_REACH = 4096
_ID = r"(?:your[ \t]+)?(?:order[ \t]+)?(?:#[ \t]*)?(?P<id>FD-\d{3,8})(?:[ \t]+order)?(?!\w)"
_REF = lazy(
    r"(?<!\w)(?:(?:the[ \t]+)?same[ \t]+(?:dish|thing|meal|one|item|food|dishes|items|things)(?:[ \t]+as)?(?:[ \t]+(?:you[ \t]+|was[ \t]+|were[ \t]+)?"
    r"(?:had|ordered|got|liked|enjoyed))?|what[ \t]+you[ \t]+(?:had|ordered|got|liked|enjoyed)|"
    r"(?:the|that)[ \t]+(?:dish|one|thing|meal|item|food)(?:[ \t]+(?:you[ \t]+)?(?:had|ordered|got|liked|enjoyed))?)"
    r"[ \t]+(?:on|in|from|with|for)[ \t]+" + _ID, re.IGNORECASE, needs=('FD-',))


def order_refs_named(text: str, initial: Any, customer: str) -> str:
    """``text`` with each reference to the dishes of one of ``customer``'s orders (by its id) written as their names
    (``text`` itself when none)."""
    if "FD-" not in text.upper() or len(text) > _REACH or not isinstance(initial, dict):
        return text
    orders = initial.get("orders")
    out: List[str] = []
    done = 0
    for m in _REF.finditer(text):
        order = orders.get(m.group("id").upper()) if isinstance(orders, dict) else None
        if not isinstance(order, dict) or order.get("customer_id") != customer:
            continue
        names = [i.get("name") for i in order.get("items") or [] if isinstance(i, dict) and isinstance(i.get("name"), str)]
        if not names:
            continue
        out.append(text[done:m.start()])
        out.append(" and ".join("the " + n for n in names))
        done = m.end()
    return "".join(out) + text[done:] if out else text
