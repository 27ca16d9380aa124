"""A customer's condition on an amount as a bound, checked against the amount the call moves (SPEC §10
replies, round 13's multi-part and conditional replies): "only if it's under five dollars" is met by a
$4.00 refuel, "as long as it's no more than $50" by a $45 change and not by a $60 one; "yes if it's at
least $20" by a $25 refund. A condition that names an amount with no bound before it is read as before
(the same amount or another: ``reply_meaning.condition``); a bound with the call's amount unknown leaves
the condition unknown (undetermined, never a guess)."""

from __future__ import annotations

import re
from typing import Any, Optional

from tau_shaped.reward.reading.reply_values import values_in

__all__ = ["bounded"]

_BOUND = re.compile(r"(?<![\w'])(?P<op>under|below|less[ \t]+than|lower[ \t]+than|cheaper[ \t]+than|no[ \t]+more[ \t]+than|not[ \t]+(?:above|over)"
                    r"|not[ \t]+more[ \t]+than|at[ \t]+most|max(?:imum)?|up[ \t]+to|within|over|above|more[ \t]+than"
                    r"|higher[ \t]+than|at[ \t]+least|no[ \t]+less[ \t]+than|not[ \t]+less[ \t]+than)[ \t,:]{1,3}(?:(?:about|around|roughly)[ \t]+)?$")
_LOW_HINTS = ("under", "below", "less", "lower", "cheaper", "more", "most", "max", "up to", "within", "over", "above",
              "higher", "least")
_AT_MOST = ("no more", "not more", "at most", "max", "up to", "within", "not above", "not over")
_ABOVE = ("over", "above", "more than", "higher", "at least", "no less", "not less")


def bounded(text: str, stated: Any) -> Optional[str]:
    """"met", "unmet" or "unknown" when every amount ``text`` names has a bound before it; else None."""
    low = text.lower()
    if not any(h in low for h in _LOW_HINTS):
        return None
    named = list(values_in(text))
    amounts = [v for v in named if v.kind == "amount" and v.key is not None]  # "no more than $4" is a bound, not "not $4"
    if not amounts or len(amounts) != len(named):
        return None
    verdicts = []
    for v in amounts:
        m = _BOUND.search(low[max(0, v.start - 30):v.start])
        if m is None:
            return None
        verdicts.append((m.group("op"), float(v.key)))
    moved = stated.key("amount")
    if moved is None:
        return "unknown"
    for op, bound in verdicts:
        op = re.sub(r"[ \t]+", " ", op)
        if op.startswith(_ABOVE):
            ok = moved >= bound if op.startswith(("at least", "no less", "not less")) else moved > bound
        else:
            ok = moved <= bound if op.startswith(_AT_MOST) else moved < bound
        if not ok:
            return "unmet"
    return "met"
