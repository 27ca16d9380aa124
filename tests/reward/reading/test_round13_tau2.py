"""Round 13 of issue 41 (tau2 readers): the classes the held-out whole episodes in round 13's styles found
(call-centre macros, split turns, self-Q&A, number-format extremes, impersonal passive, multi-part and
conditional replies), each with controls of the other meaning. Every case here failed before its fix."""

from __future__ import annotations

import importlib.util

import pytest

from tau_shaped import Action
from tau_shaped.reward.reading.amounts import amounts
from tau_shaped.reward.reading.call_dates import dates_in
from tau_shaped.reward.reading.call_values import states_id
from tau_shaped.reward.reading.consent_questions import asks_consent, consent_request
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial
from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, respond, scene, scored, trajectory, verdict

needs_tau2 = pytest.mark.skipif(importlib.util.find_spec("tau2") is None,
                                reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

# ---- self-Q&A: the agent's own questions, answered in the message, ask the customer nothing --------------------


@pytest.mark.parametrize("text, asked", [
    ("Can the flights on M05KNL be changed? Yes. To what? HAT110 (May 24), in economy. Who pays any difference? "
     "your gift card. Shall I make the change?", "Shall I make the change?"),
    ("Can #W1 be cancelled? Yes, it's pending. The reason? 'no longer needed'. The refund? Back to the original "
     "payment method. Shall I cancel it?", "Shall I cancel it?"),
    ("Where to? Your card. Want me to go ahead?", "Want me to go ahead?"),
    ("Insurance? no. Total? $300. Bags? 1 checked. Shall I book it?", "Shall I book it?"),
    # controls: a consent question followed by news is still asked; one the agent answers itself, or goes on from, is not
    ("Shall I refund $5 to your card? No fees apply.", "Shall I refund $5 to your card?"),
    ("Would you like me to cancel it? It will be refunded in 5-7 days.", "Would you like me to cancel it?"),
    ("Cancel it? Your call.", "Cancel it?"),
    ("Shall I refund it? Yes, processing now.", None),
    ("Shall I cancel #W2378156? Done -- it's cancelled.", None),
    ("Shall I cancel #W1? What is the reason? I need it for the form.", None),
])
def test_self_answered_questions(text, asked):
    assert consent_request(text) == asked


@pytest.mark.parametrize("text, asks", [
    ("Reservation Z7GOZK is eligible to be cancelled. Kindly confirm whether the cancellation is to proceed.", True),
    ("A travel certificate of $50 can be issued. Kindly confirm whether the certificate is to be sent.", True),
    ("Please confirm whether your email is a@b.com.", False),  # information, not agreement
    ("Please confirm whether you have received it.", False),
])
def test_confirm_whether_asks_in_the_passive(text, asks):
    assert asks_consent(text) is asks


# ---- multi-part and conditional replies ---------------------------------------------------------------------------

CANCEL = "Shall I cancel reservation Z7GOZK?"


@pytest.mark.parametrize("reply, question, cls", [
    ("yes please; don't call me back though", CANCEL, "yes"),
    ("yes, but don't email me about it", CANCEL, "yes"),
    ("go ahead and never text me again", CANCEL, "yes"),
    # controls: a no to the call itself, or to contacting when that is what is asked
    ("yes please; don't cancel it though", CANCEL, "no"),
    ("No, don't email me", "Shall I email you the receipt?", "no"),
    ("yes but don't email me", "Shall I email you the receipt?", "no"),
])
def test_contact_asides(reply, question, cls):
    assert classify_reply(reply, question=question) == cls


REFUEL = "I can add 2 GB for $4.00 in total. Shall I add it?"


@pytest.mark.parametrize("reply, cls", [
    ("only if it's under five dollars", "yes"),
    ("yes as long as it's no more than $4", "yes"),
    ("only if it's $4", "yes"),
    # controls: a bound the call's amount breaks, an amount it does not move, a condition nobody can check
    ("only if it's under three dollars", "change"),
    ("ok if it's at least 10 dollars", "change"),
    ("only if it's $5", "change"),
    ("only if it's the full amount", "unclear"),
    ("yes if it's today", "unclear"),
])
def test_bounded_conditions(reply, cls):
    assert classify_reply(seen(reply), question=REFUEL, described={"amount": 4.0}) == cls


# ---- number-format extremes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, value, said", [
    ("Res Z7G-OZK: cancel -> refund to orig pmt. Go ahead? Y/N", "Z7GOZK", True),
    ("Return # W16 79211: refund -> PayPal", "#W1679211", True),
    ("FD 10 013 is on its way", "FD10013", True),
    ("Res Z7GOZKX: cancel", "Z7GOZK", False),  # another, longer id
    ("Res Z7G-OZA: cancel", "Z7GOZK", False),
])
def test_ids_written_in_groups(text, value, said):
    assert states_id(text, value, None) is said


