"""Round 14 (issue 41), replies in hedged and tag-question styles (SPEC §10 replies).

- A doubt closed by a word that adds nothing is still a doubt: "I'm not sure yet", "I'm not sure now", "maybe --
  I'm not sure yet" refuse (they read as a yes before: "sure" was found and the doubt was missed because "yet"
  followed it), as "I'm not sure" always did; "yes, I'm sure now" agrees.
- A tag question that asks a positive statement of the agent's act be confirmed ("So I'll cancel Z7GOZK -- that's what
  you want, right?") is answered yes by the tag's word ("right", "Right, that's it"); after a negative statement
  ("You wouldn't want me to cancel it, right?") or to a plain question ("Shall I cancel it?") a bare "right" says
  neither, and "right now I'm busy" is no answer of the tag.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply

PLAIN = seen("Shall I cancel reservation Z7GOZK? The refund goes to the original payment method.")
TAG = seen("So I'll cancel Z7GOZK, refund to the original payment method in 5-7 business days -- that's what you want, right?")
QUOTED_TAG = seen("So I'll cancel order #W8855135 with the reason 'no longer needed' -- that's what you want, right?")
NEG_TAG = seen("You wouldn't want me to cancel Z7GOZK, right?")


@pytest.mark.parametrize("reply,question,expected", [
    ("I'm not sure yet", PLAIN, "no"),
    ("I'm not sure now", PLAIN, "no"),
    ("maybe -- I'm not sure yet", PLAIN, "no"),
    ("I am not sure yet.", PLAIN, "no"),
    ("not convinced yet", PLAIN, "no"),
    ("I'm not sure", PLAIN, "no"),
    ("I'm not sure right now", PLAIN, "no"),
    ("I'm not sure right away", PLAIN, "no"),
    ("yes, right away", PLAIN, "yes"),
    ("yes, I'm sure now", PLAIN, "yes"),
    ("I'm not sure yet why it was late, but go ahead", PLAIN, "yes"),
    ("right", TAG, "yes"),
    ("right", QUOTED_TAG, "yes"),  # a quoted reason's "no" negates no statement
    ("Right, that's it.", TAG, "yes"),
    ("right, but put the refund on my gift card", TAG, "change"),
    ("right now I'm busy, hold off", TAG, "no"),
    ("right", NEG_TAG, "unclear"),
    ("right", PLAIN, "unclear"),
    ("Right.", PLAIN, "unclear"),
])
def test_round14_replies(reply, question, expected):
    assert classify_reply(reply, question=question) == expected
