"""A message read as the tokens an identifier may be made of (SPEC §10; used by ``identifiers``):
letters and digits lower-cased, a number word as its digit ("five oh three" -> 5 0 3, "double
seven" -> 77), each token marked whether only separators or joining words ("dot", "first name",
"whose surname is") stand between it and the one before, and whether those are plain spaces or
hyphens (an order number's digits), a possessive "'s" joining as a joining word does ("Mia's surname
is Li"); the disguises no reader is fooled by (entities, fullwidth
forms, zero-width characters) taken off first (``plain_text``)."""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

__all__ = ["_Token", "_candidates", "_plain_text", "_read_candidates", "_letter_forms", "_DIGIT_WORDS", "_JOINERS", "_LETTERS_FOR",
           "_TOKEN"]

_TOKEN = re.compile(r"[^\W_]+")
_SPLIT = re.compile(r"([^\W_]+)")  # a text split at its tokens
_ASCII_SPLIT = re.compile(r"([a-z0-9]+)")  # the same in an ASCII text lower-cased (a class of ranges scans faster)
# words that join the parts of one value: "mia dot li7", "first name Mia last name Li", "Mia, whose surname is Li"
_JOINERS = frozenset("dot period point underscore dash hyphen plus first last given family surname name names number "
                     "firstname lastname full middle whose is called named surnamed".split())
_DIGIT_WORDS = {"zero": "0", "nought": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_ZERO_LETTERS = frozenset({"oh", "o"})  # a zero only between digits: "five oh three"
_REPEAT = {"double": 2, "triple": 3}
_SPECIAL = {**{w: "digit" for w in _DIGIT_WORDS}, **{w: "zero" for w in _ZERO_LETTERS}, **{w: "join" for w in _JOINERS | set(_REPEAT)}}
_GAP = re.compile(r"[\s_.,:;'\"()\[\]{}|/*#=<>+`’~·•‧∙⋅-]{0,8}")  # what may stand between two parts of one value
_GAP_CHARS = frozenset(" \t\n\r\f\v_.,:;'\"()[]{}|/*#=<>+`’~·•‧∙⋅-")  # "503·555·3907" too
_PLAIN_GAP = re.compile(r"[ \t-]{0,3}")  # an order number's digits: "10 490", not "$104.90"

# a token: (its text lower-cased, a number word as its digit; start; end; whether it joins the
# token before it: only separators or joining words between; whether those are spaces or hyphens)
_Token = Tuple[str, int, int, bool, bool]


def _plain_text(text: str) -> str:
    """``text`` without the disguises no reader is fooled by: HTML entities ("&#64;"), Unicode
    compatibility forms ("＠", fullwidth digits), zero-width characters (else as it is)."""
    if "&" in text:
        text = html.unescape(text)
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKC", text) if unicodedata.category(c) != "Cf")
    return text


def _gap_kind(gap: str) -> Tuple[bool, bool]:
    """Whether ``gap`` joins the tokens either side of it, and whether it is plain (spaces, hyphens)."""
    if len(gap) == 1:  # most gaps: one space or one mark
        kind = (gap in _GAP_CHARS or gap.isspace(), gap in " \t-")
    else:
        ok = _GAP.fullmatch(gap) is not None
        kind = (ok, ok and _PLAIN_GAP.fullmatch(gap) is not None)
    if len(gap) <= 8:  # kept: a text's gaps are a few kinds, over and over
        if len(_GAP_KINDS) >= 4096:
            _GAP_KINDS.clear()
        _GAP_KINDS[gap] = kind
    return kind


_GAP_KINDS: Dict[str, Tuple[bool, bool]] = {}


def _read_candidates(text: str) -> Tuple[_Token, ...]:
    """The tokens of ``text`` a value may be made of, whoever's it is."""
    # the text split at its tokens: what stands before the first, then each token and what follows it (an
    # ASCII text lower-cased first: the same places, its separators as they are)
    ascii_ = text.isascii()
    parts = _ASCII_SPLIT.split(text.lower()) if ascii_ else _SPLIT.split(text)
    words = parts[1::2] if ascii_ else [w.lower() for w in parts[1::2]]
    sizes = None if ascii_ else [len(w) for w in parts[1::2]]  # a word's length as written
    gaps, kinds = parts[2:-1:2], _GAP_KINDS  # the gap before each word but the first
    out: List[_Token] = []
    through: Optional[bool] = None  # joinable so far across skipped joining words
    repeat = 1
    end = len(parts[0])
    for k, word in enumerate(words):
        if k:
            gap = gaps[k - 1]
            kind = kinds.get(gap)
            ok, plain = _gap_kind(gap) if kind is None else kind
            end += len(gap)
        else:
            ok = plain = False
        start = end
        end += len(word) if sizes is None else sizes[k]
        if through is not None:
            ok, plain = ok and through, False
        special = _SPECIAL.get(word) if word != "s" or not k or gaps[k - 1][-1:] not in "'’" else "join"  # "Mia's surname"
        if special is not None:
            if special == "digit":
                word = _DIGIT_WORDS[word]
            elif special == "zero":
                after = words[k + 1] if k + 1 < len(words) else ""
                if (out and out[-1][0].isdigit()) or after.isdigit() or after in _DIGIT_WORDS:
                    word = "0"
            else:  # a joining word, or "double" / "triple" before a digit
                repeat = _REPEAT.get(word, repeat)
                through = ok and bool(out)
                continue
        through = None
        if repeat > 1:  # "double" repeats the digit right after it, and only it ("double-checked ... 1713" repeats nothing)
            word, repeat = word * repeat if word.isdigit() else word, 1
        out.append((word, start, end, ok, plain))
    return tuple(out)


# a task's rollouts repeat their messages: a short text's tokens are read once and kept
_candidates = lru_cache(maxsize=2048)(_read_candidates)


_LETTERS_FOR = (str.maketrans("013457", "oieast"), str.maketrans("013457", "oleast"))  # "1" for "i", then for "l"
_DIGITS = "0123456789"


@lru_cache(maxsize=4096)
def _letter_forms(token: str) -> Tuple[str, ...]:
    """``token`` with digits that stand for letters read as letters, the digits after its last
    letter kept or read as letters in turn ("0kaf0r1184" -> "okafor1184", "b3n" -> "ben", "ja3"
    -> "jae", "it01017" -> "ito1017"); none when it has no letter or no such digit."""
    if token.isalpha() or token.isdigit():
        return ()
    head = token.rstrip(_DIGITS)
    if not any(c.isalpha() for c in head):
        return ()
    tail = token[len(head):]
    forms = set()
    for k in range(len(tail) + 1):
        if k and tail[k - 1] not in "013457":
            break
        for table in _LETTERS_FOR:
            letters = (head + tail[:k]).translate(table)
            if letters.isalpha():
                forms.add(letters + tail[k:])
    forms.discard(token)
    return tuple(sorted(forms))
