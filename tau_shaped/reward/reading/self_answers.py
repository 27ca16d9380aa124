"""A question the agent asks and answers itself, read as the statement it makes (SPEC §10, round 13's self-Q&A
style): "Where is FD-10007? Still being prepared." states that FD-10007 is still being prepared, "How late was
FD-10165? Twenty minutes." that it was twenty minutes late. The answer is a fragment (it opens with no subject of
its own: "It's still being prepared." is read as it is) of at most twelve words, right after the question and up to
a stop or a dash ("Where is FD-10053 now? Ready for pickup -- anything else?"); the
question asks where or how late something is, with its subject named (an order, "it", "your order"); a question
asking when ("When will it come? By 1905h.") is read as one sentence with its answer, a time said of the arrival.

``self_answered(text)`` gives ``text`` with each such pair said as one statement ("FD-10007 is still being
prepared."); a text with no "?" is returned as it is. Linear: one pass of a bounded pattern."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["self_answered"]

_SUBJECT_OF_ITS_OWN = re.compile(r"^(?:it|it's|its|they|they're|we|we've|i|i'm|i've|you|your|the|this|that|there|no|yes|yep"
                                 r"|nope|not|fd-?\d)\b", re.IGNORECASE)
_QA = re.compile(
    r"(?<![\w'])(?P<wh>where|how[ \t]late)[ \t]+(?P<aux>is|was|are|were|has[ \t]been)[ \t]+(?P<subj>[^?.!\n]{1,40}?)[ \t]*\?"
    r"[ \t]+(?P<ans>[^?.!\n]{1,80}?)(?P<end>[.!\n]|$|[ \t]+[-–—]{1,2}[ \t])", re.IGNORECASE)
_NOW = re.compile(r"(?:[ \t]+(?:now|today|tonight|currently|right[ \t]+now|at[ \t]+the[ \t]+moment))+$", re.IGNORECASE)


def _said(m: "re.Match[str]") -> str:
    answer = m.group("ans").strip(" \t,;:-\u2013\u2014")
    if not answer or _SUBJECT_OF_ITS_OWN.match(answer) or len(answer.split()) > 12:
        return m.group(0)
    aux = " ".join(m.group("aux").split())
    late = " late" if m.group("wh").lower().startswith("how") else ""
    return f"{_NOW.sub('', m.group('subj'))} {aux} {answer}{late}{m.group('end')}"


# "When will it come? By 1905h.": the question and its answer read as one sentence ("When will it come by 1905h."),
# so the answer's time is read in a sentence about an arrival
_WHEN = re.compile(r"(?<![\w'])(?P<q>(?:when[ \t]+(?:will|would|does|is|should|can|could)|(?P<most>what(?:['’]s|[ \t]+is)[ \t]+the[ \t]+"
                   r"(?:most|max|maximum|cap|limit|highest)))[ \t]+[^?.!\n]{1,60}?)[ \t]*\?[ \t]+(?P<ans>[^?.!\n]{1,80}?)(?P<end>[.!\n]|$)",
                   re.IGNORECASE)  # and "What's the most for plus? Twenty dollars." (a bound: joined by a colon)


def _joined(m: "re.Match[str]") -> str:
    answer = m.group("ans").strip()
    if not answer or len(answer.split()) > 12 or _SUBJECT_OF_ITS_OWN.match(answer):
        return m.group(0)
    return f"{m.group('q')}{':' if m.group('most') else ''} {answer[:1].lower()}{answer[1:]}{m.group('end')}"


def self_answered(text: str) -> str:
    """``text`` with each question the agent answers itself (where / how late / when) said as the statement it makes; a
    short text's reading is kept (a GRPO group's rollouts repeat their messages, and two checks read each)."""
    if not text or "?" not in text:
        return text
    return _kept(text) if len(text) <= 2048 else _answered(text)


@lru_cache(maxsize=4096)
def _kept(text: str) -> str:
    return _answered(text)


def _answered(text: str) -> str:
    low = text.lower()
    if "where" in low or "how late" in low:
        text = _QA.sub(_said, text)
    return _WHEN.sub(_joined, text) if "when " in low or "what's the" in low or "what is the" in low else text
