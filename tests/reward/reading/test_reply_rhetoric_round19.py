"""Replies, round 19 (SPEC §10 replies): a question back asking why the customer would want what is proposed refuses
it, whatever acknowledgement comes before it ("Ok thanks. Why would I want that?" was read as the "ok"'s yes; found by
the generator under another seed, ``reading_generalization.py --seed 19``)."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.replies import classify_reply

_ACKS = ["", "Ok. ", "Ok thanks. ", "Sure. ", "Okay... ", "ok, ", "Thanks. ", "sorry about that -- to answer you: Ok thanks. "]
_WHY = ["Why would I want that?", "why would I need this?", "why would I want that", "Why would I want that.", "Why on earth would I want that??", "why would anyone even want that?",
        "Why should I accept that?", "WHY WOULD I WANT THAT?"]


@pytest.mark.parametrize("ack,why", list(itertools.product(_ACKS, _WHY)))
def test_why_would_i_want_that_refuses(ack, why):
    assert classify_reply(ack + why) == "no"


@pytest.mark.parametrize("said", ["Why would I say no? Go ahead.", "ok thanks", "Why would I refuse?", "Sure, why not?",
                                  "Ok. Why would I say no to that?"])
def test_questions_back_that_agree_still_agree(said):
    assert classify_reply(said) == "yes"


@pytest.mark.parametrize("greet,answer,cls", [(g, a, c) for g in ("Hi,", "Hello,", "Hey there,", "Dear Ana,")
                                              for a, c in (("Nah!", "no"), ("Nope.", "no"), ("Stop.", "no"), ("WAIT!", "no"),
                                                           ("No!", "no"), ("Yes!", "yes"))])
def test_an_answer_after_a_greeting_is_no_name(greet, answer, cls):
    """A capitalized answer word after "Hi," is the answer, not a name greeted ("Hi, Nah!" was read as greeting someone
    called Nah, and so unclear: test_replies_generated's padding property found it under some hash seeds)."""
    q = "Is it OK if I cancel order FD-10045 and refund $16.90 to your card?"
    assert classify_reply(f"{greet} {answer}", question=q) == cls
