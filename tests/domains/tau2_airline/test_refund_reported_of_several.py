"""Round 9 of issue 41 (whole airline episodes): test task 18 downgrades five reservations, each
refunding the fare difference to its own method (JG7FMM to the credit card, 2FBBAH to a gift
card, ...). The report of the first refund ("JG7FMM updated; $6594 will be refunded to your
credit card on file.") was judged against the next refunding write (2FBBAH's, to a gift card)
and failed air.statements.money_supported. The refund a message speaks of is now the one on
the record it names (to come, else just made), else the one it confirms, else the one it
reports, else the next. Control: the same report naming the wrong method is still a breach."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped import Action  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored  # noqa: E402

RULE = "air.statements.money_supported"


def _steps(first_report):
    sc = scene("tau2:airline", "test", "18")
    writes = [c for c in sc.calls if c[0].name == "update_reservation_flights"][:2]
    user = (Action(name="get_user_details", kwargs={"user_id": "omar_davis_3817"}), "")
    steps = [user]
    for n, (call, obs) in enumerate(writes):
        rid = call.kwargs["reservation_id"]
        steps += [(Action(name="get_reservation_details", kwargs={"reservation_id": rid}), ""),
                  (respond(f"I'll downgrade {rid} to economy on the same flights. Proceed?"), "Yes."), (call, obs)]
        steps.append((respond(first_report if n == 0 else f"{rid} updated; $3925 will be refunded to your gift card."), "Thanks."))
    return sc, steps


@pytest.mark.parametrize("report,label", [
    ("JG7FMM updated; $6594 will be refunded to your credit card on file.", PASS),
    ("Done - $6594 is on its way back to your credit card.", PASS),
    ("JG7FMM updated; $6594 will be refunded to your gift card.", BREACH),
])
def test_a_refund_reported_is_judged_by_its_own_write(report, label):
    sc, steps = _steps(report)
    assert scored(sc, RULE, steps, "Hi, my user id is omar_davis_3817.") == label
