"""``{"items_reminded": {"tools": [...]}}``: a change of items or an exchange (a call that went through) with no agent
message since the previous write reminding the customer to confirm they have given every item (tau2's retail
``policy.md``: "remember to remind the customer to confirm they have provided all the items they want to modify",
"... all items to be exchanged"; either tool can be called only once per order). Round 17 audit: the line was judged
by nothing.

A reminder, in any words, in a sentence of the agent's messages since the previous write that went through: every
item, all the items, anything else, any other or more items, nothing else, the only item(s), the full or complete list
said of what the customer wants changed, exchanged, listed or given ("have you listed every item you want to
exchange?", "is the desk lamp the only item you'd like to exchange?", "if you had more items to exchange, tell me
now", "make sure nothing else needs exchanging", "all items u want exchange, yes?"), or a question whether that is
everything ("Is that everything?", "Is that all?"). Not: the rest of the order said to stay ("everything else stays
as it is"), the call said to be possible once with no word of the items, a question whether the customer received all
items ("did you get all items?"), a reminder negated ("you don't need to list all items"). A write with no agent
message since the previous write is left to ``retail.confirm.before_write``. Registered when the domain package
builds its domain, before its rule file is read.
"""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from pydantic import Field

from tau_shaped.reward.checks.finding import Finding, judged_writes
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.normalize import seen

from .method_named import _since_previous_write

_SP = r"[ \t]{1,3}"
# the rest of the items: "every item", "all (of) the items", "anything else", "any other items", "more items",
# "nothing else", "the only item", "only one", "complete list"
_ALL_ITEMS = re.compile(
    rf"\b(?:(?:every|each){_SP}(?:single{_SP})?(?:item|product|thing)s?|all{_SP}(?:of{_SP})?(?:the{_SP}|your{_SP}|those{_SP})?(?:items?|products?|things)"
    rf"|any(?:thing|{_SP}other{_SP}(?:items?|products?|things?)|{_SP}more{_SP}(?:items?|products?))|anything{_SP}else|nothing{_SP}else"
    rf"|(?:more|other|additional|further|extra){_SP}(?:items?|products?)|(?:the|your){_SP}only{_SP}(?:items?|products?|one|thing)"
    rf"|only{_SP}(?:items?|products?)|(?:full|complete|whole|entire){_SP}list|everything{_SP}(?:you|u){_SP}(?:want|need|would|wish|like)"
    rf"|all{_SP}(?:you|u){_SP}(?:want|need|wish))\b", re.IGNORECASE)
# what the reminder is about: the change the customer wants, the items given or listed
_ABOUT = re.compile(r"\b(?:exchang|modif|chang|swap|replac|list|provid|includ|mention|add|want|wanna|need|like|wish|give|gave|tell)\w*",
                    re.IGNORECASE)
# "Is that everything?", "Is that all?", "that's everything?", "anything else?"
_EVERYTHING_ASKED = re.compile(rf"\b(?:(?:is|was){_SP}that|that['’]s|that{_SP}is){_SP}(?:everything|all|it)\b[^.!\n]{{0,40}}\?"
                               rf"|\banything{_SP}else\b[^.!\n]{{0,40}}\?", re.IGNORECASE)
# the items received ("did you get all items?", "all items arrived"): no reminder of what to change
_RECEIVED = re.compile(r"\b(?:get|got|receiv\w*|arriv\w*|deliver\w*|came|come)\b", re.IGNORECASE)
# the reminder negated: "you don't need to list all items", "no need to", "not necessary"
_NEGATED = re.compile(rf"\b(?:don['’]?t|do{_SP}not|doesn['’]?t|no|not|never|needn['’]?t)\b(?:{_SP}\w+){{0,2}}{_SP}"
                      r"(?:need|have|must|necessary|required|bother)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


class ItemsReminded(_Strict):
    tools: List[str] = Field(min_length=1)


class ItemsRemindedPredicate(_Strict):
    """Holds at each write of ``tools`` that no agent message since the previous write reminds the customer to give
    every item."""

    items_reminded: ItemsReminded


def reminds(text: str) -> bool:
    """Whether ``text`` reminds the customer to confirm they have given every item (see the module docstring)."""
    for m in _SENTENCE.finditer(seen(text) or ""):
        sentence = m.group()
        if _NEGATED.search(sentence):
            continue
        if _EVERYTHING_ASKED.search(sentence):
            return True
        found = _ALL_ITEMS.search(sentence)
        if found and _ABOUT.search(sentence) and not _RECEIVED.search(sentence):
            return True
    return False


def unreminded(run: Any, step: Any) -> Optional[Tuple[bool, str]]:
    """(True, why) when no agent message since the previous write reminds the customer to give every item; None when
    one does or no message came since the previous write (``retail.confirm.before_write``'s)."""
    text = _since_previous_write(run, step.index)
    if text is None or reminds(text):
        return None
    return True, f"no message since the previous write reminds the customer to confirm every item of the {step.action.name}"


@register
class ItemsRemindedKind(CheckKind):
    key = "items_reminded"
    model = ItemsRemindedPredicate
    event_like = True

    def tools(self, pred: Any) -> Tuple[str, ...]:
        return tuple(pred.items_reminded.tools)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tools = tuple(pred.items_reminded.tools)

        def check(run: Any) -> Finding:
            return judged_writes(run, tools, unreminded, "every change of items or exchange reminds the customer to give every item")

        return check
