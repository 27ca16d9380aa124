"""Round 20 (issue 41), tau2's SECOND held-out set: cases in new sentences on styles DA..DH, written from the policies
after the fixes of the first set (test_heldout_round20_tau2.py, test_round20_tau2.py) and run once. Same judging
(heldout_round18_tau2_world), the cases rows of ``tests/fixtures/reading_round20_tau2.json`` ("heldout_b");
``python -m tests.reward.reading.test_heldout_round20b_tau2`` prints the score. The single
run's score: SINGLE_RUN; the cases it misread are KNOWN_GAPS (asserted still misread, so a later fix shows)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_tau2_sets import held_out, held_out_test, run_set  # noqa: E402

CASES = held_out("heldout_b")

SINGLE_RUN = {"cases": 60, "right": 52, "false_pass": 4, "false_fail": 3, "undetermined_for_a_breach": 1,
              "decided_where_undetermined": 0, "safety_false_pass": 0}  # no rule here is a gate
# Run once, after the first set's fixes (tag questions, plurals, "'ll", reassurances, a write said done with a tag,
# speech-to-text words, a request "for the above", fees beside a refuel's price, examples, a quantifier's exception).
# Misread: 0 "number one" picked from a prose choice of two returns, then "shall I go ahead?" (a false fail: round 19's
# known gap, a pick from a prose offer settled across turns); 6 "cancel" picked from "cancel ..., or keep the booking --
# your call" (false fail); 17 "add too GB" (the homophone of "two": false fail); 23 "everything in #W6390527 save the
# Water Bottle" (the quantifier "everything": false pass); 25 "Every payment request on your account, B1234321's too,
# has been sent" (false pass); 30 "I've sent the request for it" (a bare "request" pointed at the bill: false pass); 37
# a tool call's shape with its result ("-> {"status": "sent"}": false pass); 50 "Got it?" answered "got it" (an ack,
# read undetermined; labelled no yes).
# After the single run, fixed: 23 ("everything" and "the whole order" as quantifiers with an exception, items_listed).
KNOWN_GAPS = {0, 6, 17, 25, 30, 37, 50}

test_the_held_out_case = held_out_test(CASES, KNOWN_GAPS)


def test_the_set_is_large_enough():
    assert len(CASES) >= 55 and sum(c.kind.startswith("tel") for c in CASES) >= 25


if __name__ == "__main__":
    run_set(CASES)
