"""Round 16 of issue 41: refusals, statuses and days in informal, scoped, bracketed and sourced words (SPEC §5, §10).

Held out in the food-delivery question and refusal tasks (whole episodes, styles AK-AR), written from wiki.md before any
fix; the classes that failed:
- a refusal with no verb (AO, AP): "Nope, no double charge -- so no refund I'm afraid", "there's no refund to make", "no swap
  for the Naan."; "no refund fee", "no refund yet", "no charge for that" refuse nothing;
- a refusal of two things at once (AL): "Neither a cancellation nor an address change is possible now", "I can neither cancel
  nor change it"; "Neither the courier nor the kitchen lost it" refuses nothing;
- a status reported from the customer (AQ) is not the agent's statement of it, for the facts rule as for the output check:
  "You mentioned you thought it was delivered, but FD-10006 is actually placed" states placed (and "is actually placed" is
  read at all);
- a day after a bracketed earlier state (AP) is that state's: "FD-10005 is delivered (it showed preparing earlier today)" does
  not say it was delivered today.
Each class has controls of the other meaning."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tau_shaped.reward.reading.days import event_days
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.refusals import denial
from tau_shaped.reward.reading.status_claims import statuses

_THINGS = ["refund", "credit", "compensation", "swap", "substitute", "cancellation", "replacement", "reimbursement"]
_VERBLESS = ["so no {t} I'm afraid.", "there's no {t} to make.", "No {t}, sorry.", "no {t} for the Naan.", "-- no {t} --",
             "so, no {t}; the charge matches.", "Nope: no {t} possible.", "there's no safe {t} available"]
_NOT_DENIALS = ["no {t} fee applies, and I'll process it now.", "no {t} yet -- it's being processed.", "No problem, I've sent the {t}.",
                "There's no charge for the {t}.", "no {t} number is needed; I've done it."]


@settings(max_examples=120, deadline=None, derandomize=True)
@given(thing=st.sampled_from(_THINGS), form=st.sampled_from(_VERBLESS),
       lead=st.sampled_from(["", "FD-10135 was charged $20.29, its total, ", "Nope, no double charge -- ", "I checked every dish: "]))
def test_the_thing_asked_for_said_absent_with_no_verb_is_a_refusal(thing: str, form: str, lead: str) -> None:
    text = lead + form.format(t=thing)
    assert denial(text) is not None, text


@pytest.mark.parametrize("form", _NOT_DENIALS)
@pytest.mark.parametrize("thing", ["refund", "credit", "swap", "cancellation"])
def test_no_before_another_noun_or_a_not_yet_refuses_nothing(form: str, thing: str) -> None:
    text = form.format(t=thing)
    assert denial(text) is None, text


def test_a_verbless_refusal_corrected_to_the_act_refuses_nothing() -> None:
    text = "FD-10157 was 5 minutes late, so there's no compensation -- actually, you know what, I'll refund the delivery fee anyway."
    assert denial(text) is None


@pytest.mark.parametrize("text", [
    "Neither a cancellation nor an address change is possible now: FD-10028 is out for delivery.",
    "Neither a refund nor a credit applies under 15 minutes.", "I can neither cancel nor change it, sorry.",
    "Neither option is available for an order out for delivery.", "neither of them would be possible now",
    "Neither the refund nor the credit can be issued.",
])
def test_two_things_refused_at_once_are_a_refusal(text: str) -> None:
    assert denial(text) is not None


@pytest.mark.parametrize("text", [
    "Neither the courier nor the kitchen lost it; I'll refund it now.", "Neither you nor I expected the delay -- I've refunded the fee.",
    "I'll do both: neither will take long.",
])
def test_neither_that_refuses_nothing_is_no_refusal(text: str) -> None:
    assert denial(text) is None


def _said(text: str):
    return [(key, oid) for key, _, _, oid in statuses(text, Negations(text))]


@pytest.mark.parametrize("verb", ["mentioned", "said", "thought", "told me", "believed"])
def test_a_status_the_customer_reported_is_not_stated_and_the_agents_own_is(verb: str) -> None:
    text = f"You {verb} it was delivered, but FD-10006 is actually placed."
    assert _said(text) == [("placed", "FD-10006")]
    assert _said("As you said, FD-10006 is delivered.") == [("delivered", "FD-10006")]  # agreeing states it


@pytest.mark.parametrize("adverb", ["actually", "really", "definitely", "indeed", "officially", "finally"])
def test_a_status_after_an_adverb_of_certainty_is_stated(adverb: str) -> None:
    assert _said(f"FD-10006 is {adverb} out for delivery.") == [("out_for_delivery", "FD-10006")]
    assert _said(f"FD-10006 is {adverb} not delivered.") == []


@pytest.mark.parametrize("state", ["preparing", "out for delivery", "with the courier", "on its way", "being made"])
def test_a_day_after_a_bracketed_earlier_state_is_not_the_events(state: str) -> None:
    assert event_days(f"FD-10005 is delivered (it showed {state} earlier today).") == []
    assert event_days(f"FD-10005 was delivered (and it was {state} before that) yesterday.") == []
    said = event_days("FD-10005 was delivered (by the usual courier) yesterday.")
    assert [(e, n) for e, n, _, _ in said] == [("delivered", ("rel", -1))]


@pytest.mark.parametrize("text, denies", [
    ("Nope, FD-10028's out for delivery already -- can't cancel it at this point, sorry.", True),
    ("It's out for delivery \u2014 can't change the address now.", True),
    ("Done -- can't wait for you to try it!", False),
    ("Nope, nothing safe for the Naan -- every sides dish has gluten.", True),
    ("There's nothing safe about leaving it on the step, so I'll ask the courier to knock.", False),
])
def test_a_refusal_after_a_dash_with_no_subject_and_nothing_safe(text: str, denies: bool) -> None:
    assert (denial(text) is not None) is denies


@pytest.mark.parametrize("text, told", [
    ("The courier says it is delivered, but I can't verify that.", False),
    ("According to the app it's delivered -- I can't confirm it yet.", False),
    ("The courier claims it was delivered; we can't vouch for that.", False),
    ("The courier says it is delivered.", True),
    ("The system says it's delivered.", True),
    ("The courier says it's delivered. I can't verify the tip amount though.", True),
    ("You said it was delivered -- it is.", True),
    ("You said it was delivered -- it isn't.", False),
    ("Delivered? Nope.", False), ("Delivered? Not yet -- it's with the courier.", False), ("Delivered? Yup!", True),
])
def test_a_status_sourced_and_disclaimed_or_asked_and_answered_no_is_not_told(text: str, told: bool) -> None:
    from tau_shaped.reward.reading.normalize import seen
    from tau_shaped.reward.reading.statements import affirmed_phrase

    assert (affirmed_phrase(seen(text), "delivered") is not None) is told


@pytest.mark.parametrize("text, told", [
    ("The total was up to $19.73.", False), ("The total was under $19.73.", False), ("It came to just shy of $19.73.", False),
    ("Your total was no more than $19.73.", False), ("It was almost $19.73.", False),
    ("Total: $19.73, a bit under $20.", True), ("It was a little over $19 -- $19.73 exactly.", True),
    ("Total came to $19.73 -- over budget, sorry.", True), ("The total was $19.73.", True),
    ("Each line adds up to $19.73, which is exactly its total.", True), ("It all came up to $19.73.", True),
])
def test_a_total_under_a_bound_is_not_told(text: str, told: bool) -> None:
    from tau_shaped.reward.reading.normalize import seen
    from tau_shaped.reward.reading.text_matching import find_told_number

    assert (find_told_number(seen(text), 19.73, 0.005) is not None) is told


@pytest.mark.parametrize("text, offered", [
    ("Say the word and I'll cancel FD-10786.", True), ("Cancel FD-10786 instead? Your call.", True),
    ("Happy to cancel FD-10786 instead, just let me know.", True), ("If you want, I'll cancel FD-10786 for you.", True),
    ("Would you like me to cancel FD-10786 instead?", True),
    ("You asked whether I could cancel FD-10786 -- I can't.", False), ("You asked me to cancel FD-10786, but that isn't possible.", False),
    ("Even if you want, I can't cancel FD-10786.", False), ("Cancelling isn't something I can do here, sorry.", False),
])
def test_a_cancellation_offered_in_declarative_and_implicit_words(text: str, offered: bool) -> None:
    from tau_shaped.reward.matchers import _regex_match
    from tau_shaped.reward.matcher_schema import RegexText
    from tau_shaped_domains.food_delivery.generator.builders import CANCEL_OFFERED

    matcher = RegexText.model_validate(CANCEL_OFFERED["said"])
    assert (_regex_match(text, matcher) is not None) is offered


@pytest.mark.parametrize("reply, read", [
    ("ok I'm back. As for your question: Thank you! Refund? I asked for a replacement.", "no"),
    ("ok I'm back. As for your question: yes go ahead", "yes"), ("back! re your question: no thanks", "no"),
    ("sorry about that -- to answer you: yes", "yes"), ("Ok, sure", "yes"), ("Yep, when I'm back.", "no"),
])
def test_a_reply_back_from_a_pause_is_read_after_its_opening(reply: str, read: str) -> None:
    from tau_shaped.reward.reading.replies import classify_reply

    question = "I'll cancel order #W4836353 with the reason 'no longer needed'. Shall I proceed?"
    assert classify_reply(reply, question=question) == read
