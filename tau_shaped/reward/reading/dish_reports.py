"""A dish reported as another person's past choice (SPEC §10 Offers; round 19, read by ``unsafe_offers``): "The previous
customer went with the Chicken Korma; for you, the Chana Masala" tells what someone else chose, it offers nothing to the
customer. Read where the words right before the dish are another person (another, the previous or last customer, guest,
caller, someone) and a verb of a choice made ("went with", "ordered", "chose", "picked", "had", "got", "switched to"):
neutral past choices only, the report ending with the dish ("; for you, ...", ", but ..."). Praise or a recommendation ("customers also liked", "loved", "swear by") is no report, and an
offer of the dish elsewhere in the message ("... -- want it too?") is read as it is (a pronoun, an offering word)."""

from __future__ import annotations

import re

__all__ = ["reported_choice"]

_REPORTED = re.compile(
    r"(?<![^\W_])(?:(?:another|the[ \t]+(?:previous|last|other|next)|a|one)[ \t]+(?:customer|guest|diner|caller|client|person)|"
    r"someone|somebody|someone[ \t]+else)(?:[ \t]+(?:earlier|before[ \t]+you|today|tonight|yesterday))?[ \t]+"
    r"(?:went[ \t]+with|ordered|chose|picked|had|got|switched[ \t]+to|swapped[ \t]+to)[ \t]+(?:the[ \t]+)?[\"'“‘*_]*$",
    re.IGNORECASE)
_REACH = 90
# the report ends with the dish: its sentence or clause closes, or turns away ("; for you, ...", ", but for you ...")
_ENDS = re.compile(r"[ \t\"'”’*_]*(?:[;.!\n]|$|[-–—]{1,2}[ \t]+(?:but|for[ \t]+you)\b|,[ \t]*(?:but|while|whereas|for[ \t]+you)\b)", re.IGNORECASE)


def reported_choice(text: str, lo: int, start: int, end: int) -> bool:
    """Whether the dish at ``text[start:end]`` is named as another person's past choice (see the module)."""
    return _REPORTED.search(text, max(lo, start - _REACH), start) is not None and _ENDS.match(text, end) is not None
