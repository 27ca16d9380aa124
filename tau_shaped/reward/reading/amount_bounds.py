"""An amount said only as a bound or an approximation ("up to $16.90", "roughly $16.90", "~$16.90", "no more than
$16.90", "a bit under $16.90"): no exact amount is stated (SPEC §10 statements: a hedged amount states no exact
figure), so a confirmation giving the call's amount only so does not tell the customer exactly what will be refunded
(wiki.md: "tell the customer exactly what you are about to do (... the amount ...)"; round 16, AM). Another mention
of the same amount said plainly states it ("you can get up to $16.90, so I'd refund the full $16.90")."""

from __future__ import annotations

import re

from tau_shaped.reward.reading import text_matching

__all__ = ["only_bounded"]

# every bound below holds one of these (a cheap look before the amounts are walked)
_HINT = re.compile(r"(?i)up\s+to|at\s+(?:most|least)|about|rough|around|approx|~|more\s+than|less\s+than|under|below|over|above"
                   r"|max|shy\s+of|nearly|almost")
# a bound or an approximation right before an amount (its currency mark between)
_BOUNDED = re.compile(r"(?i)(?:(?<![\w'])(?:up\s+to|at\s+most|at\s+least|about|roughly|around|approx(?:imately|\.)?|(?:no|not)\s+more\s+than"
                      r"|(?:no|not)\s+less\s+than|more\s+than|less\s+than|under|below|over|above|max(?:imum)?(?:\s+of)?|(?:just\s+)?shy\s+of"
                      r"|nearly|almost)|~)[\s\u00a0]*(?:US|USD|C|A)?[\s\u00a0]*[$€£]?[\s\u00a0]*$")


def only_bounded(text: str, value: float, tolerance: float = 0.005) -> bool:
    """Whether every mention of ``value`` in ``text`` (a number or an amount in any spelling) is said as a bound or an
    approximation, and there is one."""
    if _HINT.search(text) is None:
        return False
    starts = [start for number, _, start in text_matching._numbers_at(text) if round(abs(number - value), 9) <= tolerance]
    starts += [a.start for a in text_matching._amounts(text) if round(abs(a.value - value), 9) <= tolerance]
    return bool(starts) and all(_BOUNDED.search(text, max(0, s - 40), s) is not None for s in starts)
