"""Round 14 (issue 41): arrival times said with "-ish" or as a wait "from now" alone (SPEC §10 statements;
fd.eta.supported_not_earlier). FD-10148's window, once get_order_eta is called: 19:08 to 19:23 (now 19:00)."""

from __future__ import annotations

import pytest

from tau_shaped import Action
from tests.reward.reading.generated.world import BREACH, PASS, observe, respond, scene, trajectory, verdict

RULE = "fd.eta.supported_not_earlier"


@pytest.fixture(scope="module")
def courier6():
    sc = scene("food_delivery", "test", "fd-courier-6")
    eta = Action(name="get_order_eta", kwargs={"order_id": "FD-10148"})
    looked = list(sc.calls) + [(eta, observe(sc, eta))]

    def judge(message):
        return verdict(sc, RULE, trajectory(looked + [(respond(message), "ok")], "When will my order arrive?"))
    return judge


@pytest.mark.parametrize("message, verdict_", [
    ("It looks like it'll be there by 7-ish.", BREACH),
    ("It'll be with you by 7ish, I'd say.", BREACH),
    ("I'd guess about 5 minutes from now.", BREACH),
    ("About 10 to 20 minutes from now.", PASS),
    ("I'll check back 5 minutes from now.", PASS),
    ("It looks like it'll be there somewhere between 7:08 and 7:23, probably.", PASS),
])
def test_an_hour_with_ish_and_a_wait_from_now_are_times_stated(courier6, message, verdict_):
    assert courier6(message) == verdict_
