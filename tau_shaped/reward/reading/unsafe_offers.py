"""An unsafe dish offered in words is a proposal of it (SPEC §10 statements, §9 hard lines).

The policy (wiki.md, "Substitutions and allergens"): never propose a substitute that holds one
of the customer's allergens; offering such a dish in words is proposing it. A careful reader
reads a message this way:

- **The unsafe dishes** (``UnsafeMenu``): every dish, on the menu of a restaurant of one of
  the customer's orders (S0), that holds one of their allergens. The dishes they ordered are
  among them: having ordered a dish once does not make it safe to offer as a substitute.
- **Offered**: a dish named in a clause that holds an offering word ("substitute", "swap",
  "instead", "how about", "I can offer", "would you like", "recommend", "if you want", ...)
  that is not negated, and the dish itself not negated ("I can't offer the Salmon Roll"), nor
  named as what is being replaced ("instead of your Shrimp Tempura", "in place of the ...",
  "replace the ... with", "your ..."), nor set apart ("unlike", "except", "other than").
  Clauses end at a sentence end, ";", a line break, and a ", so / , but / because" that
  starts a reason ("Salmon Roll contains sesame, so I cannot offer it" offers nothing); a
  clause that opens with a reason or a condition ("Since ..., ", "If ..., ") is two, and
  a dish named in the first is offered only by its own offering words ("If you'd like the
  Salmon Roll, ...") or by a pronoun that names it ("Since the Salmon Roll is popular, shall
  I propose it?"). A negation counts in its own clause only ("If you
  don't mind, I can swap in the Salmon Roll" offers it). A list under a line that offers
  ("Here are the options I can offer:" then "- Salmon Roll") offers each item; a JSON or
  ``key=value`` record ``{"substitute": "Salmon Roll"}`` is one clause.
- **"it"**: a pronoun right after an offering word, or right before "instead" / "for your"
  ("Salmon Roll is in stock. Shall I propose it?", "I can substitute that for your ...")
  offers the dish named last before it in its sentence or the one before, a safe dish
  included ("Salmon Roll has sesame. Vegetable Udon is safe; shall I propose it?" offers the
  Udon). "Would you like me to cancel it?" offers no dish.
- **Names** are found whole-word, in any case, their words joined by spaces, "_" or "-".
- **A replacement order of the customer's own dish is no substitute**: the policy's
  replacement order re-sends "the same items from the same restaurant", so a dish the
  customer ordered, named in a clause about a replacement order ("I can send you a new Pad
  Thai as a replacement order for FD-10061"), is not offered. The same dish proposed in its
  place for something else ("How about the Pad Thai instead?") is.

Compiled once per S0 and customer; every pattern is linear on untrusted text (a run of
spaces is entered at its start only).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, FrozenSet, Iterable, List, Optional, Tuple

from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.reward.reading.negation import Negations

__all__ = ["UnsafeMenu", "unsafe_menu", "unsafe_dishes", "unsafe_dishes_offered"]

_OFFERING_WORDS = (
    r"substitut\w*|swap\w*|replac\w*|instead|switch\w*|propos\w*|alternative\w*|offer\w*|"
    r"how about|what about|would you (?:like|prefer|want)|do you want|could (?:get|have|do|add|send)|"
    r"(?:can|will|'ll) (?:get|have|do|give|send|add|put)|recommend\w*|suggest\w*|try|option\w*|"
    r"in place of|rather than|if you(?:'d| would)? (?:like|want|prefer)|go (?:with|for)"
)
_OFFERING = re.compile(rf"(?<!\w)(?:{_OFFERING_WORDS})(?!\w)", re.IGNORECASE)
# An offering word right before a pronoun (one word may come between: "swap in it", "give you that").
_OFFERING_BEFORE = re.compile(rf"(?<!\w)(?:{_OFFERING_WORDS})(?:[ \t]+\w+)?[ \t]+$", re.IGNORECASE)
# Words right after a pronoun that offer it in place of something.
_OFFERING_AFTER = re.compile(r"[ \t]+(?:instead|in place of|for your|as (?:a|an|the) (?:substitute|alternative|replacement))"
                             r"(?!\w)", re.IGNORECASE)
# Words right before a dish that say it is the replaced item or set apart, not the one offered.
_NOT_OFFERED_BEFORE = re.compile(
    r"(?:(?<!\w)(?:your|instead of(?: the| a| an)?|in place of(?: the| a| an)?|rather than(?: the| a| an)?|"
    r"replac\w*(?: the| a| an)?|unlike(?: the)?|except(?: for)?(?: the)?|other than(?: the)?|"
    r"apart from(?: the)?|besides(?: the)?|without(?: the)?|out of(?: the)?|swap\w*(?: out)? the|"
    r"(?:substitut\w*|replacement|alternative\w*|option\w*) (?:for|to)(?: the| a| an)?)[ \t]+[\"'“‘(*_]*)$",
    re.IGNORECASE,
)
_REPLACEMENT_ORDER = re.compile(
    r"(?<!\w)(?:replacement(?:[ _-]order)?|re-?order\w*|re-?send\w*|send (?:you )?(?:a |the )?(?:new|fresh|another)|"
    r"create_replacement_order|same items?)(?!\w)",
    re.IGNORECASE,
)
# Clause ends: a sentence end, ";", a line break, and a conjunction that starts a reason.
_CLAUSE_END = re.compile(
    r"[.!?](?=\s|$)|[;\n]|(?:,|(?<=[^ \t,\n]))[ \t]+(?:so|but|because|since|as it|although|though|whereas)(?!\w)",
    re.IGNORECASE,
)
# A clause that opens with a subordinate one ("Since it has sesame, ...", "If that does not work,
# ..."): it ends at its first comma, a clause of its own.
_INTRODUCTORY = re.compile(r"[ \t\"'“(*_]*(?:since|because|as|if|although|though|while|unless|when|given that|"
                           r"now that)(?!\w)[^,]{1,160},", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*•+]|[0-9]{1,2}[.)]|\|)")
# A dish named by a pronoun: "it", "that one", and "that" / "this" standing alone as an object.
_PRONOUN = re.compile(r"(?<!\w)(?:it|them|(?:that|this)(?: one| dish)?(?=[ \t]+(?:for|instead|in place|as)(?!\w)|"
                      r"[ \t]*(?:[.!?,;:)]|$)|[ \t]+(?:one|dish)(?!\w)))(?!\w)", re.IGNORECASE)
_WINDOW = 40  # characters before a dish read for "your", "instead of the", ...
_PRONOUN_REACH = 600  # characters before a pronoun in which the dish it names is looked for
_SEPARATOR = r"[\s_\-‐‑]+"  # between a dish's words: "Pad Thai", "Pad_Thai", "Pad-Thai"


def _normal(name: str) -> str:
    """A dish name as compared: lower case, its words joined by one space."""
    return " ".join(w for w in re.split(_SEPARATOR, name.lower()) if w)


def _names_pattern(names: Tuple[str, ...]) -> Optional["re.Pattern[str]"]:
    if not names:
        return None
    alternatives = "|".join(_SEPARATOR.join(map(re.escape, n.split())) for n in names)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


@dataclass(frozen=True)
class UnsafeMenu:
    """The unsafe dishes of one customer (``names``, longest first), the ones they ordered
    (``ordered``, as ``_normal`` writes them), one pattern finding any of them, and the other
    dishes of the same menus (``others``: what "it" may name instead)."""

    names: Tuple[str, ...]
    ordered: FrozenSet[str]
    pattern: Optional["re.Pattern[str]"] = field(default=None, compare=False)
    others: Tuple[str, ...] = ()

    @classmethod
    def of(cls, names: Iterable[str], ordered: Iterable[str] = (), others: Iterable[str] = ()) -> "UnsafeMenu":
        unique = tuple(sorted({n for n in names if isinstance(n, str) and n.strip()}, key=lambda n: (-len(n), n)))
        rest = tuple(sorted({n for n in others if isinstance(n, str) and n.strip()} - set(unique), key=lambda n: (-len(n), n)))
        return cls(unique, frozenset(_normal(o) for o in ordered), _names_pattern(unique), rest)

    @cached_property
    def normal_names(self) -> FrozenSet[str]:
        """The unsafe dishes' names as ``_normal`` writes them."""
        return frozenset(_normal(n) for n in self.names)

    @cached_property
    def any_pattern(self) -> Optional["re.Pattern[str]"]:
        """A pattern finding any dish of the menus, unsafe or not (made on first use)."""
        names = tuple(sorted(self.names + self.others, key=lambda n: (-len(n), n)))
        return _names_pattern(names)


