"""A double negative that agrees (issue 41, round 16, style AO; SPEC §10 replies: an idiom is read as the answer it
gives). "I'm not unhappy with that -- go ahead", "not against it", "I'm not opposed to that", "I don't not want it" agree
(they were read as refusals: their "not" opened the reply). Controls: the single negatives still refuse."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply

Q = "If I cancel Z7GOZK, the refund goes back to the original payment method within 5-7 business days. Shall I cancel Z7GOZK?"


@pytest.mark.parametrize("reply, want", [
    ("I'm not unhappy with that -- go ahead", "yes"),
    ("not against it", "yes"),
    ("I'm not opposed to that", "yes"),
    ("I don't not want it", "yes"),
    ("Honestly, not averse to it. Go ahead.", "yes"),
    # controls
    ("I'm unhappy with that", "no"),
    ("not happy with that", "no"),
    ("I'm not against it, but wait", "no"),
    ("I don't want it", "no"),
])
def test_a_double_negative_agrees(reply, want):
    assert classify_reply(reply, question=Q) == want