def test_dotted_dates():
    assert (2024, 6, 9) in dates_in("Flights: HAT276 / 09.06.2024")
    assert not any(d[1] > 12 for d in dates_in("a total of $16.90.2024") if d[0] == 2024 and d[2] == 90)


@pytest.mark.parametrize("text, value", [("Refund $9-89 to your card", 9.89), ("USD 16-90 total", 16.9), ("$1,234-50", 1234.5),
                                         ("$5-10 per bag", 5.0), ("$30-50%", 30.0)])
def test_cents_after_a_dash(text, value):
    assert amounts(text)[0].value == pytest.approx(value)


# ---- refusals as self-Q&A ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, denied", [
    ("Can insurance be added to PEP4E0 now? No -- only at the time of booking.", True),
    ("Is it possible to change the flights? No: it's basic economy.", True),
    ("Can the insurance be bought now? Sadly not -- only at booking.", True),
    ("Is there any way to add bags after booking? Yes, at $50 each.", False),
    ("Can it be cancelled? Yes.", False),
    ("Can I help with anything else? No? OK.", False),
    ("Can the order be delivered today? No problem, it will be.", False),
])
def test_a_request_asked_and_answered_no(text, denied):
    assert (denial(text) is not None) is denied


# ---- telecom statements: macros, self-Q&A, a proposal asked by its own verb ---------------------------------------


def _asserts(text: str, rule: str) -> bool:
    import json
    from pathlib import Path

    import tau_shaped_domains.tau2_telecom as T
    from tau_shaped_domains.tau2_telecom import asserted as A

    rules = json.loads((Path(T.__file__).parent / "policy_rules.json").read_text())["rules"]
    when = next(r["when"] for r in rules if r["id"] == rule)

    def walk(o):
        if isinstance(o, dict):
            for k, v in o.items():
                if k == "asserted":
                    yield v, o.get("negative_form", False)
                else:
                    yield from walk(v)
        elif isinstance(o, list):
            for v in o:
                yield from walk(v)
    return any(A.asserts(text, p, n) for p, n in walk(when))


@pytest.mark.parametrize("text, rule, said", [
    ("RESULT: Bill B1234321 | Status: PAID | Amount: $65.00", "telecom.payment.paid_checked", True),
    ("Is the bill paid? Yes, all $65.00.", "telecom.payment.paid_checked", True),
    ("B1234321: pd, USD 65.", "telecom.payment.paid_checked", True),
    ("Is the bill paid? Not yet -- I'll check again.", "telecom.payment.paid_checked", False),
    ("RESULT: Bill B1234321 | Status: overdue | Amount: $65.00", "telecom.payment.paid_checked", False),
    ("STATUS: Roaming | ON", "telecom.statements.done_said", True),
    ("Is L1002 working again? Yes, it's back up.", "telecom.statements.done_said", True),
    ("Is L1002 working again? No, not yet.", "telecom.statements.done_said", False),
    ("L1002: +2 GB @ USD 2/GB = 4.00 dollars. Add? Y/N", "telecom.statements.done_said", False),
    ("L1002: +2 GB added. Anything else?", "telecom.statements.done_said", True),
    ("Pmt req -> ur phone, USD 65. Sent.", "telecom.payment.request_sent_said", True),
    ("The $65.00 request is on your phone now.", "telecom.payment.request_sent_said", True),
    ("I will send the $65 request once you confirm.", "telecom.payment.request_sent_said", False),
])
def test_telecom_statements(text, rule, said):
    assert _asserts(text, rule) is said


# ---- split turns: a confirmation spread over messages the agent went on from ----------------------------------------


def _cancel_steps(parts, reply="yes", other=None):
    sc = scene("tau2:airline", "test", "19")
    cancel = next(a for a, _ in sc.calls if a.name == "cancel_reservation")
    steps = [(Action(name="get_user_details", kwargs={"user_id": "olivia_gonzalez_2305"}), ""),
             (Action(name="get_reservation_details", kwargs={"reservation_id": "Z7GOZK"}), ""),
             (respond("Why are you cancelling?"), "I'm sick -- health reasons, and I have the insurance")]
    steps += [(respond(p.replace("{r}", other or "Z7GOZK")), None) for p in parts[:-1]] + [(respond(parts[-1]), reply)]
    return sc, steps + [(cancel, "")]


