"""An amount said only as a bound or an approximation ("up to $16.90", "roughly $16.90", "~$16.90", "no more than
$16.90", "a bit under $16.90"): no exact amount is stated (SPEC §10 statements: a hedged amount states no exact
figure), so a confirmation giving the call's amount only so does not tell the customer exactly what will be refunded
(wiki.md: "tell the customer exactly what you are about to do (... the amount ...)"; round 16, AM). Another mention
of the same amount said plainly states it ("you can get up to $16.90, so I'd refund the full $16.90")."""

from __future__ import annotations

import re

from tau_shaped.reward.reading import text_matching

__all__ = ["only_bounded"]

# a bound or an approximation right before an amount (its currency mark between)
_BOUNDED = re.compile(r"(?i)(?:(?<![\w'])(?:up\s+to|at\s+most|at\s+least|about|roughly|around|approx(?:imately|\.)?|(?:no|not)\s+more\s+than"
                      r"|(?:no|not)\s+less\s+than|more\s+than|less\s+than|under|below|over|above|max(?:imum)?(?:\s+of)?|(?:just\s+)?shy\s+of"
                      r"|nearly|almost)|~)[\s\u00a0]*(?:US|USD|C|A)?[\s\u00a0]*[$€£]?[\s\u00a0]*$")


def only_bounded(text: str, value: float, tolerance: float = 0.005) -> bool:
    """Whether every mention of ``value`` in ``text`` (a number, or else an amount in any spelling) is said as a bound or
    an approximation, and there is one (only the few characters before each mention are read)."""
    starts = [start for number, _, start in text_matching._numbers_at(text) if round(abs(number - value), 9) <= tolerance]
    if not starts:
        starts = [a.start for a in text_matching._amounts(text) if round(abs(a.value - value), 9) <= tolerance]
    return bool(starts) and all(_bounded_at(text, s) for s in starts)


# every bound above holds one of these (looked for in the few characters before a mention first: most hold none)
_HINTS = ("~", "up", "most", "least", "about", "rough", "around", "approx", "than", "under", "below", "over", "above", "max",
          "shy", "nearly", "almost")


def _bounded_at(text: str, start: int) -> bool:
    window = text[max(0, start - 40):start].lower()
    return any(h in window for h in _HINTS) and _BOUNDED.search(window) is not None
