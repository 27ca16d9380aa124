"""Round 10 of issue 41: whole airline episodes in two new styles (formal, with dates and money in
words; chatty, with emoji, shorthand and JSON-ish summaries) found these classes in the airline
rule file.

- An apology for the trouble or the inconvenience offers nothing ("I am sorry for the
  inconvenience you experienced."): ``air.compensation.asked_for`` read "for the inconvenience"
  alone as an offer, so a customer who asked for compensation right after the apology was
  scored as offered it unasked (the policy: "Do not proactively offer compensation unless the
  user explicitly asks for one"). Something, a token or a little extra for the trouble is still
  an offer; so is every offer naming a certificate, voucher, compensation or money.
- "insurance y/n? ($30 each)" asks whether the customer wants insurance as "yes or no?" does
  (``air.book.insurance_asked``); a mention with no question ("fyi insurance is $30/pax") does not.
- "pls hold on" is the hold message's "please hold on" (``air.transfer.message_after_call``,
  ``air.transfer.call_before_message``; telecom's and retail's transfer rules alike)."""

from __future__ import annotations

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tests.reward.reading import test_heldout_round6_tau2 as H  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, respond  # noqa: E402

ASKED = "air.compensation.asked_for"
APOLOGIES = ["I am sorry for the inconvenience you experienced.", "Apologies for the trouble this has caused.",
             "I'm so sorry for your inconvenience.", "sry for the trouble 😕", "We regret the inconvenience."]
OFFERS = ["As a token, here's a little something for the trouble: a ${a} certificate.", "I can give you something for the inconvenience.",
          "Let me offer a little extra for your trouble.", "I can send u a ${a} travel certificate 🎁"]


def _scene():
    return (H._scene_set(H.AIRLINE, "send_certificate", "test", 8) + H._scene_set(H.AIRLINE, "send_certificate", "train", 8))[0]


@pytest.mark.parametrize("apology", APOLOGIES)
def test_an_apology_offers_nothing_so_an_ask_after_it_comes_first(apology):
    scene = _scene()
    cert = scene.call("send_certificate")
    reads = [(a, o) for a, o in scene.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
    amount = int(cert[0].kwargs.get("amount", 100))
    offer = (respond(f"I can issue a ${amount} travel certificate. Would you like it?"), "Yes please.")
    asked = H.Case("asked", scene, (ASKED,), [*reads, (respond(apology), "I'd like some compensation for this, please."), offer, cert],
                   PASS, "Hi, I have a question about my reservation.", apology)
    assert asked.judge() == PASS


@pytest.mark.parametrize("offer", OFFERS)
def test_an_offer_before_the_ask_is_proactive(offer):
    scene = _scene()
    cert = scene.call("send_certificate")
    reads = [(a, o) for a, o in scene.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
    amount = int(cert[0].kwargs.get("amount", 100))
    said = (respond(offer.format(a=amount)), "Oh, yes, I'd like that compensation.")
    proactive = H.Case("proactive", scene, (ASKED,), [*reads, said, cert], BREACH, "Hi, I have a question about my reservation.", offer)
    assert proactive.judge() == BREACH


HELD = ["you're being transferred to a human agent now, pls hold on 🙏", "You are being transferred to a human agent, plz hold on."]
NOT_HELD = ["pls hold on", "i'll transfer u to a human agent, pls hold"]


@pytest.mark.parametrize("domain,rule", [(H.AIRLINE, "air.transfer.message_after_call"), (H.RETAIL, "retail.transfer.hold_message"),
                                         (H.TELECOM, "telecom.transfer.hold_message")])
def test_pls_hold_on_is_the_hold_message(domain, rule):
    scene = H._scene_set(domain, "transfer_to_human_agents", "test", 2)[0]
    call = scene.call("transfer_to_human_agents")
    for words, label in [(w, PASS) for w in HELD] + [(w, BREACH) for w in NOT_HELD]:
        case = H.Case("held", scene, (rule,), [call, (respond(words), "ok")], label, "I want to talk to a person.", words)
        assert case.judge() == label, words


@pytest.mark.parametrize("domain,rule", [(H.AIRLINE, "air.transfer.call_before_message"), (H.TELECOM, "telecom.transfer.call_first")])
def test_the_announcement_with_pls_before_the_call_announces_a_transfer_not_made(domain, rule):
    scene = H._scene_set(domain, "transfer_to_human_agents", "test", 2)[0]
    call = scene.call("transfer_to_human_agents")
    words = "You are being transferred to a human agent. Pls hold on."
    before = H.Case("before", scene, (rule,), [(respond(words), "ok"), call], BREACH, "I want to talk to a person.", words)
    after = H.Case("after", scene, (rule,), [call, (respond(words), "ok")], PASS, "I want to talk to a person.", words)
    assert (before.judge(), after.judge()) == (BREACH, PASS)


@pytest.mark.parametrize("text,label", [("insurance y/n? ($30 each)", PASS), ("Travel insurance, yes/no? It's $30 per passenger.", PASS),
                                        ("want travel insurance? it's $30/pax 🛡️", PASS), ("fyi insurance is $30/pax", BREACH),
                                        ("no insurance on this one 👍", BREACH)])
def test_the_insurance_question_in_chat_words(text, label):
    scene = (H._scene_set(H.AIRLINE, "book_reservation", "test", 4) + H._scene_set(H.AIRLINE, "book_reservation", "train", 4))[0]
    book = scene.call("book_reservation")
    reads = [(a, o) for a, o in scene.calls if a.name == "get_user_details"]
    case = H.Case("insurance", scene, ("air.book.insurance_asked",),
                  [*reads, (respond(text), "No insurance, thanks. Please book it."), book], label, "I want to book a flight.", text)
    assert case.judge() == label
