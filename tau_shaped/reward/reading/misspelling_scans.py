"""The RE2 programs that find candidate misspellings of unsafe dishes' words, and the scans that
tell, word by word, whether a program is needed at all (``dish_misspellings`` reads what they
find; SPEC §10).

- ``misspellings_of``: a word with one letter put in or left out; ``swappings_of``: a letter
  swapped inside, two switched, a head and more letters; ``sounding``: a word by its sound key
  (``sound_key``); ``splitting``: a word split in two; ``union_of``: one program for several.
  Each is made once per set of words (customers sharing an allergen share their menus').
- ``Scan``: a program made when first needed. A match of ``(?i)\b(?:...)s?\b`` over ASCII
  letters in an ASCII text is a whole run of word characters, so whether it finds anything is
  read word by word (``misspelt_words``, ``swapped_words``, ``sounded_words``: exact), and so is
  where it finds them (``Scan.spans``): an ASCII text makes no program. ``split_in``: whether
  ``splitting``'s program finds anything in an ASCII text, read two words at a time.
- ``pieces_joined``: a word cut in three pieces or more ("Sa-mo-sa", "Sa mo sa"), or in two by a
  joiner other than one space or hyphen ("Sam·osa", "Sa - mosa", "Sam/osa"), written whole.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Set, Tuple

import re2

MISSPELT_MIN = 4  # a word of an unsafe dish this long or longer is read through one letter more or less
_SOUNDS = (("ph", "f"), ("ck", "k"), ("q", "k"), ("c", "k"), ("z", "s"), ("oo", "u"), ("ee", "i"), ("y", "i"))
_SOUND_CLASS = {"f": "(?:ph|f)", "k": "(?:ck|[ckq]|kh)", "s": "[sz]", "u": "(?:oo|u)", "i": "(?:ee|[iy])",
                # a stop spelt with an "h" after it, as romanized Thai, Hindi or Urdu spell it ("Phad Thai", "Dhal")
                "p": "(?:ph?)", "t": "(?:th?)", "b": "(?:bh?)", "d": "(?:dh?)", "g": "(?:gh?)"}
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False


@lru_cache(maxsize=8192)
def sound_key(word: str) -> str:
    """A word's sound as compared (lower case): "q", "ck" and "c" as "k", "ph" as "f", "z" as "s",
    "oo" as "u", "ee" and "y" as "i", then a doubled letter as one ("Qorma" and "Korma": "korma")."""
    low = word.lower()
    for a, b in _SOUNDS:
        low = low.replace(a, b)
    return re.sub(r"(.)\1+", r"\1", low)


def sounding(keys: FrozenSet[str]) -> Optional[str]:
    """The RE2 pattern finding any word whose sound key is one of ``keys`` (each letter repeated or
    not, each sound in any of its spellings), or None (no key)."""
    alternatives = {"".join(_SOUND_CLASS.get(c, re.escape(c)) + "+" for c in key) for key in keys}
    if not alternatives:
        return None
    return r"(?i)\b(?:" + "|".join(sorted(alternatives)) + r")s?\b"


@lru_cache(maxsize=1024)
def program_of(pattern: str) -> Any:
    """``pattern``'s RE2 program, made once per pattern (customers sharing an allergen share their menus')."""
    return re2.compile(pattern, _RE2_OPTIONS)


@lru_cache(maxsize=1024)
def union_of(patterns: Tuple[str, ...]) -> Any:
    """One RE2 program finding what any of ``patterns`` finds (None: none, or too large for RE2, when
    each is scanned alone)."""
    try:
        return re2.compile("|".join(f"(?:{p})" for p in patterns), _RE2_OPTIONS) if patterns else None
    except Exception:  # noqa: BLE001 - re2.error: the program outgrew RE2's memory budget
        return None


# how ``sounding`` reads a letter, and two letters read as one sound (each may be read as its two letters too)
_SOUND_LETTER = {"c": "k", "q": "k", "z": "s", "y": "i"}
_SOUND_PAIR = {"ph": "f", "ck": "k", "oo": "u", "ee": "i"}
_ASPIRATED = {"ph": "p", "th": "t", "bh": "b", "dh": "d", "gh": "g", "kh": "k"}  # read as the stop alone too


@lru_cache(maxsize=8192)
def sound_readings(word: str) -> FrozenSet[str]:
    """The sound keys whose ``sounding`` alternative is the whole of ``word`` (lower case, ASCII letters):
    its letters read as sounds ("c", "k", "q", "ck" as "k"; "s", "z" as "s"; "u", "oo" as "u"; "i", "y",
    "ee" as "i"; "f", "ph" as "f"; "ph", "th", "kh", "bh", "dh", "gh" as the stop alone too; any other as itself; "oo", "ee",
    "ph" as their two letters too), each
    sound repeated read as one: an alternative is each sound of its key once or more, in turn."""
    ends: Dict[int, Set[str]] = {0: {""}}
    for i in range(len(word)):
        heads = ends.pop(i, None)
        if not heads:
            continue
        steps = [(i + 1, _SOUND_LETTER.get(word[i], word[i]))]
        pair = _SOUND_PAIR.get(word[i:i + 2])
        if pair is not None:
            steps.append((i + 2, pair))
        stop = _ASPIRATED.get(word[i:i + 2])
        if stop is not None:
            steps.append((i + 2, stop))
        for j, sound in steps:
            into = ends.setdefault(j, set())
            into.update(h if h[-1:] == sound else h + sound for h in heads)
    return frozenset(ends.get(len(word), ()))


def sounded_words(keys: FrozenSet[str]) -> Optional[Callable[[str], bool]]:
    """Whether a word (lower case, letters) is one ``sounding(keys)`` finds, or that followed by "s";
    None when a key is not ASCII letters only (its program reads the text)."""
    if not _plain_letters(keys):
        return None
    return _with_plural(lambda word: not sound_readings(word).isdisjoint(keys))


def sound_program(keys: FrozenSet[str]) -> Any:
    """``sounding(keys)``'s RE2 program (None: no key), its pattern made only when the program is."""
    pattern = sounding(keys)
    return program_of(pattern) if pattern is not None else None


