"""Another choice offered as the customer's preference beside the one a confirmation describes (round 17, style AT):
"Shall I refund $16.90 to your Mastercard, unless you'd rather have it in your wallet?", "Should you prefer the wallet,
...", "... your wallet works too, if you prefer". A yes to it does not say which of the two the customer agrees to, unless
the call's own choice is asked again after it ("(wallet credit instead, if you'd prefer). Shall I do the card?").
A choice set aside by "over" ("you prefer the card over the wallet") is offered by nothing.

Pure: linear patterns (bounded repeats), read on the lower-cased text.
"""

from __future__ import annotations

import re

__all__ = ["offered_as_preference", "set_aside_over"]

_BEFORE = re.compile(r"(?<!\w)(?:unless|otherwise|alternatively|(?:you|you'd|you\s+would|should\s+you|if\s+you)\s+(?:rather|prefer))"
                     r"(?!\w)(?:[^.!?;\n]|\.(?=\d)){0,48}$")
_AFTER = re.compile(r"[^.!?;\n\w]{0,3}(?:\w+[^.!?;\n\w]{1,3}){0,2}?if\s+you(?:'d|\s+would)?\s+(?:prefer|rather|like)(?!\w)")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_OVER = re.compile(r"(?<!\w)over\s+(?:the\s+|your\s+)?$")


def offered_as_preference(lowered: str, a: int, b: int, last_own: int) -> bool:
    """Whether the other choice at ``a``..``b`` of ``lowered`` is offered as a preference, with the call's own choice
    (last said at ``last_own``, -1: never) not asked again after it in a question of its own ("Shall I do the card?";
    not "otherwise I'll refund it to your card. Shall I?")."""
    if last_own > b:
        end = _SENTENCE_END.search(lowered, last_own)
        if end is not None and end.group(0) == "?":
            return False
    return _BEFORE.search(lowered, max(0, a - 48), a) is not None or _AFTER.match(lowered, b) is not None


def set_aside_over(lowered: str, a: int) -> bool:
    """Whether the choice at ``a`` follows "over" ("the card over the wallet"): preferred against, not offered."""
    return _OVER.search(lowered, max(0, a - 16), a) is not None
