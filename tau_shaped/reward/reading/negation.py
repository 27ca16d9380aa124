"""Negation in an agent's free text (SPEC §5 statements: "a negated statement does not count
as the statement"): whether a negation word (``NEGATIONS``, any "n't" contraction, "cannot")
occurs within the 4 words before a position, in the same clause. Clauses end at ". ! ? ; :"
(a "." or ":" only when followed by a space or the end, so "$12.50" and "19:05" do not split),
a newline, and ", but". "no problem"/"no worries"/"no doubt" and an interjected "No," / "No!"
do not negate, nor does "No --" (an answer, round 14), nor "why not" (a suggestion: "Why not refund the $5.06?").

- ``is_negated(text, start)``: one position.
- ``Negations(text)``: many positions of one text, tokenized once; a caller that split the
  text into clauses gives where the statement's clause begins (``floor``).
- A value (``value=True``: an amount, a time, a number) is not negated by a negation that a
  word of comparison separates from it: "I can't refund more than $20" and "not later than
  7:30" state $20 and 7:30 as bounds; "I can't give you $50" and "$19.73, not $25.00" do not
  state $50 and $25; a value after a denied one and a comma or "but" is the correction, stated
  ("not $20, $25", "It was not 20, it was 25", "not 20 but 25"). "Unable" negates ("I'm unable
  to approve $50", "there's no way I can refund $50"), and so does an idiom of denial after a
  value ("a $50 refund is out of the question", "$50 is not happening"). A clause opened by a denial of all that
  follows ("It is not the case that ...", "it's not true that ...") negates what it holds, for a reader that asks
  (``Negations(text, sentences=True)``: the facts; the hard lines read their own way, round 13).

Pure: the standard library only; every pattern linear on untrusted text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from typing import List, Optional, Tuple

__all__ = ["NEGATIONS", "is_negated", "Negations"]

NEGATIONS = frozenset(
    "not no never cannot nor neither nobody nothing none "
    "isnt arent wasnt werent hasnt havent hadnt doesnt dont didnt cant couldnt wouldnt "
    "shouldnt mustnt neednt unable".split()
)
# "no" followed by one of these is a set phrase, not a negation ("No problem, it's delivered", "in no time", "no rush").
_NOT_NEGATING_AFTER_NO = frozenset({"problem", "problems", "worries", "worry", "doubt", "time", "rush",  # "in no time": soon
                                    "wait", "sorry", "actually", "scratch", "correction"})  # round 11: "no wait, sorry": a retraction
# "not" before one of these is a hedge on the speaker, not a denial of what follows ("if I'm not
# mistaken, about $18.22 went back", "I'm not sure, but roughly $20"): the value is still stated
# round 20 (DH): a reassurance ("Do NOT worry about B1 -- it's paid", "Don't worry, it's refunded", "never mind the
# fee, $5 went back") denies the worry, not what it is about or what follows it
_REASSURED = frozenset({"worry", "worried", "fret", "panic", "mind"})
_NOT_NEGATING_AFTER_NOT = frozenset({"mistaken", "wrong", "sure", "certain"}) | _REASSURED
_WINDOW_WORDS = 4
# a word that opens a circumstance of what a negation denies: a negation with its own word before it ("no flying after
# surgery", "can't travel because of the flu") does not reach past it
_CIRCUMSTANCE = frozenset("after since following because due owing post given".split())
# Between a negation and a value, these make the value a bound the words state, not the thing denied.
_BOUND_WORDS = frozenset("than above below over under beyond past exceed exceeds exceeding except only just "
                         "instead least most max maximum minimum limit up".split())
# Words of a negated ability that do not count toward the window: "I'm not able to give you $50",
# "we aren't allowed to offer you $50".
_FILLERS = frozenset("able to allowed permitted authorized authorised you really afraid way".split())
# Two words right before a value that name it as what is not so.
_SET_ASIDE = frozenset({("rather", "than"), ("instead", "of")})
# "as high as", "as much as": a measure between a negation and a value ("I can't go as high as $50")
_AS_MEASURE = frozenset("high much far large big".split())
# After a value, its own words (digits, the currency) and then a denial of it: "$50 isn't possible",
# "a refund of $6.16 is not an option here", "$25 won't be possible".
_VALUE_WORDS = frozenset("dollar dollars buck bucks cent cents usd and us".split())
_AFTER_FILLERS = frozenset("refund credit here really just simply unfortunately though sadly an a something "
                           # round 18: the value's source between ("the $71.62 you mentioned isn't right")
                           "you i mentioned said quoted saw gave listed shown earlier above before".split())
_NEG_COPULA = frozenset("isnt isn't isn’t wasnt wasn't wasn’t wont won't won’t cant can't can’t cannot".split())
_COPULA = frozenset("is was would will".split())
_DENIED = frozenset("possible available allowed permitted option doable feasible approved approvable offered "
                    "refund refunded credit credited give given offer issue issued return returned send sent "
                    "approve do table right correct accurate".split())  # round 10: "$18.55 isn't right"
# round 10: a value said wrong ("$18.55 is incorrect", "$18.55 would be wrong", "$18.55 was a mistake") states nothing
_WRONG = frozenset("wrong incorrect inaccurate mistaken erroneous".split())
# between the denial and what it denies: "is not something I can refund", "won't be possible"
_DENIED_IDIOMS = frozenset({("off", "the", "table"), ("out", "of", "the", "question"), ("not", "happening"),
                            ("not", "on", "the", "table"), ("not", "in", "the", "cards")})
_DENIAL_FILLERS = frozenset("be an a really actually something going to currently i we can could able that on the".split())
_LOOKBACK = 400  # characters before a statement: four words and a clause boundary, generously
# A word (with an apostrophe contraction), a clause boundary (named "b") or a comma. (The word first: most places
# open one, and no boundary opens with a word character, so the order of the two finds the same tokens.)
_TOKEN = re.compile(r"\w+(?:['’]\w+)?|(?P<b>[.:](?=\s|$)|[!?;\n\r]|,[ \t]*but\b|(?:(?<=\bno)|(?<=\bnope)|(?<=\bnah)|(?<=\bnot[ \t]yet))[ \t]*(?:--?|\u2014|\u2013)(?=[ \t])"
                    r"|[ \t]+(?:--|\u2014|\u2013)(?=[ \t]+(?:it|that|this|they|we|i|you|there)(?:['’](?:s|re|m|ve|ll|d)"
                    r"|[ \t]+(?:is|are|was|were|am|have|has|will|can|could|would)\b)))|,",
                    re.IGNORECASE)  # round 14: "No -- it was 35 minutes late": an answer's "No" and a dash end a clause
# (round 18: "Nope --", "Not yet -- it's placed": an answer's "not yet" too; a dash before a new clause's subject and verb,
# "$71.62 isn't right -- it's $71.26", "I can't -- it's out for delivery")
_Tokens = Tuple[List[int], List[str]]


def _tokens(text: str, lo: int, hi: int) -> _Tokens:
    """Token starts and tokens of ``text[lo:hi]``; a clause boundary is the token ""."""
    found = list(_TOKEN.finditer(text, lo, hi))
    return [m.start() for m in found], ["" if m.lastgroup else m.group() for m in found]  # (the boundary: the one group)


def _negating(word: str, following: str) -> bool:
    """Whether ``word`` negates, given the token after it ("" for a clause boundary)."""
    w = word.lower()
    if w.endswith(("n't", "n’t")):
        return following.lower() not in _REASSURED  # "don't worry": a reassurance
    if w == "no" and (following in (",", "") or following.lower() in _NOT_NEGATING_AFTER_NO):
        return False  # "No, ...", "No!", "no problem"
    if following.lower() in _NOT_NEGATING_AFTER_NOT and w in ("not", "never"):
        return False  # "if I'm not mistaken", "I'm not sure": a hedge
    return w in NEGATIONS and not (w == "dont" and following.lower() in _REASSURED)


def _negated(tokens: _Tokens, start: int, floor: int = 0, value: bool = False, sentences: bool = False) -> bool:
    """Whether a negation is among the 4 words before ``start``, back to a clause boundary
    (and to ``floor``, where a caller's clause begins); for a ``value``, not past a word of
    ``_BOUND_WORDS``."""
    starts, words = tokens
    i = bisect_left(starts, start)
    if i >= 2 and starts[i - 2] >= floor and (words[i - 2].lower(), words[i - 1].lower()) in _SET_ASIDE:
        return True  # "rather than $25", "instead of $50": named as what is not so
    if (i >= 3 and starts[i - 3] >= floor and words[i - 1].lower() in ("the", "a", "your", "that", "those")
            and (words[i - 3].lower(), words[i - 2].lower()) in _SET_ASIDE):
        return True  # "instead of the $18.13 you expected"
    if value and _denied_after(words, i):
        return True
    if sentences and _denied_sentence(words, starts, i, floor):
        return True
    following = words[i] if i < len(words) else "."
    seen = 0
    skip = 0
    # a comma or "but" between: "not $20, $25", "not 20 but 25" deny the first value only; not a
    # list ("can't give 5, 10 or 20": "or", "and", "nor" deny each)
    corrected = listed = joined = False
    circumstance = -1  # round 10b: the nearest word of circumstance between ("no flying after surgery": surgery is said)
    for j in range(i - 1, -1, -1):
        word = words[j]
        if not word or seen == _WINDOW_WORDS or starts[j] < floor:
            return False
        if value and (word == "," or word.lower() == "but"):
            corrected = joined = True
        elif value and word.lower() in ("or", "and", "nor"):
            listed = True
            joined = joined or word.lower() == "and"
        elif value and word.lower() in ("plus", "then", "so"):
            joined = True
        elif value and corrected and not listed and word[:1].isdigit():
            return False  # the negation before is that other value's
        if skip:
            skip -= 1
        elif (word.lower() == "as" and j >= 2 and words[j - 1].lower() in _AS_MEASURE
              and words[j - 2].lower() == "as"):
            skip = 2  # "as high as": a measure, not a word of the window
        elif word != ",":
            if value and joined and word.lower() == "no" and following.isalpha():
                return False  # "with no fee, and refund $9.05": "no" is said of its noun, not of the value
            if _negating(word, following) and not (j and word.lower() == "not" and words[j - 1].lower() == "why"):  # "why not"
                return not (circumstance > j + 1)  # "can't fly since the operation"; "not after surgery" stays negated
            if word.lower() in _CIRCUMSTANCE and circumstance < 0:
                circumstance = j
            if value and word.lower() in _BOUND_WORDS:
                return False
            if word.lower() not in _FILLERS:
                seen += 1
        following = word
    return False


def _denied_sentence(words: List[str], starts: List[int], i: int, floor: int) -> bool:
    """Whether the clause of token ``i`` opens, within 16 words before it, with a denial of all that follows ("It is
    not the case that FD-10007 is still on its way", "it's not true that ...", "it is untrue that ..."; round 13)."""
    for j in range(i - 1, max(-1, i - 17), -1):
        w = words[j].lower()
        if not w or starts[j] < floor:
            return False
        if w == "that" and j >= 2:
            a, b = words[j - 2].lower(), words[j - 1].lower()
            if b == "untrue" or (b == "true" and _negating(a, b)) or (
                    b == "case" and a == "the" and j >= 3 and _negating(words[j - 3], a)):
                return True
    return False


def _denied_after(words: List[str], i: int) -> bool:
    """Whether the value whose first token is ``words[i]`` is denied by the words after it, in its
    clause: "$50 isn't possible", "a refund of $6.16 is not an option", "$25 won't be possible"."""
    n = len(words)
    if i >= n or not words[i]:
        return False
    j = i + 1  # the value's first token ("16", "USD15"), then its other ones ("90", "USD", "dollars")
    while j < n and j - i < 10 and (words[j][:1].isdigit() or words[j].lower() in _VALUE_WORDS or words[j] == ","):
        j += 1
    while j < n and words[j].lower() in _AFTER_FILLERS and j - i < 14:
        j += 1
    if j >= n or not words[j]:
        return False
    w = words[j].lower()
    if w in _COPULA and any(tuple(x.lower() for x in words[j + 1:j + 1 + len(d)]) == d for d in _DENIED_IDIOMS):
        return True  # "$50 is off the table", "a $50 refund is out of the question"
    if w in ("is", "would", "was") and j + 3 < n and words[j + 1].lower() in ("more", "above", "over", "beyond") and (
            words[j + 2].lower() in ("than", "what") and words[j + 3].lower() in ("i", "we", "i'm", "we're")):
        return True  # "$18.13 is more than I can refund"
    if w in _COPULA:
        k = j + 1 + (j + 1 < n and words[j + 1].lower() == "be")
        if k < n and (words[k].lower() in _WRONG or words[k].lower() in ("a", "an") and k + 1 < n
                      and words[k + 1].lower() in ("mistake", "error", "typo")):
            return True
    if w in _NEG_COPULA:
        j += 1
    elif w in _COPULA and j + 1 < n and words[j + 1].lower() in ("not", "never"):
        j += 2
    else:
        return False
    for k in range(j, min(n, j + 5)):
        word = words[k].lower()
        if not word:
            return False
        if word in _DENIED:
            return True
        if word not in _DENIAL_FILLERS:
            return False
    return False


def is_negated(text: str, start: int, value: bool = False) -> bool:
    """Whether the statement starting at ``start`` is negated within its clause: a negation
    word among the 4 words before it, after the last clause boundary (SPEC §5 statements)."""
    start = max(0, min(start, len(text)))
    lo = max(0, start - _LOOKBACK)
    starts, words = _tokens(text, lo, min(len(text), start + 96))
    if starts and starts[0] == lo and re.match(r"\w\w", text[lo - 1: lo + 1] if lo else ""):
        del starts[0], words[0]  # a word cut by the look-back ("cannot" seen as "not")
    return _negated((starts, words), start, value=value)


class Negations:
    """``is_negated`` for many positions of one text, tokenized once (linear in the text)."""

    def __init__(self, text: str, sentences: bool = False) -> None:
        self._text = text
        self._tokens: Optional[_Tokens] = None
        self._sentences = sentences  # round 13: a clause opened by "It is not the case that" denies all it holds (facts only)

    def __call__(self, start: int, floor: int = 0, value: bool = False) -> bool:
        """Whether the statement at ``start`` is negated; ``floor``: where its clause begins, as
        the caller split the text (a negation before it belongs to another clause); ``value``:
        a value, which a word of comparison between shields (``_BOUND_WORDS``)."""
        if self._tokens is None:
            text = self._text
            self._tokens = _kept_tokens(text) if len(text) <= _KEPT_TEXT else _tokens(text, 0, len(text))
        return _negated(self._tokens, max(0, min(start, len(self._text))), floor, value, self._sentences)


_KEPT_TEXT = 2048  # a short text's tokens are made once and kept (bounded): a task's rollouts repeat their messages


@lru_cache(maxsize=4096)
def _kept_tokens(text: str) -> _Tokens:
    """A short text's tokens, read only (``_negated`` never changes them)."""
    return _tokens(text, 0, len(text))
