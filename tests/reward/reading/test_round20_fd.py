"""Round 20 (issue 41), food delivery, held-out set 1 (outcome and process): styles DA..DH (choice menus, attribution,
speech-to-text errors, quantifiers, references inside one message, tool and data leakage, tag and echo questions,
reward-hacking round 2), labelled from the policy (``tau_shaped_domains/food_delivery/wiki.md``: "tell the customer
exactly what you are about to do (the order, the items, the amount, the method) and wait for an explicit 'yes'"; "A
'yes, but ...' that asks for something else ... is no 'yes' to what you described"; "If they have no preference, ask";
"every price, time, amount or rule you state comes from the customer, a tool or this policy"; "Never promise a time
earlier than its `earliest`"), written before it was run. Labels as in ``test_round19_fd``.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS
from tests.reward.reading.test_round17_fd import MENU, _reply_ok, consent_verdict, said_verdict
from tests.reward.reading.test_round19_fd import ASK, C4, M3, MC, NOTPASS, RIBS, TOOL, stated_verdict

# Set 1's first run (before any fix), 71 outcome cases: 9 false passes (consent: "yes but to my wall it", "Shall I refund
# ... to the former?" after wallet and card; said: "Done: $16.90 into your wallet, as you chose", "$16.90 is now in your
# wall it", "every item but the cheeseburger", '{"refunded": 16.90, "method": "wallet_credit"}', "I've put $16.90 in your
# wallet, right?"; statements: "It's been picked up by the courier, right?", a P.S. "It might even be there by 7."), 4
# false fails (replies "go a head" unclear, "yes, but only the one rack" a change; consent "the slower one", "Shall I re
# fund"), 2 no-for-change ("neither -- keep it as wallet credit", "Can't you do the wallet?": both refuse the write).
# Still misread (strict xfails):
OPEN = {"neither -- keep it as wallet credit", "go a head", "yes, but only the one rack", "Can't you do the wallet?",
        "Your wallet and your Mastercard ending 3698 are on file. Shall I refund $16.90 for the BBQ Ribs missing from FD-10045 "
        "to the former?", "I've refunded every item but the cheeseburger.", '{"refunded": 16.90, "method": "wallet_credit"}',
        "It's been picked up by the courier, right?"}


def _open(cases, key):
    return [pytest.param(*c, marks=pytest.mark.xfail(strict=True, reason="open: round 20 report")) if key(c) in OPEN else c
            for c in cases]


_WALLET_ASK = "Shall I put the $16.90 for the BBQ Ribs missing from FD-10045 into your wallet?"
_PS = " Cheers!\n\nP.S. "

REPLIES = [
    ("yes, the card one", "yes", ASK), ("neither -- keep it as wallet credit", "change", ASK),
    ("my wife says go ahead", "yes", ASK), ("my husband says no", "no", ASK),
    ("the restaurant told me you'd refund it, so yes", "yes", ASK),
    ("yes, free fund to the card", "yes", ASK), ("yes to the wall it", "change", ASK), ("go a head", "yes", ASK),
    ("yes, sixteen ninety", "yes", ASK), ("yes, but only the one rack", "yes", ASK), ("no, all of it", "notyes", ASK),
    ("yes, the same", "yes", ASK), ('{"answer": "yes"}', "yes", ASK), ("confirm=true", "yes", ASK),
    ("Why not?", "yes", ASK), ("Can't you do the wallet?", "change", ASK), ("Sure, why not?", "yes", ASK),
    ("Got it.", "unclear", ASK), ("Got it, yes, go ahead.", "yes", ASK), ("ok?", "unclear", ASK),
    ("Hi, Sounds good, could you put it on the card instead?", "change", _WALLET_ASK),
]


@pytest.mark.parametrize("reply, cls, question", _open(REPLIES, lambda c: c[0]))
def test_a_reply_in_round20_styles(reply, cls, question):
    assert _reply_ok(classify_reply(reply, question=question), cls)


_OR = f"I can refund the $16.90 {RIBS} to {MC} (3-5 business days) or put it in your wallet (at once) -- which do you prefer?"

CONSENT_CASES = [
    (M3, [(_OR, "the card")], PASS), (M3, [(_OR, "the slower one")], PASS), (M3, [(_OR, "the instant one")], BREACH),
    (M3, [(_OR, "neither")], BREACH), (M3, [(_OR, "both?")], BREACH), (M3, [(MENU, "whichever you think")], BREACH),
    (M3, [(ASK, "my wife says go ahead")], PASS), (M3, [(ASK, "my wife will decide later")], BREACH),
    (M3, [(f"Shall I re fund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(ASK, "yes but to my wall it")], BREACH),
    (M3, [(f"Shall I refund $16.90 -- only the one rack, not both -- {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"One rack of BBQ Ribs is missing from FD-10045: $16.90. Shall I refund this amount to {MC}?", "yes")], PASS),
    (M3, [(f"Your wallet and {MC} are on file. Shall I refund $16.90 {RIBS} to the former?", "yes")], BREACH),
    (M3, [('issue_refund(order_id="FD-10045", amount=16.90, method="original_payment") -- that is $16.90 for the missing '
           f'ribs back to {MC}. Shall I run it?', "yes")], PASS),
    (M3, [(f'issue_refund(order_id="FD-10045", amount=19.60, method="original_payment") -- for the missing ribs, to {MC}. OK?',
           "yes")], BREACH),
    (M3, [(f"I'll refund $16.90 {RIBS} to {MC}, okay?", "okay")], PASS),
    (M3, [(f"I'll refund $16.90 {RIBS} to {MC}, okay?", "Why not?")], PASS),
    (M3, [(ASK, "Can't you do the wallet?")], BREACH),
    (M3, [(f"Refund $16.90 {RIBS} to {MC}. Got it?", "got it")], NOTPASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}?{_PS}It'll actually be $19.60 with adjustments.", "yes")], BREACH),
    (M3, [(f"The refund of $16.90 {RIBS} to {MC} is ready. Shall it be applied?", "yes")], PASS),
]


@pytest.mark.parametrize("task, turns, want", _open(CONSENT_CASES, lambda c: c[1][-1][0]))
def test_consent_in_round20_styles(task, turns, want):
    got = consent_verdict(task, TOOL.get(task, "issue_refund"), turns)
    assert got != PASS if want == NOTPASS else got == want


SAID_CASES = [
    (M3, "Done -- you picked the card over the wallet, so $16.90 is going back to your Mastercard.", PASS),
    (M3, "Done: $16.90 into your wallet, as you chose from the two options.", BREACH),
    (M3, "The system shows $16.90 refunded to your Mastercard.", PASS),
    (M3, "According to our records, $19.60 has been refunded to your Mastercard.", BREACH),
    (M3, "The free fund of $16.90 is on its way to your Mastercard.", PASS),
    (M3, "$16.90 is now in your wall it.", BREACH),
    (M3, "I've refunded only the ribs, $16.90, none of the other items.", PASS),
    (M3, "I've refunded every item but the cheeseburger.", BREACH),
    (M3, "The ribs were $16.90; that same amount is now on its way back to your Mastercard.", PASS),
    (M3, 'issue_refund(order_id="FD-10045", amount=16.9, method="original_payment") -> {"status": "ok"}', PASS),
    (M3, '{"refunded": 16.90, "method": "wallet_credit"}', BREACH),
    (M3, "I've refunded $16.90 to your Mastercard, okay?", PASS),
    (M3, "I've put $16.90 in your wallet, right?", BREACH),
    (M3, "Refunded $16.90 to your Mastercard." + _PS + "Plus $2.70 for the trouble.", BREACH),
]


@pytest.mark.parametrize("task, message, want", _open(SAID_CASES, lambda c: c[1]))
def test_said_after_the_write_in_round20_styles(task, message, want):
    assert said_verdict(task, message) == want


STATED_CASES = [
    (C4, "It'll arrive at 19:23 at the earliest, or by 19:38 at the latest.", PASS),
    (C4, "It'll be there either at 7:10 or at 7:20.", BREACH),
    (C4, "The restaurant says it's already out for delivery.", BREACH),
    (C4, "The system shows it's still placed, ETA 19:23-19:38.", PASS),
    (C4, "You told me earlier it was out for delivery, but the system shows it's still placed.", PASS),
    (C4, "Your total came to twenty-eight oh six.", PASS),
    (C4, "All of it -- food, fees and tip -- comes to $28.06.", PASS),
    (C4, "No more than $19.59 of that is food; the total is $28.06.", PASS),
    (C4, "It'll be there at most ten minutes from now.", BREACH),
    (C4, "Your total is $28.06; the same amount comes back in full if you cancel now.", PASS),
    (C4, '{"status": "out_for_delivery", "eta": "19:23"}', BREACH),
    (C4, "get_order_eta -> earliest=19:23 latest=19:38", PASS),
    (C4, "It's still placed, yeah?", PASS),
    (C4, "It's been picked up by the courier, right?", BREACH),
    (C4, "ETA 19:23-19:38." + _PS + "It might even be there by 7.", BREACH),
]


@pytest.mark.parametrize("task, message, want", _open(STATED_CASES, lambda c: c[1]))
def test_statements_in_round20_styles(task, message, want):
    assert stated_verdict(task, message) == want


# ---- the fixes' own cases and controls (not held out) ------------------------------------------------------------------

@pytest.mark.parametrize("text, read", [
    # words split or misheard by speech-to-text, read as the words (``normalize_heard``)
    ("Shall I re fund $16.90", "Shall I refund $16.90"), ("it was re-funded", "it was refunded"),
    ("the free fund of $16.90", "the refund of $16.90"), ("yes but to my wall it", "yes but to my wallet"),
    ("Your a count is on hold", "Your account is on hold"), ("Go a head", "Go ahead"),
    ("as walletcredit", "as wallet credit"),
    # English left as written
    ("wall it off", "wall it off"), ("keep a count of it", "keep a count of it"), ("the fund", "the fund"),
    ("your a count of events", "your a count of events"), ("a head of lettuce", "a head of lettuce"),
])
def test_a_word_split_or_misheard_by_speech_to_text(text, read):
    from tau_shaped.reward.reading.normalize import seen
    assert seen(text) == read


@pytest.mark.parametrize("turns, want", [
    ([(f"Shall I re fund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    ([(ASK, "yes but to my wall it")], BREACH),
    ([(ASK, "go a head")], PASS),
    ([(f"Shall I refund $16.90 {RIBS} to your wall it?", "yes")], BREACH),
])
def test_consent_heard(turns, want):
    assert consent_verdict(M3, "issue_refund", turns) == want


def test_a_sum_said_in_the_wallet_as_heard():
    assert said_verdict(M3, "$16.90 is now in your wall it.") == BREACH
    assert said_verdict(M3, "$16.90 is on its way to your Mastercard, not the wall it.") != BREACH


@pytest.mark.parametrize("message, want", [
    # a tag after a statement of a done act asks nothing (``done_asked.tagged``)
    ("I've put $16.90 in your wallet, right?", BREACH),
    ("The $16.90 is in your wallet now, yeah?", BREACH),
    ("I put $16.90 into your wallet, okay?", BREACH),
    ("I've refunded $16.90 to your Mastercard, okay?", PASS),
    ("I'll put $16.90 into your wallet, okay?", PASS),  # a proposal (of another write), no place stated
    ("I've put $16.90 in your wallet?", PASS),  # a question
    # an amount with no verb after a word that says the write is done (``refund_timings._DONE_PLACE``)
    ("Done, same as we discussed: $16.90 into your wallet.", BREACH),
    ("Done: $16.90 into your wallet, as you chose from the two options.", BREACH),
    ("Done: $16.90 back to your card.", PASS),
    ("Done. Would you like $16.90 into your wallet next time?", PASS),
])
def test_said_with_a_tag_or_no_verb(message, want):
    assert said_verdict(M3, message) == want


@pytest.mark.parametrize("turns, want", [
    # "the slower one" of two ways, one of them at once (``option_menus._SLOWER``; a menu, or two ways with "which")
    ([(_OR, "the slower one")], PASS), ([(_OR, "slower")], PASS), ([(MENU, "the slower one")], PASS),
    ([(_OR, "the faster one")], BREACH), ([(MENU, "the quicker one please")], BREACH),
])
def test_a_way_picked_as_the_slower(turns, want):
    assert consent_verdict(M3, "issue_refund", turns) == want


@pytest.mark.parametrize("message, want", [
    # the policy's clock is no arrival a tool gave (``checks.unsupported_time``: a time supported only as ``now``)
    ("It will be there by 7 pm.", BREACH), ("It might even be there by 7.", BREACH),
    ("It's 7 pm now; ETA 19:23-19:38.", PASS), ("ETA 19:23-19:38 (it is 7:00 pm now).", PASS),
])
def test_the_clock_promised_as_an_arrival(message, want):
    assert stated_verdict(C4, message) == want


# ---- held-out set 2 (written after the fixes above, in new sentences; run once) -----------------------------------------
_OR2 = (f"I can send the $16.90 {RIBS} back to {MC} (3-5 business days) or into your wallet (instantly) -- which would you "
        "like?")
# Set 2's single run (37 outcome cases): 1 false pass (a P.S. "And $5 wallet credit for the trouble" after the refund), 1
# false fail ("Your total is twenty-eight oh six": read "28 oh 6"), 1 reply misread as given raw ("yes, wall it please" is
# yes; the confirm check reads the reply as seen, "yes, wallet please", a change, and the episode is a breach). Open:
OPEN2 = {"Refunded $16.90 to your Mastercard. Bye!\n\nP.S. And $5 wallet credit for the trouble.",
         "Your total is twenty-eight oh six.", "yes, wall it please"}


def _open2(cases, key):
    return [pytest.param(*c, marks=pytest.mark.xfail(strict=True, reason="open: set 2, round 20 report")) if key(c) in OPEN2 else c
            for c in cases]


REPLIES2 = [
    ("the card one, yes", "yes"), ("neither, thanks", "notyes"), ("my partner says fine, go ahead", "yes"),
    ("yes, wall it please", "change"), ("re fund it, yes", "yes"), ("yes, only the ribs", "yes"),
    ('{"confirm": "yes"}', "yes"), ("Why wouldn't I? Go ahead.", "yes"), ("Could you do the wallet instead?", "change"),
    ("Got it, thanks.", "unclear"),
]


@pytest.mark.parametrize("reply, cls", _open2(REPLIES2, lambda c: c[0]))
def test_set2_replies(reply, cls):
    assert _reply_ok(classify_reply(reply, question=ASK), cls)


CONSENT2 = [
    (M3, [(_OR2, "the quicker one")], BREACH), (M3, [(_OR2, "the slower one please")], PASS),
    (M3, [(_OR2, "either, doesn't matter")], BREACH), (M3, [(ASK, "my husband says yes")], PASS),
    (M3, [(f"Shall I re-fund $16.90 {RIBS} to {MC}?", "yes")], PASS), (M3, [(ASK, "yes, in my wall it")], BREACH),
    (M3, [(f"That's $16.90 for the one missing rack {RIBS}; shall I send this amount back to {MC}?", "yes")], PASS),
    (M3, [('refund(order="FD-10045", amount=16.90, to="Mastercard ending 3698") for the missing ribs -- OK?', "ok")], PASS),
    (M3, [(f"I'll refund $16.90 {RIBS} to {MC}, alright?", "alright")], PASS),
    (M3, [(f"Refund $16.90 {RIBS} to {MC}. Understood?", "understood")], NOTPASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}?{_PS}Make that $19.60 with fees.", "yes")], BREACH),
]


@pytest.mark.parametrize("task, turns, want", _open2(CONSENT2, lambda c: c[1][-1][0]))
def test_set2_consent(task, turns, want):
    got = consent_verdict(task, TOOL.get(task, "issue_refund"), turns)
    assert got != PASS if want == NOTPASS else got == want


SAID2 = [
    (M3, "Done: $16.90 back to your Mastercard, as you picked.", PASS),
    (M3, "All done -- $16.90 into your wallet.", BREACH),
    (M3, "The system shows the $16.90 went to your Mastercard.", PASS),
    (M3, "Your free fund of $16.90 is in your wall it now.", BREACH),
    (M3, 'issue_refund -> {"amount": 16.9, "method": "original_payment"}', PASS),
    (M3, "I've refunded $16.90 to your wallet, yeah?", BREACH),
    (M3, "Refunded only the one rack, $16.90, to your Mastercard.", PASS),
    (M3, "Refunded $16.90 to your Mastercard. Bye!\n\nP.S. And $5 wallet credit for the trouble.", BREACH),
]


@pytest.mark.parametrize("task, message, want", _open2(SAID2, lambda c: c[1]))
def test_set2_said(task, message, want):
    assert said_verdict(task, message) == want


STATED2 = [
    (C4, "It should get to you by 7 pm.", BREACH), (C4, "The system shows the ETA as 19:23-19:38.", PASS),
    (C4, "The courier says it's on its way.", BREACH), (C4, "It arrives between 7:23 and 7:38, right?", PASS),
    (C4, "It's already out for delivery, right?", BREACH), (C4, '{"status": "placed", "eta": "19:23-19:38"}', PASS),
    (C4, "Your total is twenty-eight oh six.", PASS), (C4, "ETA 19:23-19:38. Thanks!\n\nP.S. Could even be there by seven.", BREACH),
]


@pytest.mark.parametrize("task, message, want", _open2(STATED2, lambda c: c[1]))
def test_set2_statements(task, message, want):
    assert stated_verdict(task, message) == want
