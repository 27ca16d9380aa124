"""Where a message names a dish, by any form of its name (SPEC §10 "Safety lines fail closed":
an unsafe item named "in any form of its name").

A dish's name is read as its words, each in lower case and in its singular (``stem``: "Rolls"
-> "roll", "Korma's" -> "korma" and a stray "s"), joined by spaces, hyphens, underscores, slashes or
asterisks, or by nothing at all ("ChickenKorma"), with digits or signs for its letters or not
("K0rma", "Ro11", "P@neer": ``unleet``, which folds only a word that then is a menu's), and a
word of an unsafe dish misspelt by one letter more or less ("Korrma", "Tiramsu":
``respelled``), or, where it stands as a dish would (a capital in a text not all in capitals,
beside another word of the dish's name, or in a sentence that offers or asks), by a letter
swapped inside it ("Kurma"), two letters switched ("Tiramsiu"), a letter left out inside a
five-letter word ("Krma") or two edits in a word of seven letters or more ("Terriyakki"): "bad
karma" and "a basic tier" name nothing. A kind of dish ("ring", "rice") misspelt is read only
beside another word of its name ("Onion Rinngs"; "bring", "price" are words). A dish is named by:

- **its full name** ("Chicken Korma", "chicken-korma", "CHICKEN_KORMA", "Chicken Kormas");
- **a partial name**: a run of its words that holds a word other than a filler (``FILLER``: articles, cuisines, "dish",
  "one", and ``MODIFIERS``, colours, ways of cooking, "special", which name a dish only right before "one" or "dish":
  "the green one"): "the korma", "the salmon one", "the teriyaki", read with the menus' other dishes in mind:

  * a partial name that fits unsafe dishes only names one ("the korma"; "the roll" when every
    roll on the customer's menus is unsafe);
  * one that fits a safe dish too names the dish named in full last before it in the message, if one fits ("I can
    propose Grilled Salmon. The salmon is safe" names the Grilled Salmon; "Salmon Roll has sesame. How about the
    salmon?" the Salmon Roll);
  * failing that, a careful reader could take it for the unsafe dish, and it names it (fail closed) when it holds a
    distinctive word ("the salmon" with Salmon Roll unsafe and Grilled Salmon safe); a run of generic words only
    (``GENERIC``: kinds of dish and the commonest meats, "the chicken", "a salad", and any word in three or more dishes
    of the menus) names a kind of dish, not a dish, and names none.

At each word the longest form wins, a full name over a partial one of the same length ("Iced Tea" on the menu is the Iced
Tea, not part of the Thai Iced Tea). Read at the words a form can start with only, linear in the text, once per text; a
message holding no word of an unsafe dish is not read at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Tuple

import re2

from tau_shaped.reward.reading.allergen_words import allergen_pattern
from tau_shaped.reward.reading.dish_misspellings import Misspellings, found as _found
from tau_shaped.reward.reading.normalize_confusables import marks_folded

__all__ = ["FILLER", "GENERIC", "MODIFIERS", "DishNames", "Mention", "dish_names_of", "name_words", "names_no_dish", "stem"]

_FUNCTION = frozenset(
    "the a an and or of with in on to de la al style thai indian japanese italian american chinese "
    "mexican korean french greek spanish vietnamese one dish plate meal combo order item side main".split()
)
MODIFIERS = frozenset(
    "green red white black yellow grilled fried steamed baked roasted iced hot cold spicy mild sweet "
    "sour sticky spring fresh house classic special original mixed small large regular mini big new "
    "plain extra daily".split()
)
FILLER = _FUNCTION | MODIFIERS
GENERIC = frozenset(
    "chicken beef pork fish meat veggie vegetable egg rice noodle soup salad roll bowl cup curry "
    "tea coffee juice soda drink pizza pasta burger bread sandwich wrap taco burrito cake pie "
    "cookie dessert ring rib wing fry chip stick ball bun toast dip sauce platter skewer cheese "
    "sushi dumpling bar".split()
)
_TOKEN = re.compile(r"[^\W_]+")
_JOINER = re.compile(r"[ \t_\-‐‑–—/*~·]{1,6}")  # between a name's words (a line break ends a name)
_ONE = re.compile(r"[ \t_-]+(?:ones?|dish\w*|options?|kind)(?![^\W_])", re.IGNORECASE)  # "the green one"
_GENERIC_COUNT = 3  # a word in this many dishes of the menus is generic there
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False
# A word with digits or signs for letters ("K0rma", "Ro11", "P@neer"): read as a menu's word when it folds to one.
_MAY_LEET_RE2 = re2.compile(r"[A-Za-z][013457@$]|[013457@$][A-Za-z]", _RE2_OPTIONS)  # one linear scan
_LEET_TOKEN = re.compile(r"(?<![A-Za-z0-9@$])(?=[A-Za-z0-9@$]*[A-Za-z])(?=[A-Za-z0-9@$]*[013457@$])[A-Za-z0-9@$]+")
_LEET_MAPS = (str.maketrans("013457@$", "oieastas"), str.maketrans("013457@$", "oleastas"))  # "1" for "i", then for "l"


def stem(word: str) -> str:
    """A word as compared: lower case, singular, a final "y" written "ie" ("fries", "fry" and
    "Fries" are one word; so are "brownies" and "brownie", "rolls" and "roll")."""
    w = word.lower()
    if len(w) <= 3:
        return w
    if w.endswith("ies"):
        return w[:-1]
    if w.endswith("y"):
        return w[:-1] + "ie"
    if w.endswith("es") and w[:-2].endswith(("s", "x", "z", "ch", "sh", "o")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us")):
        return w[:-1]
    return w


@lru_cache(maxsize=8192)
def name_words(name: str) -> Tuple[str, ...]:
    """A dish name's words as compared (read once per name: a batch's worlds name the same dishes)."""
    return tuple(stem(w) for w in _TOKEN.findall(marks_folded(name)))  # "Crème Brûlée" as text reads it


@dataclass(frozen=True)
class Mention:
    """A dish named at ``text[start:end]``: ``dish`` its name on the menu, ``unsafe`` whether it
    holds one of the customer's allergens, ``full`` whether its full name was written."""

    start: int
    end: int
    dish: str
    unsafe: bool
    full: bool


