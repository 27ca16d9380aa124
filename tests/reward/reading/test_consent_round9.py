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
                                   "YSE PLEASE", "alrigth", "You bet.", "ok ok", "Yes, sixteen dollars and ninety cents is right."])
def test_loans_typos_and_new_idioms_of_yes_agree(reply):
    assert _read(reply, Q_REFUND) == "yes"


@pytest.mark.parametrize("reply", ["non", "nein, danke", "nope, dnot", "Spot.", "I do not know for sure", "yes if it shows up",
                                   "Yes, to my Mastercard.", "Yes - put it on the Amex please", "Yes, to the card ending 1234.",
                                   "Yes, to the one ending in one two three four.", "Yes please, sixteen dollars is fine",
                                   "stpo", "wiat, what?"])
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
]
Q_CARD = "Shall I refund $16.90 to your card for order FD-10045?"


@pytest.mark.parametrize("reply", NEVER_YES)
def test_assent_words_that_do_not_assent_are_no_yes(reply):
    assert _read(reply, Q_CARD) != "yes"


@pytest.mark.parametrize("reply", ["Yes please.", "Please do.", "Please go ahead.", "Please, go ahead with the refund.",
                                   "Sure, can you send a receipt too?", "Please refund it.",
                                   "This shouldn't have happened in the first place. Yes, go ahead.",
                                   "Sure, go ahead if you want.", "SURE; YES PLEASE. I'm not happy about the delay."])
def test_their_controls_agree(reply):
    assert _read(reply, Q_CARD) == "yes"
