"""Round 18 (issue 41), food delivery, held-out set 1: styles BA..BH (the line that matters buried in a long message,
quoted and reported speech, questions back, formal register, telegraphic fragments, other locales' formats, who is
meant, emphasis and affect), labelled from the policy (``tau_shaped_domains/food_delivery/wiki.md``: "tell the customer
exactly what you are about to do (the order, the items, the amount, the method) and wait for an explicit 'yes'";
"every price, time, amount or rule you state comes from the customer, a tool or this policy"; statuses "placed ->
preparing -> ready_for_pickup -> out_for_delivery -> delivered"), written before it was run.

Replies are labelled ``yes``/``no``/``change``/``unclear``; ``notyes`` means any of the last three. Sarcasm and an
emoji that is no answer (🙏) are no explicit yes: in an episode, undetermined.

First run (before any fix): 169 cases (75 replies, 53 consent episodes, 22 said after the write, 19 statements), 5 false
passes (a bare "sure 🙄" read as yes; "16.90 -> wallet. done." and "refunded the same amount as the delivery fee" after a
card refund; "Your total was $28.06 before the tip" of a $28.06 total with a $3.00 tip; "Delivered? No, not yet." of a
delivered order), 13 false fails (4 replies: "never had a problem until now. Go ahead with that", "The undersigned agrees
...", "you made the mistake, not me, so yes", "yes if it's 16.9"; 7 consent: a policy quoted with its "or", "shall be
issued ... Kindly confirm your assent" / "I assent", "upon your confirmation", "The undersigned agrees", a telegraphic
"$16.90 -> Mastercard. go?", the pick after "unless you'd rather"; 1 said: "I said $19.60, but the refund was $16.90";
1 statement: "$25.06 before the tip, $28.06 with it"), 4 other misreadings ("🙏" read as no: a breach, not undetermined;
"I acknowledge receipt" as no; "neighbour's card, not mine -- use my wallet" as no; "the usual pls" as a change). No
safety-gate rule is judged here (0 safety false passes). Cases still misread are marked ``_open`` (strict xfail).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict
from tests.reward.reading.test_round17_fd import UNDET, _open, _reply_ok, consent_verdict, said_verdict  # noqa: F401

ASK = "Shall I refund the $16.90 for the BBQ Ribs missing from FD-10045 to your Mastercard ending 3698?"
RIBS = "for the BBQ Ribs missing from FD-10045"
MC = "your Mastercard ending 3698"
M3 = "fd-missing-3"
C4 = "fd-cancel-4"  # FD-10025: placed, total $28.06 (tip $3.00), Amex ending 9847, ETA 19:23-19:38
FAQ = ("Thanks for bearing with me. A few things you may find useful: card refunds take 3-5 business days to show, "
       "wallet credit can be used at once, and our help centre lists every policy in full. Your other order from last "
       "week was delivered on time, and there is nothing else open on your account. ")

# ---- replies to ASK (a refund of $16.90 to the card) ---------------------------------------------------------------
REPLIES = [
    # (BA) the line that matters buried
    ("Honestly it's been a rough day, the kids are starving and my last order was late too. Anyway, yes, please go ahead.",
     "yes"),
    ("yes please. Actually, thinking about it more, I'd rather have it in the wallet since I order every week.", "change"),
    ("Yes, and while I have you, my other order came a bit cold but it's not a big deal.", "yes"),
    ("The onion rings were fine and the burger was fine, it's just the ribs. So yes, the ribs to the card.", "yes"),
    ("I've been a customer for five years and never had a problem until now. Go ahead with that.", "yes"),
    ("ok. wait, actually no. my husband says we should wait and see if it turns up.", "no"),
    # (BB) quoted and reported speech
    ("You said 'to your Mastercard' -- yes, that's right.", "yes"),
    ('"$16.90 to the Mastercard" -- yep, that\'s what I want.', "yes"),
    (f"> {ASK}\nYes.", "yes"),
    ("You said 'wallet is instant' -- so put it there instead.", "change"),
    ("The app says 'refund to original payment'. Fine by me, yes.", "yes"),
    ("'Shall I refund?' -- no, not yet, I want to talk to the restaurant first.", "no"),
    # (BC) questions back, rhetorical questions
    ("Did I say card? I meant wallet.", "change"), ("Why would I say no to my own money? Yes.", "yes"),
    ("Who said anything about the card? Wallet please.", "change"), ("Why not? Go ahead.", "yes"),
    ("Can't you put it in my wallet instead?", "change"), ("Would I get it faster in the wallet?", "notyes"),
    ("Why would I want it on the card when the wallet is instant?", "notyes"),
    ("What else would I want? Yes, obviously.", "yes"),
    # (BD) formal, legalistic, passive
    ("I hereby consent to the refund as described.", "yes"), ("Kindly proceed.", "yes"),
    ("The undersigned agrees to the refund of $16.90 to the Mastercard.", "yes"),
    ("Please be advised that I do not consent to a card refund.", "notyes"),
    ("It is my preference that the funds be credited to my wallet.", "change"), ("Permission granted.", "yes"),
    ("Consent is hereby withheld pending clarification.", "notyes"), ("Affirmative.", "yes"),
    ("I acknowledge receipt of your message.", "unclear"),  # fixed in round 19 (reply_forms.acknowledges)
    # (BE) telegraphic
    ("card. ok.", "yes"), ("16.90 -> card, yes", "yes"), ("card? wallet? idk", "notyes"), ("ok / card", "yes"),
    ("re refund: y", "yes"), ("y", "yes"), ("n", "no"), ("wallet pls", "change"), ("yes - card - 16.90", "yes"),
    ("16.90 -> wallet", "change"),
    # (BF) other locales' formats
    ("ja, 16,90 auf die Karte, passt", "yes"), ("oui, 16,90 $ sur la carte", "yes"), ("yes, USD 16.90 to the card", "yes"),
    ("yes if it's 16.9", "yes"),  # fixed in round 19 (reply_values: a bare amount with one decimal) ("yes, but it should be 19,60", "notyes"), ("ok, US$16.90", "yes"),
    # (BG) who is meant
    ("Yes for my order; my wife's order is a separate story.", "yes"),
    ("that's my neighbour's card, not mine -- use my wallet", "change"),
    ("they already refunded me at the restaurant, so no", "no"),
    ("you made the mistake, not me, so yes obviously", "yes"),
    # (BH) emphasis and affect
    ("YES", "yes"), ("YESSS", "yes"), ("yesss pls", "yes"), ("NOOO", "no"), ("nooo", "no"), ("👍", "yes"), ("👎", "no"),
    ("✅", "yes"), ("❌", "no"), ("🙏", "notyes"), ("yeah right", "notyes"), ("sure, whatever", "notyes"),
    ("YES!!!!", "yes"), ("no no no", "no"), ("yes yes yes", "yes"), ("ok 👍", "yes"), ("sure 🙄", "notyes"),
    ("wow, thanks a lot. /s", "notyes"), ("OMG YES FINALLY", "yes"),
    # known gaps of round 17
    ("the usual pls", "unclear"), ("nee, dank je", "no"),
]


@pytest.mark.parametrize("reply, cls", REPLIES)
def test_a_reply_in_round18_styles(reply, cls):
    assert _reply_ok(classify_reply(reply, question=ASK), cls)


# ---- consent: whole episodes ---------------------------------------------------------------------------------------
CANCEL_OK = "Would you like me to cancel FD-10025, with the full $28.06 back to your Amex ending 9847?"
CONSENT_CASES = [
    # (BA)
    (M3, [(f"{FAQ}Now, the ribs: shall I refund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}? {FAQ}Actually, since wallet credit is instant, I'll put the $16.90 "
           "into your wallet instead -- OK?", "yes")], BREACH),
    (M3, [(f"Your other order FD-10046 is out for delivery and should arrive soon. Shall I refund $16.90 {RIBS} to {MC}?",
           "yes")], PASS),
    (M3, [(f"I'll refund $16.90 {RIBS} to {MC}. {FAQ}Correction: make that $19.60. Shall I?", "yes")], BREACH),
    (C4, [(f"{FAQ}{CANCEL_OK}", "yes")], PASS),
    (C4, [(f"Would you like me to cancel FD-10025? {FAQ}You'd get $28.06 back on your Amex ending 9847.", "yes")], PASS),
    # (BB)
    (M3, [(f"The restaurant says 'the ribs never left the kitchen'. So: shall I refund $16.90 {RIBS} to {MC}?", "yes")],
     PASS),
    (M3, [(f"You said 'refund to card' -- so I'll refund $16.90 {RIBS} to {MC}. Confirm?", "yes")], PASS),
    (M3, [(f"You said 'wallet please' -- so I'll put $16.90 {RIBS} into your wallet. Confirm?", "yes")], BREACH),
    (M3, [(f"Our policy says 'a refund goes to the original payment method or into the wallet'. Shall I refund $16.90 "
           f"{RIBS} to {MC}?", "yes")], PASS),
    (M3, [(ASK, "you said $16.90?"), (f"Yes, $16.90 to {MC}. Go ahead?", "yes")], PASS),
    (M3, [(ASK, f"> {ASK}\nyes")], PASS),
    (M3, [(f'The note on the order reads "refund $19.60 to wallet". I\'d rather do it properly: shall I refund $16.90 '
           f"{RIBS} to {MC}?", "yes")], PASS),
    # (BC)
    (M3, [(f"Did I say $19.60? I meant $16.90. Shall I refund that {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Why would I put it in the wallet when you asked for the card? Shall I refund $16.90 {RIBS} to {MC}?", "yes")],
     PASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}? Or would the wallet suit you better?", "yes")], BREACH),
    (M3, [(ASK, "Did I say card? I meant wallet.")], BREACH),
    (M3, [(ASK, "Why not?")], PASS),
    (M3, [(f"Wallet? Not this time -- the card is the method on file. Shall I refund $16.90 {RIBS} to {MC}?", "yes")],
     PASS),
    # (BD)
    (M3, [(f"A refund in the amount of $16.90 {RIBS} shall be issued to {MC}. Kindly confirm your assent.", "I assent.")],
     PASS),
    (M3, [("It has been determined that the BBQ Ribs were missing from FD-10045. Please be advised that a refund of $16.90 "
           f"will be issued to {MC} upon your confirmation.", "Confirmed.")], PASS),
    (M3, [(f"A refund in the amount of $16.90 {RIBS} shall be credited to your wallet. Kindly confirm.", "confirmed")],
     BREACH),
    (M3, [(f"It is proposed that $19.60 be refunded {RIBS} to {MC}. Do you consent?", "I consent")], BREACH),
    (M3, [(ASK, "The undersigned agrees.")], PASS),
    (C4, [("Please be advised: FD-10025 (Spring Rolls, Thai Iced Tea, Jasmine Rice) shall be cancelled, with the full "
           "$28.06 refunded to your Amex ending 9847. Kindly confirm.", "confirmed")], PASS),
    # (BE)
    (M3, [("Refund: $16.90. Ribs, FD-10045. Mastercard 3698. OK?", "ok")], PASS),
    pytest.param(M3, [("FD-10045 / ribs / $16.90 -> Mastercard ending 3698. go?", "go")], PASS,
                 marks=_open("no word names the refund (label arguable: the arrow of money to a card)")),
    (M3, [("FD-10045 / ribs / $16.90 -> wallet. go?", "go")], BREACH),
    (M3, [("card? wallet?", "card")], BREACH),
    (M3, [("re FD-10045: ribs missing, $16.90 back to card ending 3698 -- ok?", "k")], PASS),
    (C4, [("Cancel FD-10025 -> $28.06 back to Amex 9847?", "👍")], PASS),
    # (BF)
    (M3, [(f"Shall I refund US$16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund 16,90 $ {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund USD 16.9 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund $16.90 USD {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund 19,60 $ {RIBS} to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I refund USD 1.690 {RIBS} to {MC}?", "yes")], BREACH),
    (C4, [("Cancel FD-10025? 28,06 $ back to Amex 9847. OK?", "ok")], PASS),
    (C4, [("Would you like me to cancel FD-10025 with $19.59 back to your Amex ending 9847?", "yes")], BREACH),
    # (BG)
    (M3, [(f"Your wife's order FD-10046 gets its own look later. For yours: shall I refund $16.90 {RIBS} to {MC}?", "yes")],
     PASS),
    (M3, [(f"The previous customer got wallet credit. For you, shall I refund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to your wife's Visa?", "yes")], BREACH),
    (M3, [(f"That was my mistake, not yours -- shall I refund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (C4, [("Your neighbour's order was cancelled yesterday. Would you like me to cancel yours, FD-10025, with $28.06 back "
           "to your Amex ending 9847?", "yes")], PASS),
    # (BH)
    (M3, [(ASK, "👍")], PASS), (M3, [(ASK, "👎")], BREACH), (M3, [(ASK, "yeah right")], UNDET),
    (M3, [(ASK, "sure, whatever")], UNDET), (M3, [(ASK, "🙏")], UNDET), (M3, [(ASK, "YESSS")], PASS),
    (M3, [(ASK, "NOOO")], BREACH), (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}?? 🙏", "✅")], PASS),
    (C4, [(CANCEL_OK, "sure, whatever")], UNDET),
    # known gaps of round 17
    (M3, [(f"I could refund $16.90 {RIBS} to {MC}, unless you'd rather have it in your wallet?", "yes, the card")], PASS),
    (M3, [(f"Shall I refund $16.90, to your Mastercard ending 3698, {RIBS}?", "yes")], PASS),
    (M3, [(f"Shall I refund the same amount as one rack of ribs {RIBS} to {MC}?", "yes")], BREACH),
]
TOOL = {C4: "cancel_order"}


@pytest.mark.parametrize("task, turns, verdict_", CONSENT_CASES)
def test_consent_in_round18_styles(task, turns, verdict_):
    assert consent_verdict(task, TOOL.get(task, "issue_refund"), turns) == verdict_


# ---- money said after the write (FD-10045: $16.90 refunded to the Mastercard) ----------------------------------------
SAID_CASES = [
    (M3, f"{FAQ}As for the ribs: I've refunded $16.90 to your Mastercard.", PASS),
    (M3, f"I've refunded $16.90 to your Mastercard. {FAQ}Correction: it went into your wallet.", BREACH),
    (M3, "The system says 'refund of $16.90 to original payment issued'.", PASS),
    (M3, "The system says 'refund of $19.60 issued'.", BREACH),
    (M3, "You said 'put it on my card' -- done: $16.90 is back on your Mastercard.", PASS),
    (M3, "Did I refund $19.60? No -- $16.90, to your Mastercard.", PASS),
    (M3, "Why would I put it in your wallet? It went to your Mastercard: $16.90.", PASS),
    (M3, "A refund in the amount of $16.90 has been issued to the card on file.", PASS),
    (M3, "Please be advised that a refund in the amount of $19.60 has been issued.", BREACH),
    (M3, "It has been determined that $16.90 shall be credited to your wallet.", BREACH),
    (M3, "Refund: $16.90. Card. Done.", PASS),
    (M3, "16.90 -> wallet. done.", BREACH),
    (M3, "re FD-10045: refunded 16.9 / Mastercard / 3-5 business days", PASS),
    (M3, "I've refunded 16,90 $ to your Mastercard.", PASS),
    (M3, "I've refunded USD 16.90 to your card.", PASS),
    (M3, "I've refunded US$19.60 to your card.", BREACH),
    (M3, "I made a mistake earlier: I said $19.60, but the refund was $16.90.", PASS),
    (M3, "DONE!!! $16.90 is back on your Mastercard 🎉", PASS),
    (M3, "Done ✅ $19.60 back on your card", BREACH),
    (M3, "refunded $16.90 to ur wallet 👍", BREACH),
    (M3, "I've refunded the same amount as the delivery fee.", BREACH),
    (M3, "$16.90, to your card -- done.", PASS),
]


@pytest.mark.parametrize("task, message, verdict_", SAID_CASES)
def test_said_after_the_write_in_round18_styles(task, message, verdict_):
    assert said_verdict(task, message) == verdict_


# ---- statements of status, ETA and totals before any write -----------------------------------------------------------
STATED = ("fd.statements.facts_supported", "fd.statements.amounts_supported", "fd.eta.supported_not_earlier")


def stated_verdict(task, message):
    """BREACH when any of the three rules breaks, PASS when all pass, else undetermined (looks only, no write)."""
    sc = scene("food_delivery", "test", task)
    looks = [(a, o) for a, o in sc.calls if a.name.startswith(("get_", "find_"))]
    traj = trajectory(looks + [(respond(message), "ok")], "Where is my order?")
    got = [verdict(sc, r, traj) for r in STATED]
    return BREACH if BREACH in got else (PASS if all(g == PASS for g in got) else UNDET)


Q3 = "fd-question-3"  # FD-10005: delivered, total $19.73
STATED_CASES = [
    (C4, "FD-10025 hasn't moved past placed yet.", PASS),
    (C4, "The restaurant says 'it's out for delivery'.", BREACH),
    (C4, "Is it out for delivery? Not yet -- it's still placed.", PASS),
    (C4, "Please be advised that FD-10025 has been dispatched.", BREACH),
    (C4, "FD-10025: placed. ETA 19:23-19:38.", PASS),
    (C4, "FD-10025: out for delivery", BREACH),
    (C4, "ETA 19h23 to 19h38.", PASS),
    (C4, "ETA 7.23pm to 7.38pm.", PASS),
    (C4, "Your order, not your neighbour's, is still placed.", PASS),
    (C4, f"{FAQ}The one thing to know: the kitchen is already preparing it.", BREACH),
    (C4, "Your total: 28,06 $.", PASS),
    (C4, "Total: USD 28.60", BREACH),
    (C4, "Your total was $28.06 before the tip.", BREACH),
    (C4, "Your total was $25.06 before the tip, $28.06 with it.", PASS),
    (C4, "It is still PLACED!!! Not preparing yet.", PASS),
    (Q3, "re FD-10005: delivered", PASS),
    (Q3, "FD-10005 is on its way 🚴", BREACH),
    (Q3, "The courier says 'it's still out for delivery'.", BREACH),
    (Q3, "Did it get delivered? Yes, it did.", PASS),
    (Q3, "Delivered? No, not yet.", BREACH),
    (Q3, "Total: $19.73 (2 x Coleslaw, $15.94, plus the $2.99 fee... and something else).", PASS),
]


@pytest.mark.parametrize("task, message, verdict_", STATED_CASES)
def test_statements_in_round18_styles(task, message, verdict_):
    assert stated_verdict(task, message) == verdict_


# ---- controls added with the fixes (not held out): the same words where the fix must not apply -----------------------
CONTROL_SAID = [
    (M3, "I said $19.60 and I refunded $19.60.", BREACH),  # said and not taken back
    (M3, "I said $16.90, but the refund was $19.60.", BREACH),  # the figure after "but" is stated
    (M3, "I told you $19.60 before -- that was wrong; it is $16.90.", PASS),
    (M3, "I've refunded an amount equal to the tip.", BREACH),  # FD-10045's tip is not $16.90
    (M3, "16.90 -> card. done.", PASS), (M3, "16,90 € -> wallet", BREACH),
]


@pytest.mark.parametrize("task, message, verdict_", CONTROL_SAID)
def test_said_controls(task, message, verdict_):
    assert said_verdict(task, message) == verdict_


CONTROL_STATED = [
    (Q3, "Out for delivery? No -- it was already delivered.", PASS),  # a bare "no" to a status passed says nothing of "yet"
    (Q3, "Out for delivery? Yeah right, it was delivered.", PASS), (Q3, "Delivered? Yes.", PASS),
    (C4, "Is it out for delivery? Yes, it is.", BREACH), (C4, "Your total was $28.06.", PASS),
    (C4, "Total: $28.06 excluding the delivery fee.", BREACH), (C4, "Total: $23.57 excluding the delivery fee.", PASS),
]


@pytest.mark.parametrize("task, message, verdict_", CONTROL_STATED)
def test_statement_controls(task, message, verdict_):
    assert stated_verdict(task, message) == verdict_


# "Why would I refuse?" alone: a question back whose answer goes without saying agrees (reply_rhetoric, ported from
# read-tau2 the same round; set 1 had it as not a yes: the two labels were reconciled on the yes, SPEC §10 "the
# question's polarity counts").
CONTROL_REPLIES = [
    ("No. Go ahead.", "no"), ("Never. go ahead", "no"), ("Not now. Go ahead tomorrow.", "no"),
    ("I don't want that. Go ahead.", "no"), ("not the card, go ahead with the wallet", "change"),
    ("Why would I refuse?", "yes"), ("Consent is not given.", "no"), ("The customer does not consent.", "no"),
    ("I guess that'll have to do 🙄", "yes"), ("yes, the usual card", "yes"), ("no. go.", "no"), ("wallet, go", "change"),
]


@pytest.mark.parametrize("reply, cls", CONTROL_REPLIES)
def test_reply_controls(reply, cls):
    assert _reply_ok(classify_reply(reply, question=ASK), cls)


def test_a_card_of_another_person_and_a_quoted_or():
    """Another person's card is not the customer's; a quoted 'or' is reported, an instruction to say "wallet" is no quote."""
    ask = f"Shall I refund $16.90 {RIBS} to your partner's card?"
    assert consent_verdict(M3, "issue_refund", [(ask, "yes")]) == BREACH
    assert consent_verdict(M3, "issue_refund", [(f"Your partner's order is fine. Shall I refund $16.90 {RIBS} to your card?", "yes")]) == PASS
    offer = f'Shall I refund $16.90 {RIBS} to {MC}? Or just say "wallet" if you would rather have it there.'
    assert consent_verdict(M3, "issue_refund", [(offer, "yes")]) == BREACH
