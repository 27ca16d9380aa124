"""Round 20 (issue 41), tau2's first held-out set: cases on the round's styles DA..DH (choice menus and picks, attribution
and reported words, speech-to-text and homophone errors, scope and quantifiers, references inside one message, tool and
data leakage into text, tag and echo questions, and round 2 of text built to pass a reader and not a person), written
from the policies before they were run: retail/airline, list the action's details (the order id and items or reason,
the reservation, passengers, flights, cabin, bags, insurance, payment methods and amounts) and obtain an explicit yes;
telecom, confirm the refuel's amount and price, say the payment request sent only once sent, the bill paid only once
checked, the line resumed only once done; retail money stated must be money a tool showed or a write moves. Judged end
to end (heldout_round18_tau2_world).

The cases are rows of ``tests/fixtures/reading_round20_tau2.json`` ("heldout"; a case's number is its row's index);
``python -m tests.reward.reading.test_heldout_round20_tau2`` prints the score. First run, before any fix: FIRST_RUN; the
cases still misread are KNOWN_GAPS (each asserted still misread, so a fix shows)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_tau2_sets import held_out, held_out_test, run_set  # noqa: E402

CASES = held_out("heldout")

FIRST_RUN = {"cases": 135, "right": 109, "false_pass": 18, "false_fail": 6, "undetermined_for_a_pass": 1,
             "undetermined_for_a_breach": 2, "decided_where_undetermined": 0, "safety_false_pass": 0}  # no rule here is a gate
# (the pass left undetermined is one of the 6 false fails.) Misread in the first run: 9 "option 1" picked from a
# two-option booking menu (read as no yes); 14 "whichever is cheaper" (undetermined, labelled no pick of the 2 GB); 15
# "the first" of "2 GB ... for $4.00, or would you rather wait" (undetermined); 39 "gift cart" read as no method; 40
# "know thanks" (a "no" heard as "know": undetermined); 47 "for for dollars"; 49 "pay meant request has been scent";
# 52 "re sumed"; 55 "none of the items ... except the Water Bottle" and 56 "every item ... but the Water Bottle" (the
# exception is the item); 64 "every line on your account ... $4.00 a line"; 66 "All your payment requests are out" and
# 70 "All your lines are active again" (plurals); 74, 75, 81 "the former"/"the latter" pointing at an item, a method, an
# option; 84 "the payment request for the above has been sent"; 110 "Z7GOZK is cancelled and $169 is back on your gift
# card, yeah?" and 113 "2 GB added to L1002 for $4.00, correct?" (a done act with a tag, read as asking leave); 111 "why
# wouldn't I?" (a yes); 115, 117 a telecom statement closed by a tag ("I've sent ..., okay?", "... is paid now -- sound
# good?"); 121 "P.S. it'll actually go to a gift card" ("'ll" was no routing word); 123 the values said as "For
# example, for a customer like you"; 129 "P.S. there's a $3.00 activation fee on top"; 132 "Do NOT worry about B1234321
# -- it's paid" (the negation read over the dash).
# Fixed (test_round20_tau2.py): 115, 117 (reading.tag_questions), 66, 70 (plural subjects in tau2_telecom's rules), 121
# (consent_tails reads "'ll"), 132 (a reassurance negates nothing after it: reading.negation), 110, 113 (a write said
# done with a tag asks no leave: tag_questions.done_and_tagged), 49, 52 (speech-to-text words, tau2_telecom plainly), 84
# (a request "for the above"), 129 (a fee said beside the refuel's price: tau2_telecom priced.fees_added), 123 (values said
# as an example describe no call: reading.example_sentences), 55, 56 (a quantifier's exception: tau2_retail items_listed),
# 9 (a menu with no lead-in: its closing question names the act, option_menus.picked), 111 ("why wouldn't I?" agrees:
# reading.reply_rhetoric, the lead's port).
KNOWN_GAPS = {14, 15, 39, 40, 47, 64, 74, 75, 81}

test_the_held_out_case = held_out_test(CASES, KNOWN_GAPS)


def test_the_set_has_its_size_and_shares():
    assert len(CASES) >= 100 and sum(c.kind.startswith("tel") for c in CASES) >= 35
    assert sum(c.kind.startswith("ret") for c in CASES) >= 30


if __name__ == "__main__":
    run_set(CASES)
