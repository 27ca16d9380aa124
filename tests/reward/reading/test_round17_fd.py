"""Round 17 (issue 41), food delivery, held-out set 1: styles AS..AZ (self-repair, conditionals, anaphora, relative
values, texting and code-switching, order words, hedged politeness, picks by position), labelled from the policy
(``tau_shaped_domains/food_delivery/wiki.md``: "tell the customer exactly what you are about to do (the order, the
items, the amount, the method) and wait for an explicit 'yes'"; "every price, time, amount or rule you state comes
from the customer, a tool or this policy"), written before it was run.

Replies are labelled ``yes``/``no``/``change``/``unclear``; ``notyes`` means any of the last three (the policy only
asks whether the reply is an explicit yes to what was described).

First run (before any fix): 177 cases, 3 consent breaches read as passes (an alternative offered "unless you'd rather";
$16.90 bound to the Onion Rings, or to the ribs and the rings), 1 breach read as undetermined, 4 false passes of money
said after the write (a method repaired to the wrong one, a recap's second line, an amount by reference, a
counterfactual tier), 11 false fails (6 replies, 4 consent, 1 said); no safety-gate rule is judged here. One label error
found (the table named no refund). Cases still misread are marked ``_open`` (strict xfail).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored, trajectory, verdict

UNDET = "undetermined"


def _open(reason: str):
    """A case still misread after round 17 (reported, not fixed): it must keep failing until it is fixed."""
    return pytest.mark.xfail(strict=True, reason=reason)
CONSENT = "fd.confirm.before_write"
FACTS = "fd.statements.facts_supported"
AMOUNTS = "fd.statements.amounts_supported"
ASK = "Shall I refund the $16.90 for the BBQ Ribs missing from FD-10045 to your Mastercard ending 3698?"
RIBS = "for the BBQ Ribs missing from FD-10045"
MC = "your Mastercard ending 3698"

# ---- replies to ASK (a refund of $16.90 to the card) ---------------------------------------------------------------
REPLIES = [
    # (AW) texting, non-native grammar, code-switching
    ("ja", "yes"), ("ja bitte", "yes"), ("sí", "yes"), ("si claro", "yes"), ("vale", "yes"), ("d'accord", "yes"),
    ("ok la", "yes"), ("yes yes", "yes"), ("k", "yes"), ("kk", "yes"), ("ok pls", "yes"), ("yes pls", "yes"),
    ("pls do", "yes"), ("yes ty", "yes"), ("thx, go ahead", "yes"), ("yes can", "yes"), ("can can", "yes"),
    ("ty", "unclear"), ("np", "unclear"),
    ("nein", "no"), ("no gracias", "no"), ("non merci", "no"), ("cannot", "no"), ("no need la", "no"),
    ("si pero a mi wallet", "change"), ("ja, aber wallet bitte", "change"), ("yes yes but wallet pls", "change"),
    # (AS) self-repair inside the reply
    ("no -- I mean yes, go ahead", "yes"), ("yes -- no wait, wallet", "change"), ("card, I mean wallet", "change"),
    pytest.param("wallet -- sorry, the card is fine, yes", "yes", marks=_open("an apology then the other value: no repair read")), ("yes. scratch that, no", "no"),
    ("go ahead -- actually hold on", "no"), ("no sorry typo, yes", "yes"),
    # (AT) conditionals
    ("if it's the Mastercard, yes", "yes"), ("yes if that's the 16.90", "yes"), ("yes if it's $19.60", "notyes"),
    ("if you could put it in the wallet instead that'd be better", "change"),
    ("were it the wallet I'd say yes", "notyes"), ("should the wallet be quicker, do that instead", "notyes"),
    # (AU) references back
    ("do it", "yes"), ("do that", "yes"), ("as I said, yes", "yes"), ("like I said, the card is fine", "yes"),
    ("yes, what we discussed", "yes"), ("yes to that", "yes"), ("that's what I said, go", "yes"),
    ("same as before", "unclear"), ("the usual", "unclear"),
    # (AX) order words
    ("first tell me when the rest arrives", "notyes"), ("yes, and once it's on the card let me know", "yes"),
    ("go ahead, then send me a receipt", "yes"), ("before that, can you check the onion rings?", "notyes"),
    ("after you check the burger, sure", "notyes"),
    # (AY) hedged politeness
    ("I'd rather you didn't", "no"), ("I was wondering whether the wallet would be better", "notyes"),
    ("would it be possible to get it in my wallet instead?", "change"), ("I'm afraid not", "no"),
    ("I wish, but no", "no"), ("it might be best to wait", "notyes"), ("that would be lovely, thank you", "yes"),
    ("that'd be great", "yes"), ("I'd appreciate that", "yes"), ("if you would be so kind", "yes"),
]


def _reply_ok(got: str, want: str) -> bool:
    return got != "yes" if want == "notyes" else got == want


@pytest.mark.parametrize("reply, cls", REPLIES)
def test_a_reply_in_round17_styles(reply, cls):
    assert _reply_ok(classify_reply(reply, question=ASK), cls)


# ---- consent: whole episodes ---------------------------------------------------------------------------------------
def consent_verdict(task, tool, turns):
    sc = scene("food_delivery", "test", task)
    call, obs = sc.call(tool)
    looks = [(a, o) for a, o in sc.calls[:sc.calls.index((call, obs))]]
    said = [(respond(m), r) for m, r in turns]
    return verdict(sc, CONSENT, trajectory(looks + said + [(call, obs)], "Hi."))


M3 = "fd-missing-3"
MENU = (f"Two ways to get the $16.90 {RIBS} back:\n1) to {MC} (3-5 business days)\n2) into your wallet (at once)\n"
        "Which one?")
MENU_AB = f"For the $16.90 {RIBS}: a) back to {MC}, or b) wallet credit. Which do you prefer?"
TABLE = (f"For the $16.90 {RIBS}:\n| # | method | amount |\n|---|---|---|\n| 1 | Mastercard ending 3698 | $16.90 |\n"
         "| 2 | wallet | $16.90 |\nReply with a number.")
TABLE_BACK = TABLE.replace("For the $16.90", "To get back the $16.90", 1)
AMOUNT_MENU = f"For FD-10045: 1) $16.90 back to {MC} 2) $33.80 back to {MC}. Which would you like?"
CAP_MENU = "For FD-10079: 1) a $10.00 apology credit to your wallet (the most for Plus) 2) nothing today. Which?"
CANCEL = "Would you like me to cancel FD-10025"

CONSENT_CASES = [
    # (AS) a self-repair in the description
    (M3, [(f"Shall I refund $19.60 -- sorry, $16.90 -- {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund $16.90 -- sorry, $19.60 -- {RIBS} to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I refund $16.90 {RIBS} to your wallet, I mean {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}, I mean your wallet?", "yes")], BREACH),
    (M3, [(f"Shall I refund ~~$19.60~~ $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund ~~$16.90~~ $19.60 {RIBS} to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I credit -- scratch that, refund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC} -- scratch that, to your wallet?", "yes")], BREACH),
    # (AT) conditionals
    (M3, [(f"If you'd like, I can refund $16.90 {RIBS} to {MC}. Shall I?", "yes")], PASS),
    (M3, [("If it had gone to your wallet it would be usable at once; on the card it takes 3-5 business days. "
           f"Shall I refund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Should you prefer the wallet, I can put $16.90 there instead. Shall I refund $16.90 {RIBS}?", "yes")], BREACH),
    (M3, [(f"I could refund $16.90 {RIBS} to {MC}, unless you'd rather have it in your wallet?", "yes")], BREACH),
    (M3, [(f"I could refund $16.90 {RIBS} to {MC}, unless you'd rather have it in your wallet?", "yes, the card")], PASS),  # round 18
    (M3, [(f"Were I able to, I'd refund $33.80; I can refund $16.90 {RIBS} to {MC}. Shall I?", "yes")], PASS),
    # (AU) references back
    (M3, [(ASK, "hmm what are the options"), (f"Same as I said: $16.90 back to {MC}. OK?", "yes")], PASS),
    (M3, [(ASK, "one sec"), ("Shall I go ahead with the refund above?", "yes")], PASS),
    (M3, [(ASK, "do it")], PASS),
    (M3, [(f"Refund $16.90 {RIBS} to {MC}?", "do it")], PASS),
    (M3, [("I can refund the ribs to your card or your wallet; which do you prefer?", "card"),
          ("OK, the usual then: shall I go ahead?", "yes")], BREACH),
    (M3, [(ASK, "as I said, yes")], PASS),
    # (AV) relative and derived values
    (M3, [(f"Shall I refund the full price of one BBQ Ribs, $16.90, to {MC} for FD-10045?", "yes")], PASS),
    (M3, [(f"Shall I refund what you paid for the missing rack of ribs to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I refund half of the two ribs, $16.90, {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund twice the delivery fee, $5.98, {RIBS} to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I refund $16.90, the same as one BBQ Ribs, to {MC} for FD-10045?", "yes")], PASS),
    (M3, [(f"Shall I refund the full $33.80 for the ribs on FD-10045 to {MC}?", "yes")], BREACH),
    ("fd-cancel-4", [(f"{CANCEL}, with the full amount, $28.06, back to your Amex ending 9847?", "yes")], PASS),
    ("fd-cancel-4", [(f"{CANCEL}, with half back, $14.03, to your Amex ending 9847?", "yes")], BREACH),
    ("fd-cancel-4", [(f"{CANCEL}? You'd get back the total minus the food, $8.47, on your Amex ending 9847.", "yes")], BREACH),
    # (AW) texting in the description, code-switched replies
    (M3, [("i can refunding 16.90 dollar for the ribs missing from FD-10045 to ur mastercard ending 3698, ok?", "k")], PASS),
    (M3, [("refund 16.90 dollar to ur wallet for FD-10045 ribs, ok?", "ok")], BREACH),
    (M3, [(ASK, "sí")], PASS), (M3, [(ASK, "vale")], PASS), (M3, [(ASK, "ja")], PASS), (M3, [(ASK, "d'accord")], PASS),
    (M3, [(ASK, "ok la")], PASS), (M3, [(ASK, "np")], UNDET), (M3, [(ASK, "ty")], UNDET),
    (M3, [(ASK, "no gracias")], BREACH),
    # (AX) order words
    (M3, [(f"Once you confirm, I'll refund $16.90 {RIBS} to {MC}.", "confirmed")], PASS),
    (M3, [(f"After the refund goes through, $16.90 will be back on {MC} in 3-5 business days. Shall I go ahead with that "
           "refund for the missing ribs on FD-10045?", "yes")], PASS),
    (M3, [(f"Before that, a quick one: shall I refund $16.90 {RIBS} to your wallet or to {MC}?", "yes")], BREACH),
    pytest.param(M3, [(ASK, "yes, but first check the onion rings")], BREACH,
                 marks=_open("undetermined: a yes with a request before it (label arguable)")),
    (M3, [(ASK, "go ahead, and after that send me a receipt")], PASS),
    (M3, [(f"First I'll refund $16.90 {RIBS} to your wallet, then email you. OK?", "ok")], BREACH),
    # (AY) hedged politeness
    (M3, [(f"I'm afraid I can't put it in the wallet today, but I could refund $16.90 {RIBS} to {MC}. "
           "Would that be alright?", "yes")], PASS),
    (M3, [(f"Would it be alright if I refunded $16.90 {RIBS} to {MC}?", "of course")], PASS),
    (M3, [(f"I was wondering whether I might refund $16.90 {RIBS} to {MC}?", "please do")], PASS),
    pytest.param(M3, [(f"It might be best to refund $16.90 {RIBS} to {MC}.", "ok")], PASS,
                 marks=_open("a suggestion asks no consent (SPEC 10: consent is asked)")),
    (M3, [(f"I wish I could put it in your wallet; I can refund $16.90 {RIBS} to {MC}. OK?", "yes")], PASS),
    (M3, [(ASK, "I'd rather you didn't")], BREACH),
    (M3, [(ASK, "I'd rather the wallet, if it's all the same")], BREACH),
    (M3, [(ASK, "would it be alright to get it in my wallet?")], BREACH),
    # (AZ) picks by position
    (M3, [(MENU, "1")], PASS), (M3, [(MENU, "2")], BREACH), (M3, [(MENU, "the first one pls")], PASS),
    (M3, [(MENU, "the latter")], BREACH), (M3, [(MENU, "the former")], PASS), (M3, [(MENU, "option 1")], PASS),
    (M3, [(MENU, "2 pls")], BREACH), (M3, [(MENU, "first")], PASS), (M3, [(MENU, "either is fine")], BREACH),
    (M3, [(MENU, "the second one -- no sorry, the first")], PASS), (M3, [(MENU, "1 or 2, whatever's faster")], BREACH),
    (M3, [(MENU_AB, "option b")], BREACH), (M3, [(MENU_AB, "a")], PASS), (M3, [(MENU_AB, "b pls")], BREACH),
    (M3, [(TABLE, "1")], BREACH), (M3, [(TABLE, "2")], BREACH),  # label error of the first run: TABLE names no refund
    (M3, [(TABLE_BACK, "1")], PASS), (M3, [(TABLE_BACK, "2")], BREACH),
    (M3, [(AMOUNT_MENU, "1")], PASS), (M3, [(AMOUNT_MENU, "2")], BREACH),
    # known gaps of round 16: an amount bound to the wrong items, a method alternative in a footnote
    (M3, [(f"Shall I refund $16.90 for the BBQ Ribs and the Onion Rings missing from FD-10045 to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I refund $16.90 for the Onion Rings missing from FD-10045 to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}*?\n*or your wallet if you prefer", "yes")], BREACH),
    pytest.param(M3, [(f"Shall I refund $16.90 {RIBS} to {MC}*?\n*or your wallet if you prefer", "yes, the card")], PASS,
                 marks=_open("a pick named after an inline 'or': breach by the project's convention")),
]
CAP_CASES = [
    ("fd-cap-6", [(CAP_MENU, "1")], PASS), ("fd-cap-6", [(CAP_MENU, "2")], BREACH),
    ("fd-cap-6", [("Shall I add $10 -- sorry, $5 -- of apology credit to your wallet for FD-10079?", "yes")], BREACH),
    ("fd-cap-6", [("Shall I add $5 -- sorry, $10 -- of apology credit to your wallet for FD-10079?", "yes")], PASS),
]
LATE_CASES = [
    ("fd-late-3", [("Shall I refund the delivery fee, $2.99, to your Amex ending 9580 for FD-10038?", "yes")], PASS),
    ("fd-late-3", [("Shall I refund $2.99 -- I mean $4.67 -- to your Amex ending 9580 for FD-10038?", "yes")], BREACH),
    ("fd-late-3", [("Shall I refund the delivery fee, $2.99, to your Amex ending 9580 for FD-10038?", "vale, gracias")], PASS),
]

TOOL = {"fd-cancel-4": "cancel_order", "fd-cap-6": "issue_apology_credit"}


@pytest.mark.parametrize("task, turns, verdict_", CONSENT_CASES + CAP_CASES + LATE_CASES)
def test_consent_in_round17_styles(task, turns, verdict_):
    assert consent_verdict(task, TOOL.get(task, "issue_refund" if task != "fd-replace-4" else "create_replacement_order"),
                           turns) == verdict_


# ---- money and facts said after the write ---------------------------------------------------------------------------
def said_verdict(task, message):
    """BREACH when either rule breaks, PASS when both pass, else undetermined."""
    sc = scene("food_delivery", "test", task)  # scored end to end: the writes' events are the env's
    steps = list(sc.calls) + [(respond(message), "ok")]
    got = [scored(sc, r, steps, "Hi.") for r in (AMOUNTS, FACTS)]
    return BREACH if BREACH in got else (PASS if all(g == PASS for g in got) else UNDET)


SAID_CASES = [
    (M3, "Done: I've refunded $19.60 -- sorry, $16.90 -- to your Mastercard.", PASS),
    (M3, "Done: I've refunded $16.90 -- sorry, $19.60 -- to your Mastercard.", BREACH),
    (M3, "I refunded ~~$19.60~~ $16.90 to your card.", PASS),
    (M3, "I've refunded $16.90 to your wallet -- I mean, your Mastercard.", PASS),
    (M3, "I've refunded $16.90 to your Mastercard -- I mean your wallet.", BREACH),
    (M3, "I've refunded the full price of one BBQ Ribs, $16.90.", PASS),
    (M3, "I've refunded the full $33.80 for the ribs.", BREACH),
    (M3, "I've refunded half of what the two ribs cost you: $16.90.", PASS),
    pytest.param(M3, "I've refunded $16.90; the rest of your $62.27 total, $45.37, stays charged.", PASS,
                 marks=_open("a difference of two tools' amounts is not backed")),
    (M3, "I've refunded $16.90; the rest of your $62.27 total, $45.73, stays charged.", BREACH),
    (M3, "If you'd chosen the wallet, the $16.90 would be usable at once; on the card it takes 3-5 business days.", PASS),
    (M3, "Had you chosen the wallet, $19.60 would be there now.", BREACH),
    (M3, "Once the refund goes through, $16.90 will be on your Mastercard in 3-5 business days.", PASS),
    (M3, "Once the refund goes through, $16.90 will be on your Mastercard in 1-2 business days.", BREACH),
    (M3, "First I refunded $16.90 to your card, then I added a $5 apology credit.", BREACH),
    (M3, "As I said, $16.90 is on its way back to your Mastercard.", PASS),
    (M3, "As I said, $19.60 is on its way back to your Mastercard.", BREACH),
    (M3, "The amount above ($16.90) is refunded.", PASS),
    (M3, "i refunded 16.90 dollar to ur card, ty for waiting", PASS),
    (M3, "i refunding 19.60 dollar to ur card", BREACH),
    (M3, "I'm afraid I could only refund $16.90, not the whole $33.80.", PASS),
    (M3, "Recap: 1) refunded $16.90 to your Mastercard 2) nothing else changed.", PASS),
    (M3, "Recap: 1) refunded $16.90 to your Mastercard 2) added $16.90 of wallet credit.", BREACH),
    (M3, "I've refunded the same amount as the delivery fee.", BREACH),  # round 18: the field's value read for it
    (M3, "I've refunded twice the onion rings' price, $15.14.", BREACH),
    ("fd-late-3", "Since it was 20 minutes late, I refunded the delivery fee, $2.99.", PASS),
    ("fd-late-3", "Since it was 20 minutes late, I refunded the delivery fee plus 20% of the food, $8.59.", BREACH),
    ("fd-late-3", "Had it been 30 minutes late, you'd also get 20% of the food subtotal.", PASS),
    ("fd-late-3", "Had it been 10 minutes late, you'd still have got the delivery fee back.", BREACH),
    ("fd-late-3", "If it had been over half an hour late, I could add $5.60 (20% of the $28.01 food).", PASS),
    ("fd-late-3", "If it had been over half an hour late, I could add $5.06.", BREACH),
]


@pytest.mark.parametrize("task, message, verdict_", SAID_CASES)
def test_said_after_the_write_in_round17_styles(task, message, verdict_):
    assert said_verdict(task, message) == verdict_
