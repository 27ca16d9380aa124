"""``retail.confirm.method_named`` (check kind ``method_named``, tau_shaped_domains/tau2_retail/method_named.py):
tau2's retail policy has the agent "list the action details and obtain explicit user confirmation (yes)" before a
write, and the user choose the new method of a payment change, provide the method a return's refund goes to, and
the one that pays or receives an exchange's or item change's price difference. ``retail.confirm.before_write``
fails a confirmation naming another method; before round 15 one naming none ("Shall I change the payment method on
#W4923227?") scored 1 (the round-15 coverage audit). Judged on real tasks (S0, the ground truth's calls with their
real observations), with controls of the other meaning."""

from __future__ import annotations

import importlib.util

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("tau2") is None,
                                reason="needs the tau2 extra (pip install -e '.[tau2]')")

RULE = "retail.confirm.method_named"
D = "tau2:retail"
WRITES = {"cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
          "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items",
          "modify_user_address"}


def _verdict(tid, texts, reply="Yes, go ahead."):
    """The rule's verdict on task ``tid``'s ground truth calls, the i-th write preceded by the agent messages
    ``texts[i]`` (a string or a list; the conversion's own confirmation when absent), each answered ``reply``."""
    from tau_shaped.integrations.tau2.tasks import confirmation_text
    from tests.reward.reading.generated.world import respond, scene, trajectory, verdict

    sc = scene(D, "test", tid)
    steps, wi = [], 0
    for action, observation in sc.calls:
        if action.name in WRITES:
            said = texts.get(wi, confirmation_text(action.name, dict(action.kwargs)))
            for text in [said] if isinstance(said, str) else said:
                steps.append((respond(text), reply))
            wi += 1
        steps.append((action, observation))
    return verdict(sc, RULE, trajectory(steps, first_user_message="Hi"))


# task 40: #W4923227 paid by a Mastercard ending 4336 moves to a Visa ending 8902 (the profile holds both cards)
PAYMENT = "Shall I change the payment method on order #W4923227{}?"


def test_a_payment_change_naming_no_method_breaks_the_rule():
    assert _verdict("40", {0: PAYMENT.format("")}) == "breach"
    assert _verdict("40", {0: PAYMENT.format(" as you asked")}) == "breach"


def test_a_payment_change_naming_the_new_card_by_digits_or_brand_passes():
    assert _verdict("40", {0: PAYMENT.format(" to the card ending in 8902")}) == "pass"
    assert _verdict("40", {0: PAYMENT.format(" to your Visa")}) == "pass"
    assert _verdict("40", {0: PAYMENT.format(" to credit_card_8897086")}) == "pass"


def test_a_card_among_two_cards_is_undetermined():
    assert _verdict("40", {0: PAYMENT.format(" to your credit card")}) == "undetermined"


def test_the_other_cards_brand_names_another_method():
    assert _verdict("40", {0: PAYMENT.format(" to the Mastercard")}) == "breach"


def test_a_method_taken_back_names_nothing():
    assert _verdict("40", {0: PAYMENT.format(", though not to your Visa")}) == "breach"
    assert _verdict("40", {0: PAYMENT.format(", not to PayPal but to your Visa")}) == "pass"


# task 5: a return of #W6390527 refunded to the PayPal account the order was paid with
RETURN = "I can return the water bottle from order #W6390527 ($45.13){}. Shall I submit it?"


def test_a_return_naming_no_refund_method_breaks_the_rule():
    assert _verdict("5", {0: RETURN.format("")}) == "breach"


def test_a_return_refunded_to_the_named_or_original_method_passes():
    assert _verdict("5", {0: RETURN.format(", refunded to your PayPal")}) == "pass"
    assert _verdict("5", {0: RETURN.format(", the refund going to the original payment method")}) == "pass"


def test_a_method_named_in_an_earlier_message_since_the_last_write_passes():
    texts = ["Where should the refund go? You have PayPal on file, which paid for the order.", RETURN.format("")]
    assert _verdict("5", {0: texts}) == "pass"


# task 42: the fourth write changes an item of #W4082615, the difference back to PayPal
def test_an_item_change_naming_no_method_for_the_difference_breaks_the_rule():
    text = "Shall I change the Jigsaw Puzzle on #W4082615 to the 500-piece beginner one ($7.98 back)?"
    assert _verdict("42", {3: text}) == "breach"
    assert _verdict("42", {3: text.replace("back)", "back to your PayPal)")}) == "pass"


@pytest.mark.parametrize("split", ["test", "train"])
def test_every_ground_truth_names_its_method(split):
    """The conversion's confirmations list every argument: no ground truth breaks the rule (scored end to end)."""
    from tau_shaped import score_trajectory
    from tests.reward.reading.generated.world import _env, tasks_of

    env = _env(D, split)
    for index, task in enumerate(tasks_of(D, split)):
        if not any("payment_method_id" in a.kwargs for a in task.actions):
            continue
        replies = ["Yes." for a in task.actions if a.name == "respond"]
        result = score_trajectory(env, index, list(task.actions), user_replies=replies, first_user_message="Hi")
        assert RULE not in {v.id for v in result.rule_violations}, task.id
        assert RULE not in {u.id for u in result.undetermined}, task.id


def test_the_orders_own_method_in_other_words_names_it():
    # round 15 held-out (AE/AF): the original method said without the word "original"
    for words in (", the full $45.13 back the same way you paid", ", all of it back to where it came from",
                  ", refunded to the account you used for the order", ", refunded how you paid"):
        assert _verdict("5", {0: RETURN.format(words)}) == "pass", words
    # the same words for a payment change name no method: the new method is never the order's own
    assert _verdict("40", {0: PAYMENT.format(", paid the same way you paid")}) == "breach"
