"""``{"substitute_told": {"propose": NAME, "confirm": NAME}}``: a substitute proposed or applied that the
customer was not told about (wiki.md, Substitutions: "First propose the substitute (``propose_substitution``),
tell the customer its name, price and allergens, and apply it (``confirm_substitution``) only after their
explicit yes"; and "tell the customer exactly what you are about to do (the order, the items ...)").

The substitute is the dish the proposal names (``substitute_item_id``), read from S0: the menu of the
order's restaurant holds its name, price and allergens. The rule holds (a breach) at:

- a proposal that succeeded with no earlier agent message naming the dish (by any form of its name:
  ``dish_names``, "the udon" for Vegetable Udon; or by its item id): "Shall I propose a substitute?" asks
  agreement to nothing the customer can check;
- an application that succeeded (its proposal: the latest successful one of the same order and item) with no
  earlier agent message that names the dish and states its price (any spelling of money, ``text_matching``),
  or none that names it and says something of its allergens (an allergen word, "allergy", "safe",
  "free of", "-free", "contains", "ingredients", or one of the dish's own allergens named).

A call that failed changed nothing and is left alone; a proposal whose dish S0 does not hold names no dish
(the tool refused it). Registered when the domain package is imported, before its rule file is read.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Optional, Tuple

from pydantic import Field

from tau_shaped.reward.checks.finding import Finding, violations
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.dish_names import dish_names_of
from tau_shaped.reward.reading.text_matching import find_number

MAX_CHARS = 8192  # a message read for the dish: its first 8 KiB (a bound on untrusted text)
_ALLERGEN_WORDS = re.compile(r"(?i)allerg|\bsafe\b|\w-free\b|\bfree\s+(?:of|from)\b|\bcontains?\b|\bingredients?\b")


class SubstituteCalls(_Strict):
    propose: str = Field(min_length=1)
    confirm: str = Field(min_length=1)


class SubstituteToldPredicate(_Strict):
    substitute_told: SubstituteCalls


def _dish(initial: Any, kwargs: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """The menu record of the dish a proposal names (S0), or None."""
    try:
        order = initial["orders"][kwargs["order_id"]]
        dish = initial["restaurants"][order["restaurant_id"]]["menu"][kwargs["substitute_item_id"]]
    except (KeyError, TypeError):
        return None
    return dish if isinstance(dish, dict) and isinstance(dish.get("name"), str) else None


def _names(text: str, dish: Dict[str, Any], item_id: Any) -> bool:
    low = text.lower()
    if dish["name"].lower() in low or (isinstance(item_id, str) and item_id and item_id.lower() in low):
        return True  # its whole name or its id (most messages): no other form need be sought
    return bool(dish_names_of((dish["name"],), ()).find(text))


def _allergens_said(text: str, dish: Dict[str, Any]) -> bool:
    if _ALLERGEN_WORDS.search(text):
        return True
    low = text.lower()
    return any(isinstance(a, str) and a.replace("_", " ").lower() in low for a in dish.get("allergens") or ())


def _told(messages: List[Tuple[int, str]], before: int, dish: Dict[str, Any], item_id: Any) -> Tuple[bool, bool, bool]:
    """Whether agent messages before step ``before`` named the dish, named it with its price, named it with
    something of its allergens."""
    named = priced = allergens = False
    price = dish.get("price")
    for step, text in messages:
        if step >= before:
            break
        text = text[:MAX_CHARS]
        if not _names(text, dish, item_id):
            continue
        named = True
        if isinstance(price, (int, float)) and not isinstance(price, bool) and find_number(text, float(price), 0.005) is not None:
            priced = True
        allergens = allergens or _allergens_said(text, dish)
    return named, priced, allergens


@register
class SubstituteToldKind(CheckKind):
    key = "substitute_told"
    model = SubstituteToldPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return (pred.substitute_told.propose, pred.substitute_told.confirm)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        propose, confirm = pred.substitute_told.propose, pred.substitute_told.confirm

        def check(run: Any) -> Finding:
            proposals = [s for s in run.calls_of(propose) if s.succeeded]
            if not proposals:
                return Finding(False, None, frozenset(), "no substitute proposed")
            messages = run.agent_messages()
            hits: List[Tuple[int, Any]] = []
            for s in proposals:
                dish = _dish(run.initial, s.action.kwargs)
                if dish is not None and not _told(messages, s.index, dish, s.action.kwargs.get("substitute_item_id"))[0]:
                    hits.append((s.index, lambda d=dish: f"{d['name']} proposed, never named to the customer"))
            for c in (s for s in run.calls_of(confirm) if s.succeeded):
                same = [p for p in proposals if p.index < c.index
                        and p.action.kwargs.get("order_id") == c.action.kwargs.get("order_id")
                        and p.action.kwargs.get("item_id") == c.action.kwargs.get("item_id")]
                dish = _dish(run.initial, same[-1].action.kwargs) if same else None
                if dish is None:
                    continue
                named, priced, allergens = _told(messages, c.index, dish, same[-1].action.kwargs.get("substitute_item_id"))
                missing = [w for w, ok in (("name", named), ("price", priced), ("allergens", allergens)) if not ok]
                if missing:
                    hits.append((c.index, lambda d=dish, m=missing: f"{d['name']} applied, its {', '.join(m)} never told"))
            return violations(hits, "every substitute was told before it was proposed and applied")

        return check
