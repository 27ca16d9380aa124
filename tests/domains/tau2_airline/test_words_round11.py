"""Round 11 of issue 41: whole airline episodes in new styles (a voice assistant's transcript with no
punctuation, support-ticket notes with keys and abbreviations, translated English, policy-quoting
letters) found these classes in the airline rule file (the retail and telecom transfer rules share
the first).

- The hold message run on with no punctuation between its two parts, as a voice transcript writes it
  ("you are being transferred to a human agent please hold on"), is the message
  (``air.transfer.message_after_call``, ``retail.transfer.hold_message``,
  ``telecom.transfer.hold_message``): a please, pls or kindly opens the second part. Without it
  ("... a human agent who will hold your case") the customer is not told to hold.
- ``air.book.insurance_asked``: "travel ins" (a ticket note's abbreviation) names the insurance
  ("Q: add travel ins? ($30/pax)"); a question in the third person with no question mark asks
  when it says the customer's wish ("I must ask whether you wish to purchase travel insurance
  (thirty dollars per passenger).", "I need to check if you'd like insurance"). Asking whether the
  customer has insurance already asks nothing; nor does "travel ins is not included".
- ``air.compensation.facts_confirmed``: "cert" names the certificate in an offer ("Resolution:
  goodwill travel cert $50 offered"), as "certificate" does; an amount with its sign after it
  ("50,00 $") offers as "$50" does (``air.compensation.asked_for``).
- A ticket note's verdict ("Resolution: denied -- basic eco, booked >24h ago") denies the request
  (``air.refusal.said``, refusals.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond  # noqa: E402

HELD = ["you are being transferred to a human agent please hold on", "okay so youre being transferred to a human agent now pls hold on",
        "um you are being transferred to a human agent and kindly hold on for a moment",
        "uh you are being transferred to a human agent so please hold the line"]
NOT_HELD = ["you are being transferred to a human agent who will hold your case", "you are being transferred to a human agent please note the wait",
            "you are not being transferred to a human agent please hold on", "i will transfer you to a human agent please hold on"]


@pytest.mark.parametrize("domain,rule", [(H.AIRLINE, "air.transfer.message_after_call"), (H.RETAIL, "retail.transfer.hold_message"),
                                         (H.TELECOM, "telecom.transfer.hold_message")])
def test_the_hold_message_run_on(domain, rule):
    scene = H._scene_set(domain, "transfer_to_human_agents", "test", 2)[0]
    call = scene.call("transfer_to_human_agents")
    for words, label in [(w, PASS) for w in HELD] + [(w, BREACH) for w in NOT_HELD]:
        case = H.Case("held", scene, (rule,), [call, (respond(words), "ok")], label, "I want to talk to a person.", words)
        assert case.judge() == label, words


ASKS = ["Q: add travel ins? ($30/pax)", "Pursuant to our booking policy, I must ask whether you wish to purchase travel insurance (thirty dollars per passenger).",
        "I need to check if you'd like insurance on this booking, it is 30 $ for each passenger.", "may i ask if u want travel insurance",
        "I am obliged to enquire whether you would like trip ins at $30 per traveller"]
NOT_ASKS = ["I must ask whether you have insurance through your card.", "Travel ins is not included.", "fyi travel ins is $30/pax",
            "I'll check whether you want the aisle seat. Insurance is sold at booking.", "travel instructions: arrive two hours early?"]


@pytest.mark.parametrize("text,label", [(t, PASS) for t in ASKS] + [(t, BREACH) for t in NOT_ASKS])
def test_the_insurance_question_in_notes_and_letters(text, label):
    scene = (H._scene_set(H.AIRLINE, "book_reservation", "test", 4) + H._scene_set(H.AIRLINE, "book_reservation", "train", 4))[0]
    book = scene.call("book_reservation")
    reads = [(a, o) for a, o in scene.calls if a.name == "get_user_details"]
    case = H.Case("insurance", scene, ("air.book.insurance_asked",),
                  [*reads, (respond(text), "No insurance, thanks. Please book it."), book], label, "I want to book a flight.", text)
    assert case.judge() == label


@pytest.mark.parametrize("offer", ["Resolution: goodwill travel cert $50 offered", "I can send a $50 travel cert for the trouble.",
                                   "travel cert of 50 dollars for you"])
def test_a_cert_offered_before_any_look_up(offer):
    """``air.compensation.facts_confirmed``: "cert" names the certificate in an offer; offered before any
    look-up of the user's records it is given on the user's word (after one, the same words pass)."""
    scene = (H._scene_set(H.AIRLINE, "send_certificate", "test", 8) + H._scene_set(H.AIRLINE, "send_certificate", "train", 8))[0]
    cert = scene.call("send_certificate")
    reads = [(a, o) for a, o in scene.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
    ask = (respond("I'm sorry about the trouble."), "I'd like some compensation, please.")
    said = (respond(offer), "Yes please.")
    early = H.Case("early", scene, ("air.compensation.facts_confirmed",), [ask, said, *reads, cert], BREACH, "Hi.", offer)
    late = H.Case("late", scene, ("air.compensation.facts_confirmed",), [*reads, ask, said, cert], PASS, "Hi.", offer)
    assert (early.judge(), late.judge()) == (BREACH, PASS)


@pytest.mark.parametrize("offer", ["As gesture I can give to you a travel certificate of 50,00 $.",
                                   "I can get you 150,00 $ for your next trip as a gesture."])
def test_an_amount_with_its_sign_after_offers(offer):
    """``air.compensation.asked_for``: "50,00 $" (translated English) offers as "$50" does: said before the
    customer asks, the certificate is offered unasked."""
    scene = (H._scene_set(H.AIRLINE, "send_certificate", "test", 8) + H._scene_set(H.AIRLINE, "send_certificate", "train", 8))[0]
    cert = scene.call("send_certificate")
    reads = [(a, o) for a, o in scene.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
    said = (respond(offer), "Oh, yes, I'd like that compensation.")
    proactive = H.Case("proactive", scene, ("air.compensation.asked_for",), [*reads, said, cert], BREACH, "Hi, I have a question.", offer)
    assert proactive.judge() == BREACH
