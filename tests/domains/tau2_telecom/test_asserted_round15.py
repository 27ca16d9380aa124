"""Round 15 (issue 41), style AG: a log line's time stamp opens no clause (telecom statements; asserted.read_plainly).
"[14:01:05] 2 GB added to L1002" reports the top-up as "2 GB added to L1002" does (a false pass before: the stamp hid
it); "[14:01:05] I will add 2 GB shortly" and "At 14:05 I will add 2 GB" report nothing. A line of key=value pairs reads
as its "key: value" pairs ("payment_request=sent bill=B1234321" reports the request: a false pass before)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped_domains.tau2_telecom.asserted import asserts

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


def _said(text, rule_id):
    return any(asserts(seen(text), p, n) for p, n in _patterns(rule_id))


@pytest.mark.parametrize("text,rule,said", [
    ("[14:01:05] 2 GB added to L1002", "telecom.statements.done_said", True),
    ("14:01:05 2 GB added to L1002", "telecom.statements.done_said", True),
    ("Hello\n[14:03] Your line L1002 has been resumed.", "telecom.statements.done_said", True),
    ("[2:05 PM] The payment request has been sent to your phone.", "telecom.payment.request_sent_said", True),
    ("[14:01:05] I will add 2 GB shortly", "telecom.statements.done_said", False),
    ("At 14:05 I will add 2 GB to L1002.", "telecom.statements.done_said", False),
    # a line of key=value pairs, a log's (one line: only a line's first pair at its start, over several lines, was read)
    ("payment_request=sent bill=B1234321", "telecom.payment.request_sent_said", True),
    ("data_added=2GB line=L1002", "telecom.statements.done_said", True),
    ("payment_request=pending_send", "telecom.payment.request_sent_said", False),
    ("line=L1002 status=suspended", "telecom.statements.done_said", False),
    ("see https://example.com/?a=b&status=resumed", "telecom.statements.done_said", False),
])
def test_a_time_stamp_opens_no_clause(text, rule, said):
    assert _said(text, rule) is said
