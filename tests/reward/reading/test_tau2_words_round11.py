"""Round 11 of issue 41 (whole tau2 episodes in translated English, a voice transcript and ticket
notes; SPEC §10 statements): three classes in the shared readers.

- Thousands grouped by a space before a decimal comma ("1 186,47 $", "23 553,00 $") are one amount
  (amounts.py): the last group was read alone (186.47, 553), a false fail of the money statements
  and of the confirmation's amount. Only with the decimal comma: "2 500 dollars" after a count
  stays 500.
- An amount taken back at once for the next ("forty dollars sorry fifty dollars", "$12 -- sorry,
  $14", "16,90 $, I mean 19,60 $") is not stated: only the second is (amounts.py). Two amounts with
  anything else between them ("$40 and $50", "$40, sorry for the wait, $50 is the fare") stay two.
- A ticket note's verdict key denies ("Resolution: denied -- basic eco", "Disposition: declined",
  refusals.py); "Resolution: no issue found" or "Resolution: refund approved" do not."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.amounts import amounts
from tau_shaped.reward.reading.refusals import denial


@pytest.mark.parametrize("text,values", [
    ("In total you have saved 23 553,00 $.", [23553.0]),
    ("The refund of 1 186,47 $ is going on your card.", [1186.47]),
    ("USD 2 530,72 will be charged", [2530.72]),
    ("le total est de 12 345 678,90 €", [12345678.90]),
    ("I have made the refund of 1\u00a0093,34 $ to your card", [1093.34]),
    ("3 150,00 $ and 2 125,50 $", [3150.0, 2125.5]),
    # controls: no decimal comma, or a figure of its own
    ("2 500 dollars", [500.0]),
    ("it costs 1 234 dollars", [234.0]),
    ("2 items at 553,00 $", [553.0]),
    ("The refund of 16,90 $", [16.9]),
    ("$1,234.50 and 1.234,50 $", [1234.5, 1234.5]),
])
def test_space_grouped_thousands_before_a_decimal_comma(text, values):
    assert [a.value for a in amounts(text)] == values


@pytest.mark.parametrize("text,values", [
    ("send you a travel certificate for 40 dollars sorry 50 dollars to your account", [50.0]),
    ("that's $12 -- sorry, $14", [14.0]),
    ("the refund is 16,90 $, I mean 19,60 $", [19.6]),
    ("$40, no wait, $50", [50.0]),
    ("$30 or rather $35", [35.0]),
    ("um $40 uh sorry $50", [50.0]),
    ("$40. Sorry, $50.", [50.0]),
    ("it comes to $20 - make that $25", [25.0]),
    ("$40, correction: it's $45", [45.0]),
    # controls: two amounts said
    ("$40 and $50", [40.0, 50.0]),
    ("the fee is $40, sorry for the wait, $50 is the fare", [40.0, 50.0]),
    ("refund $5 or $6", [5.0, 6.0]),
    ("$20 (sorry) $25", [20.0, 25.0]),
    ("I'm sorry, $40 is the fee and $50 the fare", [40.0, 50.0]),
])
def test_an_amount_taken_back_is_not_stated(text, values):
    assert [a.value for a in amounts(text)] == values


@pytest.mark.parametrize("text", [
    "Issue: cxl + refund 3FRNFB\nResolution: denied -- basic eco, booked >24h ago, no ins, not airline cxl",
    "Resolution: declined -- ins only at booking", "Disposition: declined", "Resolution: request denied",
    "Determination: ineligible (basic economy)", "RESOLUTION: DENIED",
])
def test_a_ticket_verdict_denies(text):
    assert denial(text) is not None, text


@pytest.mark.parametrize("text", [
    "Resolution: no issue found, cancelled", "Resolution: done", "Resolution: refund approved",
    "Resolution: cxl'd, refund to original FOP", "Next steps: confirm y/n",
])
def test_a_ticket_verdict_of_done_denies_nothing(text):
    assert denial(text) is None, text
