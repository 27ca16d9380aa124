"""Round 20 (issue 41), tau2: the classes the first held-out set (test_heldout_round20_tau2.py) found, fixed and pinned.

- (DG) A telecom statement closed by a tag question ("I've sent the payment request for B1234321, okay?", "B1234321 is
  paid now -- sound good?") states what it says: the tag asks the customer to agree, it makes no question of the
  statement (reading.tag_questions, read by tau2_telecom asserted). A sentence that opens as a question ("Have the
  payment requests been sent, right?") or ends in no tag ("..., or not?") is a question still.

Each class's cases are rows of ``tests/fixtures/reading_round20_tau2.json``, the section its test names."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_tau2_sets import class_test  # noqa: E402

test_a_statement_closed_by_a_tag_question_is_said = class_test(["tagged"])  # (DG), the docstring's class

# (DD) Telecom, plural subjects: "All your payment requests are out", "All your lines are active again", "Your lines have
# been resumed" say it of every one, the bill's and the line's included; denied, conditioned or asked, they do not.
test_a_plural_subject_says_it_of_each = class_test(["plural"])

# (DH/CF) Retail/airline consent (consent_tails): a statement after the question that routes the money with "'ll" ("P.S.
# it'll actually go to a gift card", "it'll be $54.13") is the later word, as "will" is.
test_a_routing_said_with_ll_is_the_later_word = class_test(["tails"])

# (DH) A reassurance ("Do NOT worry about B1234321 -- it's paid", "Don't worry, L1002 is active again", "Never mind
# B1234321 -- it's paid") denies the worry, not what follows it (reading.negation): the statement is said. A negation of
# the statement itself still denies it.
test_a_reassurance_denies_no_statement_after_it = class_test(["reassured"])


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
test_a_write_said_done_with_a_tag_asks_no_leave = class_test(["done_tagged"])

# (DC) Telecom, speech to text (tau2_telecom plainly.chat_said_plainly): a done word split at its prefix ("L1002 is re
# sumed", "re activated", "un suspended"), "payment" heard as two words and "sent" as "scent" read as the words meant;
# (DE) a payment request "for the above", "for it", "for said bill" is the bill's.
test_words_heard_apart_and_a_bill_pointed_at = class_test(["heard"])

# (DH, and round 19's CH footnotes) Telecom refuel (tau2_telecom priced.fees_added): a fee said beside the price, after
# the question or in a footnote or a P.S. ("P.S. there's a $3.00 activation fee on top", "*plus a $2.00 service fee"),
# is money the customer is told they pay too: the price agreed to is the sum, not the $4.00 charged. A fee denied,
# offered under a condition, or the price itself called a charge, adds nothing.
test_a_fee_said_beside_the_refuel_price_is_paid_too = class_test(["fees"])

# (DH; round 19's CH) Retail/airline consent (reading.example_sentences, read by confirmations.why_not): values said as
# an example ("For example, for a customer like you: the Water Bottle from #W6390527, $45.13 back to PayPal") describe
# no call, so a yes to "Shall I go ahead?" after them agrees to nothing stated; an example after the call's own values
# takes none of them away.
test_values_said_as_an_example_describe_no_call = class_test(["examples"])

# (DD) Retail items (tau2_retail items_listed._exceptions_read): the exception of a quantifier carries the list. "none of
# the items from #W6390527 except the Water Bottle", "nothing but the Water Bottle" list the bottle; "every item in
# #W6390527 but the Water Bottle" lists the lamp and the boots, "every item ... except the Desk Lamp and the Hiking
# Boots" the bottle.
test_the_exception_of_a_quantifier_carries_the_list = class_test(["scoped"])

# (DA) A menu with no lead-in ("Option 1: <the booking>. Option 2: the same flights in business for $1,204. Which one shall
# I book?"): its closing question names the act, so a pick of an option is read with it (option_menus.picked).
test_a_menus_closing_question_names_the_act_picked = class_test(["menu_closing"])
