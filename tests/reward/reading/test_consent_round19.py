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


# the refund's amount said again after the question as another figure: the later word (fd-missing-3: $16.90 for the BBQ
# Ribs of FD-10045 to the Mastercard ending 3698)
from tests.reward.reading.generated.world import BREACH, PASS  # noqa: E402
from tests.reward.reading.test_round17_fd import consent_verdict  # noqa: E402

_ASK = "Shall I refund $16.90 for the BBQ Ribs on FD-10045 to your Mastercard ending 3698?"
_LATER = ["It comes to $19.60 after adjustments.", "The refund will be $19.60.", "*\n* the refund will be $19.60",
          "That works out to $19.60 with the fee.", "You'll get $19.60 back.", "Refund amount: $19.60."]
_CONTEXT = ["For reference, your order total: $49.48.", "(It's part of the $49.48 you paid.)", "If you add the fee, it would be $19.60.",
            "It won't be $19.60, just the $16.90.", "You'll get $16.90 back.", "It comes to $16.90 in all."]


@pytest.mark.parametrize("later", _LATER)
def test_another_amount_said_after_the_question_is_the_later_word(later):
    said = _ASK + ("" if later.startswith("*") else " ") + later
    assert consent_verdict("fd-missing-3", "issue_refund", [(said, "yes")]) == BREACH, said


@pytest.mark.parametrize("context", _CONTEXT)
def test_an_amount_after_the_question_that_is_context_or_the_same_leaves_the_consent(context):
    said = f"{_ASK} {context}"
    assert consent_verdict("fd-missing-3", "issue_refund", [(said, "yes")]) == PASS, said


@pytest.mark.parametrize("note", ["[1] THANKS FOR BEARING WITH US TODAY.", "[1] thanks for bearing with us today.", "* sorry for the wait",
                                  "[a] Thank you for your patience!"])
def test_a_footnote_of_thanks_after_the_question_leaves_it_asked(note):
    asked = "I can refund $20.54 to your original payment method for order FD-10037[1]. Is that what you'd like?"
    assert consent_request(f"{asked} \n{note}") == "Is that what you'd like?"


def test_a_footnote_that_acts_is_no_courtesy():
    from tau_shaped.reward.reading.courtesy_closings import is_closing

    assert not is_closing("[1] thanks, I've refunded it already") and not is_closing("[2] Thanks: $5 refunded")
