"""A reply that answers a yes-no question by echoing it (SPEC §10 replies, round 17 of issue 41): "I would, thanks" to
"Would you like 2 GB added to L1002?", "we do" to "Do you want it?", "still good" to "... Still good?". Read as "yes":
the question's own auxiliary said back with "I" or "we", unnegated, or the whole of a short question without a verb of
its own said back. "Do you mind ...?" is left alone ("I do" minds), and so is anything more than the echo and a thanks."""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["echo_answered"]

_AUX_ASKED = re.compile(r"(?i)(?:^|[.!?\n][ \t]*)(?P<aux>would|do|will|are|can|could|shall|did)[ \t]+you\b(?P<rest>(?:[^.!?\n]|\.(?=[0-9])){0,160})\?[ \t]*$")
_THANKS = r"(?:[ \t,.!]+(?:thanks|thank[ \t]+you|ty|thx|please|pls|indeed|yes))*[ \t.!]*$"
_SHORT_ASKED = re.compile(r"(?i)(?:^|[.!?\n][ \t]*)(?P<q>(?:still|all|ok|okay|good|fine|alright|sounds?|looks?)(?:[ \t]+[a-z]+){0,2})[ \t]*\?[ \t]*$")
_NEGATION = lazy(r"(?i)\b(?:not|no|never)\b|n't\b", needs=('n', "n't"))


def echo_answered(reply: str, question: str) -> str:
    """``reply`` read as "yes" when it only echoes the yes-no question ``question`` ends with (see the module)."""
    if not reply or not question or len(reply) > 40 or "?" not in question or _NEGATION.search(reply):
        return reply
    end = question.rfind("?")  # the last question asked ("Would you like 2 GB? It would be $4.00.")
    if question[end + 1:].count("?") or len(question) - end > 120:
        return reply
    tail = question[max(0, end - 200):end + 1]
    asked = _AUX_ASKED.search(tail)
    if asked is not None and "mind" not in asked.group("rest").lower():
        aux = asked.group("aux").lower()
        said = {"are": "am"}.get(aux, aux)
        if re.match(rf"(?i)[ \t]*(?:yes[ \t,]+)?(?:i|we)[ \t]+{said}{_THANKS}", reply) or (
                aux == "are" and re.match(rf"(?i)[ \t]*(?:yes[ \t,]+)?(?:i['\u2019]m|we['\u2019]re|we[ \t]+are){_THANKS}", reply)):
            return "yes" + reply[len(reply.rstrip(" \t.!")):]
    short = _SHORT_ASKED.search(tail)
    if short is not None and re.fullmatch(re.escape(short.group("q").lower()) + _THANKS, reply.strip().lower()):
        return "yes"
    return reply
