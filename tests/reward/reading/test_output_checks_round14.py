"""Round 14 of issue 41: the output checks' readers on hedged, framed and countermanded words (SPEC §5, §10).

Held out in the food-delivery question and refusal tasks (whole episodes), written from wiki.md before any fix:
- a status is TOLD only when the agent says the order is in it; doubted ("I'm not sure whether ..."), predicted
  ("should be ... soon", "will show ... as ..."), asked ("Is ... ?", "um, is ... ") or the customer's words reported
  ("You mentioned it was ...") it is not;
- a refusal hedged by a verb of believing ("I don't think I can go beyond $5.00") refuses;
- a refusal taken back by doing the thing anyway ("..., but I'll go ahead and look up the order") refuses nothing;
- "came in 5 minutes late" is how late an order was, not when a refund arrives.
Each class has controls of the other meaning."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.refund_timings import refund_timings
from tau_shaped.reward.reading.refusals import denial
from tau_shaped.reward.reading.statements import affirmed_phrase

STATUSES = ["delivered", "placed", "preparing", "cancelled"]
ORDERS = ["FD-10005", "your order", "it", "order FD-10229"]

TOLD = [
    "{o} is {s}.", "As far as I can tell, {o} is {s}.", "Our system shows {o} as {s}.",
    "Good news: {o} is {s}! Is there anything else I can help with?", "{o} is {s} -- anything else?",
    "Is {o} {s}? Yes, it is.", "You said {o} was {s}, and you're right.", "Like you said, {o} is {s}.",
    "If you were wondering, {o} is {s}.", "Whether or not you saw the courier, {o} is {s}.",
    "Status of {o}: {s}.", "{o} is {s}; it should be with you soon.",
]
FRAMED = [
    "I'm not sure whether {o} is {s} yet.", "I'll check if {o} is {s}.", "I don't know if {o} is {s}.",
    "{o} should be {s} soon.", "{o} will be {s} shortly.", "{o}'ll be {s} by then.", "{o} may have been {s}.",
    "{o} would have been {s} if the kitchen weren't busy.", "Is {o} {s}?", "So {o} is {s}?",
    "Our system will show {o} as {s} once it updates.", "um, is {o} {s}",
    "You mentioned {o} was {s} -- I can't confirm that.", "{o} is going to be {s} later.",
]


@pytest.mark.parametrize("template", TOLD)
def test_a_status_said_to_be_so_is_told(template: str) -> None:
    for s in ("delivered", "placed"):
        text = template.format(o="FD-10005", s=s)
        assert affirmed_phrase(text, s) is not None, text


@pytest.mark.parametrize("template", FRAMED)
def test_a_status_doubted_predicted_asked_or_reported_is_not_told(template: str) -> None:
    for s in ("delivered", "placed"):
        text = template.format(o="FD-10005", s=s)
        assert affirmed_phrase(text, s) is None, text


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.sampled_from(TOLD), st.sampled_from(FRAMED), st.sampled_from(STATUSES), st.sampled_from(ORDERS),
       st.sampled_from(["", "Thanks for waiting! ", "I've had a look. "]), st.booleans())
def test_told_and_framed_read_the_same_in_any_company(told: str, framed: str, s: str, o: str, pad: str, framed_first: bool) -> None:
    """A framed sentence beside a told one leaves the status told; a framed one alone, after padding, tells nothing."""
    t, f = told.format(o=o, s=s), framed.format(o=o, s=s)
    f = f if f[-1] in ".?!" else f + "."  # a transcript's question ends where its line does
    together = f"{f} {t}" if framed_first else f"{t} {f}"
    assert affirmed_phrase(pad + together, s) is not None, together
    assert affirmed_phrase(pad + f, s) is None, f


@pytest.mark.parametrize("text", [
    "I don't think I can go beyond $5.00.", "I don't believe there's anything I can give back here.",
    "I do not think we can cancel it.", "I doubt I can offer a refund.", "I don't see how I could cancel it now.",
    "I don't think I'll be able to refund it.", "I don't think there's any way to cancel it, I'm afraid.",
    "I'm afraid I don't think there's any refund or credit I can give for FD-10157.",
])
def test_a_denial_hedged_by_a_verb_of_believing_denies(text: str) -> None:
    assert denial(text) is not None


@pytest.mark.parametrize("text", [
    "I don't think I can wait to see it!", "I don't think there's anything else you need.", "I don't think you'll need a refund.",
    "I don't doubt I can refund it.", "I don't think there's any reason to worry.",
    # taken back: the thing done anyway
    "I can't offer a refund, but I'll make an exception and refund you anyway.",
    "I couldn't find your account, but I'll go ahead and look up the order by its number.",
    "I couldn't find your account, but I'll proceed and look up your order by its number.",
    "I'm unable to refund that, but I'll credit your wallet regardless.",
    "I couldn't find your account -- but wouldn't it be easier if I just cancelled the order from the number you gave?",
    "I can't cancel it. Why don't I just refund it?",
])
def test_words_that_refuse_nothing(text: str) -> None:
    assert denial(text) is None


@pytest.mark.parametrize("text", [
    "I can't make an exception, sorry.", "I can't refund it. I've noted your feedback anyway.",
    "I can't cancel your basic economy flight, but I'll go ahead and check whether insurance covers it.",
    "Normally I can't cancel once it is out, but I'll cancel it anyway. Actually no -- I cannot cancel it.",
    "I cannot go above $5.00, so I will not add a credit.", "I can't refund it; I'm sorry all the same.",
    "I can't cancel it. How about I change it instead?", "I can't cancel it, I just can't.",
])
def test_a_denial_stands_beside_words_that_do_not_take_it_back(text: str) -> None:
    assert denial(text) is not None


@pytest.mark.parametrize("text, timed", [
    ("FD-10157 came in 5 minutes late, so no refund or credit this time.", False),
    ("It arrived 10 minutes late, so there's no refund.", False),
    ("Your refund of $2.99 will reach your card in 5 minutes.", True),
    ("The refund should land in your wallet in about an hour.", True),
])
def test_how_late_an_order_was_is_no_refund_timing(text: str, timed: bool) -> None:
    assert bool(refund_timings(text, Negations(text), text.lower())) is timed
