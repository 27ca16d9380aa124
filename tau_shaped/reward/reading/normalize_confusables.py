"""Look-alike characters folded to the ASCII they imitate (SPEC §10; used by ``normalize``
after NFKC, which already folds fullwidth and mathematical letters and digits).

The pairs come from Unicode's confusables data (UTS #39) as shipped by the MIT-licensed
``confusable-homoglyphs`` package; only a character that imitates one ASCII letter, digit or
common punctuation mark is folded, to that character (a letter to a letter of the same case
where the data offers one: Cyrillic "О" is "O", not "0"). Beside them, the small capitals
("ᴋᴏʀᴍᴀ") and the Cyrillic letters written as small capitals ("м", "т", "н", "в", "к"), which the
data leaves out, fold to the lower-case letters they show.

Which words are folded: a word (a run of letters and digits) that mixes ASCII and
look-alikes ("Kоrma" with a Cyrillic "о") is always folded: no honest word mixes scripts.
A word written entirely in look-alikes ("Сосо" in Cyrillic) is folded when the message holds
no more letters without an ASCII look-alike than ASCII letters: the customer of a Latin-script chat reads it as the Latin
word it shows. A word that has a letter with no ASCII look-alike ("Привет") is real text in
its own script and is kept, as is every word of a message written mostly in another script
(a Russian "сор" in a Russian sentence). Decimal digits of any script ("٣") are read as the
ASCII digits they are, always. Punctuation look-alikes (the apostrophe "’", dashes "‐–−", the
one-dot leader "․", "ꓸ") are folded wherever they stand.

``marks_folded``: a Latin letter with a diacritic read as its letter ("Sámosa", "Crème" ->
"Samosa", "Creme"): a mark over a letter does not make it another word (an accent added to
hide a dish's name or a customer's; the world's own values are read the same way, so an
accented name in a domain's data still matches). Marks over letters of other scripts are kept.

``digits_folded``: a letter O, o, I or l inside a number that opens with a digit and holds at
least two is the digit it imitates ("FD-1OO42", "5O3-555-186O"), and so is one opening a group of a
number, right after a digit and a separator ("503-555-l197", "555 O142"); an id that opens with a letter
keeps its letters ("I45O37", "L1001"). The reverse, a digit or a sign for a letter inside a word
("l0cked", "investig@tion"), is not folded: a lower-cased id ("j15dc0", "dd7d1n") has the same
shape, and folding it would change the value a consent or a disclosure is read on.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from functools import lru_cache
from typing import Dict, Tuple

__all__ = ["folded", "fold_table", "digits_folded", "marks_folded"]

_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")  # each run found once, no backtracking: linear in the text
_NUMBER_LOOKALIKE = re.compile(r"[0-9][0-9OoIl]*")  # matched on one run, anchored: linear in the run
_AS_DIGIT = str.maketrans("OoIl", "0011")
_MAY_LOOK_ALIKE = re.compile(r"[0-9][OoIlSBZG]|[OoIlSBZG][0-9]")  # a phone group reads S, B, Z, G too (round 14)
# each UTF-8 byte as ``_MAY_LOOK_ALIKE`` reads it: an ASCII digit "d", a letter that imitates one "o", any other "x"
# (a byte of a character beyond ASCII is none of them)
_LOOK_ALIKE_SHAPE = bytes(ord("d") if chr(b) in "0123456789" else ord("o") if chr(b) in "OoIlSBZG" else ord("x") for b in range(256))
# round 14: a phone's last group after two groups of three ("503-555-B458", "503.555.84S8"): S, B, Z and G read as 5, 8, 2, 6 too
_PHONE_HEAD = re.compile(r"(?<![0-9])[0-9]{3}[-. ][0-9]{3}[-. ]$")
_PHONE_GROUP = re.compile(r"[0-9OoIlSBZG]{4}")
_AS_PHONE_DIGIT = str.maketrans("OoIlSBZG", "00115826")


def _may_look_alike(text: str) -> bool:
    """``_MAY_LOOK_ALIKE.search(text) is not None``, as one pass of byte lookups (what most texts need)."""
    shape = text.encode("utf-8", "surrogatepass").translate(_LOOK_ALIKE_SHAPE)
    return b"do" in shape or b"od" in shape

_PUNCT = "@.:,;'-$#%/+!?()"
_WORD = re.compile(r"[^\W_]+")


def _pick(char: str, options: Tuple[str, ...]) -> str:
    letter = unicodedata.category(char).startswith("L")

    def rank(o: str) -> Tuple[int, int, str]:
        kind = 0 if (o.isalpha() if letter else not o.isalpha()) else 1
        case = 0 if (not o.isalpha() or o.isupper() == char.isupper()) else 1
        return kind, case, o

    return min(options, key=rank)


@lru_cache(maxsize=1)
def fold_table() -> Tuple[Dict[int, str], Dict[int, str]]:
    """(letters and digits, punctuation): each non-ASCII character of the confusables data
    that imitates one ASCII letter or digit, or one of ``_PUNCT``, with the character it imitates."""
    import confusable_homoglyphs

    path = os.path.join(os.path.dirname(confusable_homoglyphs.__file__), "confusables.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    letters: Dict[int, str] = {}
    punct: Dict[int, str] = {}
    for char, entries in data.items():
        if len(char) != 1 or char.isascii() or unicodedata.category(char).startswith(("M", "C", "Z")):
            continue
        options = tuple(sorted({e["c"] for e in entries if isinstance(e, dict) and len(e.get("c", "")) == 1
                                and e["c"].isascii() and (e["c"].isalnum() or e["c"] in _PUNCT)}))
        if not options:
            continue
        target = _pick(char, options)
        if target == "l" and char.isupper():
            target = "I"  # the data folds "I" and "l" to one skeleton, "l": a capital imitates "I"
        if unicodedata.category(char).startswith("L") or char.isdigit():
            if target.isalnum():
                letters[ord(char)] = target
        elif not target.isalnum():
            punct[ord(char)] = target
    for char, target in _SMALL_CAPITALS.items():
        letters.setdefault(ord(char), target)
    return letters, punct


# Letters the confusables data gives no ASCII look-alike for that a reader of a Latin-script chat
# reads as one all the same: the small capitals ("ᴋᴏʀᴍᴀ") and the Cyrillic letters that are
# written as small capitals ("Korмa", "т", "н"), each to the letter it shows.
_SMALL_CAPITALS = {
    "\u1d00": "a", "\u0299": "b", "\u1d04": "c", "\u1d05": "d", "\u1d07": "e", "\ua730": "f", "\u0262": "g",
    "\u029c": "h", "\u026a": "i", "\u1d0a": "j", "\u1d0b": "k", "\u029f": "l", "\u1d0d": "m", "\u0274": "n",
    "\u1d0f": "o", "\u1d18": "p", "\u01eb": "q", "\u0280": "r", "\ua731": "s", "\u1d1b": "t", "\u1d1c": "u",
    "\u1d20": "v", "\u1d21": "w", "\u028f": "y", "\u1d22": "z",
    "\u043c": "m", "\u0442": "t", "\u043d": "h", "\u0432": "b", "\u043a": "k",
}


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def marks_folded(text: str) -> str:
    """``text`` with the diacritics of Latin letters taken off (see the module docstring); an
    all-ASCII text is returned as it is."""
    if text.isascii():
        return text
    out = []
    base_latin = False
    for c in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(c):
            if base_latin:
                continue
        else:
            base_latin = c.isascii() and c.isalpha()
        out.append(c)
    return unicodedata.normalize("NFC", "".join(out))


def folded(text: str) -> str:
    """``text`` with look-alikes folded (see the module docstring), and the marks over Latin
    letters taken off (``marks_folded``). All-ASCII text is returned as it is."""
    if text.isascii():
        return text
    return marks_folded(_look_alikes_folded(text))


def _look_alikes_folded(text: str) -> str:
    letters, punct = fold_table()
    chars = set(_NON_ASCII.findall(text))  # the distinct non-ASCII characters: few, even in a long text
    for c in chars:  # few distinct characters: a replace each is faster than a translate
        if ord(c) in punct:
            text = text.replace(c, punct[ord(c)])
        elif c.isdecimal():
            text = text.replace(c, str(unicodedata.decimal(c)))
    if not any(ord(c) in letters for c in chars):
        return text
    latin = None  # whether the message reads as Latin letters, counted once when needed
    out = []
    last = 0
    for m in _WORD.finditer(text):
        word = m.group()
        if word.isascii():
            continue
        mixed = any(c.isascii() for c in word)
        if not mixed:
            if not all(ord(c) in letters for c in word):
                continue
            if latin is None:
                # letters with no ASCII look-alike are another script's; the rest read as Latin
                foreign = sum(1 for c in text if c.isalpha() and not c.isascii() and ord(c) not in letters)
                latin = foreign <= sum(1 for c in text if c.isascii() and c.isalpha())
            if not latin:
                continue
        out.append(text[last:m.start()])
        out.append(word.translate(letters))
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def digits_folded(text: str) -> str:
    """``text`` with letters that imitate digits inside numbers folded (see the module docstring)."""
    if not _may_look_alike(text):
        return text
    return _ALNUM_RUN.sub(_digits_of_run, text)


def _digits_of_run(match: "re.Match[str]") -> str:
    """A run of letters and digits: its look-alike letters as digits when the run is a number
    that opens with a digit, holds two and holds a look-alike; else as it is. (One regex over
    the whole text that looked ahead for the second digit backtracked quadratically on a long
    run such as "1O1O1O…x".)"""
    run = match.group()
    if ((run[0].isdigit() or _opens_a_group(match)) and _NUMBER_LOOKALIKE.fullmatch(run, 1 - run[0].isdigit()) is not None
            and not run.isdigit() and sum(ch.isdigit() for ch in run) >= 2):
        return run.translate(_AS_DIGIT)
    if (len(run) == 4 and not run.isdigit() and _PHONE_GROUP.fullmatch(run) is not None and sum(ch.isdigit() for ch in run) >= 2
            and _PHONE_HEAD.search(match.string, max(0, match.start() - 9), match.start()) is not None):
        return run.translate(_AS_PHONE_DIGIT)
    return run


def _opens_a_group(match: "re.Match[str]") -> bool:
    """Whether the run goes on a number's groups: right after a digit and one separator ("503-555-l197",
    "555 O142"), where a look-alike letter opening it is a digit too (round 14)."""
    at, text = match.start(), match.string
    return at >= 2 and text[at - 1] in "-. " and text[at - 2].isdigit() and match.group()[0] in "OoIl"
