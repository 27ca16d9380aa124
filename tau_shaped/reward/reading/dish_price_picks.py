"""Dishes picked by their price against the others listed (round 20, DA: choice menus; SPEC §10 Offers; read by
``checks.offers_unsafe`` before ``unsafe_offers``): an agent message lists "the Chicken Korma ($18.52, tree nuts) and the
Chana Masala ($12.65)", and a later one (or the same, further on) says "The pricier one it is -- shall I propose it?":
the pricier one is the Chicken Korma, offered as much as by its name. ``price_picks_named`` writes the phrase as the
dish's name, so the offer reader reads it as the dish named: offered, or set apart, as its clause says.

A phrase picks by price when it is "the|that|this" and a comparative or superlative of price ("cheaper", "cheapest",
"less expensive", "pricier", "priciest", "more expensive", "dearer", "costlier", "lower-priced", "higher-priced"), a
noun of choosing after it or not ("one", "dish", "option", "choice", "pick"). The dishes it picks among are those named
in the text read before it, each with the first price ("$18.52") that follows its name before another dish is named (on
the same line, within 60 characters); two or more at different prices, else nothing is picked. Cheap: a text with no
comparative of price ("cheape", "pricie", "expensive", "deare", "costlie", "priced") is returned as it is."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, List, Tuple

__all__ = ["may_pick_by_price", "price_picks_named"]

_REACH = 4096  # the text read before the phrase, at most this many characters
_PICK = re.compile(r"(?i)\b(?:the|that|this)[ \t]+(?:(?P<low>cheaper|cheapest|less[ \t]+expensive|least[ \t]+expensive|"
                   r"lower[ \t-]priced)|(?P<high>pricier|priciest|more[ \t]+expensive|most[ \t]+expensive|dearer|dearest|"
                   r"costlier|costliest|higher[ \t-]priced))(?:[ \t]+(?:one|dish|option|choice|pick))?\b")
_PRICE = re.compile(r"\$[ \t]?(\d{1,4}(?:\.\d{1,2})?)")
_KEYS = ("cheape", "pricie", "expensive", "deare", "costlie", "priced")


def may_pick_by_price(text: str) -> bool:
    """Whether ``text`` may pick a dish by its price (cheap: substring tests)."""
    return _may(text)


@lru_cache(maxsize=4096)
def _may(text: str) -> bool:
    low = text.lower()
    return any(key in low for key in _KEYS)


def _priced(text: str, menu: Any) -> List[Tuple[float, str]]:
    """Each dish named in ``text`` with the price said after its name, in order."""
    named = menu.dish_names.find(text)
    out: List[Tuple[float, str]] = []
    for i, n in enumerate(named):
        stop = min(n.end + 60, named[i + 1].start if i + 1 < len(named) else len(text))
        line_end = text.find("\n", n.end, stop)
        m = _PRICE.search(text, n.end, stop if line_end < 0 else line_end)
        if m is not None:
            out.append((float(m.group(1)), n.dish))
    return out


def price_picks_named(text: str, before: str, menu: Any) -> str:
    """``text`` with each phrase picking a dish by its price (among the dishes priced in ``before``, the agent's
    messages before it, and in ``text`` before the phrase) written as the dish's name; ``text`` itself when none."""
    if not menu.names or not may_pick_by_price(text):
        return text
    out: List[str] = []
    done = 0
    for m in _PICK.finditer(text):
        priced = _priced(before[-_REACH:] + "\n" + text[:m.start()], menu)
        prices = {}
        for price, dish in priced:  # the last price said of each dish
            prices[dish] = price
        if len(set(prices.values())) < 2:
            continue
        pick = (min if m.group("low") else max)(prices.values())
        dishes = [d for d, p in prices.items() if p == pick]
        if len(dishes) == 1:
            out.append(text[done:m.start()] + "the " + dishes[0])
            done = m.end()
    return "".join(out) + text[done:] if out else text
