"""Round 10 of issue 41, retail: whole episodes in chat style. The hold message after a transfer
("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.") said with chat shorthand ("pls",
"plz" for "please"; "ur" for "you're") is the message (``retail.transfer.hold_message``); one part
alone, a promise or a negation is not. Judged end to end on test task 12 (the ground truth ends
in a transfer)."""

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
