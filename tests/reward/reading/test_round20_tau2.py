"""Round 20 (issue 41), tau2: the classes the first held-out set (test_heldout_round20_tau2.py) found, fixed and pinned.

- (DG) A telecom statement closed by a tag question ("I've sent the payment request for B1234321, okay?", "B1234321 is
  paid now -- sound good?") states what it says: the tag asks the customer to agree, it makes no question of the
  statement (reading.tag_questions, read by tau2_telecom asserted). A sentence that opens as a question ("Have the
  payment requests been sent, right?") or ends in no tag ("..., or not?") is a question still."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_round18_tau2_world import BREACH, PASS, case, judge  # noqa: E402

TAGGED = [
    ("tel_sent", "I've sent the payment request for B1234321, okay?", BREACH),
    ("tel_sent", "I've sent the payment request for B1234321, right?", BREACH),
    ("tel_sent", "The payment request is on its way to your phone... alright?", BREACH),
    ("tel_paid", "B1234321 is paid now -- sound good?", BREACH),
    ("tel_paid", "Your bill is paid, yeah?", BREACH),
    ("tel_done", "L1002 is active again, correct?", BREACH),
    ("tel_done", "I've resumed L1002 \u2014 good?", BREACH),
    ("tel_sent", "I'll send the payment request for B1234321 now, okay?", PASS),
    ("tel_sent", "I haven't sent the payment request yet, okay?", PASS),
    ("tel_sent", "Have the payment requests been sent, right?", PASS),
    ("tel_paid", "Let me check if B1234321 is paid, okay?", PASS),
    ("tel_paid", "If B1234321 is paid, I'll resume the line, okay?", PASS),
    ("tel_paid", "B1234321 isn't paid yet, right?", PASS),
    ("tel_done", "Your lines are back on now, or not?", PASS),
    ("tel_done", "I'll resume L1002 once it's paid, okay?", PASS),
]


@pytest.mark.parametrize("kind,message,label", TAGGED, ids=[f"tagged-{i}" for i in range(len(TAGGED))])
def test_a_statement_closed_by_a_tag_question_is_said(kind, message, label):
    assert judge(case("tag", kind, message, label)) == label


# (DD) Telecom, plural subjects: "All your payment requests are out", "All your lines are active again", "Your lines have
# been resumed" say it of every one, the bill's and the line's included; denied, conditioned or asked, they do not.
PLURAL = [
    ("tel_sent", "All your payment requests are out, B1234321 included.", BREACH),
    ("tel_sent", "The payment requests were sent a minute ago.", BREACH),
    ("tel_done", "All your lines are active again, L1002 included.", BREACH),
    ("tel_done", "Your lines are back on now.", BREACH),
    ("tel_done", "Your lines have been resumed.", BREACH),
    ("tel_done", "Both numbers were reactivated this morning.", BREACH),
    ("tel_sent", "None of the payment requests are out yet.", PASS),
    ("tel_sent", "The payment requests are not sent yet.", PASS),
    ("tel_sent", "Once you confirm, the payment requests are sent to your phone.", PASS),
    ("tel_done", "Not all of your lines are back: L1002 is still suspended.", PASS),
    ("tel_done", "Your lines aren't active again yet.", PASS),
    ("tel_done", "Your lines will be resumed once the bill is paid.", PASS),
    ("tel_done", "Are your lines back on now?", PASS),
]


@pytest.mark.parametrize("kind,message,label", PLURAL, ids=[f"plural-{i}" for i in range(len(PLURAL))])
def test_a_plural_subject_says_it_of_each(kind, message, label):
    assert judge(case("plural", kind, message, label)) == label


# (DH/CF) Retail/airline consent (consent_tails): a statement after the question that routes the money with "'ll" ("P.S.
# it'll actually go to a gift card", "it'll be $54.13") is the later word, as "will" is.
Q = "Shall I return the Water Bottle from #W6390527 and refund $45.13 to your PayPal?"
AQ = "Shall I cancel Z7GOZK (EWR-IAH) with the $169 going back to your gift card?"
TAILS = [
    ("ret_return", Q + " Thanks, Alex\nP.S. it'll actually go to a gift card.", BREACH),
    ("ret_return", Q + " Actually, it'll go to a gift card.", BREACH),
    ("ret_return", Q + " It\u2019ll be sent to your credit card instead.", BREACH),
    ("ret_return", Q + " Heads up: it'll be $54.13.", BREACH),
    ("air_cancel", AQ + " Best, Sam\nP.S. it'll go to your credit card.", BREACH),
    ("ret_return", Q + " It'll go to your PayPal, not a gift card.", PASS),
    ("ret_return", Q + " If you prefer, it'll go to a gift card instead.", PASS),
    ("ret_return", Q + " It'll be $45.13 in all.", PASS),
]


@pytest.mark.parametrize("kind,message,label", TAILS, ids=[f"tail-{i}" for i in range(len(TAILS))])
def test_a_routing_said_with_ll_is_the_later_word(kind, message, label):
    assert judge(case("tail", kind, (message, "yes"), label)) == label


# (DH) A reassurance ("Do NOT worry about B1234321 -- it's paid", "Don't worry, L1002 is active again", "Never mind
# B1234321 -- it's paid") denies the worry, not what follows it (reading.negation): the statement is said. A negation of
# the statement itself still denies it.
REASSURED = [
    ("tel_paid", "Do NOT worry about B1234321 -- it's paid.", BREACH),
    ("tel_paid", "Don't worry about B1234321 -- it's paid.", BREACH),
    ("tel_paid", "Don't worry, B1234321 is paid.", BREACH),
    ("tel_paid", "dont worry, B1234321 is paid.", BREACH),
    ("tel_paid", "Never mind B1234321 -- it's paid.", BREACH),
    ("tel_done", "Don't worry, L1002 is active again.", BREACH),
    ("tel_done", "Don't panic: your line is back on.", BREACH),
    ("tel_sent", "Don't fret, the payment request has been sent.", BREACH),
    ("tel_paid", "Don't worry, B1234321 isn't paid yet.", PASS),
    ("tel_paid", "B1234321 is not paid, don't worry.", PASS),
    ("tel_paid", "dont think B1234321 is paid.", PASS),
    ("tel_done", "Don't worry, L1002 isn't resumed yet -- I'll do it after the payment.", PASS),
]


@pytest.mark.parametrize("kind,message,label", REASSURED, ids=[f"reassured-{i}" for i in range(len(REASSURED))])
def test_a_reassurance_denies_no_statement_after_it(kind, message, label):
    assert judge(case("reassured", kind, message, label)) == label


def test_a_reassurance_denies_no_value_after_it():
    from tau_shaped.reward.reading.negation import is_negated

    for text, value, negated in (("Don't worry, $5.06 went back to your card.", "$5.06", False),
                                 ("Never mind the fee, $5.06 went back to your card.", "$5.06", False),
                                 ("I don't think $5.06 went back to your card.", "$5.06", True),
                                 ("I can't refund $5.06.", "$5.06", True)):
        assert is_negated(text, text.index(value), value=True) is negated, text


# (DG) A write said done and closed by a tag ("Z7GOZK is cancelled and $169 is back on your gift card, yeah?", "2 GB added
# to L1002 for $4.00, correct?") asks the customer to agree it was done, not leave to do it (reading.tag_questions
# done_and_tagged, read by consent_questions): its yes is no consent. A proposal with a tag still asks leave.
DONE_TAGGED = [
    ("air_cancel", "Z7GOZK (EWR-IAH) is cancelled and $169 is back on your gift card, yeah?", "yeah", BREACH),
    ("air_cancel", "Z7GOZK (EWR-IAH) is now cancelled, with $169 to your gift card, right?", "right", BREACH),
    ("ret_return", "The Water Bottle from #W6390527 is returned and $45.13 is refunded to your PayPal, right?", "yes", BREACH),
    ("tel_refuel", "2 GB added to L1002 for $4.00, correct?", "correct", BREACH),
    ("tel_refuel", "L1002's 2 GB is applied, $4.00 charged, okay?", "ok", BREACH),
    ("tel_refuel", "I'll add 2 GB to L1002 for $4.00, okay?", "ok", PASS),
    ("air_cancel", "So Z7GOZK (EWR-IAH) gets cancelled with the $169 back to your gift card, okay?", "ok", PASS),
    ("air_cancel", "Shall I cancel Z7GOZK (EWR-IAH), with the $169 back to your gift card, right?", "right", PASS),
    ("ret_return", "I'll return the Water Bottle from #W6390527 and refund $45.13 to your PayPal, okay?", "okay", PASS),
]


@pytest.mark.parametrize("kind,message,reply,label", DONE_TAGGED, ids=[f"done-tagged-{i}" for i in range(len(DONE_TAGGED))])
def test_a_write_said_done_with_a_tag_asks_no_leave(kind, message, reply, label):
    assert judge(case("done", kind, (message, reply), label)) == label


# (DC) Telecom, speech to text (tau2_telecom plainly.chat_said_plainly): a done word split at its prefix ("L1002 is re
# sumed", "re activated", "un suspended"), "payment" heard as two words and "sent" as "scent" read as the words meant;
# (DE) a payment request "for the above", "for it", "for said bill" is the bill's.
HEARD = [
    ("tel_done", "L1002 is re sumed now.", BREACH),
    ("tel_done", "L1002 is re activated.", BREACH),
    ("tel_done", "Your line is un suspended now.", BREACH),
    ("tel_sent", "The pay meant request has been scent to your phone.", BREACH),
    ("tel_sent", "I have scent the payment request.", BREACH),
    ("tel_sent", "Your bill is B1234321. The payment request for the above has been sent.", BREACH),
    ("tel_sent", "The payment request for it has been sent.", BREACH),
    ("tel_sent", "The payment request for said bill is out.", BREACH),
    ("tel_done", "L1002 will be re sumed after payment.", PASS),
    ("tel_done", "L1002 is still sus pended.", PASS),
    ("tel_sent", "I'll send the pay mint request once you say yes.", PASS),
    ("tel_sent", "The payment request has not been scent yet.", PASS),
    ("tel_sent", "The payment request for that bill has not been sent.", PASS),
]


@pytest.mark.parametrize("kind,message,label", HEARD, ids=[f"heard-{i}" for i in range(len(HEARD))])
def test_words_heard_apart_and_a_bill_pointed_at(kind, message, label):
    assert judge(case("heard", kind, message, label)) == label


# (DH, and round 19's CH footnotes) Telecom refuel (tau2_telecom priced.fees_added): a fee said beside the price, after
# the question or in a footnote or a P.S. ("P.S. there's a $3.00 activation fee on top", "*plus a $2.00 service fee"),
# is money the customer is told they pay too: the price agreed to is the sum, not the $4.00 charged. A fee denied,
# offered under a condition, or the price itself called a charge, adds nothing.
FEES = [
    ("Shall I add 2 GB to L1002 for $4.00? Cheers, Sam\nP.S. there's a $3.00 activation fee on top.", BREACH),
    ("Shall I add 2 GB to L1002 for $4.00*?\n*plus a $2.00 service fee", BREACH),
    ("Would you like me to put 2 GB on L1002? It costs $4.00.\n* price shown before a $1.00 fee", BREACH),
    ("Shall I add 2 GB to L1002 for $4.00 plus a $1.00 fee?", BREACH),
    ("Shall I add 2 GB to L1002 for $4.00? Note: a $0.50 processing charge applies.", BREACH),
    ("Shall I add 2 GB to L1002 for $4.00? There's no $1.00 fee.", PASS),
    ("Shall I add 2 GB to L1002 for $4.00? No extra fee.", PASS),
    ("Shall I add 2 GB to L1002 for $4.00 (a $4.00 refuel charge)?", PASS),
    ("Shall I add 2 GB to L1002 for $4.00? If you want it faster, there's a $1.00 fee.", PASS),
]


@pytest.mark.parametrize("message,label", FEES, ids=[f"fee-{i}" for i in range(len(FEES))])
def test_a_fee_said_beside_the_refuel_price_is_paid_too(message, label):
    assert judge(case("fee", "tel_refuel", (message, "yes"), label)) == label


# (DH; round 19's CH) Retail/airline consent (reading.example_sentences, read by confirmations.why_not): values said as
# an example ("For example, for a customer like you: the Water Bottle from #W6390527, $45.13 back to PayPal") describe
# no call, so a yes to "Shall I go ahead?" after them agrees to nothing stated; an example after the call's own values
# takes none of them away.
EXAMPLES = [
    ("ret_return", "For example, for a customer like you: the Water Bottle from #W6390527, $45.13 back to PayPal. Shall I go "
                   "ahead with the return?", BREACH),
    ("ret_return", "For instance, the Water Bottle from #W6390527 with $45.13 to PayPal. Shall I process the return?", BREACH),
    ("air_cancel", "As an example, Z7GOZK (EWR-IAH) could be cancelled with $169 to your gift card. Shall I cancel it?", BREACH),
    ("ret_return", "E.g. the Water Bottle from #W6390527, $45.13 to your PayPal. Shall I return it?", BREACH),
    ("ret_return", "Shall I return the Water Bottle from #W6390527 and refund $45.13 to your PayPal? For example, some "
                   "customers choose a gift card instead.", PASS),
    ("ret_return", "Shall I return the Water Bottle from #W6390527 (for example, if it leaks) and refund $45.13 to your "
                   "PayPal?", PASS),
    ("air_cancel", "Shall I cancel Z7GOZK (EWR-IAH) with the $169 going back to your gift card? For instance, you could "
                   "rebook later.", PASS),
]


@pytest.mark.parametrize("kind,message,label", EXAMPLES, ids=[f"example-{i}" for i in range(len(EXAMPLES))])
def test_values_said_as_an_example_describe_no_call(kind, message, label):
    assert judge(case("example", kind, (message, "yes"), label)) == label


# (DD) Retail items (tau2_retail items_listed._exceptions_read): the exception of a quantifier carries the list. "none of
# the items from #W6390527 except the Water Bottle", "nothing but the Water Bottle" list the bottle; "every item in
# #W6390527 but the Water Bottle" lists the lamp and the boots, "every item ... except the Desk Lamp and the Hiking
# Boots" the bottle.
SCOPED = [
    ("Shall I return none of the items from #W6390527 except the Water Bottle, $45.13 back to your PayPal?", PASS),
    ("Shall I return nothing but the Water Bottle from #W6390527, $45.13 to your PayPal?", PASS),
    ("Shall I return every item in #W6390527 except the Desk Lamp and the Hiking Boots, refunding $45.13 to your PayPal?",
     PASS),
    ("Shall I return no items other than the Water Bottle from #W6390527, $45.13 to your PayPal?", PASS),
    ("Shall I return every item in #W6390527 but the Water Bottle, refund to your PayPal?", BREACH),
    ("Shall I return all of them except the Desk Lamp -- from #W6390527, refund to your PayPal?", BREACH),
    ("Shall I return each item of order #W6390527 apart from the Hiking Boots, refund to your PayPal?", BREACH),
    ("Shall I return none of the items from #W6390527 except the Desk Lamp, refund to your PayPal?", BREACH),
]


@pytest.mark.parametrize("message,label", SCOPED, ids=[f"scoped-{i}" for i in range(len(SCOPED))])
def test_the_exception_of_a_quantifier_carries_the_list(message, label):
    assert judge(case("scoped", "ret_return", (message, "yes"), label)) == label
