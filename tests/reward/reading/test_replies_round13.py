"""Replies, round 13 (multi-part and regional replies; SPEC §10): "<a value> it is" picks the value ("Ta, card it
is": yes to the card, a change to the wallet; a thing the values do not read, or "it is what it is", is left to the
rest of the reading); "top it up" goes ahead with a wallet credit; the money offered declined ("Keep your five
dollars", "keep your money", "Keep your $5") is a no ("keep the change" is not)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply

CARD = "I can refund $16.90 to your Mastercard for the missing BBQ Ribs on FD-10045. Shall I go ahead?"
WALLET = "I can add a $5.00 apology credit to your wallet for FD-10077. Shall I?"


@pytest.mark.parametrize("question, reply, want", [
    (CARD, "Ta, card it is", "yes"), (CARD, "card it is then!", "yes"), (CARD, "$16.90 it is", "yes"),
    (CARD, "Ta, wallet it is", "change"), (WALLET, "wallet it is", "yes"), (WALLET, "$5 it is", "yes"),
    (WALLET, "Cheers, top it up", "yes"), (WALLET, "top me up then", "yes"),
    (WALLET, "Keep your five dollars", "no"), (WALLET, "keep your money, I want 50", "no"), (WALLET, "Keep your $5", "no"),
    (WALLET, "sure, keep the change", "yes"),
])
def test_picks_go_aheads_and_declines_in_these_words(question, reply, want):
    assert classify_reply(reply, question=question) == want


@pytest.mark.parametrize("reply", ["Ta, Burnside it is", "work it is"])
def test_a_pick_the_values_do_not_read_is_not_read_as_another_value(reply):
    q = "I can change the delivery address of FD-10089 to your work address, 1204 Burnside St. Shall I go ahead?"
    assert classify_reply(reply, question=q) != "change"


@pytest.mark.parametrize("question, reply, want", [
    ("I can change the delivery address of FD-10089 to your work address, 1204 Burnside St. Shall I go ahead?",
     "only if it'll still arrive by 7.30pm", "unclear"),
    ("I can cancel FD-10018; $5.27 comes back to your Mastercard. Shall I go ahead?", "only if it will still arrive by 8", "unclear"),
    ("I can cancel FD-10018; $5.27 comes back to your Mastercard. Shall I go ahead?", "it'll come eventually", "no"),
])
def test_waiting_inside_a_condition_keeps_nothing(question, reply, want):
    assert classify_reply(reply, question=question) == want


@pytest.mark.parametrize("reply, want", [("That's acceptable.", "yes"), ("Acceptable.", "yes"), ("That is acceptable.", "yes"),
                                         ("Not acceptable.", "no"), ("That is not acceptable.", "no"),
                                         ("acceptable, but to my card", "change")])
def test_the_corporate_registers_yes(reply, want):
    q = "A credit of $10.00 to the wallet for order FD-10079 can be applied. Is this acceptable?"
    assert classify_reply(reply, question=q) == want


@pytest.mark.parametrize("reply, want", [("Cheers, sort it", "yes"), ("sort it out, ta", "yes"), ("no, I'll sort it myself", "no")])
def test_sort_it(reply, want):
    assert classify_reply(reply, question=CARD) == want


@pytest.mark.parametrize("reply, want", [("Yes -- and no, I don't need anything else.", "yes"),
                                         ("Yes, and no, I don't need anything else, thanks!", "yes"), ("yes -- no, wait", "no")])
def test_a_no_said_of_anything_else_takes_nothing_back(reply, want):
    assert classify_reply(reply, question="I can cancel FD-10018; $5.27 comes back to your Mastercard. Shall I go ahead?") == want
