"""An amount a confirmation binds to items it is not the price of (round 17; a gap round 16 left): "Shall I refund
$16.90 for the BBQ Ribs and the Onion Rings missing from FD-10045?" when $16.90 is one BBQ Ribs alone, or "$16.90 for
the Onion Rings" when the Onion Rings cost $7.57. The policy's lost value of a missing or wrong item is "the item's unit
price times the quantity affected": an amount said for named items of the order is one of the sums their unit prices
make (each item from one unit up to its quantity); any other sum describes another refund than the one the customer is
asked about.

Read only for a write of money for items (its ``reason`` names a missing or wrong item) with an ``amount`` and an
``order_id`` whose order in S0 lists its items; the items are those named after the call's amount in its clause (up to
the sentence's end, a ";", a parenthesis, a dash or a "but"), by their names as the order gives them. Pure: bounded
regexes, at most 6 items and 4 units each are summed.
"""

from __future__ import annotations

import re
from itertools import product
from typing import Any, List, Optional, Tuple

__all__ = ["amount_for_other_items"]

_CLAUSE_END = re.compile(r"[.!?](?=\s|$)|[;(\n]|\s-{1,2}\s|[\u2013\u2014]|\bbut\b", re.IGNORECASE)
_FOR_ITEMS = re.compile(r"\b(?:missing|wrong|item|items)\b", re.IGNORECASE)


def amount_for_other_items(text: str, kwargs: Any, initial: Any) -> Optional[str]:
    """Why the call's amount is said for items whose prices do not make it (the items and their prices), or None."""
    if not isinstance(kwargs, dict) or not _FOR_ITEMS.search(str(kwargs.get("reason") or "")):
        return None
    amount, order = kwargs.get("amount"), _order(initial, kwargs.get("order_id"))
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or order is None:
        return None
    items = [(str(i.get("name")), float(i.get("unit_price")), int(i.get("quantity") or 1)) for i in order.get("items") or []
             if isinstance(i, dict) and i.get("name") and isinstance(i.get("unit_price"), (int, float))]
    if not items:
        return None
    from tau_shaped.reward.reading.amounts import stated_amounts

    for said in stated_amounts(text):
        if abs(said.value - amount) > 0.005:
            continue
        end = _CLAUSE_END.search(text, said.end)
        clause = text[said.start:end.start() if end else len(text)].lower()
        named = [it for it in items if _named(it[0], clause)]
        if named and not _makes(named, float(amount)):
            return (f"it states ${amount:.2f} for the " + " and the ".join(n for n, _, _ in named)
                    + " (" + ", ".join(f"${p:.2f}" + (f" x{q}" if q > 1 else "") for _, p, q in named) + ")")
    return None


def _order(initial: Any, order_id: Any) -> Optional[dict]:
    orders = initial.get("orders") if isinstance(initial, dict) else None
    order = orders.get(order_id) if isinstance(orders, dict) and isinstance(order_id, str) else None
    return order if isinstance(order, dict) else None


def _named(name: str, clause: str) -> bool:
    low = name.lower()  # the clause is lower-cased: the name's literal text is in it wherever its pattern matches
    return low in clause and re.search(r"(?<![\w])" + re.escape(name.lower()) + r"(?![\w])", clause) is not None


def _makes(named: List[Tuple[str, float, int]], amount: float) -> bool:
    """Whether ``amount`` is a sum of the named items' unit prices, each taken from one unit up to its quantity."""
    counts = [range(1, min(q, 4) + 1) for _, _, q in named[:6]]
    prices = [p for _, p, _ in named[:6]]
    return any(abs(sum(k * p for k, p in zip(ks, prices)) - amount) <= 0.005 for ks in product(*counts))
