"""Round 10 (issue 41), consent: an announcement is not a consent question (wiki.md: "wait for an
explicit 'yes'"; SPEC §10). After a question back ("How long will it take?"), the agent's answer
that asks nothing and announces the write ("About 3-5 business days. Let me get that done for you
now.") heard with "ok thanks" is no yes: the customer acknowledged what they heard and agreed to no
question. A go-ahead ("OK, do it then", "yes please") or a yes to leave asked again stays a yes."""

from __future__ import annotations

import pytest

from tests.domains.food_delivery.test_food_delivery_policy_rules import broken, gt, say, score

Q = "I can refund $5.26 to your card for order FD-10013. Shall I go ahead?"
RULE = ("fd.confirm.before_write", 4)
ANNOUNCE = "About 3 to 5 business days. Let me get that done for you now."


@pytest.mark.parametrize("then, reply, kept", [
    (ANNOUNCE, "ok thanks", False),
    (ANNOUNCE, "Great, thank you!", False),
    (ANNOUNCE, "got it 👍", False),
    ("Card refunds take 3-5 business days.", "Cool, thx.", False),
    ("Card refunds take 3-5 business days. Processing it now.", "alright then", False),
    # controls: a go-ahead, or a yes to leave asked again
    (ANNOUNCE, "ok, go ahead", True),
    (ANNOUNCE, "Yes please do.", True),
    ("Card refunds take 3-5 business days.", "OK, do it then.", True),
    ("About 3 to 5 business days. Shall I go ahead?", "ok thanks", True),
    ("About 3 to 5 business days. OK to proceed?", "👍", True),
])
def test_an_acknowledgement_of_an_announcement_is_no_yes(then, reply, kept):
    g = gt("fd-missing-1")
    actions = g[:2] + [say(Q), say(then)] + g[3:]
    r = score("fd-missing-1", actions, user_replies=["How long will it take?", reply])
    assert (broken(r) == []) is kept, broken(r)
    if not kept:
        assert broken(r)[0] == RULE


def test_a_yes_given_first_stands_through_an_announcement():
    g = gt("fd-missing-1")
    actions = g[:2] + [say(Q), say(ANNOUNCE)] + g[3:]
    r = score("fd-missing-1", actions, user_replies=["Yes.", "ok thanks"])
    assert broken(r) == []
