"""The customer's later word on a described write, before it is made (wiki.md: "wait for an
explicit 'yes'. Then make that one call"; SPEC §10: a reply is read on the clause that answers,
and the yes must stand when the call is made). Found by whole-episode probes (issue 41, round 9):

- a yes withdrawn before the write ("Actually wait, can it go to my wallet instead?") was kept:
  the card refund made after it passed (a consent false pass);
- a question back ("How long will it take?"), answered, then "OK, do it then" was no yes: a false
  fail of a careful agent who answered a side question before acting.

A reply to another question the agent asked meanwhile ("Anything else?" "No, that's all") is not
about the write."""

from __future__ import annotations

import pytest

from tests.domains.food_delivery.test_food_delivery_policy_rules import broken, gt, say, score

Q = "I can refund $5.26 to your card for order FD-10013. Shall I go ahead?"
RULE = ("fd.confirm.before_write", 4)


@pytest.mark.parametrize("first, then, reply, kept", [
    # a yes withdrawn, or changed, before the call
    ("Yes.", "Great, processing now.", "Actually wait, can it go to my wallet instead?", False),
    ("Yes.", "Great, processing now.", "No, stop, I found the item.", False),
    ("Yes.", "Processing now. Anything else?", "Wait, put it in my wallet instead.", False),
    ("Yes.", "Great, processing now.", "Hold on, don't do that yet.", False),
    # a yes that stands
    ("Yes.", "Great, processing now.", "Thanks!", True),
    ("Yes.", "Anything else before I process it?", "No, that's all.", True),
    ("Yes.", "Card refunds take 3-5 business days.", "OK.", True),
    # a question back, answered, then the customer's word
    ("How long will it take?", "Card refunds take 3-5 business days.", "OK, do it then.", True),
    ("How long will it take?", "Card refunds take 3-5 business days.", "Yes please, go ahead.", True),
    ("How long will it take?", "Card refunds take 3-5 business days.", "Hmm, then no thanks.", False),
    # leave to go on asked again after the side question: the values were stated just before
    ("How long will it take?", "Card refunds take 3-5 business days. Shall I go ahead?", "Yes.", True),
    ("Yes.", "One more thing: it takes 3-5 business days. Still OK to go ahead?", "No, leave it.", False),
    # a refusal is not settled by a yes to a question that describes nothing again
    ("No, thank you.", "Are you sure? Shall I just go ahead then?", "Yes.", False),
    ("Put it in my wallet instead.", "Card refunds are faster to process. Shall I go ahead?", "OK.", False),
])
def test_the_customers_later_word_stands(first, then, reply, kept):
    g = gt("fd-missing-1")
    actions = g[:2] + [say(Q), say(then)] + g[3:]
    r = score("fd-missing-1", actions, user_replies=[first, reply])
    assert (broken(r) == []) is kept, broken(r)
    if not kept:
        assert broken(r)[0] == RULE