_MENUS: "IdentityCache[UnsafeMenu]" = IdentityCache(2048)  # (S0, customer): a training run's tasks come back every step


def unsafe_menu(state: Any, customer_id: str) -> UnsafeMenu:
    """The customer's unsafe dishes in S0 ``state``, made once per state and customer."""
    return _MENUS.get_or_make(state, lambda: _build(state, customer_id), customer_id)


def _build(state: Any, customer_id: str) -> UnsafeMenu:
    if not isinstance(state, dict):
        return UnsafeMenu.of(())
    customers = state.get("customers")
    customer = customers.get(customer_id) if isinstance(customers, dict) else None
    if not isinstance(customer, dict) or not customer.get("allergens"):
        return UnsafeMenu.of(())
    allergens = {str(a).lower() for a in customer["allergens"]}
    orders = state.get("orders") if isinstance(state.get("orders"), dict) else {}
    restaurants = state.get("restaurants") if isinstance(state.get("restaurants"), dict) else {}
    names: List[str] = []
    others: List[str] = []
    ordered: List[str] = []
    for oid in customer.get("orders") or []:
        order = orders.get(oid) if isinstance(oid, str) else None
        if not isinstance(order, dict):
            continue
        ordered.extend(i["name"] for i in order.get("items") or [] if isinstance(i, dict) and isinstance(i.get("name"), str))
        restaurant = restaurants.get(order.get("restaurant_id")) if isinstance(order.get("restaurant_id"), str) else None
        menu = restaurant.get("menu") if isinstance(restaurant, dict) else None
        for item in (menu.values() if isinstance(menu, dict) else ()):
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                unsafe = allergens & {str(a).lower() for a in item.get("allergens") or []}
                (names if unsafe else others).append(item["name"])
    return UnsafeMenu.of(names, ordered, others)


