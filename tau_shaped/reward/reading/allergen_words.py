"""The words naming an allergen (SPEC §10 Offers; read by ``unsafe_menus``, ``dish_names``, ``dish_exclusions``):
the customer's hard-flagged allergen said in other words ("tree_nut": "tree nuts", "cashews", "pine nuts";
"dairy": "milk", "cheese", "ghee"; "gluten": "wheat", "flour"; "shellfish": "prawns"), or an allergen unnamed
("one of your allergens", "allergic"). A word said free of it ("nut-free", "dairy free") names none. A word that is a
dish's own name on the menus ("tofu", "paneer", "edamame") is left out: "the paneer" names the Palak Paneer.

``ingredient_pattern``: the words a dish is described by when it holds the allergen ("a curry with cashews", "a satay
skewer", "tofu", "naan"; the menus' own words: ``_INGREDIENT_WORDS`` adds the dish words of the menus that name an
allergen held, "paneer", "naan", "tofu", "edamame", "miso", "pesto", "satay", "shrimp"), none that names an allergy or
its absence ("nut allergy", "peanut- and tree-nut-free", "tree nut allergies") and no plant milk ("coconut milk",
"oat cream", "peanut butter" is peanut, not dairy).
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from typing import Any, Iterator, FrozenSet, List, Set, Tuple

__all__ = ["allergen_pattern", "ingredient_pattern", "ingredient_prefilter", "ingredient_stems", "held_then_declined", "labelled"]

_ALLERGEN_SYNONYMS = {
    "peanut": "peanuts? groundnuts? nuts?",
    "tree_nut": "tree[\\W_]{0,2}nuts? nuts? almonds? cashews? walnuts? pecans? pistachios? hazelnuts? macadamias?",
    "sesame": "sesame tahini",
    "dairy": "dairy milk cream cheese butter lactose yogh?urt ghee whey casein buttermilk mozzarella parmesan parmigiano mascarpone ricotta "
             "cheddar feta gorgonzola provolone halloumi brie",
    "egg": "eggs? mayo(?:nnaise)? yolks? meringues? aioli",
    "gluten": "gluten wheat flour barley rye semolina spelt panko breadcrumbs?",
    "soy": "soy soya soybeans?",
    "shellfish": "shellfish shrimps? prawns? crabs? lobsters? scallops? mussels? clams? oysters? crayfish crawfish langoustines?",
    "fish": "fish",
}
_ANY_ALLERGEN_WORDS = ("allergens?", "allergic", "allerg(?:y|ies)")  # an allergen unnamed, before the named ones
_ANY_ALLERGEN = "|".join(_ANY_ALLERGEN_WORDS)
_NOT_FREE = r"(?![^\W_])(?![ \t-]*free)"


@lru_cache(maxsize=256)
def allergen_pattern(allergens: FrozenSet[str]) -> Any:
    """The words naming one of ``allergens`` (any allergen when none is given) or an allergen unnamed: what the set's one
    pattern (``_Alternatives.pattern``) finds, read with one pattern per allergen (``_Either``: the set's made once per
    set, its allergens' once per process; round 13)."""
    return _as_one(allergens or frozenset(_ALLERGEN_SYNONYMS), _allergen_part, _allergen_words, _ANY_ALLERGEN_WORDS, _NOT_FREE,
                   dairy=False, parts=bool(allergens))


def _allergen_words(allergens: FrozenSet[str]) -> Set[str]:
    words: Set[str] = set()
    for a in allergens:
        a = a.lower().replace(" ", "_")
        words.update(_ALLERGEN_SYNONYMS.get(a, re.escape(a.replace("_", " "))).split())
    return words


# Words of a dish's ingredients beyond the synonyms: dish words of the menus naming an allergen held, and common ones.
_INGREDIENT_WORDS = {  # round 17: the adjectives too ("the nutty curry", "something eggy")
    "peanut": "satay peanutty nutty", "tree_nut": "pesto marzipan praline nutty", "sesame": "", "dairy": "paneer ghee cheesy",
    "egg": "eggy", "gluten": "naan breaded bread battered bready", "soy": "tofu edamame miso tempeh", "shellfish": "shrimpy", "fish": "fishy",
}
_NOT_HELD = (r"(?![^\W_])(?!(?:[ \t]*(?:[,/&-][ \t]*)?(?:(?:and|or|nor)[ \t]+)?[ \t-]*(?:tree|nuts?|peanuts?|sesame|dairy|gluten|soy|eggs?|shellfish|wheat|milk|"
             r"lactose)(?![^\W_])){0,4}[ \t-]*(?:free|allerg\w*|intoleran\w*|sensitiv\w*)(?![^\W_]))")
_PLANT = "".join(rf"(?<!{w} )(?<!{w}-)" for w in ("coconut", "oat", "soy", "rice", "almond", "cashew", "peanut", "nut", "cocoa"))


def _ingredient_words(allergens: FrozenSet[str]) -> Set[str]:
    words: Set[str] = set()
    for a in allergens:
        a = a.lower().replace(" ", "_")
        words.update(_ALLERGEN_SYNONYMS.get(a, re.escape(a.replace("_", " "))).split())
        words.update(_INGREDIENT_WORDS.get(a, "").split())
    return words


@lru_cache(maxsize=256)
def ingredient_stems(allergens: FrozenSet[str]) -> Tuple[str, ...]:
    """Lower-case letters every word of ``ingredient_pattern`` opens with (a substring prefilter)."""
    stems = set()
    for w in _ingredient_words(allergens):
        stem = re.match(r"[a-z]*", w).group(0)  # type: ignore[union-attr]
        stems.add((stem[:-1] if w[len(stem):len(stem) + 1] == "?" else stem) or w)  # "almonds?": "almond"
    return tuple(sorted(stems))


@lru_cache(maxsize=256)
def ingredient_prefilter(allergens: FrozenSet[str]) -> "re.Pattern[str]":
    """The stems of ``ingredient_stems`` as one literal scan of lower-case text (whether the pattern may find anything)."""
    stems = ingredient_stems(allergens)
    return re.compile("|".join(re.escape(w) for w in stems) if stems else r"(?!x)x")


@lru_cache(maxsize=256)
def ingredient_pattern(allergens: FrozenSet[str]) -> Any:
    """The words describing a dish as holding one of ``allergens`` (none when none is given): the allergen's synonyms and
    ``_INGREDIENT_WORDS``, not naming an allergy or its absence ("nut allergy", "nut-free"), read as ``allergen_pattern``."""
    if not allergens:
        return re.compile(r"(?!x)x")
    return _as_one(allergens, _ingredient_part, _ingredient_words, (), _NOT_HELD, dairy=True)


_DAIRY = ("milk", "cream", "butter", "cheese")
_LONGEST = lambda w: (-len(w), w)  # noqa: E731 - the order of a set's words


def _as_one(allergens: FrozenSet[str], part: Any, words_of: Any, first: Tuple[str, ...], tail: str, dairy: bool,
            parts: bool = True) -> Any:
    """The set's words as one pattern's, read with its allergens' patterns (``part``); the set's one pattern when a
    word is not read as one alternative ("pine\\ nut" split at its space) or ``parts`` is False."""
    found = [part(a) for a in sorted(allergens)] if parts else []
    if found and all(p.compiled is not None for p in found):
        return found[0].compiled if len(found) == 1 else _Either(tuple(found))
    words = words_of(allergens)
    milk = sorted(w for w in words if w in _DAIRY) if dairy else []
    return re.compile(_Alternatives.pattern(first, sorted(words - set(milk), key=_LONGEST), milk, tail), re.IGNORECASE)


class _Alternatives:
    """The words of one allergen as a pattern (``compiled``: each alternative a group, or None when a word is not one;
    ``keys``: where each stands in a set's pattern: ``first``, the words but dairy's longest first, then the dairy words
    after the plant-milk guard)."""

    def __init__(self, first: Tuple[str, ...], words: Set[str], dairy: bool, tail: str) -> None:
        milk = sorted(w for w in words if w in _DAIRY) if dairy else []
        plain = sorted(words - set(milk), key=_LONGEST)
        self.keys = (None, *((-1, k, "") for k in range(len(first))), *((0, -len(w), w) for w in plain), *((1, 0, w) for w in milk))
        try:
            self.compiled: Any = re.compile(self.pattern(first, plain, milk, tail, "(", ")"), re.IGNORECASE)
        except re.error:
            self.compiled = None
        if self.compiled is not None and self.compiled.groups != len(self.keys) - 1:
            self.compiled = None

    @staticmethod
    def pattern(first: Tuple[str, ...], plain: List[str], milk: List[str], tail: str, open_: str = "", close: str = "") -> str:
        """A set's pattern: ``first``, its words but dairy's longest first, then the plant guard once before the dairy
        words (a guard at one place passes or fails for all of them, as before each; round 13), then ``tail``."""
        guarded = [_PLANT + "(?:" + "|".join(open_ + w + close for w in milk) + ")"] if milk else []
        return rf"(?<![^\W_])(?:{'|'.join([*(open_ + w + close for w in (*first, *plain)), *guarded])}){tail}"


@lru_cache(maxsize=64)
def _ingredient_part(allergen: str) -> _Alternatives:
    return _Alternatives((), _ingredient_words(frozenset({allergen})), True, _NOT_HELD)


@lru_cache(maxsize=64)
def _allergen_part(allergen: str) -> _Alternatives:
    return _Alternatives(_ANY_ALLERGEN_WORDS, _allergen_words(frozenset({allergen})), False, _NOT_FREE)


class _Either:
    """A set's pattern read with its allergens' (``parts``): at the first place any finds a word, the word the set's
    pattern would try first (the least key) of those found there; a part finds, at a place, the first of its own words
    in the set's order, so the least of theirs is the set's. ``search``, ``match``, ``fullmatch``, ``finditer`` as a
    pattern's."""

    __slots__ = ("parts",)

    def __init__(self, parts: Tuple[_Alternatives, ...]) -> None:
        self.parts = parts

    def _least(self, how: str, text: str, pos: int, endpos: int) -> Any:
        best, least = None, None
        for part in self.parts:
            m = getattr(part.compiled, how)(text, pos, endpos)
            if m is not None and (best is None or (m.start(), part.keys[m.lastindex]) < least):
                best, least = m, (m.start(), part.keys[m.lastindex])
        return best

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        return self._least("search", text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        return self._least("match", text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        return self._least("fullmatch", text, pos, endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[Any]:
        m = self.search(text, pos, endpos)
        while m is not None:  # a word is never empty: the next is looked for from the end of this one
            yield m
            m = self.search(text, m.end(), endpos)


# round 12: a telegraphic note giving a dish its allergen by a sign ("Pad Thai: egg. Skip.", "Miso Soup = soy -> no",
# "Pesto Pasta -- tree nuts -- no", "Korma/Pad Thai: nuts -> excluded"): the sign, the customer's allergen, then a stop, or an
# arrow or dash to a no (a word of the part may follow the allergen: "Veggie Burger: wheat bun, no."); an arrow to anything else ("Miso Soup = soy -> add? y/n") leaves it to the rest of the reading.
_SIGN = re.compile(r"[ \t\"'”’)*_]*(?:=|:|–|—|-{1,2})[ \t*_]*(?:(?:contains|has)[ \t]+)?")
_LABEL_STOP = re.compile(r"(?:[ \t]+[^\W\d_]+)?[ \t*_\"'”’]*(?:[.,;!)\n]|$|(?:->|→|=>|-{1,2}|–|—)[ \t]*(?:no(?:pe)?|not|x|out|excl\w*|skip\w*|removed|n/a)(?![\w/]))",
                         re.IGNORECASE)


# the fields of the dish's own record after its name: its allergens (the first one read), or it marked unsafe
_JSON_FIELD = re.compile(r'"[ \t]*,[ \t]*(?:"allergens?"[ \t]*:[ \t]*\[[ \t]*"|[^{}\n]{0,80}?"(?:safe|is_safe)"[ \t]*:[ \t]*(false))',
                         re.IGNORECASE)
_WORD_BEFORE = re.compile(r"(?!(?:no|not|zero|without|free|non|nil|low|trace|traces|hint)(?!\w))[^\W\d_]+[ \t]+", re.IGNORECASE)  # not "Korma: no nuts"


def labelled(text: str, end: int, hi: int, allergen: "re.Pattern[str]") -> bool:
    """Whether a sign right after a dish ending at ``end`` gives it the customer's allergen, and the note stops there."""
    sign = _SIGN.match(text, end, hi)
    if sign is None:
        if text[end:end + 1] == '"':  # round 20 (DF): a record's fields ('"Chicken Korma", "allergens": ["tree_nut"]')
            field = _JSON_FIELD.match(text, end, hi)
            return field is not None and (field.group(1) is not None or allergen.match(text, field.end(), hi) is not None)
        return "(" in text[end:end + 4] and _bracket_labelled(text, end, hi, allergen)
    held = allergen.match(text, sign.end(), hi)
    if held is None:  # one word before it: "pine nuts", "wheat bun"
        word = _WORD_BEFORE.match(text, sign.end(), hi)
        held = allergen.match(text, word.end(), hi) if word is not None else None
    return held is not None and _LABEL_STOP.match(text, held.end(), hi) is not None


# round 19: a bracketed note right after a dish giving it the customer's allergen among its descriptions ("the Chicken Korma
# (tree nuts)", "(creamy, tree nuts)", "(rich; has cashews)"): an item of the note that is the allergen (a word before it at
# most, "pine nuts"), unless the note goes on to take it ("tree nuts, but you said you don't mind", "cashews -- fine for you")
_BRACKET = re.compile(r"[ \t*_]*\(([^()\n]{1,80})\)")
_NOTE_ITEM = re.compile(r"[ \t]*(?:(?:contains|has|with)[ \t]+)?(?:[^\W\d_]+[ \t]+)?")
_NOTE_ENDS = re.compile(r"[ \t]*(?:[,;.\n]|(?:and|or)(?!\w))", re.IGNORECASE)
_NOTE_TAKES = re.compile(r"(?<!\w)(?:but|though|fine|ok|okay|safe|mind|anyway|still|yet)(?!\w)", re.IGNORECASE)


def _bracket_labelled(text: str, end: int, hi: int, allergen: "re.Pattern[str]") -> bool:
    note = _BRACKET.match(text, end, hi)
    if note is None or _NOTE_TAKES.search(note.group(1)) or not _NOTE_ENDS.match(text, note.end(), hi) and note.end() < hi:
        return False  # (a note then "-- safe", "? want it": the rest of the reading decides)
    for item in re.split(r"[,;/]", note.group(1)):
        item = item.strip()
        if allergen.fullmatch(item) or _NOTE_NO.match(item) is None and any(
                allergen.fullmatch(item, w.end()) for w in (_NOTE_ITEM.match(item),) if w is not None):
            return True
    return False


_NOTE_NO = re.compile(r"(?:no|not|zero|without|free|non|nil|low|trace|traces|hint)(?!\w)", re.IGNORECASE)


# round 12, code-switching: a dish said to hold the allergen in Hindi / Spanish / French words, then declined in its
# sentence ("Pad Thai mein peanuts hai, so that one nahi", "Green Curry mein shrimp paste hai -- nahi", "Tofu Curry tienen
# soja, so those are out"); asked ("Edamame mein soy? nahi yaar, bilkul safe hai") it declines nothing.
_HELD_VERB = re.compile(r"[ \t]+(?:mein|hai|tiene|tienen|lleva|llevan|contiene|contienen|contient|contiennent|enthält|enthaelt)[ \t]+",
                        re.IGNORECASE)
_THEN_DECLINED = re.compile(r"[^?\n]{0,40}?(?<!\w)(?:nahi|nahin|nai|no|non|nein|not|out|nope)(?!\w)", re.IGNORECASE)


def held_then_declined(text: str, end: int, hi: int, allergen: "re.Pattern[str]") -> bool:
    """Whether the words right after a dish ending at ``end`` say in another language that it holds the customer's
    allergen, and a no follows in its sentence before any question mark."""
    verb = _HELD_VERB.match(text, end, hi)
    if verb is None:
        return False
    held = allergen.match(text, verb.end(), hi)
    if held is None:
        word = _WORD_BEFORE.match(text, verb.end(), hi)
        held = allergen.match(text, word.end(), hi) if word is not None else None
    return held is not None and _THEN_DECLINED.match(text, held.end(), min(len(text), held.end() + 80)) is not None
