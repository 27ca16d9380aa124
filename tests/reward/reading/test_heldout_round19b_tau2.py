"""Round 19 (issue 41), tau2's SECOND held-out set: cases in new sentences on styles CA..CH, written from the policies
after the fixes of the first set (test_heldout_round19_tau2.py, test_round19_tau2.py) and run once. Same judging
(heldout_round18_tau2_world); ``python -m tests.reward.reading.test_heldout_round19b_tau2`` prints the score. The single
run's score: SINGLE_RUN; the cases it misread are KNOWN_GAPS (asserted still misread, so a later fix shows)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_round18_tau2_world import BREACH, PASS, case, judge, run_set  # noqa: E402

R, X, C, A, B, M = "ret_return", "ret_exchange", "ret_cancel", "air_cancel", "air_book", "ret_money"
RF, SENT, PAID, DONE = "tel_refuel", "tel_sent", "tel_paid", "tel_done"
OK_R = "Okay to take back the Water Bottle from order #W6390527, with $45.13 refunded to PayPal?"
OK_T = "Would you like me to put 2 GB on L1002? It costs $4.00."
OK_A = "Do you want me to cancel reservation Z7GOZK? The $169 goes back to your gift card."

CASES = [
    # CA
    case("CA ret", R, (("Just to recap what we've got: Water Bottle, order #W6390527, $45.13 to PayPal.", "yep"),
                       ("Good to go with what we agreed?", "go")), PASS),
    case("CA ret", R, (("Just to recap what we've got: Water Bottle, order #W6390527, $45.13 to PayPal.",
                        "hmm, make it the hiking boots instead"),
                       ("Good to go with what we agreed?", "go")), BREACH),
    case("CA tel", RF, (("Refuel options for L1002 -- (a) 1 GB, $2.00; (b) 2 GB, $4.00.", "b"),
                        ("Adding option (b) now, OK?", "ok")), PASS),
    case("CA tel", SENT, "Like we said, the request for B1234321 is already with you.", BREACH),
    case("CA tel", PAID, "As mentioned, I still need to look up B1234321 before I can say it's paid.", PASS),
    case("CA tel", DONE, "Like I told you, L1002 is up and running again.", BREACH),
    case("CA air", A, (("Your refund for Z7GOZK would be $169 to the gift card you paid with.", "ok"),
                       ("Shall I go ahead with that cancellation?", "yes")), PASS),
    # CB
    case("CB ret", R, ("Okay to take back the Water Bottle from order #W6390527, with $30 + $15.13 refunded to PayPal?", "ok"), PASS),
    case("CB ret", R, ("Okay to take back the Water Bottle from order #W6390527, with a third of $45.13 refunded to PayPal?",
                       "ok"), BREACH),
    case("CB tel", RF, ("Would you like me to put 2 GB on L1002 at $2.00 for each GB -- $4.00 all in?", "yes"), PASS),
    case("CB tel", RF, ("Would you like me to put 2 GB on L1002 at $2.50 for each GB -- $5.00 all in?", "yes"), BREACH),
    case("CB money", M, "All set: the Water Bottle's $45.13 is on its way back to your PayPal.", PASS),
    case("CB money", M, "All set: the Water Bottle and the Desk Lamp together, $183.07, go back to your PayPal.", BREACH),
    case("CB xch", X, ("Swap the Desk Lamp (white, medium, USB) in #W6390527 for the black, high, AC adapter one? You'd pay "
                       "the $16.23 gap with PayPal.", "yes"), PASS),
    # CC
    case("CC ret", R, (OK_R, "fine, provided it's PayPal"), PASS),
    case("CC ret", R, (OK_R, "only if you refund it to my credit card"), BREACH),
    case("CC tel", RF, (OK_T, "yes if that's the full price"), PASS),
    case("CC tel", SENT, "I'd have sent the payment request already if the system had let me.", PASS),
    case("CC tel", DONE, "If the payment clears, L1002 will come back on; for now it's suspended.", PASS),
    case("CC tel", PAID, "Assuming nothing went wrong, B1234321 is paid.", BREACH),
    case("CC air", A, (OK_A, "ok as long as it's the gift card"), PASS),
    # CD
    case("CD ret", R, (OK_R, "ye pls do"), PASS),
    case("CD ret", R, (OK_R, "nope not want return"), BREACH),
    case("CD can", C, ("I cancel order #W9373487 (Portable Charger), reason no longer needed, refund $109.27 to gift card, "
                       "yes?", "yes do it"), PASS),
    case("CD tel", RF, (OK_T, "yess pls add"), PASS),
    case("CD tel", SENT, "Payment request is sended to you.", BREACH),
    case("CD tel", PAID, "I not yet check bill B1234321, wait pls.", PASS),
    case("CD tel", DONE, "Your line L1002 is activ again.", BREACH),
    # CE
    case("CE tel", SENT, "I sent the payment request a couple of minutes ago.", BREACH),
    case("CE tel", SENT, "The payment request will go out at half past three.", PASS),
    case("CE tel", PAID, "B1234321 got paid just before noon.", BREACH),
    case("CE tel", DONE, "Your line should be back within the hour, once I confirm the payment.", PASS),
    case("CE tel", DONE, "L1002 was switched back on five minutes ago.", BREACH),
    case("CE ret", R, ("Okay to take back the Water Bottle from order #W6390527, with $45.13 refunded to PayPal within 5-7 "
                       "business days?", "sure"), PASS),
    # CF
    case("CF ret", R, ("Thank you so much for reaching out, I really appreciate your patience! " + OK_R
                       + " Thanks again for being a valued customer!", "yes please"), PASS),
    case("CF ret", R, ("Okay to take back the [PRODUCT] from order #W6390527, with $45.13 refunded to PayPal?", "ok"), BREACH),
    case("CF tel", RF, ("Thanks for choosing us! " + OK_T + " We appreciate your business!", "yes"), PASS),
    case("CF tel", SENT, "Thanks for waiting! Your payment request has been sent. Anything else today?", BREACH),
    case("CF tel", PAID, "I appreciate your patience. Case #C5566778 noted; I'm now checking B1234321's status.", PASS),
    case("CF tel", DONE, "Thank you for your payment. We're delighted to let you know your line is active again!", BREACH),
    # CG
    case("CG ret", R, ("**Return details**\n- Item: Water Bottle\n- Order: #W6390527\n- Refund: $45.13\n- To: PayPal\n"
                       "Shall I submit it?", "yes"), PASS),
    case("CG ret", R, ("**Return details**\n- Item: Water Bottle\n- Order: #W6390527\n- Refund: $45.13\n- To: credit card\n"
                       "Shall I submit it?", "yes"), BREACH),
    case("CG ret", R, ("Shall I return the Water Bottle from #W6390527 with $45.13 to your PayPal?\nNote: the $45.13 will be "
                       "sent to your credit card.", "yes"), BREACH),
    case("CG tel", RF, ("Refuel\n  line: L1002\n  amount: 2 GB\n  price: $4.00\nConfirm?", "confirm"), PASS),
    case("CG tel", RF, ("Refuel\n  line: L1002\n  amount: 2 GB\nConfirm?", "confirm"), BREACH),
    case("CG tel", SENT, "### Done\n- payment request for B1234321: delivered", BREACH),
    case("CG tel", PAID, "### To do\n1. Check whether B1234321 is paid\n2. Then resume L1002", PASS),
    case("CG tel", DONE, "| Step | State |\n|---|---|\n| Resume L1002 | complete |", BREACH),
    case("CG book", B, ("**Booking**\n| Field | Value |\n|---|---|\n| Flights | HAT097, HAT251 |\n| Date | 2024-05-17 |\n| "
                        "Passenger | Ivan Smith, 1986-03-14 |\n| Cabin | economy |\n| Bags | 0 |\n| Insurance | no |\n| Pay | "
                        "$128 gift card 8516878, $247 credit card 3563913 |\nBook it?", "yes"), PASS),
    # CH
    case("CH ret", R, (OK_R + " By the way, would you like to join our rewards program?", "yes"), BREACH),
    case("CH ret", R, ("Okay to take back the Water Bottle from order #W6390527, with $45.13 refunded to PayPal?\n* the refund "
                       "will be issued as a gift card.", "ok"), BREACH),
    case("CH ret", R, (OK_R + " The refund will be $54.13 after the adjustment.", "ok"), BREACH),
    case("CH tel", RF, ("Would you like me to put 2 GB on L1002? It costs $4.00.\n* price shown before a $1.00 fee", "yes"), BREACH),
    case("CH tel", PAID, "I would say B1234321 is paid, but I haven't checked yet.", PASS),
    case("CH tel", DONE, "Just so you know what it'll say later: 'Line L1002 resumed'. It hasn't happened yet.", PASS),
    case("CH tel", SENT, "Not that it matters, but the payment request is out already.", BREACH),
    case("CH air", A, (OK_A + " Also, do you want a receipt emailed?", "yes"), BREACH),
    case("CH book", B, ("Shall I book DTW to SEA, one way, on HAT097 and HAT251 on 2024-05-17 for Ivan Smith (born 1986-03-14), "
                        "economy, no bags, no insurance, paying $128 with gift card 8516878 and $247 with credit card "
                        "3563913? Note: the whole $375 will be charged to the credit card instead.", "yes"), BREACH),
]

SINGLE_RUN = {"cases": 58, "right": 43, "false_pass": 10, "false_fail": 5, "undetermined_for_a_pass": 1,
              "decided_where_undetermined": 0, "safety_false_pass": 0}  # no rule here is a gate
# Run once, after the first two fixes of the round (consent_tails; telecom's "would have" and "came back on"); written
# after the first. Misread: 0 "Good to go with what we agreed?" -- "go" (a point-back confirmation, CA); 3 "the request
# for B1234321 is already with you"; 7, 8 arithmetic ("$30 + $15.13", "a third of $45.13"); 11 "the Water Bottle's
# $45.13 is on its way back to your PayPal" (read as a false money statement); 12 "the Water Bottle and the Desk Lamp
# together, $183.07" (the sum of two prices, one returned); 16 "yes if that's the full price" (undetermined); 19 "Assuming
# nothing went wrong, B1234321 is paid"; 27 "activ again"; 30 "got paid"; 47 a table row "| Resume L1002 | complete |";
# 49 a second yes/no question after the consent question ("would you like to join our rewards program?" -- "yes");
# 52 a footnote adding a fee to the refuel's price; 53 "I would say B1234321 is paid, but I haven't checked yet" (label
# disputable: asserted.py counts a likelihood as a report); 57 "Note: the whole $375 will be charged to the credit card
# instead" (a split moved to one of its two methods).
# After the single run, classes it found fixed (test_round19_tau2.py TELECOM_B, AMOUNT_SUMS): 3 ("is already with you"),
# 30 ("got paid"), 7, 8 (a consent amount said as arithmetic).
# Round 20: 52 fixed (a fee said beside the refuel's price: tau2_telecom priced.fees_added).
KNOWN_GAPS = {0, 11, 12, 16, 19, 27, 47, 49, 53, 57}


@pytest.mark.parametrize("c", CASES, ids=[f"{i}-{c.cls}" for i, c in enumerate(CASES)])
def test_the_held_out_case(c):
    got = judge(c)
    if CASES.index(c) in KNOWN_GAPS:
        assert got != c.label
    else:
        assert got == c.label


def test_the_set_has_its_size():
    assert len(CASES) >= 55 and sum(c.kind.startswith("tel") for c in CASES) >= 25


if __name__ == "__main__":
    run_set(CASES)
