"""Round 12 of issue 41: whole airline episodes in new styles (a telegraphic agent, an
over-explaining one, heavy markdown, regional English) found this class in the airline rule file.

- ``air.book.insurance_asked``: the insurance alone as a telegraphic question, its price or a
  yes/no after it on its line ("Travel ins? $30/pax. y/n", "Insurance? y/n"; a code-switched
  word or two before the mark: "Travel insurance chahiye? $30 per passenger -- yes or no?"), asks whether the
  customer wants it; "Ins:" is the insurance listed as a booking detail in a message that asks
  ("Ins: no. Total $375. Book? y/n"), as "Insurance:" is. A question about the insurance with no
  price and no yes/no ("No insurance? Noted.", "Travel ins? You declined it already.") asks
  nothing, nor does "check-ins: 2" in a question."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond  # noqa: E402

ASKS = ["Travel ins? $30/pax. y/n", "Insurance? y/n", "Trip ins? 30 dollars per passenger.", "Flights OK. Add insurance? $30 each -- y/n",
        "Book: JFK->SEA, one way, economy. Bags 1. Ins: no. Total $375. Book? y/n", "Pax: 1 / Bags: 0 / Ins.: none / Total $200 -- proceed?",
        "Travel insurance chahiye? It's $30 per passenger -- yes or no?", "\u00bfQuieres travel insurance? $30 per passenger, y/n"]
NOT_ASKS = ["No insurance? Noted.", "Travel ins? You declined it already.", "Ins -- not offered on this fare. Book? y/n",
            "Insurance is $30/pax, noted. Booking now.", "Online check-ins: 2 per booking, all free -- book?",
            "No insurance on this fare? Noted -- $0 extra.", "Travel insurance was declined earlier? Fine, booking at $375."]


@pytest.mark.parametrize("text,label", [(t, PASS) for t in ASKS] + [(t, BREACH) for t in NOT_ASKS])
def test_the_insurance_question_said_telegraphically(text, label):
    scene = (H._scene_set(H.AIRLINE, "book_reservation", "test", 4) + H._scene_set(H.AIRLINE, "book_reservation", "train", 4))[0]
    book = scene.call("book_reservation")
    reads = [(a, o) for a, o in scene.calls if a.name == "get_user_details"]
    case = H.Case("insurance", scene, ("air.book.insurance_asked",),
                  [*reads, (respond(text), "no insurance. book it."), book], label, "I want to book a flight.", text)
    assert case.judge() == label
