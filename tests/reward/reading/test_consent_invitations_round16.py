"""Round 16 (AN declarative questions, gen-ops): a confirmation's consent asked as an invitation to answer, with no
question mark ("Just give me the nod and I'll get it done.", "A yes from you and I'll process it.", "... Just let me
know."), still asks for the yes (wiki.md: tell the customer exactly what you are about to do and wait for an explicit
"yes"; SPEC §10). Controls: an announcement of the act ("I'll process that now.") asks nothing, and a "let me know"
that asks for something else ("Let me know if you have questions.") asks no consent."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.consent_questions import asks_consent

BASE = "I'll refund $16.90 to your card for order FD-10045. "


@pytest.mark.parametrize("ask", ["Just give me the nod and I'll get it done.", "Once you give the nod, I'll process it.",
                                 "A yes from you and I'll process it.", "Your call -- just let me know.", "Just let me know.",
                                 "One OK from you and it's done."])
def test_an_invitation_to_answer_asks_consent(ask):
    assert asks_consent(BASE + ask)


@pytest.mark.parametrize("said", ["I'll process that now.", "Let me know if you have questions.", "Let me know the order number.",
                                  "Let me know when you're back.", "He gave me a nod."])
def test_an_announcement_or_another_request_asks_none(said):
    assert not asks_consent(BASE + said)
