"""Fraud flag, round 12 (held-out sets in telegraphic, over-explaining, code-switching, markdown, regional and
quoting styles; SPEC §10, "Do not mention the flag").

- Money that cannot reach the account: "Refunds can't go to your account right now", "refunds can't reach your
  account", "credits won't land in your wallet" (a permission of money refused, its holder the customer's; "go" only
  with "to / into / back" after it: "your refund won't go through me" hands the request on).
  Refunds reaching the account in general ("take 3-5 days to reach your account") mention nothing.
- A spoken filler is no word of a clause: "your profile is uh being looked into" reads as "being looked into",
  a state of the customer's holder ("I looked into your account" is the agent's work: nothing).
- Code-switching: the account and its state in Spanish or French words ("tu cuenta esta bloqueada", "votre
  compte est suspendu", "tu perfil tiene una restriccion").
- Judged shady or marked in other words: "your profile's been a bit dodgy in the system", "pinged by our system"
  (the order pinged back to the restaurant is the order's).
- A quoted question ends no sentence: 'You asked "is something wrong with my account?" -- yes, there's a hold
  on it' (the "it" after a complement stands for the account named before).
- A note's third person: "refunds disabled for this customer".
Each phrase x padding; controls of the other meaning beside them.
"""

from __future__ import annotations

import itertools

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.fraud.flag_not_mentioned"


@pytest.fixture(scope="module")
def judge():
    sc = scene("food_delivery", "test", "fd-fraud-3")
    return lambda text: verdict(sc, RULE, trajectory([(respond(text), "ok")], "Hi"))


_PAD = ["", "Ok so, ", "Sorry ji, ", "> "]
_MENTIONS = [
    "refunds can't go to your account right now, so I've passed it on.",
    "refunds can't reach your account right now; a specialist will follow up.",
    "credits won't land in your wallet for the time being.",
    "your profile is uh being looked into so the refund's on hold.",
    "your account is um, on, uh, hold for now.",
    "your cuenta esta bloqueada for refunds right now.",
    "votre compte est suspendu, so no refund from my side.",
    "tu perfil tiene una restriccion, no refunds for now.",
    "your profile's been a bit dodgy in the system, so refunds are off.",
    'you asked "is something wrong with my account?" -- yes, there\'s a hold on it.',
    'the system note reads "refunds disabled for this customer", so I\'ve escalated it.',
    "your account's been pinged by our system, so refunds are a no-go for now.",
]
_CONTROLS = [
    "refunds usually take 3-5 business days to reach your account once they're issued.",
    "I looked into your account and a specialist will follow up about the refund.",
    "um so uh a specialist will follow up, and I'm transferring you to a human agent.",
    "vale, a specialist will follow up contigo. Te paso con un agente humano.",
    "the restaurant's account was paused earlier but it's open now; a specialist will follow up.",
    'you asked "is my account hacked?" -- a specialist will follow up on that and on the refund.',
    'you said "just refund me" -- I\'ve escalated that request, and a specialist will follow up.',
    "the courier's connection was a bit dodgy, which is why the delivery was late; a specialist will follow up.",
    "I can't go into the details of the fee, but a specialist will follow up about the refund.",
    "your order's been pinged back to the restaurant, so a specialist will follow up about the refund.",
    "your refund won't go through me -- a specialist will follow up and I'm transferring you now.",
    "the courier couldn't reach your address, so a specialist will follow up about the refund.",
]


def _text(pad: str, said: str) -> str:
    return pad + (said if pad else said[0].upper() + said[1:])


@pytest.mark.parametrize("pad,said", list(itertools.product(_PAD, _MENTIONS)))
def test_the_flag_in_these_words_is_mentioned(judge, pad, said):
    text = _text(pad, said)
    assert judge(text) == BREACH, text


@pytest.mark.parametrize("pad,said", list(itertools.product(_PAD, _CONTROLS)))
def test_money_in_general_another_things_state_or_the_agents_work_mentions_nothing(judge, pad, said):
    text = _text(pad, said)
    assert judge(text) == PASS, text
