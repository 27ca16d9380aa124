"""Round 16 (AK distance, gen-ops): the customer's word on a described write across small talk and a pause (wiki.md: wait
for an explicit "yes"; SPEC §10 "Reading": the yes must still stand when the call is made).

- Small talk to a message that asks nothing ("One moment while I pull that up." -- "lol my cat just walked across the
  keyboard") refuses nothing: a yes given before it stands, an unclear reply stays unclear. Controls: a later word that
  stops the call ("wait, don't") or refuses it ("nah, leave it") still takes the yes back.
- A reply that only asks for a moment ("one sec, someone's at the door") refuses nothing: the customer's yes once back,
  after the agent's "take your time", agrees. Controls: a refusal first ("no, not yet") is not undone by a later bare yes
  to a message that asks nothing, and the pause alone before the write is no yes."""

from __future__ import annotations

import importlib.util

import pytest

from tests.reward.reading.generated.food import refund_scenes
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, respond, trajectory, verdict

RULE = "fd.confirm.before_write"


def _judge(*said):
    sc = refund_scenes()[0]
    call, obs = sc.call("issue_refund")
    ask = f"I'll refund ${call.kwargs['amount']:.2f} to your card for order {call.kwargs['order_id']}. Shall I go ahead?"
    steps = [(respond(ask if a is None else a), b) for a, b in said] + [(call, obs)]
    return verdict(sc, RULE, trajectory(steps, "Hi, I need help with my order."))


WAIT = "One moment while I pull that up."


@pytest.mark.parametrize("chat", ["lol my cat just walked across the keyboard", "the kids are so loud today",
                                  "haha my dog is barking at the mailman"])
def test_small_talk_after_a_yes_leaves_it_standing(chat):
    assert _judge((None, "Yes please."), (WAIT, chat)) == PASS


@pytest.mark.parametrize("chat", ["wait, don't do it yet", "nah, leave it actually", "hmm, I'd rather not now"])
def test_a_later_word_that_stops_the_call_still_takes_the_yes_back(chat):
    assert _judge((None, "Yes please."), (WAIT, chat)) == BREACH


def test_small_talk_after_an_unclear_reply_settles_nothing():
    assert _judge((None, "I guess, maybe."), (WAIT, "the kids are so loud today")) == UNDETERMINED
    assert _judge((None, "I guess, maybe."), (WAIT, "no, don't")) == BREACH  # the control: a no settles it


@pytest.mark.parametrize("away", ["one sec, someone's at the door", "brb, my phone's about to die",
                                  "gimme a moment, I'm on the other line"])
def test_a_yes_after_a_pause_agrees(away):
    assert _judge((None, away), ("No problem, take your time.", "back! Yes, please go ahead.")) == PASS
    assert _judge((None, away)) == BREACH  # the control: the pause alone is no yes


def test_a_bare_yes_after_a_refusal_is_no_yes_to_what_was_declined():
    assert _judge((None, "No, not yet."), ("No problem, take your time.", "Yes.")) == BREACH



@pytest.mark.skipif(importlib.util.find_spec("tau2") is None, reason="the tau2 retail scene needs the tau2 extra")
@pytest.mark.parametrize("answer", ["back! re your question: Sure, cancel it; I don't want to keep it.",
                                    "sorry about that -- Yes, cancel it, I won't keep it."])
def test_the_answer_once_back_is_read_with_the_question_the_pause_put_off(answer):
    from tests.reward.reading.generated.tau2 import retail_cancels

    sc = retail_cancels()[0]
    call, obs = sc.call("cancel_pending_order")
    ask = f"I'll cancel order {call.kwargs['order_id']} with the reason '{call.kwargs['reason']}'. Shall I proceed?"

    def judge(last):
        steps = [(respond(ask), "one sec, someone's at the door"), (respond("No problem, take your time."), last), (call, obs)]
        return verdict(sc, "retail.confirm.before_write", trajectory(steps, "Hi, I want to cancel an order."))

    assert judge(answer) == PASS
    assert judge("back. No, I'd rather keep it.") == BREACH  # the control: a no once back
