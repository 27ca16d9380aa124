"""The events ``tau2:telecom``'s policy rules judge (SPEC §5), recorded from the state a call
acts on (before it runs), by the watch ``tau_shaped.integrations.tau2.telecom_state`` calls.

- ``line_resumed`` (an agent's ``resume_line`` that succeeded): ``line_id``, ``customer_id``;
  ``overdue_left``: the customer still had a bill with status Overdue when the line was resumed
  (the policy: lift a suspension only after every overdue bill is paid); ``contract_ended``:
  the line's contract end date was before tau2's today, 2025-02-25 (never lift it then).
- ``payment_requested`` (an agent's ``send_payment_request`` that succeeded): ``bill_id``;
  ``overdue``: the bill's status was Overdue when it was sent (the policy: check first that it is).
"""

from __future__ import annotations

from typing import Any, Dict

from tau_shaped.env.episode import record_event

EVENT_TYPES = ["line_resumed", "payment_requested"]
TODAY = "2025-02-25"  # tau2's telecom clock (tau2.domains.telecom.utils.get_today)
WATCHED = ("resume_line", "send_payment_request")


def _record(table: Any, key: str, value: Any) -> Dict[str, Any]:
    for item in table or []:
        if isinstance(item, dict) and item.get(key) == value:
            return item
    return {}


def watch(side: str, name: str, kwargs: Dict[str, Any], before: Dict[str, Any], failed: bool) -> None:
    """Record the event of an agent's watched call (``before``: the tables it read, as they were)."""
    if side != "assistant" or failed or name not in WATCHED:
        return
    if name == "resume_line":
        customer = _record(before.get("customers"), "customer_id", kwargs.get("customer_id"))
        bills = set(customer.get("bill_ids") or [])
        overdue = any(b.get("status") == "Overdue" for b in before.get("bills") or [] if b.get("bill_id") in bills)
        line = _record(before.get("lines"), "line_id", kwargs.get("line_id"))
        end = line.get("contract_end_date")
        record_event("line_resumed", line_id=kwargs.get("line_id"), customer_id=kwargs.get("customer_id"),
                     overdue_left=overdue, contract_ended=isinstance(end, str) and end < TODAY)
    else:
        bill = _record(before.get("bills"), "bill_id", kwargs.get("bill_id"))
        record_event("payment_requested", bill_id=kwargs.get("bill_id"), overdue=bill.get("status") == "Overdue")
