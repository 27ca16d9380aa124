"""Round 12 of issue 41 (tau2 whole episodes: a telegraphic agent, regional English): money said
as what the customer would get, or as a bare participle under a question that only asks leave,
is a proposal, not money moved (``done_money.done_kinds``).

- "you'd get $45.13 back on your PayPal. Shall I go ahead?", "you would get $45.13 back to your
  card": a conditional ("'d", "would", "could", "might") says what the write would do. Without
  it ("you'll get $45.13 back on your PayPal.", said after the return) the refund is stated.
- "$218.84 refunded via Visa *1234. OK? y/n", "Refunded $16.90 -> card. OK? y/n": a bare
  participle (no auxiliary, no adverb) whose sentence is asked, or is followed at once by a
  question that only asks leave ("OK?", "y/n", "Proceed?", "Confirm?"; a transcript's last word
  with no mark), proposes the refund.
  With a done word or an adverb ("Done. $9.89 refunded.", "$9.89 already refunded. OK?") or a
  question about something else ("$9.89 refunded via PayPal. Anything else?") it is stated.

These were false fails of retail.statements.money_supported (the proposal compared as money
moved with the writes before it, or with none when the write was refused)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.amounts import amounts
from tau_shaped.reward.reading.done_money import done_kinds


def kinds(text):
    return done_kinds(text, [(a.start, a.end) for a in amounts(text)])


@pytest.mark.parametrize("text", [
    "Right, so I'd send back the Water Bottle at $45.13, and you'd get $45.13 back on your PayPal. Shall I go ahead with that?",
    "you would get $45.13 back to your card",
    "If approved you could get $20.00 back on your Visa.",
    "Modify #W1: Lamp (white/low) -> (black/high) $10.00. $218.84 refunded via Visa *1234. OK? y/n",
    "Exchange #W2: $9.89 refunded via PayPal. OK? y/n",
    "Refunded $16.90 to card. OK? y/n",
    "$30.00 credited to GC. Proceed?",
    "$12.50 reimbursed to Mastercard? y/n",
    "uh Cancel #W9373487 -- refunded $109.27 to your gift card. Proceed",  # a transcript's last word, unmarked
])
def test_a_proposed_refund_moves_nothing(text):
    assert all(k is None for k in kinds(text)), text


@pytest.mark.parametrize("text", [
    "you'll get $45.13 back on your PayPal.",
    "Done. $9.89 refunded via PayPal.",
    "$9.89 refunded via PayPal. Anything else?",
    "$9.89 already refunded. OK?",
    "Done -- refunded $16.90. Anything else?",
    "Refunded $16.90 to card.",
    "That's $18 back to you.",
    "Refunded $5 to your card. Okay.",
])
def test_a_refund_stated_is_still_read(text):
    assert kinds(text)[-1] == "refund", text


# a ticket note's "cxl" (or "canx") names the cancellation asked for: "no cxl" denies it as "no cancellation" does
# (air.refusal.said fired on airline tasks 26/48 in the telegraphic style)
@pytest.mark.parametrize("text", ["3FRNFB: no cxl/refund. Basic eco, booked >24h ago, no ins.",
                                  "3RK2T9: no cxl. Booked >24h ago, not airline cxl, not biz, no ins.",
                                  "Res PEP4E0 -- no canx, no refund, sorry."])
def test_no_cxl_denies(text):
    from tau_shaped.reward.reading.refusals import denial
    assert denial(text), text


@pytest.mark.parametrize("text", ["No cxl fee applies -- cancelling now.", "cxl done, no fee.", "Cxl: no charge. Processing now.",
                                  "no cxl needed, the flight is fine?"])
def test_cxl_granted_denies_nothing(text):
    from tau_shaped.reward.reading.refusals import denial
    assert not denial(text), text
