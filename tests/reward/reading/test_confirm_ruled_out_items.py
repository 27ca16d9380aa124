"""A consent message that names another dish only to rule it out states no other call (SPEC §10, "A message
stating a value the call does not use confirms a different call"): "You asked 'what about the Salmon Roll?' -- it
has sesame, so no. The Vegetable Udon ... shall I propose it?" asks consent for the Udon, the call's substitute.
The dish is read as set apart the way the reader of offers reads it. Controls: another dish put forward beside the
call's ("or", "which one", "how about") is still another call's, and a dish named plainly is still stated."""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.confirm.before_write"


@pytest.fixture(scope="module")
def allergen3():
    return scene("food_delivery", "test", "fd-allergen-3")  # peanut, sesame: Shrimp Tempura -> Vegetable Udon


def _judge(sc, text, reply="yes"):
    calls = sc.calls
    steps = list(calls[:3]) + [(respond(text), reply), calls[3]]
    return verdict(sc, RULE, trajectory(steps, "Hi"))


@pytest.mark.parametrize("ruled_out", [
    "You asked 'what about the Salmon Roll?' -- it has sesame, so no.",
    "The Salmon Roll is out because of the sesame.",
    "Salmon Roll: sesame, excluded.",
    "I can't offer the Salmon Roll (sesame).",
    "Chicken Teriyaki? No -- sesame.",
])
def test_a_dish_ruled_out_beside_the_call_s_states_no_other_call(allergen3, ruled_out):
    text = f"{ruled_out} The Vegetable Udon is $15.39 (gluten, soy; no peanut or sesame). Shall I propose it?"
    assert _judge(allergen3, text) == PASS


@pytest.mark.parametrize("text", [
    "The Salmon Roll or the Vegetable Udon ($15.39) -- which one shall I propose?",
    "The Salmon Roll is lovely too. The Vegetable Udon is $15.39. Shall I propose it?",
    "How about the Salmon Roll? Or the Vegetable Udon, $15.39. Shall I propose it?",
])
def test_another_dish_put_forward_is_another_call(allergen3, text):
    assert _judge(allergen3, text) == BREACH
