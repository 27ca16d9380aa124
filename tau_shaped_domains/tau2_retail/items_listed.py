"""``{"items_listed": {"tools": [...]}}``: a write on an order's items (a return, an exchange, an
item change) whose confirmation lists other items than the call acts on (tau2's retail
``policy.md``: "The user needs to confirm the order id and the list of items to be returned";
the same list for an exchange or a change of items).

The confirmation is the latest agent message since the previous write of any kind that states
the call's order id (in any case and spacing) or names an item of the order. The items it lists are the order's items (S0,
``orders[order].items``) it names, by their item id or by their product's name, in any layout
(prose, a list, a table, JSON), except in a clause that says the customer keeps an item ("you
keep the lamp", "the lamp stays with you", "it is not included", "nothing changes for the lamp").
The rule holds at the write when that list is not the call's: an item the call acts on is not
named (a confirmation naming no item lists none), or an item of the order the call leaves alone
is named as part of it (an id the call names otherwise, a new item's, is its own). Where two items of the order share a product name, naming that name
counts for either (only an id tells them apart). A write with no message stating its order id is
left to ``retail.confirm.before_write`` (no confirmation at all). Registered when the domain
package builds its domain (``DOMAIN``), before its rule file is read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, FrozenSet, List, Optional, Tuple

from pydantic import Field

from tau_shaped.reward.checks.finding import Finding, WriteVerdict, judged_writes
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.call_values import id_key, ids_in
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.option_menus import picked

MAX_CHARS = 8192  # a message read for items: its first 8 KiB (a bound on untrusted text)
_WRITES = ("cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
           "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items",
           "modify_user_address")
# where a sentence ends: a sentence end, a line, a semicolon, a dash, a contrast ("... but keep ...");
# within one that keeps an item, its comma's pieces are read apart; an action a piece names
# a "." between digits is a decimal point ("$137.94"), not a sentence's end
_SENTENCES = re.compile(r"(?:[;!?\n]|\.(?!\d)|(?<!\d)\.)+|\s[-\u2013\u2014]+\s|\s+(?:but|while|whereas|although|though)\s+", re.IGNORECASE)
_COMMAS = re.compile(r",")
_EVERY = re.compile(r"\b(?:all|both)\s+(?:of\s+)?(?:the\s+|your\s+|its\s+)?(?:(?:two|three|four|five|six|[2-9])\s+)?(?:items|products|of\s+them)\b"
                    r"|\beverything\s+(?:in|from|on)\s+(?:the|your|this|that)\s+order\b|\b(?:the\s+)?(?:whole|entire)\s+order\b",
                    re.IGNORECASE)
_ACTS = re.compile(r"\b(?:return|exchang|swap|replac|send\s+back|refund|modif|chang|switch|upgrad)\w*", re.IGNORECASE)
# a clause that leaves an item out of the list: the customer keeps it, it stays, it is excluded
_KEPT = re.compile(r"\b(?:keep|keeps|keeping|kept|stays?|staying|remains?|remaining|untouched|unchanged|excluded|"
                   r"except|excluding|not\s+(?:part|included|being|going|affected|returned|exchanged|changed)|"
                   r"(?:isn't|is\s+not|aren't|are\s+not|won't\s+be|will\s+not\s+be)\s+(?:part|included|affected|"
                   r"returned|exchanged|changed)|nothing\s+changes|leave|leaving|left\s+as|"
                   # round 9: "you're hanging on to the lamp", "holding onto", "you retain", "sticking with", "you'll still have"
                   r"(?:hang|hangs|hanging|hung|hold|holds|holding|held)\s+on(?:\s+to|to)|retain\w*|stick(?:s|ing)?\s+with|"
                   r"still\s+(?:have|has|own|get\s+to\s+keep))\b", re.IGNORECASE)


class ItemsListed(_Strict):
    tools: List[str] = Field(min_length=1)


class ItemsListedPredicate(_Strict):
    """Holds at each write of ``tools`` whose confirmation names another list of items."""

    items_listed: ItemsListed


def _order_items(initial: Any, order: Any) -> List[Tuple[str, str]]:
    """The (item id, product name) of the order's items in S0 (none when S0 does not hold them)."""
    orders = initial.get("orders") if isinstance(initial, dict) else None
    record = orders.get(order) if isinstance(orders, dict) and isinstance(order, str) else None
    items = record.get("items") if isinstance(record, dict) else None
    out = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("item_id"), str) and isinstance(item.get("name"), str):
            out.append((item["item_id"], item["name"]))
    return out


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> "re.Pattern[str]":
    """A product's name in any case and spacing, or its last word alone ("the boots" for Hiking
    Boots), singular or plural."""
    words = [re.escape(w) for w in re.split(r"[\s_-]+", name.strip()) if w]
    whole = r"[\s_-]+".join(words)
    head = words[-1] if words and len(words[-1]) >= 3 else None
    alts = f"{whole}|{head}" if head and len(words) > 1 else whole
    return re.compile(r"(?<!\w)(?:" + alts + r")(?:e?s)?(?!\w)", re.IGNORECASE)