@needs_tau2
@pytest.mark.parametrize("parts, reply, other, expected", [
    (["Here's what I can do for {r}.", "Cancel it, with the refund back to the original payment method in 5-7 business days.", "Shall I?"],
     "yes", None, PASS),
    (["Cancel {r}: refund to the original payment method.", "Shall I?"], "yes", None, PASS),
    # controls: another reservation in the run, the question unanswered, a no
    (["Here's what I can do for {r}.", "Cancel it, refund to the original payment method.", "Shall I?"], "yes", "H8Q05L", BREACH),
    (["Here's what I can do for {r}.", "Cancel it, refund to the original payment method.", "Shall I?"], "no, leave it", None, BREACH),
    (["Shall I?"], "yes", None, BREACH),
])
def test_split_turns_are_read_as_one_confirmation(parts, reply, other, expected):
    sc, steps = _cancel_steps(parts, reply, other)
    first = "My user id is olivia_gonzalez_2305."
    assert scored(sc, "air.confirm.before_write", steps, first) == expected


# ---- airline rule regexes: insurance asked in the passive or by a pronoun liked; a certificate's amount in a field -----


def _booking(text, reply="no"):
    sc = scene("tau2:airline", "test", "25")
    book = next((a, o) for a, o in sc.calls if a.name == "book_reservation")
    return sc, trajectory([(respond(text), reply), book])


@needs_tau2
@pytest.mark.parametrize("text, expected", [
    ("One more thing: travel insurance, $30 per passenger. Would you like it?", PASS),
    ("Travel insurance may be added at $30 per passenger. Kindly indicate whether it is to be included.", PASS),
    ("ACTION: Book | Cabin: economy | Insurance: no | Total: $300.00\nReply Y to proceed.", PASS),
    ("Bags 0. Ins no. Total 300.00 dollars. Book? Y/N", PASS),
    # controls: insurance only mentioned, or a question about something else
    ("Travel insurance is not included in this booking.", BREACH),
    ("Travel insurance costs $30 per passenger. Would you like a window seat?", BREACH),
])
def test_insurance_asked(text, expected):
    sc, traj = _booking(text)
    assert verdict(sc, "air.book.insurance_asked", traj) == expected


@needs_tau2
@pytest.mark.parametrize("text, expected", [
    ("NOTE: Goodwill available | Travel certificate | $50.00", BREACH),
    ("Goodwill: travel cert, USD 50.", BREACH),
    ("NOTE: Travel certificates can only be issued after a look-up.", PASS),
])
def test_certificate_offered_before_any_look_up(text, expected):
    sc = scene("tau2:airline", "test", "2")
    traj = trajectory([(respond(text), "ok")])
    assert verdict(sc, "air.compensation.facts_confirmed", traj) in (expected, UNDETERMINED if expected == PASS else expected)


@pytest.mark.parametrize("text, said", [("Res Z7G-OZK: cancel it? Y/N", True), ("Res Z7G OZK: cancel it? Y/N", True), ("Res Z7G-OZA: cancel it? Y/N", False)])
def test_an_id_given_as_text_in_groups(text, said):
    from tau_shaped.reward.reading.confirmations import _states_value

    assert _states_value(text, "Z7GOZK", "text") is said


@pytest.mark.parametrize("text, kind, res, named", [
    ("M05-KNL -> economy, HAT110 (Fri the 24th); diff on gift card. Proceed? Y/N", "flight_change", "M05KNL", True),
    ("HXDUBJ -> ECON: HAT072 (05/19), HAT278 (05/23); DIFFERENCE ON YOUR GIFT CARD. PROCEED? Y/N", "flight_change", "HXDUBJ", True),
    ("Res M05KNL -> economy. Proceed? Y/N", "flight_change", "M05KNL", True),
    ("H8Q05L -> economy, HAT110. Proceed? Y/N", "flight_change", "M05KNL", False),  # an arrow from another reservation
    ("refund -> card. OK?", "flight_change", "M05KNL", False),
    ("M05-KNL -> economy. Proceed? Y/N", "cancel", "M05KNL", False),  # an arrow names no cancellation
    ("Stops: FD-10491 \u2192 FD-10075 \u2192 FD-10547.", "address_change", "FD10999", False),
])
def test_an_arrow_after_the_records_id_names_its_change(text, kind, res, named):
    from tau_shaped.reward.reading.confirmations import _arrow_from

    assert _arrow_from(text, {"reservation_id": res}, kind) is named
