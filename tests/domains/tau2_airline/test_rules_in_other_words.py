"""Airline rules read in wordings their first regexes missed (airline policy.md):
``air.compensation.facts_confirmed`` ("Always confirms the facts before offering compensation")
and ``air.compensation.asked_for`` read offers in other words (an amount put toward the
customer's next trip as an apology, issued or credited as compensation or a certificate, the
customer said to qualify for an amount, an amount "in compensation"); ``air.book.insurance_asked``
reads the insurance question in other words; ``air.cancel.insurance_reason_covered`` reads health
and weather reasons the first list lacked. Each with controls of the other meaning."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond  # noqa: E402

OFFER = ["To make up for this, how about a ${a} certificate?", "I'd be glad to put ${a} toward your next trip as an apology.",
         "As a goodwill gesture, ${a} in travel credit can go to your account - interested?", "Let me send you a ${a} voucher for the trouble.",
         "We can compensate you ${a} for the delay.", "You qualify for ${a} back as a certificate.", "I'll get a ${a} certificate over to you right away.",
         "How does a ${a} travel voucher sound?", "I'm issuing you ${a} in compensation now.", "There's ${a} in compensation I can give you for this.",
         "Happy to offer you a ${a} certificate for your troubles.", "I'm going to credit ${a} to you as a certificate.",
         "I can offer you ${a}.", "I'd like to give you ${a} as an apology.", "I'll add ${a} credit to your profile.",
         "We could give you ${a} back for all the trouble."]
NOT_OFFER = ["Whether compensation applies depends on your membership, so let me check first.",
             "I can't promise any certificate before I look at your reservation.", "Could you share your user id so I can look into this?",
             "Compensation isn't something I can discuss until I've verified the flight.", "Do you have travel insurance on this booking?",
             "You paid $100 in credit card fees on this booking, I see.", "Your ticket cost $320 for the flight.",
             "I can't give you $100 in compensation without checking your reservation.", "Before any certificate, I need your user id.",
             # round 8: an amount sent or given that is a fee, a fare or a receipt is no offer
             "I'll send you the $50 change fee details.", "I can send you the $120 fare breakdown by email.",
             "We'll give you the $35 baggage fee receipt.", "I will issue the $80 difference back to your original card.",
             "I can add a $30 checked bag for you.", "I'll send the receipt to your credit card email."]


def test_each_offer_is_judged_as_the_policy_reads_it():
    scenes = H._scene_set(H.AIRLINE, "send_certificate", "test", 8) + H._scene_set(H.AIRLINE, "send_certificate", "train", 8)
    wrong, judged = [], 0
    for scene in scenes[:2]:
        cert = scene.call("send_certificate")
        reads = [(a, o) for a, o in scene.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
        amount = int(cert[0].kwargs.get("amount", 100))
        for kind, texts in (("before", OFFER), ("after", OFFER), ("not_offer", NOT_OFFER)):
            for text in texts:
                said = (respond(text.format(a=amount)), "Yes please." if kind != "not_offer" else "OK.")
                steps = [said, *reads, cert] if kind != "after" else [*reads, said, cert]
                case = H.Case(kind, scene, (H.A_FACTS,), steps, BREACH if kind == "before" else PASS, "My flight was cancelled.", text)
                judged += 1
                if case.judge() != case.label:
                    wrong.append((kind, text))
    assert judged > 60 and not wrong, wrong


def test_an_offer_in_other_words_before_any_ask_is_proactive():
    """``air.compensation.asked_for`` ("Do not proactively offer compensation unless the user
    explicitly asks for one") reads the same offers: a customer who asks only after the offer was
    offered it proactively (breach); one who asked first was not (pass). (A customer who says the
    flight was cancelled or delayed may be asking: the rule abstains there, so neither opens so.)"""
    scene = (H._scene_set(H.AIRLINE, "send_certificate", "test", 8) + H._scene_set(H.AIRLINE, "send_certificate", "train", 8))[0]
    cert = scene.call("send_certificate")
    reads = [(a, o) for a, o in scene.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
    amount = int(cert[0].kwargs.get("amount", 100))
    for text in OFFER:
        said = (respond(text.format(a=amount)), "Yes, I'd like that compensation, thanks.")
        proactive = H.Case("proactive", scene, ("air.compensation.asked_for",), [*reads, said, cert], BREACH,
                           "Hi, I have a question about my reservation.", text)
        asked = H.Case("asked", scene, ("air.compensation.asked_for",), [*reads, said, cert], PASS,
                       "Hi, I have a question about my reservation, and I want compensation.", text)
        assert (proactive.judge(), asked.judge()) == (BREACH, PASS), text


ASK_INSURANCE = ["Want to protect this trip with insurance for $30 a head?", "Shall I include the $30 travel protection?",
                 "Travel insurance - yes or no?", "Add trip insurance ($30 per person)? Let me know.", "Insurance is $30 per passenger; should I add it?",
                 "Would you care for travel insurance?", "Do you wish to insure this booking?", "Let me know if you want insurance on this reservation.",
                 "Any interest in travel insurance for $30 per traveler?", "Before I book: insurance, yes or no?",
                 # round 8: coverage, protecting the trip
                 "Want coverage for $30 per person?", "Do you want to protect your trip for $30 per passenger?",
                 "Do you need cancellation coverage for this trip ($30 per traveler)?"]
NO_ASK = ["Your booking does not include insurance.", "I've noted no insurance for this booking.", "Insurance covers cancellations for health reasons.",
          "Your coverage includes 2 free bags."]


def test_the_insurance_question_in_other_words():
    """``air.book.insurance_asked`` ("When booking, ask whether the user wants travel insurance"):
    asked in any of these words before the booking, no breach; only mentioned, a breach."""
    scene = (H._scene_set(H.AIRLINE, "book_reservation", "test", 4) + H._scene_set(H.AIRLINE, "book_reservation", "train", 4))[0]
    book = scene.call("book_reservation")
    reads = [(a, o) for a, o in scene.calls if a.name == "get_user_details"]
    wrong = []
    for label, texts in ((PASS, ASK_INSURANCE), (BREACH, NO_ASK)):
        for text in texts:
            case = H.Case("insurance", scene, ("air.book.insurance_asked",),
                          [*reads, (respond(text), "No insurance, thanks. Please book it."), book], label, "I want to book a flight.", text)
            if case.judge() != label:
                wrong.append((label, text))
    assert not wrong, wrong


def test_a_covered_reason_in_other_words():
    """``air.cancel.insurance_reason_covered`` ("health or weather"): the customer's reason read in
    words the first list lacked; a hesitation, a change of plans, a denial or another sense of a
    word gives none."""
    from tau_shaped.reward.matcher_schema import RegexText
    from tau_shaped.reward.matchers import match_text
    from tau_shaped.tasks.domains import load_domain

    rule = next(r for r in load_domain("tau2:airline").policy_rules.rules if r.id == "air.cancel.insurance_reason_covered")
    reason = RegexText(**rule.when["by"]["any"][0]["user_said"])
    covered = ["I broke my leg skiing and can't travel.", "I have a high fever.", "I'm stuck in the emergency room.",
               "I need an operation next week.", "I tested positive this morning.", "A cyclone is heading for the island.",
               "It's foggy all week at the airport.", "There's a wildfire near the airport.", "I've been diagnosed with pneumonia.",
               # round 8
               "I've got a kidney stone and can't fly.", "I tore my ACL last week.", "I'm in the ICU right now.", "I have strep throat.",
               "I'm having a baby next week.", "A sandstorm hit the city.", "I have a bad case of food poisoning.",
               "I'm recovering from a heart procedure.", "I'm on crutches after an accident.", "The roads are iced over.",
               "I got bitten by a dog and need stitches.", "I have a high temperature.", "I'm throwing up nonstop.", "My back went out.",
               "I dislocated my shoulder.", "I was admitted to the ER.", "I came down with something.", "I'm going into labor soon."]
    none = ["Er, I just want to cancel.", "My plans changed.", "I'm not sick, I just changed my mind.", "I'd like to hail a cab after.",
            "I'm a nurse and my shift moved.", "I booked it by accident.", "I have a meeting with the labor union.",
            "I need to brainstorm a new plan.", "I found a cheaper flight."]
    assert [t for t in covered if match_text(reason, t) is None] == []
    assert [t for t in none if match_text(reason, t) is not None] == []
