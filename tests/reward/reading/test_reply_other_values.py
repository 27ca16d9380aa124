"""SPEC §10, "The clause that answers decides" and "Replies": a yes that names a value of a kind
the call has (a method, an amount, an order or reservation id, a reason among the tool's reasons, a
street) that differs from the described one asks for a different call (``change``); naming the
described value is an echo and keeps the yes. Ids compare in any case, with or without "#"; a
value of a kind the call does not have, and a method or amount told of as what was ("I paid with
my wallet"), change nothing.

Generated: templates x wordings x values, labelled by construction from SPEC §10 and the policies
(retail: "cancel_pending_order(order_id, reason)", reason "no longer needed" or "ordered by
mistake"; food delivery: issue_refund's method, cancel_order's reasons). The described values come
from the call's arguments (``described``: (key, value) pairs) or, when absent, from the question.
"""

from __future__ import annotations

import itertools
import time

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply

# ---- order and reservation ids -------------------------------------------------------------

ORDERS = [("#W8367380", "#W1242543"), ("#W5995614", "#W2702727"), ("FD-10045", "FD-10071"), ("ZFA04Y", "8JX2FN")]
ID_YES = ["Yes, cancel {v}.", "Yes, that's the one: {v}.", "Sure, go ahead with {v}.", "Yes please, {v}.",
          "OK, {v} is the one to cancel.", "Go ahead and cancel {v}, thanks."]
SPELLINGS = [lambda v: v, lambda v: v.lower(), lambda v: v.lstrip("#"), lambda v: "#" + v.lstrip("#").upper()]


def _cancel_question(order: str) -> str:
    return f"I'll cancel {order} with the reason 'no longer needed'. Do you confirm?"


@pytest.mark.parametrize("template, pair, spelling", list(itertools.product(ID_YES, ORDERS, range(len(SPELLINGS)))))
def test_a_yes_naming_another_id_asks_for_a_change(template: str, pair: tuple, spelling: int) -> None:
    described, other = pair
    kwargs = (("order_id", described), ("reason", "no longer needed"))
    q = _cancel_question(described)
    same = seen(template.format(v=SPELLINGS[spelling](described)))
    changed = seen(template.format(v=SPELLINGS[spelling](other)))
    # the call's arguments given
    assert classify_reply(same, question=q, described=kwargs) == "yes", same
    assert classify_reply(changed, question=q, described=kwargs) == "change", changed
    # only the question known: the id it names once stands for the call's
    assert classify_reply(same, question=q) == "yes", same
    assert classify_reply(changed, question=q) == "change", changed


def test_an_id_of_a_shape_the_call_has_none_of_changes_nothing() -> None:
    q = _cancel_question("#W8367380")
    kwargs = (("order_id", "#W8367380"),)
    for reply in ["Yes, go ahead. My zip is 94107.", "Yes, and my phone number is 5551234567.",
                  "Sure, go ahead; my user id is noah_brown_6181."]:
        assert classify_reply(reply, question=q, described=kwargs) == "yes", reply


def test_an_item_id_among_the_call_s_items_is_an_echo_and_another_is_a_change() -> None:
    kwargs = (("order_id", "#W8367380"), ("item_ids", ("1008292230", "6017636844")))
    q = "I'll return items 1008292230 and 6017636844 of order #W8367380 to your card. Shall I proceed?"
    assert classify_reply("Yes, return 6017636844.", question=q, described=kwargs) == "yes"
    assert classify_reply("Yes, return 9534205511.", question=q, described=kwargs) == "change"


def test_another_id_taken_back_keeps_the_yes() -> None:
    q = _cancel_question("#W8367380")
    assert classify_reply("Yes, cancel #W8367380, not #W1242543.", question=q) == "yes"
    assert classify_reply("Yes, cancel #W1242543, not #W8367380.", question=q) == "change"


# ---- reasons --------------------------------------------------------------------------------

REASONS = {
    "ordered by mistake": ["ordered by mistake", "I ordered it by mistake", "it was ordered by accident"],
    "no longer needed": ["no longer needed", "I no longer need it", "I don't need it anymore"],
}
REASON_REPLIES = ["Sure, though the reason is really '{v}'.", "Go ahead, but put the reason as '{v}' instead.",
                  "Yes, the reason is {v}.", "Yes please: {v}.", "OK, go ahead, {v}."]


@pytest.mark.parametrize("template, described, wording", [
    (t, d, w) for t in REASON_REPLIES for d in REASONS for w in range(3)])
def test_a_reply_naming_another_reason_asks_for_a_change(template: str, described: str, wording: int) -> None:
    other = next(r for r in REASONS if r != described)
    q = f"Please confirm you'd like me to cancel order #W8367380 because it was {described}."
    kwargs = (("order_id", "#W8367380"), ("reason", described))
    same = template.format(v=REASONS[described][wording])
    changed = template.format(v=REASONS[other][wording])
    for d in (kwargs, None):
        assert classify_reply(changed, question=q, described=d) == "change", (changed, d)
        if not template.startswith("Go ahead, but"):  # "..., but put the reason as X instead" asks for a change
            assert classify_reply(same, question=q, described=d) == "yes", (same, d)


