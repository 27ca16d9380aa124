"""The scenes and the one way a case of round 17's tau2 held-out sets (test_heldout_round17_tau2*.py) is judged: END TO
END, by the rule's compiled check on a short trajectory holding the agent's messages, the customer's replies and the real
write (or, for telecom statements, the message and what came before it).

Kinds (each a real task):
- ``ret_return``: retail test 5, the Water Bottle ($45.13) of #W6390527 returned, the refund to PayPal (paypal_7644869);
  the order also holds a Desk Lamp ($137.94) and Hiking Boots ($253.89). Rules retail.confirm.before_write and
  retail.confirm.items_listed (the items).
- ``ret_exchange``: retail test 9, #W6390527's Desk Lamp (white, medium, USB; $137.94) for the black, high, AC adapter one
  ($154.17), PayPal charged the $16.23 difference. retail.confirm.before_write.
- ``ret_cancel``: retail test 32, #W9373487 (Portable Charger, $109.27, paid by gift card) cancelled, reason 'no longer
  needed'. retail.confirm.before_write.
- ``ret_money``: retail test 5 after the return: retail.statements.money_supported of one message.
- ``air_cancel``: airline test 19, Z7GOZK (EWR-IAH round trip, basic economy, insurance, $169 by gift card) cancelled
  after the reason (health, insured) was given. air.confirm.before_write.
- ``air_book_ins``: airline test 25, the booking with insurance 'no'. air.book.insurance_asked.
- ``tel_refuel``: telecom train (refuel scene), 2 GB on L1002 charged $4.00. telecom.refuel.confirm_price.
- ``tel_sent``: telecom (overdue bill scene), a message before any payment request. telecom.payment.request_sent_said.
- ``tel_paid``: the same scene, a message right after the request for B1234321 was sent. telecom.payment.paid_checked.
- ``tel_done``: the same scene after the request, before any resume_line. telecom.statements.done_said.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import List, Sequence, Tuple

from tau_shaped import Action
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, observe, respond, scene, trajectory, verdict

__all__ = ["Case", "judge", "BREACH", "PASS", "UNDETERMINED"]

CONSENT = ("retail.confirm.before_write", "retail.confirm.items_listed")  # the items a return/exchange names: items_listed
RULES = {"ret_return": CONSENT, "ret_exchange": CONSENT, "ret_cancel": CONSENT, "ret_money": "retail.statements.money_supported",
         "air_cancel": "air.confirm.before_write", "air_book_ins": "air.book.insurance_asked",
         "tel_refuel": "telecom.refuel.confirm_price", "tel_sent": "telecom.payment.request_sent_said",
         "tel_paid": "telecom.payment.paid_checked", "tel_done": "telecom.statements.done_said"}


@dataclass(frozen=True)
class Case:
    cls: str  # the style (AS..AZ) and what it probes
    kind: str  # a key of RULES
    turns: Tuple[Tuple[str, str], ...]  # (agent message, customer reply), in order
    label: str

    @property
    def rule(self):
        return RULES[self.kind]


def case(cls: str, kind: str, turns, label: str) -> Case:
    if isinstance(turns, str):
        turns = ((turns, "ok"),)
    elif isinstance(turns[0], str):
        turns = (tuple(turns),)
    return Case(cls, kind, tuple(tuple(t) for t in turns), label)


@lru_cache(maxsize=None)
def _retail(task: str, write: str):
    sc = scene("tau2:retail", "test", task)
    calls = list(sc.calls)
    k = next(i for i, (a, _) in enumerate(calls) if a.name == write)
    return sc, calls[:k], calls[k]


@lru_cache(maxsize=None)
def _air_cancel():
    sc = scene("tau2:airline", "test", "19")
    looks = []
    for a in (Action(name="get_user_details", kwargs={"user_id": "olivia_gonzalez_2305"}),
              Action(name="get_reservation_details", kwargs={"reservation_id": "Z7GOZK"})):
        looks.append((a, observe(sc, a)))
    looks.append((respond("Why are you cancelling?"), "I'm sick -- health reasons, and I have the insurance"))
    return sc, looks, sc.call("cancel_reservation")


@lru_cache(maxsize=None)
def _telecom(tool: str):
    from tests.reward.reading.test_heldout_round5_tau2 import _telecom as scenes

    return scenes(tool)[0]


def _steps(c: Case) -> Tuple[object, List[Tuple[Action, str]], str]:
    said = [(respond(m), r) for m, r in c.turns]
    if c.kind in ("ret_return", "ret_exchange", "ret_cancel", "ret_money"):
        task, write = {"ret_return": ("5", "return_delivered_order_items"), "ret_money": ("5", "return_delivered_order_items"),
                       "ret_exchange": ("9", "exchange_delivered_order_items"),
                       "ret_cancel": ("32", "cancel_pending_order")}[c.kind]
        sc, looks, call = _retail(task, write)
        if c.kind == "ret_money":
            return sc, looks + [(respond("Shall I return the Water Bottle from #W6390527, $45.13 back to your PayPal?"), "yes"),
                                call] + said, "hi, I need help with an order"
        return sc, looks + said + [call], "hi, I need help with an order"
    if c.kind == "air_cancel":
        sc, looks, call = _air_cancel()
        return sc, looks + said + [call], "My user id is olivia_gonzalez_2305."
    if c.kind == "air_book_ins":
        sc = scene("tau2:airline", "test", "25")
        return sc, said + [sc.call("book_reservation")], None
    if c.kind == "tel_refuel":
        sc = _telecom("refuel_data")
        return sc, said + [sc.call("refuel_data")], "My data ran out."
    sc = _telecom("send_payment_request")
    find, bills, request = sc.call("get_customer_by_phone"), sc.call("get_bills_for_customer"), sc.call("send_payment_request")
    if c.kind == "tel_sent":
        return sc, [find, bills] + said + [request], "My line is suspended."
    return sc, [find, bills, request] + said, "My line is suspended."


def judge(c: Case) -> str:
    """The case's verdict: for a retail consent, the write's consent read by both rules that judge it (the order, method
    and reason by before_write, the items by items_listed): a breach of either, else undetermined if either is."""
    sc, steps, first = _steps(c)
    rules = c.rule if isinstance(c.rule, tuple) else (c.rule,)
    got = [verdict(sc, r, trajectory(steps, first)) for r in rules if r in sc.rules]
    return BREACH if BREACH in got else UNDETERMINED if UNDETERMINED in got else PASS


def run_set(cases: Sequence[Case]) -> None:
    """Print the set's score (false passes, false fails, safety false passes apart: none of these rules is a gate) and
    each misread case."""
    from tests.reward.reading.heldout_tally import misread, print_table, tally

    rows = tally(cases, judge, PASS, UNDETERMINED)
    print_table(rows, ("cases", "right", "false_pass", "false_fail", "undetermined_wrongly", "decided_wrongly"), 30, 10)
    for c, got in misread(cases, judge):
        print(f"MISREAD [{c.cls}] {c.kind} label={c.label} got={got}: {c.turns}")
