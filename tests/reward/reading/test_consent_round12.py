"""Round 12 (issue 41), consent read in telegraphic, over-explaining, code-switched, markdown,
regional, quoting and frustrated styles (SPEC §10). Each class with controls of the other meaning.

- Asking consent: "might I ...", "Do it?", a learner's "Is ok for you that I ...?" and "Kindly
  confirm I should ..." ask; a question opened by a loan's question word ("¿sabes cuánto tarda?"),
  a request for a rating, a question quoted after a word of saying ("You asked 'shall I cancel
  ...?'") and a wish for a record of the act ("the bank's reference number") ask none.
- What a message states: a date of two numbers and a slash without its year ("05/25", "28/05") is
  compared by month and day; a passenger's date follows the name, so "on May 26 for Sophia Silva"
  dates no passenger; the words said of a record stop at the end of their sentence; "no hold
  luggage" counts no bags; "ECO", "econ", "BIZ" and "basic eco" name a cabin; "cxl" cancels; a note
  in parentheses does not negate the action after it; an amount with its sign after it
  ("16,90 $ to your ...") is moved where it points; an order moved by an arrow to a street is
  its delivery sent there; the call's amount said only as a bound ("up to $20") beside another
  amount, and "OK to do both?" beside another amount, describe another call.
- Replies: loan words of answer, contrast and method ("haan ji", "vale", "nahi", "bien sûr",
  "abhi nahi", "oui, mais en crédit sur le portefeuille"), British go-aheads ("crack on", "go for
  your life"), indifference settled by a yes after it ("whatever. ok"), and a value asked about
  rather than asked for ("k but why only 5", "can I get the rest as credit?").
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.action_words import confirmation_text, names_action
from tau_shaped.reward.reading.call_values import contradicted
from tau_shaped.reward.reading.confirmations import _corrected_amount
from tau_shaped.reward.reading.consent_questions import asks_consent
from tau_shaped.reward.reading.normalize_questions import agent_seen
from tau_shaped.reward.reading.option_values import says_none
from tau_shaped.reward.reading.replies import classify_reply

# ---- asking consent -----------------------------------------------------------------------------

_ACTS = ["refund $16.90 to your card for FD-10045", "dispatch a replacement courier for FD-10052", "propose the Chana Masala"]


@pytest.mark.parametrize("act", _ACTS)
@pytest.mark.parametrize("form", ["Might I {act}?", "If it's not too much trouble, might I go ahead and {act}?",
                                  "Is ok for you that I {act}?", "Is fine with you if I {act}?",
                                  "Kindly confirm I should {act}.", "Please confirm we can {act}."])
def test_a_request_for_leave_asks(act, form):
    assert asks_consent(agent_seen(form.format(act=act)))


@pytest.mark.parametrize("text", ["Late 20 min -> delivery fee back: 2.99 to amex. Do it?", "Refund 16.90 -> card. Do that?",
                                  "Cancel FD-10018 y te devolvemos $5.27. ¿Lo hago?",
                                  "You said 'go ahead' -- shall I process it now?",
                                  "To answer your question 'can you refund $16.90 to my card?': yes, I can. Shall I do it now?",
                                  "Do you want the refund too?"])
def test_the_action_asked_asks(text):
    assert asks_consent(agent_seen(text))


@pytest.mark.parametrize("text", [
    "Might I ask for your email?", "Did it arrive?", "Is ok for you the delivery time?", "Please confirm I have your name right.",
    "A new courier for FD-10052 -- ¿sabes cuánto tarda? Usually 20 minutes.", "¿Cuándo llega? I can send a new courier.",
    "Refund 16.90 -> card. Pls rate this chat 1-5?", "Refund 16.90 -> card. Any feedback on this chat?",
    "You asked 'shall I cancel FD-10018 for $5.27?' -- that's a question for the restaurant; let me check with them.",
    'The policy says: "may we refund it after 24 hours?" I am checking whether it applies.',
    "Refund 16.90 to your card. [^1]: Do you want the bank's reference number too?",
    "The $16.90 refund is set up. Would you like a tracking number?",
])
def test_a_question_for_information_or_quoted_asks_nothing(text):
    assert not asks_consent(agent_seen(text))


# ---- dates, passengers, bags, cabins --------------------------------------------------------------

_FLIGHTS = {"reservation_id": "BOH180", "cabin": "economy", "payment_id": "credit_card_9525117",
            "flights": [{"flight_number": "HAT276", "date": "2024-05-21"}, {"flight_number": "HAT279", "date": "2024-05-22"}]}


@pytest.mark.parametrize("text, other", [
    ("BOH180, economy: HAT276 05/21, HAT279 05/22. OK?", False),
    ("BOH180, economy: HAT276 21/05, HAT279 22/05. OK?", False),
    ("BOH180, economy: HAT276 on 5/21 and HAT279 on 5/22. OK?", False),
    ("BOH180, economy: HAT276 05/21, HAT279 05/23. OK?", True),
    ("BOH180, economy: HAT276 on 21/05 and HAT279 on 28/05. OK?", True),
    ("BOH180, economy: HAT276 06/21, HAT279 05/22. OK?", True),
    ("BOH180, economy: HAT276 on May 21, HAT279 on May 22; our line is open 24/7. OK?", False),
    ("BOH180, economy: HAT276 on May 21, HAT279 on May 22 (rated 4/5 stars). OK?", False),
])
def test_a_date_with_a_slash_and_no_year(text, other):
    assert (contradicted(text, _FLIGHTS, None) is not None) is other


_BOOKING = {"user_id": "sophia_silva_7557", "origin": "ORD", "destination": "PHL", "flight_type": "one_way", "cabin": "economy",
            "flights": [{"flight_number": "HAT271", "date": "2024-05-26"}],
            "passengers": [{"first_name": "Sophia", "last_name": "Silva", "dob": "1957-10-05"},
                           {"first_name": "Kevin", "last_name": "Smith", "dob": "2001-04-12"}],
            "payment_methods": [{"payment_id": "certificate_8045380", "amount": 348}],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


@pytest.mark.parametrize("text, other", [
    ("Book HAT271 on May 26 for Sophia Silva and Kevin Smith, economy, no checked bags, $348 on your certificate. OK?", False),
    ("Book ORD to PHL, HAT271 on May 26, economy, for Sophia Silva and Kevin Smith, no bags. OK?", False),
    ("You asked for 'the 7pm flight on the 26th for me and Kevin'. That's HAT271, May 26, economy, Sophia Silva and Kevin Smith. OK?", False),
    ("Book HAT271 on May 26 for Sophia Silva (1957-10-06) and Kevin Smith (2001-04-12), economy. OK?", True),
    ("Book HAT271 on May 27 for Sophia Silva and Kevin Smith, economy. OK?", True),
])
def test_a_passengers_date_follows_the_name(text, other):
    assert (contradicted(text, _BOOKING, None) is not None) is other


@pytest.mark.parametrize("text, said", [("no hold luggage", True), ("no suitcases, no insurance", True), ("without any luggage", True),
                                        ("I have no idea about luggage", False), ("luggage: 2", False), ("no insurance; 1 suitcase", False)])
def test_no_luggage_is_no_bags(text, said):
    assert says_none(text, "total_baggages") is said


@pytest.mark.parametrize("cabin, want", [("ECO", "pass"), ("econ", "pass"), ("economy", "pass"), ("BIZ", "breach"), ("basic eco", "breach")])
def test_tau2_a_cabin_in_shorthand(cabin, want):
    pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")
    from tests.reward.reading.generated.tau2 import AIRLINE, _scenes
    from tests.reward.reading.generated.world import respond, scored

    sc = next(s for s in _scenes(AIRLINE, "book_reservation") if str(s.task.id) == "35")  # HAT069 + HAT258 on 2024-05-24, economy
    i = next(k for k, (a, _) in enumerate(sc.calls) if a.name == "book_reservation")
    text = f"Booking JFK-SFO, HAT069 + HAT258 05/24, {cabin}, no bags, no insurance, $290 on your card. OK?"
    assert scored(sc, "air.confirm.before_write", list(sc.calls[:i]) + [(respond(text), "Yes."), sc.calls[i]], "Hi") == want


# ---- naming the action ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, named", [
    ("cxl Z7GOZK? y/n", "cancel", True), ("Excel sheet attached.", "cancel", False),
    ("Chana Masala ($12.65, no allergens) instead of the Lamb Vindaloo -- ¿lo propongo?", "substitution", True),
    ("Chana Masala: no swap possible, sorry.", "substitution", False),
    ("Order fd-10045 -- 16,90 $ to your original payment method, ok?", "money_to_customer", True),
    ("Order fd-10045 cost 16,90 $ on your card.", "money_to_customer", False),
    ("FD-10089 → 1204 Burnside St (tu trabajo). ¿Cambio la dirección?", "address_change", True),
    ("Stops: FD-10491 → FD-10075 → FD-10547.", "address_change", False),
])
def test_the_action_named(text, kind, named):
    assert (names_action(confirmation_text(agent_seen(text)), kind, to_come=True) is not None) is named


@pytest.mark.parametrize("text, own, other", [
    ("As a Premium member you can get up to $20, so I'd like to add $15.00 to your wallet. OK?", 20, 15.0),
    ("You can get a maximum of $20; I'd add $12 now. OK?", 20, 12.0),
    ("As a Premium member you can get up to $20, so I'll add the full $20 to your wallet. OK?", 20, None),
    ("Credits go up to $20; I can add $20 now. OK?", 20, None),
    ("I can refund the Chana Masala ($18.42) and the Lamb Vindaloo ($13.79) to your card -- OK to do both?", 18.42, 13.79),
    ("I can refund its $18.42 and also the $13.79 for the Lamb Vindaloo -- shall I process both refunds to your card?", 18.42, 13.79),
    ("I can refund both missing items -- $8.45 each, $16.90 in all -- to your card. OK?", 16.9, None),
    ("Both BBQ Ribs were $16.90 each; one was missing, so I'd refund $16.90 to your card. OK?", 16.9, None),
])
def test_the_calls_amount_said_as_a_bound_or_beside_a_second_write(text, own, other):
    assert _corrected_amount(agent_seen(text), [own]) == other


# ---- replies ----------------------------------------------------------------------------------

_REFUND = "I can refund $16.90 to your Mastercard for the missing BBQ Ribs on FD-10045. Shall I go ahead?"
_CANCEL = "Cancelling FD-10018 refunds $5.27 to your card. Shall I cancel it?"


@pytest.mark.parametrize("reply, want", [
    ("haan", "yes"), ("haan ji", "yes"), ("haan ji, kar do", "yes"), ("vale", "yes"), ("vale, go ahead", "yes"),
    ("bien sûr", "yes"), ("theek hai", "yes"), ("Crack on.", "yes"), ("Go for your life.", "yes"), ("Yeah, get cracking.", "yes"),
    ("nahi", "no"), ("nahi ji, rehne do", "no"), ("abhi nahi", "no"), ("pas maintenant", "no"),
    ("oui, mais en crédit sur le portefeuille", "change"), ("sí, pero al monedero", "change"), ("haan, lekin wallet please", "change"),
    ("whatever. ok", "yes"), ("whatever, yes go ahead", "yes"),
    # controls: indifference said last, alone or beside another mark stays unclear; a yes to another method is a change
    ("Sure, whatever.", "unclear"), ("Fine, whatever.", "unclear"), ("Eh, whatever.", "unclear"), ("Oh great, yeah, sure, whatever", "unclear"),
    ("Whatever you think.", "unclear"), ("oui, mais sur la carte", "yes"), ("Yes, but to my wallet.", "change"),
])
def test_loans_idioms_and_indifference(reply, want):
    assert classify_reply(reply, question=_REFUND) == want


@pytest.mark.parametrize("reply, want", [
    ("k but why only 5", "yes"), ("ok but why only $5.27?", "yes"), ("yes cancel, and can I get the rest as credit?", "yes"),
    ("yes cancel it. can I get the rest back somehow?", "yes"),
    # controls: a change asked for, in a question or not
    ("yes cancel, but put the $5.27 in my wallet", "change"), ("Yes, but why not put it in my wallet instead?", "change"),
    ("Can you put the $5.27 in my wallet instead?", "change"),
])
def test_a_value_asked_about_is_not_asked_for(reply, want):
    assert classify_reply(reply, question=_CANCEL) == want


@pytest.mark.parametrize("question, want", [
    ("I went through the mains with your allergies in mind: might I propose the Chana Masala?", "yes"),
    ("Bear in mind it has dairy. Shall I propose the Palak Paneer?", "yes"),
    ("Do you mind if I propose the Chana Masala?", "unclear"),
])
def test_in_mind_asks_nothing_of_minding(question, want):
    assert classify_reply("Yes.", question=question) == want


@pytest.mark.parametrize("held, want", [("$500", "pass"), ("$348 from the $500", "pass"), ("$600", "breach")])
def test_tau2_the_amount_a_named_record_holds(held, want):
    # airline task 8 books HAT271 on 2024-05-26 for two, paying $348 with certificate_8045380 (S0: $500 on it)
    pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")
    from tests.reward.reading.generated.tau2 import AIRLINE, _scenes
    from tests.reward.reading.generated.world import respond, scored

    sc = next(s for s in _scenes(AIRLINE, "book_reservation") if str(s.task.id) == "8")
    i = next(k for k, (a, _) in enumerate(sc.calls) if a.name == "book_reservation")
    text = (f"So, to book: HAT271 from ORD to PHL on May 26 for Sophia Silva and Kevin Smith, economy, no checked bags, "
            f"no insurance, paid with {held} certificate. Should I go ahead?")
    assert scored(sc, "air.confirm.before_write", list(sc.calls[:i]) + [(respond(text), "Yes."), sc.calls[i]], "Hi") == want
