"""Round 10 of issue 41, retail: whole episodes in chat style. The hold message after a transfer
("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.") said with chat shorthand ("pls",
"plz" for "please"; "ur" for "you're") is the message (``retail.transfer.hold_message``); one part
alone, a promise or a negation is not. Judged end to end on test task 12 (the ground truth ends
in a transfer).

And ``retail.confirm.new_item_options``: the new side of an exchange said after the emoji arrow
("white, medium, USB ➡️ white, high, AC adapter" for the black lamp) or in prose ("for the one
with ...", "replaced with ...") given the old item's value where the new item has another is
another variant (both passed before); the right new options pass."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped import Action, score_trajectory  # noqa: E402
from tests.reward.reading.generated.world import _env, _index  # noqa: E402

RULE = "retail.transfer.hold_message"


def _episode(words: str):
    env = _env("tau2:retail", "test")
    task = env.tasks[_index(env, "12")]
    calls = [a for a in task.actions if a.name != "respond"]
    k = next(i for i, a in enumerate(calls) if a.name == "transfer_to_human_agents")
    actions = calls[:k + 1] + [Action(name="respond", kwargs={"content": words})]
    r = score_trajectory(env, _index(env, task.id), actions, user_replies=["ok"],
                         first_user_message="hey, my email is mia.garcia2723@example.com, need help w/ my orders")
    return {v.id for v in list(r.gate_violations) + list(r.rule_violations)}


@pytest.mark.parametrize("words", ["you're being transferred to a human agent now, pls hold on 🙏",
                                   "hold tight 🙏 ur being transferred to a human agent",
                                   "You are being transferred to a human agent, plz hold on."])
def test_the_hold_message_in_chat_shorthand_is_the_message(words):
    assert RULE not in _episode(words)


@pytest.mark.parametrize("words", ["pls hold on", "i'll transfer u to a human agent, pls hold", "ur not being transferred to a human agent, pls hold on"])
def test_one_part_a_promise_or_a_negation_is_not(words):
    assert RULE in _episode(words)


# ---- retail.confirm.new_item_options: the new side after an emoji arrow or in prose -------------
# (test task 9: the white, medium, USB desk lamp exchanged for the black, high, AC adapter one)

@pytest.mark.parametrize("text,label", [
    ("exchange on #W6390527 🔁\n  • Desk Lamp: white, medium, USB ➡️ black, high, AC adapter\n💵 +$16.23 to pay via your PayPal account\nok? 🙏", "pass"),
    ("exchange on #W6390527 🔁\n  • Desk Lamp: white, medium, USB ➡️ white, high, AC adapter\n💵 +$16.23 to pay via your PayPal account\nok? 🙏", "breach"),
    ("For order #W6390527, I would exchange the Desk Lamp (white, medium, USB) for the one with black, high, AC adapter. "
     "Do you wish me to proceed?", "pass"),
    ("For order #W6390527, I would exchange the Desk Lamp (white, medium, USB) for the one with white, high, AC adapter. "
     "Do you wish me to proceed?", "breach"),
    ("The Desk Lamp on #W6390527 (white, medium, USB) would be replaced with a white, high, AC adapter lamp. OK?", "breach"),
    ("The Desk Lamp on #W6390527 (white, medium, USB) would be replaced with a black, high, AC adapter lamp. OK?", "pass"),
])
def test_the_new_side_after_an_emoji_arrow_or_in_prose(text, label):
    from tests.reward.reading.generated.world import respond, scene, scored

    sc = scene("tau2:retail", "test", "9")
    calls = list(sc.calls)
    steps = calls[:5] + [(respond(text), "yes"), calls[5]]
    assert scored(sc, "retail.confirm.new_item_options", steps, "Mei Kovacs, 28236") == label