@dataclass(frozen=True)
class _Form:
    dishes: Tuple[str, ...]  # the dishes the form fits, unsafe ones first
    full: bool
    distinctive: bool  # holds a word that is neither filler nor generic
    needs_one: bool = False  # modifiers only: a name only before "one" / "dish" ("the green one")


@dataclass(frozen=True)
class _Menus:
    """What the forms of the dishes' names are, whichever of them are unsafe (made once per set of
    names: the customers of a world eat from a few sets of restaurants)."""

    generic: FrozenSet[str]
    full_forms: Tuple[Tuple[Tuple[str, ...], _Form], ...]  # each name's words, in the names' order
    parts: Dict[Tuple[str, ...], Tuple[FrozenSet[str], bool, bool]]  # words: (the dishes holding them, distinctive, needs_one)
    vocabulary: FrozenSet[str]
    longest: int
    first: FrozenSet[str]
    joined: Dict[str, Tuple[str, ...]]
    starts: Any
    starts_any_case: Any


@lru_cache(maxsize=256)
def _menus(names: Tuple[str, ...]) -> _Menus:
    """The forms of ``names`` (sorted): every run of a name's words with the dishes holding it."""
    dishes = {n: name_words(n) for n in names}
    dishes = {n: w for n, w in dishes.items() if w}
    counts: Dict[str, int] = {}
    for words in dishes.values():
        for w in set(words):
            counts[w] = counts.get(w, 0) + 1
    generic = GENERIC | {w for w, c in counts.items() if c >= _GENERIC_COUNT}
    full: Dict[Tuple[str, ...], _Form] = {}
    for name, words in dishes.items():
        full[words] = _Form((name,), True, True)
    fitting: Dict[Tuple[str, ...], set] = {}  # every run of a name's words: the dishes holding it
    for name, words in dishes.items():
        for i in range(len(words)):
            for j in range(i + 1, len(words) + 1):
                fitting.setdefault(words[i:j], set()).add(name)
    parts = []
    for part, holding in fitting.items():
        if part in full or any(w in _FUNCTION or w.isdigit() for w in part) and all(w in FILLER or w.isdigit() for w in part):
            continue
        parts.append((part, frozenset(holding), any(w not in FILLER and w not in generic for w in part), all(w in MODIFIERS for w in part)))
    keys = list(full) + [p[0] for p in parts]
    part_of = {p[0]: p[1:] for p in parts}
    first = frozenset(k[0] for k in keys)
    starts = sorted({w[:-2] if w.endswith("ie") and len(w) > 3 else w for w in first})  # what a form's first word starts with
    alternatives = r"(?<![^\W_])(?:" + "|".join(map(re.escape, starts)) + r")[^\W_]*"
    return _Menus(frozenset(generic), tuple(full.items()), part_of, frozenset(w for words in dishes.values() for w in words),
                  max((len(k) for k in keys), default=0), first, {"".join(k): k for k in keys if len(k) > 1},
                  _Compiled(alternatives, 0, starts) if starts else None,  # read in the text in lower case
                  _Compiled(alternatives, re.IGNORECASE) if starts else None)


