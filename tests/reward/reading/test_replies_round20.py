"""Round 20 (DG, a question answered with a question): "Why wouldn't I?" and "Why would I not want that?" ask why the
customer would not, which agrees (read-tau2's held-out set 1 #111: a false fail). The question must end there: "why
wouldn't I keep it?" is left as said, and "Why would I want that?" still refuses (round 19)."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.replies import classify_reply

_QUESTIONS = ["Shall I refund $16.90 to your card for order FD-10045?", "Would you like me to cancel order FD-10045?",
              "Can I go ahead and switch the refund of $16.90 on order FD-10045 to wallet credit?"]
_AGREE = ["Why wouldn't I?", "why wouldn\u2019t we?", "Why would I not?", "Why wouldn't I want that?", "Why would I not want it??",
          "WHY WOULDN'T I?", "Why on earth wouldn't I?", "why shouldn't I?"]
_LEFT = [("Why would I want that?", "no"), ("why wouldn't I keep it?", None)]


@pytest.mark.parametrize("question,reply,pad", list(itertools.product(_QUESTIONS, _AGREE, ["", "Ha. ", "Honestly, "])))
def test_asking_why_one_would_not_agrees(question, reply, pad):
    assert classify_reply(pad + reply, question=question) == "yes"


@pytest.mark.parametrize("reply,read", _LEFT)
def test_a_question_that_goes_on_is_not_read_as_agreeing(reply, read):
    got = classify_reply(reply, question=_QUESTIONS[0])
    assert got != "yes" and (read is None or got == read)
