"""Words of unsafe dishes misspelt, read as the words (SPEC §10 "Safety lines fail closed": an
unsafe item named "in any form of its name"; used by ``dish_names``, whose ``respelled`` this is).

- **One letter more or less** in a word of four letters or more of an unsafe dish's name, read
  in a word of five letters or more ("Korrma", "Naaan", "Tiramsu", "Chiicken"), or its plural.
- **Weaker misspellings**, read only where the word stands as a dish would (``_cued``: written
  with a capital in a text not all in capitals, beside another word of the dish's name, or in a
  sentence that offers something or asks): a letter swapped for another inside a word of five
  letters or more ("Kurma", "Samoza"), two letters next to each other switched ("Tiramsiu"), a
  letter left out inside a five-letter word ("Krma"), two edits in a word of seven letters or
  more that opens as it does ("Terriyakki", "Chicken Teryaky"). "Bad karma", "a basic tier", "in
  the past" stand in none of these.
- **A kind of dish** (a generic word: "ring", "rice", "roll") misspelt only beside another word
  of its name ("Onion Rinngs"): "bring", "price" are words.
- **The same sounds spelt otherwise** (round 6), read where a weaker misspelling is: a word of
  three letters or more whose sound key is a dish word's (``sound_key``: "q", "ck" and "c" as
  "k", "ph" as "f", "z" as "s", "oo" as "u", "ee" and "y" as "i", a doubled letter as one):
  "Qorma", "Chiken", "Tiramisoo", "Pastta", "Spring Rols" (beside its name), "Misso"; a stop with an "h" after it
  read as the stop too ("Phad" is "Pad", as romanized Thai spells it; round 11).
- **A word split in two** by a space or a hyphen ("Kor ma", "Tira-misu", "Sam osa"), where cued
  as above, unless a part is a short function word or a word of the menus ("past a" is no
  "pasta"); cut in three pieces or more, or in two by another joiner ("Sa-mo-sa", "Sa mo sa",
  "Sam·osa", "Sa - mosa": ``misspelling_scans.pieces_joined``), anywhere (round 9).

A word of the menus' names is never respelt, nor one a misspelling of two such words; a word
respelt names a dish only as the word itself would ("Chiken" alone names none). Linear: two RE2
scans find every candidate at once (most messages hold none); a word longer than any dish's is
none's misspelling; a word's weaker reading is kept per word.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, Optional, Tuple

from tau_shaped.reward.reading.dish_exclusions import OFFERING
from tau_shaped.reward.reading.misspelling_scans import (
    MISSPELT_MIN, Scan, found, letter_words, misspellings_of, misspelt_words, pieces_joined, sound_key, sound_program, sound_readings, sounded_words, sounding,
    split_in, split_program, splitting, swapped_words, swappings_of, union_of)

__all__ = ["Misspellings", "found"]

_LETTER_WORD = re.compile(r"(?<![^\W_])[A-Za-z]{4,}(?![^\W_])")  # a misspelling read ("Krma"; "pest", "lass" are none)
_FAR = 7  # a word of an unsafe dish this long is read through two edits ("Terriyakki", "Tirammisu")
_CUE_REACH = 60  # characters either side of a weaker misspelling in which an offering word is its cue
_TOKEN = re.compile(r"[^\W_]+")
_SENTENCE_START = re.compile(r"(?:^|[.!?][\s\"'*_)]{1,4}|\n[ \t]{0,3})$")  # any word has a capital there: two edits ("Tempers run high") need more
_ITEM_START = re.compile(r"(?:^|\n)[ \t]{0,3}(?:[-*•+>]|\d{1,2}[.)])[ \t]{1,3}(?:[*_]{1,2})?$|[|\"][ \t]{0,2}$")  # "- X", "| X", "\"X"
_WORD3 = re.compile(r"(?<![^\W_])[A-Za-z]{3,}(?![^\W_])")  # a word a sound scan may find ("Rol", "Nan")
# parts a split word may not have: "past a" is no "pasta", "in to" no "into"
_SHORT_WORDS = frozenset("a an the to of in on at as is it or and so me my we us he be by do go no up if for not but was "
                         "are has had its our you his her him they this that then than with from past".split())


class Misspellings:
    """The misspellings of the words of the unsafe dishes' names (``names``: each name's words as
    compared), given every word of the menus' names (``vocabulary``), the generic ones
    (``generic``) and how a word is compared (``stem``)."""

    def __init__(self, names: Iterable[Tuple[str, ...]], vocabulary: FrozenSet[str], generic: FrozenSet[str],
                 stem: Callable[[str], str]) -> None:
        names = [tuple(ws) for ws in names]
        self._vocabulary, self._generic, self._stem = vocabulary, generic, stem
        # one letter more or less in a word of an unsafe dish's name ("Korrma", "Tiramsu"): ``respelled``
        self._misspelt: Dict[str, Optional[str]] = {}
        for w in sorted({w for ws in names for w in ws if len(w) >= MISSPELT_MIN and w.isalpha()}):
            for k in range(len(w)):
                short = w[:k] + w[k + 1:]
                if short not in self._vocabulary:
                    self._misspelt[short] = w if self._misspelt.get(short, w) == w else None  # two words: neither
        self._misspelt_targets = frozenset(w for w in self._misspelt.values() if w)
        self._misspelt_lengths = frozenset(n for w in self._misspelt_targets for n in (len(w) - 1, len(w) + 1))
        near_fits = misspelt_words(self._misspelt_targets)
        self._may_be_misspelt = Scan(misspellings_of, (self._misspelt_targets,), near_fits)
        # weaker misspellings, read where something offers or marks a dish (``_cued``): a letter swapped for
        # another inside the word ("Kurma"), two letters switched ("Tiramsiu"), a letter left out inside a
        # five-letter word ("Krma"), two edits in a long word ("Terriyakki"); their table made on first use
        self._names = names
        self._swapped_table: Optional[Dict[str, Optional[str]]] = None
        long_words = sorted({w for ws in names for w in ws if len(w) > MISSPELT_MIN and w.isalpha()})
        self._long_words = long_words
        self._swapped_most = max((len(w) for w in long_words), default=0) + 2  # a longer word is none's misspelling
        self._far = tuple(w for w in long_words if len(w) >= _FAR and w not in generic)
        self._far_heads = frozenset(w[:2] for w in self._far)
        self._swapped_memo: Dict[str, Optional[str]] = {}
        weak_fits = swapped_words(long_words, self._far_heads)
        self._may_be_swapped = Scan(swappings_of, (frozenset(long_words), self._far_heads), weak_fits)
        # the same sounds spelt otherwise ("Qorma", "Spring Rols"): a sound key, the word it is (None: two words)
        self._sounds: Dict[str, Optional[str]] = {}
        for w in sorted({w for ws in names for w in ws if len(w) >= 3 and w.isalpha()}):
            key = sound_key(w)
            self._sounds[key] = w if self._sounds.get(key, w) == w else None
        for v in vocabulary:  # a word of the menus whose sound is a dish word's is read as written
            key = sound_key(v)
            if key in self._sounds and self._sounds[key] != v:
                self._sounds[key] = None
        keys = frozenset(k for k, w in self._sounds.items() if w)
        sounds = sounded_words(keys)
        self._may_sound = Scan(sound_program, (keys,), sounds) if keys else None
        # a word split in two ("Kor ma"): the word's RE2 program
        self._split_words = frozenset(w for ws in names for w in ws if len(w) >= 5 and w.isalpha() and w not in generic)
        self._may_split = Scan(split_program, (self._split_words,)) if self._split_words else None
        # this round's two scans (most messages hold neither) read word by word in an ASCII text (exact: what
        # their programs find), else as one RE2 program, made on first use (RE2 compiles the four as one at
        # several times the cost of each alone: the first two stay apart)
        self._words_read = sounds is not None or not keys
        self._words_read = self._words_read and all(w.isascii() for w in self._split_words)
        self._union: Any = False  # not made yet
        # what the three word scans find in each word of an ASCII text, kept per word (``_found_in``; None: a scan reads the text)
        self._fits = (near_fits, weak_fits, sounds if keys else None) if near_fits is not None and weak_fits is not None and (
            sounds is not None or not keys) else None
        self._word_found: Dict[str, int] = {}
        self._siblings_table: Optional[Dict[str, FrozenSet[str]]] = None  # a word: the other words of the names holding it

    @property
    def _swapped(self) -> Dict[str, Optional[str]]:
        if self._swapped_table is None:
            self._swapped_table = {}
            for w in self._long_words:
                keys = [w[:k] + "?" + w[k + 1:] for k in range(1, len(w) - 1)]
                keys += [w[:k] + w[k + 1] + w[k] + w[k + 2:] for k in range(len(w) - 1) if w[k] != w[k + 1]]
                keys += [w[:k] + w[k + 1:] for k in range(1, len(w) - 1)] if len(w) == MISSPELT_MIN + 1 else []
                for key in keys:
                    if key not in self._vocabulary and key != w:
                        self._swapped_table[key] = w if self._swapped_table.get(key, w) == w else None
        return self._swapped_table

    @property
    def _siblings(self) -> Dict[str, FrozenSet[str]]:
        if self._siblings_table is None:
            self._siblings_table = {}
            for ws in self._names:
                for w in ws:
                    self._siblings_table[w] = self._siblings_table.get(w, frozenset()) | frozenset(x for x in ws if x != w)
        return self._siblings_table

    def _found_in(self, text: str) -> Optional[int]:
        """Which of the scans for a letter more or less (1), a weaker misspelling (2) and a sound (4) find something in an
        ASCII ``text``, read word by word as each ``Scan.found`` reads it (exact: a scan with ``fits`` finds something there
        exactly when a word of ``letter_words`` fits), each word's answer kept (a message's words are mostly the common
        words of every message); None when a scan reads the text (not ASCII, or a word of the names not ASCII letters)."""
        fits = self._fits
        if fits is None or not text.isascii():
            return None
        memo, out = self._word_found, 0
        near, weak, sound = fits
        for w in letter_words(text):
            f = memo.get(w)
            if f is None:
                if len(memo) > 8192:
                    memo.clear()
                f = memo[w] = near(w) | weak(w) << 1 | (sound is not None and sound(w)) << 2
            out |= f
        return out

    def _new_found(self, text: str, words: Optional[int] = None) -> bool:
        """Whether a sound or a split word may be in ``text`` (what the two scans' programs as one find); ``words``:
        ``_found_in(text)``."""
        if self._words_read and text.isascii():
            return (self._may_split is not None and split_in(self._split_words, text)) or (
                self._may_sound is not None and (bool(words & 4) if words is not None else self._may_sound.found(text)))
        if self._union is False:
            self._union = union_of(tuple(p for p in (sounding(frozenset(k for k, w in self._sounds.items() if w)),
                                                     splitting(self._split_words)) if p is not None))
        return found(self._union, text) if self._union is not None else \
            self._may_sound is not None or self._may_split is not None  # a union RE2 refused: each scan alone

    def respelled(self, text: str, again: bool = True) -> str:
        """``text`` with each word of five letters or more that is a word of an unsafe dish's name
        (four letters or more) with one letter more or one less ("Korrma", "Naaan", "Tiramsu",
        "Chiicken"), or its plural, written as that word: a careful reader takes the misspelling
        for the dish (SPEC §10, fail closed). A word of the menus' names is never respelt, nor one
        a letter away from two such words; a word respelt names a dish only as the word itself
        would ("Chiken" alone names none, "Chiken Korma" the Korma)."""
        text = pieces_joined(self._split_words, text)  # "Sa-mo-sa", "Sa mo sa", "Sam·osa"
        words = self._found_in(text)
        new = self._new_found(text, words)
        if new and self._may_split is not None and self._may_split.found(text):
            joined = self._joined(text)
            words, text = words if joined is text else self._found_in(joined), joined
        if words is not None:
            near, weak = bool(words & 1), bool(words & 2)
            sound = new and self._may_sound is not None and bool(words & 4)
        else:
            near = self._may_be_misspelt.found(text)
            weak = self._may_be_swapped.found(text)
            sound = new and self._may_sound is not None and self._may_sound.found(text)
        if not near and not weak and not sound:
            return text  # linear scans (RE2) for every misspelling at once: most messages hold none
        out: List[str] = []
        last = 0
        capitals: Optional[bool] = None  # whether the text is all in capitals, read once when needed
        for m in self._candidates(text, near, weak, sound):
            token = m.group()
            low = token.lower()
            if self._stem(low) in self._vocabulary:
                continue
            if len(low) < MISSPELT_MIN:  # a short word only as its sound ("Rol", "Nan")
                target = self._sounded(low)
                if target is not None and (target not in self._generic or self._beside_its_name(text, m, target)) \
                        and self._cued(text, m, target, text.isupper()):
                    out += [text[last:m.start()], _as_written(target, token)]
                    last = m.end()
                continue
            target, plural = (self._misspelling_of(low), "") if near and len(low) > MISSPELT_MIN else (None, "")
            if target is None and near and low.endswith("s") and len(low) > MISSPELT_MIN + 1:  # not "basis" as "basi"
                target, plural = self._misspelling_of(low[:-1]), "s"
            if target is None and weak:
                target, plural = self._swapped_of(low), ""
                if target is None and low.endswith("s") and len(low) > MISSPELT_MIN + 1:
                    target, plural = self._swapped_of(low[:-1]), "s"
                if target is not None and token[0].isupper():
                    capitals = text.isupper() if capitals is None else capitals
                far = target is not None and self._one_edit(plural and low[:-1] or low) != target  # "Tempers": two edits
                if target is not None and not self._cued(text, m, target, bool(capitals), far):
                    target = None
            if target is None and sound:
                target, plural = self._sounded(low), ""
                if target is None and low.endswith("s") and len(low) >= MISSPELT_MIN:
                    target, plural = self._sounded(low[:-1]), "s"
                if target is not None and not self._cued(text, m, target, text.isupper()):
                    target = None
            if target is None or target in self._generic and not self._beside_its_name(text, m, target):
                continue  # a kind of dish misspelt only beside a word of its dish's name: "Spring Rols", not "bring", "price"
            out += [text[last:m.start()], _as_written(target, token) + plural]
            last = m.end()
        if not out:
            return text
        respelt = "".join(out) + text[last:]
        return self.respelled(respelt, again=False) if again else respelt  # "Sprng Rols": the second beside the first

    def _candidates(self, text: str, near: bool, weak: bool, sound: bool = False) -> Iterator["re.Match[str]"]:
        """The words of ``text`` the scans found (a word of the text, as ``_LETTER_WORD`` reads it,
        or ``_WORD3`` for a sound), in order; every word when RE2 cannot read the text (a lone surrogate)."""
        scans = ((self._may_be_misspelt, near), (self._may_be_swapped, weak), (self._may_sound, sound))
        try:
            spans = sorted({span for scan, on in scans if on for span in scan.spans(text)})  # type: ignore[union-attr]
        except Exception:  # noqa: BLE001 - read word by word
            yield from (_WORD3 if sound else _LETTER_WORD).finditer(text)
            return
        done = 0
        for start, end in spans:
            m = (_WORD3 if sound else _LETTER_WORD).match(text, start) if start >= done else None
            if m is not None and m.end() == end:
                done = end
                yield m

    def _sounded(self, low: str) -> Optional[str]:
        """The word of an unsafe dish ``low`` sounds as, spelt otherwise ("qorma" -> "korma"; a stop with an "h", "phad" ->
        "pad"), if one alone."""
        if low in self._vocabulary:
            return None
        found = self._sounds.get(sound_key(low))
        if found is None and "h" in low:
            words = {self._sounds.get(key) for key in sound_readings(low)} - {None}
            found = words.pop() if len(words) == 1 else None
        return found

    def _joined(self, text: str) -> str:
        """``text`` with each word of an unsafe dish split in two ("Kor ma", "Tira-misu") written whole,
        where it stands as a dish would (``_cued``) and no part is a short function word or a menu's word."""
        out: List[str] = []
        last = 0
        for m in self._may_split.program().finditer(text):  # type: ignore[union-attr]
            parts = re.split(r"[ \t-]+", m.group())
            whole = "".join(parts).lower()
            target = whole[:-1] if whole not in self._split_words and whole[:-1] in self._split_words else whole
            if target not in self._split_words or any(p.lower() in _SHORT_WORDS or self._stem(p.lower()) in self._vocabulary
                                                      for p in parts):
                continue
            if not self._cued(text, m, target, text.isupper()):
                continue
            out += [text[last:m.start()], _as_written(whole, parts[0])]
            last = m.end()
        return text if not out else "".join(out) + text[last:]

    def _misspelling_of(self, low: str) -> Optional[str]:
        if len(low) not in self._misspelt_lengths:
            return None
        target = self._misspelt.get(low)  # a letter left out
        if target:
            return target
        found = {low[:k] + low[k + 1:] for k in range(len(low))} & self._misspelt_targets  # a letter put in
        return found.pop() if len(found) == 1 else None

    def _swapped_of(self, low: str) -> Optional[str]:
        """The word of an unsafe dish ``low`` is a weaker misspelling of, if one alone (kept: a
        message's words repeat)."""
        if len(low) > self._swapped_most:
            return None
        if low in self._swapped_memo:
            return self._swapped_memo[low]
        if len(self._swapped_memo) > 4096:
            self._swapped_memo.clear()
        target = self._swapped_memo[low] = self._read_swapped(low)
        return target

    def _one_edit(self, low: str) -> Optional[str]:
        """The word of an unsafe dish ``low`` is one weaker edit from (not two), if one alone."""
        target = self._swapped.get(low)  # two letters switched, a letter left out of a short word
        if target is None and len(low) > MISSPELT_MIN:
            found = {self._swapped.get(low[:k] + "?" + low[k + 1:]) for k in range(1, len(low) - 1)} - {None}
            target = found.pop() if len(found) == 1 else None
        return target

    def _read_swapped(self, low: str) -> Optional[str]:
        target = self._one_edit(low)
        if target is None and len(low) > MISSPELT_MIN + 1 and low[:2] in self._far_heads:
            close = [w for w in self._far if w[:2] == low[:2] and abs(len(w) - len(low)) <= 2 and _within_two(low, w)]
            target = close[0] if len(close) == 1 else None
        return target

    def _cued(self, text: str, m: "re.Match[str]", target: str, capitals: bool, far: bool = False) -> bool:
        """Whether a weaker misspelling stands where a dish would: written with a capital in a text
        not all in capitals ("Kurma"), next to another word of the dish's name ("Chicken Kurma"), or
        in a sentence that offers something or asks ("How about the kurma?"); an ordinary word a
        letter or two from a dish's ("bad karma", "a basic tier") stands in none of these."""
        token = m.group()
        if token[0].isupper() and not capitals and not (far and _SENTENCE_START.search(text, max(0, m.start() - 8), m.start())) \
                or self._beside_its_name(text, m, target) or _ITEM_START.search(text, max(0, m.start() - 8), m.start()):
            return True
        lo = max(text.rfind(c, max(0, m.start() - _CUE_REACH), m.start()) for c in ".!?\n") + 1
        ends = [i for i in (text.find(c, m.end(), m.end() + _CUE_REACH) for c in ".!?\n") if i >= 0]
        hi = min(ends) if ends else min(len(text), m.end() + _CUE_REACH)
        return OFFERING.search(text, max(lo, m.start() - _CUE_REACH), hi) is not None or text[hi:hi + 1] == "?"

    def _beside_its_name(self, text: str, m: "re.Match[str]", target: str) -> bool:
        """Whether the word before or after the misspelling is another word of a name holding ``target``."""
        siblings = self._siblings.get(target, frozenset())
        before = _TOKEN_BEFORE.search(text, max(0, m.start() - 24), m.start())
        if before is not None and self._sibling(before.group(1), siblings):
            return True
        after = _TOKEN_AFTER.match(text, m.end())
        return after is not None and self._sibling(after.group(1), siblings)

    def _sibling(self, token: str, siblings: FrozenSet[str]) -> bool:
        """Whether ``token`` is one of ``siblings``, as written or misspelt ("Chiken Kurma": each the other's)."""
        low = token.lower()
        if self._stem(low) in siblings:
            return True
        if not siblings or len(low) < 3 or not low.isalpha():
            return False
        return (len(low) > MISSPELT_MIN and self._misspelling_of(low) in siblings) or self._sounded(low) in siblings \
            or self._swapped_of(low) in siblings


def _as_written(target: str, token: str) -> str:
    return target.upper() if token.isupper() else target.capitalize() if token[:1].isupper() else target


_TOKEN_BEFORE = re.compile(r"([^\W_]+)[ \t_-]{1,3}$")
_TOKEN_AFTER = re.compile(r"[ \t_-]{1,3}([^\W_]+)")


def _within_two(a: str, b: str) -> bool:
    """Whether ``a`` is at most two edits from ``b`` (a letter put in, left out, swapped for another,
    or two next to each other switched; optimal string alignment, on words of a few letters)."""
    prev2: List[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > 2:
            return False
        prev2, prev = prev, cur
    return prev[len(b)] <= 2
