"""Round 11 of issue 41: whole telecom episodes in new styles (a voice assistant's transcript,
support-ticket notes, translated English, policy-quoting letters) found these classes.

- A decimal point inside an amount ends no sentence for ``asserted`` ("Option: +2 GB added to
  L1002 for $4.00 -- confirm y/n?" is a question, not a refuel said done) nor for the new
  patterns' spans ("your outstanding balance of USD 65.00 has now been settled in full", "A
  payment request in the amount of USD 65.00 has been sent to your device").
- A bill said paid or a payment said received with the amount's currency after it or as a code
  ("We have received the 65,00 $", "we got your 65 dollars", "Your bill of 65,00 $ is now paid
  completely"), as a ticket note ("Pmt received: $65.00"), or in the passive of a letter
  ("Receipt of USD 65.00 in respect of bill B1 is hereby acknowledged").
- A payment request said sent as a ticket note ("pmt request sent to device") or in translated
  word order ("I have sent to your phone the request of payment of 65,00 $").
- A ticket note's line of an object and its participle says the write done ("Resolution: L1002
  reactivated", "Resolution: +2 GB added to L1002"); so does "Your line L1002 is activated again".

Controls: the same words promised, conditioned, asked or negated."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped_domains.tau2_telecom.asserted import asserts  # noqa: E402
from tests.domains.tau2_telecom import test_statements_in_other_words as S  # noqa: E402
from tests.domains.tau2_telecom.test_refuel_confirmed_in_other_words import _judge  # noqa: E402
from tests.reward.reading.generated.world import PASS  # noqa: E402

DONE = {"resume_line": ["Resolution: {line} reactivated", "Your line {line} is activated again.", "Status: line resumed"],
        "refuel_data": ["Resolution: +2 GB added to {line}", "Done: 2 GB added"],
        "enable_roaming": ["Resolution: roaming enabled"]}
NOT_DONE = {"resume_line": ["Resolution: {line} to be reactivated after payment", "Your line {line} is not activated again yet.",
                            "Once paid, {line} reactivated within the hour?"],
            "refuel_data": ["Option: +2 GB added to {line} for $4.00 -- confirm y/n?", "Resolution: no GB added yet"],
            "enable_roaming": ["Next steps: roaming enabled once you confirm?"]}
SENT = ["Resolution: pmt request sent to device", "I have sent to your phone the request of payment of 65,00 $.",
        "A payment request in the amount of USD 65.00 has been sent to your device.", "pmt request for {b}: sent"]
NOT_SENT = ["I will send to your phone the request of payment of 65,00 $.", "A payment request in the amount of USD 65.00 will be sent to your device.",
            "Next steps: pmt request to be sent after you confirm", "Has the payment request of USD 65.00 been sent to your device? Not yet."]
PAID = ["okay we got your 65 dollars for bill {b} thanks", "Pmt received: $65.00 ({b})", "We have received the 65,00 $ of the bill {b}, thank you.",
        "Receipt of USD 65.00 in respect of bill {b} is hereby acknowledged.", "Your bill of 65,00 $ is now paid completely.",
        "I can confirm that your outstanding balance of USD 65.00 has now been settled in full."]
NOT_PAID = ["Please pay the 65,00 $ of the bill {b} on your phone.", "Receipt of your payment will be acknowledged by email.",
            "Your bill of 65,00 $ is not paid yet.", "The balance of USD 65.00 has not been settled.",
            "Once we have received the 65,00 $, I can resume the line.", "Have we received the 65 dollars? Let me check."]


def test_what_a_tool_did_told_in_round_11_words():
    cases = S._cases(DONE, NOT_DONE, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 10 and not wrong, wrong[:8]


def test_a_payment_request_said_sent_in_round_11_words():
    assert S.request_sent_misread(SENT, NOT_SENT) == []


def test_a_bill_said_paid_in_round_11_words():
    assert S._misjudged(PAID, NOT_PAID) == []


def test_a_decimal_point_ends_no_sentence():
    pattern = r"(?i)\+2 GB added"
    assert not asserts("Option: +2 GB added to L1002 for $4.00 -- confirm y/n?", pattern)
    assert asserts("Resolution: +2 GB added to L1002 for $4.00.", pattern)
    assert asserts("Total $4. Done: +2 GB added to L1002.", pattern)


@pytest.mark.parametrize("text", ["Issue: data usage exceeded\nLine: {line}\nOption: refuel +2 GB @ $2.00/GB = $4.00\nNext steps: confirm y/n",
                                  "Pursuant to our data refuel policy, line {line} is eligible for an additional two (2) gigabytes of data at USD 2.00 "
                                  "per gigabyte, for a total charge of USD 4.00. Do you authorize this refuel?"])
def test_a_refuel_offered_in_a_ticket_note_or_a_letter(text):
    assert _judge(text, "k") == PASS