def mentions(text: str, items: List[Tuple[str, str]]) -> List[FrozenSet[str]]:
    """Each naming of an item of ``items`` that ``text`` lists, as the ids it may stand for (an id
    stands for its item; a name, or its last word, for every item it names; "all the items",
    "both items", "the whole order" for every item of the order), outside a clause that keeps
    the item."""
    text = seen(text[:MAX_CHARS])
    out: List[FrozenSet[str]] = []
    if any(w in text for w in _EXCEPTION_HINTS):
        text, out = _exceptions_read(text, items)
    for clause in _listing_clauses(text):
        if _EVERY.search(clause):  # "all the items", "both items", "everything in the order": the whole order
            out += [frozenset({i}) for i, _ in items]
        ids = ids_in(clause)
        out += [frozenset({item_id}) for item_id, _ in items if id_key(item_id) in ids]
        for name in sorted({n for _, n in items}):
            for m in _name_pattern(name).finditer(clause):
                said = m.group(0)
                out.append(frozenset(i for i, n in items if _name_pattern(n).fullmatch(said)))
    return out


# round 20 (DD, scope): the exception of a quantifier carries the list. "none of the items (from #W1) except the bottle",
# "nothing but the bottle" list the bottle alone; "every item in #W1 but the bottle", "all of them except the bottle"
# list the order's items save those the exception names, up to its sentence's end
_EXCEPTION_HINTS = ("xcept", "but ", "other than", "apart from", "besides", "save ")
_BUT = r"\s+(?:except(?:\s+for)?|but(?:\s+for)?|other\s+than|apart\s+from|besides|save(?:\s+for)?)\s+"
_WHERE = r"(?:\s+(?:(?:in|from|on|of)\s+(?:the\s+|your\s+|this\s+|that\s+)?(?:order\s+)?)?#?[\w-]{1,20})?"
_NONE_BUT = re.compile(r"(?i)\b(?:none|nothing|no\s+(?:other\s+)?(?:items?|products?))(?:\s+of)?(?:\s+(?:the|your|its))?"
                       r"(?:\s+(?:items?|products?|things?))?" + _WHERE + _BUT)
_EVERY_BUT = re.compile(r"(?i)\b(?:(?:every|each|all)(?:\s+single)?(?:\s+of)?(?:\s+(?:the|your|its))?\s+(?:items?|products?|things?|them)"
                        r"|everything|(?:the\s+)?(?:whole|entire)\s+order)" + _WHERE + _BUT)
_SENTENCE_END = re.compile(r"[;!?\n]|\.(?!\d)")


def _exceptions_read(text: str, items: List[Tuple[str, str]]) -> Tuple[str, List[FrozenSet[str]]]:
    """``text`` with each "none ... except" read as "only", and each "every ... but X" taken out (to its sentence's end),
    and the items the latter lists (the order's items that X does not name)."""
    out: List[FrozenSet[str]] = []
    every = _EVERY_BUT.search(text)
    if every is not None:
        stop = _SENTENCE_END.search(text, every.end())
        end = stop.start() if stop else len(text)
        tail, named = text[every.end():end], ids_in(text[every.end():end])
        kept = {i for i, n in items if id_key(i) in named or _name_pattern(n).search(tail)}
        out = [frozenset({i}) for i, _ in items if i not in kept]
        text = text[:every.start()] + text[end:]
    return _NONE_BUT.sub("only ", text), out


_WORD = re.compile(r"[A-Za-z]{4,24}")


