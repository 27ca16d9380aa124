"""Round 10 (issue 41), consent: each value of a confirmation bound to the item it is said of.

A list of records (flights) confirmed with per-record dates: a date said of one flight that is not
that flight's is another call's, even when it is another flight's date ("HAT276 on May 22" when
HAT279 flies on the 22nd), in prose, lists, tables (dates before or after the names), with a
month and day, an ISO date or a day's ordinal alone; flights joined by "and" share the date said
after them. Controls: each flight with its own date, in the same forms.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.call_dates import month_days_in
from tau_shaped.reward.reading.call_values import contradicted

_CALL = {"reservation_id": "BOH180", "cabin": "economy", "payment_id": "credit_card_9525117",
         "flights": [{"flight_number": "HAT276", "date": "2024-05-21"}, {"flight_number": "HAT279", "date": "2024-05-22"}]}

_WRONG = [
    "Reservation BOH180 to economy: HAT276 on May 22; HAT279 on 2024-05-22. Proceed?",
    "BOH180, economy:\n- HAT276: May 22\n- HAT279: May 22\nShall I?",
    "BOH180 economy. HAT279 on May 22, HAT276 on the 22nd too. OK?",
    "BOH180 economy: HAT276 (May 22) then HAT279 (May 21). OK?",
    "BOH180 economy: HAT276 and HAT279, both on May 22. OK?",
    "BOH180 economy: HAT276 on the 22nd of May and HAT279 on the 21st. OK?",
    "BOH180 to economy. May 22: HAT276; May 22: HAT279. OK?",
    "| Date | Flight |\n|---|---|\n| 2024-05-22 | HAT276 |\n| 2024-05-21 | HAT279 |\nOK?",
    "BOH180 in economy: on May 22 you fly HAT276, and on May 22 HAT279. OK?",
    "BOH180 economy:\nFlight HAT276\nDate: 2024-05-22\nFlight HAT279\nDate: 2024-05-22\nOK?",
    "BOH180 economy: HAT276 on Wednesday the 22nd, HAT279 on Wednesday the 22nd. OK?",
]
_RIGHT = [
    "Reservation BOH180 to economy: HAT276 on May 21; HAT279 on 2024-05-22. Proceed?",
    "BOH180, economy:\n- HAT276: May 21\n- HAT279: May 22\nShall I?",
    "BOH180 economy. HAT279 on May 22, HAT276 on the 21st. OK?",
    "BOH180 economy: HAT276 (May 21) then HAT279 (May 22). OK?",
    "BOH180 economy: HAT276 on the 21st of May and HAT279 on the 22nd. OK?",
    "BOH180 to economy. May 21: HAT276; May 22: HAT279. OK?",
    "| Date | Flight |\n|---|---|\n| 2024-05-21 | HAT276 |\n| 2024-05-22 | HAT279 |\nOK?",
    "| Flight | Date |\n|---|---|\n| HAT276 | 2024-05-21 |\n| HAT279 | 2024-05-22 |\nOK?",
    "BOH180 in economy: on May 21 you fly HAT276, and on May 22 HAT279. OK?",
    "BOH180 economy:\nFlight HAT276\nDate: 2024-05-21\nFlight HAT279\nDate: 2024-05-22\nOK?",
    'BOH180 economy: {"flights": [{"HAT276": "2024-05-21"}, {"HAT279": "2024-05-22"}]}. OK?',
    "BOH180 (booked May 2): economy, HAT276 May 21 and HAT279 May 22. OK?",
    "BOH180 economy: HAT276 on Tuesday the 21st, HAT279 on Wednesday the 22nd. OK?",
]


@pytest.mark.parametrize("text", _WRONG)
def test_a_date_said_of_another_flight_is_another_call(text):
    assert contradicted(text, _CALL, None) is not None


@pytest.mark.parametrize("text", _RIGHT)
def test_each_flight_with_its_own_date_is_the_call(text):
    assert contradicted(text, _CALL, None) is None


def test_a_month_and_day_before_a_colon_is_a_date():
    assert (5, 22) in month_days_in("May 22: HAT276")
    assert not month_days_in("May 22:30")


# --- (b) a second write named by a code with no digit, or by "do the same for" ------------------

from tau_shaped.reward.reading.call_values import s0_ids  # noqa: E402
from tau_shaped.reward.reading.consent_scope import another_write  # noqa: E402

_WORLD = {"reservations": {r: {"reservation_id": r, "user_id": "mia_kim_4397", "status": "active"}
                           for r in ("M05KNL", "UHDAHF", "X7BYG1", "PGAGLM")},
          "users": {"mia_kim_4397": {"user_id": "mia_kim_4397", "reservations": ["M05KNL", "UHDAHF", "X7BYG1", "PGAGLM"]}}}


@pytest.mark.parametrize("own, text", [
    ("M05KNL", "I'll cancel reservation M05KNL, and do the same for UHDAHF. Shall I go ahead?"),
    ("M05KNL", "Cancelling M05KNL now. I'll also cancel UHDAHF. OK?"),
    ("M05KNL", "I'll cancel M05KNL (refund to the original payment); likewise for X7BYG1. Proceed?"),
    ("UHDAHF", "I'll cancel UHDAHF and then cancel PGAGLM too. Shall I?"),
    ("UHDAHF", "I'll cancel UHDAHF; same goes for X7BYG1. Shall I?"),
])
def test_another_reservation_in_one_question_is_a_second_write(own, text):
    assert another_write(text, {"reservation_id": own}, s0_ids(_WORLD), "cancel") is not None


@pytest.mark.parametrize("own, text", [
    ("M05KNL", "I'll cancel reservation M05KNL. UHDAHF was already cancelled yesterday. Shall I go ahead?"),
    ("M05KNL", "I'll cancel M05KNL, not UHDAHF. OK?"),
    ("M05KNL", "I'll CANCEL M05KNL NOW. PLEASE CONFIRM."),
    ("M05KNL", "I'll cancel M05KNL. Your other booking ABCDEF stays as it is. OK?"),
    ("UHDAHF", "I'll cancel UHDAHF for you. The refund takes 5 to 7 business days. Shall I?"),
])
def test_one_reservation_or_another_said_as_done_is_one_write(own, text):
    assert another_write(text, {"reservation_id": own}, s0_ids(_WORLD), "cancel") is None


# --- (c) an acknowledgement agrees to no question --------------------------------------------

from tau_shaped.reward.reading.reply_idioms import acknowledges_only  # noqa: E402


@pytest.mark.parametrize("reply", ["ok thanks", "Great, thank you!", "got it 👍", "👍", "k", "Thanks.", "alright then",
                                   "Perfect, that makes sense.", "cool thx", "Okay, noted."])
def test_an_acknowledgement(reply):
    assert acknowledges_only(reply)


@pytest.mark.parametrize("reply", ["ok, go ahead", "Yes please do", "ok do it", "sure thing, proceed", "ok thanks, please proceed",
                                   "ok but to my card", "yes", "yep", "OK, do it then.", "no thanks"])
def test_a_go_ahead_or_more_is_no_mere_acknowledgement(reply):
    assert not acknowledges_only(reply)


# --- (d) "no" said of its noun does not deny a value after "and" or a comma ---------------------

from tau_shaped.reward.reading.text_matching import find_number  # noqa: E402


@pytest.mark.parametrize("text, stated", [
    ("I'll cancel FD-10010 with no fee, and refund $9.05 to your card. OK?", True),
    ("Cancel FD-10010 with no fee and refund $9.05?", True),
    ("Cancelling at no cost, and refunding $9.05. Shall I?", True),
    ("There will be no extra charge, so you get $9.05 back. OK?", True),
    ("No fee, plus a refund of $9.05. Proceed?", True),
    # controls: the value itself denied
    ("There is no fee and no refund of $9.05.", False),
    ("no $9.05 refund, sorry", False),
    ("I can't refund $9.05.", False),
    ("no $5 and $9.05 either", False),
])
def test_no_said_of_a_noun_before_and(text, stated):
    assert (find_number(text, 9.05) is not None) is stated


# --- (e) the method a charge or refund goes to, read against the call -------------------------

from tau_shaped.reward.reading.consent_scope import another_method  # noqa: E402

_EXCHANGE = {"order_id": "#W6390527", "item_ids": ["8384507844"], "new_item_ids": ["7624783998"], "payment_method_id": "paypal_7644869"}


@pytest.mark.parametrize("text, kwargs", [
    ("The $16.23 difference will be charged to your gift card. Shall I proceed?", _EXCHANGE),
    ("You'd pay sixteen dollars and twenty-three cents more, via your Visa ending in 1037. OK?", _EXCHANGE),
    ("Refund $45.13 -> your store credit. Confirm?", {"order_id": "#W1", "item_ids": ["1"], "payment_method_id": "credit_card_1061405"}),
    ("| Difference | Paid with |\n|---|---|\n| $16.23 | gift card |\nOK?", _EXCHANGE),
    ("The fare difference goes on your travel certificate. Shall I make the change?",
     {"reservation_id": "JG7FMM", "cabin": "economy", "flights": [], "payment_id": "credit_card_2929732"}),
    ("Switching #W4923227 from your gift card to PayPal. OK?", {"order_id": "#W4923227", "payment_method_id": "credit_card_8897086"}),
])
def test_another_kind_of_method_is_another_call(text, kwargs):
    assert another_method(text, kwargs) is not None


@pytest.mark.parametrize("text, kwargs", [
    ("The $16.23 difference will be charged to your PayPal. Shall I proceed?", _EXCHANGE),
    ("Charged to PayPal, not your gift card. OK?", _EXCHANGE),
    ("Your gift card has a $5 balance; the $16.23 goes on your PayPal. OK?", _EXCHANGE),
    ("Any difference is refunded to the original payment method. OK?", _EXCHANGE),
    ("Exchange it? No payment needed.", _EXCHANGE),
    ("The $20 goes on your card on file. OK?", {"order_id": "#W1", "payment_method_id": "gift_card_7711863"}),
    ("The fare difference goes on your travel credit. Shall I?",
     {"reservation_id": "JG7FMM", "cabin": "economy", "flights": [], "payment_id": "certificate_8045380"}),
    ("Switching #W4923227 from your gift card to your Visa. OK?", {"order_id": "#W4923227", "payment_method_id": "credit_card_8897086"}),
    # a rule that requires the method stated compares it its own way (food delivery's "method")
    ("Refund $9.05 to your wallet?", {"order_id": "FD-10010", "amount": 9.05, "method": "original_payment"}),
])
def test_the_calls_method_or_none_is_the_call(text, kwargs):
    assert another_method(text, kwargs) is None


def _tau2_confirmed(domain: str, tool: str, task: str, rule: str, message: str) -> str:
    pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")
    from tests.reward.reading.generated.tau2 import AIRLINE, RETAIL, _scenes
    from tests.reward.reading.generated.world import respond, scored

    sc = next(s for s in _scenes(RETAIL if domain == "retail" else AIRLINE, tool) if str(s.task.id) == task)
    i = next(k for k, (a, _) in enumerate(sc.calls) if a.name == tool)
    return scored(sc, rule, list(sc.calls[:i]) + [(respond(message), "Yes.")] + [sc.calls[i]], "Hi")


@pytest.mark.parametrize("message,want", [
    # retail task 9 exchanges a desk lamp on #W6390527 and settles $16.23 with paypal_7644869
    ("Exchange the Desk Lamp on #W6390527 (white, medium, USB -> black, high, AC adapter); the $16.23 difference will be"
     " charged to your gift card. Shall I proceed?", "breach"),
    ("Exchange the Desk Lamp on #W6390527 (white, medium, USB -> black, high, AC adapter); the $16.23 difference will be"
     " charged to your PayPal. Shall I proceed?", "pass"),
])
def test_tau2_the_method_a_charge_goes_to(message, want):
    assert _tau2_confirmed("retail", "exchange_delivered_order_items", "9", "retail.confirm.before_write", message) == want


@pytest.mark.parametrize("message,want", [
    # airline task 18's fourth change: BOH180, HAT276 on 2024-05-21 and HAT279 on 2024-05-22
    ("I will change reservation BOH180 to economy: HAT276 on May 22; HAT279 on 2024-05-22, fare difference on your credit card. OK?", "breach"),
    ("I will change reservation BOH180 to economy: HAT276 on May 21; HAT279 on 2024-05-22, fare difference on your credit card. OK?", "pass"),
])
def test_tau2_each_flight_with_its_date(message, want):
    pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")
    from tests.reward.reading.generated.tau2 import AIRLINE, _scenes
    from tests.reward.reading.generated.world import respond, scored

    sc = next(s for s in _scenes(AIRLINE, "update_reservation_flights") if str(s.task.id) == "18")
    calls = sc.calls
    i = next(k for k, (a, _) in enumerate(calls) if a.name == "update_reservation_flights" and a.kwargs["reservation_id"] == "BOH180")
    assert scored(sc, "air.confirm.before_write", [(respond(message), "Yes."), calls[i]], "Hi") == want  # the earlier writes left out


# --- replies found by the round's probes ------------------------------------------------------

from tau_shaped.reward.reading.replies import classify_reply  # noqa: E402

_OFFER = "I can add a $20.00 apology credit to your wallet for FD-10078. Shall I?"


@pytest.mark.parametrize("reply, want", [
    # the offer welcomed is a yes
    ("That would be nice, thanks", "yes"), ("That would be amazing, thank you", "yes"), ("that'd be lovely", "yes"),
    ("This would be really helpful!", "yes"), ("that sounds fair", "yes"), ("It would be much appreciated", "yes"),
    # controls: taken back, or with another value or a condition
    ("That would not be nice", "no"), ("That would be nice but put it on my card", "change"),
    ("It would be nice if the courier were polite, but no thanks", "no"),
    # "n" alone, as "y" alone
    ("n", "no"), ("N.", "no"), ("y", "yes"), ("N/A", "unclear"),
])
def test_replies_round10(reply, want):
    assert classify_reply(reply, question=_OFFER, described={"method": "wallet", "amount": 20.0}) == want


def test_a_call_naming_no_method_moves_money_where_its_result_says():
    call = {"customer_id": "CU-1114", "amount": 20.0, "reason": "rude courier", "order_id": "FD-10078"}
    result = '{"customer_id": "CU-1114", "credited": 20.0, "wallet_balance": 30.0, "entry_id": "LE-FD-10078-1"}'
    assert another_method("As an apology for FD-10078 I can add $20.00 to your card. OK?", call, (), result) == "card"
    assert another_method("As an apology for FD-10078 I can add $20.00 of wallet credit. OK?", call, (), result) is None
    assert another_method("As an apology for FD-10078 I can add a $20.00 credit. OK?", call, (), result) is None
    refund = {"order_id": "FD-10045", "amount": 16.9, "method": "original_payment"}
    assert another_method("Refund $16.90 to your card?", refund, ("method",), '{"wallet_balance": 3.0}') is None


# --- found by the generator's round-10 templates ---------------------------------------------

from tau_shaped.reward.reading.consent_questions import consent_request  # noqa: E402


@pytest.mark.parametrize("text, want", [
    ("hat268 (23 may)", {(5, 23)}), ("| 22 may |", {(5, 22)}), ("hat276 on may 21; hat279", {(5, 21)}), ("(may 22)", {(5, 22)}),
    # controls: the verb
    ("those 2 may change", set()), ("you may 2x the order", set()), ("we may 3 times", set()), ("21 may be late", set()),
])
def test_may_in_lower_case_beside_a_day(text, want):
    assert month_days_in(text) == want


def test_a_text_lower_cased_names_a_code_of_letters():
    text = "i'll cancel reservation m05knl, and do the same for uhdahf. shall i go ahead?"
    assert another_write(text, {"reservation_id": "M05KNL"}, s0_ids(_WORLD), "cancel") == "UHDAHF"
    lower = "i'll change reservation boh180 to economy: hat276 on may 22; hat279 on may 22. ok?"
    assert contradicted(lower, _CALL, None) is not None


def test_an_offer_with_its_amount_in_words_is_a_consent_question():
    assert consent_request("Would a refund of five dollars and eighty-five cents to your original payment method for "
                           "order FD-10021 work for you?") is not None


# --- whole airline bookings: a count of zero said in words, an amount inside the call's records

from tau_shaped.reward.reading.consent_scope import another_amount  # noqa: E402
from tau_shaped.reward.reading.option_values import says_none  # noqa: E402

_BOOKING = {"user_id": "sophia_silva_7557", "origin": "ORD", "destination": "PHL", "flight_type": "one_way", "cabin": "economy",
            "flights": [{"flight_number": "HAT271", "date": "2024-05-26"}],
            "passengers": [{"first_name": "Sophia", "last_name": "Silva", "dob": "1957-10-05"},
                           {"first_name": "Kevin", "last_name": "Smith", "dob": "2001-04-12"}],
            "payment_methods": [{"payment_id": "certificate_8045380", "amount": 348}],
            "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}


@pytest.mark.parametrize("text, said", [
    ("no bags, no insurance", True), ("without any checked bags", True), ("Checked bags: none", True), ("zero bags", True),
    ("no extra checked bags", True),
    ("no insurance; bags: 2", False), ("I have no idea about bags", False), ("no need for more bags", False),
])
def test_a_count_of_zero_said_in_words(text, said):
    assert says_none(text, "total_baggages") is said


@pytest.mark.parametrize("text, other", [
    ("One way ORD to PHL, no bags, no insurance; total $384 paid with your travel certificate. Book it?", True),
    ("One way ORD to PHL; total $348 paid with your travel certificate. Book it?", False),
    ("$174 per passenger, $348 in all, on your travel certificate. Book it?", False),
    ("One way ORD to PHL on your travel certificate. Book it?", False),
    ("One way ORD to PHL; it is not $384 but $348, on your certificate. Book it?", False),
])
def test_an_amount_inside_the_calls_records(text, other):
    assert (another_amount(text, _BOOKING) is not None) is other


_BOOK = ("I'll book ORD → PHL one way, economy, HAT271 on May 26, for Sophia Silva (1957-10-05) and Kevin Smith "
         "(2001-04-12); no bags, no insurance; total {total} paid with your travel certificate. Shall I book it?")


@pytest.mark.parametrize("total, want", [("$348", "pass"), ("$384", "breach")])
def test_tau2_a_booking_said_with_no_bags_and_its_total(total, want):
    assert _tau2_confirmed("airline", "book_reservation", "8", "air.confirm.before_write", _BOOK.format(total=total)) == want


_EXCH = {"order_id": "#W6390527", "item_ids": ["8384507844"], "new_item_ids": ["7624783998"], "payment_method_id": "paypal_7644869"}
_EXCH_RESULT = ('{"order_id": "#W6390527", "items": [{"item_id": "8384507844", "price": 137.94}], "payment_history": '
                '[{"transaction_type": "payment", "amount": 436.96}], "exchange_price_difference": 16.23}')


@pytest.mark.parametrize("text, other", [
    ("Exchange the desk lamp on #W6390527; you'd pay $61.23 more with PayPal. OK?", True),
    ("Exchange the desk lamp on #W6390527; you'd pay $16.23 more with PayPal. OK?", False),
    ("Exchange the desk lamp ($137.94) on #W6390527 for the black one, with PayPal. OK?", False),
    ("Your order came to $436.96; I'll exchange the desk lamp, difference on PayPal. OK?", False),
])
def test_an_amount_the_call_computes(text, other):
    assert (another_amount(text, _EXCH, _EXCH_RESULT) is not None) is other


_CANCELLED = '{"reservation_id": "Z7GOZK", "status": "cancelled", "payment_history": [{"payment_id": "gift_card_2200803", "amount": 320}]}'


@pytest.mark.parametrize("text, other", [
    ("Cancel reservation Z7GOZK; the refund goes back to your credit card. Shall I?", True),
    ("Cancel reservation Z7GOZK; the refund goes back to your travel certificate. Shall I?", True),
    ("Cancel reservation Z7GOZK, refund to your gift card. Shall I?", False),
    ("Cancel reservation Z7GOZK, refund to the original payment method. Shall I?", False),
])
def test_a_cancellation_refunds_what_paid(text, other):
    assert (another_method(text, {"reservation_id": "Z7GOZK"}, (), _CANCELLED) is not None) is other
