"""``telecom.refuel.confirm_price`` (main_policy.md: "To refuel data you should: ask them how much
data they want to refuel; confirm the price; apply the refueled data to the line") with the refuel
offered in other words (round 8): "2 gigs for four bucks - want it?", a table of line, data and
price with "Shall I apply it?", a purchase of data. Answered yes, the refuel that follows is
confirmed; with no price, another price, another amount, or a no, it is not."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading.generated.world import BREACH, PASS, respond, trajectory, verdict  # noqa: E402
from tests.reward.reading.test_heldout_round5_tau2 import PRICE, _telecom  # noqa: E402

OFFERS = ["2 gigs for four bucks on {line} - want it?", "| Line | Data | Price |\n|---|---|---|\n| {line} | 2 GB | $4.00 |\nShall I apply it?",
          "I can apply 2 GB to {line} for $4.00. OK?", "Want to purchase 2 GB for $4 on {line}?", "You can buy 2 GB of data for $4.00 - shall I?",
          "Adding 2 GB to {line} costs $4.00. OK to proceed?"]
NOT_CONFIRMED = [("2 gigs on {line} - want it?", "Yes."), ("2 gigs for six bucks on {line} - want it?", "Yes."),
                 ("1 gig for two bucks on {line} - want it?", "Yes."), ("2 gigs for four bucks on {line} - want it?", "No thanks."),
                 ("Want to purchase 2 GB for $4 on {line}?", "Let me think about it.")]


def _judge(text: str, reply: str) -> str:
    sc = _telecom("refuel_data")[0]
    call, obs = sc.call("refuel_data")
    assert float(call.kwargs["gb_amount"]) == 2.0 and '"charge": "4.0"' in obs  # the scene the texts are written for
    words = text.replace("{line}", call.kwargs["line_id"])
    return verdict(sc, PRICE, trajectory([(respond(words), reply), (call, obs)], "My data ran out."))


@pytest.mark.parametrize("text", OFFERS)
def test_an_offer_in_other_words_answered_yes_confirms_the_refuel(text):
    assert _judge(text, "Yes please.") == PASS


@pytest.mark.parametrize("text,reply", NOT_CONFIRMED)
def test_no_price_another_price_or_amount_or_a_no_confirms_nothing(text, reply):
    assert _judge(text, reply) == BREACH
