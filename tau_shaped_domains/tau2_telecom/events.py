"""The events ``tau2:telecom``'s policy rules judge (SPEC §5), recorded from the state a call
acts on (before it runs), by the watch ``tau_shaped.integrations.tau2.telecom_state`` calls.

- ``line_resumed`` (an agent's ``resume_line`` that succeeded): ``line_id``, ``customer_id``;
  ``overdue_left``: the customer still had an unpaid overdue bill when the line was resumed (the
  policy: lift a suspension only after every overdue bill is paid): a bill with status Overdue, or
  one Awaiting Payment (its payment request sent, not yet paid) whose due date was before tau2's
  today, 2025-02-25; ``contract_ended``: the line's contract end date was before tau2's today
  (never lift it then).
- ``payment_requested`` (an agent's ``send_payment_request`` that succeeded): ``bill_id``;
  ``overdue``: the bill's status was Overdue when it was sent (the policy: check first that it is);
  ``unchecked``: no look-up earlier in the episode returned that bill (a list of the customer's
  bills cut short by ``limit`` before it, or another bill's details, shows nothing of it).
- ``bills_read`` (an agent's ``get_bills_for_customer``, or ``get_details_by_id`` of a bill, that
  succeeded): what the look-up showed of the bills it returned: ``paid``, one with status Paid;
  ``unpaid``, one Overdue or Awaiting Payment, or a bill of the same customer still Awaiting
  Payment (a payment requested that has not gone through: reading another bill, an old one that
  is Paid, is no check that the requested one is; the policy: check that the bill is PAID before
  telling the customer it has been paid); ``requested_unseen``: a payment request was sent
  earlier in the episode and the look-up did not return its bill with status Paid (a list cut
  short by ``limit``, or another bill: what it showed says nothing of the bill paid); ``bill_ids``:
  the bills it returned. A look-up
  changes nothing: the state before it is what it read.
- ``customer_identified`` (an agent's ``get_customer_by_phone``, ``get_customer_by_id`` or
  ``get_customer_by_name`` that succeeded and found a customer; one event for each customer
  found): ``customer_id``, ``tool``. A name look-up that found no one (tau2's tool returns an
  empty list, a success) identifies no one, and one that found another customer (another phone
  number, name or date of birth) identified that customer, not the one whose account is then
  read (the policy: identify the customer first).
- ``data_refueled`` (an agent's ``refuel_data`` that succeeded): ``line_id``, ``customer_id``,
  ``gb_amount`` (the policy's cap, 2 GB, is judged on the sum for each line over the
  conversation: two refuels of 1.5 GB are 3 GB refuelled).
"""

from __future__ import annotations

from typing import Any, Dict, List

from tau_shaped.env.episode import events_so_far, record_event

EVENT_TYPES = ["line_resumed", "payment_requested", "bills_read", "data_refueled", "customer_identified"]
TODAY = "2025-02-25"  # tau2's telecom clock (tau2.domains.telecom.utils.get_today)
WATCHED = ("resume_line", "send_payment_request", "get_bills_for_customer", "get_details_by_id", "refuel_data",
           "get_customer_by_phone", "get_customer_by_id", "get_customer_by_name")
LOOKUPS = ("get_customer_by_phone", "get_customer_by_id", "get_customer_by_name")
OVERDUE, AWAITING, PAID = "Overdue", "Awaiting Payment", "Paid"


def _record(table: Any, key: str, value: Any) -> Dict[str, Any]:
    for item in table or []:
        if isinstance(item, dict) and item.get(key) == value:
            return item
    return {}


def _bills_of(before: Dict[str, Any], customer_id: Any) -> List[Dict[str, Any]]:
    customer = _record(before.get("customers"), "customer_id", customer_id)
    ids = set(customer.get("bill_ids") or [])
    return [b for b in before.get("bills") or [] if isinstance(b, dict) and b.get("bill_id") in ids]


