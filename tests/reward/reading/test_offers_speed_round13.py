"""Round 13's cheaper readings of the unsafe-offer reader are the readings they replace, in any text:

- ``dish_names._Compiled`` with its starts reads a lower-case text run by run, no program made: it finds what the
  starts' pattern (``(?<![^\\W_])(?:start|...)[^\\W_]*``) finds, where it finds it (a start that is not letters and
  digits alone leaves the pattern to read);
- ``allergen_words.ingredient_pattern`` writes the plant-milk guard once before the dairy words: it finds what the
  guard before each dairy word found; and it reads a set of allergens with one pattern per allergen (``_Either``):
  what the set's one pattern finds, where it finds it, from any place to any end; and so does ``allergen_pattern``
  (``search``, ``match``, ``fullmatch``, ``finditer``).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import allergen_words as aw
from tau_shaped.reward.reading import dish_names as dn
from tau_shaped.reward.reading import unsafe_menus as um
from tests.prop_strategies import prop_settings

_PIECES = ["korma", "kor", "k", "chicken", "chick", "naan", "na", "pad", "thai", "ie", "roll", "ro", "s", "1", "2x",
           "_", " ", "-", ".", "\n", "é", "ß", "İ", "\u212a", "ǆ", "٣", "a\u0301", "'", "’", "—"]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=14).map("".join)
_STARTS = st.lists(st.sampled_from(["korma", "kor", "k", "chick", "naan", "na", "pad", "th", "ro", "rol", "ie", "é", "ß", "٣",
                                    "2x", "a\u0301", "x-y", "e.", "ǆ"]), min_size=1, max_size=6, unique=True)


def _spans(matches):
    return [(m.start(), m.end(), m.group()) for m in matches]


@prop_settings(400)
@given(_STARTS, _TEXTS)
def test_the_starts_read_run_by_run_find_what_their_pattern_finds(starts, text):
    alternatives = r"(?<![^\W_])(?:" + "|".join(map(re.escape, starts)) + r")[^\W_]*"
    low = text.lower()
    read = dn._Compiled(alternatives, 0, starts)
    assert _spans(read.finditer(low)) == _spans(re.compile(alternatives).finditer(low))
    assert (read._starts is None) is not all(re.fullmatch(r"[^\W_]+", s) for s in starts)  # a start with a sign: the pattern


def test_a_menu_compiles_no_starts_pattern():
    names = dn.dish_names_of(("Chicken Korma", "Garlic Naan"), ("Pad Thai", "Salmon Roll"))
    found = names.find("How about the chicken korma, or the Pad-Thai? kormas")
    assert [(m.dish, m.full) for m in found] == [("Chicken Korma", True), ("Pad Thai", True), ("Chicken Korma", False)]
    assert names._starts._compiled is None


def _guard_before_each(allergens):
    """``ingredient_pattern`` as round 12 wrote it: the plant guard before each dairy word."""
    words = aw._ingredient_words(allergens)
    dairy = {w for w in words if w in ("milk", "cream", "butter", "cheese")}
    alternatives = "|".join([*sorted(words - dairy, key=lambda w: (-len(w), w)), *(aw._PLANT + w for w in sorted(dairy))])
    return re.compile(rf"(?<![^\W_])(?:{alternatives}){aw._NOT_HELD}", re.IGNORECASE)


_SETS = [frozenset({"dairy"}), frozenset({"dairy", "tree_nut"}), frozenset({"dairy", "egg", "gluten", "soy"}), frozenset({"peanut"})]
_WORDS = ["milk", "cream", "butter", "cheese", "buttermilk", "creamy", "coconut", "oat", "soy", "peanut", "cashew", "nut", "nuts",
          "almond", "cocoa", "rice", "free", "allergy", "dairy", "ghee", "paneer", "egg", "flour", "tree", "Milk", "BUTTER"]
_DAIRY_TEXTS = st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from([" ", "-", ", ", " and ", "", "_", ". "])),
                        max_size=8).map(lambda parts: "".join(w + g for w, g in parts))


@prop_settings(400)
@given(st.sampled_from(_SETS), _DAIRY_TEXTS)
def test_the_plant_guard_once_finds_what_it_found_before_each_dairy_word(allergens, text):
    assert _spans(aw.ingredient_pattern(allergens).finditer(text)) == _spans(_guard_before_each(allergens).finditer(text))


def _menu_before(state, customer_id):
    """``unsafe_menus._build`` as round 12 wrote it: each order's restaurant split in turn."""
    customer = state["customers"].get(customer_id)
    if not isinstance(customer, dict) or not customer.get("allergens"):
        return um.UnsafeMenu.of(())
    allergens = {str(a).lower() for a in customer["allergens"]}
    names, others, ordered = [], [], []
    for oid in customer.get("orders") or []:
        order = state["orders"].get(oid) if isinstance(oid, str) else None
        if not isinstance(order, dict):
            continue
        ordered.extend(i["name"] for i in order.get("items") or [] if isinstance(i, dict) and isinstance(i.get("name"), str))
        restaurant = state["restaurants"].get(order.get("restaurant_id")) if isinstance(order.get("restaurant_id"), str) else None
        if isinstance(restaurant, dict):
            for item in (restaurant["menu"].values() if isinstance(restaurant.get("menu"), dict) else ()):
                if isinstance(item, dict) and isinstance(item.get("name"), str):
                    held = allergens & {str(a).lower() for a in item.get("allergens") or []}
                    (names if held else others).append(item["name"])
    return um.UnsafeMenu.of(names, ordered, others, allergens)


