"""Round 15 (issue 41), styles AF/AH/AG: a denial with the request's verb left out (SPEC §10 refusals). "You asked me to
cancel 3FRNFB and refund it -- I can't: it's basic economy", "I can't: insurance can only be bought at booking" and "it
can't." (the thing asked for as the subject, after a self-repair) deny; so does a key=value verdict on a snake_case key
("flight_change=not_allowed"). Before, the elided verb left them unread (air.refusal.said fired or was undetermined on
correct refusals). "I can't wait: here it is", "It can't hurt to ask", "That can't be right -- let me check" deny nothing.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.refusals import denial


@pytest.mark.parametrize("text,denies", [
    ("You asked me to cancel 3FRNFB and refund it -- I can't: it's basic economy, booked over 24 hours ago.", True),
    ("I can't: insurance can only be bought at booking.", True),
    ("3RK2T9? It can't. Booked over 24 hours ago, not cancelled by the airline.", True),
    ("Adding the bags? We can't; the limit is reached.", True),
    ("reservation=DF89BM cabin=basic_economy flight_change=not_allowed", True),
    ("refund_request: not possible (basic economy)", True),
    ("I can't wait: here it is.", False),
    ("It can't hurt to ask.", False),
    ("That can't be right -- let me check.", False),
    ("flight_change=allowed", False),
])
def test_elided_denials(text, denies):
    assert (denial(agent_seen(text)) is not None) is denies
