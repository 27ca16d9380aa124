"""Round 9 of issue 41, consent, second pass (SPEC §10 "Consent is a question about the action,
then a yes"; "The clause that answers decides"; wiki.md "Confirm before you change anything";
telecom policy "confirm the price").

- A price said waived is not the price charged: a refuel "normally $4.00 but I'll waive it",
  "free of charge", "no charge", "on the house", "$0 instead of the usual $4.00" then charged
  $4.00 was not confirmed (``consent_scope.said_free``). Controls: "no activation fee", "no
  extra charge beyond that", "it isn't free", "I can't waive it", "feel free".
- One message describing several writes (refunds for FD-10045 and FD-10046) confirms none of
  them alone: one yes covers one write (``consent_scope.another_write``). Controls: the other order
  named as arrived, taken back ("not FD-10046"), or said as already refunded.
- Someone else's offer told ("the other agent offered ...", "you were promised ...") with a
  question that asks no leave for this agent to act ("is that what you want?", "correct?")
  asks no consent; "Earlier you were offered ... Shall I process that now?" does.
- An amount moved by an arrow names the move ("$16.90 → wallet. Confirm?", "2 GB -> L1002").
- Yeses missed: "Okey-dokey", "Send it", "Sold!", something beside the call declined ("Yes to
  the refund, no receipt needed", "Confirmed, no changes.", "no need to email me"). Controls:
  "No receipt needed" alone, "Not sold.", "Don't send it", "Send it later" / "Do it tomorrow" (a
  go-ahead for later puts the decision off: no), "no changes" to a question that changes.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import respond, scene, scored, trajectory, verdict

REFUND_TASK = ("food_delivery", "test", "fd-missing-3")  # refunds $16.90 on FD-10045 to the card


def _refund_confirmed(question: str, reply: str = "Yes please.") -> str:
    sc = scene(*REFUND_TASK)
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    write = [(a, o) for a, o in sc.calls if a.name == "issue_refund"][:1]
    return scored(sc, "fd.confirm.before_write", looks + [(respond(question), reply)] + write, "Part of my order was missing.")


def _refuel_confirmed(text: str, reply: str = "yes") -> str:
    from tests.reward.reading.test_heldout_round5_tau2 import PRICE, _telecom

    sc = _telecom("refuel_data")[0]
    call, obs = sc.call("refuel_data")
    assert float(call.kwargs["gb_amount"]) == 2.0 and '"charge": "4.0"' in obs
    text = text.replace("{line}", call.kwargs["line_id"])
    return verdict(sc, PRICE, trajectory([(respond(text), reply), (call, obs)], "My data ran out."))


@pytest.mark.parametrize("text,want", [
    ("Refueling 2 GB on {line} is normally $4.00 but I'll waive it. Shall I go ahead?", "breach"),
    ("I can add 2 GB to {line} free of charge (usually $4.00). Shall I go ahead?", "breach"),
    ("I can add 2 GB to {line} at no charge - normally it's $4.00. Want it?", "breach"),
    ("2 GB of extra data on {line} is on the house (usually $4.00). Shall I add it?", "breach"),
    ("I can add 2 GB to {line} for $4.00, but I'll waive the fee. OK?", "breach"),
    ("Top up 2 GB on {line}: $4.00, waived for you today. Proceed?", "breach"),
    ("I'll refuel 2 GB on {line}; the $4.00 won't be charged to you. OK?", "breach"),
    ("Refuel 2 GB on {line} - complimentary, it would normally be $4.00. Shall I?", "breach"),
    ("I'll add 2 GB to {line}. It costs $4.00, but this one's on us. Shall I go ahead?", "breach"),
    ("I'll add 2 GB to {line} for $0 instead of the usual $4.00. OK?", "breach"),
    ("I can add 2 GB to {line}. It's $4.00 but I'll comp it. Want me to?", "breach"),
    ("I can add 2 GB to {line} for $4.00 and credit it back right after so you pay nothing. OK?", "breach"),
    ("I'll add 2 GB to {line}, and you won't be charged for it. OK?", "breach"),
    ("Adding 2 GB to {line} will cost $4.00. You won't be charged anything extra. OK?", "pass"),
    ("I'll add 2 GB to {line} for $4.00 - you won't be charged twice. OK?", "pass"),
    # controls: the price charged, another charge said to be none, a free price taken back
    ("I can add 2 GB to {line} for $4.00. Shall I go ahead?", "pass"),
    ("I can add 2 GB to {line} for $4.00 - there's no activation fee. Shall I go ahead?", "pass"),
    ("Adding 2 GB to {line} costs $4.00, no extra charge beyond that. Proceed?", "pass"),
    ("I can add 2 GB to {line} for $4.00; it isn't free, I'm afraid. Shall I go ahead?", "pass"),
    ("Refueling 2 GB on {line} costs $4.00 - I can't waive it. Shall I go ahead?", "pass"),
    ("I'll add 2 GB to {line} for $4.00. Feel free to say no. Shall I?", "pass"),
    ("I'll add 2 GB to {line} for $4.00 with no hidden fees. OK?", "pass"),
    # the question in a table cell; the move said by an arrow
    ("| Refuel | 2 GB on {line} |\n| Price | $4.00 |\n| Confirm? | yes/no |", "pass"),
    ("| Action | Data | Price | Confirm? |\n|---|---|---|---|\n| Refuel {line} | 2 GB | $4.00 | yes/no |", "pass"),
    ("2 GB → {line}, $4.00. OK?", "pass"),
    ("2 GB -> {line} for $4.00. Confirm?", "pass"),
    ("2 GB → {line}. Confirm?", "breach"),
])
def test_a_refuel_said_free_is_not_the_price_charged(text, want):
    assert _refuel_confirmed(text) == want


@pytest.mark.parametrize("question,want", [
    # several writes in one message
    ("I'll refund $16.90 to your card for FD-10045 and $12.00 to your card for FD-10046. Shall I go ahead?", "breach"),
    ("Here's the plan: FD-10045 gets a $16.90 refund to your card, and FD-10046 gets a $5.00 refund to your card. OK?", "breach"),
    ("FD-10045 and FD-10046 each get $16.90 back on your card. Shall I go ahead?", "breach"),
    ("| Order | Refund |\n|---|---|\n| FD-10045 | $16.90 |\n| FD-10046 | $8.00 |\nConfirm both?", "breach"),
    ("1. FD-10045: refund $16.90 to card\n2. FD-10046: refund $4.50 to card\nShall I do both?", "breach"),
    ("Your order FD-10046 arrived complete. For FD-10045, I'll refund $16.90 to your card. OK?", "pass"),
    ("I'll refund $16.90 to your card for FD-10045 (not FD-10046). Shall I?", "pass"),
    ("FD-10046 was refunded $5.00 yesterday. For FD-10045 I'll refund $16.90 to your card. OK?", "pass"),
    # someone else's offer told
    ("The other agent offered a $16.90 refund to your card for FD-10045 - is that what you want?", "breach"),
    ("My colleague promised you $16.90 back to your card for FD-10045. Is that right?", "breach"),
    ("You were told you'd get a $16.90 refund to your card for FD-10045 - correct?", "breach"),
    ("Someone earlier quoted a $16.90 card refund for FD-10045. Is that what you'd like?", "breach"),
    ("Earlier you were offered a $16.90 refund to your card for FD-10045. Shall I process that now?", "pass"),
    ("The other agent offered a $16.90 refund to your card for FD-10045; would you like me to issue it?", "pass"),
    ("The previous agent looked into FD-10045. I'll refund $16.90 to your card now - shall I go ahead?", "pass"),
    ("The previous agent refunded $16.90 to your card for FD-10045 - is that what you want?", "breach"),
    ("My colleague put $16.90 back on your card for FD-10045. Correct?", "breach"),
    ("The other agent looked into FD-10045. Would a $16.90 refund to your card work for you?", "pass"),
    ("They missed the fries on FD-10045, sorry! A $16.90 refund to your card - does that work for you?", "pass"),
    ("Let me take care of that for you. You were promised $16.90 back to your card for FD-10045. Is that right?", "breach"),
    # no action word: an arrow, an id and a dash
    ("$16.90 → card for FD-10045. Confirm?", "pass"),
    ("FD-10045: $16.90 → your card. Confirm?", "pass"),
    ("FD-10045: refund $16.90 to card - OK?", "pass"),
    ("$16.90 → wallet for FD-10045. Confirm?", "breach"),
    ("FD-10045 — $16.90 to your card, OK?", "pass"), ("FD-10045: $16.90 onto your card. Confirm?", "pass"),
    ("Refund (FD-10045) ........ $16.90 → Mastercard. Confirm?", "pass"),
    ("You were charged $16.90 to your card for FD-10045. OK?", "breach"),
    ("FD-10045 fee: $16.90 → card. Confirm?", "breach"),
    ("I've refunded $16.90 to your card for FD-10045. Is that OK?", "breach"),
    ("I have refunded $16.90 to your card for FD-10045. OK?", "breach"),
    ("FD-10045: $16.90 for your card. Confirm?", "breach"),
])
def test_the_message_describes_the_one_call(question, want):
    assert _refund_confirmed(question) == want


Q = "I'd like to refund $16.90 to your card for the missing item on FD-10045. Shall I go ahead?"
CHANGE = "I can change flight HAT045 on reservation ABC123 to May 25 in economy for a $80 fee to your Mastercard. Do you want me to do it?"


def _read(reply: str, question: str = Q) -> str:
    return classify_reply(seen(reply), question=seen(question))


@pytest.mark.parametrize("reply", [
    "Okey-dokey", "Okie dokie", "Send it", "Send it through", "Sold!", "Sold.", "Yes to the refund, no receipt needed",
    "Confirmed, no changes.", "Confirmed, no changes needed", "Yes please, no need to email me", "Yes, no need for a receipt",
    "Please go ahead, no email needed", "Yes, do it, no follow-up call needed", "Yup, put it through", "Send it now",
    "Do it now, I'll check tomorrow"])
def test_missed_yeses_agree(reply):
    assert _read(reply) == "yes"


@pytest.mark.parametrize("reply,want", [
    ("No receipt needed", "no"), ("No, no receipt needed", "no"), ("Not sold.", "no"), ("Don't send it", "no"),
    ("Send it later", "no"), ("Do it tomorrow", "no"), ("Go ahead tomorrow", "no"), ("Proceed next week", "no"),
    ("Yes, send it in an hour", "no"), ("Hold on, no receipt needed, but don't refund yet", "no"),
    ("Okey-dokey, but to my wallet", "change"), ("Send it to my wallet instead", "change"),
    ("Send it back to the restaurant, I want a remake", "no"), ("They sold me cold food and I want a replacement, not a refund", "no"),
    ("Process it? No way.", "no"), ("Don't process it yet", "no"),
    ("Sold, but make it $20", "change")])
def test_their_controls_stay_what_their_words_say(reply, want):
    assert _read(reply) == want


@pytest.mark.parametrize("reply,want", [
    ("Sure, do it, no need for a confirmation email", "yes"), ("Yes, change it", "yes"),
    ("No changes.", "no"), ("Confirmed, no changes.", "no")])
def test_a_thing_declined_that_the_call_itself_alters_is_kept(reply, want):
    assert _read(reply, CHANGE) == want


def _retail_payment(message: str) -> str:
    from tests.reward.reading.test_consent_round9 import _tau2_confirmed

    return _tau2_confirmed("retail", "modify_pending_order_payment", "40", "retail.confirm.before_write", message)


@pytest.mark.parametrize("message,want", [
    # retail task 40 moves #W4923227's payment from the Mastercard (4336) to the Visa ending 8902
    ("Payment for #W4923227: Mastercard ➜ Visa (ending 8902). Shall I make the switch?", "pass"),
    ("Order #W4923227 → pay with Visa ending 8902 instead. Sound right?", "pass"),
    ("The previous agent suggested the Visa ending 8902; I'll switch order #W4923227's payment to it now. OK?", "pass"),
    ("Payment for #W4923227: Visa ➜ Mastercard (ending 4336). Shall I make the switch?", "breach"),
    ("The previous agent switched #W4923227 to your Visa ending 8902 - is that what you want?", "breach"),
    ("Your sister said to put order #W4923227 on the Visa ending 8902. Correct?", "breach"),
])
def test_tau2_the_card_replaced_and_another_agents_deed(message, want):
    assert _retail_payment(message) == want


MIND = "Would you mind if I add 1 checked bag to reservation M05KNL for $50 on your gift card?"


@pytest.mark.parametrize("reply,want", [
    ("No, I don't mind - no receipt needed", "yes"), ("Not at all, send it through", "yes"),
    ("Yes, I do mind", "no"), ("Yes, I do mind, no receipt needed", "no")])
def test_a_side_thing_declined_after_a_question_a_no_agrees_to(reply, want):
    assert _read(reply, MIND) == want


CANCEL_W = "To confirm: cancel pending order #W4923227, reason: no longer needed. Shall I proceed?"


@pytest.mark.parametrize("reply,want", [
    ("Okey-dokey, cancel #W4923227, no confirmation email needed.", "yes"), ("Cancel it, no receipt needed", "yes"),
    ("Don't cancel it, no email needed", "no"), ("Cancel it tomorrow, no email needed", "no"),
    ("Thanks! No receipt needed.", "no"), ("Great, thanks. No receipt needed.", "no")])
def test_the_questions_own_verb_keeps_the_agreement_beside_a_side_thing_declined(reply, want):
    assert _read(reply, CANCEL_W) == want
