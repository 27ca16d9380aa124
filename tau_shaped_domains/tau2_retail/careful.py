"""The ground truth as a careful agent plays it, where tau2's list of calls leaves a read out.

tau2 evaluates a retail task by its database and its writes, so 86 of its ground truths' writes
on an order (cancel, modify, return, exchange) follow no look-up of that order. The policy says
to check an order's status before each of those actions ("An order can only be cancelled if its
status is 'pending', and you should check its status before taking the action"; the same for
modifying, returning and exchanging), and only ``get_order_details`` shows the status
(``retail.status.checked_first``). Here each such write is preceded by ``get_order_details`` of
its order, placed before the confirmation that asks for the write (the status is checked, then
the action listed and agreed to). A look-up changes nothing, so the world the ground truth
reaches is tau2's still; a ground truth that reads the order already is left as it is.
"""

from __future__ import annotations

from typing import Any, List, Set

from tau_shaped.env.types import Action

ORDER_WRITES = ("cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
                "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items")
READ = "get_order_details"


def with_status_read(actions: List[Action]) -> List[Action]:
    """``actions`` with ``get_order_details`` of an order before the first write on it that no
    read of that order (or earlier write on it, whose result shows the order) precedes; the read
    goes before the agent's messages just before the write (the same list when none is missing)."""
    out: List[Action] = []
    read: Set[str] = set()
    for action in actions:
        order = action.kwargs.get("order_id")
        if action.name in ORDER_WRITES and isinstance(order, str) and order not in read:
            at = len(out)
            while at > 0 and out[at - 1].name == "respond":
                at -= 1
            out.insert(at, Action(name=READ, kwargs={"order_id": order}))
        if action.name == READ or action.name in ORDER_WRITES:
            if isinstance(order, str):
                read.add(order)
        out.append(action)
    return out


def careful(task: Any) -> Any:
    """The task with its ground truth's status reads (the same object when nothing is missing)."""
    actions = with_status_read(list(task.actions))
    return task if len(actions) == len(task.actions) else task.model_copy(update={"actions": actions})


def careful_tasks(domain: Any) -> Any:
    """``domain`` (the one ``tau_shaped.integrations.tau2.domain.build`` gives) with every task's
    ground truth made careful, in each split and in the whole task set."""
    every = [careful(t) for t in getattr(domain, "tau2_tasks", [])]
    by_id = {t.id: t for t in every}
    domain.tau2_tasks = every
    for split, tasks in list(domain._tasks.items()):
        domain._tasks[split] = [by_id.get(t.id, careful(t)) for t in tasks]
    return domain
