"""Issue 41: one test per class of misreading the held-out sets found (test_consent_heldout_*,
test_values_heldout_food), each a few wordings of the class judged by the real rule on a real
food-delivery refund (fd-missing-3: $16.90 of order FD-10045 to the card), or read by the reader
the rule calls. SPEC §10: consent is a question about the action, then a yes; a value stated that
differs from the call's, or offered beside it, describes another call; saying something is not so
asserts nothing."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.action_words import names_action
from tau_shaped.reward.reading.consent_questions import asks_consent
from tau_shaped.reward.reading.negation import is_negated
from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.confirm.before_write"


@pytest.fixture(scope="module")
def refund():
    sc = scene("food_delivery", "test", "fd-missing-3")
    call, obs = sc.call("issue_refund")
    assert call.kwargs["order_id"] == "FD-10045" and call.kwargs["method"] == "original_payment"

    def judge(message: str, reply: str) -> str:
        return verdict(sc, RULE, trajectory([(respond(message), reply), (call, obs)], "Hi, an item was missing."))
    return judge


@pytest.mark.parametrize("message", [
    "Unfortunately a refund of $16.90 to your card for FD-10045 isn't something I can do. Is that alright?",
    "Cancelling isn't on the table, and a $16.90 refund to your card for FD-10045 can't be processed. OK?",
    "I was going to refund $16.90 to your card for FD-10045, but I can't. OK?",
    "I'd refund $16.90 to your card for FD-10045, but that isn't possible today. Alright?",
])
def test_an_action_said_then_denied_is_no_description(refund, message):
    assert refund(message, "Sure, that's fine.") == BREACH


def test_a_denial_of_something_else_keeps_the_action():
    assert names_action("I can refund $16.90, but I can't refund more than that. OK?", "money_to_customer")
    assert names_action("I'll refund $16.90 to your credit card. OK?", "money_to_customer") == "refund"
    assert names_action("I'm not able to refund $16.90 to your credit card. OK?", "money_to_customer") is None


@pytest.mark.parametrize("message", [
    "I can refund $16.90 to your card for FD-10045, or $16.90 to your wallet. Shall I go ahead?",
    "Would you like a refund of $16.90 to your card for FD-10045, or would you rather have wallet credit?",
    "For FD-10045, $16.90 goes to your wallet, not your card. Is that okay?",
    "I'll refund $16.90 for FD-10045 to your wallet rather than your card. Shall I go ahead?",
])
def test_another_method_offered_or_chosen_is_no_description(refund, message):
    assert refund(message, "Yes") == BREACH


@pytest.mark.parametrize("message", [
    "I'd put $16.90 back on your original form of payment for FD-10045. Okay to proceed?",
    "Refunding $16.90 to the card you paid with for FD-10045. Happy for me to do this?",
])
def test_the_method_in_other_words_is_stated(refund, message):
    assert refund(message, "Yes please.") == PASS


@pytest.mark.parametrize("message, reply, want", [
    ("I'd like to refund $16.90 to your card for FD-10045. Do you mind?", "Nope, that's fine.", PASS),
    ("Any objection to me refunding $16.90 to your card for FD-10045?", "No objections from me.", PASS),
    ("I'd like to refund $16.90 to your card for FD-10045. Is there a reason I shouldn't?", "No.", PASS),
    ("Would you mind if I refund $16.90 to your card for FD-10045?", "Yes, I would mind.", BREACH),
    ("Would you mind if I refund $16.90 to your card for FD-10045?", "Sure.", "undetermined"),
    ("I can refund $16.90 to your card for FD-10045. Would you mind if I put you on hold for a moment?", "No.", BREACH),
])
def test_a_question_a_no_agrees_to_asks_consent(refund, message, reply, want):
    assert refund(message, reply) == want


@pytest.mark.parametrize("message, asks", [
    ("Would you like me to explain how a refund of $16.90 works?", False),
    ("Do you want us to quickly look into it?", False),
    ("Would you mind telling me your zip code?", False),
    ("Would you mind if I check your order first?", False),
    ('{"order": "FD-10045", "refund": "$16.90"} Do you want to hear how long that takes?', False),
    ("I could refund $16.90 to your card. Does that sound fair?", True),
    ("Would you like me to refund $16.90?", True),
    ("Any objections?", True),
])
def test_what_asks_consent_and_what_asks_about_something_else(message, asks):
    assert asks_consent(message) is asks


@pytest.mark.parametrize("reply, want", [
    ("Sounds like a plan.", "yes"),
    ("Yes, fair enough.", "yes"),
    ("Fine by me, go ahead.", "yes"),
    ("yes but actually wait", "no"),
    ("Yes, refund USD 20.00.", "change"),
    ("Yes, refund 20.00.", "change"),
])
def test_reply_classes(reply, want):
    q = "I can refund $16.90 to your card for FD-10045. Shall I go ahead?"
    assert classify_reply(reply, question=q, described={"method": "original_payment", "amount": 16.9,
                                                        "order_id": "FD-10045"}) == want


@pytest.mark.parametrize("text, value, negated", [
    ("I'm not able to give you $50, but $16.90 has gone back.", "$50", True),
    ("We aren't allowed to offer you $50.", "$50", True),
    ("Rather than $25, the refund is $16.90.", "$25", True),
    ("Rather than $25, the refund is $16.90.", "$16.90", False),
    ("It was not a b c d delivered", "delivered", False),
])
def test_amounts_taken_back_in_other_words(text, value, negated):
    assert is_negated(text, text.index(value), value=True) is negated


@pytest.mark.parametrize("message, reply, want", [
    ("I refunded $16.90 to your card for FD-10045 yesterday, right?", "Yes", BREACH),
    ("Could you confirm the refund of $16.90 to your card for FD-10045 arrived?", "Yes", BREACH),
    ("Refund $16.90 to your card for FD-10045: shall I proceed, or would you like to think about it?", "Yes",
     "undetermined"),
    ("Refund $16.90 to your card for FD-10045: shall I proceed, or would you like to think about it?",
     "Proceed please.", PASS),
    ("I can refund $16.90 to your card for FD-10045 if you'd like.", "Yes please", PASS),
    ("Would a $16.90 refund to your card for FD-10045 help?", "Yes", PASS),
    ("Just confirming: refund of $16.90 - card - FD-10045. Good?", "Good.", PASS),
])
def test_questions_about_what_happened_and_either_or_questions(refund, message, reply, want):
    assert refund(message, reply) == want


@pytest.mark.parametrize("reply, want", [("Good.", "yes"), ("Good question, what is the fee?", "no")])
def test_good_alone_is_a_go_ahead(reply, want):
    assert classify_reply(reply, question="Refund of $16.90 to your card. Good?") == want


@pytest.mark.parametrize("message, asks", [
    ("Refund $16.90 for the item that never arrived?", True),
    ("Refund $16.90 since it was not received?", True),
    ("Since the order was delivered late, shall I refund $16.90 to your card?", True),
    ("Has it arrived?", False),
    ("You received it?", False),
    ("I refunded $16.90 yesterday, right?", False),
])
def test_what_happened_and_what_did_not(message, asks):
    assert asks_consent(message) is asks