def split_program(words: FrozenSet[str]) -> Any:
    """``splitting(words)``'s RE2 program (None: no word), its pattern made only when the program is."""
    pattern = splitting(words)
    return program_of(pattern) if pattern is not None else None


@lru_cache(maxsize=2048)
def _word_pairs(text: str) -> Tuple[Tuple[str, int], ...]:
    """Each two runs of word characters of an ASCII text, letters only, one or two spaces, tabs or
    hyphens apart: the two joined, lower case, and the first's length (what ``splitting`` may find).
    One scan: a run of letters after no word character, a gap, then a run of letters before none."""
    return tuple(((m.group(1) + m.group(2)).lower(), len(m.group(1))) for m in _PAIR.finditer(text))


_PAIR = re.compile(r"(?<![0-9A-Za-z_])([A-Za-z]+)(?=[ \t-]{1,2}([A-Za-z]+)(?![0-9A-Za-z_]))")


def split_in(words: FrozenSet[str], text: str) -> bool:
    """Whether ``splitting(words)`` finds anything in ``text`` (ASCII; ``words`` ASCII letters, lower
    case): two words that joined are one of ``words`` (or it and "s"), split two letters or more from
    either end."""
    for joined, k in _word_pairs(text):
        for word in (joined, joined[:-1]) if joined[-1:] == "s" else (joined,):
            if word in words and 2 <= k <= len(word) - 2:
                return True
    return False


def splitting(words: FrozenSet[str]) -> Optional[str]:
    """The RE2 pattern finding any of ``words`` split in two by spaces or a hyphen ("kor ma"), or None."""
    alternatives = {re.escape(w[:k]) + "[ \t-]{1,2}" + re.escape(w[k:]) for w in words for k in range(2, len(w) - 1)}
    if not alternatives:
        return None
    return r"(?i)\b(?:" + "|".join(sorted(alternatives)) + r")s?\b"


@lru_cache(maxsize=1024)
def misspellings_of(targets: FrozenSet[str]) -> Any:
    """One RE2 program finding any word that is a target with one letter put in or left out
    (and, as a price of one pattern, a target's plural, which ``respelled`` then keeps); made
    once per set of targets (customers sharing an allergen share their menus' programs)."""
    alternatives = set()
    for w in targets:
        alternatives.update(re.escape(w[:k]) + "[a-z]" + re.escape(w[k:]) for k in range(len(w) + 1))
        if len(w) > MISSPELT_MIN:
            alternatives.update(re.escape(w[:k] + w[k + 1:]) for k in range(len(w)))
    if not alternatives:
        return None
    return re2.compile(r"(?i)\b(?:" + "|".join(sorted(alternatives)) + r")s?\b", _RE2_OPTIONS)


