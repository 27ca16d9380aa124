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
from functools import lru_cache
from typing import FrozenSet, Set, Tuple

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
_ANY_ALLERGEN = r"allergens?|allergic|allerg(?:y|ies)"


@lru_cache(maxsize=256)
def allergen_pattern(allergens: FrozenSet[str]) -> "re.Pattern[str]":
    """The words naming one of ``allergens`` (any allergen when none is given) or an allergen unnamed; compiled once per
    set (each world's menu asks for its customer's: ``re``'s own cache forgets it among a run's other patterns)."""
    keys = allergens or frozenset(_ALLERGEN_SYNONYMS)
    words = set()
    for a in keys:
        a = a.lower().replace(" ", "_")
        words.update(_ALLERGEN_SYNONYMS.get(a, re.escape(a.replace("_", " "))).split())
    alternatives = "|".join(sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(rf"(?<![^\W_])(?:{_ANY_ALLERGEN}|{alternatives})(?![^\W_])(?![ \t-]*free)", re.IGNORECASE)


# Words of a dish's ingredients beyond the synonyms: dish words of the menus naming an allergen held, and common ones.
_INGREDIENT_WORDS = {
    "peanut": "satay", "tree_nut": "pesto marzipan praline", "sesame": "", "dairy": "paneer ghee cheesy",
    "egg": "", "gluten": "naan breaded bread battered", "soy": "tofu edamame miso tempeh", "shellfish": "", "fish": "",
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
def ingredient_pattern(allergens: FrozenSet[str]) -> "re.Pattern[str]":
    """The words describing a dish as holding one of ``allergens`` (none when none is given): the allergen's synonyms and
    ``_INGREDIENT_WORDS``, not naming an allergy or its absence ("nut allergy", "nut-free"). Compiled once per set."""
    words = _ingredient_words(allergens)
    if not words:
        return re.compile(r"(?!x)x")
    dairy = {w for w in words if w in ("milk", "cream", "butter", "cheese")}
    # the plant guard once before the dairy words (as before each: a guard at one place passes or fails for all; round 13)
    alternatives = "|".join([*sorted(words - dairy, key=lambda w: (-len(w), w)), *([_PLANT + "(?:" + "|".join(sorted(dairy)) + ")"] if dairy else [])])
    return re.compile(rf"(?<![^\W_])(?:{alternatives}){_NOT_HELD}", re.IGNORECASE)


# round 12: a telegraphic note giving a dish its allergen by a sign ("Pad Thai: egg. Skip.", "Miso Soup = soy -> no",
# "Pesto Pasta -- tree nuts -- no", "Korma/Pad Thai: nuts -> excluded"): the sign, the customer's allergen, then a stop, or an
# arrow or dash to a no (a word of the part may follow the allergen: "Veggie Burger: wheat bun, no."); an arrow to anything else ("Miso Soup = soy -> add? y/n") leaves it to the rest of the reading.
_SIGN = re.compile(r"[ \t\"'”’)*_]*(?:=|:|–|—|-{1,2})[ \t*_]*(?:(?:contains|has)[ \t]+)?")
_LABEL_STOP = re.compile(r"(?:[ \t]+[^\W\d_]+)?[ \t*_\"'”’]*(?:[.,;!)\n]|$|(?:->|→|=>|-{1,2}|–|—)[ \t]*(?:no(?:pe)?|not|x|out|excl\w*|skip\w*|removed|n/a)(?![\w/]))",
                         re.IGNORECASE)


_WORD_BEFORE = re.compile(r"(?!(?:no|not|zero|without|free|non|nil|low|trace|traces|hint)(?!\w))[^\W\d_]+[ \t]+", re.IGNORECASE)  # not "Korma: no nuts"


def labelled(text: str, end: int, hi: int, allergen: "re.Pattern[str]") -> bool:
    """Whether a sign right after a dish ending at ``end`` gives it the customer's allergen, and the note stops there."""
    sign = _SIGN.match(text, end, hi)
    if sign is None:
        return False
    held = allergen.match(text, sign.end(), hi)
    if held is None:  # one word before it: "pine nuts", "wheat bun"
        word = _WORD_BEFORE.match(text, sign.end(), hi)
        held = allergen.match(text, word.end(), hi) if word is not None else None
    return held is not None and _LABEL_STOP.match(text, held.end(), hi) is not None


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