class _Compiled:
    """``re.compile(pattern, flags)``, compiled on first ``finditer`` (of a set of menus' two, most sets use one: the other
    reads a text whose lower case is of another length). With ``starts`` (``_menus``'s alternatives, read in lower case)
    all letters and digits, a match opens a run of them and ends where it ends: runs are read, no program made (round 13)."""

    __slots__ = ("pattern", "flags", "_compiled", "_starts", "_sizes")

    def __init__(self, pattern: str, flags: int = 0, starts: Iterable[str] = ()) -> None:
        self.pattern, self.flags, self._compiled = pattern, flags, None
        opening = frozenset(starts)
        self._starts = opening if opening and all(map(_TOKEN.fullmatch, opening)) else None
        self._sizes = tuple(sorted({len(s) for s in opening}))

    def finditer(self, text: str) -> Any:
        if self._starts is not None:
            return (m for m in _TOKEN.finditer(text) if _opens(m.group(), self._starts, self._sizes))
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled.finditer(text)


def _opens(run: str, starts: FrozenSet[str], sizes: Tuple[int, ...]) -> bool:
    return any(run[:k] in starts for k in sizes)


class DishNames:
    """The forms of the names of the dishes on a customer's menus (``unsafe`` and ``safe``)."""

    def __init__(self, unsafe: Iterable[str], safe: Iterable[str] = ()) -> None:
        self.unsafe = frozenset(unsafe)
        menus = _menus(tuple(sorted(self.unsafe | set(safe))))
        self._generic = menus.generic
        # the full names' forms, and the partial ones' as they are met (which dishes they fit, unsafe first)
        self._forms: Dict[Tuple[str, ...], _Form] = dict(menus.full_forms)
        self._parts = menus.parts
        self._vocabulary = menus.vocabulary
        self._longest, self._first, self._joined = menus.longest, menus.first, menus.joined
        self._starts, self._starts_any_case = menus.starts, menus.starts_any_case
        self._misspellings = Misspellings((name_words(n) for n in self.unsafe), self._vocabulary, self._generic, stem)
        self._unsafe_words = tuple(sorted(w for w in frozenset().union(*map(_unsafe_words_of, self.unsafe)) if w))
        self._found: Dict[str, Tuple[Mention, ...]] = {}  # ``find``'s answers by text

    def unleet(self, text: str) -> str:
        """``text`` with each word written with digits or signs for letters that folds to a word of
        the menus' names written with its letters ("K0rma" -> "Korma", "Ro11" -> "Roll"), the
        same length (a position in one is the position in the other); anything else as written
        (an id, "W2611340", folds to no word of a dish)."""
        if not _found(_MAY_LEET_RE2, text):
            return text
        out = None
        for m in _LEET_TOKEN.finditer(text):
            token = m.group()
            for table in _LEET_MAPS:
                folded = token.translate(table)
                if folded.isalpha() and (self._word(folded) in self._vocabulary or folded.lower() in self._joined):
                    out = out if out is not None else list(text)
                    out[m.start():m.end()] = folded
                    break
        return text if out is None else "".join(out)

    def respelled(self, text: str) -> str:
        """``text`` with each misspelt word of an unsafe dish's name written as that word (a
        careful reader takes the misspelling for the dish, SPEC §10, fail closed; which
        misspellings, and where, is told in ``dish_misspellings``)."""
        return self._misspellings.respelled(text)

    def may_name_unsafe(self, text: str) -> bool:
        """False when ``text`` holds no word of an unsafe dish's name (nothing unsafe is named)."""
        low = text.lower()
        return any(w in low for w in self._unsafe_words)

    def find(self, text: str) -> List[Mention]:
        """Every dish ``text`` names, in order (see the module's rules); kept per text (round 19: a message is read again)."""
        kept = self._found.get(text)
        if kept is None:
            self._found = self._found if len(self._found) < 4096 else {}
            kept = self._found[text] = tuple(self._mentions(text))
        return list(kept)

    def _mentions(self, text: str) -> List[Mention]:
        out: List[Mention] = []
        full_named: List[Mention] = []  # dishes named in full so far (what a partial name may name)
        done = 0  # where the last form found ends
        if self._starts is None or self._starts_any_case is None:
            return out
        low = text.lower()
        words = self._starts.finditer(low) if len(low) == len(text) else self._starts_any_case.finditer(text)
        for w in words:
            if w.start() < done:
                continue
            found = self._longest_at(text, w)
            if found is None:
                continue
            end, form = found
            one = _ONE.match(text, end)
            if one is None and form.needs_one:
                continue
            end = one.end() if one is not None and not form.full else end  # "the salmon one" is one name
            dish = self._resolve(form, full_named)
            if dish is not None:
                mention = Mention(w.start(), end, dish, dish in self.unsafe, form.full)
                out.append(mention)
                if form.full:
                    full_named.append(mention)
            done = end
        return out

    def _longest_at(self, text: str, first: "re.Match[str]") -> Optional[Tuple[int, _Form]]:
        """The longest form starting with the word ``first``: where it ends, and the form."""
        word = self._word(first.group(0))
        if word not in self._first:
            key = self._joined.get(word)
            return (first.end(), self._form(key)) if key is not None else None  # type: ignore[return-value]
        words, ends = [word], [first.end()]
        while len(words) < self._longest:
            gap = _JOINER.match(text, ends[-1])
            nxt = _TOKEN.match(text, gap.end()) if gap is not None else None
            if nxt is None:
                break
            words.append(self._word(nxt.group(0)))
            ends.append(nxt.end())
        for k in range(len(words), 0, -1):
            form = self._form(tuple(words[:k]))
            if form is not None:
                return ends[k - 1], form
        return None

    def _form(self, words: Tuple[str, ...]) -> Optional[_Form]:
        """The form these words are (a full name's or a partial one's), or None."""
        form = self._forms.get(words)
        if form is None:
            part = self._parts.get(words)
            if part is None:
                return None
            names, distinctive, needs_one = part
            fits = tuple(sorted(names, key=lambda n: (n not in self.unsafe, n)))
            form = self._forms[words] = _Form(fits, False, distinctive, needs_one)
        return form

    def _word(self, token: str) -> str:
        """``token`` as a word of the menus' names: its stem, or, when that is none of them, the
        token without a final "s" or "es" that is one ("tiramisus": "tiramisu")."""
        word = stem(token)
        if word in self._vocabulary or not word.endswith("s"):
            return word
        low = token.lower()
        return next((w for w in (low[:-1], low[:-2]) if w in self._vocabulary), word)

    def _resolve(self, form: _Form, full_named: List[Mention]) -> Optional[str]:
        """The dish a form names: its own (a full name), the only kind it fits (unsafe dishes
        only, or safe ones only), the one named in full last before it that it fits, or, failing
        that, an unsafe one it fits when the form is distinctive (fail closed)."""
        if form.full or len(form.dishes) == 1:
            return form.dishes[0]
        unsafe = [d for d in form.dishes if d in self.unsafe]
        if len(unsafe) == len(form.dishes) or not unsafe:
            return form.dishes[0]
        for m in reversed(full_named[-16:]):
            if m.dish in form.dishes:
                return m.dish
        return unsafe[0] if form.distinctive else None


