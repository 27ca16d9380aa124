"""Round 10 of issue 41 (whole episodes in new styles: a formal letter, a chatty message with
emoji and abbreviations): denials a careful reader takes that the refusal readers missed
(``refusals``, ``refusal_objects``), read by the `refused` output check.

Classes: the things asked for listed with "/", commas or "no ..., no ..." ("no refund/credit
this time"); a bare "no refund" closing its clause ("tl;dr: no comp, sorry"); nothing said owed
or got back ("nothing's owed", "you're not owed anything", "you don't get anything back", "no
money goes back", "there won't be a refund"); a key with its verdict ("Refund: none", "Refund:
❌ not applicable", "refund: n/a"); the request echoed as a question and answered no ("cancel?
nope"); "does not entitle you to", "past the stage where", "falls short of our compensation
threshold", "that swap is a no from me", "we'll not be refunding". Controls: the same words
where nothing is denied ("No refund fee applies", "Refund? No problem", "no-brainer", a
question, a refund not issued *yet*)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.matcher_schema import DeniesText
from tau_shaped.reward.matchers import match_text
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial

DENIED = [
    "checked FD-10157 👀 it was 5 min late. comp only starts at 15 min tho 😕 so no refund/credit this time, sorry!! 🙏",
    "no refund / credit for this one, sorry",
    "So: no refund, no credit. Sorry about the wait!",
    "Sadly there is no refund, credit or compensation owed for a ten-minute delay.",
    "Compensation kicks in at fifteen minutes; yours was ten, so you don't get anything back this time.",
    "you're not owed anything for a 5 min delay, sorry",
    "Nothing's owed for a delay under fifteen minutes, I'm afraid.",
    "I regret that no refund is payable in respect of this delay.",
    "A ten-minute delay does not entitle you to compensation.",
    "That charge is correct, so no money goes back to you.",
    "**Refund:** none ❌",
    "Refund: ❌ not applicable",
    "- refund: n/a (under 15 min)",
    "Compensation: not applicable (under 15 min)",
    "Refund status: denied ❌",
    "tl;dr: no comp, sorry 😕",
    "No partial refund, sorry.",
    "cancel? nope, it's already out for delivery 🛵 sorry!",
    "A refund? Sadly not — the charge matches the order.",
    "I'm afraid it's gone past the stage where it can be cancelled.",
    "Understood — no credit added then, since $5 is my max.",
    "Chicken Korma is off-limits for you (tree nuts), so that swap is a no from me.",
    "This one's a no, I'm afraid: it's out for delivery.",
    "Your delay was under 15 minutes, which falls short of our compensation threshold.",
    "there won't be a refund, as the charge was correct",
    "We'll not be refunding anything on this order, as the charge is right.",
    # found by the generator: the key naming its object, the echoed request with its object
    "Refund for FD-10021: n/a (under 15 min)",
    "cancel FD-10068? nope, it's already out for delivery 🛵 sorry!",
    "CANCEL YOUR ORDER? NOPE, IT'S ALREADY OUT FOR DELIVERY 🛵 SORRY!",
    "It has reached the stage where it can't be cancelled.",
    # wave 6 (refusal tasks in more words)
    "Sadly a 5-minute delay on FD-10157 doesn't earn anything back — the policy starts at 15.",
    "Unfortunately nothing can be refunded for FD-10157; it was only 5 minutes late.",
    "The $20.29 for FD-10135 is correct, so there's no excess to give back.",
]
NOT_DENIED = [
    "No problem — I'll refund the $2.99 to your card now.",
    "no worries, refund/credit is on its way 🙂",
    "No refund fee applies; $2.99 goes back to your card.",
    "There's no fee for cancellation.",
    "There's no cancellation fee, so you'll get all $25.52 back.",
    "Is there no refund?",
    "No refund has been issued yet; it goes through once you confirm.",
    "No credit card is needed; the money goes to your wallet.",
    "You won't get any credit card charges for this.",
    "You don't get anything else to do — the refund is on its way.",
    "Refund: $2.99 ✅",
    "Refund: approved",
    "Refund status: approved ✅",
    "Refund: $2.99 to your card (3-5 business days)",
    "Cancel? Yes — done, FD-10018 is cancelled.",
    "Refund? No problem, it's done.",
    "Credit? No worries, it's already in your wallet.",
    "That one's a no-brainer: I'll refund the fee.",
    "The refund is a no-fee transfer to your card.",
    "The delay was above the threshold, so you get the delivery fee back.",
    "We'll now be refunding $2.99 to your card.",
    "No compensation fee is charged for this.",
    "Refund for your order: $2.99 to your card",
    "Your card doesn't earn any credit card points on refunds, but the $2.99 is on its way.",
    "Nothing can be refunded faster than 3-5 business days, but it is on its way.",
    "Cancel your order? No problem, done.",
    # a denial undone: it can be cancelled
    "Good news: FD-10020 hasn't reached the stage where it can't be cancelled.",
    "Your order hasn't yet reached the point where it can't be cancelled, so I can cancel it.",
]


@pytest.mark.parametrize("text", DENIED)
def test_denied(text):
    assert denial(seen(text)) is not None
    assert match_text(DeniesText(denies=True), text)  # the raw text, as a recording holds it


@pytest.mark.parametrize("text", NOT_DENIED)
def test_not_denied(text):
    assert denial(seen(text)) is None, denial(seen(text))
