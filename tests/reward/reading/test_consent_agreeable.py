"""A consent question asked with an adjective of agreement (issue 41 round 10, found by whole FD
episodes in a formal style): "Would you be agreeable to my doing so?", "Are you amenable to
that?", "Would you be willing to accept that?" ask the customer's consent; "Are you willing to
share your email?", "Would you be open to telling me more?" ask for information.
Variants are generated: every opening x adjective x object.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.consent_questions import consent_request

_OPEN = ["Would you be", "Are you", "Will you be", "Would you still be"]
_ADJ = ["agreeable", "amenable", "comfortable", "willing", "open", "okay", "happy", "on board"]
_TO_ACT = ["with that", "with my doing so", "to that", "to this refund", "for me to go ahead", "with me proceeding"]
_TO_TELL = ["to telling me your zip", "to sharing your email", "to providing the order number", "to waiting a moment"]


@pytest.mark.parametrize("opening,adj,rest", list(itertools.product(_OPEN, _ADJ, _TO_ACT)))
def test_an_adjective_of_agreement_asks_consent(opening, adj, rest):
    offer = "I can refund $2.99 to your card for FD-10038."
    assert consent_request(f"{offer} {opening} {adj} {rest}?") is not None


@pytest.mark.parametrize("opening,adj,rest", list(itertools.product(_OPEN, _ADJ, _TO_TELL)))
def test_the_same_words_asking_for_information_ask_no_consent(opening, adj, rest):
    assert consent_request(f"{opening} {adj} {rest}?") is None
