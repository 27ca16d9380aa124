"""A statement closed by a tag question (issue 41 round 20, style DG): "I've sent the payment request for B1, okay?",
"B1 is paid now -- sound good?", "Your line is back on, right?". The question mark asks the customer to agree with
what the sentence states; it does not make the statement a question, so what it states is said. A sentence that opens
as a question (an auxiliary or a question word first: "Has B1 been paid, right?") is a question still, and so is one
whose last words before the mark are not a tag ("..., or not?", "... -- when?")."""

from __future__ import annotations

import re

__all__ = ["statement_tagged"]

# the tag: a comma, a dash or an ellipsis, then a word asking agreement, right before the question mark
_TAG = re.compile(r"(?i)(?:,|[ \t]*-{1,2}|[ \t]*[\u2014\u2013]|\.\.\.|\u2026)[ \t]*(?:ok(?:ay)?|right|yeah|yes|yep|correct|alright"
                  r"|all[ \t]right|sounds?[ \t]good|good|cool|fair|agreed|got[ \t]it|you[ \t]know|no|isn't[ \t]it|hasn't[ \t]it"
                  r"|don't[ \t]you[ \t]think)[ \t]*$")
_ASKED = re.compile(r"(?i)[\s\W]*(?:has|have|had|is|are|was|were|did|do|does|can|could|shall|should|will|would|may|might"
                    r"|what|how|why|when|where|which|who|whether)\b")


def statement_tagged(text: str, lo: int, end: int, mark: int) -> bool:
    """Whether the sentence of ``text`` from ``lo`` to its question mark at ``mark`` is a statement closed by a tag: the
    words from ``end`` (the end of what it states) to the mark end in a tag, and the sentence does not open as a
    question. Linear: both patterns are anchored, the tag's at the mark."""
    if mark - end > 200 or _TAG.search(text, end, mark) is None:
        return False
    return _ASKED.match(text, lo) is None
