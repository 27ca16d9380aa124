"""The words naming an allergen (SPEC §10 Offers; read by ``unsafe_menus``, ``dish_names``, ``dish_exclusions``):
the customer's hard-flagged allergen said in other words ("tree_nut": "tree nuts", "cashews", "pine nuts";
"dairy": "milk", "cheese", "ghee"; "gluten": "wheat", "flour"; "shellfish": "prawns"), or an allergen unnamed
("one of your allergens", "allergic"). A word said free of it ("nut-free", "dairy free") names none. A word that is a
dish's own name on the menus ("tofu", "paneer", "edamame") is left out: "the paneer" names the Palak Paneer.
"""

from __future__ import annotations

import re
from typing import FrozenSet

__all__ = ["allergen_pattern"]

_ALLERGEN_SYNONYMS = {
    "peanut": "peanuts? groundnuts? nuts?",
    "tree_nut": "tree[\\W_]{0,2}nuts? nuts? almonds? cashews? walnuts? pecans? pistachios? hazelnuts?",
    "sesame": "sesame tahini",
    "dairy": "dairy milk cream cheese butter lactose yogh?urt ghee whey casein",
    "egg": "eggs? mayo(?:nnaise)? yolks? meringues? aioli",
    "gluten": "gluten wheat flour barley rye semolina spelt panko breadcrumbs?",
    "soy": "soy soya soybeans?",
    "shellfish": "shellfish shrimps? prawns? crabs? lobsters? scallops? mussels? clams? oysters? crayfish",
    "fish": "fish",
}
_ANY_ALLERGEN = r"allergens?|allergic|allerg(?:y|ies)"


def allergen_pattern(allergens: FrozenSet[str]) -> "re.Pattern[str]":
    """The words naming one of ``allergens`` (any allergen when none is given) or an allergen unnamed."""
    keys = allergens or frozenset(_ALLERGEN_SYNONYMS)
    words = set()
    for a in keys:
        a = a.lower().replace(" ", "_")
        words.update(_ALLERGEN_SYNONYMS.get(a, re.escape(a.replace("_", " "))).split())
    alternatives = "|".join(sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(rf"(?<![^\W_])(?:{_ANY_ALLERGEN}|{alternatives})(?![^\W_])(?![ \t-]*free)", re.IGNORECASE)
