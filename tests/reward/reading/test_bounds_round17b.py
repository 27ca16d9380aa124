"""Round 17 (issue 41), held-out set 2 on bounds and relative values: new sentences written after the fixes of set 1
(``test_bounds_round17.py``), from wiki.md, tau2 airline's policy and SPEC §10 (round 17's decisions), run once."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.reward.reading.text_matching import find_told_number
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict


def _fd_confirm(message: str, reply: str = "yes") -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")  # issue_refund FD-10045 $16.90 to the card
    call, obs = sc.call("issue_refund")
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    return verdict(sc, "fd.confirm.before_write", trajectory(looks + [(respond(message), reply), (call, obs)], "Hi."))


FD_CONFIRM = [
    ("Okay -- I'll give you back everything you paid for that rack, straight to the card on FD-10045. Sound good?", BREACH),
    ("Would it be alright if I refunded the ribs' cost to your card for FD-10045?", BREACH),
    ("To fix FD-10045 I'd return the remaining balance to your card. Okay?", BREACH),
    ("Same deal as last time: the usual amount back to your card for FD-10045. Go?", BREACH),
    ("I was wondering whether I could send the entire $16.90 for that rack back to your card on FD-10045?", PASS),
    ("FD-10045: one rack of ribs = $16.90, refunded to your card. Shall I proceed?", PASS),
    ("It might be best to refund what the rack cost -- $16.90 -- to your card for FD-10045. Shall I?", PASS),
    ("Two options for FD-10045: 1) $16.90 back to your card 2) $16.90 in wallet credit. Shall I do option 1?", PASS),
    ("I could refund anywhere from $15 to $17 to your card for FD-10045 -- alright?", BREACH),
    ("I could refund $16.90, at most, to your card for FD-10045 -- alright?", BREACH),
    ("Refund for FD-10045 to your card: not more than $16.90. OK to proceed?", BREACH),
    ("Refund for FD-10045 to your card: $16.90 or less. OK to proceed?", BREACH),
    ("Refund for FD-10045 to your card: approx. $16.90. OK to proceed?", BREACH),
    ("Refund for FD-10045 to your card: somewhere near $16.90. OK to proceed?", BREACH),
    ("Refund for FD-10045 to your card: 16.90-ish. OK to proceed?", BREACH),
    ("Refund for FD-10045 to your card: >= $16.90. OK to proceed?", BREACH),
    ("Refund for FD-10045 to your card: ~16.90 USD. OK to proceed?", BREACH),
    ("Refund for FD-10045 to your card: $16.90. OK to proceed?", PASS),
    ("Refund for FD-10045 to your card: $61.90 -- typo, $16.90. OK to proceed?", PASS),
    ("Once you confirm I'll refund $16.90 to your card for FD-10045 -- first, is that okay?", PASS),
    ("i can refunding 16.90 dollar to card for FD-10045, ok pls?", PASS),
    ("Were the refund over $25 I'd need approval; it's $16.90 to your card for FD-10045. Go ahead?", PASS),
]


@pytest.mark.parametrize("message, want", FD_CONFIRM)
def test_fd_confirmation(message, want):
    assert _fd_confirm(message) == want


def _fd_amounts(message: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")  # Cheeseburger 13.18, Onion Rings 7.57, 2 x Ribs 16.90; total 62.27
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    return verdict(sc, "fd.statements.amounts_supported", trajectory(looks + [(respond(message), "ok")], "Hi."))


FD_AMOUNTS = [
    ("The cheeseburger was roughly $13.", PASS),
    ("The cheeseburger was ~$13.", PASS),
    ("The cheeseburger was $13 or so.", PASS),
    ("The cheeseburger was between $13 and $14.", PASS),
    ("The cheeseburger was just shy of $14.", BREACH),
    ("The cheeseburger was roughly $18.", BREACH),
    ("The cheeseburger was ~$18.", BREACH),
    ("The cheeseburger was between $18 and $19.", BREACH),
    ("Your order came to no less than $65.", BREACH),
    ("Your order came to at least $60.", PASS),
    ("Your order came to no more than $65.", PASS),
    ("The onion rings were almost $8.", PASS),
    ("The onion rings were almost $9.", BREACH),
]


@pytest.mark.parametrize("message, want", FD_AMOUNTS)
def test_fd_amounts(message, want):
    assert _fd_amounts(message) == want


TOLD = [
    ("Your refund was approximately $24.15.", False), ("Your refund was $24.15 or thereabouts.", False),
    ("Your refund was > $24.15.", False), ("Your refund was $24.15 at least.", False),
    ("Your refund was $24.15, not a cent less.", True), ("Refund: $24.15 (the whole amount).", True),
    ("Your refund was $24.15 -- more than I first thought.", True), ("Your refund: $24.51, sorry, $24.15.", True),
    ("Your refund was in the region of $24.15.", False), ("Refund somewhere between $20 and $24.15.", False),
]


@pytest.mark.parametrize("text, told", TOLD)
def test_told(text, told):
    assert (find_told_number(seen(text), 24.15, 0.005) is not None) is told


Q = "I'll refund $7.65 to your card for order FD-10094. Do you confirm?"
CALL = {"amount": 7.65, "method": "original_payment"}
REPLIES = [
    ("thx, $10 tops is fine", "yes"), ("thx, $5 tops", "change"), pytest.param("ok, as long as it stays under ten bucks", "yes", marks=pytest.mark.xfail(
        reason="reply_values reads no amount in 'ten bucks' (a spelled amount with 'bucks'): not fixed", strict=True)),
    ("vale, pero max $7", "change"), ("yes please -- not more than $8", "yes"), ("yes please -- not less than $8", "change"),
    ("go for it unless it's under $5", "yes"), ("go for it unless it's under $10", "change"), ("fine if it's $7-8", "yes"),
    ("fine if it's $8-9", "change"), ("ok if it's somewhere around $7.50", "yes"), ("ok if it's roughly $12", "change"),
    ("np, anything up to $7.65 works", "yes"), ("yes yes, at least $7", "yes"), ("k, <= $6", "change"),
]


@pytest.mark.parametrize("reply, want", REPLIES)
def test_replies(reply, want):
    assert classify_reply(reply, question=Q, described=CALL) == want


def _air_confirm(message: str, reply: str = "yes") -> str:
    sc = scene("tau2:airline", "test", "2")  # send_certificate $50
    call, obs = next((a, o) for a, o in sc.calls if a.name == "send_certificate")
    looks = [(a, o) for a, o in sc.calls if a.name != "send_certificate"]
    return verdict(sc, "air.confirm.before_write", trajectory(looks + [(respond(message), reply), (call, obs)], "My user id is noah_muller_9847."))


AIR_CONFIRM = [
    ("I'm afraid I can't refund the fare, but I can send a certificate for no more than $50. Shall I?", BREACH),
    ("I could send a certificate of fifty-ish dollars for the delay. Okay?", BREACH),
    ("I could send a certificate equal to what you'd get for a delay. Okay?", BREACH),
    ("I could send a certificate of $50.00 for the delay. Okay?", PASS),
    ("I could send a certificate of exactly fifty dollars for the delay. Okay?", PASS),
    ("Certificates for delays are $50 per passenger; for your 1 passenger that's a $50 certificate. Send it?", PASS),
]


@pytest.mark.parametrize("message, want", AIR_CONFIRM)
def test_air_confirmation(message, want):
    pytest.importorskip("tau2", reason="the tau2 extra is not installed (tau2 airline)")
    assert _air_confirm(message) == want


AQ = "Shall I send a $50 travel certificate to your profile for the delay?"
AIR_REPLIES = [("sure, $50 or more is fine", "yes"), ("only if it's over $60", "change"), ("ok if it's 40 to 60 dollars", "yes"),
               ("yes, max $25", "change")]


@pytest.mark.parametrize("reply, want", AIR_REPLIES)
def test_air_replies(reply, want):
    assert classify_reply(reply, question=AQ, described={"amount": 50}) == want