_DISHES = [("Chicken Korma", ["tree_nut", "dairy"]), ("Garlic Naan", ["gluten", "dairy"]), ("Pad Thai", ["peanut", "egg"]),
           ("Salmon Roll", ["fish", "sesame"]), ("Vegetable Udon", ["gluten", "soy"]), ("Rice", [])]


@st.composite
def _worlds(draw):
    restaurants = {f"r{k}": {"menu": {f"i{j}": {"name": n, "allergens": a} for j, (n, a) in enumerate(_DISHES) if draw(st.booleans())}}
                   for k in range(3)}
    restaurants["r9"], restaurants["r3"] = "not a restaurant", {"menu": [{"name": "Rice", "allergens": []}]}
    orders, customers = {}, {}
    for c in range(4):
        oids = []
        for k in range(draw(st.integers(0, 4))):
            oid = f"o{c}{k}"
            oids.append(draw(st.sampled_from([oid, oid, 7, "missing"])))
            orders[oid] = {"restaurant_id": draw(st.sampled_from(["r0", "r1", "r2", "r3", "r9", "rX", None])),
                           "items": [{"name": draw(st.sampled_from([n for n, _ in _DISHES]))} for _ in range(draw(st.integers(0, 2)))]}
        customers[f"c{c}"] = {"allergens": draw(st.lists(st.sampled_from(["Dairy", "gluten", "peanut", "sesame", "soy"]), max_size=2)),
                              "orders": oids}
    return {"customers": customers, "orders": orders, "restaurants": restaurants}


@prop_settings(200)
@given(_worlds())
def test_a_customers_menu_is_the_one_each_order_made(state):
    menus = {c: um.unsafe_menu(state, c) for c in [*state["customers"], "nobody"]}
    for c, menu in menus.items():
        assert menu == (_menu_before(state, c) if c in state["customers"] else um.UnsafeMenu.of(()))


_ALLERGENS = ["dairy", "tree_nut", "peanut", "egg", "gluten", "soy", "sesame", "shellfish", "fish", "Tree Nut", "pine nut", "milk",
              "mustard", "nuts"]
_ANY_WORDS = sorted({w for a in _ALLERGENS for w in re.sub(r"\\W|\[.*?\]|\{.*?\}|\(\?:|\)|\?", "", " ".join(
    aw._ingredient_words(frozenset({a})))).split()} | {"tree nut", "tree-nuts", "pine nuts", "Mustard", "peanut butter", "oat milk",
                                                      "allergy", "free", "nut-free", "soybeans", "mayonnaise", "NUTS", "coconut-cream", "cashew cheese"})
_MIXED_TEXTS = st.lists(st.tuples(st.sampled_from(_ANY_WORDS), st.sampled_from([" ", "-", ", ", " and ", "", "_", ". ", "\n"])),
                        max_size=10).map(lambda parts: "".join(w + g for w, g in parts))


@prop_settings(500)
@given(st.frozensets(st.sampled_from(_ALLERGENS), min_size=1, max_size=4), _MIXED_TEXTS, st.integers(0, 12), st.integers(0, 90))
def test_a_set_read_with_one_pattern_per_allergen_finds_what_its_one_pattern_finds(allergens, text, pos, endpos):
    read, one = aw.ingredient_pattern(allergens), _guard_before_each(allergens)
    assert _spans(read.finditer(text)) == _spans(one.finditer(text))
    assert _spans(read.finditer(text, pos, endpos)) == _spans(one.finditer(text, pos, endpos))
    found, want = read.search(text, pos), one.search(text, pos)
    assert (found and (found.start(), found.end(), found.group())) == (want and (want.start(), want.end(), want.group()))


def _allergen_one_pattern(allergens):
    """``allergen_pattern`` as round 12 wrote it: one pattern per set."""
    words = set()
    for a in allergens or aw._ALLERGEN_SYNONYMS:
        a = a.lower().replace(" ", "_")
        words.update(aw._ALLERGEN_SYNONYMS.get(a, re.escape(a.replace("_", " "))).split())
    alternatives = "|".join(sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(rf"(?<![^\W_])(?:allergens?|allergic|allerg(?:y|ies)|{alternatives})(?![^\W_])(?![ \t-]*free)", re.IGNORECASE)


def _at(m):
    return m and (m.start(), m.end(), m.group())


@prop_settings(500)
@given(st.frozensets(st.sampled_from(_ALLERGENS), max_size=4), _MIXED_TEXTS.map(lambda t: t + " allergens allergy allergic"),
       st.integers(0, 12), st.integers(0, 120))
def test_the_allergen_words_read_with_one_pattern_per_allergen_are_the_sets(allergens, text, pos, endpos):
    read, one = aw.allergen_pattern(allergens), _allergen_one_pattern(allergens)
    assert _spans(read.finditer(text, pos, endpos)) == _spans(one.finditer(text, pos, endpos))
    for how in ("search", "match", "fullmatch"):
        assert _at(getattr(read, how)(text, pos, endpos)) == _at(getattr(one, how)(text, pos, endpos)), how
    for m in one.finditer(text):  # each word alone, as the readers ask ("isn't dairy-free": is "dairy" one?)
        assert _at(read.fullmatch(m.group())) == _at(one.fullmatch(m.group()))
        assert _at(read.match(text, m.start())) == _at(one.match(text, m.start()))
