"""Round 18's audit of airline's policy.md, line by line, against its rule table: "Before taking any actions that update
the booking database ..., you must list the action details and obtain explicit user confirmation (yes) to proceed."
``air.confirm.before_write`` compared the reservation id, cabin, bags and a certificate's amount, and
``air.confirm.details_listed`` the flights and passengers (a passenger by first or last name): a booking confirmed with
another insurance, another payment method, another passenger of the same first name, or another total was confirmed as
this booking. The mini-set below (tau2 airline test 25: Ivan Smith on HAT097 + HAT251 of 2024-05-17, economy, no bags,
no insurance, $128 on gift_card_8516878 and $247 on credit_card_3563913) was written from the policy line before the
fix (``tau_shaped/reward/reading/worded_values.py``) and run once: 4 of its 8 episodes were misread (the insurance,
the card, the passenger and the total, each passed); all 8 are read right after it. Both rules judge the episode: a
breach of either is a breach."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tests.reward.reading.heldout_round18_tau2_world import BREACH, PASS, case, judge  # noqa: E402

BASE = ("Shall I book DTW to SEA on HAT097 and HAT251 on 2024-05-17 for Ivan Smith (born 1986-03-14), economy, no bags, "
        "no insurance, $128 on gift card 8516878 and $247 on credit card 3563913 -- total $375?")

EPISODES = [
    (BASE, PASS),
    (BASE.replace("no insurance", "with travel insurance ($30)"), BREACH),  # misread before: pass
    (BASE.replace("credit card 3563913", "credit card 9999999"), BREACH),  # misread before: pass
    (BASE.replace("Ivan Smith", "Ivan Muller"), BREACH),  # misread before: pass
    (BASE.replace("HAT251", "HAT252"), BREACH),
    (BASE.replace("$375", "$405"), BREACH),  # misread before: pass
    (BASE.replace("2024-05-17", "2024-05-18"), BREACH),
    ("Shall I book it for Ivan Smith: HAT097 + HAT251, economy?", BREACH),  # no date, bags or payment listed
]


@pytest.mark.parametrize("text, label", EPISODES, ids=[str(i) for i in range(len(EPISODES))])
def test_a_booking_confirmed_with_its_details_said(text, label):
    assert judge(case("audit", "air_book", (text, "yes"), label)) == label
