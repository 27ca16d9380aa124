"""A time gone by is no refund timing (issue 41, round 16; round 15's gap; airline policy: refunds in 5-7 business days).
"3FRNFB was booked well over 24 hours ago (more than a day before today) ... so I can't cancel or refund it" was read as
a refund arriving in "a day" (air.statements.money_supported fired on a careful refusal). The booking's age ("ago",
"before today", "booked within the last 24 hours") is read as no wait; a refund's own timing still is."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.money_claims import money_claims
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.refund_timings import refund_timings


def _timings(text):
    a = [c.value for c in money_claims(text) if c.kind == "refund_timing"]
    b = [v for v, _, _ in refund_timings(text, Negations(text), text.lower() if text.isascii() else None)]
    return a, b


@pytest.mark.parametrize("text", [
    "3FRNFB was booked well over 24 hours ago (more than a day before today), it's basic economy: so I can't cancel or refund it.",
    "It was booked more than a day ago, so no refund is possible.",
    "The booking was made 3 days ago; a refund isn't possible.",
    "You booked it over 24 hours ago, so I can't refund it.",
    "It's been more than a day since booking, so the refund rules don't apply.",
])
def test_the_bookings_age_is_no_refund_timing(text):
    assert _timings(text) == ([], [])


@pytest.mark.parametrize("text", [
    "The refund goes back to your card in 5-7 business days.",
    "Your refund will arrive in a day or two.",
    "The refund lands on your card today.",
])
def test_a_refunds_own_timing_is_still_read(text):
    a, b = _timings(text)
    assert a or b
