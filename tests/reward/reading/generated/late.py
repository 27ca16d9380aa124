"""A late order said to be late (wiki.md, ETAs: "If `now` is already past `latest`, say the order is running late";
rule ``fd.eta.late_said``, round 15).

By construction, on the real test tasks of world 0 whose customer has an order running late (its window over before
the clock's 19:00, not delivered): after the task's own look-ups, the agent looks up that order's ETA (the tool's real
observation, ``running_late: true``) and answers with the order's window. Saying the order is late, in any words
(running late, delayed, overdue, behind schedule, past its window, later than expected, should have arrived), beside
the window keeps the rule; the same window promised with no word of lateness, or with it negated ("it isn't late"),
breaks it."""

from __future__ import annotations

import random
from typing import Any, List, Tuple

from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.food import DOMAIN
from tests.reward.reading.generated.world import BREACH, PASS, observe, scene, tasks_of

_CLOCK = "2026-03-13T19:00"
# (the window told with its lateness, the same window promised with none); {order}, {low}, {high}
_TOLD: List[Tuple[str, str]] = [
    ("{order} is running late: its window was {low} to {high}.", "{order} should be with you between {low} and {high}."),
    ("Sorry, {order} is delayed -- it was due between {low} and {high}.", "{order} will arrive by {high}."),
    ("{order} is overdue; the latest we promised was {high}.", "{order} is on track and will be at your door by {high}."),
    ("{order} should have arrived by {high}, so it's behind schedule.", "Expect {order} between {low} and {high}."),
    ("{order} is past its delivery window ({low}-{high}), I'm sorry.", "{order} will reach you from {low}, by {high} at the latest."),
    ("It's later than expected: {order} was due by {high}.", "{order} isn't late -- it'll be with you by {high}."),
    ("{order} is running a little late (it was due {low}-{high}).", "{order} isn't delayed: it'll be there by {high}."),
]


def _scenes() -> List[Tuple[Any, Any, str, str, str]]:
    from tau_shaped import Action

    out = []
    for t in tasks_of(DOMAIN, "test"):
        sc = scene(DOMAIN, "test", t.id)
        late = sorted(oid for oid, o in sc.initial["orders"].items() if o.get("customer_id") == t.user_id
                      and o["status"] in ("placed", "preparing", "ready_for_pickup", "out_for_delivery") and o["eta_high"] < _CLOCK)
        if late and sc.calls:
            o = sc.initial["orders"][late[0]]
            eta = Action(name="get_order_eta", kwargs={"order_id": late[0]})
            out.append((sc, (eta, observe(sc, eta)), late[0], o["eta_low"][11:16], o["eta_high"][11:16]))
    return out


def drafts(rng: random.Random, n: int) -> List[Draft]:
    pools = _scenes()
    out = []
    for _ in range(n):
        sc, eta, order, low, high = rng.choice(pools)
        looked = [c for c in sc.calls if c[0].name.startswith(("find_", "get_"))]
        context = {"scene": sc, "rule": "fd.eta.late_said", "before": looked + [eta], "reply": "Okay, thanks."}
        told, promised = rng.choice(_TOLD)
        values = {"order": order, "low": low, "high": high}
        out.append(Draft("late", "late_said", [told], values, PASS, context, negated=([promised], BREACH)))
    return out
