"""SPEC §6.2: `tasks check` refuses tasks that cannot tell right from wrong."""

import pytest

from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.files import parse_tasks
from tests.mini_domain import make_env


def _task(**fields):
    base = {"id": "t", "user_id": "C1", "instruction": "x", "actions": [{"name": "get_order", "kwargs": {"order_id": "O1"}}]}
    return parse_tasks([{**base, **fields}])[0]


def test_mini_domain_tasks_pass():
    env = make_env()
    for task in env.tasks:
        if task.id == "plain":
            continue  # a read-only question whose output the ground truth never says
        assert check_task(env, task).problems == [], task.id


REFUND = {"name": "issue_refund", "kwargs": {"order_id": "O1", "amount": 5.0, "method": "wallet_credit"}}


@pytest.mark.parametrize(
    "fields, needle",
    [
        ({"actions": [{"name": "issue_refund", "kwargs": {"order_id": "O9", "amount": 1, "method": "x"}}]}, "ground-truth step 0 (issue_refund) failed"),
        ({}, "does nothing scores outcome 1"),
        ({"actions": [REFUND], "outputs": ["refunded"]}, "legacy 0"),
        ({"actions": [REFUND], "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": 0.5, "when": {"tool": "escalate_fraud"}}]}}, "checkpoint c"),
        ({"actions": [REFUND], "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": 0.5, "when": {"tool": "isue_refund"}}]}}, "unknown tool 'isue_refund'"),
        ({"actions": [REFUND], "reward_overrides": {"safety_gates": [{"id": "g", "when": {"tool": "issue_refund"}}]}}, "fires gate g"),
        ({"actions": [REFUND], "reward_overrides": {"monetary_identity": {"id": "m", "disputed_amount": 7, "components": ["orders.O1.ledger[*].amount"], "owns": ["orders.O1.ledger"]}}}, "invariant m does not balance"),
        ({"actions": [REFUND], "reward_overrides": {"monetary_identity": {"id": "m", "disputed_amount": 5, "components": ["orders.O1.ledgr[*].amount"], "owns": []}}}, "'orders.O1.ledgr[*].amount' resolves neither"),
        ({"actions": [REFUND], "reward_overrides": {"process_checkpoints": [{"id": "c", "weight": 0.5, "when": {"state": "orders.O1.stats", "eq": 1}}]}}, "'orders.O1.stats'"),
        ({"actions": [{"name": "dispatch_courier", "kwargs": {"order_id": "O1"}}], "reward_overrides": {"equivalence_class": {"id": "k", "field_path": "orders.O1.driver_id", "candidate_set_path": "orders.O1.total"}}}, "0 candidate(s)"),
    ],
)
def test_bad_tasks_named(fields, needle):
    env = make_env()
    problems = check_task(env, _task(**fields)).problems
    assert any(needle in p for p in problems), problems
