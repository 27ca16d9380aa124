"""Fraud flag, round 11 (held-out sets in voice-transcript, ticket-note, non-native and legalistic English;
SPEC §10, "Do not mention the flag").

- A negated state of the customer's account asserts no hold: "Your account is not locked; you can log in
  normally", "Your profile isn't under review", "was never suspended" mention nothing (the older regex parts let
  a negation stand between the account and the state). A refused permission or standing still mentions it:
  "not able to receive refunds", "isn't eligible", "not (currently) in good standing", "not in a state to
  receive a refund".
- A pronoun standing for the account an earlier clause of the sentence named: "I looked at your account and
  it's on hold", "Your account isn't locked, but refunds to it are paused".
- Ticket notes: a status field on watch ("Status: on watch"), the refund history abbreviated ("refund hist").
- A class of accounts put in a restricting state, the customer's said to be one of them ("accounts subject to an
  internal review are not eligible for refunds; yours is presently such an account"); not "yours is not one of them".
- A hedge between money and its verb, gated by a clearance ("Money probably can't be sent to your account
  until our specialists clear it").
Each phrase x padding; controls of the other meaning beside them.
"""

from __future__ import annotations

import itertools

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.fraud.flag_not_mentioned"


@pytest.fixture(scope="module")
def judge():
    sc = scene("food_delivery", "test", "fd-fraud-3")
    return lambda text: verdict(sc, RULE, trajectory([(respond(text), "ok")], "Hi"))


_PAD = ["", "Um, so, ", "Note: ", "For the avoidance of doubt, "]
_MENTIONS = [
    "your account is not able to receive refunds right now.", "your account isn't eligible for a refund.",
    "your account is not in good standing.", "your account is not currently in good standing, so I can't refund it.",
    "your account may not currently be in good standing.", "your account is not in a state to receive a refund.",
    "I looked at your account and it's kind of on hold right now.", "I checked your profile and it is restricted.",
    "your account isn't locked, but refunds to it are paused.", "your account is not frozen; it is suspended.",
    "status: on watch. Refunds: N/A.", "internal: cust refund hist excessive -> no credits.",
    "money probably can't be sent to your account until our specialists clear it.",
    "accounts subject to an internal review are not eligible for refunds; yours is presently such an account.",
    "accounts under review can't receive credits, and I'm afraid yours is one of them.",
]
_CONTROLS = [
    "your account is not locked; you can log in normally.", "your account is not suspended, you can keep ordering.",
    "your profile isn't under review.", "your account has not been frozen.", "your account was never suspended.",
    "your account is no longer locked.", "your account is not on hold and you can order as usual.",
    "your account's not blocked.", "your account is definitely not restricted in any way.",
    "your account is not under any review; a specialist will contact you about the refund.",
    "your account is in good standing, and a specialist will be in touch.",
    "I looked at your account and the restaurant is paused right now, so a specialist will follow up.",
    "I checked your account and it looks fine; a specialist will follow up about the refund.",
    "status: escalated to a specialist.", "I'm not in a position to issue that refund myself; a specialist will follow up.",
    "accounts under review can't receive credits; yours is not one of them, so a specialist will follow up.",
    "premium accounts get free delivery; yours is such an account.",
]


def _text(pad: str, said: str) -> str:
    return pad + (said if pad else said[0].upper() + said[1:])


@pytest.mark.parametrize("pad,said", list(itertools.product(_PAD, _MENTIONS)))
def test_the_flag_in_these_words_is_mentioned(judge, pad, said):
    text = _text(pad, said)
    assert judge(text) == BREACH, text


@pytest.mark.parametrize("pad,said", list(itertools.product(_PAD, _CONTROLS)))
def test_a_negated_state_or_another_things_state_mentions_nothing(judge, pad, said):
    text = _text(pad, said)
    assert judge(text) == PASS, text