def _found(name: str, kwargs: Dict[str, Any], before: Dict[str, Any]) -> List[Any]:
    """The customers a look-up found, as tau2's tool finds them (the first customer whose number,
    or a line's, is the phone number; the customer of the id; every customer of the name, any
    case, and the date of birth)."""
    customers = [c for c in before.get("customers") or [] if isinstance(c, dict)]
    if name == "get_customer_by_id":
        return [c.get("customer_id") for c in customers if c.get("customer_id") == kwargs.get("customer_id")][:1]
    if name == "get_customer_by_phone":
        phone = kwargs.get("phone_number")
        if not isinstance(phone, str):
            return []
        for customer in customers:
            numbers = {customer.get("phone_number")} | {
                _record(before.get("lines"), "line_id", line).get("phone_number") for line in customer.get("line_ids") or []}
            if phone in numbers - {None}:
                return [customer.get("customer_id")]
        return []
    full_name, dob = kwargs.get("full_name"), kwargs.get("dob")
    if not isinstance(full_name, str):
        return []
    return [c.get("customer_id") for c in customers
            if str(c.get("full_name", "")).lower() == full_name.lower() and c.get("date_of_birth") == dob]


def _unpaid_overdue(bill: Dict[str, Any]) -> bool:
    status, due = bill.get("status"), bill.get("due_date")
    return status == OVERDUE or (status == AWAITING and isinstance(due, str) and due < TODAY)


def _read_bills(name: str, kwargs: Dict[str, Any], before: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The bills a look-up returned (tau2's: the customer's, newest first, ``limit`` of them)."""
    if name == "get_details_by_id":
        ident = kwargs.get("id")
        if not (isinstance(ident, str) and ident.startswith("B")):
            return []
        bill = _record(before.get("bills"), "bill_id", ident)
        return [bill] if bill else []
    bills = sorted(_bills_of(before, kwargs.get("customer_id")), key=lambda b: str(b.get("issue_date")), reverse=True)
    limit = kwargs.get("limit", 12)
    return bills[:limit] if isinstance(limit, int) and not isinstance(limit, bool) else bills


def watch(side: str, name: str, kwargs: Dict[str, Any], before: Dict[str, Any], failed: bool) -> None:
    """Record the event of an agent's watched call (``before``: the tables it read, as they were)."""
    if side != "assistant" or failed or name not in WATCHED:
        return
    if name in LOOKUPS:
        for customer_id in _found(name, kwargs, before):
            record_event("customer_identified", customer_id=customer_id, tool=name)
    elif name == "resume_line":
        overdue = any(_unpaid_overdue(b) for b in _bills_of(before, kwargs.get("customer_id")))
        line = _record(before.get("lines"), "line_id", kwargs.get("line_id"))
        end = line.get("contract_end_date")
        record_event("line_resumed", line_id=kwargs.get("line_id"), customer_id=kwargs.get("customer_id"),
                     overdue_left=overdue, contract_ended=isinstance(end, str) and end < TODAY)
    elif name == "refuel_data":
        amount = kwargs.get("gb_amount")
        if isinstance(amount, (int, float)) and not isinstance(amount, bool):
            record_event("data_refueled", line_id=kwargs.get("line_id"), customer_id=kwargs.get("customer_id"),
                         gb_amount=float(amount))
    elif name == "send_payment_request":
        bill = _record(before.get("bills"), "bill_id", kwargs.get("bill_id"))
        record_event("payment_requested", bill_id=kwargs.get("bill_id"), overdue=bill.get("status") == OVERDUE,
                     unchecked=not _shown(kwargs.get("bill_id")))
    else:
        bills = _read_bills(name, kwargs, before)
        if bills:
            statuses = {b.get("status") for b in bills}
            owners = [b.get("customer_id") for b in bills] + [kwargs.get("customer_id")]
            owners = {o for o in owners if isinstance(o, str)}
            awaiting = any(b.get("status") == AWAITING for owner in owners for b in _bills_of(before, owner))
            requested = _last_requested()
            unseen = requested is not None and not any(b.get("bill_id") == requested and b.get("status") == PAID for b in bills)
            record_event("bills_read", paid=PAID in statuses, unpaid=bool(statuses & {OVERDUE, AWAITING}) or awaiting,
                         requested_unseen=unseen, bill_ids=[b.get("bill_id") for b in bills])


def _shown(bill_id: Any) -> bool:
    """Whether a look-up earlier in the episode returned the bill ``bill_id``."""
    return any(e.type == "bills_read" and bill_id in (e.fields.get("bill_ids") or ()) for e in events_so_far())


def _last_requested() -> Any:
    """The bill of the latest payment request the episode sent, or None."""
    for event in reversed(events_so_far()):
        if event.type == "payment_requested":
            return event.fields.get("bill_id")
    return None
