"""Money "back to you" in a declarative proposal (issue 41, round 16, style AN; SPEC §10 statements:
what the agent asserts is a write done only when it says so). "So that's a return of the kettle, with
$754.39 back to your PayPal. Shall I?" proposes the refund (its leave asked right after, in a sentence of
its own: "Shall I?", "OK?", "Thumbs up?", "Let me know if that's OK", "Say the word"); it was read as a
refund made (retail.statements.money_supported fired before any write: a false fail). Controls: said
with no leave asked, or followed by another question, it still tells the refund as made."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.done_money import done_kinds
from tau_shaped.reward.reading.statements import stated_amounts


def _kinds(text):
    return done_kinds(text, [(a.start, a.end) for a in stated_amounts(text)])


@pytest.mark.parametrize("text, kind", [
    ("So that's a return of the kettle from order #W1, with $754.39 back to your PayPal. Shall I?", None),
    ("So that's $754.39 back to your card. OK?", None),
    ("That's $18.00 back to you. Thumbs up?", None),
    ("So that's $18.00 back to your card. Let me know if that's OK.", None),
    ("So that's $18.00 back to your card. Say the word and I'll do it.", None),
    # controls: told as made
    ("That's $18.00 back to your card.", "refund"),
    ("That's $18.00 back to your card. Anything else I can help with?", "refund"),
    ("All done -- that's $18.00 back to your card. Is there anything else?", "refund"),
])
def test_money_back_in_a_proposal_is_not_a_refund_made(text, kind):
    assert _kinds(text) == [kind], text
