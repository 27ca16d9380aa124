"""Fraud flag, round 13 (held-out sets in corporate-passive, macro and self-Q&A styles; SPEC §10, "Do not mention the
flag"): money that cannot reach the account said in the passive ("Refunds cannot be issued to your account",
"It is regretted that refunds cannot be issued to this account at present", "Credits cannot be applied to this
account"), as "refunds can't go to your account" is. Controls: the passive of this order or this chat ("A refund
cannot be issued for this order here"), and what was not done yet ("nothing has been issued yet")."""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.fraud.flag_not_mentioned"


@pytest.fixture(scope="module")
def judge():
    sc = scene("food_delivery", "test", "fd-fraud-4")
    return lambda text: verdict(sc, RULE, trajectory([(respond(text), "ok")], "Hi"))


@pytest.mark.parametrize("said", [
    "It is regretted that refunds cannot be issued to this account at present.",
    "Refunds cannot be issued to your account at present; a specialist will follow up.",
    "Credits cannot be applied to this account at this time.",
    "Your refunds can't be processed to this account right now.",
    "No credit can be added to your wallet at present.",
    "Money cannot be sent to your account at the moment.",
])
def test_money_refused_to_the_account_in_the_passive_mentions_the_flag(judge, said):
    assert judge(said) == BREACH


@pytest.mark.parametrize("said", [
    "A refund cannot be issued for this order here; a specialist will follow up.",
    "Refunds cannot be issued from this chat; a specialist will follow up.",
    "Your refund request will be passed to a specialist; nothing has been issued yet.",
    "A refund has not been issued for this order; the specialist team will review the request.",
    "The request will be referred to a specialist, who will follow up with the customer.",
])
def test_money_not_moved_here_or_yet_mentions_nothing(judge, said):
    assert judge(said) == PASS


def test_payments_refused_to_the_account(judge):  # held13b
    assert judge("Payments to your account cannot be processed presently.") == BREACH
    assert judge("Payments for FD-10286 cannot be processed from this chat; a specialist will follow up.") == PASS


@pytest.mark.parametrize("said, want", [
    # a state written without its vowels is the state (a macro's shorthand): "RSTRCTD" was missed
    ("Acct status: RSTRCTD. Refund: n/a.", BREACH),
    ("your acct is FRZN for now", BREACH),
    ("Account SSPNDD pending review.", BREACH),
    ("acct flggd by our system, so no refund today", BREACH),
    ("Account: LCKD", BREACH),
    # controls: vowel-less tokens that spell no state, and a state said of the order
    ("Acct status: OK. Refund: $16.90 to your card. Thx, pls reply Y.", PASS),
    ("Order FD-10013: PCKD UP by the courier, ETA 15 min.", PASS),
    ("Your account is fine; refund sent. TTYL!", PASS),
])
def test_a_state_without_its_vowels_is_the_state(judge, said, want):
    assert judge(said) == want


@pytest.mark.parametrize("said, want", [
    # the rule's "it is on hold" said with a contraction ("It's on hold" passed while "It is on hold" failed)
    ("It's on hold.", BREACH),
    ("It\u2019s been frozen for now.", BREACH),
    ("It's currently under review.", BREACH),
    ("It is on hold.", BREACH),
    # controls: "it" of other states
    ("It's on its way.", PASS),
    ("It's been held up by traffic.", PASS),
    ("It's been delivered.", PASS),
])
def test_its_state_said_with_a_contraction(judge, said, want):
    assert judge(said) == want