@lru_cache(maxsize=1024)
def swappings_of(words: FrozenSet[str], heads: FrozenSet[str]) -> Any:
    """One RE2 program finding any word that may be a weaker misspelling of ``words`` (a letter swapped
    inside, two switched, a letter left out inside a five-letter word) or two edits from a long one
    (any word of six letters or more opening as one does: ``DishNames._swapped_of`` decides); made
    once per set of words and heads."""
    alternatives = set()
    for w in words:
        alternatives.update(re.escape(w[:k]) + "[a-z]" + re.escape(w[k + 1:]) for k in range(1, len(w) - 1))
        alternatives.update(re.escape(w[:k] + w[k + 1] + w[k] + w[k + 2:]) for k in range(len(w) - 1))
        if len(w) == MISSPELT_MIN + 1:
            alternatives.update(re.escape(w[:k] + w[k + 1:]) for k in range(1, len(w) - 1))
    alternatives.update(re.escape(h) + "[a-z]{4,12}" for h in heads)
    if not alternatives:
        return None
    return re2.compile(r"(?i)\b(?:" + "|".join(sorted(alternatives)) + r")s?\b", _RE2_OPTIONS)


# a run of what RE2's ``\b`` takes for word characters (ASCII)
_ASCII_WORD = re.compile(r"[0-9A-Za-z_]+")


class Scan:
    """A scan for words, ``(?i)\b(?:...)s?\b`` over alternatives of letters only, whose RE2 program
    (``make(*args)``; None: no alternative) is made when first needed. With ``fits`` (the
    alternatives are ASCII letters), whether it finds anything in an ASCII text is read word by
    word instead: a match there is letters from a word boundary to a word boundary, so a whole run
    of word characters ([0-9A-Za-z_]) that is letters only, and ``fits`` tells whether such a run,
    lower-cased, is an alternative or one followed by "s" (RE2's ``(?i)`` on ASCII is lower-casing).
    Most messages hold no candidate, so most menus' programs are never made. A scan of
    ``split_program`` over words of lower-case ASCII letters reads an ASCII text two words at a
    time instead (``split_in``: exact), for ``found``."""

    __slots__ = ("_make", "_args", "_fits", "_split")

    def __init__(self, make: Callable[..., Any], args: Tuple[Any, ...], fits: Optional[Callable[[str], bool]] = None) -> None:
        self._make, self._args, self._fits = make, args, fits
        self._split = args[0] if make is split_program and len(args) == 1 and isinstance(args[0], frozenset) and \
            all(isinstance(w, str) and w.isascii() and w.isalpha() and w.islower() for w in args[0]) else None

    def program(self) -> Any:
        return self._make(*self._args)

    def spans(self, text: str) -> List[Tuple[int, int]]:
        """Where the program finds its words in ``text``, in order: in an ASCII text (with ``fits``) the
        whole runs of word characters that fit, read word by word (a match is one, as ``found`` reads)."""
        fits = self._fits
        if fits is not None and text.isascii():
            return [m.span() for m in _ASCII_WORD.finditer(text) if m.group().isalpha() and fits(m.group().lower())]
        return [r.span() for r in self.program().finditer(text)]

    def found(self, text: str) -> bool:
        fits = self._fits
        if fits is not None and text.isascii():
            return any(map(fits, letter_words(text)))
        if self._split is not None and text.isascii():
            return split_in(self._split, text)
        program = self.program()
        return program is not None and found(program, text)


@lru_cache(maxsize=2048)
def letter_words(text: str) -> Tuple[str, ...]:
    """The runs of word characters of an ASCII text that are letters only, lower case, each once (a
    message is read against each menu of a batch's customers: its words are read once)."""
    return tuple(dict.fromkeys(_LETTER_RUN.findall(text.lower())))  # lower-casing an ASCII text moves no word's edge


_LETTER_RUN = re.compile(r"(?<![0-9a-z_])[a-z]+(?![0-9a-z_])")  # a run of word characters that is letters only


def _plain_letters(words: Iterable[str]) -> bool:
    return all(w.isascii() and w.isalpha() for w in words)


