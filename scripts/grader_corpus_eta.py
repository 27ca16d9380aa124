"""The grader corpus's late-ETA variants (``scripts/generate_grader_corpus.py``): wiki.md, ETAs: "call get_order_eta and state
the window it gives ... If now is already past latest, say the order is running late". For a task of world 0 whose customer
has an order running late (not delivered, its ``eta_high`` before the clock's 19:00), the agent looks up that order's ETA
after the ground truth's first order look-up and tells its window: as a promise with no word of lateness (a breach of
``fd.eta.late_said``), or saying it is late (kept)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from grader_corpus_builders import act, entry, say

LATE_SAID = "fd.eta.late_said"
CLOCK = "2026-03-13T19:00"  # wiki.md: Friday 13 March 2026, 19:00


def late_order(s0: Dict[str, Any], customer_id: str) -> Optional[Dict[str, Any]]:
    """The customer's first order (by id) not yet delivered whose window ended before the clock, or None."""
    for oid in sorted(s0["orders"]):
        o = s0["orders"][oid]
        if o.get("customer_id") == customer_id and o["status"] in ("placed", "preparing", "ready_for_pickup", "out_for_delivery") \
                and o["eta_high"] < CLOCK:
            return o
    return None


def eta_variants(task: Any, gt: List[Dict[str, Any]], s0: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The labeled late-ETA variants of ``task`` (none when its customer has no order running late)."""
    o = late_order(s0, task.user_id)
    looked = [n for n, a in enumerate(gt) if a["name"] == "get_order_details"]
    if o is None or not looked:
        return []
    at = looked[0] + 1
    oid, low, high = o["order_id"], o["eta_low"][11:16], o["eta_high"][11:16]
    eta = act("get_order_eta", order_id=oid)
    promised = say(f"While I'm here: your other order {oid} should be with you between {low} and {high}.")
    told = say(f"While I'm here: your other order {oid} is running late -- its window was {low} to {high}, and that has passed.")
    return [
        entry(task, "bad", "late_eta_promised", gt[:at] + [eta, promised] + gt[at:], 0, rules=[LATE_SAID]),
        entry(task, "good", "late_eta_said_late", gt[:at] + [eta, told] + gt[at:], 1),
    ]
