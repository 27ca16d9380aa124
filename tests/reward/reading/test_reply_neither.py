""""Neither" to the things a confirmation describes refuses them (issue 41, round 16, style AL: quantifiers; SPEC §10
replies). "neither", "neither of them", "none of them" to "Return the kettle and the keyboard ... Shall I submit the
return?" were unclear (the write left undetermined); they refuse it. Controls: "both of them, yes" agrees."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.replies import classify_reply

Q = agent_seen("Return on order #W5565470: Electric Kettle (1L, black); Mechanical Keyboard (linear, full size). "
               "Refund $384.62 to your PayPal account. Shall I submit the return?")


@pytest.mark.parametrize("reply, want", [
    ("neither", "no"), ("Neither of them.", "no"), ("none of them", "no"), ("None of that, thanks.", "no"),
    ("both of them, yes", "yes"), ("all of them -- go ahead", "yes"),
])
def test_neither_refuses_what_was_described(reply, want):
    assert classify_reply(reply, question=Q) == want
