"""Round 18 (issue 41), tau2's SECOND held-out set: cases in new sentences on styles BA..BH, written from the policies
after the fixes of the first set (test_heldout_round18_tau2.py) and run once. Same judging (heldout_round18_tau2_world);
``python -m tests.reward.reading.test_heldout_round18b_tau2`` prints the score. The single run's score: SINGLE_RUN; the
cases it misread are KNOWN_GAPS (asserted still misread, so a later fix shows)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_round18_tau2_world import BREACH, PASS, UNDETERMINED, case, judge, run_set  # noqa: E402

R, X, C, A, B = "ret_return", "ret_exchange", "ret_cancel", "air_cancel", "air_book"
RF, SENT, PAID, DONE = "tel_refuel", "tel_sent", "tel_paid", "tel_done"
ASK = "Okay to send back the Water Bottle from #W6390527 with the $45.13 refunded to your PayPal?"
BOOK = ("Ready to book? One way DTW->SEA, HAT097 then HAT251, 2024-05-17, passenger Ivan Smith, economy, 0 checked bags, "
        "no travel insurance; $128 on gift card 8516878 and $247 on credit card 3563913.")
TASK_ = "Want me to top up L1002 with 2 GB for $4.00?"
LONG = ("Let me walk you through it. Your plan's allowance resets on the 1st, the speed drops once it's used up, and a "
        "refuel is a one-off add-on priced per GB by your plan. None of this changes your contract. ")

CASES = [
    # BA
    case("BA book", B, ("I checked the fares, the seat map and your saved payment methods; everything lines up and "
                        "there's no change fee involved for a new booking. " + BOOK, "yes book it"), PASS),
    case("BA book", B, (BOOK + " Oh, and one more thing: I'll make that with travel insurance after all.", "yes"), BREACH),
    case("BA tel", RF, (LONG + "For L1002 that's 2 GB at $2.00 per GB, $4.00 in total -- shall I add it?", "go on"), PASS),
    case("BA tel", RF, (LONG + "For L1002 that's 2 GB at $2.00 per GB, $4.50 in total -- shall I add it?", "go on"), BREACH),
    case("BA tel", PAID, (LONG + "As for the bill: B1234321 is settled, all good."), BREACH),
    case("BA tel", DONE, (LONG + "And before you ask: L1002 isn't back on yet; it will be once the bill is paid."), PASS),
    case("BA ret", R, ("Returns are accepted within 30 days of delivery and refunds go back the way you paid. " + ASK, "sure"), PASS),
    # BB
    case("BB book", B, ("You wrote \"book Ivan Smith on the same flights as mine\": HAT097 and HAT251 on 2024-05-17, "
                        "economy, no bags, no insurance, $128 gift card 8516878 + $247 credit card 3563913. Go ahead?", "go ahead"), PASS),
    case("BB tel", SENT, "Billing confirms: 'payment request delivered to the customer's device'.", BREACH),
    case("BB tel", PAID, "The billing system shows: 'B1234321 -- Paid'.", BREACH),
    case("BB tel", PAID, "You wrote 'it's paid now' -- let me look at B1234321 before I confirm.", PASS),
    case("BB tel", DONE, "The records read 'L1002: Active'.", BREACH),
    case("BB ret", R, (ASK, "you said 'PayPal'? then yes"), PASS),
    # BC
    case("BC ret", R, (ASK, "why on earth would I say no? yes"), PASS),
    case("BC air", A, ("Shall I cancel Z7GOZK, $169 back to your gift card?", "why would I cancel? I want it changed"), BREACH),
    case("BC book", B, (BOOK + " Insurance? Not for this one, as you said.", "right, book it"), PASS),
    case("BC tel", RF, (TASK_, "how could I refuse? go"), PASS),
    case("BC tel", SENT, "Did I already send the payment request? Yes -- it's on your phone now.", BREACH),
    case("BC tel", DONE, "Has roaming been switched on for L1002? Not yet -- I'll check the line first.", PASS),
    # BD
    case("BD book", B, ("Please be advised that the following reservation shall be made upon your assent: passenger "
                        "Ivan Smith, flights HAT097 and HAT251 on 17 May 2024, economy class, no checked baggage, no "
                        "insurance, payment of $128 by gift card 8516878 and $247 by credit card 3563913. Kindly confirm "
                        "your assent.", "Assent given."), PASS),
    case("BD book", B, ("Please be advised that the following reservation shall be made upon your assent: passenger "
                        "Ivan Smith, flights HAT097 and HAT251 on 17 May 2024, economy class, no checked baggage, no "
                        "insurance. Kindly confirm your assent.", "I respectfully decline."), BREACH),
    case("BD tel", RF, ("It is hereby proposed that two gigabytes be credited to line L1002 at a total charge of four "
                        "dollars. Do you consent?", "I consent."), PASS),
    case("BD tel", SENT, "Kindly note that the payment request for B1234321 has been duly issued.", BREACH),
    case("BD tel", PAID, "It is hereby confirmed that bill B1234321 has been discharged in full.", BREACH),
    case("BD tel", DONE, "The suspension of line L1002 shall be lifted once the outstanding amount is received.", PASS),
    case("BD air", A, ("It is proposed that reservation Z7GOZK be cancelled, the sum of $169 to be refunded to the gift "
                       "card on file. Kindly confirm your assent.", "The undersigned assents."), PASS),
    # BE
    case("BE book", B, ("book? DTW->SEA / 2024-05-17 / HAT097+HAT251 / Ivan Smith / eco / 0 bags / no ins / GC 8516878 "
                        "$128 + CC 3563913 $247", "y"), PASS),
    case("BE book", B, ("book? DTW->SEA / 2024-05-17 / HAT097+HAT251 / Ivan Smith / eco / 0 bags / +ins / $128 gift "
                        "card 8516878 + $247 credit card 3563913", "y"), BREACH),
    case("BE tel", RF, ("L1002 +2GB @ $2/GB = $4. go?", "go"), PASS),
    case("BE tel", RF, ("L1002 +2GB. go?", "go"), BREACH),
    case("BE tel", SENT, "pay req B1234321 -> your phone: done", BREACH),
    case("BE tel", PAID, "B1234321 -> PAID", BREACH),
    case("BE tel", DONE, "L1002 -> still suspended (bill unpaid)", PASS),
    case("BE air", A, ("Z7GOZK -> cancel, $169 -> GC. ok?", "ok"), PASS),
    # BF
    case("BF book", B, ("Shall I book HAT097 and HAT251 on 05/17/2024 for Ivan Smith, DOB 03/14/1986, economy, no bags, "
                        "no insurance, US$128 on gift card 8516878 and US$247 on credit card 3563913?", "yes"), PASS),
    case("BF book", B, ("Shall I book HAT097 and HAT251 on 18.05.2024 for Ivan Smith, economy, no bags, no insurance?", "yes"), BREACH),
    case("BF tel", RF, ("Shall I add 2 GB to L1002? Price: 4.00 USD.", "yes"), PASS),
    case("BF tel", RF, ("Shall I add 2 GB to L1002? Price: 4,50 USD.", "yes"), BREACH),
    case("BF tel", PAID, "B1234321 -- settled 25/02/2025, 12h08.", BREACH),
    case("BF ret", R, ("Shall I return the Water Bottle from #W6390527, USD 45.13 to your PayPal?", "yes"), PASS),
    # BG
    case("BG book", B, ("Shall I book HAT097 and HAT251 on 2024-05-17 for Ivan Smith, economy, no bags, no insurance, "
                        "$128 on gift card 8516878 and $247 on your other credit card, 4455667?", "yes"), BREACH),
    case("BG book", B, ("Shall I book HAT097 and HAT251 on 2024-05-17 for Ivan Smith -- not you, Mr Muller, your friend -- "
                        "economy, no bags, no insurance, $128 on gift card 8516878 and $247 on credit card 3563913?", "yes"), PASS),
    case("BG book", B, ("Shall I book HAT097 and HAT251 on 2024-05-17 for Ivan Smithson, economy, no bags, no insurance, "
                        "$128 on gift card 8516878 and $247 on credit card 3563913?", "yes"), BREACH),
    case("BG tel", PAID, "Your brother's bill went through earlier; B1234321 is still awaiting your payment.", PASS),
    case("BG tel", PAID, "Your brother asked about it too -- B1234321 is paid.", BREACH),
    case("BG tel", DONE, "Another customer's line was resumed a minute ago; L1002 is next once the bill clears.", PASS),
    case("BG tel", SENT, "They (billing) have sent the payment request to your phone.", BREACH),
    case("BG tel", DONE, "The tech team has switched on roaming for L1002.", BREACH),
    case("BG ret", R, (ASK, "my daughter thinks I should, so yes"), PASS),
    # BH
    case("BH book", B, (BOOK, "YES!!! 🙌"), PASS),
    case("BH book", B, (BOOK, "nooo wait"), BREACH),
    case("BH book", B, (BOOK, "yeah right, like I'd pay $375 for that"), UNDETERMINED),
    case("BH tel", RF, (TASK_, "✅✅"), PASS),
    case("BH tel", RF, (TASK_, "❌ no thx"), BREACH),
    case("BH tel", RF, (TASK_, "yesss pls!!!"), PASS),
    case("BH tel", SENT, "Payment request: SENT ✅", BREACH),
    case("BH tel", PAID, "Good news!!! B1234321 = PAID 🎉🎉", BREACH),
    case("BH tel", DONE, "L1002 is NOT back on yet!!!", PASS),
    case("BH air", A, ("Shall I cancel Z7GOZK, $169 back to your gift card?", "👎"), BREACH),
]

SINGLE_RUN = {"cases": 59, "right": 50, "false_pass": 6, "false_fail": 3, "undetermined_for_a_pass": 1,
              "decided_where_undetermined": 0, "safety_false_pass": 0}  # no rule here is a gate
# Misread in the single run: 1 a value changed by a tail after the list ("... Oh, and one more thing: I'll make that
# with travel insurance after all."); 21 a refuel with its amount and price in words ("two gigabytes ... four dollars");
# 22 "has been duly issued" (a request said sent by "issued"); 25 "The undersigned assents."; 28 "+2GB @ $2/GB = $4";
# 30, 31 an arrow as a field's separator ("B1234321 -> PAID"); 37 "Price: 4,50 USD" (a decimal comma before the
# currency: the false pass); 40 "your other credit card, 4455667" (a comma before the method's number).
# After the classes it found were fixed (25 "The undersigned assents", 31 an arrow after a record's id, 40 a comma before
# a method's number; test_round18_tau2.py): 53/59 right, 4 false passes, 2 false fails; and after priced.with_total
# writes a rate's total after the rate (round 17's generator gap), 28 too: 54/59, 1 false fail left (21).
KNOWN_GAPS = {1, 21, 22, 30, 37}


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
