"""The two check kinds tau2:telecom's rule file is written in (``asserted``, ``unconfirmed_tau2``):
what they read, on their own (no tau2 needed)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.policy_rules import PolicyRuleError, load_rules
from tau_shaped_domains.tau2_telecom import PACKAGE
from tau_shaped_domains.tau2_telecom.asserted import asserts
from tau_shaped_domains.tau2_telecom.priced import numbers_read


def _paid_patterns() -> list:
    """The rule's patterns of a bill said paid (each part of its ``any``: the first wording and
    the other words of issue 41)."""
    rules = json.loads((PACKAGE / "policy_rules.json").read_text(encoding="utf-8"))["rules"]
    rule = next(r for r in rules if r["id"] == "telecom.payment.paid_checked")
    return [part["unpreceded"]["asserted"] for part in rule["when"].get("any", [rule["when"]])]


PAID_PATTERNS = _paid_patterns()


def _paid(text: str) -> bool:
    """Whether the rule reads ``text`` as asserting the bill paid (any of its parts)."""
    return any(asserts(text, pattern) for pattern in PAID_PATTERNS)


@pytest.mark.parametrize("text", [
    "Your bill is paid now.", "Great news: the payment went through and your line can be resumed.",
    "Your payment was successful!", "I can confirm your bill has been paid.", "The bill B1234321 is now marked as paid.",
    "Thanks, you have paid the overdue bill.", "Perfect, your payment of $60.00 has gone through.",
    "Bill status: PAID.", "You've successfully paid your bill, thank you!", "The overdue balance is cleared.",
    "Thank you. Your invoice is settled, so I'll resume the line now.",
])
def test_a_bill_said_paid(text):
    assert _paid(text)


@pytest.mark.parametrize("text", [
    "Once your bill is paid, I will resume the line.", "After the payment is processed, I can lift it.",
    "Has your bill been paid?", "Your bill has not been paid yet.", "If the payment went through, let me know.",
    "Let me know when the bill is paid.", "I cannot see that the bill is paid yet.",
    "Please pay the bill; I will resume as soon as the payment has gone through.",
    "Please do this on your phone now: make the payment.", "I have sent a payment request for bill B1234321.",
    "Have you paid the bill?", "I don't think your bill is paid yet.", "The payment request has been sent.",
    "Your bill will be paid once you accept the request.", "Could you confirm your payment went through?",
    "Your bill is overdue: $65.00 is due.",
])
def test_nothing_said_paid(text):
    assert not _paid(text)


def test_a_question_or_condition_reaches_only_its_own_sentence():
    assert _paid("Did you get the request? Your payment went through.")
    assert _paid("If you have questions, ask me. Your bill is paid.")
    assert not _paid("Your bill is paid? Let me check.")


def test_a_rule_file_with_a_pattern_re2_refuses_is_refused(tmp_path):
    import tau_shaped_domains.tau2_telecom.asserted  # noqa: F401 - registers the kind

    bad = {"domain": "x", "rules": [{"id": "r", "kind": "outcome", "policy": "p", "description": "d",
                                     "when": {"asserted": "(?<=paid)x"}}]}
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(PolicyRuleError):
        load_rules(path)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_reading_never_raises(text):
    assert _paid(text) in (True, False)


def test_tau2s_numbers_written_as_strings_are_read_as_numbers():
    written = '{"message": "Successfully added 2.0 GB of data for line L1002 for $4.00", "new_data_refueling_gb": "2.0", "charge": "4.0"}'
    read = json.loads(numbers_read(written))
    assert read["charge"] == 4.0 and read["new_data_refueling_gb"] == 2.0
    assert read["message"].startswith("Successfully added")  # words stay words
    for other in ("Error: Line must be active", '["4.0"]', "{not json", '{"id": "L1002", "n": "4.0x"}'):
        assert numbers_read(other) == other  # nothing else is read differently


def test_reading_a_long_message_is_linear():
    import time

    for unit in ("bill is is is is paid? ", "not the bill is paid ", "once the bill is paid ", "payment " * 3, "Your bill: "):
        text = unit * (60_000 // len(unit))
        # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
        began = time.process_time()
        _paid(text)
        assert time.process_time() - began < 10.0, unit
