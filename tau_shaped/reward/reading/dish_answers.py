"""A dish asked about alone, and the answer after it (SPEC §10 Offers; read by ``unsafe_offers``): "Chicken
Korma? Not an option for you, sadly.", "Korma? No, it has tree nuts.", "Korma? Contains peanuts, so no.", "Korma?
Tree nuts. Not for you." answer no; "Chicken Korma? No problem at all." answers yes (and offers it).

Each reads a few words after the question mark.
"""

from __future__ import annotations

import re
from typing import Optional

__all__ = ["answered_no"]

_ASKED_ALONE = re.compile(r"[ \t\"'”’)*_]*\?[ \t\"'”’)*_]*[ \t\n]+")
_ANSWERED_NO = re.compile(r"[*_]*(?:no(?:pe)?\b(?![ \t]+(?:problem|worries|trouble|doubt|question|sweat|issue)s?\b)|not[ \t]+(?:an?[ \t]+)?(?:option|possible|safe|suitable|available|for[ \t]+you)|"
                          r"(?:unfortunately|sadly|sorry)[ \t,]+(?:no|not)\b|(?:that|it)(?:['’]s|[ \t]+is)[ \t]+(?:not|unsafe|out|off)\b|"
                          r"(?:it|that)[ \t]+(?:has|contains|includes)\b|off[ \t]+the[ \t]+table|(?:I['’]m[ \t]+)?afraid[ \t]+not)",
                          re.IGNORECASE)


def answered_no(text: str, end: int, allergen: Optional["re.Pattern[str]"] = None) -> bool:
    """Whether a dish ending at ``end``, asked about alone ("Chicken Korma?"), is answered no by
    the next sentence ("Not an option for you, sadly.", "No, it has tree nuts.", with ``allergen``
    the customer's: "Contains peanuts, so no.")."""
    ask = _ASKED_ALONE.match(text, end)
    if ask is None:
        return False
    if _ANSWERED_NO.match(text, ask.end()) is not None:
        return True
    verb = _BARE_CONTAINS.match(text, ask.end())
    named = allergen.match(text, verb.end() if verb is not None else ask.end()) if allergen is not None else None
    return named is not None and (verb is not None or _BARE_STOP.match(text, named.end()) is not None)  # "Korma? Tree nuts. Not for you."


_BARE_STOP = re.compile(r"[ \t*_]*(?:[.,;!–—]|$)")
_BARE_CONTAINS = re.compile(r"[*_]*(?:contains|has|includes|made[ \t]+with|uses|comes[ \t]+with)[ \t]+(?:(?:some|a[ \t]+lot[ \t]+of|real|ground)[ \t]+)?",
                            re.IGNORECASE)
