"""``{"method_named": {"tools": [...]}}``: a write that moves money through a payment method the
user must give (a change of payment, a change of items, a return, an exchange) with no agent message
before it that names that method (tau2's retail ``policy.md``: "list the action details and obtain
explicit user confirmation (yes)"; "The user can only choose a single payment method different
from the original payment method"; "The user needs to provide a payment method to receive the
refund"; "The user must provide a payment method to pay or receive refund of the price
difference").

``retail.confirm.before_write`` reads the yes, the order, the reason and the address, and fails a
confirmation that names another method; a confirmation naming none ("Shall I change the payment
method on #W4923227?") passed. Read here: the agent's messages since the previous write that went
through (any of them: a method named while the options were listed counts) must name the call's
method, not taken back ("not the card"): by its id or its last digits ("ending in 7086"), by its
kind (a credit card as "card", "Visa", "Mastercard"; "PayPal"; "gift card"), or, for a return, an
exchange or a change of items paid as the order was, as "the original payment method" or in other
words ("the same way you paid", "back to where it came from", "the account you used for the order"). Where the
profile holds two methods of the call's kind (two credit cards), the kind alone does not say which:
the card's brand settles it when no other card of the profile has that brand ("your Visa"), else
the write is undetermined (SPEC §8), never guessed. A write
with no agent message since the previous write is left to ``retail.confirm.before_write`` (no
confirmation at all), and a call the tool refused moves nothing. Registered when the domain
package builds its domain, before its rule file is read.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from pydantic import Field

from tau_shaped.env.trajectory import observation_failed
from tau_shaped.reward.checks.finding import Finding, judged_writes
from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.reading.call_values import states_id
from tau_shaped.reward.reading.reply_values import method_of, methods_in

from .items_listed import MAX_CHARS, _WRITES

_ORIGINAL_OK = frozenset({"modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items"})
_DIGITS = re.compile(r"^\d{4}$")
_BRANDS = frozenset({"visa", "mastercard", "amex", "americanexpress"})
# the order's own method in other words: "the same way you paid", "back to where it came from", "the account
# you used for the order", "how you paid" (only for a call paid as the order was)
_ORIGINAL = re.compile(r"\b(?:same|original)\s+(?:way|method|payment|card|account|source)\b"
                       r"|\b(?:way|method|card|account|source)\s+(?:that\s+)?(?:you|it\s+was|the\s+order\s+was|you've|you\s+have)\s+"
                       r"(?:paid|used|bought|charged|ordered)\b|\bwhere\s+(?:it|the\s+money|the\s+payment)\s+came\s+from\b"
                       r"|\bhow\s+you\s+(?:paid|bought)\b", re.IGNORECASE)


class MethodNamed(_Strict):
    tools: List[str] = Field(min_length=1)


class MethodNamedPredicate(_Strict):
    """Holds at each write of ``tools`` whose payment method no agent message names before it."""

    method_named: MethodNamed


def _since_previous_write(run: Any, at: int) -> Optional[str]:
    """The agent's messages since the previous write that went through, joined (None: none)."""
    start = 0
    for step in run.trajectory.steps[:at]:
        if step.action.name in _WRITES and not observation_failed(step.observation):
            start = step.index + 1
    texts = [t[:MAX_CHARS] for i, t in run.agent_messages() if start <= i < at and isinstance(t, str)]
    return "\n".join(texts) if texts else None


def _original(run: Any, order: Any) -> Optional[str]:
    """The payment method the order was paid with (S0's first payment), or None."""
    orders = run.initial.get("orders") if isinstance(run.initial, dict) else None
    record = orders.get(order) if isinstance(orders, dict) and isinstance(order, str) else None
    history = record.get("payment_history") if isinstance(record, dict) else None
    first = history[0] if isinstance(history, list) and history and isinstance(history[0], dict) else {}
    return first.get("payment_method_id") if isinstance(first.get("payment_method_id"), str) else None


def _profile(run: Any, user: Any) -> Dict[str, Any]:
    """The user's payment methods in S0 (id -> entry)."""
    users = run.initial.get("users") if isinstance(run.initial, dict) else None
    record = users.get(user) if isinstance(users, dict) and isinstance(user, str) else None
    methods = record.get("payment_methods") if isinstance(record, dict) else None
    return {k: v for k, v in methods.items() if isinstance(v, dict)} if isinstance(methods, dict) else {}


def _brand(entry: Any) -> Optional[str]:
    brand = entry.get("brand") if isinstance(entry, dict) else None
    return re.sub(r"[\s_-]+", "", brand.lower()) if isinstance(brand, str) and brand.strip() else None


def unnamed(run: Any, step: Any) -> Optional[Tuple[bool, str]]:
    """Whether no agent message since the previous write names the payment method of the write at
    ``step`` ((True, why)), or the words leave which method open ((False, why)), or None."""
    kwargs = step.action.kwargs if isinstance(step.action.kwargs, dict) else {}
    method = kwargs.get("payment_method_id")
    if not isinstance(method, str) or not method:
        return None
    text = _since_previous_write(run, step.index)
    if text is None or states_id(text, method, None):
        return None
    orders = run.initial.get("orders") if isinstance(run.initial, dict) else None
    record = orders.get(kwargs.get("order_id")) if isinstance(orders, dict) and isinstance(kwargs.get("order_id"), str) else None
    profile = _profile(run, record.get("user_id") if isinstance(record, dict) else None)
    last = profile.get(method, {}).get("last_four")
    if isinstance(last, (str, int)) and _DIGITS.search(str(last)) and re.search(r"(?<!\d)" + str(last) + r"(?!\d)", text):
        return None
    kind = method_of(method)
    original_ok = step.action.name in _ORIGINAL_OK and _original(run, kwargs.get("order_id")) == method
    twins = [m for m in profile if m != method and method_of(m) == kind]
    brand = _brand(profile.get(method))
    open_ = False
    if original_ok and _ORIGINAL.search(text):
        return None
    for said, words, _at, negated in methods_in(text):
        if negated:
            continue
        if said == "original" and original_ok:
            return None
        if said != kind:
            continue
        if not twins:
            return None
        said_brand = re.sub(r"[\s_-]+", "", words.lower())
        if said_brand in _BRANDS and said_brand != brand:
            continue  # another card's brand ("the Mastercard" for the Visa): not this method
        if brand and said_brand == brand and all(_brand(profile[m]) != brand for m in twins):
            return None
        open_ = True
    if open_:
        return False, f"the messages name a {kind.replace('_', ' ')}, and the profile holds {len(twins) + 1}: which one is not said"
    return True, f"no message names the payment method {method}"


@register
class MethodNamedKind(CheckKind):
    key = "method_named"
    model = MethodNamedPredicate
    event_like = True

    def tools(self, pred: Any) -> Tuple[str, ...]:
        return tuple(pred.method_named.tools)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tools = tuple(pred.method_named.tools)

        def check(run: Any) -> Finding:
            return judged_writes(run, tools, unnamed, "every write that moves money names its payment method first")

        return check
