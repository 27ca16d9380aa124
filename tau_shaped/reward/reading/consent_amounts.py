"""The amounts a confirming message states beside the call's (SPEC §10: "Consent is a question about
the action, then a yes"; split from ``consent_scope`` in round 16): ``another_amount``, an amount of
money the message states when it states none of the amounts the call moves or computes ("total $384"
for a booking paying $348). Round 16: a unit's price ("$50 each", "$2.00 per GB", "at $50 a bag") is
a rate, not an amount moved, and "$0" ("$0 in fees", "$0 extra") says nothing is moved: neither is
another amount (a wrong rate or a fee said to be nothing where one is charged is the statement
rules' to judge, and ``said_free``'s where the rule names the price). An amount in brackets beside one
outside them is a side remark ("Refund $54.13 (you paid $45.13)" states $54.13, not the call's $45.13). ``only_bounded``
(round 16, read by ``value_bounds`` since round 17): the call's amount said only under a bound or an approximation ("up to
$16.90", "$16.90 tops", "$16-17") states no exact figure."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, Optional

from tau_shaped.env.identity_cache import OwnedLRU
from tau_shaped.reward.memo_keys import json_key, json_loaded
from tau_shaped.reward.reading.amount_arithmetic import arithmetic_read, says_arithmetic
from tau_shaped.reward.reading.call_values import id_key
from tau_shaped.reward.reading.consent_tails import money_routed, tail_after_question
from tau_shaped.reward.reading.text_matching import _amounts, _numbers_at
from tau_shaped.reward.reading.value_bounds import bound_at
from tau_shaped.reward.reading.lazy_patterns import lazy

__all__ = ["another_amount", "only_bounded"]

_MAX = 4000

_AMOUNT_KEYS = ("amount", "price", "total")


def another_amount(text: str, kwargs: Dict[str, Any], observation: Any = "", index: Any = None) -> Optional[float]:
    """An amount of money ``text`` states, not denied, when it states none of the amounts the call
    moves or computes while the call has no amount of its own at its top level (a rule's
    ``mention`` compares that one): "total $384" for a booking paying $348, "$61.23 more" for an
    exchange whose price difference is $16.23. The call's amounts: those inside its records (a
    booking's ``payment_methods[].amount``, and their sum), those its result gives (its prices,
    payments, refunds, price difference: ``observation``), and the prices of the records it names
    (``index``: S0's ids; the new items of an exchange, their sums and difference). Other amounts
    said beside one of the call's ("$174 each, $348 in all") state the call's, unless a statement after the question
    routes the money as another amount (``consent_tails``: "... $45.13 to your PayPal? The refund will be $54.13.").
    An amount said as arithmetic is the amount it makes (``amount_arithmetic``: "twice the $45.13")."""
    if not isinstance(kwargs, dict) or any(k in kwargs for k in _AMOUNT_KEYS) or ("$" not in text and "dollar" not in text.lower()):
        return None
    from tau_shaped.reward.reading.amounts import stated_amounts
    from tau_shaped.reward.reading.negation import Negations

    text = text[:_MAX]
    if says_arithmetic(text):  # round 19 (CB): "twice the $45.13", "$30 + $15.13": the amount each makes
        text = arithmetic_read(text)
    negated = Negations(text)
    found = [a for a in stated_amounts(text) if not negated(a.start, value=True) and a.value > 0.004
             and _PER_UNIT.match(text, a.end) is None and _UNIT_BEFORE.search(text[max(0, a.start - 40):a.start]) is None]
    if not found:
        return None
    if "(" in text:  # round 16 (AP): "Refund $54.13 (you paid $45.13)": a side remark's amount is not the one said
        outside = [a for a in found if text.count("(", 0, a.start) <= text.count(")", 0, a.start)]
        found = outside or found
    said = [a.value for a in found]
    own = _kept_amounts(kwargs, observation, index)
    if not own:
        return None
    if any(any(abs(a - o) < 0.005 for o in own) for a in said):
        tail = tail_after_question(text) if "?" in text or "\n" in text else None
        if tail is not None:  # round 19: "... $45.13 to your PayPal? The refund will be $54.13.": the later word
            later = [a.value for a in found if a.start >= tail[0] and money_routed(text, tail[0], a.start)]
            if later and not any(abs(later[-1] - o) < 0.005 for o in own):
                return later[-1]
        return None
    return said[0]


# an amount said per unit ("$50 each", "$2.00 per GB", "$50/bag", "at $50 a bag", "$30 apiece"): a rate
_PER_UNIT = lazy(r"(?i)\s{0,2}(?:each|apiece|a\s+piece|per\s+\w+|an?\s+(?:bag|piece|item|passenger|person|head|gb|gig|night|day|month)s?"
                       r"|/\s?\w+)(?![\w'])", needs=('/', 'apiece', 'bag', 'day', 'each', 'gb', 'gig', 'head', 'item', 'month', 'night', 'passenger', 'per', 'person', 'piece'))

# ... or with its unit before it ("each paid one at $50", "every extra bag costs $50")
_UNIT_BEFORE = lazy(r"(?i)(?<![\w'])(?:each|every|per)\s+(?:[\w'-]+\s+){0,3}(?:at|for|is|costs?|of|=|:)\s{0,2}$", needs=('each', 'every', 'per'))

_OWN_AMOUNTS: "OwnedLRU[frozenset]" = OwnedLRU(1024)  # each message before a write asks again, per call and world


def _kept_amounts(kwargs: Dict[str, Any], observation: Any, index: Any) -> frozenset:
    """``_call_amounts``, kept per call (its arguments and result) and S0 (``index``, the owner)."""
    args = json_key(kwargs)
    if args is None or not isinstance(observation, str):
        return frozenset(_call_amounts(kwargs, observation, index))
    key = (args, observation)
    found = _OWN_AMOUNTS.get((index,), key)
    return found if found is not None else _OWN_AMOUNTS.put((index,), key, frozenset(_call_amounts(kwargs, observation, index)))


def _call_amounts(kwargs: Dict[str, Any], observation: Any, index: Any) -> set:
    from tau_shaped.reward.reading.s0_records import named_amounts

    own: set = set()
    for value in kwargs.values():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            found = [v[k] for v in value for k in _AMOUNT_KEYS if _money(v.get(k))]
            own.update(round(float(a), 2) for a in found + named_amounts(value, index))
            if len(found) > 1:
                own.add(round(float(sum(found)), 2))
    if isinstance(observation, str) and observation.lstrip().startswith("{") and len(observation) <= 16000:
        try:
            _money_leaves(json_loaded(observation), own, 3)
        except ValueError:
            pass
    if index is not None:
        sums = []
        for k, v in kwargs.items():
            if isinstance(v, str) and k.endswith("_id"):
                v = [v]  # a substitute's item, a single record's price
            if isinstance(v, list) and v and all(isinstance(x, str) for x in v) and k.endswith(("_ids", "_id")):
                prices = [r[0].get("price") for r in (index.records.get(id_key(x)) for x in v) if r is not None and isinstance(r[0], dict)]
                prices = [float(p) for p in prices if _money(p)]
                own.update(round(p, 2) for p in prices)
                if prices:
                    sums.append(round(sum(prices), 2))
        own.update(sums)
        own.update(round(abs(a - b), 2) for a in sums for b in sums)
    return own


def _money(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _money_leaves(value: Any, out: set, depth: int) -> None:
    """The amounts a call's result gives: its numeric fields named as money, to ``depth`` levels."""
    if isinstance(value, dict):
        for k, v in value.items():
            if _money(v) and _MONEY_FIELD.search(str(k)):
                out.add(round(abs(float(v)), 2))
            elif depth > 0 and isinstance(v, (dict, list)):
                _money_leaves(v, out, depth - 1)
    elif isinstance(value, list) and depth > 0:
        for v in value[:64]:
            _money_leaves(v, out, depth - 1)


_MONEY_FIELD = re.compile(r"(?i)amount|price|total|refund|charge|cost|fee|difference|balance|credit|paid|value")


def only_bounded(text: str, value: float, tolerance: float = 0.005) -> bool:
    """Whether every mention of ``value`` in ``text`` (a number, or else an amount in any spelling) is said under a bound or
    an approximation, and there is one ("up to $16.90"; "you can get up to $16.90, so I'd refund the full $16.90" states it).
    A short text's answer for a float and a float tolerance is kept (bounded): a message is read against each write it
    might describe, and a GRPO group's rollouts repeat both."""
    if type(text) is str and len(text) <= _KEPT_TEXT and type(value) is float and type(tolerance) is float:
        return _kept_bounded(text, value, tolerance)
    return _only_bounded(text, value, tolerance)


_KEPT_TEXT = 2048


@lru_cache(maxsize=4096)
def _kept_bounded(text: str, value: float, tolerance: float) -> bool:
    return _only_bounded(text, value, tolerance)


def _only_bounded(text: str, value: float, tolerance: float) -> bool:
    spans = [(start, start + len(snippet)) for number, snippet, start in _numbers_at(text) if round(abs(number - value), 9) <= tolerance]
    if not spans:
        spans = [(a.start, a.end) for a in _amounts(text) if round(abs(a.value - value), 9) <= tolerance]
    return bool(spans) and all(bound_at(text, s, e) is not None for s, e in spans)
