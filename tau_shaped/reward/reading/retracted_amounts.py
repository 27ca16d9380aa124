"""An amount the agent says it gave before and takes back in the same breath (SPEC §10 statements, round 18): "I made a
mistake earlier: I said $19.60, but the refund was $16.90", "I told you $19.60 before -- that was wrong". The figure is
reported as the agent's own earlier words, disowned, not stated again: ``taken_back_out(text)`` writes it as "that
amount" so the amount readers do not read it as said (the earlier message that said it is judged where it stands).
Every pattern is linear (literal alternations, bounded repeats).
"""

from __future__ import annotations

import re

from tau_shaped.reward.reading.message_looks import holds_any, look

__all__ = ["taken_back_out", "may_take_back"]

_VERB_HINTS = ("said", "wrote", "told", "quoted", "mentioned", "typed", "gave")  # what ``_SAID_BEFORE`` needs, one of
_SAID_BEFORE = re.compile(
    r"(?i)\bI(?:[ \t]{1,2}(?:had|have|just))?[ \t]{1,2}(?:said|wrote|told[ \t]{1,2}you|quoted|mentioned|typed|gave[ \t]{1,2}you)"
    r"(?:[ \t]{1,2}(?:earlier|before|previously))?[ \t]{1,2}(?P<amt>(?:US)?\$[ \t]?[0-9][0-9.,]{0,12}|[0-9][0-9.,]{0,12}[ \t]?(?:dollars|usd))"
    r"(?=(?:[ \t]{1,2}(?:earlier|before|previously))?[ \t]{0,2}[,;:.\u2013\u2014-]{0,3}[ \t]{0,2}(?:but|that[ \t]{1,2}was[ \t]{1,2}"
    r"(?:wrong|a[ \t]{1,2}(?:mistake|typo|slip))|which[ \t]{1,2}was[ \t]{1,2}wrong)\b)")


def may_take_back(text: str) -> bool:
    """Whether ``text`` may take back an amount said before (one of the verbs ``_SAID_BEFORE`` needs); when not,
    ``taken_back_out`` gives it as it is."""
    return holds_any(look(text).low, _VERB_HINTS)  # (the message's one look: read for every message of every rollout)


def taken_back_out(text: str) -> str:
    """``text`` with each amount the agent says it said before and takes back written as "that amount"."""
    if not may_take_back(text):
        return text
    return _SAID_BEFORE.sub(lambda m: m.group(0)[:m.start("amt") - m.start()] + "that amount", text)
