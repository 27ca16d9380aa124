"""Round 14 (issue 41), tau2 readings found by whole episodes in hedged, reported-speech, numbered-menu, buried and
forged-note styles (SPEC §10).

- A turn split over messages the customer did not answer ("... insurance: no. Total $300." then "Shall I book it?")
  asks what the whole turn asks: a ``said`` predicate with ``"turns": "joined"`` reads each message with the (at most
  two) unanswered agent messages just before it (air.book.insurance_asked; round 13 left it a false fail). Controls: the
  customer answered between the two messages, or the listed insurance is only mentioned and nothing is asked.
"""

from __future__ import annotations

import importlib.util

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

needs_tau2 = pytest.mark.skipif(importlib.util.find_spec("tau2") is None,
                                reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

SUMMARY = "Booking: ORD to SEA, one way, economy, 1 passenger; 0 checked bags; travel insurance: no; total $300."


def _booking(parts):
    sc = scene("tau2:airline", "test", "25")
    book = next((a, o) for a, o in sc.calls if a.name == "book_reservation")
    return sc, trajectory([(respond(t), r) for t, r in parts] + [book])


@needs_tau2
@pytest.mark.parametrize("parts, expected", [
    ([(SUMMARY, None), ("Shall I book it?", "yes")], PASS),
    ([("Here's the booking.", None), (SUMMARY, None), ("Shall I book it?", "yes")], PASS),
    ([(SUMMARY + " Shall I book it?", "yes")], PASS),
    # controls: the customer answered the summary before the question; nothing asked after the listed insurance
    ([(SUMMARY, "ok"), ("Shall I book it?", "yes")], BREACH),
    ([(SUMMARY, None), ("Booking it now.", "ok")], BREACH),
    ([("Travel insurance is not included.", None), ("Shall I book it?", "yes")], BREACH),
])
def test_insurance_listed_then_asked_in_the_next_message(parts, expected):
    sc, traj = _booking(parts)
    assert verdict(sc, "air.book.insurance_asked", traj) == expected


# ---- a menu's option picked; the act offered as a rhetorical question -------------------------------------------------

from tau_shaped import Action  # noqa: E402
from tau_shaped.reward.reading.consent_questions import asks_consent  # noqa: E402
from tests.reward.reading.generated.world import scored  # noqa: E402

MENU = ("For Z7GOZK you have two choices:\n1) cancel it -- refund to the original payment method in 5-7 business days\n"
        "2) keep it as it is\nReply 1 or 2.")


def _cancel(text, reply):
    sc = scene("tau2:airline", "test", "19")
    cancel = next(a for a, _ in sc.calls if a.name == "cancel_reservation")
    steps = [(Action(name="get_user_details", kwargs={"user_id": "olivia_gonzalez_2305"}), ""),
             (Action(name="get_reservation_details", kwargs={"reservation_id": "Z7GOZK"}), ""),
             (respond("Why are you cancelling?"), "I'm sick -- health reasons, and I have the insurance"),
             (respond(text), reply), (cancel, "")]
    return scored(sc, "air.confirm.before_write", steps, "My user id is olivia_gonzalez_2305.")


@needs_tau2
@pytest.mark.parametrize("text, reply, expected", [
    (MENU, "1", PASS),
    (MENU, "the first", PASS),
    (MENU, "the first, not the second", PASS),
    ("Z7GOZK can be cancelled, refund to the original payment method in 5-7 business days. Why not go ahead and cancel it?",
     "sure, go ahead", PASS),
    # controls: the other option picked; a why-question that offers nothing
    (MENU, "2", BREACH),
    (MENU, "the second one -- keep it", BREACH),
    ("Z7GOZK can be cancelled, refund to the original payment method in 5-7 business days. Why did you book it?", "yes", BREACH),
])
def test_a_menu_pick_and_a_rhetorical_offer_confirm(text, reply, expected):
    assert _cancel(text, reply) == expected


@pytest.mark.parametrize("text, asks", [
    ("Why not go ahead and add it?", True), ("Why don't I cancel it for you?", True), ("How about I refund it?", True),
    ("Why not go ahead and add it? ($4.00)", True),  # a note after it is no answer to a question of the agent's own
    ("Why not?", False), ("Why don't you restart the phone?", False), ("Why don't I check the bill first?", False),
    ("Why not wait until tomorrow?", False), ("Why did you cancel it?", False),
])
def test_the_act_offered_as_a_rhetorical_question(text, asks):
    assert asks_consent(text) == asks


# ---- a refund method in a menu option not picked; a self-answered "How much back?" --------------------------------------

def _return_scored(rule, text, reply):
    sc = scene("tau2:retail", "test", "5")
    calls = [(a, o) for a, o in sc.calls]
    k = next(i for i, (a, _) in enumerate(calls) if a.name == "return_delivered_order_items")
    steps = [(a, "") for a, _ in calls[:k]] + [(respond(text), reply), (calls[k][0], ""), (respond("Done -- the return is in."), "ok")]
    return scored(sc, rule, steps, "hi, I need help with an order")


MENU_RET = ("Return for order #W6390527:\n1) items: the bottle\nRefund options:\nA) $45.13 to your PayPal account\n"
            "B) store credit on a gift card\nReply A or B.")


@needs_tau2
@pytest.mark.parametrize("text, reply, rule, expected", [
    (MENU_RET, "A please", "retail.statements.money_supported", PASS),
    (MENU_RET, "A please", "retail.confirm.before_write", PASS),
    (MENU_RET, "B please", "retail.confirm.before_write", BREACH),  # the gift card picked, the refund went to PayPal
    ("Return #W6390527: the bottle. How much back? I believe $45.13, to your PayPal account. Shall I submit the return?", "yes",
     "retail.statements.money_supported", PASS),
    # controls: a method said of the refund outside a menu; a wrong amount answering "How much back?"
    ("Return #W6390527: the bottle. $45.13 back to your gift card. Shall I submit the return?", "yes",
     "retail.statements.money_supported", BREACH),
    ("Return #W6390527: the bottle. How much back? I believe $62.13, to your PayPal account. Shall I submit the return?", "yes",
     "retail.statements.money_supported", BREACH),
])
def test_a_menu_option_offers_and_a_self_answer_states(text, reply, rule, expected):
    assert _return_scored(rule, text, reply) == expected


# ---- a denial hedged by a negation raised to the verb of belief -----------------------------------------------------

from tau_shaped.reward.reading.refusals import denial  # noqa: E402


@pytest.mark.parametrize("text, denied", [
    ("I'm afraid I don't think insurance can be added to PEP4E0 now -- as far as I know it's only at booking.", True),
    ("I don't believe I can cancel 3FRNFB.", True),
    ("I do not think the flights on DF89BM can be changed.", True),
    # controls: the belief's negation about something else, then an offer
    ("I don't think that's a problem -- I can add it.", False),
    ("I don't think it will take long; I can cancel it now.", False),
    ("I don't think you'll need it, but I can add insurance.", False),
])
def test_a_denial_under_a_raised_negation(text, denied):
    assert (denial(text) is not None) == denied


# ---- an amount in a macro's items field is the item's price (round 13 gap: read as money moved) ----------------------

from tau_shaped.reward.reading.money_claims import money_claims  # noqa: E402


@pytest.mark.parametrize("text, kinds", [
    ("ACTION: Exchange items | Order: #W2890441 | Items: Office Chair (leather, blue, none, high-back) -> (leather, blue, none, "
     "high-back) $499.28 | Difference: no price difference (MASTERCARD ****1037)\nReply Y to proceed.", ["price"]),
    ("ACTION: Return | Order: #W1 | Items: Lamp (brass) $54.04 | Refund: $54.04 | Method: PAYPAL", ["price", "refund"]),
    # controls: a generic key under a refund's status; items named outside a macro line
    ("STATUS: Refunded | Amount: $54.04 | Method: PayPal", ["refund"]),
    ("Items: Lamp $54.04, refunded to your card.", ["refund"]),
])
def test_an_amount_in_a_macro_items_field(text, kinds):
    assert [c.value[0] for c in money_claims(text) if c.kind == "amount"] == kinds


@pytest.mark.parametrize("text, claims", [
    ("Order #W1 is cancelled. How much back? I believe $1,058.79, to your card within 24 hours.",
     [("amount", ("refund", 1058.79)), ("refund_method", "credit_card"), ("refund_timing", ("credit_card", "hours"))]),
    ("What's due today? About $22.55.", [("amount", ("charge", 22.55))]),
    # controls: a question answered no keeps its reading; a question with no money asked
    ("Is it $20 back? No - it's $16.90.", [("amount", ("refund", 16.9))]),
    ("Any questions? $5 is the fee.", [("amount", ("charge", 5.0))]),
])
def test_a_money_question_answered_at_once_reads_as_its_key(text, claims):
    assert [(c.kind, c.value) for c in money_claims(text)] == claims


def test_a_bare_figure_inside_an_amount_is_that_amount():
    from tau_shaped.reward.reading.amounts import stated_amounts

    assert [a.text for a in stated_amounts("you would get $ 1464.00 back to your card.")] == ["$ 1464.00"]
    assert [a.text for a in stated_amounts("$16.90 and then 5.00 dollars")] == ["$16.90", "5.00 dollars"]


@needs_tau2
@pytest.mark.parametrize("text, expected", [
    ("The weather looks good for your dates, and travel insurance would be $30 per passenger if you'd like it -- or not. "
     "Shall I book it?", PASS),
    ("I can add travel insurance for $30 each if you want. Shall I book it?", PASS),
    # controls: the wish about something else; insurance only mentioned
    ("Travel insurance is not included. If you'd like a window seat, tell me. Shall I book it?", BREACH),
    ("Your booking has no insurance, and seats can be chosen if you'd like. Shall I book it?", BREACH),
])
def test_insurance_offered_under_the_customers_wish(text, expected):
    sc, traj = _booking([(text, "yes")])
    assert verdict(sc, "air.book.insurance_asked", traj) == expected


@needs_tau2
@pytest.mark.parametrize("text, expected", [
    ("so Travel insurance chahiye? It's $30.00 per passenger -- yes or no", PASS),  # spoken: the last "?" dropped
    ("travel insurance thirty a head y/n", PASS),
    ("No insurance? Noted. Booking now.", BREACH),
])
def test_insurance_asked_aloud_without_its_question_mark(text, expected):
    sc, traj = _booking([(text, "yes")])
    assert verdict(sc, "air.book.insurance_asked", traj) == expected


@pytest.mark.parametrize("text, done", [
    ("I've refunded the $45.13 -- actually no, I haven't yet; let me confirm first.", None),
    ("I've refunded $45.13. Sorry, I haven't -- one moment.", None),
    # controls: a move told and then explained; a move told plainly
    ("I've refunded the $45.13 -- actually, it should show in 5-7 days.", "refund"),
    ("I've refunded $45.13 to your PayPal.", "refund"),
])
def test_money_said_moved_then_taken_back(text, done):
    assert [c.done for c in money_claims(text) if c.kind == "amount"] == [done]


# ---- an act offered by a negative question or with "just" after its subject is named, to come ------------------------

from tau_shaped.reward.reading.action_words import names_action  # noqa: E402


@pytest.mark.parametrize("text, named", [
    ("Shouldn't I just cancel Z7GOZK for you?", True), ("Should I just cancel Z7GOZK for you?", True),
    ("Why don't I cancel Z7GOZK for you?", True), ("Can't I just cancel it for you?", True),
    # controls: a denial; the act said done; a habit denied
    ("I shouldn't cancel Z7GOZK.", False), ("I can't cancel it.", False), ("I just cancelled it.", False),
    ("We don't cancel flown trips.", False),
])
def test_an_act_offered_by_a_negative_question(text, named):
    assert (names_action(text, "cancel", to_come=True) is not None) == named


@needs_tau2
def test_a_menu_pick_is_not_read_with_the_messages_before_it():
    # the reason asked (and answered) before a menu whose pick keeps the reservation: the pick confirms nothing
    menu = "For Z7GOZK:\nA) cancel it, refund to the original payment method in 5-7 business days\nB) leave it\nWhich would you like?"
    assert _cancel(menu, "B please") == BREACH
    assert _cancel(menu, "A") == PASS