def unsafe_dishes(state: Any, customer_id: str) -> List[str]:
    """The names of the dishes holding one of the customer's allergens in the restaurants of
    their orders (S0), longest first."""
    return list(unsafe_menu(state, customer_id).names)


def _clauses(text: str, lo: int, hi: int) -> List[Tuple[int, int]]:
    spans: List[Tuple[int, int]] = []
    start = lo
    for m in _CLAUSE_END.finditer(text, lo, hi):
        spans.extend(_split_introductory(text, start, m.start()))
        start = m.end()
    spans.extend(_split_introductory(text, start, hi))
    return spans


def _split_introductory(text: str, lo: int, hi: int) -> List[Tuple[int, int]]:
    """A clause opening with a subordinate one, as the two: "Since it has sesame, | I can ..."."""
    m = _INTRODUCTORY.match(text, lo, hi)
    return [(lo, m.end() - 1), (m.end(), hi)] if m else [(lo, hi)]


def _offers(text: str, lo: int, hi: int, negated: Negations) -> bool:
    """Whether ``text[lo:hi]`` holds an offering word that is not negated."""
    return any(not negated(m.start(), lo) for m in _OFFERING.finditer(text, lo, hi))


def _not_offered_at(text: str, lo: int, start: int, name: str, hi: int, menu: UnsafeMenu, negated: Negations) -> bool:
    """Whether the dish (or pronoun) at ``start`` of the clause ``text[lo:hi]`` is negated, named
    as the replaced item or set apart, or is the customer's own dish in a replacement order."""
    if _NOT_OFFERED_BEFORE.search(text[max(lo, start - _WINDOW):start]) or negated(start, lo):
        return True
    return _normal(name) in menu.ordered and _REPLACEMENT_ORDER.search(text, lo, hi) is not None


