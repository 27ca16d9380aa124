"""Round 10b (leftovers): a denial's words asked, not said (SPEC §10 statements; wiki.md "deny
user requests that are against this policy"). A phrase whose own clause ends in "?" right after
it ("no refund needed? great", "isn't it eligible?") asks; the message denies only if what
follows the question does. A tag after a comma ("I can't refund that, can I?") leaves the
denial said, as does a question echoed and answered ("cancel? nope, it's out for delivery")."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.refusals import denial


@pytest.mark.parametrize("text", [
    "no refund needed? great", "No refund needed? Great, glad it worked out.", "no refund needed then?",
    "So the order is not eligible? Let me look that up for you.", "Is that not possible?",
    "No compensation owed in this case? Let me check the order.",
])
def test_a_denial_asked_is_none(text):
    assert denial(text) is None, text


@pytest.mark.parametrize("text", [
    "No refund needed.", "no refund needed? great. Sadly, I cannot refund the delivery fee though.",
    "I can't refund that, can I? The policy doesn't allow it.", "I can't refund that, can I?",
    "cancel? nope, it's already out for delivery, sorry!", "Not eligible? Correct — this order is not eligible for a refund.",
    "Unfortunately that is not possible.",
])
def test_a_denial_said_stays(text):
    assert denial(text) is not None, text
