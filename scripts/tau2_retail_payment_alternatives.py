"""The tau2 retail grader corpus's valid alternatives (issue 18; ``scripts/build_tau2_retail_grader_corpus.py``): where a
task's instruction names no way of paying, each open write re-done with each other payment method of the profile, labelled
by policy.md's reading of which methods it allows."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List


def _policy_allows(task: Any, write: Dict[str, Any], method: str, state: Dict[str, Any]) -> bool:
    """policy.md's reading, not the verifier's: a method of the customer's profile; a return
    refunded to the original method or to an existing gift card; a gift card only if its
    balance covers what it pays (the difference the write moves, read by doing it with the
    ground truth's method on a copy of the state before it)."""
    from tau_shaped.integrations.tau2.domain import toolkit

    pm = state["users"][task.user_id]["payment_methods"].get(method)
    order = state["orders"][write["kwargs"]["order_id"]]
    if pm is None:
        return False
    if write["name"] == "return_delivered_order_items":
        return pm["source"] == "gift_card" or method == order["payment_history"][0]["payment_method_id"]
    if pm["source"] != "gift_card":
        return True
    after = {k: dict(v) for k, v in state.items()}
    toolkit("retail").call(after, write["name"], dict(write["kwargs"]))
    new = after["orders"][write["kwargs"]["order_id"]]
    if write["name"] == "exchange_delivered_order_items":
        diff = new["exchange_price_difference"]
    else:
        last = new["payment_history"][-1]
        diff = last["amount"] if last["transaction_type"] == "payment" else -last["amount"]
    return pm["balance"] >= diff


def payment_alternatives(tasks: List[Any], s0: Dict[str, Any], entry: Callable[..., Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Issue 18: where the instruction names no way of paying, each open write re-done with each
    other method of the profile: a method the policy allows is a valid resolution (outcome 1,
    tau2's DB check 0); one it forbids is refused by tau2's tool and the task is not done
    (outcome 0). Task 42 names PayPal: another method is not what the user asked. ``tasks``, ``s0`` and ``entry``:
    the corpus builder's tasks, initial state and entry maker."""
    from tau_shaped.integrations.tau2.alternatives import OPEN_WRITES, names_payment
    from tau_shaped.integrations.tau2.domain import toolkit
    from tau_shaped.integrations.tau2.tasks import with_method

    out: List[Dict[str, Any]] = []
    kit = toolkit("retail")
    for task in sorted(tasks, key=lambda t: int(t.id)):
        named = names_payment(task.instruction)
        if named and task.id != "42" or not any(a.name in OPEN_WRITES for a in task.actions) or task.id in ("64", "105"):
            continue
        state = {k: dict(v) for k, v in s0.items()}
        for i, action in enumerate(task.actions):
            if action.name in OPEN_WRITES:
                write = {"name": action.name, "kwargs": json.loads(json.dumps(action.kwargs))}
                chosen = action.kwargs["payment_method_id"]
                for method in sorted(s0["users"][task.user_id]["payment_methods"]):
                    if method == chosen:
                        continue
                    steps = [{"name": a.name, "kwargs": json.loads(json.dumps(a.kwargs))}
                             for a in with_method(task.actions, i, method)]
                    allowed = _policy_allows(task, write, method, state)
                    if named:
                        e = entry(task, "bad", f"user_named_the_method_agent_used_{method}", steps, 0, legacy=0)
                    elif allowed:
                        e = entry(task, "good", f"open_method_paid_with_{method}", steps, 1, legacy=0)
                    else:
                        e = entry(task, "bad", f"open_method_refused_{method}", steps, 0, legacy=0)
                    e["id"] += f"@{i}"
                    out.append(e)
            if action.name != "respond" and kit.writes(action.name):
                kit.call(state, action.name, dict(action.kwargs))
    return out
