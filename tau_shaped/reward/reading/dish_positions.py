"""Dishes picked by their place in a message (round 17, SPEC §10 Offers; read by ``checks.offers_unsafe`` before
``unsafe_offers``): "the former", "the latter", "the first", "the second one", "the last one", "option 2", "number 1",
"#2", "option b" stand for the dish named at that place among the dishes the message named before them, in order,
each once ("1. Chana Masala 2. Chicken Korma (tree nuts). I'd suggest option 2" suggests the Chicken Korma; "Of the
Chicken Korma and the Chana Masala, I'd go with the latter -- the former has tree nuts" goes with the Chana Masala
and says the Chicken Korma has tree nuts). ``positions_named`` writes each such pick as the dish's name, so the offer
reader reads it as the dish named: offered, or set apart, as its clause says.

A place word is a pick only where it stands for a dish: "the first time", "the second step", "first, I'll check" are
none; and only where the message named two dishes or more before it. What the customer picks by place in a reply to
the agent's list is read by ``dish_followups``.

Round 18: a message naming fewer than two dishes may pick one by its place in the agent's message before ("I'd go with
the second one from the list above", "Option 2 would be my pick", "the former is closer", "#2"):
``positions_named_across`` reads its picks among the dishes that message named (``positions_named`` over the two).
"""

from __future__ import annotations

import re
from tau_shaped.reward.reading.lazy_patterns import lazy
from functools import lru_cache
from typing import Any, Dict, List

__all__ = ["positions_named", "positions_named_across", "may_pick"]

_REACH = 4096  # a longer message is read as it stands
_ORDINALS = {"first": 0, "former": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
             "last": -1, "latter": -1}
_LABELS = {"1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "a": 0, "b": 1, "c": 2, "d": 3, "e": 4}
_NOT_A_DISH = (r"time|times|step|steps|thing|things|of|place|day|days|order|orders|message|week|minutes?|hours?|course|half|part|few|"
               r"two|three|round|line|page|person|customer|agent|issue|problem|question|charge|payment|refund|delivery|attempt|try|"
               r"instance|point|priority|reason|choice[ \t]+of|name|word|letter|digit|number|bite|taste|look|glance|thought")
_PICK = re.compile(
    rf"(?<!\w)(?:the[ \t]+(?P<word>first|second|third|fourth|last|former|latter|1st|2nd|3rd|4th)(?:[ \t]+(?:one|option|dish|choice|item))?"
    rf"(?![ \t]+(?:{_NOT_A_DISH})(?!\w))(?![\w-])|"
    r"(?:option|number|no\.|choice|item|#)[ \t]*(?P<label>[1-5]|[a-e])(?!\w|\.\d))|"
    # round 17 labels: "(b)", a table row's first cell "| B | Pesto Pasta |", a line's "A) Risotto", a capital "B" before a stop
    r"\((?P<plabel>[a-e1-5])\)|^\|[ \t]*(?P<tlabel>(?-i:[A-E])|[1-5])[ \t]*(?=\|)|^[ \t]*(?P<llabel>(?-i:[A-E])|[a-e])[).](?=[ \t])|"
    r"(?<![\w'’-])(?P<ulabel>(?-i:[A-E]))(?=[ \t]*(?:[.,;:!?)]|$))",
    re.IGNORECASE | re.MULTILINE)


_LABEL_END = re.compile(r"[ \t]*[:).=|–—-]*[ \t]*(?:the[ \t]+)?")


# round 18: "the one I mentioned first", "the dish we listed second": a place said after the pick, read as "the first one"
_PLACE_AFTER = lazy(r"(?<!\w)the[ \t]+(?:one|dish|option)[ \t]+(?:that[ \t]+)?(?:I|we)(?:['’]ve|[ \t]+have)?[ \t]+(?:just[ \t]+)?"
                          r"(?:mentioned|listed|named|suggested|said|gave[ \t]+you|put)[ \t]+(first|second|third|fourth|last)(?!\w)", re.IGNORECASE, needs=('first', 'fourth', 'last', 'second', 'third'))


def _places_first(text: str) -> str:
    return _PLACE_AFTER.sub(lambda m: "the " + m.group(1) + " one", text) if "the " in text else text


def may_pick(text: str) -> bool:
    """Whether ``text`` may pick a dish by its place (cheap; kept for a short text: each rollout of a task reads
    its messages again, ``message_looks``)."""
    return _kept_pick(text) if len(text) <= 2048 else _picks(text)


def _picks(text: str) -> bool:
    return _PICK.search(text, 0, _REACH) is not None or _PLACE_AFTER.search(text, 0, _REACH) is not None


@lru_cache(maxsize=4096)
def _kept_pick(text: str) -> bool:
    return _picks(text)


def positions_named(text: str, menu: Any) -> str:
    """``text`` with each pick of a dish by its place written as the dish's name (``text`` itself when none);
    ``menu``: an ``unsafe_menus.UnsafeMenu``."""
    if len(text) > _REACH or not may_pick(text):
        return text
    as_given, text = text, _places_first(text)
    mentions = menu.dish_names.find(text)
    if len(mentions) < 2:
        return as_given
    out: List[str] = []
    done = 0
    labels: Dict[str, str] = {}  # a label given to a dish ("option b: the Korma", "#1 Chana Masala"): what it names after
    for m in _PICK.finditer(text):
        given = next((g for g in ("label", "plabel", "tlabel", "llabel", "ulabel") if m.group(g)), None)
        if given is not None:
            key = m.group(given).lower()
            after = _LABEL_END.match(text, m.end())
            nxt = next((n for n in mentions if n.start >= m.end()), None)
            if given != "ulabel" and after is not None and nxt is not None and nxt.start <= after.end() + 4:
                labels[key] = nxt.dish  # a label, not a pick
                continue
            if key in labels:
                out.append(text[done:m.start()])
                out.append("the " + labels[key])
                done = m.end()
                continue
            if given not in ("label", "plabel"):
                continue  # a capital letter, a row's or a line's label given to no dish: no pick by place
        named: List[str] = []
        for n in mentions:
            if n.start >= m.start():
                break
            if n.dish.lower() not in (d.lower() for d in named):
                named.append(n.dish)
        key = (m.group("word") or m.group("label") or m.group("plabel")).lower()
        place = _ORDINALS.get(key) if m.group("word") else _LABELS.get(key)
        if len(named) < 2 or place is None or not -len(named) <= place < len(named):
            continue
        out.append(text[done:m.start()])
        out.append("the " + named[place])
        done = m.end()
    return "".join(out) + text[done:] if out else as_given


_JOIN = "\n\x00\n"  # between the message before and this one: no message holds it


def positions_named_across(text: str, before: str, menu: Any) -> str:
    """``text`` with each pick by place of a dish the agent's message ``before`` named written as the dish's name, where
    ``text`` itself names fewer than two dishes; ``text`` itself when none."""
    if not before or not may_pick(text) or len(menu.dish_names.find(text)) >= 2:
        return text
    joined = before[-(_REACH // 2):] + _JOIN + text
    if len(joined) > _REACH:
        return text
    out = positions_named(joined, menu)
    at = out.rfind(_JOIN)
    return out[at + len(_JOIN):] if at >= 0 and out != joined else text
