"""Round 17 (gen-ops, task 1): a reply's class does not depend on which question it was read after first.

``replies`` keeps a reply's class by its shape (the reply, the question's polarity and verbs) when its reading read
nothing else of the question. Two readings read the question's words while the check said they did not (it looked at
the reply as given, the reading at the text it had rewritten): "no insurance. book it" read first after a question
stating insurance "yes" (no echo: a no) was kept, and read as that no after a question stating insurance "no" (a yes);
"yes, but donʼt email me" (U+02BC, made a plain apostrophe by the reading) kept the class of the first question read
(one that offers an email: a no; one that does not: a yes). ``reply_reads.QuestionReads.worded`` notes each on the
text read. Each pair of questions here has the same polarity and verbs (asserted), so the shape memo is what is tested."""

from __future__ import annotations

import pytest

import tau_shaped.reward.reading.replies as replies
from tau_shaped.reward.reading.reply_clauses import read_question
from tau_shaped.reward.reading.replies import classify_reply

_BOOK = "I'll book the 9:05 flight to Denver for ${fare}, travel insurance: {ins}. Shall I book it?"
_REFUND = "I'll refund $16.90 to your Mastercard{extra}. Shall I go ahead and refund it?"

# (reply, question A, question B, class after A, class after B): each read alone, caches empty
CASES = [
    ("no insurance. book it", _BOOK.format(fare=375, ins="yes"), _BOOK.format(fare=375, ins="no"), "no", "yes"),
    ("no insurance, go ahead and book it", _BOOK.format(fare=212, ins="yes"), _BOOK.format(fare=212, ins="none"), "no", "yes"),
    ("yes, but don\u02bct email me", _REFUND.format(extra=" and email you the receipt"), _REFUND.format(extra=""), "no", "yes"),
    ("ok go ahead. just don\u02bct text me about it", _REFUND.format(extra=" and text you when it lands"), _REFUND.format(extra=""),
     "no", "yes"),
    ("yes please, don't call me back though", _REFUND.format(extra=" and call you back to check"), _REFUND.format(extra=""),
     "no", "yes"),
]


def _fresh() -> None:
    replies._BY_SHAPE.clear()
    replies._classify.cache_clear()


@pytest.mark.parametrize("reply, qa, qb, want_a, want_b", CASES)
def test_the_class_is_the_same_whichever_question_was_read_first(reply, qa, qb, want_a, want_b):
    a, b = read_question(qa), read_question(qb)
    assert (a.polarity, a.verbs) == (b.polarity, b.verbs)  # the same shape: only the kept class could tell them apart
    _fresh()
    alone_a = classify_reply(reply, question=qa)
    _fresh()
    alone_b = classify_reply(reply, question=qb)
    assert (alone_a, alone_b) == (want_a, want_b)
    _fresh()
    assert [classify_reply(reply, question=q) for q in (qa, qb)] == [want_a, want_b]
    _fresh()
    assert [classify_reply(reply, question=q) for q in (qb, qa)] == [want_b, want_a]


def test_a_reply_that_reads_nothing_of_the_question_is_still_kept_by_shape():
    """The memo still serves what it is for: "Yes, please go ahead" read once for a batch's confirmations."""
    _fresh()
    assert classify_reply("Yes, please go ahead", question=_REFUND.format(extra="")) == "yes"
    assert replies.known_class("Yes, please go ahead", _REFUND.format(extra=" and email you the receipt")) == "yes"
    _fresh()
    assert classify_reply("no insurance. book it", question=_BOOK.format(fare=375, ins="no")) == "yes"
    assert replies.known_class("no insurance. book it", _BOOK.format(fare=375, ins="yes")) is None
