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

A transfer task's announcement (its output check ``transfer_announced``) is read as the domain's
``telecom.transfer.hold_message`` reads the message after the call: the policy's words, or the
same two parts in other words ("You're being transferred to a live agent, please hold"). The
task conversion's check asked for the policy's words alone, so a transfer the rule passed as
announced scored no outcome (round 10 of issue 41).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Dict, List, Optional

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


HOLD_RULE = "telecom.transfer.hold_message"
ANNOUNCED = "transfer_announced"


@functools.lru_cache(maxsize=1)
def hold_message() -> Optional[Dict[str, Any]]:
    """The text matcher ``telecom.transfer.hold_message`` reads the message after a transfer with
    (None when the rule file has no such rule)."""
    path = Path(__file__).resolve().parent / "policy_rules.json"
    if not path.exists():
        return None
    rules = {r.get("id"): r for r in json.loads(path.read_text(encoding="utf-8")).get("rules", [])}
    try:
        return dict(rules[HOLD_RULE]["when"]["all"][1]["not"]["before"][1]["said"])
    except (KeyError, IndexError, TypeError):
        return None


def with_announcement_read(checks: Any) -> Any:
    """``checks`` with ``transfer_announced`` reading the announcement as the hold-message rule does."""
    said = hold_message()

    def announced(c: Any) -> bool:
        return (c.get("id") if isinstance(c, dict) else getattr(c, "id", None)) == ANNOUNCED

    if not checks or said is None or not any(announced(c) for c in checks):
        return checks
    return [(dict(c, said=said) if isinstance(c, dict) else type(c).model_validate({"id": ANNOUNCED, "said": said}))
            if announced(c) else c for c in checks]


def careful(task: Any) -> Any:
    """The task with its ground truth's bill and line look-ups (the same object when nothing is
    missing), its transfer's announcement read as the domain's rule reads it."""
    actions = with_line_checked(with_bill_checked(list(task.actions)))
    checks = getattr(task, "output_checks", None)
    read = with_announcement_read(checks)
    update: Dict[str, Any] = {}
    if len(actions) != len(task.actions):
        update["actions"] = actions
    if read is not checks:
        update["output_checks"] = read
    return task.model_copy(update=update) if update else task


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