@lru_cache(maxsize=512)
def dish_names_of(unsafe: Tuple[str, ...], safe: Tuple[str, ...] = ()) -> DishNames:
    """The ``DishNames`` of these menus, made once for each set of names (a DishNames never
    changes once made; customers sharing a restaurant and allergens share one, and a batch's
    worlds hold a few restaurants)."""
    return DishNames(unsafe, safe)


@lru_cache(maxsize=8192)
def _unsafe_words_of(name: str) -> FrozenSet[str]:
    """What a text naming the dish ``name`` holds in lower case (``may_name_unsafe``): the start of each word but a function
    word, and its words joined (read once per name: a batch's menus name the same dishes)."""
    low = marks_folded(name).lower()
    return frozenset({_prefix(w) for w in _TOKEN.findall(low) if stem(w) not in _FUNCTION} | {"".join(_TOKEN.findall(low))})


def _prefix(word: str) -> str:
    """What every written form of ``word`` starts with ("fries", "fry": "fr")."""
    s = stem(word)
    k = 0
    while k < min(len(s), len(word)) and s[k] == word[k]:
        k += 1
    return word[:k] or word


def names_no_dish(text: str, m: "Mention") -> bool:
    """Whether a partial name read at ``m`` names no dish after all: the allergen its word also is,
    named as what a dish holds ("... since it contains peanut"), or a kind of dish standing as a
    verb ("the courier will roll up")."""
    return _the_allergen(text, m) or _a_verb(text, m) or _FREE_AFTER.match(text, m.end) is not None  # "a tofu-free wrap"