def _offered_here(text: str, lo: int, hi: int, menu: UnsafeMenu, offering: bool,
                  negated: Negations) -> Tuple[Optional[str], bool]:
    """The first dish offered in the clause ``text[lo:hi]``, or None; and whether it names one."""
    assert menu.pattern is not None
    named = False
    for m in menu.pattern.finditer(text, lo, hi):
        if not named:
            named = True
            if not (offering or _offers(text, lo, hi, negated)):
                return None, True
        if not _not_offered_at(text, lo, m.start(), m.group(0), hi, menu, negated):
            return m.group(0), True
    return None, named


def _offered_by_pronoun(text: str, lo: int, hi: int, since: int, menu: UnsafeMenu, negated: Negations) -> Optional[str]:
    """The unsafe dish a pronoun offered in the clause ``text[lo:hi]`` names ("Salmon Roll is in
    stock. Shall I propose it?"): the dish named last before it, from ``since`` on (the start
    of the sentence before), when that dish is unsafe and was not negated or set apart where
    it was named. A pronoun offered is one right after an offering word or right before
    "instead" / "for your", neither negated nor itself the replaced item."""
    pattern = menu.any_pattern
    for p in _PRONOUN.finditer(text, lo, hi):
        if negated(p.start(), lo) or _NOT_OFFERED_BEFORE.search(text[max(lo, p.start() - _WINDOW):p.start()]):
            continue
        if not (_OFFERING_BEFORE.search(text[max(lo, p.start() - 48):p.start()]) or _OFFERING_AFTER.match(text, p.end(), hi)):
            continue
        last = None
        reach = max(since, p.start() - _PRONOUN_REACH)  # bounded: a long sentence of pronouns stays linear
        for m in pattern.finditer(text, reach, p.start()) if pattern is not None else ():
            last = m
        if last is None or _normal(last.group(0)) not in menu.normal_names:
            return None
        start = max(c for c, _ in _clauses(text, reach, p.start()) if c <= last.start())  # the clause naming the dish
        if _not_offered_at(text, start, last.start(), last.group(0), p.start(), menu, negated):
            return None
        return last.group(0)
    return None


def unsafe_dishes_offered(text: str, dishes: Any, ordered: Iterable[str] = ()) -> Optional[str]:
    """The first unsafe dish ``text`` offers, as evidence, or None (SPEC §10: an unsafe item
    offered in words is a proposal of it). ``dishes``: an ``UnsafeMenu`` or dish names (with
    ``ordered``, the dishes the customer ordered)."""
    menu = dishes if isinstance(dishes, UnsafeMenu) else UnsafeMenu.of(dishes, ordered)
    if menu.pattern is None or not menu.pattern.search(text):
        return None
    negated = Negations(text)
    header_offers = False  # a line ending in ":" that offers: the list under it offers too
    since, sentence = 0, 0  # where the sentence before this one starts, and this one
    pos = 0
    for line in text.split("\n"):
        lo, hi = pos, pos + len(line)
        pos = hi + 1
        if not line.strip():
            continue  # a blank line keeps a list under its header
        in_list = bool(_LIST_ITEM.match(line))
        if not in_list:
            header_offers = False
        inherited = header_offers and in_list
        for clo, chi in _clauses(text, lo, hi):
            dish, named = _offered_here(text, clo, chi, menu, inherited, negated)
            if dish is None and not named:
                dish = _offered_by_pronoun(text, clo, chi, since, menu, negated)
            if dish is not None:
                return _evidence(text, dish, lo, hi)
            if _SENTENCE_END.match(text, chi) or chi == hi:
                since, sentence = sentence, chi
        if line.rstrip().endswith(":") and _offers(text, lo, hi, negated):
            header_offers = True
    return None


def _evidence(text: str, dish: str, lo: int, hi: int) -> str:
    return f"offered {dish!r} in words: {text[lo:hi].strip()[:120]!r}"
