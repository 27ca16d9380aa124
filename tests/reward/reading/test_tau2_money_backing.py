"""Money stated after a tau2 retail cancellation is backed or it breaks the rule (SPEC §10
statements: "An assertion they do not back, or that they contradict, breaks the rule
responsible for that kind of fact"; rule ``retail.statements.money_supported``).

Labels by construction, from tau2's retail policy.md ("the total will be refunded via the
original payment method immediately if it is gift card, otherwise in 5 to 7 business days") and
the cancellation's own observation (the refund it moved and the method it went to):

- the refund the cancellation moved, to its method, in the policy's time: backed (pass);
- another amount (one no tool showed), stated as a refund, a charge or money back: a breach;
- another method (a card for PayPal, PayPal for a card, a card for a gift card): a breach;
- another timing ("immediately" to a card or PayPal; "5 to 7 business days" to a gift card;
  "within 24 hours", "in 2 business days"): a breach;
- the wrong amount negated ("not $X") asserts nothing: pass.

Each case is written in several paraphrases and judged end to end by the rule's check (the
fast path); a sample goes through the whole scorer too (the writes replayed, events recorded)
and must get the same verdict. An amount typed as neither a charge nor a refund (a bare price)
that nothing backs stays undetermined: the words do not say which record's price it is."""

from __future__ import annotations

import importlib.util
import json
import random
import re
from typing import List, Tuple

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("tau2") is None, reason="the tau2 domains need the tau2 extra")

RULE = "retail.statements.money_supported"
_NAMES = {"credit_card": ["credit card", "card", "Visa card"], "paypal": ["PayPal", "PayPal account"],
          "gift_card": ["gift card", "gift card balance"]}
_SOON = ["immediately", "right away", "instantly"]
_DAYS = ["in 5 to 7 business days", "within 5-7 business days", "in five to seven business days"]
_WRONG_FOR_DAYS = ["immediately", "within 24 hours", "in 2 business days", "right away"]
_WRONG_FOR_SOON = ["in 5 to 7 business days", "within two weeks", "in 3 business days"]
# paraphrases of one report: the order, the amount, the method, the timing
_SAID = [
    "I've cancelled {order}. You'll get {amount} back on your {method} {timing}.",
    "Order {order} is now cancelled, and {amount} will be refunded to your {method} {timing}.",
    "All set: {order} has been cancelled. A refund of {amount} is on its way to your {method} {timing}.",
    "The cancellation of {order} is done and we are returning {amount} to your {method} {timing}.",
    "{order} is cancelled; expect {amount} credited back to your {method} {timing}.",
]
_OPENINGS = ["", "Thanks for waiting. ", "I'm sorry for the trouble. "]


def _cancels() -> List:
    from tests.reward.reading.generated.tau2 import retail_cancels

    return list(retail_cancels())


def _money(v: float) -> str:
    return f"${v:,.2f}"


def _shown(obs: str) -> set:
    return {round(float(x), 2) for x in re.findall(r"-?\d+(?:\.\d+)?", obs)}


def _case(rng: random.Random, sc, change: str) -> Tuple[str, str]:
    """A message reporting ``sc``'s cancellation with ``change`` ("" | amount | method | timing),
    and its label."""
    from tests.reward.reading.generated.tau2 import refund_of

    call, obs = sc.call("cancel_pending_order")
    amount, pm = refund_of(sc)
    source = next(k for k in _NAMES if pm.startswith(k))
    timing = rng.choice(_SOON if source == "gift_card" else _DAYS)
    method = rng.choice(_NAMES[source])
    label = "pass"
    if change == "amount":
        shown = _shown(obs)
        amount = next(a for a in (round(amount + d, 2) for d in (10.0, 13.37, -4.21, 31.5)) if a > 0 and a not in shown)
        label = "breach"
    elif change == "method":
        other = {"credit_card": "paypal", "paypal": "credit_card", "gift_card": "credit_card"}[source]
        method = rng.choice(_NAMES[other])
        if other == "credit_card" and source == "gift_card":
            timing = rng.choice(_SOON)  # the timing stays the gift card's: only the method is wrong
        label = "breach"
    elif change == "timing":
        timing = rng.choice(_WRONG_FOR_SOON if source == "gift_card" else _WRONG_FOR_DAYS)
        label = "breach"
    text = rng.choice(_OPENINGS) + rng.choice(_SAID).format(order=call.kwargs["order_id"], amount=_money(amount),
                                                            method=method, timing=timing)
    return text, label


