"""The ground truth as a careful agent plays it, where tau2's list of calls leaves a step out.

tau2 evaluates a telecom task by its environment assertions (and a transfer by its call), so
its list of the agent's calls holds the writes alone: a payment request with no look-up of the
bill before it. The policy orders the steps of an overdue bill's payment: check the bill's
status (overdue), check the amount due, then send the request. The converted ground truth
(``tau_shaped.integrations.tau2.telecom_tasks``) already finds the customer first and states a
refuel's price first; here it also reads the customer's bills (``get_bills_for_customer``)
before a ``send_payment_request`` that no bill look-up precedes, and the line
(``get_details_by_id`` of it) before an ``enable_roaming`` that no look-up of that line precedes
(the policy: "you should check if the line is roaming enabled. If it is not, you should enable
it"; tau2's 41 ground truths that enable roaming never read the line). A look-up changes
nothing, so the world the ground truth reaches is tau2's still; a ground truth that reads them
already is left as it is.
"""

from __future__ import annotations

from typing import Any, List

from tau_shaped.env.types import Action
from tau_shaped.integrations.tau2.telecom_env import TelecomDomain

REQUEST = "send_payment_request"
BILL_READS = ("get_bills_for_customer", "get_details_by_id")


def _reads_a_bill(action: Action) -> bool:
    if action.name == "get_bills_for_customer":
        return True
    ident = action.kwargs.get("id") if action.name == "get_details_by_id" else None
    return isinstance(ident, str) and ident.startswith("B")


def with_bill_checked(actions: List[Action]) -> List[Action]:
    """``actions`` with ``get_bills_for_customer`` before each payment request no bill look-up
    precedes (the same list when none is missing)."""
    out: List[Action] = []
    read = False
    for action in actions:
        if action.name == REQUEST and not read:
            out.append(Action(name="get_bills_for_customer", kwargs={"customer_id": action.kwargs.get("customer_id")}))
            read = True
        read = read or _reads_a_bill(action)
        out.append(action)
    return out


ROAMING = "enable_roaming"


def with_line_checked(actions: List[Action]) -> List[Action]:
    """``actions`` with ``get_details_by_id`` of the line before each ``enable_roaming`` that no
    look-up of that line precedes (the same list when none is missing)."""
    out: List[Action] = []
    read = set()
    for action in actions:
        line = action.kwargs.get("line_id") if action.name == ROAMING else None
        if isinstance(line, str) and line not in read:
            out.append(Action(name="get_details_by_id", kwargs={"id": line}))
            read.add(line)
        if action.name == "get_details_by_id" and isinstance(action.kwargs.get("id"), str):
            read.add(action.kwargs["id"])
        out.append(action)
    return out


def careful(task: Any) -> Any:
    """The task with its ground truth's bill and line look-ups (the same object when nothing is missing)."""
    actions = with_line_checked(with_bill_checked(list(task.actions)))
    return task if len(actions) == len(task.actions) else task.model_copy(update={"actions": actions})


class CarefulTelecomDomain(TelecomDomain):
    """tau2:telecom whose tasks' ground truths read the bill before a payment request and the
    line before enabling its roaming."""

    def task_by_id(self, task_id: str) -> Any:
        kept = self.__dict__.setdefault("_careful", {})
        if task_id not in kept:
            kept[task_id] = careful(super().task_by_id(task_id))
        return kept[task_id]

    def tau2_convert(self, raw: Any) -> Any:
        return careful(super().tau2_convert(raw))


def careful_domain(domain: Any) -> Any:
    """``domain`` (the one ``telecom_env.build`` gives) as a :class:`CarefulTelecomDomain`."""
    if not isinstance(domain, TelecomDomain):
        raise TypeError(f"not tau2:telecom's domain: {type(domain).__name__}")
    domain.__class__ = CarefulTelecomDomain
    return domain
