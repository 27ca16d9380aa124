"""Money stated (tau2 retail policy.md, cancelling a pending order: "the total will be refunded
via the original payment method immediately if it is gift card, otherwise in 5 to 7 business
days"; SPEC §10 statements: every amount, refund method and timing stated is typed and compared
with what the tools did). Rule ``retail.statements.money_supported`` (``money_stated``).

By construction, after the real cancellation: stating the refund it moved, to the method it
went to, in the policy's time, is backed (pass); another amount (one no tool showed), another
method or another timing is not (breach)."""

from __future__ import annotations

import random
from typing import Dict, List

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.world import BREACH, PASS

RULE = "retail.statements.money_supported"
_METHOD = {"credit_card": ["credit card", "card"], "paypal": ["PayPal account", "PayPal"], "gift_card": ["gift card"]}
_TIMING = {"immediate": ["right away", "immediately"], "days": ["within 5 to 7 business days", "in 5-7 business days"]}
_WRONG_TIMING = {"immediate": ["within 5 to 7 business days", "in about two weeks"],
                 "days": ["within 24 hours", "in 2 business days", "immediately"]}

_SAID = [
    "Your order {order} is cancelled. {amount} will be refunded to your {method} {timing}.",
    "Done: order {order} has been cancelled and the refund of {amount} goes back to your {method} {timing}.",
    "I've cancelled {order}. You'll see {amount} back on your {method} {timing}.",
    "The cancellation of {order} went through; {amount} is being returned to your {method} {timing}.",
    # an option written "none" beside the money is a value, not a negation (option_values)
    "Cancelled {order} (the chair with armrest: none, high-back); {amount} goes back to your {method} {timing}.",
    # a refund's method given with an arrow
    "Order {order}: cancelled. Refund {amount} -> your {method} {timing}.",
    # an items' timing beside the refund is no refund timing (option_values.item_return_only)
    "Cancelled {order}, so nothing has to be shipped back within 30 days; {amount} goes back to your {method} {timing}.",
    # a generic total under a refund's header is the refund (option_values.refund_record)
    "Order {order} is cancelled.\n\nRefund summary:\n- total: {amount}\n- method: your {method}\n- timing: {timing}",
    # round 10b: a key whose head is a count names no money, however its words are joined
    'Cancelled ✅ {{"order": "{order}", "total_pieces": 3, "refund": "{amount}", "to": "your {method}", "when": "{timing}"}}',
    "Order {order} is cancelled (totalPieces: 2). {amount} goes back to your {method} {timing}.",
    # round 14: a self-answered "How much back?" (the value answers the refund asked about); a macro line's fields
    "Order {order} is cancelled. How much back? I believe {amount}, to your {method} {timing}.",
    "STATUS: Cancelled | Order: {order} | Refund: {amount} | Method: your {method} | Timing: {timing}",
    # round 16: the agent back to an older question (AK); a time gone by beside the refund's own timing (AM)
    "Back to your question from earlier: {order} is cancelled, and {amount} goes back to your {method} {timing}.",
    "You placed {order} more than a day ago, but it was still pending, so it's cancelled: {amount} goes back to your {method} {timing}.",
]


def drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.tau2 import refund_of, retail_cancels

    scenes = retail_cancels()
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("cancel_pending_order")
        amount, pm = refund_of(sc)
        source = next(k for k in _METHOD if pm.startswith(k))
        when = "immediate" if source == "gift_card" else "days"
        # another method with the same timing (a card for PayPal and back): only the method differs
        other_source = {"credit_card": "paypal", "paypal": "credit_card"}.get(source)
        shown = {round(float(x), 2) for x in _numbers(obs)}
        wrong = next(a for a in (round(amount + d, 2) for d in (10.0, -7.5, 23.4, 1.11, 99.99)) if a > 0 and a not in shown)
        values = {"order": call.kwargs["order_id"], "amount": Money(amount), "method": rng.choice(_METHOD[source]),
                  "timing": rng.choice(_TIMING[when])}
        others: Dict[str, list] = {"amount": [(Money(wrong), BREACH)], "timing": [(rng.choice(_WRONG_TIMING[when]), BREACH)]}
        if other_source is not None:
            others["method"] = [(rng.choice(_METHOD[other_source]), BREACH)]
        context = {"scene": sc, "rule": RULE, "before": [(call, obs)], "reply": "Okay, thanks.",
                   "first": f"Hi, I want to cancel my order {call.kwargs['order_id']}."}
        record = ("Cancellation summary:", [("order", "{order}"), ("refund", "{amount}"), ("refunded to", "{method}"),
                                            ("when", "{timing}")], "")
        out.append(Draft("money", "refund_stated", [rng.choice(_SAID)], values, PASS, context, record=record,
                         others=others, key_slots=("amount", "method")))
    return out + _proposals(rng, scenes, n // 4)


# round 12: a refund proposed before any write (the customer then declines) says what a write would move: the amount is
# backed by the order the tool showed, not compared as money moved (a conditional "you'd get", a telegraphic bare participle
# under a question that only asks leave); another amount is backed by nothing
_PROPOSED = [
    "If I cancel {order}, you'd get {amount} back on your {method}. Shall I go ahead?",
    "Cancel {order}: {amount} refunded to your {method}. OK? y/n",
    "Cancel {order} -- refunded {amount} to your {method}. Proceed?",
    "Right, for {order} you would get {amount} back to your {method}. Happy for me to cancel it?",
    # round 16 (AN): a declarative proposal, its leave asked right after
    "So that's {order} cancelled, with {amount} back to your {method}. Shall I?",
    "So that's {amount} back to your {method} for {order}. Let me know if that's OK.",
]


def _proposals(rng: random.Random, scenes, n: int) -> List[Draft]:
    from tests.reward.reading.generated.tau2 import refund_of

    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("cancel_pending_order")
        amount, pm = refund_of(sc)
        source = next(k for k in _METHOD if pm.startswith(k))
        i = next(k for k, (a, _) in enumerate(sc.calls) if a.name == "cancel_pending_order")
        before = [(a, o) for a, o in sc.calls[:i] if a.name.startswith(("get_", "find_"))]  # the look-ups before it only
        shown = {round(float(x), 2) for _, o in before for x in _numbers(o)}
        wrong = next(a for a in (round(amount + d, 2) for d in (10.0, -7.5, 23.4, 1.11, 99.99)) if a > 0 and a not in shown)
        values = {"order": call.kwargs["order_id"], "amount": Money(amount), "method": rng.choice(_METHOD[source])}
        context = {"scene": sc, "rule": RULE, "before": before,
                   "reply": "No, leave it for now.", "first": f"Hi, how much would I get back for my order {call.kwargs['order_id']}?"}
        out.append(Draft("money", "refund_proposed", [rng.choice(_PROPOSED)], values, PASS, context,
                         others={"amount": [(Money(wrong), BREACH)]}, key_slots=("amount",)))
    return out


def _numbers(obs: str) -> List[float]:
    import re

    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", obs)]
