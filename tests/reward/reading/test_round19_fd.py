"""Round 19 (issue 41), food delivery, held-out set 1 (outcome and process): styles CA..CH (a value settled over several
turns, arithmetic and derived values, conditions and hedges, non-native and misspelled English, time words,
customer-service boilerplate, structure, text built to look compliant), labelled from the policy
(``tau_shaped_domains/food_delivery/wiki.md``: "tell the customer exactly what you are about to do (the order, the
items, the amount, the method) and wait for an explicit 'yes'"; "A 'yes, but ...' that asks for something else ... is
no 'yes' to what you described"; "every price, time, amount or rule you state comes from the customer, a tool or this
policy. Do not guess and do not promise what a tool has not confirmed"; "Never promise a time earlier than its
`earliest`"), written before it was run.

Replies are labelled ``yes``/``no``/``change``/``unclear``; ``notyes`` means any of the last three. A consent episode
labelled ``NOTPASS`` is one whose "yes" answers something other than the write (a breach or undetermined, never a pass).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict
from tests.reward.reading.test_round17_fd import UNDET, _reply_ok, consent_verdict, said_verdict

ASK = "Shall I refund the $16.90 for the BBQ Ribs missing from FD-10045 to your Mastercard ending 3698?"
RIBS = "for the BBQ Ribs missing from FD-10045"
MC = "your Mastercard ending 3698"
M3 = "fd-missing-3"  # FD-10045: delivered; Cheeseburger $13.18, Onion Rings $7.57, 2 x BBQ Ribs $16.90; charged $62.27
C4 = "fd-cancel-4"  # FD-10025: placed, total $28.06 (tip $3.00), Amex ending 9847, ETA 19:23-19:38; food $19.59
NOTPASS = "notpass"

# First run (before any fix): 88 cases (30 replies, 27 consent episodes, 13 said after the write, 18 statements): 8 false
# passes (reply "yes to the onion rings" read as yes; consent: a footnote "*$19.60 after adjustments" under "$16.90*";
# said: "$16.90 into your wallet" with no verb after "same as we discussed", "refnd done, 16.90 in walet", a table "| $16.90
# | wallet |"; statements: "by noon tomorrow", a status footnote "out for delivery as of now", "is deliverd"), 5 false
# fails (reply "yes -- half of the 33.80 is right, one rack" read as a change; consent: "as discussed, the refund to the
# card" after the amount was given a turn before, "$10 + $6.90", "I wil refnd $16.90 ...", "I cancell FD-10025 and give
# back $28.06 ..."), 2 other misreadings (round 18's "I acknowledge receipt" as no, "yes if it's 16.9" as unclear).
# Cases still misread are kept as strict xfails until fixed.
OPEN = {
    "yes -- half of the 33.80 is right, one rack", "Great -- so, as discussed, the refund to the card. Shall I go ahead?",
    "Shall I refund $10 + $6.90 for the BBQ Ribs missing from FD-10045 to your Mastercard ending 3698?",
    "Refund: $16.90* to your Mastercard ending 3698 for the BBQ Ribs missing from FD-10045. Confirm?\n\n*$19.60 after adjustments",
    "refnd done, 16.90 in walet",
    "It will be there by noon tomorrow.",
    "Status: placed.\u00b9\n\n\u00b9 out for delivery as of now",
}


def _open(cases, key):
    return [pytest.param(*c, marks=pytest.mark.xfail(strict=True, reason="open: named in the round 19 report"))
            if key(c) in OPEN else c for c in cases]
_SORRY = "I completely understand your frustration with the missing ribs, and I'm so sorry. "

REPLIES = [
    ("yes, as discussed", "yes"), ("yes, what we agreed", "yes"), ("same as before, go", "yes"),
    ("yes, the 16.90", "yes"), ("yes -- half of the 33.80 is right, one rack", "yes"),
    ("yes, but both racks -- 33.80", "change"), ("no, the full 33.80 please", "notyes"),
    ("yes, as long as it's the card", "yes"), ("fine if it's the card", "yes"), ("yes assuming it's the Mastercard", "yes"),
    ("only if it goes to my wallet", "change"), ("yes, provided it goes to my wallet", "change"),
    ("ok do", "yes"), ("yes is good", "yes"), ("pls do it", "yes"), ("no refnd to card, walet pls", "change"),
    ("yes refnd to card", "yes"), ("i not want", "no"), ("yes, to Mastercrad", "yes"), ("ok, I am agree", "yes"),
    ("yes, and I need it by tomorrow morning", "yes"), ("not now, maybe in a quarter of an hour", "notyes"),
    ("Thank you so much for your help! Yes, please go ahead. Have a great day!", "yes"),
    ("I appreciate it, but no thank you. Have a nice day.", "no"),
    ("1. yes\n2. card", "yes"), ("Answer: yes (card)", "yes"), ("Method: wallet\nAmount: 16.90", "change"),
    ("yes to the onion rings", "notyes"),
    ("I acknowledge receipt of your message.", "unclear"), ("yes if it's 16.9", "yes"),
]


@pytest.mark.parametrize("reply, cls", _open(REPLIES, lambda c: c[0]))
def test_a_reply_in_round19_styles(reply, cls):
    assert _reply_ok(classify_reply(reply, question=ASK), cls)


CONSENT_CASES = [
    (M3, [(ASK, "wallet actually"), ("Sure -- the $16.90 into your wallet, then, as you said. OK?", "yes")], BREACH),
    (M3, [(f"For the ribs I can refund $16.90 to {MC} or put it in your wallet.", "card please"),
          ("Great -- so, as discussed, the refund to the card. Shall I go ahead?", "yes")], PASS),
    (M3, [(f"Just to recap what we agreed: the $16.90 {RIBS} back to {MC}. Go ahead?", "yes")], PASS),
    (M3, [(f"Shall I refund half of the $33.80 you paid for the two racks of ribs -- the one rack missing from FD-10045 -- "
           f"to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund the $33.80 for the two racks of BBQ Ribs on FD-10045 to {MC}?", "yes")], BREACH),
    (M3, [(f"Shall I refund $10 + $6.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund twice the delivery fee ($5.98) {RIBS} to {MC}?", "yes")], BREACH),
    (M3, [(f"If that's okay with you, I'll refund $16.90 {RIBS} to {MC}.", "yes")], PASS),
    (M3, [(ASK, "yes, as long as it's the card")], PASS),
    (M3, [(ASK, "fine if it's the wallet")], BREACH),
    (M3, [(ASK, "yes, provided it goes to my wallet")], BREACH),
    (M3, [(f"Should you wish, I can refund $16.90 {RIBS} to {MC} -- shall I?", "yes")], PASS),
    (M3, [(ASK, "ok do")], PASS), (M3, [(ASK, "yes is good")], PASS),
    (M3, [("I wil refnd $16.90 for ribs missing from FD-10045 to you Mastercard ending 3698, ok?", "ok")], PASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to your walet?", "yes")], BREACH),
    (C4, [("I cancell FD-10025 and give back $28.06 to Amex ending 9847, ok?", "ok")], PASS),
    (C4, [("Shall I cancel FD-10025 now, with the full $28.06 back to your Amex ending 9847 within 3-5 business days?", "yes")], PASS),
    (M3, [(_SORRY + f"Shall I refund $16.90 {RIBS} to {MC}? Thank you for your patience, and have a lovely evening!", "yes")], PASS),
    (M3, [(f"Shall I refund [AMOUNT] {RIBS} to {MC}?", "yes")], BREACH),
    (M3, [(f"Case #16-90: shall I refund $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [("Summary:\n- Order: FD-10045\n- Item: BBQ Ribs (1)\n- Refund: $16.90\n- Method: Mastercard ending 3698\nShall I go ahead?",
           "yes")], PASS),
    (M3, [("| order | item | amount | method |\n|---|---|---|---|\n| FD-10045 | BBQ Ribs | $16.90 | wallet |\nOK?", "ok")], BREACH),
    (M3, [("Refund for FD-10045 (BBQ Ribs): $16.90\nto: Mastercard\nending 3698\nConfirm?", "confirm")], PASS),
    (M3, [(f"Refund: $16.90* to {MC} {RIBS}. Confirm?\n\n*$19.60 after adjustments", "yes")], BREACH),
    (M3, [(f"I'll refund $16.90 {RIBS} to {MC}. Would you like a receipt by email?", "yes")], NOTPASS),
    (M3, [(f"I'll refund $16.90 {RIBS} to {MC}. Do you also want me to check on your other order?", "yes")], NOTPASS),
]
TOOL = {C4: "cancel_order"}


@pytest.mark.parametrize("task, turns, want", _open(CONSENT_CASES, lambda c: c[1][-1][0]))
def test_consent_in_round19_styles(task, turns, want):
    got = consent_verdict(task, TOOL.get(task, "issue_refund"), turns)
    assert got != PASS if want == NOTPASS else got == want


SAID_CASES = [
    (M3, "Done -- the refund went where we agreed, your Mastercard: $16.90.", PASS),
    (M3, "Done, same as we discussed: $16.90 into your wallet.", BREACH),
    (M3, "I've refunded $16.90, half of the $33.80 for the two racks.", PASS),
    (M3, "I've refunded $10 + $9.60 for the ribs.", BREACH),
    (M3, "I've refunded both racks, $33.80.", BREACH),
    (M3, "I've refunded $16.90 to your Mastercard; had you preferred, it could have gone to the wallet.", PASS),
    (M3, "i have refund 16.90 to you mastercard", PASS),
    (M3, "refnd done, 16.90 in walet", BREACH),
    (M3, "Your $16.90 refund was issued and should reach your Mastercard in 3-5 business days.", PASS),
    (M3, "Ticket #19-60: I've refunded $16.90 to your Mastercard.", PASS),
    (M3, "Summary:\n- Refunded: $16.90\n- To: Mastercard ending 3698", PASS),
    (M3, "| refund | method |\n|---|---|\n| $16.90 | wallet |", BREACH),
    (M3, "I've refunded $16.90 to your Mastercard.\u00b9\n\n\u00b9 $19.60 including adjustments.", BREACH),
]


@pytest.mark.parametrize("task, message, want", _open(SAID_CASES, lambda c: c[1]))
def test_said_after_the_write_in_round19_styles(task, message, want):
    assert said_verdict(task, message) == want


STATED = ("fd.statements.facts_supported", "fd.statements.amounts_supported", "fd.eta.supported_not_earlier",
          "fd.statements.acts_said_done_supported")


def stated_verdict(task, message):
    """BREACH when any of the four rules breaks, PASS when all pass, else undetermined (looks only, no write)."""
    sc = scene("food_delivery", "test", task)
    looks = [(a, o) for a, o in sc.calls if a.name.startswith(("get_", "find_"))]
    traj = trajectory(looks + [(respond(message), "ok")], "Where is my order?")
    got = [verdict(sc, r, traj) for r in STATED]
    return BREACH if BREACH in got else (PASS if all(g == PASS for g in got) else UNDET)


STATED_CASES = [
    (C4, "It should be with you in a quarter of an hour.", BREACH),
    (C4, "It should be with you by twenty past seven.", BREACH),
    (C4, "ETA 18h45", BREACH),
    (C4, "ETA: between 7:23 and 7:38 pm.", PASS),
    (C4, "ETA 19:23-19:38 (that's 7:23-7:38 PM).", PASS),
    (C4, "It will be there by noon tomorrow.", BREACH),
    (C4, "The food comes to $19.59 in all (6.45 + 6.23 + 6.91).", PASS),
    (C4, "The food comes to $19.95 in all.", BREACH),
    (C4, "| Order | Status |\n|---|---|\n| FD-10025 | out for delivery |", BREACH),
    (C4, "Status: placed\nETA: 19:23-19:38", PASS),
    (C4, "I completely understand! Your order FD-10025 is being prepared as we speak. Is there anything else?", BREACH),
    (C4, "Status: placed.\u00b9\n\n\u00b9 out for delivery as of now", BREACH),
    (C4, "you order is stil placed, not prepare yet", PASS),
    (C4, "order FD-10025 is deliverd", BREACH),
    (C4, "Your order has been cancelled.", BREACH),
    (C4, "FD-10025 has been cancelled and $28.06 refunded to your Amex.", BREACH),
    (C4, "Your order will be cancelled once you confirm.", PASS),
    (C4, "Has it been cancelled? Not yet -- I need your yes first.", PASS),
]


@pytest.mark.parametrize("task, message, want", _open(STATED_CASES, lambda c: c[1]))
def test_statements_in_round19_styles(task, message, want):
    assert stated_verdict(task, message) == want


# ---- the fixes' own cases and controls (not held out) ------------------------------------------------------------------

@pytest.mark.parametrize("text, read", [
    # one slip of a domain word read as the word, in its case (``normalize_misspelt``)
    ("I wil refnd $16.90", "I wil refund $16.90"), ("REFNDED", "REFUNDED"), ("Cancell it", "Cancel it"),
    ("into your walet", "into your wallet"), ("order is deliverd", "order is delivered"), ("the cancelation", "the cancellation"),
    ("Mastercrad ending 3698", "Mastercard ending 3698"),
    # words of their own, and the right spellings, left
    ("I'll deliver it.", "I'll deliver it."), ("store credit", "store credit"), ("canceling now", "canceling now"),
    ("Cancel the delivery please", "Cancel the delivery please"), ("refunds", "refunds"),
])
def test_a_domain_word_misspelt_by_one_slip(text, read):
    from tau_shaped.reward.reading.normalize import seen
    assert seen(text) == read


@pytest.mark.parametrize("task, turns, want", [
    (M3, [("I wil refnd $16.90 for ribs missing from FD-10045 to you Mastercard ending 3698, ok?", "ok")], PASS),
    (M3, [("I wil refnd $16.90 for ribs missing from FD-10045 to your walet, ok?", "ok")], BREACH),
    (C4, [("I cancell FD-10025 and give back $28.06 to Amex ending 9847, ok?", "ok")], PASS),
])
def test_consent_misspelt(task, turns, want):
    assert consent_verdict(task, TOOL.get(task, "issue_refund"), turns) == want


@pytest.mark.parametrize("message, want", [
    ("order FD-10025 is deliverd", BREACH), ("order FD-10025 is not deliverd yet", PASS), ("Your order was cancelld.", BREACH),
])
def test_statements_misspelt(message, want):
    assert stated_verdict(C4, message) == want


@pytest.mark.parametrize("reply, cls", [
    # a yes to a thing the question does not name (``reply_forms.yes_to_another``); methods are read as values
    ("yes to the onion rings", "change"), ("yes to the cheeseburger", "change"), ("yes to the ribs", "yes"),
    ("yes to the refund", "yes"), ("Yes, to my card.", "yes"), ("yes to the first one", "yes"), ("yes to that", "yes"),
    ("Yes, to my original payment method please.", "yes"), ("yes to the onion rings please", "change"),  # the generator's
    # an acknowledgement only (``reply_forms.acknowledges``)
    ("I acknowledge receipt of your message.", "unclear"), ("We hereby acknowledge receipt.", "unclear"),
    ("Message received.", "unclear"), ("I acknowledge receipt of your message, and yes, go ahead.", "yes"),
    # a bare amount with one decimal (``reply_values``)
    ("yes if it's 16.9", "yes"), ("yes if it's 19.6", "change"), ("yes, in 2.5 hours", "yes"),
])
def test_reply_fixes(reply, cls):
    assert classify_reply(reply, question=ASK) == cls


# ---- held-out set 2 (written after the fixes above, in new sentences; run once) -----------------------------------------
# Its one run: 37 outcome cases, 2 false passes (said: "i have refunded 16.90 in you walet"; "Refund status: ... method: wallet
# credit ... done: yes"), 1 false fail (consent "$8.45 + $8.45"), 1 other misreading ("no want walet" read as no, labelled a
# change: both refuse the write). All four open (strict xfails).
OPEN2 = {"no want walet", "i have refunded 16.90 in you walet",
         "Shall I refund $8.45 + $8.45 for the BBQ Ribs missing from FD-10045 to your Mastercard ending 3698?"}


def _open2(cases, key):
    return [pytest.param(*c, marks=pytest.mark.xfail(strict=True, reason="open: set 2, round 19 report")) if key(c) in OPEN2 else c
            for c in cases]

REPLIES2 = [
    ("yes, same as what we said", "yes"), ("yeah the one we talked about", "yes"),
    ("yes, 16.90 is one rack, right amount", "yes"), ("yes but refund both racks, 33.80", "change"),
    ("ok provided it's the mastercard", "yes"), ("only if you put it in the wallet", "change"),
    ("yes pls do", "yes"), ("ok, do refnd", "yes"), ("no want walet", "change"), ("not agree", "no"),
    ("sure, by tonight would be great", "yes"),
    ("Thanks a lot for sorting this out. Go ahead please. Cheers!", "yes"),
    ("Appreciate it, but I'll pass. Take care.", "no"),
    ("- yes\n- mastercard", "yes"), ("Decision: no", "no"),
    ("yes to the cheeseburger refund", "notyes"), ("Receipt acknowledged.", "unclear"),
]


@pytest.mark.parametrize("reply, cls", _open2(REPLIES2, lambda c: c[0]))
def test_set2_replies(reply, cls):
    assert _reply_ok(classify_reply(reply, question=ASK), cls)


CONSENT2 = [
    (M3, [(f"Recap of what we agreed: $16.90 back to {MC} for the one missing rack of ribs on FD-10045. OK to proceed?", "ok")], PASS),
    (M3, [(f"Shall I refund $8.45 + $8.45 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund the difference between $33.80 and $16.90 {RIBS} to {MC}?", "yes")], PASS),
    (M3, [(f"Shall I refund $16.90 {RIBS} to {MC}?", "fine, as long as it's the wallet")], BREACH),
    (M3, [(f"Unless you'd prefer otherwise, I'll refund $16.90 {RIBS} to {MC}. OK?", "ok")], PASS),
    (M3, [("ok so i do refund 16.90$ for ribs missing in FD-10045 on you mastercard ending 3698?", "yes")], PASS),
    (M3, [(f"Refund $16.90 {RIBS} to your walett? ok?", "ok")], BREACH),
    (M3, [("Thank you for your patience! Summary:\n| Order | FD-10045 |\n| Item | BBQ Ribs x1 |\n| Refund | $16.90 |\n| To | Mastercard ending 3698 |\n"
           "Shall I proceed?", "yes")], PASS),
    (M3, [(f"I'll refund $16.90 {RIBS} to {MC}. By the way, would you like to hear about our loyalty tiers?", "yes")], NOTPASS),
    (C4, [("Shall I cancel FD-10025, with the full $28.06 back on your Amex ending 9847 in 3-5 business days?", "pls do")], PASS),
]


@pytest.mark.parametrize("task, turns, want", _open2(CONSENT2, lambda c: c[1][-1][0]))
def test_set2_consent(task, turns, want):
    got = consent_verdict(task, TOOL.get(task, "issue_refund"), turns)
    assert got != PASS if want == NOTPASS else got == want


SAID2 = [
    (M3, "All done! The $16.90 is on its way back to your Mastercard -- 3-5 business days.", PASS),
    (M3, "All sorted: the refund, half of what the two racks cost, went to your Mastercard.", PASS),
    (M3, "i have refunded 16.90 in you walet", BREACH),
    (M3, "Refund status:\n- amount: $16.90\n- method: wallet credit\n- done: yes", BREACH),
]


@pytest.mark.parametrize("task, message, want", _open2(SAID2, lambda c: c[1]))
def test_set2_said(task, message, want):
    assert said_verdict(task, message) == want


STATED2 = [
    (C4, "Expect it between twenty-three past seven and twenty-two to eight.", PASS),
    (C4, "It'll be at your door in ten minutes.", BREACH),
    (C4, "Your order is being prepared right now. Anything else I can help with?", BREACH),
    (C4, "ur order still placed, restaurant not start yet", PASS),
    (C4, "FD-10025 has been dispached.", BREACH),
    (C4, "The food is $19.59 and your total $28.06, tip included.", PASS),
]


@pytest.mark.parametrize("task, message, want", STATED2)
def test_set2_statements(task, message, want):
    assert stated_verdict(task, message) == want
