"""A dish proposed as the replacement, not replaced (SPEC §10, an unsafe dish offered in words; read by
``unsafe_offers`` through ``dish_exclusions``): the words right after the dish (or a pronoun naming it) make it
the substitute ("the Korma as a replacement", "Korma could replace it", "Korma in its place", "the Korma is the
most popular replacement"), or the words right before it make it what a swap takes in ("swap the vindaloo for the
Korma"), even when the customer ordered it (a replacement order re-sends the customer's own items; this is not
one)."""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["AFTER", "proposed_as_replacement"]

AFTER = 160  # characters after a dish read for what its clause says of it (``dish_exclusions`` reads the same)
_BEFORE = 80  # characters before a dish read for the words that set it apart


# Right after a dish (or a pronoun naming it): it is proposed as the replacement, not replaced ("the Korma as a
# replacement", "Korma as your substitute", "Korma could replace it", "Korma in its place"); not "as a
# replacement order" (the same items re-sent).
_AS_REPLACEMENT = re.compile(
    r"[ \t\"'”’)*_]*(?:,[^,\n]{1,40},)?[ \t]*(?:,[ \t]*)?(?:(?:maybe|perhaps|possibly|then)[ \t]+)?(?:"
    r"(?:[^\W\d_]+[ \t]+){0,3}?(?:as|for)[ \t]+(?:(?:a|an|the|your|my|our)[ \t]+)?(?:\w+[ \t]+)?(?:replacement|substitut\w*|alternative|sub|swap|stand-?in)"
    r"(?![ \t_-]*order)|(?:could|can|would|will|might|may|should|to|that)[ \t]+(?:\w+[ \t]+)?(?:replace|substitute|stand[ \t]+in)"
    r"(?![ \t]+(?:it|them|this|that)[ \t]+with)|in[ \t]+(?:its|their|his|her|the[ \t]+\w+['’]s|that[ \t]+\w+['’]s)[ \t]+(?:place|stead)|"
    r"(?:[^\W\d_]+[ \t]+){0,3}?(?:in[ \t]+replacement|replacement[ \t]+(?:mein|me|main))|"  # round 12: "in replacement", Hindi "replacement mein"
    # round 14: the dish said to be the replacement ("the Korma is the most popular replacement for the vindaloo")
    r"(?:is|['’]s|would[ \t]+be|could[ \t]+be|might[ \t]+be|will[ \t]+be|makes|seems)[ \t]+(?:(?:probably|likely|definitely|really|also)[ \t]+)?(?:a|an|the|our|your|my)[ \t]+"
    r"(?:[^\W\d_]+[ \t]+){0,3}?(?:replacement|substitute|swap|alternative|stand-?in)(?![ \t_-]*order))"
    r"(?!\w)",
    re.IGNORECASE,
)


# Right after a dish: it takes another's place ("the Pesto Pasta instead of the vindaloo", "Pesto Pasta in place of ...").
_IN_PLACE_OF = lazy(r"[ \t\"'”’)*_,]*(?:instead|in[ \t]+(?:place|lieu)[ \t]+of|rather[ \t]+than|as[ \t]+opposed[ \t]+to)(?!\w)", re.IGNORECASE, needs=('in', 'instead', 'opposed', 'rather'))
# Right before a dish: what a swap takes in ("swapping the vindaloo for the Pesto Pasta", "replace the vindaloo with ...").
_SWAPPED_IN = re.compile(r"(?<!\w)(?:swap\w*|switch\w*|exchang\w*|trad(?:e|es|ed|ing)|chang(?:e|es|ed|ing)|replac(?:e|es|ed|ing))(?!\w)"
                         r"[^.!?;\n]{0,40}?[ \t](?:for|to|with)(?:[ \t]+(?:the|a|an|some))?[ \t]*[\"'“‘(*_]*$", re.IGNORECASE)


# round 12: a dish given on top of the replacement order is no part of it ("a complimentary Gulab Jamun with your replacement")
_ADDED_BEFORE = re.compile(r"(?<!\w)(?:complimentary|free|extra|bonus|additional|courtesy|gratis)[ \t]+[\"'“‘(*_]*$", re.IGNORECASE)


def proposed_as_replacement(text: str, end: int, hi: int, start: int = -1) -> bool:
    """Whether the words right after a dish (or a pronoun) ending at ``end`` propose it as the
    replacement ("... as a replacement?", "... could replace it", "... in its place", "... instead of the
    vindaloo"), or, given its ``start``, the words right before it as what a swap takes in ("swap the vindaloo for
    the Korma")."""
    return (_AS_REPLACEMENT.match(text, end, min(hi, end + AFTER)) is not None or _IN_PLACE_OF.match(text, end, hi) is not None
            or start >= 0 and (_SWAPPED_IN.search(text, max(0, start - _BEFORE), start) or _ADDED_BEFORE.search(text, max(0, start - 24), start)) is not None)
