"""Round 16 (audit-fd; audit-tau2's round-15 remainder): a write after a transfer in a recorded trajectory.

tau2's policies: "You should transfer the user to a human agent if and only if the request cannot be handled within the
scope of your actions. To transfer, first make a tool call to transfer_to_human_agents ...". A live episode ends at the
transfer; a recorded trajectory can go on, and a write made after the hand-off scored 1 (the state is the ground
truth's). Now ``air.transfer.nothing_after``, ``retail.transfer.nothing_after`` and ``telecom.transfer.nothing_after``:
a write that succeeded after a transfer that succeeded. Controls: the transfer after every write, and only words or a
look-up after it. Each ground truth of the test tasks keeps the rule."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped import Action, score_trajectory  # noqa: E402
from tau_shaped.tasks.consenting import consenting_replies  # noqa: E402

HOLD = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."
# a test task per domain whose ground truth writes (its first write follows its confirmation message)
CASES = [("tau2:airline", "air", "2", "send_certificate"), ("tau2:airline", "air", "8", "book_reservation"),
         ("tau2:retail", "retail", "5", "return_delivered_order_items"), ("tau2:retail", "retail", "9", "exchange_delivered_order_items"),
         ("tau2:telecom", "telecom", None, "refuel_data")]


def _task(domain: str, task_id, write: str):
    from tests.reward.reading.generated.world import _env, _index

    env = _env(domain, "test")
    task = next(t for t in env.tasks if (task_id is None or t.id == task_id) and any(a.name == write for a in t.actions))
    return env, _index(env, task.id), task


def _fired(env, index, actions):
    result = score_trajectory(env, index, actions, user_replies=consenting_replies(actions))
    return {v.id for v in list(result.rule_violations) + list(result.gate_violations)}


def _handed_over():
    return [Action(name="transfer_to_human_agents", kwargs={"summary": "The customer asked for a human agent."}),
            Action(name="respond", kwargs={"content": HOLD})]


@pytest.mark.parametrize("domain,prefix,task_id,write", CASES)
def test_a_write_after_the_transfer_breaks_the_rule(domain, prefix, task_id, write):
    env, index, task = _task(domain, task_id, write)
    gt = [a.model_copy(deep=True) for a in task.actions]
    w = next(i for i, a in enumerate(gt) if a.name == write)
    rule = f"{prefix}.transfer.nothing_after"
    assert rule not in _fired(env, index, gt)  # the ground truth
    assert rule in _fired(env, index, gt[:w - 1] + _handed_over() + gt[w - 1:])  # its confirmation and write after the hand-off
    assert rule not in _fired(env, index, gt + _handed_over())  # the transfer after every write
    assert rule not in _fired(env, index, gt[:w - 1] + _handed_over() + [Action(name="respond", kwargs={"content": "Goodbye."})])
