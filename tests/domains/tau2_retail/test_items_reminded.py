"""tau2 retail policy.md: a change of items ("In particular, remember to remind the customer to confirm they have
provided all the items they want to modify") and an exchange ("remember to remind the customer to confirm they have
provided all items to be exchanged"): both tools can be called only once per order. Round 17 audit: no check judged
the line (POLICY_RULES.md: "the reminder: not judged"); a change of items confirmed with no word of the rest of the
order scored 1. Now ``retail.confirm.items_reminded`` (check kind ``items_reminded``, this package's
items_reminded.py).

Held-out set 1, written from policy.md before the rule (real tasks: test 9, an exchange of the Desk Lamp of
#W6390527 paid by PayPal; test 42, a change of the Jigsaw Puzzle of the pending #W4082615): "breach" where no agent
message since the previous write reminds the customer, "pass" where one does in any words."""

from __future__ import annotations

import importlib.util
from typing import List, Union

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("tau2") is None,
                                reason="needs the tau2 extra (pip install -e '.[tau2]')")

RULE = "retail.confirm.items_reminded"
D = "tau2:retail"
WRITES = {"cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
          "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items",
          "modify_user_address"}


ITEMS = ("modify_pending_order_items", "exchange_delivered_order_items")


def _verdict(tid: str, said_first: Union[str, List[str], None], reply: str = "Yes, go ahead.") -> str:
    """The rule's verdict on task ``tid``'s ground truth calls, the first change of items or exchange preceded by the
    agent messages ``said_first`` (every other write by the conversion's own confirmation), each answered ``reply``."""
    from tau_shaped.integrations.tau2.tasks import confirmation_text
    from tests.reward.reading.generated.world import respond, scene, trajectory, verdict

    sc = scene(D, "test", tid)
    steps, first = [], True
    for action, observation in sc.calls:
        if action.name in WRITES:
            said = confirmation_text(action.name, dict(action.kwargs))
            if action.name in ITEMS and first and said_first is not None:
                said, first = said_first, False
            for text in [said] if isinstance(said, str) else said:
                steps.append((respond(text), reply))
        steps.append((action, observation))
    return verdict(sc, RULE, trajectory(steps, first_user_message="Hi"))


EXCHANGE = "I'll exchange the Desk Lamp (8384507844) on #W6390527 for item 7624783998, the difference settled with your PayPal."
CHANGE = "I'll modify #W4082615: the Jigsaw Puzzle (9779102705) becomes item 1096508426, the difference paid via PayPal."

SET1 = [
    ("9", EXCHANGE + " Shall I go ahead?", "breach"),
    ("9", EXCHANGE + " Before I do: this can only be done once, so have you listed every item you want to exchange? Shall I go ahead?", "pass"),
    ("9", EXCHANGE + " Is the desk lamp the only item you'd like to exchange? Once submitted, no further exchanges are possible. Proceed?", "pass"),
    ("9", "exchange desk lamp 8384507844 -> 7624783998 on #W6390527, paypal. all items u want exchange, yes? ok to go?", "pass"),
    ("9", "If you had more items to exchange, you'd need to tell me now. " + EXCHANGE + " Proceed?", "pass"),
    ("9", EXCHANGE + " Everything else in the order stays as it is. Shall I go ahead?", "breach"),
    ("9", EXCHANGE + " The exchange can only be requested once. Shall I go ahead?", "breach"),
    ("9", "As I mentioned earlier, make sure that's every item you want exchanged. " + EXCHANGE + " Go ahead?", "pass"),
    ("9", ["Please list all the items you want to exchange in this order; it can only be done once.", EXCHANGE + " Shall I go ahead?"], "pass"),
    ("9", "Would you mind double-checking that nothing else needs exchanging? " + EXCHANGE + " Shall I proceed?", "pass"),
    ("9", "Did you get all items in the order? " + EXCHANGE + " Shall I proceed?", "breach"),
    ("9", "You don't need to list all items now. " + EXCHANGE + " Proceed?", "breach"),
    ("42", CHANGE + " Is that every item you want to change? Proceed?", "pass"),
    ("42", CHANGE + " Proceed?", "breach"),
]


@pytest.mark.parametrize("tid, said, expected", SET1)
def test_set1_the_reminder_to_give_every_item(tid: str, said: Union[str, List[str]], expected: str) -> None:
    assert _verdict(tid, said) == expected


# Held-out set 2: new sentences written after the rule, run once.
SET2 = [
    ("9", "Before I submit: is there anything else in #W6390527 you'd like exchanged? " + EXCHANGE + " Proceed?", "pass"),
    ("9", EXCHANGE + " pls confirm thats all the items to exchange, ok?", "pass"),
    ("9", EXCHANGE + " Should you want to swap any other item, tell me now, since this is a one-time action. Go ahead?", "pass"),
    ("9", EXCHANGE + " The other items stay in the order. OK?", "breach"),
    ("9", EXCHANGE + " Just so you know, an exchange can't be undone. OK?", "breach"),
    ("9", "Did every item arrive in good shape? " + EXCHANGE + " Proceed?", "breach"),
    ("42", CHANGE + " I'd just ask you to double-check nothing else on the order needs changing. Proceed?", "pass"),
    ("42", CHANGE + " We discussed the puzzle; shall I proceed?", "breach"),
    ("42", "Is that all you want to modify? " + CHANGE + " Proceed?", "pass"),
]


@pytest.mark.parametrize("tid, said, expected", SET2)
def test_set2_the_reminder_to_give_every_item(tid: str, said: Union[str, List[str]], expected: str) -> None:
    assert _verdict(tid, said) == expected