FOOD_REASONS = {"restaurant_delay": "the restaurant is running late", "restaurant_closed": "the restaurant was closed",
                "item_unavailable": "the item is out of stock", "courier_unavailable": "no courier is available",
                "customer_request": "it's at my request"}


@pytest.mark.parametrize("described, said", list(itertools.product(FOOD_REASONS, FOOD_REASONS)))
def test_food_delivery_cancel_reasons(described: str, said: str) -> None:
    q = "I'll cancel order FD-10045 and refund $23.40 to your card. Shall I go ahead?"
    kwargs = (("order_id", "FD-10045"), ("reason", described))
    reply = f"Yes, go ahead, {FOOD_REASONS[said]}."
    assert classify_reply(reply, question=q, described=kwargs) == ("yes" if said == described else "change"), reply


def test_a_reason_when_the_call_s_reason_is_unknown_changes_nothing() -> None:
    q = "I'll refund $16.90 to your card for order FD-10045. Shall I go ahead?"
    assert classify_reply("Yes please, the item was out of stock.", question=q,
                          described=(("order_id", "FD-10045"), ("amount", 16.9), ("method", "original_payment"))) == "yes"


# ---- methods, amounts, streets ---------------------------------------------------------------

METHODS = {"original_payment": ["card", "credit card", "original payment method"], "wallet_credit": ["wallet", "wallet credit", "store credit"]}
VALUE_YES = ["Yes, the {v} is perfect.", "Yes, the {v} is fine.", "Sure, {v} works.", "OK, {v} please.",
             "Yes, {v} is great, go ahead."]


@pytest.mark.parametrize("template, method, wording, disguise", list(itertools.product(
    VALUE_YES, METHODS, range(3), range(3))))
def test_a_yes_naming_another_method_asks_for_a_change(template: str, method: str, wording: int, disguise: int) -> None:
    other = next(m for m in METHODS if m != method)
    said = "original payment method" if method == "original_payment" else "wallet"
    q = f"I'll refund $13.92 to your {said} for order FD-10030. Shall I go ahead?"
    kwargs = (("order_id", "FD-10030"), ("amount", 13.92), ("method", method))
    look = [lambda s: s, str.upper, lambda s: "Thanks! " + s][disguise]
    same = seen(look(template.format(v=METHODS[method][wording])))
    changed = seen(look(template.format(v=METHODS[other][wording])))
    assert classify_reply(same, question=q, described=kwargs) == "yes", same
    assert classify_reply(changed, question=q, described=kwargs) == "change", changed


@pytest.mark.parametrize("template", VALUE_YES)
def test_a_yes_naming_another_amount_asks_for_a_change(template: str) -> None:
    q = "I'll refund $13.92 to your wallet for order FD-10030. Shall I go ahead?"
    kwargs = (("order_id", "FD-10030"), ("amount", 13.92), ("method", "wallet_credit"))
    assert classify_reply(template.format(v="$13.92"), question=q, described=kwargs) == "yes"
    assert classify_reply(template.format(v="$20.00"), question=q, described=kwargs) == "change"


def test_a_yes_naming_another_street_asks_for_a_change() -> None:
    q = "I'll change the delivery address of #W8367380 to 12 Elm Street. Shall I proceed?"
    kwargs = (("order_id", "#W8367380"), ("address1", "12 Elm Street"))
    assert classify_reply("Yes, 12 Elm St is right.", question=q, described=kwargs) == "yes"
    assert classify_reply("Yes, 14 Oak Avenue is right.", question=q, described=kwargs) == "change"


@pytest.mark.parametrize("remark", ["I paid with my wallet originally.", "It was charged to my wallet last time.",
                                    "The order cost $45.10."])
def test_a_method_or_amount_told_of_as_what_was_is_a_side_remark(remark: str) -> None:
    q = "I'll refund $13.92 to your original payment method for order FD-10030. Shall I go ahead?"
    kwargs = (("order_id", "FD-10030"), ("amount", 13.92), ("method", "original_payment"))
    assert classify_reply(f"Yes, go ahead. {remark}", question=q, described=kwargs) == "yes"
    # directing it is not a side remark
    assert classify_reply("Yes, put it on the wallet I used before.", question=q, described=kwargs) == "change"


def test_a_condition_on_an_id_is_checked() -> None:
    q = _cancel_question("#W8367380")
    assert classify_reply("Yes, as long as it's #W8367380.", question=q) == "yes"
    assert classify_reply("Yes, as long as it's #W1242543.", question=q) == "change"


def test_many_ids_are_read_in_bounded_time() -> None:
    reply = "Yes, " + " ".join(f"#W{1000000 + i}" for i in range(300))
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    t = time.process_time()
    assert classify_reply(reply, question=_cancel_question("#W8367380")) == "change"
    assert time.process_time() - t < 10.0
