"""Replies in idioms and emoji (SPEC §10 replies; wiki.md "Confirm before you change anything"):
a customer who answers "I wouldn't say no", "can't argue with that", "don't mind if I do" or 👍
agrees; one who answers "no need", "I'm good, thanks", "I'm fine without it" or 👎 declines,
whatever the question's form ("Shall I ...?", "Can I ...?", "Would you like ...?", "Do you mind
if ...?"). Generated: each idiom in several wrappings, under each form. Controls keep what the
idiom is said of: "I'm good with that" agrees, "No need to ask, just do it" agrees, "Why not the
wallet?" is no go-ahead, and a reply with no idiom reads as before."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.reward.reading.reply_idioms import plain_answer

QUESTIONS = ["Shall I refund $16.90 to your card for order FD-10045?", "Can I go ahead and issue a $5 apology credit to your wallet?",
             "Would you like me to cancel order FD-10279 now?", "Do you mind if I cancel order FD-10279 now?",
             "Is it OK if I send a replacement courier for FD-10311?"]
YES = ["I wouldn't say no", "I won't say no to that", "I can't say no to that", "Can't argue with that", "No complaints, go ahead",
       "Don't mind if I do", "Why not!", "I don't see why not", "No need to ask, just do it", "Couldn't hurt", "👍", "👌", "✅",
       "👍🏽", "No reason not to"]
NO = ["No need", "No need, thanks", "There's no need", "I'm good, thanks", "I'm fine without it", "I'm all set, thank you",
      "That's not necessary", "It's unnecessary", "👎", "❌", "🚫", "I'm good"]
WRAPS = ["{}", "{}.", "{}!", "Oh, {}.", "{} :)", "Hmm, {}."]
CONTROLS = [("I'm good with that.", "yes"), ("No need to ask, just do it.", "yes"), ("Sure.", "yes"), ("No.", "no"),
            ("Why not the wallet?", "not yes"), ("I'm fine with the card.", "yes")]


def _read(reply: str, question: str) -> str:
    return classify_reply(reply, question=question)


def test_an_idiom_or_emoji_of_yes_agrees_under_every_question_form():
    wrong = [(q[:24], w.format(y), got) for q, y, w in itertools.product(QUESTIONS, YES, WRAPS)
             if (got := _read(w.format(y), q)) != "yes"]
    assert not wrong, f"{len(wrong)}/{len(QUESTIONS) * len(YES) * len(WRAPS)}: {wrong[:8]}"


def test_an_idiom_or_emoji_of_no_declines_under_every_question_form():
    """(To "Do you mind if ...?", "I'm good" alone may agree or decline: it gives no go-ahead.)"""
    wrong = [(q[:24], w.format(n), got) for q, n, w in itertools.product(QUESTIONS, NO, WRAPS)
             if (got := _read(w.format(n), q)) != ("unclear" if "mind" in q and n == "I'm good" else "no")]
    assert not wrong, f"{len(wrong)}/{len(QUESTIONS) * len(NO) * len(WRAPS)}: {wrong[:8]}"


def test_what_the_idiom_is_said_of_is_kept():
    for reply, want in CONTROLS:
        got = _read(reply, QUESTIONS[0])
        assert (got != "yes") if want == "not yes" else (got == want), (reply, got)


def test_a_reply_with_no_idiom_is_left_as_it_is():
    for reply in ["Yes, please go ahead.", "No, keep it on the card.", "Put it in my wallet instead.", "What does that mean?"]:
        assert plain_answer(reply) is reply


@pytest.mark.parametrize("reply", ["Keep it please.", "Keep it.", "I'd rather keep it.", "Leave it as is, thanks.", "Please keep the order.",
                                   "Actually yes, I'd mind - keep it.", "Just leave everything as it is."])
@pytest.mark.parametrize("question", ["Shall I cancel order FD-10279 now?", "Do you mind if I cancel order FD-10279 now?",
                                      "Should I swap the Naan for the Samosa?"])
def test_keeping_it_declines_a_question_that_takes_it_away(reply, question):
    """"Keep it" to "Shall I cancel it?" is a no ("Keep it please." read as a yes: a consent false pass)."""
    assert _read(reply, question) == "no"


@pytest.mark.parametrize("reply,question", [("Yes, keep it on my card.", "Shall I refund $16.90 to your card?"),
                                            ("Go ahead, I can't keep waiting.", "Shall I cancel order FD-10279 now?"),
                                            ("Yes please, no need to keep it.", "Shall I cancel order FD-10279 now?")])
def test_keep_said_of_something_else_or_negated_declines_nothing(reply, question):
    assert _read(reply, question) == "yes"
