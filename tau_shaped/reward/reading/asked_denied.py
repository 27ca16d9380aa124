"""A value asked about and then denied (SPEC §10 statements: a negated value asserts nothing):
"Was it $20? No - $16.90 went back to your card", "Is the refund $20? Nope: it's $16.90", "You
asked whether it's $20. It isn't; ...". The value stands in a question (or in a report of what
was asked: "you asked whether", "you wondered if"), and the next sentence opens with a denial
("No", "Nope", "Nah", "Not quite", "It isn't", "That's not", "Wrong", "My mistake", "Actually").

A question answered otherwise ("Was it $20? Yes - $20 went back") states its value, and so does
a question left unanswered ("Would a refund of $50 work for you?" offers $50) or followed by a
set phrase ("Shall I refund $50? No rush", "No worries if not").

``asked_then_denied(text)``: a predicate over positions of ``text`` (True where the value at
that position was asked and denied); texts with no "?" and no "asked" are ruled out at once.
``denials_blanked(text)``: ``text`` with each such answer's opening denial written as spaces (the
same length: positions kept), for the reader of negation: the "No" answers the question, it
does not deny the value the answer states ("No - $16.90 went back" states $16.90).
Every pattern is linear (bounded repeats).
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from functools import lru_cache
from typing import Callable, List, Optional, Tuple

__all__ = ["asked_then_denied", "denials_blanked", "done_taken_back", "money_asked_as_keys", "question_answered"]

_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=[0-9]))*(?:[.!?]+|\n|$)")  # "$20.60?" is one sentence
_DENIAL = re.compile(
    r"[ \t\u00a0*_\"'“]{0,4}(?:no|nope|nah)\b(?![ \t\u00a0]+(?:problems?|worries|worry|doubt|rush|hurry|pressure|obligation|need|stress)\b)"
    r"|[ \t\u00a0*_\"'“]{0,4}(?:not[ \t\u00a0]+(?:quite|exactly|really|so)|(?:it|that)(?:[ \t\u00a0]+is|['’]s)[ \t\u00a0]+not"
    r"|(?:it|that)[ \t\u00a0]+(?:isn['’]?t|wasn['’]?t)|wrong|my[ \t\u00a0]+(?:mistake|bad)|actually[,]?[ \t\u00a0]+(?:no|it['’]s|it[ \t\u00a0]+is))\b",
    re.IGNORECASE)
_REPORTED = lazy(r"(?i)\b(?:asked|wondered|wondering|asking)[ \t\u00a0]+(?:me[ \t\u00a0]+)?(?:whether|if|about)\b", needs=('asked', 'asking', 'wondered', 'wondering'))


Pair = Tuple[Tuple[int, int], Tuple[int, int]]


def _asked_denied(text: str) -> Tuple[Pair, ...]:
    """Each (question, denial) of ``text``: the asked sentence's span and its answer's denial's
    (a short text's read once: the three readers below and every rollout of a task ask again)."""
    if "?" not in text and "asked" not in text.lower() and "wonder" not in text.lower():
        return ()
    return _kept(text) if len(text) <= 2048 else _read(text)


@lru_cache(maxsize=2048)
def _kept(text: str) -> Tuple[Pair, ...]:
    return _read(text)


def _read(text: str) -> Tuple[Pair, ...]:
    found: List[Pair] = []
    sentences = [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.end() > m.start()]
    for (start, end), nxt in zip(sentences, sentences[1:]):
        asked = text[end - 1:end] == "?" or _REPORTED.search(text, start, end) is not None
        denial = _DENIAL.match(text, nxt[0]) if asked else None
        if denial is not None:
            found.append(((start, end), denial.span()))
        if len(found) >= 16:  # a bound on untrusted text
            break
    return tuple(found)


def asked_then_denied(text: str) -> Callable[[int], bool]:
    """Whether the value at a position of ``text`` was asked about and then denied (see the module)."""
    spans = [asked for asked, _ in _asked_denied(text)]
    return lambda at: any(a <= at < b for a, b in spans)


def question_answered(text: str) -> Callable[[int], str]:
    """The words of the question a value at a position answers after its denial ("Is it $20 back?
    No - it's $16.90": $16.90 answers the refund asked about), or ""."""
    found = _asked_denied(text)
    answers = [(d[0], _SENTENCE.match(text, d[1]).end(), text[q[0]:q[1]]) for q, d in found]  # type: ignore[union-attr]
    return lambda where: next((q for a, b, q in answers if a <= where < b), "")


# round 14 (self-Q&A): a question about money the agent answers at once with a value ("How much back? I believe $1,934.21,
# to your card"; "What's due today? $22.55") reads as the key it asks and its value: its "?" read as ":" (same length), so
# the answer's clause holds the question's words (the refund, where it goes, when)
_MONEY_ASKED = re.compile(r"(?i)\b(?:how[ \t]+much|what(?:'s|[ \t]+is|[ \t]+are|[ \t]+will)?(?:[ \t]+(?:the|your|my))?[ \t]+(?:refund|total|difference"
                          r"|price|cost|charge|fee|amount|balance)|what(?:'s|[ \t]+is)[ \t]+(?:due|owed|left))\b[^?.!\n]{0,40}\?(?=[ \t]*"
                          r"(?:(?:yes|well|so|about|around|roughly|exactly|just|only|i[ \t]believe|i[ \t]think|i'd[ \t]say|probably"
                          r"|approximately)[ \t,:-]{1,4}){0,3}[-:\u2013\u2014 \t]*(?:\$|usd|us\$|[0-9]))")


def money_asked_as_keys(text: str) -> str:
    """``text`` with each question about money the agent answers at once with a value written as a key (its "?" as
    ":"; positions kept), else ``text``."""
    if "?" not in text:
        return text
    return _MONEY_ASKED.sub(lambda m: m.group(0)[:-1] + ":", text)


def denials_blanked(text: str) -> str:
    """``text`` with the opening denial of each answer to a question blanked (see the module)."""
    found = _asked_denied(text)
    for _, (a, b) in found:
        text = text[:a] + " " * (b - a) + text[b:]
    return text


# round 14 (countermanded acts): money said moved, then taken back at once in the same message ("I've refunded the $45.13 --
# actually no, I haven't yet; let me confirm first"): the move is not told (the amount stays a statement of its own kind)
_TAKEN_BACK = re.compile(r"(?i)[^.!?\n]{0,40}?(?:[.!?,;:]|--|\u2014|\u2013)?[ \t]*(?:actually[, ]+no|no[, ]+wait|wait[, ]+no|scratch[ ]that"
                         r"|correction|sorry[, ]+(?:i|we)[ ](?:haven't|have[ ]not|didn't|did[ ]not)\b"
                         r"|(?:i|we)[ ](?:haven't|have[ ]not)(?:[ ][a-z]+){0,2}[ ]yet)")


def done_taken_back(text: str, spans: "List[Tuple[int, int]]", kinds: "List[Optional[str]]") -> "List[Optional[str]]":
    """``kinds`` (the money each span is said to have moved, ``done_money.done_kinds``) with a move taken back right after
    it (see above) read as none."""
    if not any(kinds) or not any(w in text.lower() for w in ("actually", "wait", "scratch", "correction", "sorry", "yet")):
        return kinds
    return [None if k and _TAKEN_BACK.match(text, end) else k for (_, end), k in zip(spans, kinds)]
