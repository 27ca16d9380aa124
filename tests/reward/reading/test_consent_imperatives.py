"""SPEC §10, "Consent is a question about the action, then a yes": a message asks consent when it
asks the customer to agree that the agent acts, in a question or as an imperative request for the
agreement ("Please confirm you'd like me to cancel order #W5056519", "Just say yes and I'll refund
$16.90", "If you're happy for me to ..., say so"). A request about something else, however it is
worded and whatever values it holds ("Please confirm your email", "Please confirm the order
number", "Let me know if you'd like to know more about the refund"), asks none.

Generated: templates x wordings x actions (tau2 retail, airline, food delivery), labelled by
construction. Written from the policies (retail policy.md: "obtain explicit user confirmation
(yes) to proceed"; wiki.md: "wait for an explicit yes"), not from the reader.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.consent_questions import asks_consent, consent_request
from tau_shaped.reward.reading.normalize import seen

ACTIONS = [
    "cancel order #W5056519 because it was ordered by mistake",
    "cancel reservation ZFA04Y",
    "refund $16.90 to your card for order FD-10045",
    "exchange the lamp in order #W8367380 for the blue one",
]
# An imperative request for the customer's agreement to the action {a}.
ASKING = [
    "Please confirm you'd like me to {a}.",
    "Please confirm that you'd like me to {a}.",
    "Please confirm you would like me to {a}.",
    "Please confirm that you want me to {a}.",
    "Confirm you want me to {a}.",
    "Kindly confirm you wish me to {a}.",
    "Please confirm you're happy for me to {a}.",
    "Please confirm that you are okay with me going ahead: I'll {a}.",
    "Let me know whether you'd like me to {a}.",
    "Let me know if you want me to {a}.",
    "Tell me whether you'd like me to {a}.",
    "Just say yes and I'll {a}.",
    "Say the word and I'll {a}.",
    "If you're happy for me to {a}, say so.",
    "If you are happy for me to {a}, just say so.",
    "If you'd like me to {a}, let me know.",
    "I can {a}. If that's okay with you, let me know.",
]
# The same frames asking for something that is not agreement to act, with the action's values
# around them.
ABOUT_SOMETHING_ELSE = [
    "Before I {a}, please confirm your email.",
    "Before I {a}, please confirm the order number.",
    "To {a}, please confirm the email on the account first.",
    "To {a}, please confirm your zip code.",
    "Please confirm the last four digits of the card, so I can look into how to {a}.",
    "Would you like to know how I would {a}?",
    "Let me know if you'd like to know more about how I {a}.",
    "If you want more details about how I {a}, let me know.",
    "Please confirm you'd like to know more about how I {a}.",
    "Please confirm that you received the message about how I {a}.",
    "Please confirm the user id on the account, then I can check whether I can {a}.",
]
DISGUISES = [lambda s: s, str.upper, lambda s: s.replace("'", "\u2019"), lambda s: "Good evening! " + s]


@pytest.mark.parametrize("template, action, disguise", list(itertools.product(ASKING, ACTIONS, range(len(DISGUISES)))))
def test_an_imperative_request_for_agreement_asks_consent(template: str, action: str, disguise: int) -> None:
    text = seen(DISGUISES[disguise](template.format(a=action)))
    assert asks_consent(text), text


@pytest.mark.parametrize("template, action, disguise", list(itertools.product(ABOUT_SOMETHING_ELSE, ACTIONS, range(len(DISGUISES)))))
def test_a_request_about_something_else_asks_no_consent(template: str, action: str, disguise: int) -> None:
    text = seen(DISGUISES[disguise](template.format(a=action)))
    assert not asks_consent(text), (text, consent_request(text))


def test_the_sentence_that_asks_is_the_imperative_one() -> None:
    text = "Your order #W5056519 is pending. Please confirm you'd like me to cancel it because it was ordered by mistake."
    assert consent_request(text) == "Please confirm you'd like me to cancel it because it was ordered by mistake."


def test_confirm_followed_by_an_identifier_is_no_consent_even_with_the_action_values() -> None:
    # the values of the call are all there, but the customer is asked to confirm an identifier
    assert not asks_consent("Please confirm the order number for the refund of $16.90 to your card.")
    assert asks_consent("Please confirm the refund of $16.90 to your card.")


def test_long_untrusted_text_is_read_in_bounded_time() -> None:
    import time

    text = ("please confirm you would " * 400) + "x"
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    t = time.process_time()
    asks_consent(text)
    assert time.process_time() - t < 10.0
