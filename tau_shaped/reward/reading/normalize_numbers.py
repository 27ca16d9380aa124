"""Numbers written in words read as numbers (SPEC §10, step 7 of ``normalize.seen``): "twenty bucks"
-> "20 bucks", "a refund of sixteen ninety" -> "a refund of 16.90", by text2num, given only a text
that holds one of its words, in pieces of at most ``_CHUNK`` characters (it takes quadratic time on
a long run of number words); a number word hyphenated to its unit read apart from it ("a
five-dollar credit"), a scale's comma inside one number read as one number."""

from __future__ import annotations

import re
from typing import List

from tau_shaped.reward.reading.normalize_spoken import digit_points, money_pairs

__all__ = ["numbers_in_words"]

_CHUNK = 2000  # text2num takes time quadratic in a run of number words: it reads pieces this long at most


def _pieces(text: str) -> List[str]:
    """``text`` cut, where it is longer than ``_CHUNK``, at a line break, else after a sentence,
    else at a space, else anywhere (a number written across a cut of a 2000-character run is rare)."""
    pieces = []
    start = 0
    while len(text) - start > _CHUNK:
        window_end = start + _CHUNK
        cut = -1
        for mark in ("\n", ". ", " "):
            at = text.rfind(mark, start + _CHUNK // 2, window_end)
            if at >= 0:
                cut = at + len(mark)
                break
        if cut < 0:
            cut = window_end
        pieces.append(text[start:cut])
        start = cut
    pieces.append(text[start:])
    return pieces


_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = "hundred thousand million billion trillion".split()
_ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
             "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth sixtieth "
             "seventieth eightieth ninetieth hundredth thousandth millionth billionth trillionth").split()
# every word text2num reads in English (its plurals too: it reads "hundreds" and "thirds"); a message
# with none of them is not given to it (most messages: it takes as long as the rest of ``seen``)
_NUMBER_WORDS = frozenset((w + s).encode() for w in _UNITS + _TENS + _SCALES + _ORDINALS for s in ("", "s"))
_NOT_LETTERS = bytes(b if chr(b).isalpha() or b >= 128 else ord(" ") for b in range(256))


def _has_number_words(text: str) -> bool:
    """Read as UTF-8 bytes (a byte table is a lookup a byte; ``str.translate`` a dictionary lookup a character)."""
    return not _NUMBER_WORDS.isdisjoint(text.encode("utf-8", "surrogatepass").lower().translate(_NOT_LETTERS).split())


# A price said as two numbers ("a refund of sixteen ninety", "it comes to twelve fifty"): text2num
# writes "16 90"; right after a word of money (and "of", "is", ... between) it is dollars and cents,
# "16.90". Only where the words were number words: digits a message wrote as "16 90" stay as written.
_PRICE_PAIR = re.compile(
    r"(?i)\b(?P<cue>refund(?:ed)?|charged?|costs?|price[sd]?|total|paid|pay|fees?|credit(?:ed)?|comes?[ \t]+to|came[ \t]+to|amount|bill|owed?)"
    r"(?P<gap>(?:[ \t]+(?:of|is|was|were|at|for|just|only|about|around|roughly|back|you|me))*[ \t]+)"
    r"(?P<d>[1-9][0-9]?)(?P<sep> |, )(?P<c>[1-9][0-9])(?![-.,]?\w)(?!,?[ \t]{1,2}(?:and|or|to)?[ \t]{0,2}[0-9])")  # round 12: "came to
# seventy-one, twenty-six" (a pause as a comma; not a list "12, 14 and 16")


_NUMBER_WORD = "(?:" + "|".join(sorted(_UNITS + _TENS + _SCALES, key=len, reverse=True)) + ")"
# A number word hyphenated to its unit ("a five-dollar credit", "a fifteen-minute wait"): the
# number, then the unit; a scale's comma inside one number ("twenty-three thousand, five hundred
# and fifty-three"): one number, as it is said.
_UNIT_HYPHEN = re.compile(rf"(?i)(?:\b([\w.]+)[ \t]+)?\b({_NUMBER_WORD})-(?=(?:dollars?|bucks?|cents?|minutes?|mins?|hours?|hrs?|days?|weeks?"
                          r"|months?|years?|percent|per-cent|gb|gigs?|gigabytes?|mb)\b)")


def _unit_apart(m: "re.Match[str]") -> str:
    """The number and its unit apart, unless a number stands before it ("two thirty-minute
    sessions", "three twenty-dollar bills": a count of things, not one number)."""
    before = m.group(1)
    if before is not None and (before.lower().encode() in _NUMBER_WORDS or before[:1].isdigit()):
        return m.group(0)
    return m.group(0)[:-1] + " "


_SCALE_COMMA = re.compile(rf"(?i)\b(thousand|million|billion),[ \t]+(?=(?:and[ \t]+)?{_NUMBER_WORD}\b)")
_HYPHEN_WORDS = frozenset(_UNITS + _TENS + _SCALES)  # the number words _UNIT_HYPHEN reads before a hyphen
_LONGEST = max(map(len, _HYPHEN_WORDS))


def _may_unit_hyphen(piece: str) -> bool:
    """Whether ``_UNIT_HYPHEN`` may match ``piece``: an ASCII piece holds a hyphen right after a
    whole word (its run of word characters) that is one of its number words in any case (the
    pattern's ``\b`` before the word bounds that run); a piece beyond ASCII (where ignoring case
    "ſ" is an "s") may. Its Python scan tries the optional word before at every place."""
    if not piece.isascii():
        return True
    at = piece.find("-")
    while at >= 0:
        start = at
        while start > 0 and at - start <= _LONGEST and (piece[start - 1].isalnum() or piece[start - 1] == "_"):
            start -= 1
        if 2 < at - start <= _LONGEST and piece[start:at].lower() in _HYPHEN_WORDS:
            return True
        at = piece.find("-", at + 1)
    return False


def _may_scale_comma(piece: str) -> bool:
    """Whether ``_SCALE_COMMA`` may match ``piece`` (an ASCII piece must hold a scale and its comma)."""
    if not piece.isascii():
        return True
    low = piece.lower()
    return "thousand," in low or "million," in low or "billion," in low


def numbers_in_words(text: str) -> str:
    """``text`` with its numbers written in words read as numbers (see the module docstring)."""
    from text_to_num import alpha2digit

    if not _has_number_words(text):
        return text
    out = []
    for piece in _pieces(text) if len(text) > _CHUNK else (text,):
        if "-" in piece and _may_unit_hyphen(piece):
            piece = _UNIT_HYPHEN.sub(_unit_apart, piece)
        if "," in piece and _may_scale_comma(piece):
            piece = _SCALE_COMMA.sub(r"\1 ", piece)
        try:
            read = alpha2digit(piece, "en")
        except Exception:  # noqa: BLE001 - a text the library cannot read is read as written
            read = piece
        if " " in read and read != piece:
            read = _PRICE_PAIR.sub(lambda m: m.group(0) if f"{m.group('d')}{m.group('sep')}{m.group('c')}" in piece
                                   else f"{m.group('cue')}{m.group('gap')}{m.group('d')}.{m.group('c')}", read)
            read = money_pairs(read, piece)
            if "point" in piece or "Point" in piece or "POINT" in piece:
                read = digit_points(read, piece)
        out.append(read)
    return "".join(out)
