"""A statement closed by a tag question (issue 41 round 20, style DG): "I've sent the payment request for B1, okay?",
"B1 is paid now -- sound good?", "Your line is back on, right?". The question mark asks the customer to agree with
what the sentence states; it does not make the statement a question, so what it states is said. A sentence that opens
as a question (an auxiliary or a question word first: "Has B1 been paid, right?") is a question still, and so is one
whose last words before the mark are not a tag ("..., or not?", "... -- when?").

A write said done and closed by a tag ("Z7GOZK is cancelled and $169 is back on your gift card, yeah?", "2 GB added to
L1002 for $4.00, correct?") asks the customer to agree that it was done, not leave to do it: no consent question
(``done_and_tagged``, read by consent_questions)."""

from __future__ import annotations

import re

__all__ = ["statement_tagged", "done_and_tagged"]

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


# a write said done: a present passive of a verb of writing ("is cancelled", "are now refunded"), or a value opening the
# sentence and its participle ("2 GB added to L1002", "$169 refunded to your gift card"); not under a condition
_DONE = re.compile(r"(?i)\b(?:is|are|'s)[ \t]+(?:now[ \t]+|already[ \t]+|all[ \t]+)?(?:cancell?ed|refunded|credited|returned|exchanged"
                   r"|booked|added|applied|processed|sent|issued|modified|upgraded|changed)\b"
                   r"|^[\W_]*\+?[$]?[0-9][0-9.,]*[ \t]*(?:[A-Za-z]+[ \t]+){0,3}(?:added|applied|credited|refunded|loaded|cancell?ed|booked)\b")
_CONDITION = re.compile(r"(?i)\b(?:once|if|when|after|until|unless|as[ \t]+soon[ \t]+as|(?:shall|should|may|can|could)[ \t]+(?:i|we)"
                        r"|would[ \t]+you|do[ \t]+you[ \t]+want|want[ \t]+me|like[ \t]+me)\b")  # or asking ahead


def done_and_tagged(sentence: str) -> bool:
    """Whether ``sentence`` (one sentence, ending in "?") says a write done and closes with a tag."""
    tail = sentence[-24:]
    if not sentence.endswith("?") or not ("," in tail or "-" in tail or "\u2014" in tail or "\u2013" in tail or "." in tail):
        return False  # no tag can close it
    return (_DONE.search(sentence) is not None and _CONDITION.search(sentence) is None
            and statement_tagged(sentence, 0, 0, len(sentence) - 1))
