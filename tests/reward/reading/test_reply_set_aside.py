"""A reply that sets the customer's own side matter aside at its head, then answers (issue 41, round
16, style AK; SPEC §10 replies: an answer taken back is read from what follows): "never mind. book it
-- yes" agrees; "never mind" alone, or with a refusal or thanks after it, stays a stop."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply

Q = "The booking: JFK to SEA, one way, economy, HAT097 (May 17); total $375 on your card. Shall I book it?"


@pytest.mark.parametrize("reply, want", [
    ("never mind. book it -- yes", "yes"),
    ("Never mind -- yes, book it", "yes"),
    ("forget that. yes, go ahead", "yes"),
    ("never mind that, go ahead and book it", "yes"),
    # controls: a stop
    ("never mind", "no"),
    ("never mind, thanks", "no"),
    ("never mind, keep it as it is", "no"),
    ("never mind that. no, don't book it", "no"),
    ("Never mind, I'll do it myself", "no"),
])
def test_a_side_matter_set_aside_then_the_answer(reply, want):
    assert classify_reply(reply, question=Q) == want
