"""``telecom.refuel.confirm_price`` with the refuel stated declaratively (issue 41, round 16, style AN): "So that's 2 GB on
L1002 at $2.00/GB, $4.00 in total. Thumbs up?" states the data put on the line and its price and asks leave (it named
no verb of refuelling, so the refuel after a yes was read as unconfirmed). Controls: no price, another price, a no."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.domains.tau2_telecom.test_refuel_confirmed_in_other_words import _judge  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS  # noqa: E402


@pytest.mark.parametrize("text,reply,label", [
    ("So that's 2 GB on {line} at $2.00/GB, $4.00 in total. Thumbs up?", "\U0001F44D", PASS),
    ("So: 2 GB to {line}, $4.00 in total. OK?", "yes", PASS),
    ("So that's 2 gigs on {line}, four dollars all in. Shall I?", "sure", PASS),
    # controls
    ("So that's 2 GB on {line}. Thumbs up?", "yes", BREACH),
    ("So that's 2 GB on {line} at $3.00/GB, $6.00 in total. Thumbs up?", "yes", BREACH),
    ("So that's 2 GB on {line} at $2.00/GB, $4.00 in total. Thumbs up?", "nah", BREACH),
])
def test_a_declarative_refuel_with_its_price_asked_leave(text, reply, label):
    assert _judge(text, reply) == label
