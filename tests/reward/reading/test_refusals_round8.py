"""Denials in idioms and fields (tau2 policy.md: "You should deny user requests that are against
this policy"; SPEC §10 statements, ``reading.refusals``): "that's a no from me", "the answer has
to be no", "no can do", "my hands are tied", "off the table", "isn't in the cards", "not within
my power", "I must turn down this request", "the rules don't let me", "that change is blocked for
basic economy", "Cancellation denied", "Request status — declined". Generated: each core under
several openings and closings. Controls, labelled so by construction, deny nothing: a request
passed on to a team, an approval, "no longer", "a no-brainer", a choice the customer made
("I'll decline the travel insurance as you asked")."""

from __future__ import annotations

import itertools

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial

CORES = ["that's a no from me on the cancellation", "the answer has to be no", "no can do on the refund",
         "my hands are tied on this one", "a refund is off the table for this fare", "a refund isn't in the cards here",
         "it's not within my power to refund this", "I must turn down this request", "I'm going to have to pass on that request",
         "we regretfully have to reject your refund request", "the rules don't let me change a basic economy flight",
         "the fare rules do not allow changes", "that change is blocked for basic economy fares", "Cancellation denied",
         "Request status — declined", "Refund: not approved", "it's a firm no on the upgrade"]
OPENINGS = ["", "Sorry, ", "I checked the reservation, and ", "Thanks for waiting. Unfortunately ", "Okay - "]
CLOSINGS = ["", ".", ". Is there anything else I can help with?", " - I know that's frustrating."]
CONTROLS = ["I'll pass on your request to the specialist team.", "Your cancellation request is approved.",
            "The answer is no longer relevant since it was refunded.", "That's a no-brainer, I'll book it.",
            "I'll decline the travel insurance as you asked.", "Sure, I can cancel it - shall I proceed?",
            "I won't turn down your request: it's approved.", "There's no problem, I'll process it now.",
            "Your change status: confirmed.", "The system lets me change this flight."]


def _cases():
    for opening, core, closing in itertools.product(OPENINGS, CORES, CLOSINGS):
        yield f"{opening}{core}{closing}"


def test_every_denial_in_other_words_is_read():
    cases = list(_cases())
    missed = [t for t in cases if denial(seen(t)) is None]
    assert len(cases) == len(OPENINGS) * len(CORES) * len(CLOSINGS) and not missed, f"{len(missed)}/{len(cases)}: {missed[:6]}"


def test_a_request_passed_on_or_approved_denies_nothing():
    wrong = [(t, denial(seen(t))) for t in CONTROLS if denial(seen(t)) is not None]
    assert not wrong, wrong
