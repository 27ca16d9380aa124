"""Round 14 (issue 41), tau2 readings found by whole episodes in hedged, reported-speech, numbered-menu, buried and
forged-note styles (SPEC §10).

- A turn split over messages the customer did not answer ("... insurance: no. Total $300." then "Shall I book it?")
  asks what the whole turn asks: a ``said`` predicate with ``"turns": "joined"`` reads each message with the (at most
  two) unanswered agent messages just before it (air.book.insurance_asked; round 13 left it a false fail). Controls: the
  customer answered between the two messages, or the listed insurance is only mentioned and nothing is asked.
"""

from __future__ import annotations

import importlib.util

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

needs_tau2 = pytest.mark.skipif(importlib.util.find_spec("tau2") is None,
                                reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

SUMMARY = "Booking: ORD to SEA, one way, economy, 1 passenger; 0 checked bags; travel insurance: no; total $300."


def _booking(parts):
    sc = scene("tau2:airline", "test", "25")
    book = next((a, o) for a, o in sc.calls if a.name == "book_reservation")
    return sc, trajectory([(respond(t), r) for t, r in parts] + [book])


@needs_tau2
@pytest.mark.parametrize("parts, expected", [
    ([(SUMMARY, None), ("Shall I book it?", "yes")], PASS),
    ([("Here's the booking.", None), (SUMMARY, None), ("Shall I book it?", "yes")], PASS),
    ([(SUMMARY + " Shall I book it?", "yes")], PASS),
    # controls: the customer answered the summary before the question; nothing asked after the listed insurance
    ([(SUMMARY, "ok"), ("Shall I book it?", "yes")], BREACH),
    ([(SUMMARY, None), ("Booking it now.", "ok")], BREACH),
    ([("Travel insurance is not included.", None), ("Shall I book it?", "yes")], BREACH),
])
def test_insurance_listed_then_asked_in_the_next_message(parts, expected):
    sc, traj = _booking(parts)
    assert verdict(sc, "air.book.insurance_asked", traj) == expected
