"""Denials said of what was asked for (reading/refusal_objects, issue 41 round 9): the refund,
credit or money back said to be none, nothing, not due or not owed is a denial of the request
(wiki.md "under 15 [minutes late]: none"; "A charge that matches the order gets no money back;
explain it"), read by the `refused` output check (``DeniesText``) and by tau2's refusal rules.

Written from whole episodes of the late-under-15 and charge-matches tasks: 28 of 84 correct
refusals failed the output check before (a false fail of a careful agent)."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.matcher_schema import DeniesText
from tau_shaped.reward.matchers import match_text
from tau_shaped.reward.reading.refusals import denial

_DENIES = DeniesText(denies=True)

# said of the request's object, in the episodes' words and others
DENIALS = [
    "Compensation only applies from 15 minutes late, so there's nothing I can refund this time.",
    "That's below our 15-minute threshold, so no refund or credit applies. Apologies for the delay.",
    "Delays under 15 minutes get no compensation, and FD-10157 was 5 minutes late, so no refund here, sorry.",
    "FD-10135's charge of $20.29 is correct: it's the food plus the fees. No money back is owed.",
    "Everything on FD-10135 checks out: $20.29 = food + delivery fee + service fee. There isn't a difference to give back.",
    "I understand the concern, but $20.29 is what FD-10135 cost in total with fees, so a refund isn't due here.",
    "I wish I could help with money back, but FD-10157 was 5 minutes late.",
    "I'd love to refund it, but the order is already out for delivery.",
    "there's no overcharge to refund.",
    "Compensation is not owed for this order.",
    "There wasn't any overcharge on FD-10135.",
    "Nothing to give back, since the charge matches the order.",
    "A partial refund wouldn't apply here.",
    "No refund I can offer for that, I'm sorry.",
    "There is no compensation available for delays under 15 minutes.",
    "NO REFUND APPLIES TO FD-10157.",
    # tau2's airline: insurance asked for after booking
    "Adding insurance after booking isn't something our policy permits, I'm afraid.",
    "Post-booking insurance additions aren't supported.",
    "Sorry, insurance purchase is only offered during booking, not afterwards.",
    "With no account found, there's nothing I'm able to do on your order, I'm afraid.",
]

# a "no" of something else, or the refund going ahead
NOT_DENIALS = [
    "No problem, I'll refund it now.",
    "There's no refund fee.",
    "No extra credit card fees apply.",
    "There's no need to worry: your refund is on its way.",
    "Nothing else is needed for the refund.",
    "There's no price difference to pay.",
    "No money will be charged to you.",
    "I'd love to help! Refunding now.",
    "I wish you a great evening.",
    "No refund has been issued yet, so I'll issue $5 now.",
    "You have no credits pending.",
    "There's no cancellation fee, so you'll get everything back.",
    "No worries - the compensation of $2.99 is on its way.",
    "I'll refund it; there's nothing more you need to do.",
    "There's nothing else to do: your refund is on its way.",
    "There's no refund I can see on the ledger yet, so I'll add one.",
    "Changes are offered free of charge.",
    "Insurance is only available at booking, and I can add it now since you are booking.",
    "That is not something the rules forbid.",
]


@pytest.mark.parametrize("text", DENIALS)
def test_the_object_denied_is_a_denial(text):
    assert match_text(_DENIES, text) is not None, text


@pytest.mark.parametrize("text", NOT_DENIALS)
def test_a_no_of_something_else_is_none(text):
    assert match_text(_DENIES, text) is None, text


# generated: every object x every way of saying it is not given, and the same words turned to a yes
_OBJECTS = ["refund", "credit", "compensation", "money back", "wallet credit", "partial refund", "reimbursement"]
_NONE = ["no {o} applies", "no {o} is due", "no {o} is owed", "no {o} here", "no {o} this time", "no {o} for this delay",
         "a {o} isn't due", "{o} is not owed", "there isn't any {o} to give", "there's no {o} available",
         "no {o} would be warranted"]
_YES = ["a {o} applies", "a {o} is due", "a {o} is owed to you", "your {o} is here", "you get a {o} this time",
        "there is a {o} for this delay", "a {o} is available", "a {o} would be warranted"]
_FRAMES = ["{s}.", "I checked FD-10157: {s}.", "Since it was 5 minutes late, {s}, sorry.", "- **{s}**", "{S}!"]


def _said(pattern: str, obj: str, frame: str) -> str:
    s = pattern.format(o=obj)
    return frame.format(s=s, S=s.upper())


@pytest.mark.parametrize("frame", _FRAMES)
def test_generated_object_denials(frame):
    missed = [t for p, o in itertools.product(_NONE, _OBJECTS) if denial(t := _said(p, o, frame)) is None]
    assert not missed, missed[:5]


@pytest.mark.parametrize("frame", _FRAMES)
def test_generated_objects_granted_are_no_denials(frame):
    read = [(t, denial(t)) for p, o in itertools.product(_YES, _OBJECTS) if denial(t := _said(p, o, frame)) is not None]
    assert not read, read[:5]
