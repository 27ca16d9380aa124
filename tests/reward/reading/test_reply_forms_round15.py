"""Round 15 (issue 41), round 14's gap: a reply's "no <thing>" that the confirmation states as none is an echo of the
detail, not a refusal (SPEC §10 replies; reading/reply_forms.py). "no insurance. book it" to a booking listing
"insurance: no" was read as a no (air.confirm.before_write fired on a correct booking); to "insurance: yes" it stays a no
(another value than the call's). "no, book it", "no thanks" and a thing the question does not state as none stay as they
were. A reply as a form of boxes says what it ticks ("[ ] yes\n[x] no" is a no: it was read as a yes)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.replies import classify_reply

BOOKING = ("The booking: DTW to SEA, one way, economy, flights HAT1 (May 20); passengers Ivan Muller (DOB 1990-01-01); "
           "0 checked bags (0 paid); insurance: {ins}; total $375, paid $128 on your gift card. Shall I book it?")
NO_INS = agent_seen(BOOKING.format(ins="no"))
WITH_INS = agent_seen(BOOKING.format(ins="yes"))
BOXES = agent_seen("[x] DTW -> SEA, one way, economy\n[ ] travel insurance\n[x] total $375\nShall I book it? (yes/no)")
WITHOUT = agent_seen("I'll book DTW to SEA in economy without insurance, $375 on your gift card. Shall I book it?")


@pytest.mark.parametrize("reply,question,expected", [
    ("no insurance. book it", NO_INS, "yes"),
    ("no insurance, please. book it", NO_INS, "yes"),
    ("No travel insurance -- go ahead", BOXES, "yes"),
    ("no insurance, go ahead", WITHOUT, "yes"),
    ("no insurance. book it", WITH_INS, "no"),
    ("no, book it", NO_INS, "no"),
    ("no thanks", NO_INS, "no"),
    ("no bags. book it", WITH_INS, "no"),
])
def test_a_none_the_question_states_is_echoed(reply, question, expected):
    assert classify_reply(seen(reply), question=question) == expected


CANCEL = agent_seen("Shall I cancel reservation Z7GOZK? The refund goes to the original payment method in 5-7 business days.")


@pytest.mark.parametrize("reply,expected", [
    ("[ ] yes\n[x] no", "no"), ("[x] yes\n[ ] no", "yes"), ("[x] approve  [ ] decline", "yes"), ("[ ] approve  [x] decline", "no"),
    ("\u2611 yes \u2610 no", "yes"), ("yes [see below]", "yes"),
])
def test_a_form_says_what_it_ticks(reply, expected):
    assert classify_reply(seen(reply), question=CANCEL) == expected
