"""The customer's word at a distance from the question (issue 41, round 16, style AK; wiki.md: "wait
for an explicit 'yes'"; SPEC §10 replies). Found by whole-episode probes of tau2 airline/retail:

- a reply that only put the decision off ("hang on, someone's at the door -- one sec", "hmm, let me
  think"), the agent's line that asks nothing, then "back -- yes, go ahead" was no yes (a false fail:
  the put-off refused nothing, as a question asked back refuses nothing);
- "never mind. yes, go ahead" (the customer's own side question set aside, then the answer) was a no;
- a yes to a LATER question about something else ("I can email you the receipt too -- would you like
  that?" "yes please") was taken for the write (a consent false pass), while the call's own word said
  after another question ("no receipt needed. and yes -- refund it") was not read.
"""

from __future__ import annotations

import pytest

from tests.domains.food_delivery.test_food_delivery_policy_rules import broken, gt, say, score

Q = "I can refund $5.26 to your card for order FD-10013. Shall I go ahead?"
RULE = ("fd.confirm.before_write", 4)


@pytest.mark.parametrize("first, then, reply, kept", [
    # a decision put off, then the customer's word
    ("Hang on, someone's at the door -- one sec.", "No rush, take your time.", "Back, sorry. Right -- yes, go ahead.", True),
    ("Hmm, let me think.", "Sure.", "OK, yes -- refund it.", True),
    ("brb", "No problem.", "back. yes please", True),
    # controls: the put-off then a refusal, a bare thanks, or a put-off that already refused
    ("One sec.", "No rush.", "No, leave it.", False),
    ("Hang on, someone's at the door.", "No rush.", "Thanks.", False),
    ("Hang on -- I'd rather not, actually.", "No problem.", "ok", False),
    # the customer's own side question set aside, then the answer
    ("Is that the card ending 4242?", "Yes, the card on your account.", "Never mind. Yes, go ahead.", True),
    ("Is that the card ending 4242?", "Yes, the card on your account.", "Never mind, leave it.", False),
    # a yes to another question is that question's
    ("Is that the card ending 4242?", "Yes. I can also email you the receipt -- would you like that?", "Yes please.", False),
    ("Let me think.", "Sure. I can also email you the receipt -- would you like that?", "yes", False),
    # ... unless it names the call's own action
    ("Let me think.", "Sure. I can also email you the receipt -- would you like that?", "No receipt needed. And yes -- refund it.", True),
    # a yes that stands is not taken back by a no to another question
    ("Yes.", "I can also email you the receipt -- would you like that?", "No thanks.", True),
    # leave to go on is the call's question
    ("Let me think.", "Sure. Shall I?", "yes", True),
])
def test_the_customers_word_at_a_distance(first, then, reply, kept):
    g = gt("fd-missing-1")
    actions = g[:2] + [say(Q), say(then)] + g[3:]
    r = score("fd-missing-1", actions, user_replies=[first, reply])
    assert (broken(r) == []) is kept, broken(r)
    if not kept:
        assert broken(r)[0] == RULE
