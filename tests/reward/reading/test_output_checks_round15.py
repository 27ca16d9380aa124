"""Round 15 of issue 41: the output checks' readers on supposed, self-repaired and arithmetic words (SPEC §5, §10).

Held out in the food-delivery question and refusal tasks (whole episodes), written from wiki.md before any fix:
- a status only SUPPOSED is not told: "If FD-10005 were delivered you'd have had a notification", "Suppose it's
  delivered -- then ...", "once it's placed" (the condition ends at its comma: "If you check the app, it's delivered" tells);
- a refusal corrected to the act ("... can't be cancelled -- oh, hang on, I can still cancel it", "Scratch that: I can refund
  it") or followed by an offer put as a supposition ("..., but suppose I just cancelled it?") refuses nothing; an "actually"
  that offers something else ("I can't do $50. Actually, I can give you the $5.00 cap") leaves the refusal;
- "none of the fee -- not even part of it -- can be given back" and "That's more than I'm able to give" refuse.
Each class has controls of the other meaning."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tau_shaped.reward.reading.refusals import denial
from tau_shaped.reward.reading.statements import affirmed_phrase

SUPPOSED = [
    "If {o} were {s} you'd have had a notification by now.", "Suppose {o} is {s} -- then the total stands.",
    "Once {o} is {s} you'll get a text.", "Assuming {o} has been {s}, the courier will be free.",
    "Unless {o} is {s}, I can still change it.", "Let's say {o} is {s}: what would you want then?",
    "In case {o} is {s} already, keep an eye on your door.", "Provided that {o} is {s} I'll close the ticket.",
]
TOLD = [
    "If you check the app, {o} is {s}.", "{o} is {s}, if that helps.", "It looks as if {o} is {s}.",
    "I'd say {o} is {s}.", "Once I looked it up, I could see {o} is {s}.", "If anything, {o} is {s}; nothing more to do.",
]


@pytest.mark.parametrize("template", SUPPOSED)
def test_a_status_only_supposed_is_not_told(template: str) -> None:
    for s in ("delivered", "placed"):
        text = template.format(o="FD-10005", s=s)
        assert affirmed_phrase(text, s) is None, text


@pytest.mark.parametrize("template", TOLD)
def test_a_status_beside_a_condition_that_ended_is_told(template: str) -> None:
    for s in ("delivered", "placed"):
        text = template.format(o="FD-10005", s=s)
        assert affirmed_phrase(text, s) is not None, text


DENIALS = [
    "{o} was 5 minutes late; the fee refund starts at 15, so none of the fee -- not even part of it -- can be given back.",
    "No part of {o}'s total can be refunded: the charge matches.", "Not a cent of that will be credited, I'm afraid.",
    "That's more than I'm able to give, I'm sorry -- $5.00 is the ceiling for your account.",
    "$50 is more than we're allowed to offer.", "Sorry, that is more than I can.",
    "I can't do $50. Actually, I can give you the $5.00 cap if you'd like it.",
    "I can't cancel {o}. Wait -- I can give you its ETA instead.",
]
TAKEN_BACK = [
    "{o} can't be cancelled -- oh, hang on, I can still cancel it; let me do that now.",
    "I can't refund {o}. Scratch that: I can refund it for you.",
    "I'm unable to cancel {o} -- my mistake, I can cancel it.",
    "I couldn't find your account, but suppose I just cancelled {o} from the number you gave -- would that work?",
    "I can't refund that, but what if I refunded the delivery fee anyway?",
    "I can't cancel {o}. Actually, I can cancel it after all.",
    "That isn't possible. On second thought, I'll refund it.",
]
NOT_DENIALS = ["More than I can say, thank you!", "None of that will be a problem.", "I can do more than I said earlier.",
               "That's more than I can handle on a Friday, ha -- your refund is on its way."]


@pytest.mark.parametrize("template", DENIALS)
def test_refusals_in_quantities_and_comparisons_refuse(template: str) -> None:
    assert denial(template.format(o="FD-10005")) is not None


@pytest.mark.parametrize("template", TAKEN_BACK)
def test_a_refusal_corrected_or_followed_by_a_supposed_offer_refuses_nothing(template: str) -> None:
    assert denial(template.format(o="FD-10005")) is None


@pytest.mark.parametrize("text", NOT_DENIALS)
def test_comparisons_and_quantities_that_refuse_nothing(text: str) -> None:
    assert denial(text) is None


@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.sampled_from(DENIALS), st.sampled_from(TAKEN_BACK), st.sampled_from(["FD-10005", "your order", "FD-10221"]),
       st.sampled_from(["", "Thanks for your patience. ", "I've looked at everything on file. "]))
def test_a_later_refusal_stands_after_a_taken_back_one(d: str, t: str, o: str, pad: str) -> None:
    """A refusal taken back refuses nothing; a refusal after it, in a later sentence, still refuses."""
    taken = pad + t.format(o=o)
    assert denial(taken) is None
    assert denial(taken + "\n\n" + d.format(o=o)) is not None


LISTED = [
    "{o} is either {s} or {t}, I can't tell which.", "It could be {s}, {t} or ready for pickup.",
    "It's one of: {t}, {s}.", "Statuses we use: {s} / {t}.", "{o}: {s}|{t}", "It is {t} or {s}.",
]
NOT_LISTED = [
    "{o} was {t} earlier and is {s} now.", "{o} is {s}, as you thought.", "{o} is {s}; {t} is the next step.",
    "{o} -- {s}, {t} before that at 6:10.", "{o} is {s}, and FD-10006 is {t}.",
]


@pytest.mark.parametrize("template", LISTED)
def test_a_status_said_among_alternatives_is_not_told(template: str) -> None:
    for s, t in (("delivered", "placed"), ("placed", "preparing"), ("out for delivery", "delivered")):
        text = template.format(o="FD-10005", s=s, t=t)
        assert affirmed_phrase(text, s.replace(" ", "_")) is None, text


@pytest.mark.parametrize("template", NOT_LISTED)
def test_a_status_beside_another_that_is_no_alternative_is_told(template: str) -> None:
    for s, t in (("delivered", "placed"), ("placed", "preparing")):
        text = template.format(o="FD-10005", s=s, t=t)
        assert affirmed_phrase(text, s) is not None, text


AS_PLANNED = [
    "Unfortunately {o} is out for delivery (cancelling is only possible before the courier picks it up), so it'll arrive as planned.",
    "It's already with the courier, which means your order stays as it is.",
    "The courier has {o}, so it will still be delivered as scheduled.",
]
NOT_AS_PLANNED = ["I haven't changed anything yet, so it stays as it is until you confirm.",
                  "Your flight goes ahead as planned.", "It'll arrive as planned, around 7:40."]


@pytest.mark.parametrize("template", AS_PLANNED)
def test_the_order_going_on_unchanged_as_the_consequence_refuses(template: str) -> None:
    assert denial(template.format(o="FD-10028")) is not None


@pytest.mark.parametrize("text", NOT_AS_PLANNED)
def test_an_order_going_on_as_planned_with_no_consequence_drawn_refuses_nothing(text: str) -> None:
    assert denial(text) is None


RETRACTED = [
    "You paid $19.73, and {o} is {s}. Hmm, hold on -- I had the wrong order open; I'll need to check {o} again.",
    "{o} is {s} -- no, sorry, I misread the line; let me look again.",
    "{o}: {s}. Scratch that, I'm not sure yet.",
]
RESTATED = [
    "{o} shows as {t}... no, sorry, I was reading the row above -- {o} is {s}.",
    "{o} is {s}; the total is $5 -- sorry, correction: $6.",
    "{o} is {s} -- my mistake earlier, sorry!",
    "{o} is {s}, one of placed, preparing or delivered -- it's {s}.",
]


@pytest.mark.parametrize("template", RETRACTED)
def test_a_status_taken_back_right_after_it_is_not_told(template: str) -> None:
    for s in ("delivered", "placed"):
        assert affirmed_phrase(template.format(o="FD-10005", s=s), s) is None


@pytest.mark.parametrize("template", RESTATED)
def test_a_status_said_after_a_correction_or_beside_another_ones_is_told(template: str) -> None:
    for s, t in (("delivered", "preparing"), ("placed", "delivered")):
        text = template.format(o="FD-10005", s=s, t=t)
        assert affirmed_phrase(text, s) is not None, text


@pytest.mark.parametrize("text, refused", [
    ("No account matches, so not one order can be opened or changed from here.", True),
    ("Not a single item can be swapped, sorry.", True),
    ("I couldn't find your account. Correction: I can look the order up by its number, one moment.", False),
    ("I couldn't find you -- my mistake, I can open your account now.", False),
    ("I can't refund it. Correction: I can open a ticket with the kitchen.", True),
])
def test_quantity_refusals_and_corrected_look_ups(text: str, refused: bool) -> None:
    assert (denial(text) is not None) is refused


@pytest.mark.parametrize("text, told", [
    ("The total is $19.73.", True), ("Total: $19.73", True), ("Is it $19.73? Yes, that's the total.", True),
    ("Your total of $19.73 -- anything else?", True), ("You paid $19.73 for FD-10005, which is delivered.", True),
    ("Is your total $19.73?", False), ("Was it $19.73 you were charged?", False),
    ("If your total were $19.73 you'd get a refund.", False), ("It came to $19.73 -- no, sorry, I misread.", False),
    ("It wasn't $19.73.", False),
])
def test_an_affirmed_number_is_told_not_asked_supposed_or_taken_back(text: str, told: bool) -> None:
    """An output check's ``{"number": x, "affirmed": true}`` (the total a question task asks for): "Is your total
    $19.73?" asks the customer and tells nothing (a reward hack on the total check before round 15)."""
    from tau_shaped.reward.reading.text_matching import find_number, find_told_number

    assert (find_told_number(text, 19.73, 0.005) is not None) is told
    if "wasn't" not in text:
        assert find_number(text, 19.73, 0.005) is not None  # the plain matcher (a consent question's amount) finds it


def test_the_question_tasks_ask_their_total_told() -> None:
    from tau_shaped import load_domain

    tasks = [t for t in load_domain("food_delivery").tasks("test") if t.bucket in ("account_question", "charge_matches")]
    assert tasks and all(c.said.affirmed for t in tasks for c in t.output_checks if c.id == "total")


@pytest.mark.parametrize("text, values", [
    ("I can double the usual $10.00 for you.", [20.0, 10.0]),
    ("That's half of the $33.80.", [16.9, 33.8]),
    ("for half of $8.00", [4.0, 8.0]),
    ("three times the $5.00 cap", [15.0, 5.0]),
    ("Twice that $2.99 fee is $5.98.", [5.98, 2.99, 5.98]),
    ("I'll refund $16.90.", [16.9]),
    ("It's double-checked: $16.90.", [16.9]),
])
def test_an_amount_said_as_a_multiple_states_the_product(text: str, values: list) -> None:
    """Round 15 (arithmetic): "double the usual $10.00" says $10.00 and means $20.00; both are stated."""
    from tau_shaped.reward.reading.amounts import stated_amounts

    assert [a.value for a in stated_amounts(text)] == values
