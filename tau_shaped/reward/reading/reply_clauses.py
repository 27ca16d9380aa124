"""The clauses of a reply to a confirmation and what each one does (SPEC §10), and what the
question it answers asks: its polarity and its verbs.

A reply is read on the clause that answers. A clause gives a go-ahead ("go ahead", "please do",
the question's own verb: "Yes, switch it"), a polarity answer ("yes", "sure"; "no", "not at
all": a yes to "Do you mind if I ...?"), a refusal or a doubt ("No", "Please don't", "I don't
want that", "That's not right", "I'm not sure", "Wait"), a hedge ("I guess", "maybe"), or
none of these (a side remark: "I won't be ordering from them again", "I'm not happy about the
delay" do not refuse the call). Every pattern is linear: literal alternations on word
boundaries, single or bounded quantifiers, nothing nested unbounded.
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from dataclasses import dataclass
from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

__all__ = ["W", "words", "Question", "read_question", "clauses", "sentences", "verbs_in", "head", "PAD"]

W = r"[\s\u200b]+"  # a run of spaces (\s holds every Unicode space: no-break, en, em, thin, narrow; U+200B is none)


def words(*phrases: str) -> str:
    """An alternation of phrases on word boundaries, inner spaces matching any run of spaces."""
    alts = sorted(dict.fromkeys(phrases), key=len, reverse=True)  # ties in the order given: the same text in every process
    body = "|".join(W.join(re.escape(w) for w in p.split()) for p in alts)
    return rf"(?<![\w'])(?:{body})(?![\w'])"


# Words a clause may open with that say nothing yet ("Oh, well, actually no").
PAD = (r"(?:(?:oh|ah|uh|um{1,4}|hm{1,4}|h{1,2}m{1,4}|well|so|and|then|honestly|sorry|look|hey|er|erm|but|though|although"
       r"|however|because|also|okay so|ok so|just|actually)(?![\w'])\W{0,4}){0,4}")


def head(*phrases: str) -> "re.Pattern[str]":
    """Whether a clause opens (after ``PAD``) with one of ``phrases``."""
    return re.compile(rf"^\W{{0,8}}{PAD}{words(*phrases)}", re.IGNORECASE)


# ---- verbs of the call: echoed from the question, they ask for nothing else ----------------

_VERBS = {
    "refund": "refund", "cancel": "cancel", "switch": "switch", "change": "change", "make": "make", "made": "make",
    "put": "put", "send": "send", "sent": "send", "use": "use", "move": "move", "swap": "swap",
    "replace": "replace", "add": "add", "remove": "remove", "keep": "keep", "kept": "keep", "split": "split",
    "credit": "credit", "return": "return", "issue": "issue", "process": "process", "place": "place",
    "reorder": "reorder", "book": "book", "upgrade": "upgrade", "downgrade": "downgrade", "exchange": "exchange",
    "modify": "modify", "update": "update", "apply": "apply", "transfer": "transfer", "reroute": "reroute",
    "redeliver": "redeliver", "deliver": "deliver", "ship": "ship", "charge": "charge", "pay": "pay",
    "paid": "pay", "give": "give", "gave": "give", "submit": "submit", "escalate": "escalate", "reissue": "reissue",
    "rebook": "rebook", "void": "void", "return_": "return", "restore": "restore", "redirect": "redirect",
}
_VERB = re.compile(
    r"(?<![\w'])(?P<v>" + "|".join(sorted((v for v in _VERBS if not v.endswith("_")), key=len, reverse=True))
    + r")(?:[lpt]?(?:ed|ing)|e?s|d)?(?![\w'])",
    re.IGNORECASE,
)


def verbs_in(text: str) -> FrozenSet[str]:
    """The verbs of the call ``text`` holds, each as its base form ("switched" -> "switch")."""
    if text.isascii():  # read in lower case by the case-sensitive twin: the same matches, found faster
        return frozenset(_VERBS[m.group("v")] for m in _VERB_LOW.finditer(text.lower()))
    return frozenset(_verb_of(m.group("v")) for m in _VERB.finditer(text))


def _verb_of(word: str) -> str:
    """The base form of a verb ``_VERB`` found, in any case, or with a letter the case-blind
    pattern takes for an ASCII one ("ſend" is "send"; it raised a KeyError before)."""
    found = _VERBS.get(word.lower())
    if found is None:
        found = next(base for verb, base in _VERBS.items() if re.fullmatch(re.escape(verb), word, re.IGNORECASE))
    return found


# The case-blind patterns of this module again, case-sensitive (they hold no capital letter):
# an ASCII text in lower case is read with these, which skip an alternative at its first letter
# (tests/reward/reading/test_case_twins.py; ``_NEGATIVE_QUESTION_LOW`` below)
_VERB_LOW = re.compile(_VERB.pattern)


def _negative(question: str) -> bool:
    """Whether ``question`` asks something a "no" agrees to (``_NEGATIVE_QUESTION``)."""
    if question.isascii():
        return _NEGATIVE_QUESTION_LOW.search(question.lower()) is not None
    return _NEGATIVE_QUESTION.search(question) is not None


# ---- the question's polarity ---------------------------------------------------------------

# A question a "no" agrees to: "Do you mind if I ...?", "Any objection?", "Is that a problem?"
_NEGATIVE_QUESTION = re.compile(
    # "with your allergies in mind", "bear in mind": no question whether the customer minds
    r"(?<![\w'])(?:(?<!in )(?<!in\u00a0)mind(?:{W}(?:if|me|my|us|our|that|it|this))?|object(?:ion|ions)?|objecting"
    r"|(?:any|a){W}(?:problems?|issues?|concerns?|questions?)|(?:bother|upset){W}you"
    r"|(?:any{W})?reason{W}(?:i|we){W}(?:shouldn'?t|should{W}not))(?![\w'])".replace("{W}", W),
    re.IGNORECASE,
)
_NEGATIVE_QUESTION_LOW = lazy(_NEGATIVE_QUESTION.pattern, needs=('bother', 'concern', 'issue', 'mind', 'object', 'objecting', 'problem', 'question', 'reason', 'upset'))


# "Shall I proceed, or would you like to think about it?": a bare yes picks neither
_EITHER_OR = re.compile(
    r",?{W}or{W}(?:would|do|shall|should|can|could|will|did|are|is|may){W}(?:you|i|we)(?![\w'])".replace("{W}", W),
    re.IGNORECASE)
_NEGATED_QUESTION = lazy(
    rf"^\W{{0,8}}(?:so{W})?(?:don't|doesn't|won't|wouldn't|shouldn't|isn't|aren't|can't|didn't){W}(?:you|i|we|it|that|this)(?![\w'])"
    .replace("{W}", W), re.IGNORECASE, needs=("aren't", "can't", "didn't", "doesn't", "don't", "isn't", "shouldn't", "won't", "wouldn't"))


@dataclass(frozen=True)
class Question:
    """What a confirmation asks: ``polarity`` ("plain": "yes" agrees; "negative": "no" agrees,
    as to "Do you mind if I ...?"; "mixed": both kinds of question are asked, so a bare yes or
    no says neither) and the call's verbs it names (``verbs``, base forms)."""

    polarity: str = "plain"
    verbs: FrozenSet[str] = frozenset()
    text: str = ""


