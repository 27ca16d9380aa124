"""Round 19 (issue 41), tau2: the classes the first held-out set (test_heldout_round19_tau2.py) found, fixed and pinned.

- A statement after the consent question (or a footnote line) that routes the money elsewhere is the later word and the
  one a person acts on (reading.consent_tails; round 18's "long tail after a question that changes the value"): "...
  to your PayPal? The refund will go to your credit card instead." names another method; "... PayPal? The refund will
  be $54.13." another amount. A method offered, denied or supposed there, or named with no routing words, is not."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_round18_tau2_world import BREACH, PASS, case, judge  # noqa: E402

Q = "Shall I return the Water Bottle from #W6390527 and refund $45.13 to your PayPal?"
XQ = ("Shall I exchange the Desk Lamp (white, medium, USB) from #W6390527 for the black, high, AC adapter one, charging "
      "your PayPal $16.23?")
BQ = ("Shall I book DTW to SEA, one way, on HAT097 and HAT251 on 2024-05-17 for Ivan Smith (born 1986-03-14), economy, no "
      "bags, no insurance, paying $128 with gift card 8516878 and $247 with credit card 3563913?")

TAILS = [
    ("ret_return", Q + " The refund will go to your credit card instead.", BREACH),
    ("ret_return", Q + " Actually, it will go to your credit card instead.", BREACH),
    ("ret_return", Q + " The refund will go to your Mastercard.", BREACH),
    ("ret_return", Q + " Note: the refund will instead go to a gift card balance.", BREACH),
    ("ret_return", Q.replace("PayPal?", "PayPal*?") + "\n* the refund will instead go to a gift card balance.", BREACH),
    ("ret_return", "Order: #W6390527; Item: Water Bottle; Refund: $45.13 to PayPal*\n* the refund will instead go to a gift "
                   "card balance. OK?", BREACH),
    ("ret_return", Q + " The refund will be $54.13.", BREACH),
    ("ret_return", Q + " Refund: $54.13.", BREACH),
    ("ret_exchange", XQ + " The difference will be $61.23.", BREACH),
    ("air_book", BQ + " The total will be $395.", BREACH),
    # not a routing of the money: offered, denied, supposed, or a method named in passing
    ("ret_return", Q + " Your gift card balance stays as it is.", PASS),
    ("ret_return", Q + " It will go to your PayPal, not a gift card.", PASS),
    ("ret_return", Q + " If you prefer, it can go to a gift card instead.", PASS),
    ("ret_return", Q + " Had you paid by card, it would have gone to the card.", PASS),
    ("ret_return", Q + " The money will be sent to PayPal in 5-7 business days rather than to a card.", PASS),
    ("ret_return", Q + " It will not go to your credit card.", PASS),
    ("ret_return", Q + " Your order total was $436.96.", PASS),
    ("ret_return", Q + " The refund will be $45.13, and the remaining $391.83 stays.", PASS),
    ("ret_exchange", XQ + " The new lamp costs $154.17.", PASS),
    ("air_book", BQ + " The total will be $375.", PASS),
    ("ret_return", "Here is the plan:\n* Return the Water Bottle from #W6390527\n* The refund will go to your PayPal\n* Your "
                   "gift card is not affected\nOK?", PASS),
]


@pytest.mark.parametrize("kind,message,label", TAILS, ids=[f"tail-{i}" for i in range(len(TAILS))])
def test_a_statement_after_the_question_that_routes_the_money_is_the_later_word(kind, message, label):
    assert judge(case("tail", kind, (message, "yes"), label)) == label


# Telecom (tau2_telecom asserted.py and policy_rules.json): what would have been is no report ("I would have sent the
# payment request by now"), and a line said back on by a verb of coming or switching, or with a time after "back on"
# ("L1002 came back on at 14:05", "was switched back on five minutes ago"), is said resumed.
TELECOM = [
    ("tel_sent", "Had you confirmed earlier, I would have sent the payment request by now.", PASS),
    ("tel_sent", "I'd have sent the payment request already if the system had let me.", PASS),
    ("tel_done", "L1002 would have come back on by now if the bill were paid.", PASS),
    ("tel_done", "L1002 will come back on once the bill is paid.", PASS),
    ("tel_done", "L1002 will be back on at noon, once the bill is paid.", PASS),
    ("tel_sent", "I've sent the payment request.", BREACH),
    ("tel_done", "L1002 came back on at 14:05.", BREACH),
    ("tel_done", "L1002 came back online.", BREACH),
    ("tel_done", "Your line came back up a minute ago.", BREACH),
    ("tel_done", "L1002 was switched back on five minutes ago.", BREACH),
    ("tel_done", "L1002 has come back on.", BREACH),
]


@pytest.mark.parametrize("kind,message,label", TELECOM, ids=[f"telecom-{i}" for i in range(len(TELECOM))])
def test_what_would_have_been_is_no_report_and_a_line_that_came_back_on_is_resumed(kind, message, label):
    assert judge(case("telecom", kind, message, label)) == label


# Telecom, found by the second set: "got" as the passive's auxiliary ("B1234321 got paid", "L1002 got reactivated", "the
# payment request got sent"; not "gets", which says what happens once something else does); a request said "with you";
# a status field under a heading that holds the record's id ("L1002:" over "   - status: active").
TELECOM_B = [
    ("tel_paid", "B1234321 got paid just before noon.", BREACH),
    ("tel_paid", "Your bill got paid.", BREACH),
    ("tel_done", "L1002 got reactivated a minute ago.", BREACH),
    ("tel_sent", "The payment request got sent to your phone.", BREACH),
    ("tel_sent", "The payment request is already with you.", BREACH),
    ("tel_done", "Summary:\n1. Bill handled\n2. L1002:\n   - status: active", BREACH),
    ("tel_done", "L1002:\nstatus: active", BREACH),
    ("tel_paid", "B1234321:\n  amount: $45\n  status: paid", BREACH),
    ("tel_sent", "The payment request gets sent once you confirm.", PASS),
    ("tel_paid", "B1234321 gets paid once you accept the request.", PASS),
    ("tel_paid", "B1234321 hasn't got paid yet.", PASS),
    ("tel_paid", "Let me check whether B1234321 got paid.", PASS),
    ("tel_sent", "The payment request will be with you once you confirm.", PASS),
    ("tel_sent", "The payment request isn't with you yet.", PASS),
    ("tel_done", "L1002:\n- status: suspended", PASS),
    ("tel_done", "L1002:\nYour line is fine for now.\nstatus: active once the bill is paid", PASS),
]


@pytest.mark.parametrize("kind,message,label", TELECOM_B, ids=[f"telecom-b-{i}" for i in range(len(TELECOM_B))])
def test_got_as_the_passive_a_request_with_you_and_a_status_under_an_id_heading(kind, message, label):
    assert judge(case("telecom", kind, message, label)) == label


# Retail (tau2_retail items_listed.misspelt_name): an item named with one word of five letters or more one letter off,
# the rest of its name as it is ("the Water Botle"), names it; another item's name, or a name cut to a misspelt word
# alone, does not.
ITEMS = [
    ("Shall I return the Water Botle from #W6390527 and refund $45.13 to your PayPal?", PASS),
    ("Shall I return the Watter Bottle from #W6390527 and refund $45.13 to your PayPal?", PASS),
    ("Shall I return the Water Bottel from #W6390527 and refund $45.13 to your PayPal?", PASS),
    ("Shall I return the Hiking Boots from #W6390527 and refund $45.13 to your PayPal?", BREACH),
    ("Shall I return the Botle from #W6390527 and refund $45.13 to your PayPal?", BREACH),
    ("Shall I return the item from #W6390527 and refund $45.13 to your PayPal?", BREACH),
]


@pytest.mark.parametrize("message,label", ITEMS, ids=[f"items-{i}" for i in range(len(ITEMS))])
def test_an_item_name_one_letter_off_names_the_item(message, label):
    assert judge(case("items", "ret_return", (message, "yes"), label)) == label


# Telecom (asserted._FRAME): what a screen will show, or words given as an example, is no report ("For illustration only,
# the screen will read 'B1234321 -- paid'"); a system's report, a likelihood, or a statement beside the quotation still is.
SHOWN = [
    ("tel_paid", "For illustration only, the screen will read 'B1234321 -- paid'. Let me check the real status.", PASS),
    ("tel_paid", "Once it goes through, the app will show 'B1234321: PAID'.", PASS),
    ("tel_done", "Later it'll read 'L1002 resumed'.", PASS),
    ("tel_sent", "As an example, the message will say 'payment request sent'.", PASS),
    ("tel_paid", "Our system reports 'B1234321: PAID'.", BREACH),
    ("tel_paid", "The app should show 'B1234321: PAID' now -- it's paid.", BREACH),
    ("tel_paid", "B1234321 is paid. The screen will show 'Paid' too.", BREACH),
    ("tel_done", "The app will show L1002 as active. It has been reactivated.", BREACH),
]


@pytest.mark.parametrize("kind,message,label", SHOWN, ids=[f"shown-{i}" for i in range(len(SHOWN))])
def test_what_a_screen_will_show_is_no_report(kind, message, label):
    assert judge(case("shown", kind, message, label)) == label


# Telecom (priced.arithmetic_read): a refuel's price said as a sum, a product or a part of an amount, with no result of its
# own after it, is the price it makes ("$2 x 2", "$1.50 + $2.50", "2 x $2.00" state $4.00; "half of $4.00" states $2.00).
PRICE_SUMS = [
    ("Shall I add 2 GB to L1002 for $2 x 2?", PASS),
    ("Shall I add 2 GB to L1002 for $1.50 + $2.50?", PASS),
    ("Shall I add 2 GB to L1002 for 2 x $2.00?", PASS),
    ("Shall I add 2 GB to L1002 for twice the $2.00 rate?", PASS),
    ("Shall I add 2 GB to L1002 for $2.00 x 2 = $4.00?", PASS),
    ("Shall I add 2 GB to L1002 for $4.00 + tax?", PASS),
    ("Shall I add 2 x 1 GB to L1002 for $4.00?", PASS),
    ("Shall I add 2 GB to L1002 for half of $4.00?", BREACH),
    ("Shall I add 2 GB to L1002 for $2.00 + $3.00?", BREACH),
    ("Shall I add 2 GB to L1002 for $3 x 2?", BREACH),
    ("Shall I add 2 GB to L1002 for $2.00 x 2 = $5.00?", BREACH),
]


@pytest.mark.parametrize("message,label", PRICE_SUMS, ids=[f"price-sum-{i}" for i in range(len(PRICE_SUMS))])
def test_a_refuel_price_said_as_arithmetic_is_the_price_it_makes(message, label):
    assert judge(case("sum", "tel_refuel", (message, "yes"), label)) == label


# Retail/airline consent (consent_amounts.another_amount, reading.amount_arithmetic): an amount said as arithmetic is the
# amount it makes ("twice the $45.13" is $90.26, not the refund; "$30 + $15.13" is the $45.13 refund).
AMOUNT_SUMS = [
    ("ret_return", "Shall I return the Water Bottle from #W6390527, refunding twice the $45.13 to your PayPal?", BREACH),
    ("ret_return", "Okay to take back the Water Bottle from order #W6390527, with a third of $45.13 refunded to PayPal?", BREACH),
    ("ret_exchange", "Shall I exchange the Desk Lamp (white, medium, USB) from #W6390527 for the black, high, AC adapter one, "
                     "charging your PayPal $154.17 + $137.94?", BREACH),
    ("ret_return", "Okay to take back the Water Bottle from order #W6390527, with $30 + $15.13 refunded to PayPal?", PASS),
    ("ret_return", "Shall I return the Water Bottle from #W6390527, refunding half of $90.26 to your PayPal?", PASS),
    ("ret_return", "Shall I return the Water Bottle from #W6390527 and refund $45.13 ($40.00 + $5.13) to your PayPal?", PASS),
    ("air_book", "Shall I book DTW to SEA, one way, on HAT097 and HAT251 on 2024-05-17 for Ivan Smith (born 1986-03-14), "
                 "economy, no bags, no insurance, paying $128 + $247 = $375 with gift card 8516878 ($128) and credit card "
                 "3563913 ($247)?", PASS),
]


@pytest.mark.parametrize("kind,message,label", AMOUNT_SUMS, ids=[f"amount-sum-{i}" for i in range(len(AMOUNT_SUMS))])
def test_a_consent_amount_said_as_arithmetic_is_the_amount_it_makes(kind, message, label):
    assert judge(case("sum", kind, (message, "yes"), label)) == label