def _judge(sc, text: str, scored: bool = False) -> str:
    from tests.reward.reading.generated.world import respond, trajectory, verdict
    from tests.reward.reading.generated.world import scored as by_scorer

    call, obs = sc.call("cancel_pending_order")
    steps = [(call, obs), (respond(text), "Okay, thanks.")]
    first = f"Hi, I want to cancel my order {call.kwargs['order_id']}."
    if scored:
        return by_scorer(sc, RULE, steps, first)
    return verdict(sc, RULE, trajectory(steps, first))


def _cases(n: int, seed: int = 7) -> List[Tuple[object, str, str]]:
    rng = random.Random(seed)
    scenes = _cancels()
    out = []
    for i in range(n):
        sc = rng.choice(scenes)
        change = ("", "amount", "method", "timing")[i % 4]
        text, label = _case(rng, sc, change)
        out.append((sc, text, label))
    return out


def test_every_refund_report_gets_the_policys_verdict():
    cases = _cases(160)
    wrong = [(text, label, got) for sc, text, label in cases if (got := _judge(sc, text)) != label]
    assert not wrong, f"{len(wrong)}/{len(cases)} misjudged, e.g. {wrong[:4]}"
    assert {label for _, _, label in cases} == {"pass", "breach"}


def test_the_scorer_gives_the_same_verdicts():
    cases = _cases(8, seed=11)
    for sc, text, label in cases:
        assert _judge(sc, text, scored=True) == label, text


@pytest.mark.parametrize("said", [
    "You'll be charged {wrong} for the cancellation.",
    "We've sent {wrong} back to you.",
    "Your refund comes to {wrong}.",
    "I'm refunding {wrong} to you.",
])
def test_an_unbacked_amount_of_money_that_moves_is_a_breach(said):
    sc = _cancels()[0]
    from tests.reward.reading.generated.tau2 import refund_of

    amount, _ = refund_of(sc)
    obs = sc.call("cancel_pending_order")[1]
    wrong = next(a for a in (round(amount + d, 2) for d in (10.0, 13.37)) if a not in _shown(obs))
    assert _judge(sc, said.format(wrong=_money(wrong))) == "breach"


def test_a_wrong_amount_negated_asserts_nothing():
    from tests.reward.reading.generated.tau2 import refund_of

    sc = _cancels()[0]
    amount, pm = refund_of(sc)
    source = next(k for k in _NAMES if pm.startswith(k))
    timing = "immediately" if source == "gift_card" else "in 5 to 7 business days"
    text = (f"The refund is {_money(amount)}, not {_money(amount + 10)}, and it goes back to your "
            f"{_NAMES[source][0]} {timing}.")
    assert _judge(sc, text) == "pass"


def test_a_bare_price_nothing_backs_stays_undetermined():
    """An amount typed as neither a charge nor a refund: which record's price it is cannot be made
    out, so it is not compared (SPEC §8)."""
    sc = _cancels()[0]
    obs = sc.call("cancel_pending_order")[1]
    item = json.loads(obs)["items"][0]["name"]
    odd = next(v for v in (987.65, 876.54, 765.43) if v not in _shown(obs))
    assert _judge(sc, f"For reference, the {item} is listed at {_money(odd)} in the catalog.") == "undetermined"
