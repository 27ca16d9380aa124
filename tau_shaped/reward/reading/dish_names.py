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
- **a partial name**: a run of its words that holds a word other than a filler (``FILLER``:
  articles, cuisines, "dish", "one", and ``MODIFIERS``, colours, ways of cooking, "special",
  which name a dish only right before "one" or "dish": "the green one"): "the korma", "the
  salmon one", "the teriyaki", read with the menus' other dishes in mind:

  * a partial name that fits unsafe dishes only names one ("the korma"; "the roll" when every
    roll on the customer's menus is unsafe);
  * one that fits a safe dish too names the dish named in full last before it in the message,
    if one fits ("I can propose Grilled Salmon. The salmon is safe" names the Grilled Salmon;
    "Salmon Roll has sesame. How about the salmon?" the Salmon Roll);
  * failing that, a careful reader could take it for the unsafe dish, and it names it (fail
    closed) when it holds a distinctive word ("the salmon" with Salmon Roll unsafe and Grilled
    Salmon safe); a run of generic words only (``GENERIC``: kinds of dish and the commonest
    meats, "the chicken", "a salad", and any word in three or more dishes of the menus) names
    a kind of dish, not a dish, and names none.

At each word the longest form wins, a full name over a partial one of the same length ("Iced
Tea" on the menu is the Iced Tea, not part of the Thai Iced Tea). Read at the words a form can start
with only, linear in the text; a message holding no word of an unsafe dish is not read at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Tuple

import re2

from tau_shaped.reward.reading.dish_exclusions import OFFERING

__all__ = ["FILLER", "GENERIC", "MODIFIERS", "DishNames", "Mention", "dish_names_of", "name_words", "stem"]

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
_MISSPELT_MIN = 4  # a word of an unsafe dish this long or longer is read through one letter more or less
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False
_LETTER_WORD = re.compile(r"(?<![^\W_])[A-Za-z]{4,}(?![^\W_])")  # a misspelling read ("Krma"; "pest", "lass" are none)
_FAR = 7  # a word of an unsafe dish this long is read through two edits ("Terriyakki", "Tirammisu")
_CUE_REACH = 60  # characters either side of a weaker misspelling in which an offering word is its cue
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


def name_words(name: str) -> Tuple[str, ...]:
    """A dish name's words as compared."""
    return tuple(stem(w) for w in _TOKEN.findall(name))


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


class DishNames:
    """The forms of the names of the dishes on a customer's menus (``unsafe`` and ``safe``)."""

    def __init__(self, unsafe: Iterable[str], safe: Iterable[str] = ()) -> None:
        self.unsafe = frozenset(unsafe)
        dishes = {n: name_words(n) for n in sorted(self.unsafe | set(safe))}
        dishes = {n: w for n, w in dishes.items() if w}
        counts: Dict[str, int] = {}
        for words in dishes.values():
            for w in set(words):
                counts[w] = counts.get(w, 0) + 1
        generic = GENERIC | {w for w, c in counts.items() if c >= _GENERIC_COUNT}
        self._generic = frozenset(generic)
        forms: Dict[Tuple[str, ...], _Form] = {}
        for name, words in dishes.items():
            forms[words] = _Form((name,), True, True)
        fitting: Dict[Tuple[str, ...], set] = {}  # every run of a name's words: the dishes holding it
        for name, words in dishes.items():
            for i in range(len(words)):
                for j in range(i + 1, len(words) + 1):
                    fitting.setdefault(words[i:j], set()).add(name)
        for part, names in fitting.items():
            if part in forms or any(w in _FUNCTION or w.isdigit() for w in part) and all(w in FILLER or w.isdigit() for w in part):
                continue
            fits = tuple(sorted(names, key=lambda n: (n not in self.unsafe, n)))
            forms[part] = _Form(fits, False, any(w not in FILLER and w not in generic for w in part), all(w in MODIFIERS for w in part))
        self._forms = forms
        self._vocabulary = frozenset(w for words in dishes.values() for w in words)
        self._longest = max((len(k) for k in forms), default=0)
        self._first = frozenset(k[0] for k in forms)
        self._joined = {"".join(k): k for k in forms if len(k) > 1}
        starts = sorted({w[:-2] if w.endswith("ie") and len(w) > 3 else w for w in self._first})  # what a form's first word starts with
        alternatives = r"(?<![^\W_])(?:" + "|".join(map(re.escape, starts)) + r")[^\W_]*"
        self._starts = re.compile(alternatives) if starts else None  # read in the text in lower case
        self._starts_any_case = re.compile(alternatives, re.IGNORECASE) if starts else None
        # one letter more or less in a word of an unsafe dish's name ("Korrma", "Tiramsu"): ``respelled``
        self._misspelt: Dict[str, Optional[str]] = {}
        for w in sorted({w for n in self.unsafe for w in name_words(n) if len(w) >= _MISSPELT_MIN and w.isalpha()}):
            for k in range(len(w)):
                short = w[:k] + w[k + 1:]
                if short not in self._vocabulary:
                    self._misspelt[short] = w if self._misspelt.get(short, w) == w else None  # two words: neither
        self._misspelt_targets = frozenset(w for w in self._misspelt.values() if w)
        self._misspelt_lengths = frozenset(n for w in self._misspelt_targets for n in (len(w) - 1, len(w) + 1))
        self._may_be_misspelt = _misspellings(self._misspelt_targets)
        # weaker misspellings, read where something offers or marks a dish (``_cued``): a letter swapped for
        # another inside the word ("Kurma"), two letters switched ("Tiramsiu"), a letter left out inside a
        # five-letter word ("Krma"), two edits in a long word ("Terriyakki")
        self._swapped: Dict[str, Optional[str]] = {}
        long_words = sorted({w for n in self.unsafe for w in name_words(n) if len(w) > _MISSPELT_MIN and w.isalpha()})
        for w in long_words:
            keys = [w[:k] + "?" + w[k + 1:] for k in range(1, len(w) - 1)]
            keys += [w[:k] + w[k + 1] + w[k] + w[k + 2:] for k in range(len(w) - 1) if w[k] != w[k + 1]]
            keys += [w[:k] + w[k + 1:] for k in range(1, len(w) - 1)] if len(w) == _MISSPELT_MIN + 1 else []
            for key in keys:
                if key not in self._vocabulary and key != w:
                    self._swapped[key] = w if self._swapped.get(key, w) == w else None
        self._swapped_most = max((len(w) for w in long_words), default=0) + 2  # a longer word is none's misspelling
        self._far = tuple(w for w in long_words if len(w) >= _FAR and w not in GENERIC)
        self._far_heads = frozenset(w[:2] for w in self._far)
        self._swapped_memo: Dict[str, Optional[str]] = {}
        self._may_be_swapped = _swappings(long_words, self._far_heads)
        self._siblings: Dict[str, FrozenSet[str]] = {}  # a word: the other words of the names holding it
        for n in self.unsafe:
            ws = name_words(n)
            for w in ws:
                self._siblings[w] = self._siblings.get(w, frozenset()) | frozenset(x for x in ws if x != w)
        words = {_prefix(w) for n in self.unsafe for w in _TOKEN.findall(n.lower()) if stem(w) not in _FUNCTION}
        self._unsafe_words = tuple(sorted(w for w in words | {"".join(_TOKEN.findall(n.lower())) for n in self.unsafe} if w))

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
        """``text`` with each word of five letters or more that is a word of an unsafe dish's name
        (four letters or more) with one letter more or one less ("Korrma", "Naaan", "Tiramsu",
        "Chiicken"), or its plural, written as that word: a careful reader takes the misspelling
        for the dish (SPEC §10, fail closed). A word of the menus' names is never respelt, nor one
        a letter away from two such words; a word respelt names a dish only as the word itself
        would ("Chiken" alone names none, "Chiken Korma" the Korma)."""
        near = self._may_be_misspelt is not None and _found(self._may_be_misspelt, text)
        weak = self._may_be_swapped is not None and _found(self._may_be_swapped, text)
        if not near and not weak:
            return text  # linear scans (RE2) for every misspelling at once: most messages hold none
        out: List[str] = []
        last = 0
        capitals: Optional[bool] = None  # whether the text is all in capitals, read once when needed
        for m in _LETTER_WORD.finditer(text):
            token = m.group()
            low = token.lower()
            if stem(low) in self._vocabulary:
                continue
            target, plural = (self._misspelling_of(low), "") if near and len(low) > _MISSPELT_MIN else (None, "")
            if target is None and near and low.endswith("s") and len(low) > _MISSPELT_MIN + 1:  # not "basis" as "basi"
                target, plural = self._misspelling_of(low[:-1]), "s"
            if target is None and weak:
                target, plural = self._swapped_of(low), ""
                if target is None and low.endswith("s") and len(low) > _MISSPELT_MIN + 1:
                    target, plural = self._swapped_of(low[:-1]), "s"
                if target is not None and token[0].isupper():
                    capitals = text.isupper() if capitals is None else capitals
                if target is not None and not self._cued(text, m, target, bool(capitals)):
                    target = None
            if target is None or target in self._generic and not self._beside_its_name(text, m, target):
                continue  # a kind of dish misspelt only beside a word of its dish's name: "Spring Rols", not "bring", "price"
            written = target.upper() if token.isupper() else target.capitalize() if token[0].isupper() else target
            out += [text[last:m.start()], written + plural]
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

    def _read_swapped(self, low: str) -> Optional[str]:
        target = self._swapped.get(low)  # two letters switched, a letter left out of a short word
        if target is None and len(low) > _MISSPELT_MIN:
            found = {self._swapped.get(low[:k] + "?" + low[k + 1:]) for k in range(1, len(low) - 1)} - {None}
            target = found.pop() if len(found) == 1 else None
        if target is None and len(low) > _MISSPELT_MIN + 1 and low[:2] in self._far_heads:
            close = [w for w in self._far if w[:2] == low[:2] and abs(len(w) - len(low)) <= 2 and _within_two(low, w)]
            target = close[0] if len(close) == 1 else None
        return target

    def _cued(self, text: str, m: "re.Match[str]", target: str, capitals: bool) -> bool:
        """Whether a weaker misspelling stands where a dish would: written with a capital in a text
        not all in capitals ("Kurma"), next to another word of the dish's name ("Chicken Kurma"), or
        in a sentence that offers something or asks ("How about the kurma?"); an ordinary word a
        letter or two from a dish's ("bad karma", "a basic tier") stands in none of these."""
        token = m.group()
        if token[0].isupper() and not capitals or self._beside_its_name(text, m, target):
            return True
        lo = max(text.rfind(c, max(0, m.start() - _CUE_REACH), m.start()) for c in ".!?\n") + 1
        ends = [i for i in (text.find(c, m.end(), m.end() + _CUE_REACH) for c in ".!?\n") if i >= 0]
        hi = min(ends) if ends else min(len(text), m.end() + _CUE_REACH)
        return OFFERING.search(text, max(lo, m.start() - _CUE_REACH), hi) is not None or text[hi:hi + 1] == "?"

    def _beside_its_name(self, text: str, m: "re.Match[str]", target: str) -> bool:
        """Whether the word before or after the misspelling is another word of a name holding ``target``."""
        siblings = self._siblings.get(target, frozenset())
        before = _TOKEN_BEFORE.search(text, max(0, m.start() - 24), m.start())
        if before is not None and stem(before.group(1)) in siblings:
            return True
        after = _TOKEN.match(text, m.end() + 1) if text[m.end():m.end() + 1] in (" ", "-", "_") else None
        return after is not None and stem(after.group()) in siblings

    def may_name_unsafe(self, text: str) -> bool:
        """False when ``text`` holds no word of an unsafe dish's name (nothing unsafe is named)."""
        low = text.lower()
        return any(w in low for w in self._unsafe_words)

    def find(self, text: str) -> List[Mention]:
        """Every dish ``text`` names, in order (see the module's rules)."""
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
            return (first.end(), self._forms[key]) if key is not None else None
        words, ends = [word], [first.end()]
        while len(words) < self._longest:
            gap = _JOINER.match(text, ends[-1])
            nxt = _TOKEN.match(text, gap.end()) if gap is not None else None
            if nxt is None:
                break
            words.append(self._word(nxt.group(0)))
            ends.append(nxt.end())
        for k in range(len(words), 0, -1):
            form = self._forms.get(tuple(words[:k]))
            if form is not None:
                return ends[k - 1], form
        return None

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


def _misspellings(targets: Iterable[str]) -> Any:
    """One RE2 program finding any word that is a target with one letter put in or left out
    (and, as a price of one pattern, a target's plural, which ``respelled`` then keeps)."""
    alternatives = set()
    for w in targets:
        alternatives.update(re.escape(w[:k]) + "[a-z]" + re.escape(w[k:]) for k in range(len(w) + 1))
        if len(w) > _MISSPELT_MIN:
            alternatives.update(re.escape(w[:k] + w[k + 1:]) for k in range(len(w)))
    if not alternatives:
        return None
    return re2.compile(r"(?i)\b(?:" + "|".join(sorted(alternatives)) + r")s?\b", _RE2_OPTIONS)


_TOKEN_BEFORE = re.compile(r"([^\W_]+)[ \t_-]$")


def _swappings(words: Iterable[str], heads: Iterable[str]) -> Any:
    """One RE2 program finding any word that may be a weaker misspelling of ``words`` (a letter swapped
    inside, two switched, a letter left out inside a five-letter word) or two edits from a long one
    (any word of six letters or more opening as one does: ``DishNames._swapped_of`` decides)."""
    alternatives = set()
    for w in words:
        alternatives.update(re.escape(w[:k]) + "[a-z]" + re.escape(w[k + 1:]) for k in range(1, len(w) - 1))
        alternatives.update(re.escape(w[:k] + w[k + 1] + w[k] + w[k + 2:]) for k in range(len(w) - 1))
        if len(w) == _MISSPELT_MIN + 1:
            alternatives.update(re.escape(w[:k] + w[k + 1:]) for k in range(1, len(w) - 1))
    alternatives.update(re.escape(h) + "[a-z]{4,12}" for h in heads)
    if not alternatives:
        return None
    return re2.compile(r"(?i)\b(?:" + "|".join(sorted(alternatives)) + r")s?\b", _RE2_OPTIONS)


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


def _found(program: Any, text: str) -> bool:
    try:
        return program.search(text) is not None
    except Exception:  # noqa: BLE001 - a text RE2 cannot take (a lone surrogate) is read word by word
        return True


def _prefix(word: str) -> str:
    """What every written form of ``word`` starts with ("fries", "fry": "fr")."""
    s = stem(word)
    k = 0
    while k < min(len(s), len(word)) and s[k] == word[k]:
        k += 1
    return word[:k] or word
