"""A courtesy closing (SPEC §10, round 17 AT): "If anything else comes up, just let me know.", "Should you have any other
questions, I'm here.", "If you need anything further later, feel free to reach out." A sentence that offers help with
something else, later: it asks no consent for the call described before it ("let me know" there invites no yes) and
offers none of the dishes listed above it ("anything further" is not "anything else on the list"). A sentence whose words
name an act ("If you need anything else, just say yes and I'll refund it") or hold a figure ("Should you want more data, 2 GB
on L1002 is $4.00 -- just say") is no closing."""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["closing_start", "is_closing"]

_CLOSING = lazy(
    r"(?i)(?:and[ \t]+|also,?[ \t]+|oh,?[ \t]+and[ \t]+)?(?:if|should|in[ \t]+case|whenever)[ \t]+(?:you[ \t]+(?:have|need|think[ \t]+of|want|run[ \t]+into"
    r"|come[ \t]+across)|there(?:['\u2019]s|[ \t]+is|[ \t]+are)|anything|any|something)\b[^.?!\n]{0,60}?"
    r"\b(?:else|further|more|other|questions?|later|issues?|problems?|comes?[ \t]+up|concerns?)\b"
    r"(?:(?!\b(?:yes|refund\w*|cancel\w*|credit\w*|proceed|go[ \t]+ahead|confirm\w*|swap\w*|add\w*|substitut\w*|order)\b)[^?\n]){0,80}?"
    r"(?:[.!]+[ \t]*|[ \t]*)$", needs=('come', 'concern', 'else', 'further', 'issue', 'later', 'more', 'other', 'problem', 'question'))
_FIGURE = re.compile(r"[0-9$\u20ac\u00a3]")
_SENTENCE_START = re.compile(r"(?:^|(?<=[.!?])[ \t]+|\n)")


# round 19: a footnote of thanks or apology ("[1] Thanks for bearing with us today.", "* sorry for the wait"), its mark first
_FOOTNOTE_REMARK = re.compile(
    r"(?i)(?:\[(?:\d{1,2}|[a-z])\]|[*\u2020\u00b9\u00b2\u00b3])[ \t]*(?:thanks?|thank[ \t]+you|thx|ty|sorry|apologies|(?:we|i)[ \t]+appreciate)\b"
    r"(?:(?!\b(?:yes|refund\w*|cancel\w*|credit\w*|proceed|go[ \t]+ahead|confirm\w*|swap\w*|add\w*|substitut\w*|order)\b)[^?\n0-9$\u20ac\u00a3]){0,80}$")


def is_closing(sentence: str) -> bool:
    """Whether ``sentence`` (one sentence, stripped) is a courtesy closing (or a footnote of thanks)."""
    if len(sentence) > 200:
        return False
    plain = sentence.strip()
    return _FIGURE.search(sentence) is None and _CLOSING.match(plain) is not None or _FOOTNOTE_REMARK.match(plain) is not None


def closing_start(text: str, lo: int, hi: int) -> int:
    """Where a courtesy closing that ends ``text[lo:hi]`` starts (``hi`` when none does)."""
    starts = [m.end() for m in _SENTENCE_START.finditer(text, lo, hi)]
    for at in starts:
        if at > lo and text[lo:at].strip() and is_closing(text[at:hi]):
            return at
    return hi