def _with_plural(alternative: Callable[[str], bool]) -> Callable[[str], bool]:
    return lambda word: alternative(word) or word[-1:] == "s" and alternative(word[:-1])


def misspelt_words(targets: FrozenSet[str]) -> Optional[Callable[[str], bool]]:
    """Whether a word (lower case, letters) is one ``misspellings_of(targets)`` finds: a target with
    a letter put in, or left out of one longer than ``MISSPELT_MIN``, or that followed by "s";
    None when a target is not ASCII letters only (its program reads the text)."""
    if not _plain_letters(targets):
        return None
    low = frozenset(w.lower() for w in targets)
    dropped = frozenset().union(*(_dropped(w) for w in low if len(w) > MISSPELT_MIN))
    longer = frozenset(len(w) + 1 for w in low)

    def alternative(y: str) -> bool:
        return y in dropped or len(y) in longer and not _dropped(y).isdisjoint(low)  # each word's edits made once

    return _with_plural(alternative)


def swapped_words(words: Iterable[str], heads: FrozenSet[str]) -> Optional[Callable[[str], bool]]:
    """Whether a word (lower case, letters) is one ``swappings_of(words, heads)`` finds: a word with a
    letter inside swapped for any, two next to each other switched, a letter inside left out of a
    five-letter one, a head and 4 to 12 letters, or that followed by "s"; None when a word or head is
    not ASCII letters only."""
    words = frozenset(w.lower() for w in words)
    if not _plain_letters(words) or not _plain_letters(heads):
        return None
    inside = frozenset().union(*map(_masked_inside, words))
    sized = frozenset(len(w) for w in words)
    others = frozenset().union(*map(_switched, words), *(_dropped(w, True) for w in words if len(w) == MISSPELT_MIN + 1))
    low_heads = frozenset(h.lower() for h in heads)

    def alternative(y: str) -> bool:
        n = len(y)
        return y in others or 6 <= n <= 14 and y[:2] in low_heads or n in sized and not _masked_inside(y).isdisjoint(inside)

    return _with_plural(alternative)


# each word's own edits, made once per word (a batch's menus share most of their words; a message's words are read
# against each menu's with no edit made again)
@lru_cache(maxsize=16384)
def _dropped(w: str, inside: bool = False) -> FrozenSet[str]:
    """``w`` with one letter left out (``inside``: not the first or last), each."""
    return frozenset(w[:k] + w[k + 1:] for k in range(int(inside), len(w) - int(inside)))


@lru_cache(maxsize=16384)
def _masked_inside(w: str) -> FrozenSet[str]:
    """``w`` with one letter inside written "?", each."""
    return frozenset(w[:k] + "?" + w[k + 1:] for k in range(1, len(w) - 1))


@lru_cache(maxsize=8192)
def _switched(w: str) -> FrozenSet[str]:
    """``w`` with two letters next to each other switched, each."""
    return frozenset(w[:k] + w[k + 1] + w[k] + w[k + 2:] for k in range(len(w) - 1))


def found(program: Any, text: str) -> bool:
    try:
        return program.search(text) is not None
    except Exception:  # noqa: BLE001 - a text RE2 cannot take (a lone surrogate) is read word by word
        return True


# Runs of letters with a sign between each two ("Sa-mo-sa", "Sa · mo · sa", "Sa.mo.sa"), and runs of three short
# ones or more (four letters at most but the first and the last: "Chee seb urger", round 15) with spaces between ("Sa mo sa", "Cheese burg er"), opening with a word's first letters: what a word cut in pieces may be.
# a joiner: a sign, a dot, a line break, or an emoji or other symbol (with its variation selector or
# joiner: "Kor🍛ma", "Ko✨rma", "Kor\nma")
_SIGNED = r"\b[A-Za-z]+(?:(?:[ \t]{0,2}(?:[-·•_/~*+|\n]|\p{So}[\x{FE0F}\x{200D}\p{So}\p{Sk}]{0,6})[ \t]{0,2}|\.)[A-Za-z]+)+"
_SPACED = re.compile(r"[A-Za-z]{1,12}(?:[ \t]{1,2}[A-Za-z]{1,4})+[ \t]{1,2}[A-Za-z]{1,12}(?![^\W_])")
_PIECE = re.compile(r"[A-Za-z]+")
_PLAIN_GAP = re.compile(r"[ \t-]{1,2}")


