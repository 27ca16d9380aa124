"""What an agent's offer puts forward and what it sets aside (issue 43), as the persona customer
reads a confirmation before it answers it.

An agent may offer something *in place of* what the customer asked for: "instead of cancelling,
I can give you a $5 credit", "would you settle for a credit rather than a cancellation?",
"cancelling isn't possible, but how about a credit?", "we can't cancel but we can give you...".
The write the customer asked for is named in such a message, but it is not what the agent asks
leave to do: a careful reader answers the offer, not the words of the request it replaces.

``read_offer(text)`` reads a message (already seen as the reward sees it: ``reading.normalize``)
into an ``Offer``:

- ``view``: the message with every phrase it sets aside blanked (spaces of the same length, so
  positions and the clauses around are kept). A phrase is set aside when it is
  - **named as the thing replaced**: the words after "instead of", "rather than", "in place of",
    "in lieu of", "as opposed to", "(as an) alternative to", up to the end of its clause or the
    next subject or question word ("Instead of cancelling the order I can ..." sets aside
    "cancelling the order");
  - **denied**: from a negation (``reading.negation.NEGATIONS``, any "n't", "unable", "no
    longer", "too late", "impossible", "unavailable", "off the table", "out of the question") to
    the end of its clause ("we can't cancel the order, but ..."), and, when the negation is a
    predicate's ("is not possible", "isn't an option", "can't be done"), the subject before it
    too ("Cancelling isn't possible", "a refund can't be processed"; not "cancelling doesn't
    cost anything"); and a short question that a bare denial answers ("Cancel the order? Not
    possible."). A negation that does not deny is left: "no problem", "no worries", "not
    only", "or not", "why not", a question's "wouldn't you" or "Wouldn't the Udon do?", a
    "No," that answers, and a value in a list of arguments ("reason: no longer needed",
    "insurance: no") or one the reader names (``values``: the persona's own, "because it is
    no longer needed");
- ``set_aside``: the phrases set aside (for a denial, the words after the negation), which
  tells which writes the message puts aside;
- ``replaces``: whether the message offers something in place of something else: it sets a
  phrase aside (replaced or denied), or has a word that offers an alternative ("instead",
  "alternatively", "how about", "would you settle for", "the best I can do", ...).

Clauses end at ". ! ? ; ( ) [ ]", a newline, a dash between spaces or an em/en dash, a comma,
"but", "however", "though", "although", "instead", "so", "yet", "otherwise", "alternatively",
and where "I" or "we" starts a new subject. The message is read once into words (one pattern,
whose only repetition is unambiguous: each repeat starts with a character its word cannot
hold), then every reading looks at a bounded number of words around a cue: linear on untrusted
text. It is read up to ``MAX_CHARS`` characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import FrozenSet, List, Optional, Tuple

from tau_shaped.reward.reading.negation import NEGATIONS

__all__ = ["MAX_CHARS", "OFFERING_CUES", "Offer", "read_offer", "cue_words"]

MAX_CHARS = 4000

# A clause boundary (named "b") or a word (with an apostrophe contraction, a hyphen: "FD-10060",
# or a number's decimals: "25.52").
_TOKEN = re.compile(r"(?P<b>\.(?=\s|$)|[;!?\n()\[\]\u2014\u2013,]|(?<=\s)-(?=\s))|\w+(?:['-]\w+|[.,]\d+)*")

# Words that end a clause (a word of contrast or consequence), and the subjects that start one.
_CLAUSE_WORDS = frozenset("but however though although instead so yet otherwise alternatively".split())
_SUBJECTS = frozenset("i we i'll we'll i'd we'd i'm we're i've we've".split())

# What names the thing replaced: the words after it, to the end of the phrase.
_REPLACING: Tuple[Tuple[str, ...], ...] = tuple(tuple(p.split()) for p in (
    "as an alternative to", "an alternative to", "alternative to", "instead of", "rather than", "in place of",
    "in lieu of", "as opposed to", "as a substitute for",
))
# Words that end the phrase replaced: a subject, an auxiliary or a question word starts what is offered.
_PHRASE_STOPS = _SUBJECTS | frozenset(
    "let let's you you'll you'd you're how what would could shall should can may might will is are was were which who please if "
    "because since while do does here there it's that's".split())
_MAX_REPLACED = 10  # words at most in a phrase replaced

# Negations beyond ``NEGATIONS``: one word, or a phrase of words (each a tuple).
_DENIALS: Tuple[Tuple[str, ...], ...] = tuple(tuple(p.split()) for p in (
    "no longer", "too late", "off the table", "out of the question", "unable", "impossible", "unavailable",
))
# The phrases that deny as a predicate even after "key:" ("Cancellation: not possible").
_PREDICATE_DENIALS = frozenset(("not", "impossible", "unavailable", "too", "off", "out"))
_NOT_DENYING_AFTER_NO = frozenset("problem problems worries worry doubt matter".split())
_NOT_DENYING_AFTER_NOT = frozenset("only just".split())
_ASKED = frozenset("you we i".split())  # "wouldn't you", "why don't we", "can't I": a question's
_AUX = frozenset("is are was were be been being will would can could should shall does do did has have had may might "
                 "must it's that's there's".split())
_NOT_A_SUBJECT = _SUBJECTS | frozenset(
    "which that who if when once after before unless because since until while you it they he she".split())
# What a predicate's negation says its subject cannot be ("is not possible", "can't be done",
# "won't go through"): a denial of the subject, not a remark on it ("doesn't cost anything").
_DENIED_AS = frozenset("possible option options available allowed permitted doable feasible something "
                       "done processed happen work works go approved offered supported eligible".split())
_PREDICATE_REACH = 3  # words after the negation in which ``_DENIED_AS`` is looked for
_MAX_SUBJECT = 12  # words at most in the subject of a denial ("a cancellation of order FD-1 with a refund of $25.52")
# A bare denial that answers the question before it: its opening words, and its length after.
_BARE_LEAD = frozenset("that's that is it's it this sorry unfortunately i'm afraid no".split())
_BARE_REST = 5
_ECHO_WORDS = 12  # words at most in the question a bare denial answers
_ASKING = frozenset("shall should would could can may might do does did will want like ok okay proceed go i we you".split())
_MAX_CLAUSE = 40  # words at most read forward from a negation
_MAX_VALUES = 64  # values kept at most, and places each is kept at
_MAX_KEPT = 64

#: Words that offer an alternative (``replaces``), each a tuple of words.
OFFERING_CUES: Tuple[Tuple[str, ...], ...] = tuple(tuple(p.split()) for p in (
    "instead", "alternatively", "alternative", "alternatives", "how about", "what about", "settle for",
    "settle with", "the best i can", "the most i can", "all i can", "what i can do", "what we can do",
    "the best we can", "the most we can", "all we can", "compromise", "in lieu", "in place",
))


@dataclass(frozen=True)
class Offer:
    """A message as an offer: ``view`` (what it puts forward, the rest blanked), ``set_aside``
    (what it sets aside) and ``replaces`` (whether it offers something in place of another)."""

    view: str
    set_aside: str
    replaces: bool


_Tokens = List[Tuple[int, int, str]]  # (start, end, lower word), a boundary's word is ""


def _tokens(text: str) -> _Tokens:
    return [(m.start(), m.end(), "" if m.group("b") else m.group(0).lower()) for m in _TOKEN.finditer(text)]


def _at(tokens: _Tokens, i: int, phrase: Tuple[str, ...]) -> bool:
    return tuple(t[2] for t in tokens[i:i + len(phrase)]) == phrase


def _longest(tokens: _Tokens, i: int, phrases: Tuple[Tuple[str, ...], ...]) -> int:
    """How many words of the longest of ``phrases`` start at token ``i`` (0: none)."""
    return max((len(p) for p in phrases if tokens[i][2] == p[0] and _at(tokens, i, p)), default=0)


def _ends_clause(tokens: _Tokens, i: int) -> bool:
    word = tokens[i][2]
    return not word or word in _CLAUSE_WORDS or word in _SUBJECTS or (
        word in ("and", "or") and i + 1 < len(tokens) and tokens[i + 1][2] in _SUBJECTS | _ASKED)


def _denial(text: str, tokens: _Tokens, i: int) -> int:
    """How many words of a negation that denies start at token ``i`` (0: none)."""
    word = tokens[i][2]
    size = _longest(tokens, i, _DENIALS)
    if not size:
        if not (word in NEGATIONS or word.endswith("n't")):
            return 0
        size = 1
    after = tokens[i + size][2] if i + size < len(tokens) else ""
    before = tokens[i - 1][2] if i else ""
    if word == "no" and (not after or after in _NOT_DENYING_AFTER_NO):
        return 0  # "No, ...", "no problem"
    if word == "not" and (after in _NOT_DENYING_AFTER_NOT or before in ("or", "why")):
        return 0  # "not only", "or not", "why not"
    if word.endswith("n't") and (after in _ASKED or before == "why" or _opens_a_question(text, tokens, i)):
        return 0  # "wouldn't you", "why don't we", "Wouldn't the Udon make a good substitute?"
    lead = text[max(0, tokens[i][0] - 3):tokens[i][0]].rstrip()
    if lead.endswith((":", "=", "'", '"')) and word not in _PREDICATE_DENIALS:
        return 0  # a value listed ("reason: no longer needed", "insurance: no")
    return size


def _opens_a_question(text: str, tokens: _Tokens, i: int) -> bool:
    """Whether token ``i`` opens a sentence that ends with "?" (within ``_MAX_CLAUSE`` words)."""
    if i and not (tokens[i - 1][2] == "" and text[tokens[i - 1][0]] in ".?!\n"):
        return False
    for j in range(i + 1, min(len(tokens), i + _MAX_CLAUSE)):
        if tokens[j][2] == "" and text[tokens[j][0]] in ".?!\n":
            return text[tokens[j][0]] == "?"
    return False


def _clause_end(tokens: _Tokens, i: int) -> int:
    """The index of the first token from ``i`` that ends the clause (or one past the read)."""
    last = min(len(tokens), i + _MAX_CLAUSE)
    j = i
    while j < last and not _ends_clause(tokens, j):
        j += 1
    return j


def _subject(text: str, tokens: _Tokens, i: int) -> int:
    """The first token of the subject a predicate's negation at ``i`` denies ("Cancelling isn't
    possible", "Cancellation: not possible"), or ``i`` when there is none to set aside."""
    word = tokens[i][2]
    j = i
    while j > 0 and tokens[j - 1][2] in _AUX and i - j < 2:
        j -= 1  # "is not", "would not be"
    listed = text[max(0, tokens[i][0] - 3):tokens[i][0]].rstrip().endswith((":", "="))
    if j == i and not (listed or word.endswith("n't") or word in ("impossible", "unavailable")):
        return i  # not a predicate's negation
    said = [t[2] for t in tokens[i:i + 1 + _PREDICATE_REACH]]
    phrase = _longest(tokens, i, _DENIALS) > 1 or word in ("impossible", "unavailable")
    if not (listed or phrase or any(w in _DENIED_AS for w in said[1:])):
        return i  # a remark on the subject ("cancelling doesn't cost anything"), not a denial of it
    start = j
    while start > 0 and tokens[start - 1][2] and tokens[start - 1][2] not in _CLAUSE_WORDS and j - start <= _MAX_SUBJECT:
        start -= 1
    words = [t[2] for t in tokens[start:j]]
    if not words or len(words) > _MAX_SUBJECT or any(w in _NOT_A_SUBJECT for w in words):
        return i
    return start


