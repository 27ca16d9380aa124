"""``{"new_options": {"tools": [...]}}``: an exchange or item change whose confirmation describes
the new item by an option the call's new item does not have (tau2's retail ``policy.md``: "list
the action details and obtain explicit user confirmation"; an item is a product's variant, told
apart by its options: "exchange the water bottle for the 1000ml one" when the call's new item
holds 750ml confirms another exchange).

The confirmation is the one ``items_listed`` reads (the latest agent message since the previous
write that states the order id or names an item of the order). In each of its clauses that names
the product of a pair (an old item and the new item that replaces it: by the product's name or
its last word), an option value of that product (any variant's, for any of its option names:
"1000ml", "stainless steel", "black") that is neither the old item's nor the new item's value of
that option is another variant's: the rule holds. Values read: those of three characters or more
that are not a bare number nor a yes/no/none (sizes such as "10" and flags such as "yes" are too
often said of other things), as whole words; a value said after "not", "rather than",
"instead of" or "n't" in its clause is not stated. Registered when the domain package builds its
domain (``DOMAIN``), before its rule file is read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pydantic import Field

from tau_shaped.reward.checks.finding import Finding, WriteVerdict, judged_writes
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.normalize import seen

from .items_listed import MAX_CHARS, _listing_clauses, _name_pattern, _order_items, confirmation

_NOT_VALUES = frozenset({"yes", "no", "none", "n/a"})
_DENIED = re.compile(r"(?:\bnot|\brather\s+than|\binstead\s+of|n't)\s+(?:\w+\s+){0,3}$", re.IGNORECASE)


class NewOptions(_Strict):
    tools: List[str] = Field(min_length=1)


class NewOptionsPredicate(_Strict):
    """Holds at each write of ``tools`` whose confirmation states another variant's option."""

    new_options: NewOptions


def _variants(initial: Any, item_id: str) -> Tuple[Optional[str], Dict[str, Dict[str, Any]]]:
    """The product name and the variants (item id -> options) of the product holding ``item_id``."""
    products = initial.get("products") if isinstance(initial, dict) else None
    for product in products.values() if isinstance(products, dict) else ():
        variants = product.get("variants") if isinstance(product, dict) else None
        if isinstance(variants, dict) and item_id in variants:
            out = {k: v.get("options") for k, v in variants.items() if isinstance(v, dict) and isinstance(v.get("options"), dict)}
            return product.get("name"), out
    return None, {}


@lru_cache(maxsize=4096)
def _value_pattern(value: str) -> "re.Pattern[str]":
    words = [re.escape(w) for w in re.split(r"[\s_-]+", value.strip()) if w]
    return re.compile(r"(?<![\w.])" + r"[\s_-]*".join(words) + r"(?![\w])", re.IGNORECASE)


def _said(clause: str, value: str) -> bool:
    for m in _value_pattern(value).finditer(clause):
        if not _DENIED.search(clause[:m.start()]):
            return True
    return False


def _readable(value: Any) -> bool:
    return isinstance(value, str) and len(value) >= 3 and not value.replace(".", "").isdigit() and value.lower() not in _NOT_VALUES


def other_option(run: Any, step: Any) -> Optional[str]:
    """Why the confirmation of the write at ``step`` states another variant's option, or None."""
    kwargs = step.action.kwargs if isinstance(step.action.kwargs, dict) else {}
    order, old, new = kwargs.get("order_id"), kwargs.get("item_ids"), kwargs.get("new_item_ids")
    if not (isinstance(order, str) and isinstance(old, list) and isinstance(new, list) and len(old) == len(new)):
        return None
    items = _order_items(run.initial, order)
    text = confirmation(run, step.index, order, items)
    if text is None:
        return None
    clauses = _listing_clauses(seen(text[:MAX_CHARS]))
    for was, now in zip(old, new):
        if not (isinstance(was, str) and isinstance(now, str)):
            continue
        name, variants = _variants(run.initial, now)
        if not name or now not in variants:
            continue
        own = {k: {str(variants[now].get(k)).lower(), str((variants.get(was) or {}).get(k)).lower()} for k in variants[now]}
        values = {(k, v) for options in variants.values() for k, v in options.items() if k in own and _readable(v)}
        for clause in clauses:
            if not _name_pattern(name).search(clause):
                continue
            for key, value in sorted(values):
                if value.lower() not in own[key] and _said(clause, value) and not any(
                        _said(clause, o) and value.lower() in o for o in own[key]):
                    return f"the confirmation describes {name} as {value} ({key}); the call's new item {now} is not"
            why = _old_after_arrow(clause, variants.get(was) or {}, variants[now])
            if why is not None:
                return f"the confirmation describes the new {name} as {why}; the call's new item {now} is not"
    return None


# what parts an old item from its new one: an arrow ("->", "→", the emoji "➡"), or in prose "for
# the one with", "to the version in", "replaced with" (round 10 of issue 41), or the new side's
# options before "one" ("for the white, high, AC adapter one", "to the black, 1000ml version":
# round 11, the left-over of round 10)
_ARROW = re.compile(r"-{1,2}>|=>|[→⇒⟶➔➜➡⮕]|\b(?:for|to|into)\s+(?:the|a|an)\s+(?:one|version|variant|model)\s+"
                    r"(?:with|in|that\s+has|having)\b|\breplac\w*\s+(?:with|by)\b|\bswap\w*\s+for\b"
                    r"|\b(?:for|to|into|with)\s+(?:the|a|an)\s+(?=[\w ,/()'-]{1,80}?\s(?:one|version|variant|model)\b)", re.IGNORECASE)


def _old_after_arrow(clause: str, was: Dict[str, Any], now: Dict[str, Any]) -> Optional[str]:
    """In "old -> new" (or "old for the one with new", "old for the <new> one"), the new side (after the last arrow) given an option value of the old item
    where the new item has another ("white, medium, USB -> white, high, AC adapter" for a black
    lamp): the customer agreed to another variant."""
    arrows = list(_ARROW.finditer(clause))
    if not arrows:
        return None
    after = clause[arrows[-1].end():]
    for key, value in now.items():
        before = was.get(key)
        if not (_readable(before) and _readable(value)) or str(before).lower() == str(value).lower():
            continue
        if _said(after, str(before)) and not _said(after, str(value)):
            return f"{before} ({key})"
    return None


def _verdict(run: Any, step: Any) -> WriteVerdict:
    why = other_option(run, step)
    return None if why is None else (True, why)


@register
class NewOptionsKind(CheckKind):
    key = "new_options"
    model = NewOptionsPredicate
    event_like = True

    def tools(self, pred: Any) -> Tuple[str, ...]:
        return tuple(pred.new_options.tools)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tools = tuple(pred.new_options.tools)

        def check(run: Any) -> Finding:
            return judged_writes(run, tools, _verdict, "every confirmation describes the new items by their own options")

        return check
