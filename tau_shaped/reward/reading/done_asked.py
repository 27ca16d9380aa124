"""Whether a sentence that says money moved is asked (round 12 on, split from ``done_money`` in round 20): a sentence
ending with "?" proposes ("$16.90 back to your card?"), and so does one followed at once by a question that only asks
leave ("So that's $45.13 back to you. Shall I?", "OK? y/n"). A tag after a statement asks nothing (round 20, DG: "I've
put $16.90 in your wallet, right?" says it was put there): a "?" that closes ", right", ", okay", ", yeah", ", correct",
", yes", ", no", ", alright" (or "didn't I", "haven't I", "isn't it", ...) after a comma leaves the sentence a statement,
unless the sentence offers or asks leave ("I'll put it in your wallet, okay?", "You'd get $45.13 back, right?")."""

from __future__ import annotations

import re

__all__ = ["SENTENCE_END", "proposed", "ends_in_question", "tagged"]

SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
# a question right after a sentence that only asks leave ("OK? y/n", "Proceed?"; a transcript's last word, unmarked)
_LEAVE_ASKED = re.compile(r"(?i)\s{0,3}(?:(?:ok(?:ay)?|proceed|confirm|go[ \t]ahead|shall[ \t]i|should[ \t]i|y[ \t]?/[ \t]?n|yes[ \t]?/[ \t]?no|thumbs[ \t]up|sound[ \t]good|good[ \t]to[ \t]go|does[ \t]that[ \t]work)[ \t]{0,3}(?:\?|\Z)|(?:let[ \t]me[ \t]know[ \t]if[ \t]that(?:'s|[ \t]is)[ \t](?:ok(?:ay)?|alright|fine)|say[ \t]the[ \t]word)\b)")  # round 16: "So that's $X back to you. Shall I?"


_TAG = re.compile(r"(?i),[ \t]*(?:right|ok(?:ay)?|yeah|yes|yep|correct|alright|all[ \t]right|no|eh|"
                  r"(?:did|have|has|had|is|was|are|were)n['’]?t[ \t]+(?:i|we|it|they)|(?:wasn|isn)['’]?t[ \t]+that)[ \t]*$")


# what makes the sentence before a tag a proposal still ("I'll put it in your wallet, okay?")
_OFFERED = re.compile(r"(?i)\b(?:(?:i|we)(?:['’]ll|['’]d|[ \t]+(?:will|would|can|could|shall|should|might|may))|let[ \t]+me|"
                      r"you(?:['’]d|[ \t]+would|[ \t]+could|[ \t]+might|[ \t]+can)|want[ \t]+me|shall|should)\b")


def tagged(text: str, mark: int) -> bool:
    """Whether the "?" at ``mark`` closes a tag after a statement (", right?") that is no proposal."""
    if _TAG.search(text, max(0, mark - 24), mark) is None:
        return False
    start = max(0, mark - 240)
    for end in SENTENCE_END.finditer(text, start, mark):
        start = end.end()
    return _OFFERED.search(text, start, mark) is None


def proposed(text: str, at: int) -> bool:
    """Whether the sentence holding ``at`` is asked, or followed at once by a question that only asks leave."""
    end = SENTENCE_END.search(text, at, at + 400)
    return end is not None and (text[end.start()] == "?" and not tagged(text, end.start())
                                or _LEAVE_ASKED.match(text, end.end()) is not None)


def ends_in_question(text: str, at: int) -> bool:
    """Whether the sentence holding ``at`` ends with "?"."""
    end = SENTENCE_END.search(text, at, at + 400)  # (bounded: linear on a text with no sentence end)
    return end is not None and text[end.start():end.start() + 1] == "?" and not tagged(text, end.start())