def misspelt_name(text: str, name: str, names: Any) -> bool:
    """Whether ``text`` names the product ``name`` with one of its words of five letters or more written one letter off (a
    letter left out, put in, changed, or two switched: "Botle", "Bottel", "Watter"), the rest of the name as it is, and the
    word so written no word of another of ``names`` (the order's product names)."""
    words = [w.lower() for w in re.split(r"[\s_-]+", name.strip()) if w]
    others = {w.lower() for n in names if n != name for w in re.split(r"[\s_-]+", n.strip()) if w}
    said = [w.lower() for w in _WORD.findall(text)]
    for k, word in enumerate(words):
        if len(word) < 5:
            continue
        for at, w in enumerate(said):
            if w != word and w not in others and _one_off(w, word) and all(
                    0 <= at - k + j < len(said) and said[at - k + j] == words[j] for j in range(len(words)) if j != k):
                return True
    return False


def _one_off(a: str, b: str) -> bool:
    """Whether ``a`` is ``b`` with one letter left out, put in or changed, or two neighbours switched."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((i for i in range(len(short)) if short[i] != long_[i]), len(short))
    return short[i:] == long_[i + 1:]


def _split(text: str, pattern: "re.Pattern[str]") -> List[str]:
    out, start = [], 0
    for m in pattern.finditer(text):
        out.append(text[start:m.start()])
        start = m.end()
    out.append(text[start:])
    return [c for c in out if c.strip()]


def _listing_clauses(text: str) -> List[str]:
    """The clauses of ``text`` that may list an item: every clause of a sentence that keeps none;
    in a sentence that keeps one, each comma's piece that names an action and keeps nothing ("You
    keep the lamp, return the bottle"; "Everything else, including the lamp, stays" lists none)."""
    out: List[str] = []
    for sentence in _split(text, _SENTENCES):
        if not _KEPT.search(sentence):
            out.append(sentence)
            continue
        out += [p for p in _split(sentence, _COMMAS) if _ACTS.search(p) and not _KEPT.search(p)]
    return out


def confirmation(run: Any, at: int, order: str, items: List[Tuple[str, str]]) -> Optional[str]:
    """The latest agent message before step ``at`` and after the previous write that states
    ``order`` or names an item of it (``items``), or None."""
    key = id_key(order)
    for step in reversed(run.trajectory.steps[:at]):
        if step.action.name in _WRITES:
            return None
        text = step.agent_text
        if isinstance(text, str) and ((items and mentions(text, items)) or key in ids_in(seen(text[:MAX_CHARS]))):
            chosen, _ = picked(text, step)  # round 17 (AZ): a menu's option picked ("1) the Water Bottle ... 2) the Hiking
            return chosen  # Boots ... Which one?" answered "1"): its lead-in and that option list the items
    return None


def listed_otherwise(run: Any, step: Any) -> Optional[str]:
    """Why the confirmation of the write at ``step`` lists other items than it acts on, or None."""
    kwargs = step.action.kwargs if isinstance(step.action.kwargs, dict) else {}
    order, acted = kwargs.get("order_id"), kwargs.get("item_ids")
    if not isinstance(order, str) or not isinstance(acted, list):
        return None
    items = _order_items(run.initial, order)
    if not items:
        return None
    text = confirmation(run, step.index, order, items)
    if text is None:
        return None
    named = mentions(text, items)
    listed = frozenset().union(*named) if named else frozenset()
    acted_ids = {a for a in acted if isinstance(a, str)}
    missing = sorted(i for i in acted_ids if i not in listed and any(i == x for x, _ in items))
    if missing:  # round 19 (CD): "the Water Botle": a word of the item's name one letter off names it
        missing = [i for i in missing if not misspelt_name(seen(text[:MAX_CHARS]), dict(items)[i], {n for _, n in items})]
    if missing:
        return f"the confirmation does not name item {missing[0]} the call acts on"
    own = acted_ids | {v for v in kwargs.get("new_item_ids") or () if isinstance(v, str)}  # the call's ids
    for ids in named:
        if not ids & own:
            item = sorted(ids)[0]
            return f"the confirmation names item {item} ({dict(items)[item]}), which the call leaves in the order"
    return None


def _verdict(run: Any, step: Any) -> WriteVerdict:
    why = listed_otherwise(run, step)
    return None if why is None else (True, why)


@register
class ItemsListedKind(CheckKind):
    key = "items_listed"
    model = ItemsListedPredicate
    event_like = True

    def tools(self, pred: Any) -> Tuple[str, ...]:
        return tuple(pred.items_listed.tools)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tools = tuple(pred.items_listed.tools)

        def check(run: Any) -> Finding:
            return judged_writes(run, tools, _verdict, "every write's confirmation lists the items it acts on")

        return check
