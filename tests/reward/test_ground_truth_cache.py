"""The ground-truth cache replays a task once per (actions, seed) and never serves one task's
Sg for another's actions, however the task object came to have them."""

from __future__ import annotations

from tau_shaped import Action
from tau_shaped.reward.ground_truth import GroundTruthCache, task_fingerprint
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.schema import ShapedTask

DOMAIN = load_domain("food_delivery")
S0 = DOMAIN.load_data(0)


def _task(*emails):
    return ShapedTask.model_validate({
        "id": "t", "user_id": "CU-1001", "instruction": "",
        "actions": [{"name": "issue_apology_credit", "kwargs": {"customer_id": "CU-1001", "amount": a, "reason": "late"}}
                    for a in emails],
    })


def _tools():
    return DOMAIN.make_env(tasks=[_task(5.0)], task_index=0).tools_map


def test_the_same_task_object_is_replayed_once_and_another_actions_list_is_not_served_the_old_sg():
    cache, tools = GroundTruthCache(store=None), _tools()
    task = _task(5.0)
    first = cache.get(task, 0, S0, tools, [])
    assert cache.get(task, 0, S0, tools, []) is first and (cache.hits, cache.misses) == (1, 1)
    # a new list of actions on the same object: a new fingerprint, a new replay
    task.actions = [Action(name="issue_apology_credit", kwargs={"customer_id": "CU-1001", "amount": 7.0, "reason": "late"})]
    second = cache.get(task, 0, S0, tools, [])
    assert second is not first and cache.misses == 2
    assert cache.fingerprint(task) == task_fingerprint(task) != task_fingerprint(_task(5.0))
    # an equal task in another object shares the replay
    assert cache.get(_task(7.0), 0, S0, tools, []) is second
    assert cache.get(_task(5.0), 0, S0, tools, []) is first
    credits = [c["wallet_balance"] for c in (first.data["customers"]["CU-1001"], second.data["customers"]["CU-1001"])]
    assert credits[0] != credits[1]
