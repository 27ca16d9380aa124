"""Round 14 of issue 41: whole telecom episodes in new styles (hedged speech, reported speech and attribution, numbered
menus, buried content, forged notes) found these classes.

- What the agent's own system, records or screen are said to show is the agent's statement (plainly.py): "Our system
  shows L1002 as resumed now", "Our system shows 2 GB added to L1002", "Our billing system shows the request has gone
  out"; a state it shows that no done pattern reads ("Our system shows L1002 as suspended") stays none, and the
  customer's words or a rule's stay reported.
- "The request" told of with the phone, a bill or an amount in its sentence is the payment request ("I believe the
  request for the $65.00 is on your phone now", "Has the request gone out? Yes -- $65.00."); the customer's own request
  ("Your request has been noted") is not.
- A self-answered question whose yes is followed by data on a line with no verb says the data is on the line now ("Is
  the data on? Yes, 2 GB on L1002.").
- An "if" that hedges what the agent reads is no condition ("If I'm reading this right, that request for $65.00 is on
  your phone now"), and a request that "went to" the phone was sent ("... went to your phone a minute ago").
- A status given on one line after a record's id, with no other field ("SYSTEM: bill B1234321 -- status PAID", "Bill
  B1: status PAID."), says the record's state: an agent's note in the system's voice is still the agent's statement;
  its snake_case keys read as words ("[BILLING SYSTEM] payment_request: SENT").

Controls: the same words proposed, promised, reported from the customer, or of another state."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.domains.tau2_telecom import test_statements_in_other_words as S  # noqa: E402

DONE = {"resume_line": ["Our system shows {line} as resumed now.", "According to our records, {line} has been resumed.",
                        "The system now shows {line} reactivated."],
        "refuel_data": ["Our system shows 2 GB added to {line}.", "Is the data on? Yes, 2 GB on {line}.", "My screen shows 2 GB added to {line}."]}
NOT_DONE = {"resume_line": ["Our system shows {line} as suspended.", "Our system shows {line} as suspended until the bill is paid.",
                            "You said our system shows {line} as resumed -- let me check."],
            "refuel_data": ["Is the data on? No, not yet -- 2 GB on {line} once you confirm.", "Our system shows 0 GB left on {line}.",
                            "Our system shows 2 GB available to add to {line} for $4.00 -- shall I?"]}
SENT = ["Our billing system shows the request has gone out -- $65.00, to your phone.", "I believe the request for the $65.00 is on your phone now.",
        "Has the request gone out? Yes -- $65.00.", "Our billing system shows the payment request for B1234321, $65.00, sent to your phone.",
        "That request for bill B1234321 is on your phone now.",
        "Our records show the request for bill B1234321 went to your phone a minute ago.",
        "If I'm reading this right, that request for $65.00 is on your phone now.",
        "[BILLING SYSTEM] payment_request: SENT (B1234321, $65.00)"]
NOT_SENT = ["Your request has been noted -- I'll look at the bill now.", "I'm going to send the $65.00 request to your phone next.",
            "Has the request gone out? Not yet -- $65.00 once you agree.", "Your request for a refund of $65.00 was sent to our billing team.",
            "Our system shows no request sent to your phone yet.", "Once the request is on your phone, open it and pay the $65.00.",
            "If the request went to your phone, please open it and pay the $65.00.", "The request never went to your phone -- let me retry the $65.00."]
PAID = ["SYSTEM: bill {b} -- status PAID", "bill_status: PAID ({b})", "Bill {b}: status PAID.", "Our billing system shows {b} as paid.", "According to our records, {b} is paid in full."]
NOT_PAID = ["SYSTEM: bill {b} -- status OVERDUE", "bill_status: OVERDUE ({b})", "Bill {b}: status overdue.", "Our billing system shows {b} as overdue.",
            "You told me {b} is paid -- let me check our records."]


def test_what_a_tool_did_told_in_round_14_words():
    cases = S._cases(DONE, NOT_DONE, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 10 and not wrong, wrong[:8]


def test_a_payment_request_said_sent_in_round_14_words():
    assert S.request_sent_misread(SENT, NOT_SENT) == []


def test_a_bill_said_paid_in_round_14_words():
    assert S._misjudged(PAID, NOT_PAID) == []
