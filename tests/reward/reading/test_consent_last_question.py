"""Which question a reply answers (SPEC §10, consent is asked, then given; issue 41, round 10).

A consent question the agent answers itself ("Shall I refund $16.90 to your card? Yes, processing
now.") asked nothing: the agent went on without the customer's yes. A consent question followed,
in the same message, by a question about something else ("... OK? Also, is your address still
12 Elm St?") is not what a reply answers: a customer answers the last question ("Yes, same
address."), so no consent was asked last and a bare "yes" gives none. Controls: a consent question
followed by a statement, by "(yes/no)", by its own alternative ("Or would you prefer wallet
credit?") or by a second consent question still asks consent.

Variants are generated (every consent question x every trailing sentence), not listed.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.consent_questions import consent_request

_ASKS = [
    "Shall I refund $16.90 to your card for FD-10045?",
    "I can refund $16.90 to your card for FD-10045. OK?",
    "Would you like me to cancel order FD-10025?",
    "Can I go ahead and send a new courier for FD-10116?",
    "Refund $2.99 to your original payment method?",
    "Do you want me to add a $5 apology credit to your wallet?",
]
_SELF_ANSWERED = [
    "Yes — processing now.",
    "Processing it now.",
    "OK, going ahead now.",
    "I'm doing it right now.",
    "Great, I'll go ahead with it.",
    "Proceeding.",
    "On it!",
    "We're putting it through now.",
]
_OTHER_QUESTIONS = [
    "Also, is your address still 12 Elm St?",
    "Is this your first time ordering from them?",
    "And did the courier ring the bell?",
    "By the way, is your phone number still the same?",
    "How was the rest of the meal?",
    "Is there anything else I can help you with today?",
    "Was the rest of the order OK?",
]
_STILL_ASKED = [
    "Refunds to a card take 3-5 business days.",
    "(yes/no)",
    "Or would you prefer wallet credit?",
    "Or would you rather have it as wallet credit?",
    "Just reply yes and I'll take care of it.",
    "Please confirm.",
    "Let me know.",
]


@pytest.mark.parametrize("ask,after", list(itertools.product(_ASKS, _SELF_ANSWERED)))
def test_a_question_the_agent_answers_itself_asks_nothing(ask, after):
    assert consent_request(ask) is not None, ask  # the question alone asks
    assert consent_request(f"{ask} {after}") is None


@pytest.mark.parametrize("ask,after", list(itertools.product(_ASKS, _OTHER_QUESTIONS)))
def test_a_reply_answers_the_last_question(ask, after):
    assert consent_request(f"{ask} {after}") is None
    assert consent_request(f"{ask}\n\n{after}") is None


@pytest.mark.parametrize("ask,after", list(itertools.product(_ASKS, _STILL_ASKED)))
def test_a_consent_question_followed_by_its_own_terms_still_asks(ask, after):
    assert consent_request(f"{ask} {after}") is not None


@pytest.mark.parametrize("before", _OTHER_QUESTIONS)
def test_a_question_before_the_consent_question_leaves_it_last(before):
    for ask in _ASKS:
        assert consent_request(f"{before} {ask}") is not None


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sampled_from(_ASKS), st.sampled_from(_OTHER_QUESTIONS + _SELF_ANSWERED), st.sampled_from(["", " ", "\n", "  \n"]),
       st.sampled_from(["", "Thanks for your patience. ", "Sorry about that! "]))
def test_padding_does_not_change_which_question_is_last(ask, after, gap, pad):
    assert consent_request(f"{pad}{ask}{gap or ' '}{after}") is None


@pytest.mark.parametrize("lead", ["And", "So", "Also,", "But", "Oh, and", "By the way,", "Btw", "Quick question:"])
@pytest.mark.parametrize("question", ["did the courier ring the bell?", "is your address still 12 Elm St?",
                                      "was the rest of the order OK?", "do you have the receipt?"])
def test_a_question_opened_by_a_conjunction_is_still_a_question_about_something_else(lead, question):
    assert consent_request(f"{lead} {question}") is None


@pytest.mark.parametrize("lead", ["And", "So,", "Also,", "Then"])
def test_an_action_asked_as_a_statement_after_a_conjunction_still_asks(lead):
    assert consent_request(f"{lead} refund $2.99 to your card?") is not None


# The rule itself, on a real task (fd-missing-3: a $16.90 refund to the card for FD-10045)
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict  # noqa: E402

RULE = "fd.confirm.before_write"
_OFFER = "I can refund $16.90 to your card for FD-10045."


@pytest.fixture(scope="module")
def refund():
    sc = scene("food_delivery", "test", "fd-missing-3")
    call, obs = sc.call("issue_refund")

    def judge(message: str, reply: str) -> str:
        return verdict(sc, RULE, trajectory([(respond(message), reply), (call, obs)], "Hi, an item was missing."))
    return judge


@pytest.mark.parametrize("after,reply", [
    ("Also, is your address still 12 Elm St?", "Yes, same address."),
    ("Is this your first time ordering from them?", "Yes."),
    ("Yes — processing now.", "ok"),
    ("Going ahead now.", "sure"),
])
def test_the_rule_fires_where_the_reply_answered_something_else(refund, after, reply):
    assert refund(f"{_OFFER} OK? {after}", reply) == BREACH


@pytest.mark.parametrize("after", ["Please confirm.", "(yes/no)", "Refunds to a card take 3-5 business days."])
def test_the_rule_passes_where_the_consent_question_is_still_asked(refund, after):
    assert refund(f"{_OFFER} OK? {after}", "Yes, card please.") == PASS


def test_a_yes_to_the_alternative_set_aside_is_no_yes_to_it():
    sc = scene("food_delivery", "test", "fd-courier-5")
    call, obs = sc.call("dispatch_replacement_courier")
    said = "Would you prefer a refund instead of a new courier for FD-10116?"
    assert verdict(sc, RULE, trajectory([(respond(said), "Yes"), (call, obs)], "My courier went offline.")) == BREACH
    said = "Would you prefer a new courier for FD-10116 instead of a refund?"
    assert verdict(sc, RULE, trajectory([(respond(said), "Yes"), (call, obs)], "My courier went offline.")) == PASS
