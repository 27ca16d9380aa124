"""Letters said by a spelling alphabet, and a phone's last digits written as keypad letters (SPEC §10 "Safety lines
fail closed": another customer's email or phone in any form a reader recognises; used by ``normalize``'s spelled step).

``nato_letters(text)``: three or more words of the NATO spelling alphabet in a row ("alpha november alpha", "Alfa-
November-Alfa", "Charlie, Hotel, Echo, November"), apart by spaces, commas, hyphens or a spoken "dot" (an email's pieces,
"hotel alpha november alpha dot xray uniform": "hana.xu"), are the letters they spell; one or two ("golf", "hotel echo")
are words, left as written.

``keypad_digits(text)``: a phone written with its last group in capital letters, as a keypad gives them ("503-555-VIKT",
"(503) 555-VIKT"; the vanity-number style of "1-800-FLOWERS": three digits, three digits, then four letters, in any case) is the
digits those keys give ("503-555-8458"); "503-555-1234" and a word after digits that is no phone's ("Route 66 CAFE")
are left as they are.

Both are read only where a cheap test finds what they need (most messages hold neither), in one pass each.
"""

from __future__ import annotations

import re

import re2

from tau_shaped.reward.reading.re2_search import found as re2_found

__all__ = ["keypad_digits", "nato_letters", "phonetic"]

_NATO = {"alpha": "a", "alfa": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f", "golf": "g",
         "hotel": "h", "india": "i", "juliet": "j", "juliett": "j", "kilo": "k", "lima": "l", "mike": "m", "november": "n",
         "oscar": "o", "papa": "p", "quebec": "q", "romeo": "r", "sierra": "s", "tango": "t", "uniform": "u", "victor": "v",
         "whiskey": "w", "whisky": "w", "x-ray": "x", "xray": "x", "yankee": "y", "zulu": "z"}
_WORD = r"(?:" + "|".join(sorted((re.escape(w) for w in _NATO), key=len, reverse=True)) + r")"
# a run: three or more of the alphabet's words, parted by spaces, commas, hyphens or a spoken " dot " (an email's pieces:
# "hotel alpha november alpha dot xray uniform" is "hana.xu")
_RUN = re.compile(r"(?<![^\W_])" + _WORD + r"(?:(?:[ \t]*,[ \t]*|[ \t]+dot[ \t]+|[ \t]+|-)" + _WORD + r"){2,}(?![^\W_])", re.IGNORECASE)
_PIECE = re.compile(_WORD + r"|(?<=[ \t])dot(?=[ \t])", re.IGNORECASE)
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False
# what every run holds: two of the alphabet's words in a row (one linear scan; most messages hold none)
_NATO_PAIR = r"(?i:\b" + _WORD + r"(?:[ \t]*,[ \t]*|[ \t]+dot[ \t]+|[ \t]+|-)" + _WORD + r"\b)"
_MAY_NATO = re2.compile(_NATO_PAIR, _RE2_OPTIONS)


def nato_letters(text: str) -> str:
    """``text`` with each run of three or more spelling-alphabet words read as the letters they spell."""
    if not re2_found(_MAY_NATO, text):
        return text
    return _RUN.sub(lambda m: "".join(_NATO.get(w.lower(), ".") for w in _PIECE.findall(m.group())), text)


_KEYS = str.maketrans({c: d for d, letters in (("2", "ABC"), ("3", "DEF"), ("4", "GHI"), ("5", "JKL"), ("6", "MNO"),
                                               ("7", "PQRS"), ("8", "TUV"), ("9", "WXYZ")) for c in letters})
_KEYPAD_GROUP = r"\d{3}[-. ][A-Za-z]{4}\b"
_MAY_KEYPAD = re2.compile(_KEYPAD_GROUP, _RE2_OPTIONS)
_MAY_EITHER = re2.compile(_NATO_PAIR + "|" + _KEYPAD_GROUP, _RE2_OPTIONS)  # one scan for both (most messages hold neither)


def phonetic(text: str) -> str:
    """``text`` with both readings applied (``nato_letters``, then ``keypad_digits``), itself when it holds neither."""
    if not re2_found(_MAY_EITHER, text):
        return text
    return keypad_digits(nato_letters(text))
_KEYPAD = re.compile(r"(?<![\w-])((?:\(\d{3}\)[ \t]?|\d{3}[-. ])\d{3}[-. ])([A-Za-z]{4})(?![\w])")  # any case: "503-555-vikt"


def keypad_digits(text: str) -> str:
    """``text`` with a phone's last group written as keypad capitals read as the digits (see the module docstring)."""
    if not re2_found(_MAY_KEYPAD, text):
        return text
    return _KEYPAD.sub(lambda m: m.group(1) + m.group(2).upper().translate(_KEYS), text)
