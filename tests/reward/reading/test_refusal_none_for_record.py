"""A verdict said as none of the thing for the record, then its reason (issue 41, round 16, style AN; SPEC §10: a
denial in any wording). "So no insurance on PEP4E0: it can only be bought at booking." left air.refusal.said
undetermined ("only" leaned, no denial read). Controls: "no insurance" in a booking's summary, for a new booking, or
asked, denies nothing."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.refusals import denial


@pytest.mark.parametrize("text, denied", [
    ("So no insurance on PEP4E0: it can only be bought at booking.", True),
    ("No insurance for PEP4E0, I'm afraid: it can only be bought at booking.", True),
    ("No change to DF89BM, I'm afraid -- basic economy.", True),
    ("Then no refund for 3FRNFB: basic economy, booked over 24 hours ago.", True),
    # controls
    ("No insurance for the new booking, so the total is $375. Shall I book it?", False),
    ("Booking: DTW to SEA; no insurance; total $375. Shall I book it?", False),
    ("No problem on that one, I'll add it.", False),
    ("So no insurance on PEP4E0? Let me check.", False),
])
def test_none_for_the_record_is_a_denial(text, denied):
    assert (denial(agent_seen(text)) is not None) is denied
