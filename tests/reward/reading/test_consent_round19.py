"""Consent questions and writes said done, round 19 (SPEC §10): two classes the generator found under another seed
(``reading_generalization.py --seed 19``), each a confirmation read where none was asked (an outcome false pass).

- **The hyphen of an id cuts no clause**: "To recap: do you want to think about the $6.35 refund for order FD-10069?"
  was read from its last clause "10069?" as a question asked as the action itself; it asks no consent.
- **"before" in a recap is no write to come**: "Same as before: the $13.93 refund ... is done. All good?" says the
  refund is done; "before" read as "before I refund it" made it a write to come, described and agreed to.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.action_words import names_action
from tau_shaped.reward.reading.consent_questions import consent_request

_LEADS = ["To recap:", "To recap what we discussed:", "Quick recap --", "Recap:", "Summary so far:", "So, to sum up:"]
_ELSE = ["do you want to think about the $6.35 refund to your card for order FD-10069?",
         "would you like to know more about the refund on order FD-10069?",
         "do you have any questions about order FD-10069?",
         "did you get the email about FD-10069?"]
_ASKS = ["shall I refund $6.35 to your card for order FD-10069?", "do you want the $6.35 refund to your card for FD-10069?",
         "OK to cancel FD-10069?", "refund $6.35 to your card for FD-10069 -- OK?"]


@pytest.mark.parametrize("lead,asked", list(itertools.product(_LEADS, _ELSE)))
def test_a_question_about_something_else_after_a_lead_in_asks_no_consent(lead, asked):
    assert consent_request(f"{lead} {asked}") is None


@pytest.mark.parametrize("lead,asked", list(itertools.product(_LEADS, _ASKS)))
def test_a_consent_question_after_a_lead_in_still_asks(lead, asked):
    assert consent_request(f"{lead} {asked}") is not None


_RECAPS = ["Same as before:", "As before,", "Just as before --", "Same as before;"]
_DONE = ["the $13.93 refund to your wallet credit for order FD-10054 is done.", "the refund of $13.93 has been processed.",
         "the refund to your card was issued."]


@pytest.mark.parametrize("recap,done", list(itertools.product(_RECAPS, _DONE)))
def test_a_write_said_done_after_a_recap_names_no_write_to_come(recap, done):
    assert names_action(f"{recap} {done} All good?", ("refund",), to_come=True) is None


@pytest.mark.parametrize("said", ["Before I refund the $13.93 to your wallet, is that OK?",
                                  "I'd like to refund $13.93 before the end of the day -- OK?",
                                  "As before, I'll refund the $13.93 to your wallet. OK?"])
def test_a_write_to_come_is_still_named(said):
    assert names_action(said, ("refund",), to_come=True) is not None


_CLOSINGS = ["Should you have any other questions, I'm here.", "If anything else comes up, just let me know.",
             "In case you need anything else, I am here.", "If you have more questions later, feel free to ask."]
_QUESTIONS = ["Shall I add the full $5.00 to your wallet for FD-10127?", "OK to refund $16.90 to your card?",
              "To recap what we discussed: the most is $5.00, so shall I add the full $5.00 to your wallet for FD-10127?"]


@pytest.mark.parametrize("asked,closing", list(itertools.product(_QUESTIONS, _CLOSINGS)))
def test_a_courtesy_closing_is_no_answer_to_the_question_before_it(asked, closing):
    assert consent_request(f"{asked} {closing}") == asked


def test_an_answer_right_after_the_question_is_still_the_agents_own():
    assert consent_request("Shall I add the full $5.00 to your wallet for FD-10127? Yes, it is.") is None
