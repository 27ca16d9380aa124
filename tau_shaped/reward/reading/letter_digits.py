"""Words spelt with digits or signs for letters ("0n ice", "qu4rantined", "fl@gged", "l0cked"):
the readings of a text with each such word read as letters (SPEC §10).

A word here is a run of letters, digits and the signs ``@ $ ! |``; it is read as letters only
when it mixes letters with digits or signs ("0n", "susp1cious"), so a number ("10279", "$50"),
an order id ("FD-10279": its digits are a word of their own) and a plain word are left as they
are. A sign that ends a word ("Hello!", "on hold|") or a ``|`` that opens one (a table's
"|on hold") is punctuation and stays. The digit 1 may stand for i or for l ("susp1cious",
"1ocked", "prof11e"): a reading for each way (bounded). Every reading has the text's length,
character for character, so a match's offsets in a reading are its offsets in the text and its
evidence quotes the text itself.

A word cut by hyphens inside it ("ac-count", "re-view", "un-usual") is read whole too: its letters
joined and its hyphens moved after it ("account--" has "ac-count"'s length), a reading of its own and
of each reading above.

A rule's regex opts in with ``"digits_for_letters": true`` (``matcher_schema.RegexText``): it
matches a text when it matches the text or one of its readings.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Tuple

_WORD = re.compile(r"[A-Za-z0-9@$!|]+")
_HAS_LETTER = re.compile(r"[A-Za-z]")
_STANDS_IN = re.compile(r"[0134579@$!|]")
_AS_I = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "9": "g", "@": "a", "$": "s",
                       "!": "i", "|": "l"})
_AS_L = {**_AS_I, **str.maketrans({"1": "l"})}  # every 1 as l, the rest as _AS_I


def _body(word: str) -> slice:
    """Where the word is a word: its punctuation (a closing ``!``/``|``, an opening ``|``) outside."""
    end = len(word.rstrip("!|"))
    return slice(min(len(word) - len(word.lstrip("|")), end), end)


def _read(word: str, table: dict) -> str:
    """``word`` with its digits and signs read as letters, its punctuation kept."""
    body = _body(word)
    return word[:body.start] + word[body].translate(table) + word[body.stop:]


def _word_readings(word: str) -> List[str]:
    """The readings of one word: each 1 as i or as l (every mix, up to three 1s; beyond, all as
    one or all as the other), every other digit or sign as its one letter."""
    read = _read(word, _AS_I)
    body = _body(word)
    ones = [i for i in range(body.start, body.stop) if word[i] == "1"]
    if not ones:
        return [read]
    if len(ones) > 3:
        return [read, _read(word, _AS_L)]
    out = []
    for mask in range(1 << len(ones)):
        chars = list(read)
        for bit, i in enumerate(ones):
            chars[i] = "l" if mask >> bit & 1 else "i"
        out.append("".join(chars))
    return out


_MOST = 16  # readings of a text, at most
_KEPT_TEXT = 2048  # a task's rollouts repeat their messages: a short text's readings are made once


_HYPHENATED = re.compile(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\w-])")


def _joined(text: str) -> str:
    """``text`` with each word cut by hyphens written whole, its hyphens after it (the same length)."""
    if "-" not in text:
        return text
    return _HYPHENATED.sub(lambda m: m.group(0).replace("-", "") + "-" * m.group(0).count("-"), text)


def letter_readings(text: str) -> List[str]:
    """The readings of ``text`` with every word that mixes letters with digits or signs read as
    letters: none when no word does; else one for each way of reading its 1s (as i or as l, a
    word's own mix: "prof11e"), at most 16 (beyond, all 1s as i, and all as l)."""
    return list(_kept_readings(text) if len(text) <= _KEPT_TEXT else _readings(text))


@lru_cache(maxsize=4096)
def _kept_readings(text: str) -> Tuple[str, ...]:
    return _readings(text)


def _readings(text: str) -> Tuple[str, ...]:
    joined = _joined(text)
    if joined == text:
        return _digit_readings(text)
    out = [r for r in _digit_readings(text) + (joined,) + _digit_readings(joined) if r != text]
    return tuple(dict.fromkeys(out))[:2 * _MOST]


def _digit_readings(text: str) -> Tuple[str, ...]:
    spans = [m.span() for m in _WORD.finditer(text)
             if _STANDS_IN.search(m.group(0)[_body(m.group(0))]) and _HAS_LETTER.search(m.group(0))]
    if not spans:
        return ()
    choices = [_word_readings(text[a:b]) for a, b in spans]
    count = 1
    for options in choices:
        count *= len(options)
    if count > _MOST:
        choices = [[_read(text[a:b], _AS_I)] + ([_read(text[a:b], _AS_L)] if "1" in text[a:b] else [])
                   for a, b in spans]
        combos = [[options[0] for options in choices], [options[-1] for options in choices]]
    else:
        combos = [[]]
        for options in choices:
            combos = [combo + [option] for combo in combos for option in options]
    readings = []
    for combo in combos:
        parts, at = [], 0
        for (start, end), word in zip(spans, combo):
            parts.append(text[at:start])
            parts.append(word)
            at = end
        parts.append(text[at:])
        reading = "".join(parts)
        if reading != text and reading not in readings:
            readings.append(reading)
    return tuple(readings)
