"""Round 16 (AM bounds, gen-ops): a yes bounded on the amount without "if" ("Up to $12.00 is fine, go ahead") is a
condition checked against the amount the call moves (SPEC §10 replies: met, a yes; broken, a change), as "only if
it's under $12" is; "not above" bounds from above. Controls: "Up to you, go ahead" names no amount (a yes as before),
and a spelled word in capitals keeps a lone lower-case letter after it apart ("K O R M A n/a": KORMA n/a)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply

Q = "I'll refund $7.65 to your card for order FD-10094. Do you confirm?"
CALL = {"amount": 7.65, "method": "original_payment"}


@pytest.mark.parametrize("reply, want", [("Up to $12.00 is fine, go ahead.", "yes"), ("Up to 9.00 USD is fine, go ahead.", "yes"),
                                         ("Up to $5.00 is fine, go ahead.", "change"), ("at most $5, go ahead", "change"),
                                         ("Yes, so long as it's not above $13.00.", "yes"), ("Yes, so long as it's not above $5.00.", "change")])
def test_a_bound_on_the_amount_is_checked_against_the_call(reply, want):
    assert classify_reply(reply, question=Q, described=CALL) == want


def test_up_to_you_names_no_amount():
    assert classify_reply("Up to you, go ahead.", question=Q, described=CALL) == "yes"


def test_spelled_capitals_leave_a_lone_lower_case_letter_apart():
    assert seen("C H E E S E B U R G E R n/a for you (dairy).") == "CHEESEBURGER n/a for you (dairy)."
    assert seen("a K o r m a") == "a Korma"  # the control: the leading rule as before


@pytest.mark.parametrize("reply, want", [("ok, so long as it's under $24.00", "yes"), ("ok so long as it's not above $24.00", "yes"),
                                         ("ok, so long as it's not above $20.00", "change"), ("okay so, go ahead", "yes")])
def test_ok_so_long_as_opens_a_condition_not_a_filler(reply, want):
    # "ok, so" before "long as" is no filler: "so long as" opens the condition (the control: "okay so, go ahead")
    assert classify_reply(reply, question="I'll refund $23.49 to your card for order FD-10071. Do you confirm?",
                          described={"amount": 23.49}) == want
