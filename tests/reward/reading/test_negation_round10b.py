"""Round 10b (leftovers): a negation with its own word before a word of circumstance ("after",
"since", "because", "due", "following", ...) does not reach past it (SPEC §5 statements: a negated
statement is not the statement). "my doc says no flying after surgery" denies flying and states
the surgery: the airline's covered reason (air.cancel.insurance_reason_covered: health) is said.
A negation right before the circumstance ("not after surgery, just tired") and one of the thing
itself ("I had no surgery", "I never had surgery after all") still negate."""

from __future__ import annotations

import importlib.util

import pytest

from tau_shaped.reward.reading.negation import is_negated


@pytest.mark.parametrize("text,word,negated", [
    ("my doc says no flying after surgery", "surgery", False),
    ("I can't fly since the operation", "operation", False),
    ("no travel due to the storm", "storm", False),
    ("we won't be flying because of the hurricane", "hurricane", False),
    ("not after surgery, just tired", "surgery", True),
    ("I had no surgery", "surgery", True),
    ("I never had surgery after all", "surgery", True),
    ("There is no storm after all", "storm", True),
    ("not because of the flu", "flu", True),
])
def test_a_negation_does_not_reach_past_a_circumstance(text, word, negated):
    assert is_negated(text, text.index(word)) is negated, text


@pytest.mark.skipif(importlib.util.find_spec("tau2") is None, reason="the tau2 domains need the tau2 extra")
@pytest.mark.parametrize("text,covered", [
    ("my doc says no flying after surgery", True), ("no flying for me since the operation", True),
    ("I'm not sick, I just changed my mind", False), ("no illness, just busy", False),
])
def test_the_covered_reason_of_the_airline(text, covered):
    from tau_shaped.reward.matcher_schema import RegexText
    from tau_shaped.reward.matchers import match_text
    from tau_shaped.tasks.domains import load_domain
    from tau_shaped.reward.reading.normalize import seen

    rule = next(r for r in load_domain("tau2:airline").policy_rules.rules if r.id == "air.cancel.insurance_reason_covered")
    reason = RegexText(**rule.when["by"]["any"][0]["user_said"])
    assert (match_text(reason, seen(text)) is not None) is covered, text
