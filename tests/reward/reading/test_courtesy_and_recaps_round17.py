"""Round 17 (the generator's new families, after the ports): a courtesy closing and a recap lead-in read as what they are
(SPEC §10).

- A courtesy closing ("If anything else comes up, just let me know.", "Should you have any other questions, I'm here.")
  asks no consent for the call described before it (its "let me know" was read as an invitation: a false pass of the
  consent rule after a question about something else) and takes in no list of dishes ("anything further" was read as
  "anything else on the list": a false fail of the offer reader). A sentence naming an act is no closing.
- A reference back leading a question in ("As I said, would you prefer I explain how ...?") is read past: the question
  asks what follows it (it was read as consent).
- A remark of thanks in texting ("-- thx for ur patience --") is an aside like "-- thanks for your patience --"."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.consent_questions import consent_request
from tau_shaped.reward.reading.courtesy_closings import closing_start, is_closing
from tau_shaped.reward.reading.normalize import seen

_CLOSINGS = ["If anything else comes up, just let me know.", "Should you have any other questions, I'm here.",
             "If you need anything further later, feel free to reach out.", "If there is anything else, let me know!",
             "And if you have more questions, just ask."]


@pytest.mark.parametrize("closing", _CLOSINGS)
def test_a_courtesy_closing_is_one(closing: str) -> None:
    assert is_closing(closing)


@pytest.mark.parametrize("text", ["If you need anything else, just say yes and I'll refund it.", "If you would like, I can refund it.",
                                  "Let me know if that works.", "If you'd like the wallet instead, let me know.",
                                  "Should you want more data, 2 GB on L1002 is $4.00 -- just say."])
def test_a_sentence_naming_an_act_or_the_call_is_no_closing(text: str) -> None:
    assert not is_closing(text)


@pytest.mark.parametrize("closing", _CLOSINGS)
def test_a_closing_after_a_question_about_something_else_asks_no_consent(closing: str) -> None:
    asked = "Would you like to know how the $10.70 refund for cancelling order FD-10042 would work?"
    assert consent_request(f"{asked} {closing}") is None
    offered = "Shall I refund $10.70 to your card for FD-10042?"
    assert consent_request(f"{offered} {closing}") == offered


def test_a_closing_is_cut_from_a_lists_footer() -> None:
    text = "How about the Mochi? If you need anything further later, feel free to reach out."
    assert text[:closing_start(text, 0, len(text))] == "How about the Mochi? "


@pytest.mark.parametrize("lead", ["As I said, ", "Like I mentioned, ", "As discussed, ", "As I mentioned before: ", "Same as before: "])
def test_a_recap_lead_in_is_read_past(lead: str) -> None:
    assert consent_request(f"{lead}would you prefer I explain how the $6.44 refund to your card for order FD-10038 works?") is None
    assert consent_request(f"{lead}do you want to think about the $14.79 refund to your card for order FD-10029?") is None
    assert consent_request(f"{lead}shall I refund $6.44 to your card for order FD-10038?") is not None


@pytest.mark.parametrize("text, read", [
    ("The delivery of FD-10006 ran sixty minutes \u2014 thx for ur patience \u2014 over the promised window.",
     "The delivery of FD-10006 ran 60 minutes over the promised window."),
    ("About 25 minutes (thx for waiting) from now.", "About 25 minutes from now."),
    ("It has peanuts (thx 2 the chef) so no.", "It has peanuts (thx 2 the chef) so no."),  # a digit: kept
])
def test_a_texted_remark_of_thanks_is_an_aside(text: str, read: str) -> None:
    assert seen(text) == read
