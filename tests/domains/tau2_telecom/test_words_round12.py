"""Round 12 of issue 41: whole telecom episodes in new styles (a telegraphic agent, an
over-explaining one, heavy markdown, regional English) found these classes.

- Markdown is read as the words the customer sees: emphasis, code marks, a blockquote's and a
  heading's marker ("> **Payment received:** $65.00 for B1", "**L1002** -- reactivated").
- A telegraphic statement with no verb of its own followed at once by a question that only asks
  leave ("L1002: +2 GB refuel. OK? y/n") proposes it: it reports nothing done.
- A note's abbreviation of "received" ("Pmt rcvd: $65.00", "payment rec'd"); the verb as a
  note's key ("Sent: payment request, $65.00") or as a sentence of its own after the request
  ("Pmt request -> your phone. Sent."); a line and its state joined by a dash or an arrow
  ("L1002 -- reactivated", "L1002 -> resumed"); data on the line by its id ("2 GB's on L1002
  now") or a note's "Done." after it ("+2 GB on L1002. Done."); the line by its id in the
  passive ("L1002 has been resumed").
- Words the agent reports are not its statement (reported speech, a quotation): inside a
  quotation a frame opens ("You said 'my line is back on' -- I'll check", "The policy says 'a
  line is resumed once the bill is paid'") or in the clause a frame of the customer's words opens
  ("You mentioned the bill was paid yesterday; let me look"); "As you said" or "like you said"
  agree (a statement), and a match after the quotation is stated ("I know you said 'hurry' --
  L1002 has been resumed").
- How things go is no report of what was done: a habit's adverb in the clause ("Normally a
  payment request is sent to your phone within a minute", "Usually a line is resumed right after
  the bill is paid"), or a present state under a condition after it in its clause ("A bill is paid
  once you accept the request", "L1002 is resumed when the bill is paid"); "L1002 was resumed when
  you paid", "Your bill is paid, once again thanks!" and "B1 is paid -- if you see a charge, ignore
  it" report.

Controls: the same words proposed, conditioned, asked or negated."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped_domains.tau2_telecom.asserted import asserts, markup_read  # noqa: E402
from tests.domains.tau2_telecom import test_statements_in_other_words as S  # noqa: E402
from tests.domains.tau2_telecom.test_refuel_confirmed_in_other_words import _judge  # noqa: E402
from tests.reward.reading.generated.world import PASS  # noqa: E402

DONE = {"resume_line": ["**{line}** -- reactivated.", "{line} -> resumed", "> ### Status\n> {line} \u2014 restored", "{line} has been resumed.",
                        "I know you said 'hurry' -- {line} has been resumed.", "{line} was resumed when you paid."],
        "refuel_data": ["+2 GB on {line}. Done.", "Sorted, 2 GB's on {line} now.", "**Done:** 2 GB added to {line}."]}
NOT_DONE = {"resume_line": ["**{line}** -- not reactivated yet.", "Once paid: {line} -> resumed.", "{line} -> resumed? y/n",
                            "You said 'my line is back on' -- I'll check.", "The policy says 'a suspended line is resumed once the bill is paid'.",
                            "You typed '{line} reactivated'. Checking.", "Usually a line is resumed right after the bill is paid.",
                            "{line} is resumed when the bill is paid."],
            "refuel_data": ["{line}: +2 GB refuel. OK? y/n", "+2 GB on {line}. Proceed?", "2 GB on {line} now? y/n",
                            "## Data refuel\n\n| Line | Add |\n|---|---|\n| {line} | 2 GB |\n\nShall I add it?"]}
SENT = ["**Sent:** payment request, $65.00, to your phone.", "Pmt request -> your phone. Sent.", "> Issued: a payment request for $65.00"]
NOT_SENT = ["Normally a payment request is sent to your phone within a minute.", "You mentioned 'they sent me a payment request' -- let me look.", "Pmt request -> your phone. Sent?", "Sent: nothing yet -- the payment request goes out once you confirm?",
            "Pmt request -> your phone. OK? y/n", "**Not sent:** payment request (waiting for your go-ahead)"]
PAID = ["{b} is paid -- if you see a charge, ignore it.", "Your bill is paid, once again thanks!", "Like you said, the bill is paid now.", "You said 'done, I paid it' -- and yes, {b} is now paid.", "Pmt rcvd: $65.00 ({b}). Thx.", "> **Payment received:** $65.00 for {b}", "Payment rec'd -- {b} cleared.",
        "I'm sorry for the trouble. > **Payment received:** $65.00 for {b}"]
NOT_PAID = ["Pmt not rcvd yet.", "Has the pmt been rcvd? Checking.", "> **Payment received?** Not yet for {b}.", "Once pmt rcvd, I resume the line.",
            "You wrote \"the bill is paid\", but I need to check that.", "You mentioned the bill was paid yesterday; let me look it up.",
            "Quote from you: '{b} is settled'. Checking now.", "A bill is paid once you accept the request.",
            "{b} is paid if the app shows a green tick."]


def test_what_a_tool_did_told_in_round_12_words():
    cases = S._cases(DONE, NOT_DONE, [])
    wrong = [(c.cls, c.label, c.note) for c in cases if c.judge() != c.label]
    assert len(cases) > 10 and not wrong, wrong[:8]


def test_a_payment_request_said_sent_in_round_12_words():
    assert S.request_sent_misread(SENT, NOT_SENT) == []


def test_a_bill_said_paid_in_round_12_words():
    assert S._misjudged(PAID, NOT_PAID) == []


def test_markdown_is_read_as_its_words():
    assert markup_read("> **Payment received:** $65.00") == "Payment received: $65.00"
    assert markup_read("### Step 1\n`L1002` -- *resumed*") == "Step 1\nL1002 -- resumed"
    assert markup_read("a > b, #1 bill") == "a > b, #1 bill"
    assert markup_read("Sorry for the wait. > **Payment received:** $65") == "Sorry for the wait. Payment received: $65"
    assert markup_read("Costs: > $5") == "Costs: > $5"


def test_a_telegraphic_proposal_reports_nothing_but_a_done_word_does():
    pattern = r"(?i)L1002: \+2 GB"
    assert not asserts("L1002: +2 GB refuel. OK? y/n", pattern)
    assert not asserts("L1002: +2 GB. Proceed?", pattern)
    assert asserts("L1002: +2 GB. Anything else?", pattern)
    assert asserts("Resolution: L1002: +2 GB", pattern)
    assert asserts("L1002: +2 GB added. OK?", r"(?i)L1002: \+2 GB added")


@pytest.mark.parametrize("text", ["L1002: data used up. Refuel +2 GB @ $2.00/GB = $4.00. OK? y/n",
                                  "## Data refuel\n\n| Line | Add | Price |\n|---|---|---|\n| {line} | 2 GB | $2.00/GB -- **$4.00** total |\n\nShall I add it?"])
def test_a_refuel_offered_telegraphically_or_in_markdown(text):
    assert _judge(text, "FINE. do it.") == PASS
