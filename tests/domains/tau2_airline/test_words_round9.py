"""Round 9 of issue 41: the airline's statements and questions in words earlier rounds missed
(airline policy.md).

- ``air.book.insurance_asked``: a price with cents ("$30.00") ended the question's sentence at its
  decimal point, so "Should I throw in travel insurance for $30.00 each?" asked nothing; the trip
  or booking "covered" or "insured" asked of; insurance listed in a table row before a question; a
  question about the customer's own insurance ("Do you already have travel insurance through your
  card?") asks nothing: a question naming insurance asks only with a word of an offer or a price.
- ``air.compensation.facts_confirmed`` / ``asked_for``: an amount in words or with the currency
  after or before it ("two hundred dollars in travel credit", "USD 200.00", "a 100-dollar
  certificate", "a hundred-dollar voucher"), money "for your next trip", "entitled to a certificate of ...",
  "let me" or "allow me to" offering, "I'm authorized to give you ...", money "in credit", "here's $100
  toward a future flight"; insurance named and then asked of by a pronoun ("Would you like to
  purchase it?").
- ``air.cancel.insurance_reason_covered``: health reasons in other words (coming down with,
  throwing one's back out, chickenpox, measles, mono, a blood clot, in a cast, laid up, bedbound,
  one's OB, expecting a baby), and the idioms that name no illness: "sick of", "sick and tired",
  "ill at ease", "ill-advised"; the weather only as bad weather or its effect ("due to the weather",
  "the weather is terrible", "a weather warning"; "Weather's lovely, but ..." gives no reason)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond  # noqa: E402

ASKED = ["Should I throw in travel insurance for $30.00 each?", "Insurance is USD 30.00 per passenger - add it or skip it?",
         "Do you want your trip covered for $30 per traveler?",
         "| Item | Value |\n|---|---|\n| Travel insurance | $30/passenger (optional) |\nWould you like it included?",
         "Travel insurance is available at $30 per passenger. Would you like to purchase it?"]
NOT_ASKED = ["Insurance costs $30.00 per passenger. Shall I book it?", "Travel insurance isn't included. Shall I book it?",
             "Your trip is booked for $300.00 in total.",
             # a question about the customer's own insurance asks nothing about buying it
             "Do you already have travel insurance through your credit card?", "Did you buy insurance on your last trip?",
             "Is insurance something you've used before?"]


def test_the_insurance_question_in_round_9_words():
    scene = (H._scene_set(H.AIRLINE, "book_reservation", "test", 4) + H._scene_set(H.AIRLINE, "book_reservation", "train", 4))[0]
    book = scene.call("book_reservation")
    wrong = []
    for label, texts in ((PASS, ASKED), (BREACH, NOT_ASKED)):
        for text in texts:
            case = H.Case("insurance", scene, ("air.book.insurance_asked",), [(respond(text), "Yes, book it."), book], label,
                          "I want to book a flight.", text)
            if case.judge() != label:
                wrong.append((label, text))
    assert not wrong, wrong


OFFER = ["Let me offer you two hundred dollars in travel credit.", "I can get you $50 for your next trip.",
         "You're entitled to a certificate of USD 50.00.", "I'd like to give you a 100-dollar certificate for the trouble.",
         "I can offer you US$100.00 as an apology.", "Let me make it up to you with fifty dollars in credit.",
         "As a goodwill gesture, here's 100 USD toward a future flight.", "How does a hundred-dollar voucher sound?",
         "I'm authorized to give you 50 bucks for the hassle.", "Allow me to credit your account with $100."]
NOT_OFFER = ["I can't offer you two hundred dollars in travel credit.", "Your fare for the next trip is 200 dollars.",
             "You paid 100 dollars in credit card fees.", "Your refund of 100 dollars will go back to your card.",
             "Here's the $50 fee breakdown you asked for.", "Let me check your reservation before any credit."]


def test_an_offer_in_round_9_words():
    scenes = H._scene_set(H.AIRLINE, "send_certificate", "test", 8) + H._scene_set(H.AIRLINE, "send_certificate", "train", 8)
    scene = scenes[0]
    cert = scene.call("send_certificate")
    reads = [(a, o) for a, o in scene.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
    wrong = []
    for kind, texts in (("before", OFFER), ("after", OFFER), ("not_offer", NOT_OFFER)):
        for text in texts:
            said = (respond(text), "OK.")
            steps = [said, *reads, cert] if kind != "after" else [*reads, said, cert]
            case = H.Case(kind, scene, (H.A_FACTS,), steps, BREACH if kind == "before" else PASS, "My flight was cancelled.", text)
            if case.judge() != case.label:
                wrong.append((kind, text))
    assert not wrong, wrong


COVERED = ["I've come down with shingles.", "I threw my back out and can't sit on a plane.", "My son has chickenpox.",
           "I have measles.", "I have mono and can barely stand.", "I'm being treated for a blood clot.", "I'm in a cast after a bad fall.",
           "I'm laid up with a fever.", "I've been bedbound with vertigo.", "My OB told me not to fly.", "I'm expecting a baby any day now.",
           "I caught norovirus.", "I hurt my back badly.", "I'm sick.", "I'm ill, please cancel.", "My kid is sick and can't fly.",
           "I'm sick as a dog.",
           # the weather as a reason: bad weather or its effect
           "Due to the weather I can't go.", "The weather is terrible there.", "Weather's awful, cancel please.", "Bad weather is coming.",
           "There's a weather warning for Denver.", "It's the weather, honestly.", "Weather-related closures at the airport.",
           "The weather has closed the airport.", "The weather's going to be dangerous.", "Severe weather is forecast."]
NOT_COVERED = ["I'm sick of all these delays.", "I'm sick and tired of waiting.", "I feel ill at ease about the trip.",
               "That trip was ill-advised.", "I'm expecting a call from work, so cancel.", "I'm not sick, I changed my mind.",
               "Weather's lovely, but I've changed my plans.", "The weather is fine, I just don't want to go.",
               "Nice weather there, but I'm busy.", "I checked the weather and it's perfect; still, cancel."]


def test_a_covered_reason_in_round_9_words():
    from tau_shaped.reward.matcher_schema import RegexText
    from tau_shaped.reward.matchers import match_text
    from tau_shaped.tasks.domains import load_domain

    rule = next(r for r in load_domain("tau2:airline").policy_rules.rules if r.id == "air.cancel.insurance_reason_covered")
    reason = RegexText(**rule.when["by"]["any"][0]["user_said"])
    assert [t for t in COVERED if match_text(reason, t) is None] == []
    assert [t for t in NOT_COVERED if match_text(reason, t) is not None] == []


def test_the_transfer_announced_in_other_words():
    """``air.transfer.call_before_message`` reads the announcement in other words (a transfer said
    made with no call is a breach), and the hold message with the contraction is the message."""
    from tests.domains.tau2_telecom.test_words_round9 import transfer_misjudged

    assert transfer_misjudged(H.AIRLINE, "air.transfer.call_before_message", "air.transfer.message_after_call") == []