@lru_cache(maxsize=256)
def _programs(words: FrozenSet[str]) -> Tuple[FrozenSet[str], Any, FrozenSet[str], Optional[FrozenSet[str]]]:
    """The words' first letters (every prefix), the RE2 program finding a run joined by signs, the heads
    a run of three short pieces opens with (each prefix but the last two letters: ``_spaced``), and
    those heads in lower case when every one is ASCII letters (None: read by the program alone)."""
    heads = frozenset(w[:k] for w in words for k in range(1, len(w) - 1))
    low = frozenset(h.lower() for h in heads) if heads and _plain_letters(heads) else None
    return frozenset(w[:k] for w in words for k in range(1, len(w) + 1)), program_of(_SIGNED), heads, low


def _spaced(heads: FrozenSet[str]) -> Any:
    """The RE2 program finding three short pieces opening as a word does: a head, then a word of one to
    four letters and a letter, each after one or two spaces or tabs."""
    return program_of(r"(?i)\b(?:" + "|".join(sorted({re.escape(h) for h in heads})) + r")[ \t]{1,2}[a-z]{1,4}[ \t]{1,2}[a-z]")


@lru_cache(maxsize=2048)
def _spaced_openers(text: str) -> FrozenSet[str]:
    """The runs of word characters of an ASCII text (lower case, letters only) that ``_spaced``'s match
    may open with: each followed by one or two spaces or tabs, a run of one to four letters, one or two
    spaces or tabs and a letter. Over ASCII letters a match's head is a whole run (a word boundary
    before it, a space after it) and so is its short word, so ``_spaced(heads)`` finds something in the
    text exactly when one of these is one of ``heads`` (RE2's ``(?i)`` on ASCII is lower-casing). One scan."""
    return frozenset(m.group().lower() for m in _OPENER.finditer(text))


_OPENER = re.compile(r"(?<![0-9A-Za-z_])[A-Za-z]+(?=[ \t]{1,2}[A-Za-z]{1,4}[ \t]{1,2}[A-Za-z])")




def pieces_joined(words: FrozenSet[str], text: str) -> str:
    """``text`` with each of ``words`` (lower case letters, or with an "s") cut in three pieces or more,
    or in two by a joiner other than one or two spaces or hyphens (which ``splitting`` reads where
    cued), written whole: a careful reader reads "Sa-mo-sa", "Sa mo sa", "Sam·osa" as the word.
    Linear: two RE2 scans find the runs (most messages hold none; in an ASCII text the second is read
    word by word first, ``_spaced_openers``, and its program made only for a text it may find something
    in); a run is walked piece by piece while the pieces joined start one of ``words``."""
    if not words:
        return text
    starts, signed, heads, low = _programs(words)
    if signed is None:
        return text
    text = _joined_in(text, [(m.start(), m.end()) for m in signed.finditer(text)], starts, words)
    if low is not None and text.isascii() and low.isdisjoint(_spaced_openers(text)):
        return text  # nothing for ``_spaced`` to find (read word by word): no program made
    spaced = _spaced(heads)
    runs = [(r.start(), r.end()) for r in (_SPACED.match(text, m.start()) for m in spaced.finditer(text)) if r is not None]
    return _joined_in(text, runs, starts, words)


def _joined_in(text: str, runs: List[Tuple[int, int]], starts: FrozenSet[str], words: FrozenSet[str]) -> str:
    out: List[str] = []
    last = 0
    for lo, hi in runs:
        pieces = list(_PIECE.finditer(text, max(lo, last), hi))
        i = 0
        while i < len(pieces) - 1:
            acc, found = "", None
            for j in range(i, len(pieces)):
                acc += pieces[j].group().lower()
                if acc not in starts and not (acc[:-1] in words and acc[-1] == "s"):
                    break
                if j > i and (acc in words or acc[:-1] in words and acc[-1] == "s"):
                    found = j
            if found is None or found == i + 1 and _PLAIN_GAP.fullmatch(text, pieces[i].end(), pieces[found].start()):
                i += 1
                continue
            whole = "".join(p.group() for p in pieces[i:found + 1])
            out += [text[last:pieces[i].start()], whole[:1] + whole[1:].lower()]
            last, i = pieces[found].end(), found + 1
    return text if not out else "".join(out) + text[last:]
