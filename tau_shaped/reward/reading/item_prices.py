"""An amount said to be what a dish of the order cost (SPEC §10 statements, round 16): "the cheeseburger was $2.00",
"Onion Rings: $1.30", "the Chana Masala was just under fifteen dollars", "BBQ RIBS -- $16.90 each". Such an amount is a
price the tools show (a money field, or units of a line together), never a figure of the policy's that happens to match
(a fee, a cap, a distance): ``priced_flags``.

- ``item_names(observation)``: the names of the items a tool's JSON result lists (each ``{"name": ..., "unit_price": ...}``),
  read once per observation (kept, bounded).
- ``priced_flags(text, spans, names)``: for each amount (its span in ``text``), whether the clause before it names one of
  ``names`` and ends in a word of price ("was", "were", "cost", "is", ":", "=", a dash), an approximation allowed between.

Every pattern is compiled once and linear on untrusted text (bounded repeats only).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, FrozenSet, List, Sequence, Tuple

__all__ = ["item_names", "priced_flags"]

# the price verb or mark right before the amount, an approximation allowed between ("was just under", "cost about")
_PRICED = re.compile(r"(?i)(?:\b(?:was|were|is|are|cost|costs|costed|came[ \t]+to|comes[ \t]+to|priced[ \t]+at|at)|[:=\u2013\u2014]|[ \t]-{1,2})"
                     r"[ \t]*(?:(?:just|a[ \t]+bit|a[ \t]+little|slightly|only|about|around|roughly|approx\.?|nearly|almost)[ \t]+)?"
                     r"(?:(?:under|over|below|above|shy[ \t]+of|less[ \t]+than|more[ \t]+than)[ \t]+)?[$]?[ \t]*\Z")
_CLAUSE_BREAK = re.compile(r"[.;!?\n]|,[ \t]")


@lru_cache(maxsize=1024)
def item_names(observation: Any) -> FrozenSet[str]:
    """The lower-cased names of the items a tool's JSON result lists (an object with a "name" and a "unit_price" or "price")."""
    if not isinstance(observation, str) or '"name"' not in observation or "price" not in observation:
        return frozenset()
    try:
        data = json.loads(observation)
    except ValueError:
        return frozenset()
    out = set()
    stack: List[Any] = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            name = node.get("name")
            if isinstance(name, str) and ("unit_price" in node or "price" in node) and 2 < len(name) <= 60:
                out.add(name.lower())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(out)


def priced_flags(text: str, spans: Sequence[Tuple[int, int]], names: FrozenSet[str]) -> List[bool]:
    """For each amount's span: whether the words before it say it is a dish's price (see the module docstring)."""
    if not names:
        return [False] * len(spans)
    low = text.lower()
    out = []
    for start, _ in spans:
        lo = max(0, start - 80)
        for b in _CLAUSE_BREAK.finditer(low, lo, start):
            lo = b.end()
        clause = low[lo:start]
        out.append(_PRICED.search(clause) is not None and any(n in clause for n in names))
    return out
