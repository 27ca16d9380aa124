"""An amount given as a correction of the call's ("-- actually, make that $19.60", "or rather
$19.60") describes another call (SPEC §10); the correcting word is a whole word: "order",
"original" or "sorry" inside another word correct nothing ("your original card: $5.00 back")."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.confirmations import _corrected_amount


@pytest.mark.parametrize("text", [
    "Refund to your original card: $5.00 back, total $16.90. OK?",
    "For order $5.00 was the fee; I'll refund $16.90. OK?",
    "The sorrow is ours: $5.00 off and $16.90 back. OK?",
    "Your order: $5.00 fee, $16.90 refunded to the card. OK?",
])
def test_a_correcting_word_inside_another_word_corrects_nothing(text):
    assert _corrected_amount(text, [16.9]) is None


@pytest.mark.parametrize("text", [
    "I'll refund $16.90, or rather $19.60, to your card. OK?",
    "I'll refund $16.90 -- actually, make that $19.60. OK?",
    "I'll refund $16.90, sorry, $19.60 to your card. OK?",
    "I'll refund $16.90 -- correction: $19.60. OK?",
    "I'll refund $16.90 or $19.60 with the fee. OK?",
])
def test_a_correcting_word_gives_another_amount(text):
    assert _corrected_amount(text, [16.9]) == 19.6


@pytest.mark.parametrize("text", [
    "Goodwill: travel cert $50 -- no, $40 -> your acct. Send? y/n",
    "Cert $50 \u2014 no, $40. OK?",
    "Refund $50 -- no. $40 to the card. OK?",
    "I can pop a travel certificate for 50 dollars -- sorry, 40 dollars -- into your account.",
])
def test_a_dash_and_no_take_the_amount_before_back(text):
    # round 12 (telegraphic, regional): the amount after the take-back is the one stated; without a "$"
    # an amount in dollar words is read too
    assert _corrected_amount(text, [50.0]) == 40.0


@pytest.mark.parametrize("text", [
    "Refund $50 -- no $40 fee applies. OK?",        # "no $40 fee": a negated amount, no correction
    "Refund $50 - no fee, $40 voucher too. OK?",    # "no" names what is not charged, words before the amount
    "A $50 certificate, no $40 one. OK?",           # no dash: a negation
    "Cert $50 -- no, $50 exactly. OK?",             # the same amount again
])
def test_a_no_that_negates_or_restates_corrects_nothing(text):
    assert _corrected_amount(text, [50.0]) is None
