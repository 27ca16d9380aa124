"""Round 18: a value's name asked in one word and answered by a noun phrase is the agent's own question ("Method? Your
original payment method."), as "Total? $300." was: a message of such questions, each answered, asks the customer
nothing (SPEC §10: consent is asked). The generator's one confirmations false pass: a confirmation turned into a
counterfactual ("Had the order arrived late, this is what I would have done: is a refund possible for order FD-10055? It
is. Amount? $16.92. Method? Your original payment method. That doesn't apply here, though." + "ok") read "Method?" as
the consent question and the "ok" as a yes."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.consent_questions import consent_request

_SELF = ["Is a refund possible for order FD-10055? It is. Amount? $16.92. Method? {a}.",
         "Had the order arrived late, this is what I would have done: is a refund possible for order FD-10055? It is. "
         "Amount? $16.92. Method? {a}. That doesn't apply here, though."]
_ANSWERS = ["Your original payment method", "The card on file", "Your wallet", "A wallet credit", "Your Mastercard ending 3698"]


@pytest.mark.parametrize("template", _SELF)
@pytest.mark.parametrize("answer", _ANSWERS)
def test_a_slot_asked_and_answered_asks_nothing(template: str, answer: str) -> None:
    assert consent_request(template.format(a=answer)) is None


@pytest.mark.parametrize("answer", _ANSWERS)
@pytest.mark.parametrize("ask", ["Shall I go ahead?", "OK?", "Want me to do that?"])
def test_the_question_after_the_answers_still_asks(answer: str, ask: str) -> None:
    assert consent_request(f"Refund for FD-10055? Yes. Amount? $16.92. Method? {answer}. {ask}") == ask


@pytest.mark.parametrize("text", ["Method? Your call.", "Method? You tell me.", "Method? Please let me know.",
                                  "Refund $16.92 to your card? Your call."])
def test_a_question_the_customer_is_left_to_answer_still_asks(text: str) -> None:
    assert consent_request(text) is not None, text