UNKNOWN = Question()


@lru_cache(maxsize=1024)
def read_question(question: Optional[str], limit: int = 4000) -> Question:
    """``question`` (the agent's message, normalized) read; None or "" is an unknown question
    (plain polarity, no verbs: the reading of a reply with no question)."""
    if not question:
        return UNKNOWN
    text = question[:limit].replace("\u2019", "'")
    asked = [m.group(0) for m in _SENTENCE.finditer(text) if m.group(0).rstrip().endswith("?")]
    kinds = {_negative(q) for q in asked[-2:]} if asked else {_negative(text)}
    polarity = "mixed" if len(kinds) > 1 else ("negative" if kinds == {True} else "plain")
    if asked and (_NEGATED_QUESTION.search(asked[-1]) or _EITHER_OR.search(asked[-1])):
        polarity = "mixed"  # "Don't you want me to refund it?", "..., or would you rather wait?": a bare yes or no says neither
    return Question(polarity, verbs_in(text), text)


# ---- clauses ---------------------------------------------------------------------------------

# Sentences end at . ! ? ; or a line break (not a title's full stop: "Do you mind, Ms. Okafor?"
# is one question); "..." and dashes between words end a clause too.
# (tried only at a full stop: each title a lookbehind of its own width)
_TITLE = r"\.(?=[ \t\u00a0])(?:" + "|".join(rf"(?<=\b(?i:{t})\.)" for t in (
    "mr", "mrs", "ms", "mx", "dr", "prof", "st", "jr", "sr", "miss")) + ")"
# (a run of the characters that end nothing is taken at once: the same sentence as one character a turn,
# for the "+" is greedy and the sentence's end always follows, so nothing is given back; 4x faster)
_SENTENCE = re.compile(rf"(?:[^.!?;\n]+|\.(?=\d)|{_TITLE})+[.!?;]*")
_CLAUSE_BREAK = re.compile(
    r"(?<!\d),|,(?!\d)|[:()\u2014\u2013]|\.{2,}|\s-\s|-{2,3}|"  # "1,234.50" is one number; "--" a typed dash
    + words("except", "unless", "if", "as long as", "provided", "providing", "assuming", "only if", "so long as")
    + r"|" + words("but", "though", "although", "however", "so", "and", "because", "cause"),
    re.IGNORECASE,
)


_CLOSING = {"though", "however", "although", "but", "so", "because", "instead", "actually", "then"}


def sentences(text: str) -> List[str]:
    return list(_sentences(text))


@lru_cache(maxsize=4096)
def _sentences(text: str) -> Tuple[str, ...]:  # a reply is cut again by each reader of it, and recurs across rollouts
    return tuple(m.group(0) for m in _SENTENCE.finditer(text) if m.group(0).strip(" \t\r.!?;"))


def clauses(sentence: str) -> List[str]:
    """``sentence`` cut at commas, dashes and the words that open a clause ("but", "though",
    "if", ...; "and" and "so" are dropped: they join, they do not qualify); the opening word
    stays with the clause it opens ("but go ahead"), and one that closes its clause ("...,
    though") stays with that clause."""
    return list(_clauses(sentence))


@lru_cache(maxsize=4096)
def _clauses(sentence: str) -> Tuple[str, ...]:
    spans, start = [], 0
    for m in _CLAUSE_BREAK.finditer(sentence):
        spans.append((start, m.start()))
        word = m.group(0)
        start = m.start() if (word[:1].isalpha() and word.lower() not in ("and", "so")) else m.end()
    spans.append((start, len(sentence)))
    merged: List[List[int]] = []
    for a, b in spans:
        piece = sentence[a:b].strip(" \t\r.!?;,")
        if not piece:
            continue
        if merged and piece.lower() in _CLOSING:
            merged[-1][1] = b
        else:
            merged.append([a, b])
    return tuple(sentence[a:b] for a, b in merged)
