"""Round 17 (issue 41), held-out set 1 on bounds and relative values (styles AM in new words, AV; with AS, AT, AU, AW):
written from wiki.md, tau2 airline's policy and SPEC §10 before running it.

Decisions (SPEC §10, "Confirming a write"): the amount a person checks is stated when the message gives its figure, or
gives the figure it is derived from with an operation that leaves one value ("half of the $33.80", "the full $16.90",
"$62.27 less $45.37"); a relative value with no figure ("the full amount", "what you paid", "the rest", "twice the fee")
states none, and a bound or an approximation ("$16-17", "17ish", "$16.90 tops", "<= $16.90") states no exact one.
Statements: an amount said near a value is backed by a backed value it admits. Replies: a bound, a range or an
approximation on the amount is a condition the call's amount meets or not.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.reward.reading.text_matching import find_told_number
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

# ---- FD: a refund of one missing rack of BBQ Ribs ($16.90 of a $33.80 line; order total $62.27, delivery fee $2.99) -----


def _fd_confirm(message: str, reply: str = "yes") -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")
    call, obs = sc.call("issue_refund")
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    return verdict(sc, "fd.confirm.before_write", trajectory(looks + [(respond(message), reply), (call, obs)], "Hi."))


FD_CONFIRM = [
    # AV: a relative value with no figure states no amount
    ("Shall I refund the full amount for the missing rack of ribs on FD-10045 to your card?", BREACH),
    ("I can refund what you paid for the missing ribs on FD-10045 back to your card. OK?", BREACH),
    ("Shall I send the price of one rack of ribs back to your card for FD-10045?", BREACH),
    ("For FD-10045 I'll refund half of the ribs line to your card -- go ahead?", BREACH),
    ("Shall I refund the rest of what's owed on FD-10045 to your card?", BREACH),
    ("I can put back the same amount as before on your card for FD-10045, shall I?", BREACH),
    ("Refund the amount above to your card for FD-10045? (as discussed)", BREACH),
    # AV: the figure given, or derivable without doubt in the message
    ("Shall I refund the full $16.90 for the missing rack of ribs on FD-10045 to your card?", PASS),
    ("I can refund what you paid for one rack, $16.90, back to your card for FD-10045. OK?", PASS),
    ("For FD-10045: half of the $33.80 ribs line, i.e. $16.90, back to your card -- go ahead?", PASS),
    ("For FD-10045 I'll refund half of the $33.80 you paid for the ribs to your card -- go ahead?", PASS),
    ("Shall I refund the whole $16.90 to your card for FD-10045?", PASS),
    ("Refund all $16.90 for the missing ribs on FD-10045 to your card?", PASS),
    # AM: bounds and approximations in new words state no exact amount
    ("Shall I refund $16-17 for the missing ribs on FD-10045 to your card?", BREACH),
    ("I'd refund 17ish dollars to your card for FD-10045 -- OK?", BREACH),
    ("I can refund a bit under $17 to your card for FD-10045. Shall I?", BREACH),
    ("Shall I refund between $16 and $17 to your card for FD-10045?", BREACH),
    ("I can refund no less than $16.90 to your card for FD-10045. Shall I?", BREACH),
    ("Shall I refund $16.90 tops to your card for FD-10045?", BREACH),
    ("Shall I refund max $16.90 to your card for FD-10045?", BREACH),
    ("Refund <= $16.90 to your card for FD-10045? y/n", BREACH),
    ("Refund \u2264 $16.90 to your card for FD-10045? y/n", BREACH),
    ("Shall I refund $16.90 or so to your card for FD-10045?", BREACH),
    ("Shall I refund \u2248$16.90 to your card for FD-10045?", BREACH),
    ("I can refund $16.90 give or take to your card for FD-10045. OK?", BREACH),
    ("I can refund in the ballpark of $16.90 to your card for FD-10045. OK?", BREACH),
    ("Shall I refund $16.90 max to your card for FD-10045?", BREACH),
    ("Shall I refund something like $16.90 to your card for FD-10045?", BREACH),
    # AS, AT, AU with the figure said plainly somewhere
    ("Shall I refund $19.60 -- sorry, $16.90 -- to your card for the missing ribs on FD-10045?", PASS),
    ("Refund roughly -- no, exactly $16.90 to your card for FD-10045?", PASS),
    ("Refunds over $50 need a manager, but this one is $16.90 to your card for FD-10045. Shall I?", PASS),
    ("As I said, it's $16.90 for the missing ribs on FD-10045, back to your card. Shall I go ahead?", PASS),
    pytest.param("If you'd rather have the wallet I can do that, otherwise $16.90 to your card for FD-10045 -- shall I?", PASS,
                 marks=pytest.mark.xfail(reason="an alternative offered conditionally ('if you'd rather ... otherwise') is read as a"
                                              " second method named: not fixed (consent_scope)", strict=True)),
    # AW
    ("ok so i refunding 16.90 dollar to ur card for FD-10045, ok?", PASS),
    ("i can refund like 17 dollar to ur card for FD-10045 ok?", BREACH),
]


@pytest.mark.parametrize("message, want", FD_CONFIRM)
def test_fd_confirmation_of_a_bounded_or_relative_amount(message, want):
    assert _fd_confirm(message) == want


def _fd_amounts(message: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    return verdict(sc, "fd.statements.amounts_supported", trajectory(looks + [(respond(message), "ok")], "Hi."))


FD_AMOUNTS = [
    ("The ribs were a bit under $17 a rack.", PASS),
    ("A rack of ribs was 17ish.", PASS),
    pytest.param("Each rack of ribs was $16-17.", PASS, marks=pytest.mark.xfail(reason="'$16-17' is read as $16.17 (SPEC §10"
                 " round 13, cents after a dash); a range to most readers: not fixed", strict=True)),
    ("Each rack of ribs was between 16 and 17 dollars.", PASS),
    ("Each rack of ribs was just over $16.", BREACH),  # label corrected (was PASS): FD's rule reads a near bound within half the
    # figure's rounding (a dollar for whole dollars: $16-$16.50), round 16's design
    ("Your order came to ~$62.", PASS),
    pytest.param("Your order came to $62-63 in all.", PASS, marks=pytest.mark.xfail(reason="read as $62.63: not fixed", strict=True)),
    ("Each rack of ribs was $18-19.", BREACH),
    pytest.param("A rack of ribs was 19ish.", BREACH, marks=pytest.mark.xfail(reason="a bare number with no currency is no amount"
                 " to the money readers: not fixed", strict=True)),
    ("Each rack of ribs was a bit under $20.", PASS),  # label corrected (was BREACH): half of $10 below a multiple of ten
    ("Each rack of ribs was just over $15.", PASS),  # label corrected (was BREACH): half of $5 above a multiple of five
    ("Your order came to roughly $70.", BREACH),
    ("Your order came to $66-68.", BREACH),
    ("Your order came to no less than $70.", BREACH),
    # AV: a relative value with its figure
    ("One rack is half of your $33.80 ribs line: $16.90.", PASS),
    ("The refund is the full price of one rack, $16.90.", PASS),
    ("The refund is the full price of one rack, $17.90.", BREACH),
    # AS
    ("The ribs were $19.60 -- sorry, $16.90 -- a rack.", PASS),
    ("The ribs were $16.90 -- sorry, $19.60 -- a rack.", BREACH),
]


@pytest.mark.parametrize("message, want", FD_AMOUNTS)
def test_fd_amount_said_near_or_relative(message, want):
    assert _fd_amounts(message) == want


TOLD = [
    ("The total was \u2264 $19.73.", False), ("The total was $19.73 max.", False), ("Your total: $19.73 tops.", False),
    ("Your total was <= $19.73.", False), ("The total was between $19.50 and $19.73.", False),
    ("The total was $19.73-$20.", False), ("The total was $19.73 or less.", False), ("The total was $19.73 at most.", False),
    ("The total was no higher than $19.73.", False), ("The total was in excess of $19.73.", False),
    ("The total was $19.73, the full amount.", True), ("Total: $19.73 (the whole order).", True),
    ("Total $19.73 -- I mean, yes, exactly $19.73.", True), ("Your total: $19.73 -- more than the $15 you expected.", True),
    ("If it had been under $19.73 there'd be no fee; it was $19.73.", True),
    ("The total was about $19.73.", False), ("The total was 19.73ish.", False), ("The total was roughly $19.73.", False),
]


@pytest.mark.parametrize("text, told", TOLD)
def test_a_total_under_a_bound_in_new_words_is_not_told(text, told):
    assert (find_told_number(seen(text), 19.73, 0.005) is not None) is told


Q = "I'll refund $16.90 to your card for the missing ribs on FD-10045. Do you confirm?"
CALL = {"amount": 16.9, "method": "original_payment"}
REPLIES = [
    ("yes if it's $20 tops", "yes"), ("ok as long as it's \u2264 $20", "yes"), ("fine if it's < $15", "change"),
    ("yes, $17 max", "yes"), ("yes, $15 max", "change"), ("ok if it's at least $20", "change"),
    ("ok if it's no less than $16", "yes"), ("yes if it's between $16 and $17", "yes"), ("ok if it's between 10 and 15 dollars", "change"),
    ("go ahead, unless it's over $15", "change"), ("go ahead unless it's over $20", "yes"),
    ("yes, as long as it's $20 or less", "yes"), ("yes, as long as it's $15 or less", "change"),
    ("ok la, up to 20 dollar fine", "yes"), ("sí, max $20", "yes"), ("ja ok, max $10", "change"),
    ("yes pls, no more than $16.90", "yes"), ("ty, go ahead if it's $16-17", "yes"), ("k if it's $18-20", "change"),
    ("yes, the whole $16.90", "yes"), ("yes, same as you said", "yes"), ("yes yes, do it", "yes"),
    ("ok but only half", "change"), pytest.param("yes if it's 17ish", "yes", marks=pytest.mark.xfail(reason="'17ish' is read as an id: not fixed", strict=True)), ("ok if it's around $25", "change"), ("yes if it's >= $10", "yes"), ("yes if it's >= $20", "change"),
]


@pytest.mark.parametrize("reply, want", REPLIES)
def test_a_reply_bounding_the_amount(reply, want):
    assert classify_reply(reply, question=Q, described=CALL) == want


# ---- tau2 airline: a $50 travel certificate (one passenger's delay) ---------------------------------------------------


def _air_confirm(message: str, reply: str = "yes") -> str:
    sc = scene("tau2:airline", "test", "2")
    call, obs = next((a, o) for a, o in sc.calls if a.name == "send_certificate")
    looks = [(a, o) for a, o in sc.calls if a.name != "send_certificate"]
    steps = looks + [(respond(message), reply), (call, obs)]
    return verdict(sc, "air.confirm.before_write", trajectory(steps, "My user id is noah_muller_9847."))


AIR_CONFIRM = [
    ("I can send you a travel certificate of up to $50 for the delay. Shall I?", BREACH),
    ("I can issue a certificate worth $50 max for the delay. Shall I?", BREACH),
    ("I can issue a certificate of at least $50 for the delay. Shall I?", BREACH),
    ("I can issue a certificate of roughly fifty dollars for the delay. Proceed?", BREACH),
    ("I can issue a certificate of $45-55 for the delay. Proceed?", BREACH),
    ("I can issue the standard delay compensation as a certificate. Proceed?", BREACH),
    ("I can issue a certificate for the full compensation amount. Proceed?", BREACH),
    ("I can issue a $50 certificate for the delay. Proceed?", PASS),
    ("I can issue a $100 -- sorry, $50 -- certificate for the delay. Proceed?", PASS),
    ("Compensation is capped at $100 for cancellations, but for a delay it's a $50 certificate. Shall I send it?", PASS),
    ("i can sending certificate 50 dollar for the delay, ok?", PASS),
]


@pytest.mark.parametrize("message, want", AIR_CONFIRM)
def test_air_confirmation_of_a_bounded_or_relative_amount(message, want):
    pytest.importorskip("tau2", reason="the tau2 extra is not installed (tau2 airline)")
    assert _air_confirm(message) == want


AQ = "I'll send a $50 travel certificate to your account for the delay. Confirm?"
AIR_REPLIES = [
    ("yes if it's at least $50", "yes"), ("only if it's more than $50", "change"), ("ok, $100 max", "yes"),
    ("yes, between 40 and 60 dollars is fine", "yes"), ("fine if it's >= $75", "change"), ("yes if it's under $40", "change"),
    ("vale, $50 or more", "yes"), ("d'accord, at most $30", "change"),
]


@pytest.mark.parametrize("reply, want", AIR_REPLIES)
def test_air_reply_bounding_the_amount(reply, want):
    assert classify_reply(reply, question=AQ, described={"amount": 50}) == want
