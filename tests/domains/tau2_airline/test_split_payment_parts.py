"""Round 9 of issue 41 (whole airline episodes): a booking paid with two methods moves each part too.
Test task 25 books DTW-SEA for $375, $128 on a gift card and $247 on a credit card; a confirmation
that states the parts ("Total $375 via your gift card ($128) + your credit card ($247)") failed
air.statements.money_supported ("no tool, customer, policy or write gives 247"): the write's
money_moved event now carries each method's part. A part stated wrong is still a breach."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped import Action  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored  # noqa: E402

RULE = "air.statements.money_supported"


def _steps(text):
    sc = scene("tau2:airline", "test", "25")
    book = sc.call("book_reservation")
    user = (Action(name="get_user_details", kwargs={"user_id": "ivan_muller_7015"}), "")
    return sc, [user, (respond("Would you like travel insurance for $30 per passenger?"), "No thanks."),
                (respond(text), "Yes, book it."), book, (respond("Your reservation is booked."), "Thanks.")]


@pytest.mark.parametrize("text,label", [
    ("DTW-SEA one-way economy, HAT097 and HAT251 on 2024-05-17, for Ivan Smith. Total $375: $128 on your gift card "
     "and $247 on your credit card. Book?", PASS),
    ("Total: $375\n- gift card: $128\n- credit card: $247\nShall I book it?", PASS),
    ("I'll put $247 on your credit card and the rest on your gift card. Book?", PASS),
    ("Total $375: $128 on your gift card and $264 on your credit card. Book?", BREACH),
    ("I'll charge $264 to your credit card and the rest to your gift card. Book?", BREACH),
])
def test_a_split_payments_parts_are_moved_money(text, label):
    sc, steps = _steps(text)
    assert scored(sc, RULE, steps, "Hi, my user id is ivan_muller_7015.") == label
