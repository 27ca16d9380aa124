"""What a list says of the dishes in it (SPEC §10 Offers; read by ``unsafe_offers``): a line ending in ":"
over a list offers its items ("Here are the options I can offer:") or sets them apart ("These contain
your allergens:", "Options to avoid:"); a line right after a list that asks for a pick ("Pick one?",
"Any of these work?", "Which would you like?") offers them too, and one that declines them ("I can't
offer any of these") sets them apart; and, inside one sentence, what may
follow an item of a list an offering word opens (a note or a price at most: "Samosa (gluten),",
"Samosa - has gluten,", ``ITEM_END``). Each reads a bounded slice of the text."""

from __future__ import annotations

import re
from typing import Optional

from tau_shaped.reward.reading.dish_exclusions import CONTAINS, OFFERING, negation_at

__all__ = ["ITEM_END", "list_footer", "list_header"]

_EXCLUDING_HEADER = re.compile(r"(?<!\w)(?:unsafe|not safe|avoid\w*|can(?:no|['’])t|won['’]t|not (?:offer|suggest|recommend|propos|"
                               r"available|possible|an option)\w*|off[- ]limits|exclud\w*|ruled out|skip)", re.IGNORECASE)
_NOUNS = ("option", "alternative", "choice", "candidate", "pick")  # offering words that only name what follows

ITEM_END = re.compile(r"[ \t]*(?:\([^()\n]{0,60}\)|[-–—][ \t]*[^-–—,;.!?()\n]{1,40}|\$[0-9.]+)?[ \t\"'”’*_]*(?:[,;.!?)\n]|(?:or|and|nor)(?!\w)|$)",
                       re.IGNORECASE)  # after a list's item: a note or a price at most ("Samosa (gluten),", "Samosa - has gluten,")
_ITEM_LINE = re.compile(r"[ \t]*(?:[-*•+]|[0-9]{1,2}[.)]|\|)")
_FOOTER_ASKS = re.compile(r"(?<!\w)(?:pick|choose|any[ \t]+of[ \t]+(?:these|those|them)|which[ \t]+(?:one|would|do|of)|one[ \t]+of[ \t]+(?:these|those)|"
                          r"let[ \t]+me[ \t]+know[ \t]+which|your[ \t]+(?:pick|choice|call))(?!\w)", re.IGNORECASE)


def list_footer(text: str, end: int) -> Optional[str]:
    """What a line right after the list whose item line ends at ``end`` (within 12 lines) says of its
    items: "offers" when it asks for a pick ("Pick one?", "Any of these work?", "Which would you
    like?"), "excludes" when every such word in it is negated ("I can't offer any of these"), else None."""
    for _ in range(12):
        if end >= len(text):
            return None
        nxt = text.find("\n", end + 1)
        lo, end = end + 1, (len(text) if nxt < 0 else nxt)
        if not text[lo:end].strip() or _ITEM_LINE.match(text, lo, end):
            continue
        asks = list(OFFERING.finditer(text, lo, end)) + list(_FOOTER_ASKS.finditer(text, lo, end))
        return None if not asks else "offers" if any(not negation_at(text, lo, o.start()) for o in asks) else "excludes"
    return None


def list_header(text: str, lo: int, hi: int, allergen: "re.Pattern[str]") -> Optional[str]:
    """What a line ending in ":" (``text[lo:hi]``) says of the list under it: "offers", "excludes" or neither."""
    offers = [o.group(0).lower() for o in OFFERING.finditer(text, lo, hi) if not negation_at(text, lo, o.start())]
    verb = CONTAINS.search(text, lo, hi)
    excludes = _EXCLUDING_HEADER.search(text, lo, hi) or (verb and allergen.search(text, verb.end(), hi))
    if excludes and not any(not o.startswith(_NOUNS) for o in offers):  # "Options to avoid:" excludes
        return "excludes"
    return "offers" if offers else None
