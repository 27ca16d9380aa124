"""Round 16 (AM bounds, gen-ops): a confirmation that gives the refund's amount only as a bound or an approximation
("up to $16.90", "roughly $16.90", "~$16.90", "no more than $16.90", "a bit under $16.90") does not tell the customer
exactly what will be refunded (wiki.md: "tell the customer exactly what you are about to do (... the amount ...)";
SPEC §10: a hedged amount states no exact figure): the write that follows a yes is unconfirmed. Controls: the amount
said plainly, and a bound beside the amount said plainly ("you can get up to $X, so I'd refund the full $X")."""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.food import refund_scenes
from tests.reward.reading.generated.world import BREACH, PASS, respond, trajectory, verdict


def _judge(template):
    sc = refund_scenes()[0]
    call, obs = sc.call("issue_refund")
    said = template.format(amount=f"${call.kwargs['amount']:.2f}", order=call.kwargs["order_id"])
    steps = [(respond(said), "Yes, please."), (call, obs)]
    return verdict(sc, "fd.confirm.before_write", trajectory(steps, "Hi, I need help with my order."))


@pytest.mark.parametrize("bound", ["up to", "roughly", "about", "at most", "no more than", "around", "~", "a bit under"])
def test_an_amount_said_as_a_bound_is_not_stated(bound):
    assert _judge("I can refund " + bound + " {amount} to your card for order {order}. Shall I go ahead?") == BREACH


@pytest.mark.parametrize("template", ["I can refund {amount} to your card for order {order}. Shall I go ahead?",
                                      "For order {order} you can get up to {amount}, so I'd refund the full {amount} to your card. OK?"])
def test_the_amount_said_plainly_is_stated(template):
    assert _judge(template) == PASS
