"""Round 14 (issue 41): the thing asked for said to be nothing got ("so FD-10221 gets nothing back", "so nothing for
FD-10165, sorry") denies it (refusal_objects); "nothing for you to do", "nothing extra" deny nothing."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.refusal_objects import object_denial


@pytest.mark.parametrize("text", [
    "sadly the policy only compensates from 15 minutes late, so fd-10221 gets nothing back.",
    "i believe compensation only kicks in after 20 minutes, so nothing for fd-10165, sorry.",
    "under 15 minutes late you receive nothing, i'm afraid.",
    "so nothing for you this time, sorry.",
])
def test_nothing_got_denies(text):
    assert object_denial(text)


@pytest.mark.parametrize("text", [
    "nothing for you to do here, it's all sorted.",
    "it gets nothing extra on top of the refund.",
    "you get nothing else to do, the refund is on its way.",
    "so nothing for now, i'll refund it once the order is checked.",
])
def test_nothing_of_another_kind_denies_nothing(text):
    assert not object_denial(text)


@pytest.mark.parametrize("text", [
    "I don't believe there's anything I'm able to give back on your order, I'm afraid.",
    "We don't think there's anything we are able to refund here.",
])
def test_a_hedged_denial_with_able_to_denies(text):
    from tau_shaped.reward.reading.normalize import seen
    from tau_shaped.reward.reading.refusals import denial
    assert denial(seen(text))
