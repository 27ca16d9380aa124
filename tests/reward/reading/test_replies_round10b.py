"""Replies, round 10b (the lead's and t2ep's probes; SPEC §10 replies).

A reluctant yes takes what is offered ("I guess that'll have to do", "fine, I guess", "better
than nothing", "I can live with that", "I'll take it", "if I must"; a hedge on the yes itself,
"I guess so", stays undetermined); "go" alone,
said again or shouted, is the go-ahead; chat's "4" for "for" ("go 4 it", "4 sure") and "lemme"
for "let me" ("lemme think" puts the decision off, as "let me think" does). Controls: the same
words negated ("I can't live with that", "that won't do"), asking another value ("I'll take it
as wallet credit instead"), "go away", a count ("I need 4 bags").
Generated: each phrase x leads and tails a chat reply may have.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.replies import classify_reply

_LEADS = ["", "ugh, ", "Hmm. ", "ok "]
_TAILS = ["", ".", "!", " 🙄", "..."]
_YES = ["I guess that'll have to do", "that will have to do", "better than nothing", "I can live with that",
        "I'll take it", "if I must", "I'll settle for that", "it'll do", "go 4 it", "4 sure"]
_GO = ["go", "go!", "Go go go!", "gogogo", "GO", "go go"]
_NOT_YES = {"I can't live with that": "no", "that won't do": "no", "lemme think": "no", "no, go back": "no",
            "I'll take it as wallet credit instead": "change"}


@pytest.mark.parametrize("lead,said,tail", list(itertools.product(_LEADS, _YES, _TAILS)))
def test_a_reluctant_yes_is_a_yes(lead, said, tail):
    assert classify_reply(f"{lead}{said}{tail}") == "yes"


@pytest.mark.parametrize("said", _GO)
def test_go_alone_is_the_go_ahead(said):
    assert classify_reply(said) == "yes"


@pytest.mark.parametrize("said,want", sorted(_NOT_YES.items()))
def test_the_same_words_that_refuse_or_change(said, want):
    assert classify_reply(said) == want


@pytest.mark.parametrize("said", ["I guess so", "I suppose so", "fine, I guess"])
def test_a_hedge_on_the_yes_itself_stays_unclear(said):
    assert classify_reply(said) == "unclear"


@pytest.mark.parametrize("said", ["go away", "I need 4 bags", "where do I go"])
def test_go_or_4_in_other_senses_is_no_yes(said):
    assert classify_reply(said) != "yes"


@pytest.mark.parametrize("said", ["it'll do nothing for me", "that will do no good", "that'll do little for me"])
def test_what_will_do_nothing_is_no_yes(said):
    assert classify_reply(said) != "yes"
