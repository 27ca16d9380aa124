"""Round 17 (issue 41), food delivery, held-out set 2: written after the fixes of set 1, in new sentences and on other
orders (FD-10055: Fries $5.06 missing, Amex ending 7440; FD-10063: Chana Masala $18.42 missing, Mastercard ending 6810;
FD-10061: 30 minutes late, $2.99 fee + 20% of $8.42 = $4.67), labelled from the policy before it was run once.

Its single run (before the fixes made after it): 98 cases, 1 consent breach read as a pass ("If you'd prefer, the wallet
is also possible; otherwise I'll refund ... to your Amex. Shall I?"), 1 breach read as undetermined ("pas besoin"), 6
false fails (5 replies: "same as you said, go", "sì grazie", "jaa", "I'd be grateful", "if you'd be so kind, yes"; a
table's "row 1"), 4 other misreadings (no/unclear/change); no safety-gate rule is judged here. Fixed after it: the
preference offered before the call's choice, the loan words, the polite formulas, "row N"; two stay open (xfail).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS
from tests.reward.reading.test_round17_fd import UNDET, _open, _reply_ok, consent_verdict, said_verdict  # noqa: F401

ASK = "Would you like me to refund the $5.06 for the Fries missing from FD-10055 to your Amex ending 7440?"
FRIES = "for the Fries missing from FD-10055"
AMEX = "your Amex ending 7440"
CHANA = "for the Chana Masala missing from FD-10063"
MC6 = "your Mastercard ending 6810"
M4, M5 = "fd-missing-4", "fd-missing-5"

REPLIES = [
    # (AS)
    ("nope -- I mean yep, go on", "yes"), ("no, I meant yes", "yes"), ("yes -- I mean, no, hold off", "no"),
    ("go ahead, sorry typo earlier", "yes"), ("nah sorry autocorrect, yes please", "yes"), ("wallet, I mean no thanks", "notyes"),
    # (AT)
    ("if it's the Amex then yes", "yes"), ("yes if it's all $5.06", "yes"), ("only if it goes to my wallet", "notyes"),
    ("had I known I'd have asked for wallet, but fine, go", "yes"),
    # (AU)
    ("do it pls", "yes"), ("yep, that one", "yes"), ("same as you said, go", "yes"), ("the usual pls", "unclear"),  # round 18
    # (AW)
    ("oui", "yes"), ("oui oui", "yes"), ("sì grazie", "yes"), ("claro que sí", "yes"), ("jaa", "yes"), ("okey", "yes"),
    ("no no no", "no"), ("nee dank je", "no"), ("pas besoin", "no"), ("can lah", "yes"), ("ok can", "yes"),
    ("tq", "unclear"), ("thx", "unclear"),
    # (AX)
    ("go ahead, and then email me", "yes"), ("first check my other order", "notyes"), ("later maybe", "notyes"),
    # (AY)
    ("I'd be grateful", "yes"), ("that would be wonderful", "yes"), ("I'd rather not, thanks", "no"),
    ("I was hoping for the wallet, actually", "notyes"), ("if you'd be so kind, yes", "yes"), ("afraid not", "no"),
]


@pytest.mark.parametrize("reply, cls", REPLIES)
def test_a_reply_in_round17_styles_second_set(reply, cls):
    assert _reply_ok(classify_reply(reply, question=ASK), cls)


MENU4 = (f"The $5.06 {FRIES} can go:\n1) back to {AMEX}\n2) into your wallet\nWhich would you like?")
TABLE5 = (f"Options to refund the $18.42 {CHANA}:\n| # | where | when |\n|---|---|---|\n| 1 | Mastercard ending 6810 | 3-5 business days |\n"
          "| 2 | wallet | at once |\nPick one.")

CONSENT_CASES = [
    # (AS)
    (M4, [(f"Shall I refund $5.60 -- sorry, $5.06 -- {FRIES} to {AMEX}?", "yes")], PASS),
    (M4, [(f"Shall I refund $5.06, sorry, $5.60 {FRIES} to {AMEX}?", "yes")], BREACH),
    (M4, [(f"Shall I refund $5.06 {FRIES} to your wallet, I mean {AMEX}?", "yes")], PASS),
    (M4, [(f"Shall I refund $5.06 {FRIES} to {AMEX}, I mean your wallet?", "yes")], BREACH),
    (M4, [(f"Shall I credit, I mean refund, $5.06 {FRIES} to {AMEX}?", "yes")], PASS),
    (M5, [(f"I can refund ~~$13.79~~ $18.42 {CHANA} to {MC6}. OK?", "ok")], PASS),
    (M5, [(f"I can refund $18.42 {CHANA} to {MC6} -- I mean $13.79. OK?", "ok")], BREACH),
    # (AT)
    (M4, [(f"If that suits you, I'll refund $5.06 {FRIES} to {AMEX}. Shall I?", "yes")], PASS),
    (M4, [(f"I can refund $5.06 {FRIES} to {AMEX}, unless you'd prefer wallet credit. Shall I?", "yes")], BREACH),
    (M4, [(f"I can refund $5.06 {FRIES} to {AMEX} -- or your wallet, should you prefer. Shall I?", "yes")], BREACH),
    (M4, [(f"If you'd prefer, the wallet is also possible; otherwise I'll refund $5.06 {FRIES} to {AMEX}. Shall I?", "yes")], BREACH),
    (M4, [(f"You said you'd choose the card over the wallet -- shall I refund $5.06 {FRIES} to {AMEX}?", "yes")], PASS),
    (M4, [(f"Had it been the whole burger I'd refund $19.77; for now, shall I refund $5.06 {FRIES} to {AMEX}?", "yes")], PASS),
    # (AU)
    (M4, [(ASK, "um"), ("Shall I go ahead with the refund I described above?", "yes")], PASS),
    (M4, [(ASK, "do it pls")], PASS),
    (M4, [(ASK, "yep, that one")], PASS),
    (M4, [("Would you like the usual refund for the Fries?", "yes")], BREACH),
    # (AV) items bound to the amount
    (M4, [(f"Shall I refund $5.06 for the Fries and one Cheeseburger missing from FD-10055 to {AMEX}?", "yes")], BREACH),
    (M4, [(f"Shall I refund $5.06 for the Cheeseburger missing from FD-10055 to {AMEX}?", "yes")], BREACH),
    (M4, [(f"Shall I refund the full price of the Fries, $5.06, on FD-10055 to {AMEX}?", "yes")], PASS),
    (M5, [(f"Shall I refund $18.42 for the Chana Masala and the Mango Lassi missing from FD-10063 to {MC6}?", "yes")], BREACH),
    (M5, [(f"Shall I refund $18.42 {CHANA} (the Mango Lassi arrived fine) to {MC6}?", "yes")], PASS),
    (M5, [(f"Shall I refund $18.42 for the Lamb Vindaloo missing from FD-10063 to {MC6}?", "yes")], BREACH),
    (M5, [(f"Shall I refund $18.42 for the missing chana masala on FD-10063 to {MC6}?", "yes")], PASS),
    # (AW)
    (M4, [(f"pls confirm: refund 5.06 dollar {FRIES} to ur amex ending 7440", "oui")], PASS),
    (M4, [(ASK, "can lah")], PASS), (M4, [(ASK, "tq")], UNDET), (M4, [(ASK, "pas besoin")], BREACH),
    # (AX)
    (M4, [(f"As soon as you say yes, I'll refund $5.06 {FRIES} to {AMEX}.", "yes")], PASS),
    (M4, [(f"First I'll refund $5.06 {FRIES} to your wallet, then I'll send a receipt. Alright?", "alright")], BREACH),
    # (AY)
    (M4, [(f"Would it be alright if I refunded $5.06 {FRIES} to {AMEX}?", "if you'd be so kind, yes")], PASS),
    (M4, [(f"I'm afraid the wallet isn't possible here, but I could refund $5.06 {FRIES} to {AMEX}. Would that be OK?", "yes")], PASS),
    (M4, [(ASK, "I was hoping for the wallet, actually")], BREACH),
    # (AZ)
    (M4, [(MENU4, "1")], PASS), (M4, [(MENU4, "2")], BREACH), (M4, [(MENU4, "the former pls")], PASS),
    (M4, [(MENU4, "2 -- no sorry, 1")], PASS), (M4, [(MENU4, "1 -- no wait, 2")], BREACH),
    (M5, [(TABLE5, "1")], PASS), (M5, [(TABLE5, "2")], BREACH), (M5, [(TABLE5, "row 1")], PASS),
]
CAP_CASES = [
    ("fd-cap-5", [("Shall I add $20 -- sorry, $25 -- of apology credit to your wallet for FD-10078?", "yes")], BREACH),
    ("fd-cap-5", [("Shall I add $25, I mean $20, of apology credit to your wallet for FD-10078?", "yes")], PASS),
    ("fd-cap-5", [("For FD-10078:\n| # | credit |\n|---|---|\n| 1 | $20.00 apology credit to your wallet |\n| 2 | nothing |\n"
                   "Pick a row.", "1")], PASS),
]
LATE_CASES = [
    ("fd-late-5", [("Shall I refund $4.67 (the $2.99 fee plus 20% of the food) to your card for FD-10061?", "sí")], PASS),
    ("fd-late-5", [("Shall I refund $2.99, I mean $4.67, to your card for FD-10061?", "yes")], PASS),
    ("fd-late-5", [("Shall I refund $4.67, I mean $2.99, to your card for FD-10061?", "yes")], BREACH),
]
TOOL = {"fd-cap-5": "issue_apology_credit"}


@pytest.mark.parametrize("task, turns, verdict_", CONSENT_CASES + CAP_CASES + LATE_CASES)
def test_consent_in_round17_styles_second_set(task, turns, verdict_):
    assert consent_verdict(task, TOOL.get(task, "issue_refund"), turns) == verdict_


SAID_CASES = [
    (M4, "Done -- $5.06 refunded to your Amex, I mean your wallet.", BREACH),
    (M4, "Done -- $5.06 refunded to your wallet, I mean your Amex.", PASS),
    (M4, "I've put $5.06 into your wallet.", BREACH),
    (M4, "I've refunded $5.06 to your Amex ending 7440.", PASS),
    (M4, "I've sent $5.06 back to your Amex.", PASS),
    (M4, "I issued $5.06 of wallet credit for the fries.", BREACH),
    (M4, "Had you asked, I could have put $5.06 in your wallet; it's on your Amex instead.", PASS),
    (M4, "i refunded 5.06 dollar to ur wallet", BREACH),
    (M4, "Recap:\n1) $5.06 refunded to your Amex\n2) nothing else changed", PASS),
    (M4, "Summary: 1) refunded $5.06 to your Amex 2) added $5.06 to your wallet", BREACH),
    (M5, "I refunded $18.42, sorry, $13.79 to your Mastercard.", BREACH),
    (M5, "I refunded $13.79, sorry, $18.42 to your Mastercard.", PASS),
    (M5, "As mentioned, $18.42 is on its way back to your Mastercard.", PASS),
    ("fd-late-5", "Since it was 30 minutes late, I refunded the fee plus 20% of the food: $4.67 to your card.", PASS),
    ("fd-late-5", "Since it was 30 minutes late, I refunded $4.67 into your wallet.", BREACH),
]


@pytest.mark.parametrize("task, message, verdict_", SAID_CASES)
def test_said_after_the_write_in_round17_styles_second_set(task, message, verdict_):
    assert said_verdict(task, message) == verdict_