def _echoed_question(text: str, tokens: _Tokens, i: int, end: int) -> Optional[Tuple[int, int]]:
    """The span of a question that a bare denial at token ``i`` answers ("Cancel the order? Not
    possible. ..."): the sentence before, when it ends with "?", is short and asks nothing of
    the customer ("Cancel the order?", not "Shall I cancel it?"), and the denial's sentence is
    short, denies (``_DENIED_AS``) and opens with it (after a few words of apology), else None."""
    k = i
    while k > 0 and i - k < 4 and (tokens[k - 1][2] in _BARE_LEAD or text[tokens[k - 1][0]] == ","):
        k -= 1  # "Sorry, that"
    if k == 0 or tokens[k - 1][2] or text[tokens[k - 1][0]] != "?" or end - i > _BARE_REST:
        return None
    if not (_longest(tokens, i, _DENIALS) > 1 or tokens[i][2] in ("impossible", "unavailable")
            or any(t[2] in _DENIED_AS for t in tokens[i + 1:i + 1 + _PREDICATE_REACH])):
        return None  # not a denial ("It won't cost anything")
    first = k - 1
    while first > 0 and k - first <= _ECHO_WORDS + 1 and not (tokens[first - 1][2] == "" and text[tokens[first - 1][0]] in ".?!\n"):
        first -= 1
    words = [t[2] for t in tokens[first:k - 1]]
    if not words or len(words) > _ECHO_WORDS or any(w in _ASKING for w in words):
        return None  # a question the agent asks ("Shall I cancel it? It isn't possible to refund it.")
    return tokens[first][0], tokens[k - 1][0]


