"""Round 16 (issue 41): telecom statements said through something said before (said_before.py; SPEC §10 statements).

- A log line naming a write's event with no verb of its own, its fields as key=value pairs and a status of success
  ("[14:01:05] refuel line=L1002 gb=2 status=ok") reports the write done (round 15 left it unread: a false pass of
  telecom.statements.done_said when said before the refuel); a failed or pending status reports nothing.
- "It's on your phone now." / "That's paid now." say their fact of what the agent's previous message named (the payment
  request, the bill): false passes of request_sent_said and paid_checked before. With nothing named before, or a subject
  that is no pronoun, nothing is read into them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped_domains.tau2_telecom.asserted import asserts
from tau_shaped_domains.tau2_telecom.said_before import log_said, referred

_RULES = json.loads((Path(__file__).resolve().parents[3] / "tau_shaped_domains/tau2_telecom/policy_rules.json").read_text())["rules"]


def _patterns(rule_id):
    def walk(o):
        if isinstance(o, dict):
            for k, v in o.items():
                if k == "asserted":
                    yield v, o.get("negative_form", False)
                else:
                    yield from walk(v)
        elif isinstance(o, list):
            for v in o:
                yield from walk(v)
    return list(walk(next(r["when"] for r in _RULES if r["id"] == rule_id)))


def _said(text, rule_id, before=""):
    ps = _patterns(rule_id)
    texts = [seen(text)] + referred(seen(text), seen(before))
    return any(asserts(t, p, n) for t in texts for p, n in ps)


DONE, SENT, PAID = "telecom.statements.done_said", "telecom.payment.request_sent_said", "telecom.payment.paid_checked"


@pytest.mark.parametrize("text,rule,said", [
    ("[14:01:05] refuel line=L1002 gb=2 status=ok", DONE, True),
    ("refuel_data line_id=L1002 gb_amount=2.0 status=success", DONE, True),
    ("[14:03:22] enable_roaming line=L1002 status=ok charge=none", DONE, True),
    ("resume_line line=L1002 status=done", DONE, True),
    ("[14:03:22] payment_request bill=B1234321 amount=$65.00 status=sent", SENT, True),
    # found by the generator: words before it on its line, stamps doubled, a bullet
    ("Happy to help with this. resume_line line=L1002 status=done", DONE, True),
    ("[14:01:05] [14:03:22] enable_roaming line=L1002 status=ok", DONE, True),
    ("- refuel line=L1002 gb=2 status=ok", DONE, True),
    # controls: a failed or pending event, or no event named
    ("[14:01:05] refuel line=L1002 gb=2 status=failed", DONE, False),
    ("payment_request bill=B1234321 status=pending", SENT, False),
    ("refuel line=L1002 gb=2", DONE, False),
    ("lookup line=L1002 status=ok", DONE, False),
])
def test_a_log_lines_event_reports_the_write(text, rule, said):
    assert _said(text, rule) is said


@pytest.mark.parametrize("before,text,rule,said", [
    ("I'm sending the payment request for B1234321 next.", "It's on your phone now.", SENT, True),
    ("I'll send a payment request for your overdue bill.", "It's been sent.", SENT, True),
    ("Please open the payment request on your phone and pay the $65.00.", "That's paid now.", PAID, True),
    ("Your bill B1234321 is overdue.", "It's paid now.", PAID, True),
    ("Roaming is off on L1002; I'll switch it on.", "It's on now.", DONE, True),
    # controls: no pronoun subject, nothing named before, a question, or a fact still to come
    ("I'm sending the payment request for B1234321 next.", "Your phone should ring in a moment.", SENT, False),
    ("Thanks for waiting.", "It's on your phone now.", SENT, False),
    ("Please pay the $65.00 on your phone.", "Is that paid now?", PAID, False),
    ("I'm sending the payment request for B1234321 next.", "It'll be on your phone in a minute.", SENT, False),
    ("Please pay the $65.00 on your phone.", "That's not paid yet.", PAID, False),
])
def test_a_pronoun_says_its_fact_of_the_thing_named_before(before, text, rule, said):
    assert _said(text, rule, before) is said


def test_log_said_leaves_other_text_alone():
    assert log_said("Your line is fine.") == "Your line is fine."
    assert referred("Your line is fine.", "the payment request") == []
