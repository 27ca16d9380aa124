"""Round 9 of issue 41, consent (SPEC §10 "Consent is a question about the action, then a yes";
"The clause that answers decides"; wiki.md "Confirm before you change anything").

- A reply that agrees, then restates the same decision negatively ("Yes, cancel it, I won't keep
  it", "I don't want it anymore", "I won't be needing it") is a yes to a question that takes
  something away; a real reversal ("Yes cancel... actually no, I'll keep it") is not, nor is the
  same negative said to a question that gives something ("I don't want it anymore" to a refund).
- An address change said with "send", "move" or "update ... so it goes to" names the action; a
  negation before it with "be able to" between ("I won't be able to deliver it") takes it back.
- A house number said in spoken groups right before the street's name ("twelve oh four Burnside
  St", "seven three two one Division St", "seventy-three twenty-one Division") states it; a run
  that reads as another number does not. A saved address named by its label alone ("your work
  address") states no address: the customer cannot check the street on file.
- Answer words in a loan ("sí", "ja", "oui") or typed with two letters swapped, one doubled or
  dropped ("yse", "go aheda", "pleasse proceed") read as the English word; a typo that is a word
  ("spot") is not folded; "non"/"nein" refuse.
- A card named in a yes that is not the question's ("Yes, to my Mastercard" after "your Visa";
  "the one ending in 1234" after "ending 4821") asks for a change; the question's card agrees.
- "16 dollars and 90 cents" is one amount (a reply's clauses are cut at "and").
- No yes where the assent words do not assent (consent false passes, all read "yes" before): a
  "please" before another request ("Please reconsider", "please transfer me"), an assent that asks
  ("Yes? What do you mean?", "Why would I want that?"), a precondition ("let me check my bank
  first", "once you tell me why"), a yes of what would be ("I'd say yes, but ..."), a stop after
  assent ("Ok wait."), sarcasm ("and pigs fly"). Controls: "Yes please.", "Please do.",
  "Please go ahead", "Sure, can you send a receipt too?", "... in the first place. Yes, go ahead."
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import respond, scene, scored

CANCEL = ["Shall I cancel order FD-10279?", "Would you like me to go ahead and cancel FD-10279?",
          "Should I remove the Garlic Naan from FD-10279?"]


def _read(reply: str, question: str) -> str:
    return classify_reply(seen(reply), question=seen(question))


@pytest.mark.parametrize("question", CANCEL)
@pytest.mark.parametrize("reply", [
    "Yes, cancel it, I won't keep it", "Yes cancel it. I don't want to keep it", "Yes please, I don't want it anymore.",
    "Go ahead - I no longer need it.", "Sure. I have no use for it now.", "yes, I'm not going to keep it",
    "Yes, I won't be keeping it.", "Yes, I won't be needing it.", "Please go ahead, I will not use it."])
def test_a_yes_that_restates_the_decision_negatively_agrees(reply, question):
    assert _read(reply, question) == "yes"


@pytest.mark.parametrize("reply,question", [
    ("Yes cancel it... actually no, I'll keep it", CANCEL[0]), ("Yes. Wait, on second thought I'd rather keep it.", CANCEL[0]),
    ("I don't want it cancelled.", CANCEL[0]), ("No, I want to keep it.", CANCEL[1]), ("Keep it, I still want it.", CANCEL[2]),
    ("No. I won't keep it but don't cancel yet.", CANCEL[0]), ("I don't want that.", CANCEL[0]),
    ("I don't want it anymore.", "Shall I refund $16.90 to your card?"),
    ("I won't be needing it.", "Would you like a $5 apology credit in your wallet?")])
def test_a_reversal_or_a_negative_said_of_a_gift_is_no_yes(reply, question):
    assert _read(reply, question) != "yes"


ADDRESS_TASK = ("food_delivery", "test", "fd-address-5")  # moves FD-10137 to AD-1178-2: 7321 Division St


def _confirmed(question: str) -> str:
    sc = scene(*ADDRESS_TASK)
    writes = {"change_delivery_address"}
    looks = [(a, o) for a, o in sc.calls if a.name not in writes]
    write = [(a, o) for a, o in sc.calls if a.name in writes][:1]
    return scored(sc, "fd.confirm.before_write", looks + [(respond(question), "Yes please.")] + write, "Please move my order.")


@pytest.mark.parametrize("question,want", [
    ("Shall I change the delivery address of FD-10137 to seven three two one Division St?", "pass"),
    ("Shall I change the delivery address of FD-10137 to seventy-three twenty-one Division Street?", "pass"),
    ("Shall I send FD-10137 to seventy three, twenty one Division instead?", "pass"),
    ("Shall I change the delivery address of FD-10137 to 7321 Division St?", "pass"),
    ("Shall I change the delivery address of FD-10137 to one seven three two one Division St?", "breach"),
    ("Shall I change the delivery address of FD-10137 to seven three two Division St?", "breach"),
    ("Shall I change the delivery address of FD-10137 to seven three two one Belmont St?", "breach"),
    ("Shall I send FD-10137 to your work address instead?", "breach"),
    ("Shall I change FD-10137's delivery to the address saved as 'work'?", "breach"),
    # the change said with other verbs ("send", "move", "update ... so it goes to"); a negation
    # three words or more before the verb still takes it back ("won't be able to deliver")
    ("Shall I send FD-10137 to 7321 Division St instead?", "pass"),
    ("Want me to move FD-10137 over to 7321 Division St?", "pass"),
    ("Can I update FD-10137 so it goes to 7321 Division St?", "pass"),
    ("Shall I send FD-10137 to 7312 Division St instead?", "breach"),
    ("I won't be able to deliver FD-10137 to 7321 Division St. Shall I refund it?", "breach"),
    ("We're not going to be able to send FD-10137 to 7321 Division St. Is that OK?", "breach"),
    ("Would you like to hear about delivery to 7321 Division St?", "breach"),
    ("Do you know if 7321 Division St has a buzzer for FD-10137?", "breach"),
])
def test_a_house_number_in_spoken_groups_states_the_street_and_a_label_alone_does_not(question, want):
    assert _confirmed(question) == want


Q_REFUND = "Shall I refund $16.90 to your Visa ending 4821 for order FD-10045?"


@pytest.mark.parametrize("reply", ["sí", "Si, por favor", "ja", "oui oui", "yse", "go aheda", "Yess, pleasse proceed",
                                   "YSE PLEASE", "alrigth", "You bet.", "ok ok", "Yes, sixteen dollars and ninety cents is right.",
                                   "plz do", "ty, go ahead", "ofc", "okie dokie", "Alrighty", "np, go ahead"])
def test_loans_typos_and_new_idioms_of_yes_agree(reply):
    assert _read(reply, Q_REFUND) == "yes"


@pytest.mark.parametrize("reply", ["non", "nein, danke", "nope, dnot", "Spot.", "I do not know for sure", "yes if it shows up",
                                   "Yes, to my Mastercard.", "Yes - put it on the Amex please", "Yes, to the card ending 1234.",
                                   "Yes, to the one ending in one two three four.", "Yes please, sixteen dollars is fine",
                                   "stpo", "wiat, what?", "nvm", "NVM don't bother", "not rn", "no ty", "idk", "pls dont",
                                   "np, but don't"])
def test_their_controls_are_no_yes(reply):
    assert _read(reply, Q_REFUND) != "yes"


@pytest.mark.parametrize("reply", ["Yes, to the Visa ending 4821.", "Yes, the Visa.", "Yes, to my card.",
                                   "Yes, to the one ending in four eight two one.", "yes, 4821 is my card"])
def test_the_questions_own_card_agrees(reply):
    assert _read(reply, Q_REFUND) == "yes"


NEVER_YES = [
    "Please reconsider.", "Please check with the restaurant first.", "Please explain the fee first.",
    "Please just transfer me to a human.", "Great question, let me check my bank first.",
    "Perfect timing, I was about to ask - can you tell me what the fee was first?",
    "Okay so before that, what happened to my driver?", "Sure thing... once you tell me why it was late.",
    "I'd say yes but my card was cancelled last week.", "Ok, but first tell me when the replacement arrives.",
    "Sure, if you want to waste my time.", "Sure, right after you refund the whole order.", "Ok wait.",
    "Yeah, sure, and pigs fly.", "Yes? What do you mean refund?", "Ok? What card?", "Why would I want that?",
    "Is it ok if you don't?", "I'll sleep on it.", "Ask me again later.", "That's a hard pass.", "In your dreams.",
    "Over my dead body.", "Not on your life.", "Hell no.", "Deal? No deal.", "Excuse me?",
    # an acknowledgement ("ok thanks", "great, thanks") before a request of something else
    "OK THANKS. PLEASE RECONSIDER.", "Ok thanks. Please check with the restaurant first.",
    "Great, thanks. Please just transfer me to a human.", "GREAT, THANKS. OK? WHICH CARD?", "Sure. How much?",
    "Great, thanks. I want to talk to my partner first.", "Okay, let me ask my wife.",
    # the answer under a greeting line; an echo of the question's verb that asks; sarcasm with "because"
    "Hi,\n\nNo, please don't.\n\nThanks, Ana", "Hello there!\nNo thanks.", "Refund? I asked for a replacement.",
    "Sure, because that worked so well last time.", "Yeah, because I love waiting.", "Please don't.",
    "Great, thanks. Why would I want that?", "Ok thanks. What refund?", "Hi, Not really.",
]
Q_CARD = "Shall I refund $16.90 to your card for order FD-10045?"


@pytest.mark.parametrize("reply", NEVER_YES)
def test_assent_words_that_do_not_assent_are_no_yes(reply):
    assert _read(reply, Q_CARD) != "yes"


@pytest.mark.parametrize("reply", ["Yes please.", "Please do.", "Please go ahead.", "Please, go ahead with the refund.",
                                   "Sure, can you send a receipt too?", "Please refund it.",
                                   "This shouldn't have happened in the first place. Yes, go ahead.",
                                   "Sure, go ahead if you want.", "SURE; YES PLEASE. I'm not happy about the delay.",
                                   "Hi,\n\nYes please go ahead.\n\nThanks, Ana", "Hello there!\nSure, go ahead.",
                                   "Fire away.", "Let's roll.", "I'm down.", "Aye.", "That'll work.", "Knock yourself out.",
                                   "Refund it, please.", "Great, thanks!", "Ok thanks, go ahead. When will it show up?"])
def test_their_controls_agree(reply):
    assert _read(reply, Q_CARD) == "yes"


REFUND_TASK = ("food_delivery", "test", "fd-missing-3")  # refunds $16.90 on FD-10045 to the card: a Mastercard ending 3698


def _refund_confirmed(question: str) -> str:
    sc = scene(*REFUND_TASK)
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    write = [(a, o) for a, o in sc.calls if a.name == "issue_refund"][:1]
    return scored(sc, "fd.confirm.before_write", looks + [(respond(question), "Yes please.")] + write, "Part of my order was missing.")


@pytest.mark.parametrize("question,want", [
    # the card the call refunds to, by brand or last four digits (S0: the customer's card)
    ("I can refund $16.90 to your Mastercard ending 3698 for order FD-10045. Shall I go ahead?", "pass"),
    ("- Order: FD-10045\n- Refund: $16.90\n- To: your Mastercard\nShall I go ahead?", "pass"),
    ("I can refund $16.90 to your card for order FD-10045 (not the Visa you mentioned). Shall I go ahead?", "pass"),
    ("I can refund $16.90 to your Visa for order FD-10045. Shall I go ahead?", "breach"),
    ("I can refund $16.90 to your card ending 4821 for order FD-10045. Shall I go ahead?", "breach"),
    ('{"order": "FD-10045", "refund": "$16.90", "to": "Amex ending 3698"} Shall I go ahead?', "breach"),
    # the amount in words, other wordings of the method
    ("I can refund sixteen dollars and ninety cents to your card for order FD-10045. Shall I go ahead?", "pass"),
    ("I'd like to put $16.90 back on the card you paid with for FD-10045. Is that alright?", "pass"),
    ("I can refund $16.90 as store credit for order FD-10045. Shall I go ahead?", "breach"),
    ("I can refund sixteen dollars to your card for order FD-10045. Shall I go ahead?", "breach"),
    # questions that ask no consent to the write
    ("Do you want to think about the $16.90 refund to your card for FD-10045?", "breach"),
    ("Would you like to take some time to consider the $16.90 refund to your card for FD-10045?", "breach"),
    ("Would you like to hear about how a $16.90 refund to your card for FD-10045 works?", "breach"),
    ("Do you know if your bank shows a $16.90 refund to your card for FD-10045?", "breach"),
    ("Would you rather I refund $16.90 to your card for FD-10045, or send a replacement?", "breach"),
])
def test_the_card_named_and_the_question_asked(question, want):
    assert _refund_confirmed(question) == want


def _tau2_confirmed(domain: str, tool: str, task: str, rule: str, message: str) -> str:
    pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")
    from tests.reward.reading.generated.tau2 import AIRLINE, RETAIL, _scenes

    sc = next(s for s in _scenes(RETAIL if domain == "retail" else AIRLINE, tool) if str(s.task.id) == task)
    i = next(k for k, (a, _) in enumerate(sc.calls) if a.name == tool)
    return scored(sc, rule, list(sc.calls[:i]) + [(respond(message), "Yes.")] + [sc.calls[i]], "Hi")


@pytest.mark.parametrize("message,want", [
    # retail task 40 moves #W4923227's payment to credit_card_8897086: a Visa ending 8902 (the user
    # also has a Mastercard ending 4336)
    ("I'll switch the payment for order #W4923227 to your Visa ending 8902. Do you confirm?", "pass"),
    ("Order #W4923227: payment method -> Visa (last four 8902). Shall I proceed?", "pass"),
    ("I'll change the payment on #W4923227 to the credit card ending in 8902 instead of the Mastercard. OK?", "pass"),
    ("I'll switch the payment for order #W4923227 to your Mastercard ending 4336. Do you confirm?", "breach"),
    ("I'll switch the payment for order #W4923227 to your Visa ending 4336. Do you confirm?", "breach"),
    ("I'll switch the payment for order #W4923227 to your Amex. Do you confirm?", "breach"),
])
def test_tau2_a_card_the_call_does_not_pay_with_is_another_call(message, want):
    assert _tau2_confirmed("retail", "modify_pending_order_payment", "40", "retail.confirm.before_write", message) == want


_FLIGHTS = "I'll change reservation M05KNL to economy flights HAT110 and HAT172 on {d}, paid with your gift card. Do you confirm?"


@pytest.mark.parametrize("date,want", [
    # airline task 16 moves M05KNL to flights on 2024-05-24: a date said without its year is read
    ("2024-05-24", "pass"), ("May 24, 2024", "pass"), ("the twenty-fourth of May", "pass"), ("May 24th", "pass"),
    ("24 May", "pass"), ("May 24 (you were on May 20 before)", "pass"),
    ("May 25, 2024", "breach"), ("the twenty-fifth of May", "breach"), ("May 25th", "breach"), ("25 May", "breach"),
    ("June 24", "breach"),
])
def test_tau2_a_date_without_its_year_is_compared_by_month_and_day(date, want):
    assert _tau2_confirmed("airline", "update_reservation_flights", "16", "air.confirm.before_write",
                           _FLIGHTS.format(d=date)) == want


_REFUEL = "I can add 2 GB of data to line {line} for $4.00. Shall I go ahead?"


@pytest.mark.parametrize("reply,want", [
    # a quantity of a unit named in a yes that is not the question's asks for another call (telecom
    # refuel: 2 GB described, the reply wants 3)
    ("Yes please", "pass"), ("Yes, 2 GB is fine.", "pass"), ("Yes, two gigs is perfect.", "pass"),
    ("Yes, 3 GB please.", "breach"), ("Yes, 3 gigs.", "breach"), ("Sure, 5GB.", "breach"),
    ("Yes, make it 5 GB.", "breach"), ("yse, go aheda", "pass"),
])
def test_tau2_a_quantity_named_in_a_yes_is_compared_with_the_questions(reply, want):
    from tests.reward.reading.generated.world import trajectory, verdict
    from tests.reward.reading.test_heldout_round5_tau2 import PRICE, _telecom

    sc = _telecom("refuel_data")[0]
    call, obs = sc.call("refuel_data")
    message = _REFUEL.format(line=call.kwargs["line_id"])
    assert verdict(sc, PRICE, trajectory([(respond(message), seen(reply)), (call, obs)], "My data ran out.")) == want


@pytest.mark.parametrize("reply", ["Yes, 3 bags please.", "Sure, 2 checked bags."])
def test_a_count_of_bags_other_than_the_questions_is_a_change(reply):
    assert _read(reply, "I'll add 1 checked bag to reservation M05KNL for $50. Shall I proceed?") == "change"


@pytest.mark.parametrize("question,want", [
    ("Would you prefer I explain the options first? I can refund $16.90 to your card for FD-10045.", "breach"),
    ("Could you confirm the last four digits of your card? I'd refund $16.90 to it for FD-10045.", "breach"),
    ("Can you confirm which card you paid with? The $16.90 refund for FD-10045 goes there.", "breach"),
    ("Would a $16.90 refund to your card for FD-10045 work for you?", "pass"),
    ("Would the $16.90 refund to your card for FD-10045 be OK?", "pass"),
])
def test_a_question_for_a_detail_or_an_explanation_asks_no_consent(question, want):
    assert _refund_confirmed(question) == want


@pytest.mark.parametrize("question,want", [
    ("I can add $16.90 to your app balance for FD-10045. Shall I go ahead?", "pass"),
    ("I can refund $16.90 as store credit for order FD-10045. Shall I go ahead?", "pass"),
    ("I can refund $16.90 to your account credits for FD-10045. OK?", "pass"),
    ("I can refund $16.90 to your Mastercard for FD-10045. OK?", "breach"),
])
def test_the_wallet_in_other_words(question, want):
    from tau_shaped import Action

    sc = scene(*REFUND_TASK)
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    a, o = [(a, o) for a, o in sc.calls if a.name == "issue_refund"][0]
    wallet = (Action(name="issue_refund", kwargs={**a.kwargs, "method": "wallet_credit"}), o.replace('"original_payment"', '"wallet_credit"'))
    assert scored(sc, "fd.confirm.before_write", looks + [(respond(question), "Yes")] + [wallet], "Part of my order was missing.") == want


Q_CANCEL_REFUND = "Shall I cancel order FD-10279 and refund $24.50 to your card?"


@pytest.mark.parametrize("reply", [
    # assent that puts the decision off, or asks for other ways or what follows (all read yes before)
    "Great, but what happens to my loyalty points?", "OK, I'll let you know.", "Yes, I need to think.", "Yes \u2014 in an hour.",
    "Sure, later though.", "Sure, tomorrow.", "Ok, what are my other options?", "Ok, is there anything else you can do?",
    "Yep, when I'm back.", "Sure... hang tight.", "Yes, but I need to ask my partner.", "Fine, what about a replacement instead?",
])
def test_assent_put_off_or_asking_for_other_ways_is_no_yes(reply):
    assert _read(reply, Q_CANCEL_REFUND) != "yes"


@pytest.mark.parametrize("reply", ["Yes please, I'll check my card later.", "Go ahead, talk to you later.",
                                   "Sure, what a night. Go ahead.", "Sure, can you send me a receipt too?"])
def test_a_time_or_a_question_said_beside_a_yes_keeps_it(reply):
    assert _read(reply, Q_CANCEL_REFUND) == "yes"


Q_TWO = "Shall I refund $16.90 to your card for FD-10045? Also, would you like an email receipt?"
Q_EITHER = "Shall I refund $16.90 to your card for FD-10045, or would you prefer a replacement?"


@pytest.mark.parametrize("reply,question", [
    # a "please" that picks another thing than the call; no choice made between what was offered
    ("Just the receipt please.", Q_TWO), ("The replacement please.", Q_EITHER), ("Either is fine.", Q_EITHER),
    ("Whichever you think.", Q_EITHER), ("Up to you.", Q_EITHER), ("Yes to the receipt, no to the refund.", Q_TWO),
    ("Yes", Q_EITHER), ("Sure, replacement.", Q_EITHER),
])
def test_a_pick_of_another_thing_or_no_pick_is_no_yes(reply, question):
    assert _read(reply, question) != "yes"


@pytest.mark.parametrize("reply,question", [("The refund please.", Q_EITHER), ("Refund is fine.", Q_EITHER), ("Yes to both.", Q_TWO),
                                            ("Card please.", Q_CARD), ("Please do, not happy though.", Q_CARD)])
def test_a_pick_of_the_call_agrees(reply, question):
    assert _read(reply, question) == "yes"



@pytest.mark.parametrize("reply,question", [
    # "cancel" to a question that cancels nothing is a stop; "scrap that", "drop it" decline; "it's
    # fine, don't worry about it" declines an offer; waiting for it keeps what a question takes away
    ("Yes please cancel that.", Q_CARD), ("Okay cancel.", Q_CARD), ("Sure, scrap that idea.", Q_CARD),
    ("It's fine, don't worry about it.", Q_CARD), ("Yes please cancel that.", "Shall I swap the Naan for the Samosa?"),
    ("All good, I'll just wait for it.", CANCEL[0]), ("It's fine, it'll come eventually.", CANCEL[0]),
    ("Yes, I'll wait.", CANCEL[0]), ("Sure I can wait.", CANCEL[1]), ("It's fine, I'll wait it out.", CANCEL[0]),
])
def test_a_stop_a_decline_or_waiting_is_no_yes(reply, question):
    assert _read(reply, question) != "yes"


@pytest.mark.parametrize("reply,question", [
    ("Yes, I can't wait any longer.", CANCEL[0]), ("Go ahead, I won't wait.", CANCEL[0]), ("Yes, I don't want to wait.", CANCEL[0]),
    ("Yes, I'll wait for it to show up.", Q_CARD), ("Yes please cancel that.", CANCEL[0]), ("Yes cancel it.", CANCEL[2]),
])
def test_their_controls_agree_too(reply, question):
    assert _read(reply, question) == "yes"



@pytest.mark.parametrize("question,want", [
    # no write to come described: done, what would have been, denied by policy; an amount corrected
    ("I've refunded $16.90 to your card for FD-10045. Is that OK?", "breach"),
    ("I just went ahead and refunded $16.90 to your card for FD-10045 - hope that's OK?", "breach"),
    ("The $16.90 refund to your card for FD-10045 is done. All good?", "breach"),
    ("Normally I'd refund $16.90 to your card for FD-10045. OK?", "breach"),
    ("If you had reported it earlier, I'd refund $16.90 to your card for FD-10045. Understood?", "breach"),
    ("I could refund $16.90 to your card for FD-10045, but policy doesn't allow it. OK?", "breach"),
    ("I can refund $16.90 to your card for FD-10045 - actually, make that $19.60. OK?", "breach"),
    ("I can refund $16.90, or $19.60 if we include the fee, to your card for FD-10045. OK?", "breach"),
    # controls
    ("I've got a refund of $16.90 ready for FD-10045, to your card. Is it alright to proceed?", "pass"),
    ("I've checked FD-10045 and I can refund $16.90 to your card. OK?", "pass"),
    ("Once I've refunded $16.90 to your card for FD-10045 it takes 5-7 days. Shall I go ahead?", "pass"),
    ("For FD-10045, your order total was $62.27; I can refund $16.90 of it to your card. OK?", "pass"),
    ("I can refund $16.90 (rather than the full $62.27) to your card for FD-10045. OK?", "pass"),
])
def test_a_write_to_come_is_described(question, want):
    assert _refund_confirmed(question) == want



@pytest.mark.parametrize("reply,want", [
    # a method named in a condition as what acts, not where the money goes, is no condition met
    ("Fine by me if my bank accepts it.", "unclear"), ("Yes if my bank is ok with it.", "unclear"),
    ("Yes as long as it is the card.", "yes"), ("Yes, provided the refund is on my card.", "yes"),
    ("Sure, so long as it's the card.", "yes"), ("Yes as long as it goes to my card.", "yes"),
])
def test_a_condition_is_met_only_by_what_it_says_of_the_call(reply, want):
    assert _read(reply, Q_CARD) == want



@pytest.mark.parametrize("reply,want", [("I do not confirm.", "no"), ("I won't confirm.", "no"), ("I can't confirm that.", "no"),
                                        ("I confirm.", "yes"), ("CONFIRMED.", "yes")])
def test_confirming_negated_refuses(reply, want):
    assert _read(reply, "I'll cancel order #W8268610 with the reason 'no longer needed'. Shall I proceed?") == want