def _replaced_end(tokens: _Tokens, j: int) -> int:
    """One past the last token of the phrase replaced that starts at token ``j``."""
    k = j
    while k < len(tokens) and k - j < _MAX_REPLACED and tokens[k][2] and tokens[k][2] not in _PHRASE_STOPS \
            and tokens[k][2] not in _CLAUSE_WORDS:
        k += 1
    return k


def _kept(text: str, values: Tuple[str, ...]) -> bytearray:
    """Where ``text`` states one of ``values`` (in any case): a negation there is a value's word."""
    kept = bytearray(len(text))
    low = text.lower()
    for value in values:
        value = value.lower().strip()
        start, found = 0, 0
        while value and found < _MAX_KEPT:
            at = low.find(value, start)
            if at < 0:
                break
            kept[at:at + len(value)] = b"\x01" * len(value)
            start, found = at + len(value), found + 1
    return kept


@lru_cache(maxsize=512)
def read_offer(text: str, values: Tuple[str, ...] = ()) -> Offer:
    """``text`` (a message as the reward sees it) read as an offer (see the module); ``values``:
    phrases read as values: a negation in one denies nothing (the reason "no longer needed"
    an agent states for a cancellation). A value named as the thing replaced or denied is
    still set aside ("I can't send the BBQ Ribs")."""
    text = text[:MAX_CHARS] if isinstance(text, str) else ""
    tokens = _tokens(text)
    kept = _kept(text, values[:_MAX_VALUES]) if values else None
    blank = bytearray(len(text))
    aside: List[Tuple[int, int]] = []
    replaces = False
    i = 0
    while i < len(tokens):
        if tokens[i][2] and _longest(tokens, i, OFFERING_CUES):
            replaces = True
        size = _longest(tokens, i, _REPLACING)
        if size:
            j = i + size
            k = _replaced_end(tokens, j)
            if k > j:
                lo, hi = tokens[j][0], tokens[k - 1][1]
                blank[tokens[i][0]:hi] = b"\x01" * (hi - tokens[i][0])  # the marker too: "in place of" names a substitution
                aside.append((lo, hi))
                replaces = True
            i = max(k, i + 1)
            continue
        size = _denial(text, tokens, i) if tokens[i][2] and not (kept and kept[tokens[i][0]]) else 0
        if size:
            end = _clause_end(tokens, i + size)
            first = _subject(text, tokens, i)
            lo = tokens[first][0]
            hi = tokens[end - 1][1]
            blank[lo:hi] = b"\x01" * (hi - lo)
            if first < i:
                aside.append((lo, tokens[i][0]))
            if end > i + size:
                aside.append((tokens[i + size][0], hi))
            echoed = _echoed_question(text, tokens, i, end)
            if echoed is not None:
                blank[echoed[0]:echoed[1]] = b"\x01" * (echoed[1] - echoed[0])
                aside.append(echoed)
            i = max(end, i + 1)
            continue
        i += 1
    view = "".join(" " if flag and ch not in "\n" else ch for ch, flag in zip(text, blank)) if any(blank) else text
    set_aside = " . ".join(text[lo:hi] for lo, hi in aside)
    return Offer(view=view, set_aside=set_aside, replaces=replaces or bool(aside))


def cue_words() -> FrozenSet[str]:
    """The single words of ``OFFERING_CUES`` (an action's word that only offers: "instead")."""
    return frozenset(p[0] for p in OFFERING_CUES if len(p) == 1)
