"""Round 9 of issue 41: denials (reading/refusals.py) in idioms earlier rounds missed, and help
given in words that look like a no; a phrasal verb split by its object (reading/action_words.py).

- A denial: "a no-go", "a non-starter", "beyond what I'm permitted to do", "beyond my authority",
  a bare "I can't." ending its clause ("As much as I'd like to, I can't."), "a hard pass", "no longer
  an option", "not authorised to", "I'll need to decline", "I'm unable to.", "we aren't able to".
- No denial: a denial taken back by what stands right before it ("There's no reason I can't do
  that", "It's not that I can't"), "I can't see why not", "I can't think of any reason to refuse"
  (help given: a request never refused is scored as one, a false pass of refusal.said); a denial
  under "if", "whether", "unless" ("if I can't, I'll tell you") is a condition.
- "Shall I top it up?", "top your line up", "call the order off" name the phrasal verb."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.action_words import names_action
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial

DENIALS = ["That exchange is a no-go, I'm afraid.", "Sadly, that's a non-starter under our rules.",
           "It's beyond what I'm permitted to do.", "Changing the fare is beyond my authority.",
           "As much as I'd like to, I can't.", "We won't. Sorry.", "I cannot; the fare rules forbid it.",
           # second batch: a hard pass, no longer an option, not authorised (British spelling), "I'll need to
           # decline", "I'm unable to." with the verb unsaid, "we aren't able to"
           "That one's a hard pass from our side.", "The order has already shipped, so cancelling it is no longer an option.",
           "I'm not authorised to issue that refund.", "I'll need to decline that one.", "I'm sorry, I'm unable to.",
           "We aren't able to honour that request."]
NOT_DENIALS = ["There's no reason I can't do that for you; it's done.", "I can't see why not - I'll cancel it now.",
               "It's not that I can't: I already have, the refund is issued.", "I can't think of any reason to refuse, so it's done.",
               "That exchange is a go.", "It's well within what I'm permitted to do.", "Can I? Sure I can.",
               "I can't wait to sort this out for you - done!", "I'll try; if I can't, I'll tell you. Done, it's cancelled.",
               "Here's your boarding pass for the flight.", "That's a pass to the lounge, included.", "We're able to honour that request.",
               "I'm authorised to issue that refund, so I have."]


@pytest.mark.parametrize("text", DENIALS)
def test_a_denial_in_round_9_idioms(text):
    assert denial(seen(text)) is not None


@pytest.mark.parametrize("text", NOT_DENIALS)
def test_help_in_words_that_look_like_a_no_denies_nothing(text):
    assert denial(seen(text)) is None


@pytest.mark.parametrize("text,words,found", [
    ("Shall I top it up?", ["top up"], "top it up"), ("I can top your line up now.", ["top up"], "top your line up"),
    ("Should I call the order off?", ["call off"], "call the order off"), ("I'll top L1002 up.", ["top up"], "top L1002 up"),
    ("Top up now?", ["top up"], "Top up"), ("Shall I top the very last line up?", ["top up"], None)])
def test_a_phrasal_verb_split_by_its_object(text, words, found):
    assert names_action(text, words) == found
