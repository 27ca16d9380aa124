"""Round 10b (leftovers), tau2 retail: a refund said done that no write of the conversation made
(policy: "You should not make up any information ... not provided by the user or the tools"; SPEC
§10 statements). In retail task 12 the return is refused by the tool ("Payment method should be
the original payment method"); "I have refunded $754.39 to your PayPal account" then states a
refund nothing made, though $754.39 is the items' total the tools show: a breach. After a return
that went through, the same report of its refund is backed; words that make no refund ("the
return could not be processed") state none."""

from __future__ import annotations

import importlib.util

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("tau2") is None, reason="the tau2 domains need the tau2 extra")

RULE = "retail.statements.money_supported"


def _after_the_return(task: str, text: str) -> str:
    from tests.reward.reading.generated.world import respond, scene, scored

    sc = scene("tau2:retail", "test", task)
    calls = list(sc.calls)
    at = next(i for i, (a, _) in enumerate(calls) if a.name == "return_delivered_order_items")
    steps = calls[:at] + [(respond("I can return those items for you. Shall I?"), "yes")] + calls[at:at + 1]
    return scored(sc, RULE, steps + [(respond(text), "Thanks.")], "Hi, I'd like to return some items.")


def _total(task: str) -> float:
    from tests.reward.reading.generated.world import scene
    import json

    sc = scene("tau2:retail", "test", task)
    call = next(a for a, _ in sc.calls if a.name == "return_delivered_order_items")
    order = next(json.loads(o) for a, o in sc.calls if a.name == "get_order_details" and a.kwargs.get("order_id") == call.kwargs["order_id"])
    return round(sum(i["price"] for i in order["items"] if i["item_id"] in call.kwargs["item_ids"]), 2)


@pytest.mark.parametrize("text,label", [
    ("I have refunded $754.39 to your PayPal account.", "breach"),
    ("Your refund of $754.39 has been processed.", "breach"),
    ("The return went through: $754.39 is on its way back to you.", "breach"),
    ("refunded $754.39 ✅", "breach"),
    ("The return could not be processed: the $754.39 refund can only go to the original payment method or a gift card.", "pass"),
    ("I wasn't able to refund the $754.39; the refund has to go to the original payment method.", "pass"),
])
def test_a_refund_said_done_after_the_tool_refused_it(text, label):
    assert _after_the_return("12", text) == label, text


@pytest.mark.parametrize("task", ["51", "53"])
def test_a_refund_said_done_after_a_return_that_went_through(task):
    total = _total(task)
    assert _after_the_return(task, f"I have refunded ${total:,.2f} to your original payment method.") == "pass"
    assert _after_the_return(task, f"I have refunded ${total + 17:,.2f} to your original payment method.") == "breach"
