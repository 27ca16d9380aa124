"""What a reply says beside its answer (SPEC §10 replies): indifference settled by the assent said
after it is assent. "whatever. ok", "whatever, yes go ahead", "meh, whatever... fine" (the one weak
mark of sarcasm, "whatever", and a plain yes after it: the last word decides, as a go-ahead settles
a hedge); "Sure, whatever." or "Fine, whatever." (the indifference said last), "Eh, whatever.",
two marks ("Oh great, yeah, sure, whatever") and "whatever you say" stay unclear."""

from __future__ import annotations

import re

from tau_shaped.reward.reading.reply_clauses import words
from tau_shaped.reward.reading.reply_meaning import _WEAK_SARCASM

__all__ = ["resigned"]

_WHATEVER = re.compile(r"(?<![\w'])whatever(?![\w'])(?!\W{0,3}(?:you|it|the|that|this|i|we|works|floats)(?![\w']))", re.IGNORECASE)
_PLAIN_YES = re.compile(words("yes", "yeah", "yep", "sure", "ok", "okay", "k", "fine", "alright", "go ahead", "do it"), re.IGNORECASE)


def resigned(text: str) -> str:
    """``text`` with a "whatever" settled by a plain yes after it taken out (see the module)."""
    if "whatever" not in text.lower():
        return text
    m = _WHATEVER.search(text)
    if m is None or len(_WEAK_SARCASM.findall(text)) != 1 or _PLAIN_YES.search(text, m.end()) is None:
        return text
    return text[:m.start()] + " " + text[m.end():]
