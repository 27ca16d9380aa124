"""Round 18 (issue 41), tau2 readings found by the round's first held-out set (test_heldout_round18_tau2.py) and by the
line-by-line audit of airline's "list the action details and obtain explicit user confirmation", fixed as classes
(SPEC §10).

- A booking's details said in words as another value (``worded_values``): a passenger by first name and another
  surname ("for Ivan Muller" when the call books Ivan Smith), a payment method by its kind and another id number
  ("credit card 9012345"), insurance said the other way ("travel insurance included" when the call books none), a
  total other than the sum of the methods' amounts ("$405 in all" for $128 + $247).
- Dates (BF): "17/05/2024" is read only as the 17th of May (a month 17 is no date); a passenger's date of birth said
  beside the flights is no other date of a flight ("HAT097 and HAT251, for Ivan Smith (14/03/1986)").
- Replies (BC, BD): a question back whose answer goes without saying ("why would I say no? go ahead", "why would I keep
  it? cancel") agrees; "why would I cancel?" to "Shall I cancel ...?" refuses; formal assent ("I hereby assent") and
  refusal ("The undersigned declines", "Assent is withheld"; set 2: "The undersigned assents") (``reply_rhetoric``).
- Consent asked formally (BD): "Kindly confirm your assent." asks for the yes; and (round 17's gap) "Step 1: ... Step
  2: ... Shall I start?" asks leave to begin what was listed (``consent_questions``).
- Telecom refuel (round 17's generator gap): the total a rate makes is written after the rate (``priced.with_total``),
  not after the message, where it hid a closing question written with no mark ("... Shall I add it").
- Telecom statements (BB, BG): what the agent relays from the carrier's system or team is stated ("Our system reports
  'B1234321: PAID'", "Per the network team: 'line L1002 reactivated'", "They (the network team) have resumed L1002");
  a field's key annotated in brackets ("Bill B1234321 (USD 45,00): paid"), an arrow after an id as a field's separator
  ("B1234321 -> PAID", set 2); someone else's bill or request ("Your
  neighbour's bill is paid") says nothing of the customer's (``tau2_telecom/relayed.py``).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.call_dates import dates_in
from tau_shaped.reward.reading.call_values import contradicted
from tau_shaped.reward.reading.replies import classify_reply

BOOK = {"user_id": "ivan_muller_7015", "origin": "DTW", "destination": "SEA", "flight_type": "one_way", "cabin": "economy",
        "flights": [{"flight_number": "HAT097", "date": "2024-05-17"}, {"flight_number": "HAT251", "date": "2024-05-17"}],
        "passengers": [{"first_name": "Ivan", "last_name": "Smith", "dob": "1986-03-14"}],
        "payment_methods": [{"payment_id": "gift_card_8516878", "amount": 128},
                            {"payment_id": "credit_card_3563913", "amount": 247}],
        "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no"}
BASE = ("Shall I book DTW to SEA on HAT097 and HAT251 on 2024-05-17 for Ivan Smith, economy, no bags, no insurance, $128 "
        "on gift card 8516878 and $247 on credit card 3563913?")


@pytest.mark.parametrize("text, other", [
    (BASE, False),
    (BASE.replace("Ivan Smith", "Ivan Muller"), True),
    (BASE.replace("Ivan Smith", "your friend Ivan"), False),
    (BASE.replace("Ivan Smith", "Ivan Smith (DOB 1986-03-14)"), False),
    ("Shall I book it for Ivan? Please confirm.", False),
    (BASE.replace("credit card 3563913", "credit card 9012345"), True),
    (BASE.replace("credit card 3563913", "credit_card_9012345"), True),
    (BASE.replace("credit card 3563913", "your other credit card, 4455667"), True),  # set 2: a comma before the number
    (BASE.replace("credit card 3563913", "credit card: 3563913"), False),
    (BASE.replace("credit card 3563913", "your credit card ending 3913"), False),
    (BASE.replace("credit card 3563913", "your credit card"), False),
    (BASE + " -- $375 in all", False), (BASE + " -- $405 in all", True), (BASE + " Total: $405.", True),
    (BASE + " Total: USD 375.00", False), (BASE + " The total of $1,375 was a typo; it is $375.", False),
    (BASE.replace("no insurance", "travel insurance included"), True),
    (BASE.replace("no insurance", "with travel insurance"), True),
    (BASE.replace("no insurance", "insurance: yes"), True),
    (BASE.replace("no insurance", "without insurance"), False),
    (BASE.replace("no insurance", "insurance: no"), False),
    (BASE + " Would you like travel insurance?", False),
    (BASE.replace("no insurance", "no ins."), False),
    # the call's dates read one way; a birth date beside the flights is the passenger's
    ("Shall I book DTW-SEA on 17/05/2024, HAT097 and HAT251, for Ivan Smith (14/03/1986), economy?", False),
    ("Shall I book DTW-SEA, HAT097 and HAT251 on 18/05/2024, for Ivan Smith, economy?", True),
])
def test_a_bookings_details_said_in_words(text, other):
    assert (contradicted(text, BOOK, None) is not None) is other


def test_insurance_said_the_other_way_when_the_call_buys_it():
    bought = dict(BOOK, insurance="yes")
    assert contradicted(BASE, bought, None) is not None
    assert contradicted(BASE.replace("no insurance", "with insurance ($30)"), bought, None) is None


@pytest.mark.parametrize("text, dates", [
    ("17/05/2024", {(2024, 5, 17)}), ("05/17/2024", {(2024, 5, 17)}), ("05/06/2024", {(2024, 5, 6), (2024, 6, 5)}),
])
def test_a_slashed_date_is_read_only_as_a_calendar_date(text, dates):
    assert dates_in(text) == dates


Q = "Shall I return the Water Bottle from #W6390527 and refund $45.13 to your PayPal?"
QC = "Shall I cancel Z7GOZK (EWR-IAH) with the $169 going back to your gift card?"


@pytest.mark.parametrize("reply, question, want", [
    ("why would I say no? go ahead", Q, "yes"), ("who would say no to that?", Q, "yes"),
    ("how could I refuse? do it", Q, "yes"), ("why would I keep it? cancel", QC, "yes"),
    ("why would I cancel?", QC, "no"), ("I assent.", Q, "yes"), ("I hereby assent.", Q, "yes"),
    ("You have my consent.", Q, "yes"), ("The undersigned assents.", Q, "yes"), ("The undersigned declines.", Q, "no"), ("Assent is withheld.", Q, "no"),
    # controls: a question back about something else; "I decline" said of another thing than the call
    ("why would I pay for that? no", Q, "no"),
])
def test_questions_back_and_formal_assent(reply, question, want):
    assert str(classify_reply(reply, question=question)) == want


needs_tau2 = pytest.mark.skipif(__import__("importlib").util.find_spec("tau2") is None, reason="the tau2 extra")


@needs_tau2
@pytest.mark.parametrize("kind, text, reply, want", [
    ("tel_refuel", "It is proposed that 2 GB of data be added to line L1002 at a charge of $4.00. Kindly confirm your "
                   "assent.", "I hereby assent.", "pass"),
    ("tel_refuel", "2 GB of data will be added to line L1002 at a charge of $4.00. Please confirm your consent.", "yes", "pass"),
    ("ret_return", "A refund in the amount of $45.13 shall be issued to the PayPal account on file upon return of the "
                   "Water Bottle from order #W6390527. Kindly confirm your assent.", "I assent.", "pass"),
    ("ret_return", Q, "The undersigned declines.", "breach"),
    # round 17's gap (the generator's telecom_refuel): a rate's total written after the rate, not after the message, so a
    # closing question with no mark keeps its question ("... $4.00 in total. Shall I add it"); control: another total
    ("tel_refuel", "so I can add 2GB to L1002 at $2.00 per GB, so $4.00 in total. Shall I add it", "yes", "pass"),
    ("tel_refuel", "uh i can add 2gb to l1002 at $2.00 per gb. should i add it", "yes", "pass"),
    ("tel_refuel", "I can add 2GB to L1002 at $2.00 per GB, so $5.00 in total. Shall I add it", "yes", "breach"),
    # round 17's gap: leave asked to begin what was listed ("Shall I start?"); controls: a question about what starts
    ("ret_return", "Step 1: return the Water Bottle from #W6390527. Step 2: $45.13 goes back to your PayPal. Shall I "
                   "start?", "yes", "pass"),
    ("ret_return", "1. return the Water Bottle from #W6390527\n2. $45.13 goes back to your PayPal\nShall we begin?", "yes", "pass"),
    ("ret_return", "Return the Water Bottle from #W6390527 with $45.13 to your PayPal. When does the 5-7 day window "
                   "start?", "yes", "breach"),
    ("ret_return", "Return the Water Bottle from #W6390527 with $45.13 to your PayPal. Shall I start by checking the "
                   "boots?", "yes", "breach"),
])
def test_consent_asked_and_given_formally(kind, text, reply, want):
    from tests.reward.reading.heldout_round18_tau2_world import case, judge

    assert judge(case("BD", kind, (text, reply), want)) == want


@needs_tau2
@pytest.mark.parametrize("rule, text, said", [
    ("PAID", "Our system reports 'B1234321: PAID'.", True), ("PAID", "Our system reports B1234321: PAID.", True),
    ("DONE", "Per the network team: 'line L1002 reactivated'.", True),
    ("DONE", "They (the network team) have resumed L1002 for you.", True), ("DONE", "The network team has resumed L1002.", True),
    ("SENT", "The billing team has sent the payment request.", True),
    ("PAID", "B1234321 -> PAID", True), ("PAID", "B1234321 \u2192 awaiting payment", False),  # set 2: an arrow as the separator
    ("PAID", "Bill B1234321 (USD 45,00): paid on 2025-02-25 at 12h08.", True), ("PAID", "Bill B1234321 ($45.00): paid.", True),
    ("PAID", "Your neighbour's bill is paid, but B1234321 still awaits your payment.", False),
    ("SENT", "The previous customer's payment request was sent earlier; yours for B1234321 will go out next.", False),
    # controls: a record relayed as unpaid; a promise of the team's; a negation; the customer's words reported
    ("PAID", "Our system shows B1234321 as awaiting payment.", False), ("PAID", "The system says your bill isn't paid yet.", False),
    ("DONE", "They will resume L1002 once you pay.", False), ("DONE", "The network team has not resumed L1002 yet.", False),
    ("PAID", "You said 'I paid it' -- I'll check B1234321's status now.", False),
    ("PAID", "The bill's status is paid.", True),
])
def test_telecom_statements_relayed_or_of_someone_else(rule, text, said):
    from tests.reward.reading.test_round17_tau2 import DONE, PAID, SENT, _telecom_said

    assert _telecom_said({"PAID": PAID, "DONE": DONE, "SENT": SENT}[rule], text) is said