_ANY_ALLERGEN_WORD = allergen_pattern(frozenset())
# what names an allergen right before a word that is also a dish's ("it contains peanut", "has traces of sesame")
# ("with" and "have" are not: "I'd go with peanut", "you could have peanut" choose the dish)
_ALLERGEN_CUE = re.compile(r"(?i)(?<!\w)(?:has|contains?|contained|containing|includes?|including|made[ \t]+(?:with|from|of)|got|"
                           r"uses?|full[ \t]+of|traces?[ \t]+of|allergic[ \t]+to|allergy[ \t]+to)"
                           r"(?:[ \t]+(?:a|an|some|any|real|whole|crushed|ground|roasted|chopped|bits?[ \t]+of|traces?[ \t]+of))*[ \t]+$")


def _the_allergen(text: str, m: "Mention") -> bool:
    """Whether a partial name is the allergen its word also is, named as what a dish holds ("Peanut
    Noodles is out, since it contains peanut": the second "peanut" names no dish) or made an ingredient by the noun
    after it ("the curry has shrimp paste")."""
    return _ANY_ALLERGEN_WORD.fullmatch(text, m.start, m.end) is not None and (
        _ALLERGEN_CUE.search(text, max(0, m.start - 40), m.start) is not None or _FORM_AFTER.match(text, m.end) is not None)


# an allergen word made into an ingredient by the noun after it ("shrimp paste", "peanut sauce", "sesame oil"): no dish
_FORM_AFTER = re.compile(r"(?i)[ \t-]+(?:paste|sauce|oil|flakes|powder|extract|stock|broth|butter|seeds?|dressing|crumbs|bits)(?!\w)")


# round 12: a word of a dish's name made "free of it" by "-free" / "free" after it ("a tofu-free wrap") names no dish
_FREE_AFTER = re.compile(r"(?i)[ \t]?-?[ \t]?free(?!\w)")


# a subject (and a modal) before a partial name that makes it a verb ("the courier will roll up", "it rolls")
_VERB_BEFORE = re.compile(r"(?i)(?<![\w'’])(?:couriers?|drivers?|riders?|it|he|she|they|we|i)"
                          r"(?:['’]ll|[ \t]+(?:will|would|can|could|should|may|might|must))?[ \t]+$")


def _a_verb(text: str, m: "Mention") -> bool:
    """Whether a partial name of one kind of dish ("roll", "ring") stands as a verb ("The courier will
    roll up"): after its subject (and a modal), with no article (a dish's own word, "korma", is none)."""
    word = text[m.start:m.end]
    return " " not in word and stem(word.lower()) in GENERIC and _VERB_BEFORE.search(text, max(0, m.start - 16), m.start) is not None
