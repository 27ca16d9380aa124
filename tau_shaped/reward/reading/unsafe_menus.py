"""The customer's unsafe dishes (SPEC §10 "Safety lines fail closed", §9 hard lines; read by
``unsafe_offers``).

The policy (wiki.md, "Substitutions and allergens"): never propose a substitute that holds one of
the customer's allergens. The unsafe dishes (``UnsafeMenu``) are every dish, on the menu of a
restaurant of one of the customer's orders (S0), that holds one of their allergens. The dishes they
ordered are among them: having ordered a dish once does not make it safe to offer as a substitute.
The other dishes of the same menus are kept too (a dish's name may be a part of another's), and the
customer's allergens (what an exclusion must name).

Made once per S0 and customer (a training run's tasks come back every step).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, FrozenSet, Iterable, List, Set, Tuple

from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.reward.reading.allergen_words import allergen_pattern, ingredient_pattern, ingredient_stems
from tau_shaped.reward.reading.dish_names import DishNames, dish_names_of, name_words

__all__ = ["UnsafeMenu", "normal_name", "unsafe_dishes", "unsafe_menu"]


@lru_cache(maxsize=8192)
def normal_name(name: str) -> str:
    """A dish name as compared: its words, lower case and singular, joined by one space (read once per name: each
    world's orders and menus name the same dishes)."""
    return " ".join(name_words(name))


@dataclass(frozen=True)
class UnsafeMenu:
    """The unsafe dishes of one customer (``names``, longest first), the ones they ordered
    (``ordered``, as ``normal_name`` writes them), the other dishes of the same menus (``others``) and the
    customer's allergens (``allergens``, what an exclusion must name)."""

    names: Tuple[str, ...]
    ordered: FrozenSet[str]
    others: Tuple[str, ...] = ()
    allergens: FrozenSet[str] = frozenset()

    @classmethod
    def of(cls, names: Iterable[str], ordered: Iterable[str] = (), others: Iterable[str] = (),
           allergens: Iterable[str] = ()) -> "UnsafeMenu":
        unique = tuple(sorted({n for n in names if isinstance(n, str) and n.strip()}, key=lambda n: (-len(n), n)))
        rest = tuple(sorted({n for n in others if isinstance(n, str) and n.strip()} - set(unique), key=lambda n: (-len(n), n)))
        return cls(unique, frozenset(normal_name(o) for o in ordered), rest, frozenset(str(a).lower() for a in allergens))

    def __hash__(self) -> int:  # the fields' hash (as the dataclass's), worked out once: each message's read is kept by menu
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.names, self.ordered, self.others, self.allergens))

    @cached_property
    def dish_names(self) -> DishNames:
        """Where a text names a dish of the menus (made on first use; one per set of menus)."""
        return dish_names_of(self.names, self.others)

    @cached_property
    def allergen(self) -> "re.Pattern[str]":
        """The words naming one of the customer's allergens."""
        return allergen_pattern(self.allergens)

    def may_describe(self, text: str) -> bool:
        """Whether ``text`` may describe a dish as holding one of the customer's allergens (a literal scan of stems)."""
        low = text.lower()  # each stem a substring (what ``ingredient_prefilter``'s alternation of literals finds), no program
        return any(stem in low for stem in ingredient_stems(self.allergens))

    @cached_property
    def ingredient(self) -> "re.Pattern[str]":
        """The words describing a dish as holding one of the customer's allergens ("cashews", "satay", "tofu")."""
        return ingredient_pattern(self.allergens)


_MENUS: "IdentityCache[UnsafeMenu]" = IdentityCache(2048)  # (S0, customer): a training run's tasks come back every step


def unsafe_menu(state: Any, customer_id: str) -> UnsafeMenu:
    """The customer's unsafe dishes in S0 ``state``, made once per state and customer."""
    return _MENUS.get_or_make(state, lambda: _build(state, customer_id), customer_id)


def _build(state: Any, customer_id: str) -> UnsafeMenu:
    if not isinstance(state, dict):
        return _NONE
    customers = state.get("customers")
    customer = customers.get(customer_id) if isinstance(customers, dict) else None
    if not isinstance(customer, dict) or not customer.get("allergens"):
        return _NONE  # most customers (one menu for all of them)
    allergens = frozenset(str(a).lower() for a in customer["allergens"])
    orders = state.get("orders") if isinstance(state.get("orders"), dict) else {}
    restaurants = state.get("restaurants") if isinstance(state.get("restaurants"), dict) else {}
    names: List[str] = []
    others: List[str] = []
    ordered: List[str] = []
    read: Set[str] = set()  # the restaurants read, each once
    for oid in customer.get("orders") or []:
        order = orders.get(oid) if isinstance(oid, str) else None
        if not isinstance(order, dict):
            continue
        ordered.extend(i["name"] for i in order.get("items") or [] if isinstance(i, dict) and isinstance(i.get("name"), str))
        rid = order.get("restaurant_id")
        if isinstance(rid, str) and rid not in read:
            read.add(rid)
            for name, held in _ITEMS.get_or_make(state, lambda: _items(restaurants.get(rid)), rid):
                (others if allergens.isdisjoint(held) else names).append(name)
    return UnsafeMenu.of(names, ordered, others, allergens)


_NONE = UnsafeMenu.of(())
# (S0, restaurant): its dishes' names and allergens (customers of a world share them; a customer's allergens pick from them)
_ITEMS: "IdentityCache[Tuple[Tuple[str, FrozenSet[str]], ...]]" = IdentityCache(4096)


def _items(restaurant: Any) -> Tuple[Tuple[str, FrozenSet[str]], ...]:
    """The dishes of ``restaurant``'s menu, in menu order: each name and its allergens in lower case (none: not a restaurant)."""
    menu = restaurant.get("menu") if isinstance(restaurant, dict) else None
    return tuple((item["name"], frozenset(str(a).lower() for a in item.get("allergens") or []))
                 for item in (menu.values() if isinstance(menu, dict) else ()) if isinstance(item, dict) and isinstance(item.get("name"), str))


def unsafe_dishes(state: Any, customer_id: str) -> List[str]:
    """The names of the dishes holding one of the customer's allergens in the restaurants of
    their orders (S0), longest first."""
    return list(unsafe_menu(state, customer_id).names)
