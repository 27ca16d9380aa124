"""Round 11 (ticket macros, legal and non-native English): refund timings and places read where
they were not (wiki.md "Refunds and wallet credit": the original payment method takes 3-5
business days, the wallet is usable at once; SPEC §10 statements).

- A timing as a record's value ("ETA to post: approx. 24 hrs", "Time to post: 1-2 bus. days"):
  a key of several words, a wait in hours with no "in" after a colon or "approx.", the
  abbreviation "bus. days"; an abbreviation's dot ("approx.", "bus.", "orig.") ends no sentence.
  An ETA of money posting is no delivery's ETA; an order's ETA stays a delivery aside.
- Where money is said to be now, with the verbs of a refund ("the sum of $16.90 has been returned
  to your wallet", "$16.90 has been refunded to your card").
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.fact_claims import claims
from tau_shaped.reward.reading.normalize import seen
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

FACTS = "fd.statements.facts_supported"


def _timings(text):
    return [c.value for c in claims(seen(text)) if c.kind == "refund_timing"]


@pytest.mark.parametrize("text,value", [
    ("Refund amt: USD 16.90\nMethod: card\nETA to post: approx. 24 hrs", ("card", "hours")),
    ("Refund amt: USD 16.90\nMethod: card\nTime to post: 1-2 bus. days", ("card", "days:1-2")),
    ("Refund amt: USD 16.90\nMethod: card\nTime to post: 3-5 bus. days", ("card", "days:3-5")),
    ("Refund $16.90 to card (1-2 bus. days)", ("card", "days:1-2")),
    ("Refund: $16.90 to orig. payment. Next steps: approx. 3-5 bus. days to post.", ("", "days:3-5")),
    ("Your refund (approx. 48 hrs) goes to your card.", ("card", "hours")),
    ("the sum of $16.90 has been returned to your wallet, where it is usable forthwith.", ("wallet", "present")),
    ("$16.90 has been refunded to your card.", ("card", "present")),
])
def test_a_timing_or_place_read(text, value):
    assert value in _timings(text), text


@pytest.mark.parametrize("text", [
    "Your order ETA: approx. 20 min", "Refund: $5 to card.\nOrder ETA: about 2 hrs.", "Est. delivery: approx. 2 hrs",
    "If it is returned to your wallet, you can use it at once.",
])
def test_no_refund_timing(text):
    assert [v for v in _timings(text) if v[1] == "hours" or v[1] == "present"] == [], text


def _missing(after: str) -> str:
    sc = scene("food_delivery", "test", "fd-missing-3")  # FD-10045: $16.90 refunded to the card
    looks = [(a, o) for a, o in sc.calls if a.name != "issue_refund"]
    refund = [(a, o) for a, o in sc.calls if a.name == "issue_refund"]
    return scored(sc, FACTS, looks + [(respond("I can refund $16.90 to your card for order FD-10045. Shall I go ahead?"), "Yes.")]
                  + refund + [(respond(after), "Thanks.")], "One BBQ Ribs was missing.")


@pytest.mark.parametrize("text,label", [
    ("Refund amt: USD 16.90\nMethod: card\nETA to post: approx. 24 hrs", BREACH),
    ("Refund amt: USD 16.90\nMethod: card\nTime to post: 1-2 bus. days", BREACH),
    ("Pursuant to our refund terms, the sum of $16.90 has been returned to your wallet.", BREACH),
    ("Refund amt: USD 16.90\nMethod: card\nTime to post: 3-5 bus. days", PASS),
    ("Resolution: refund $16.90 issued to orig. payment.\nNext steps: approx. 3-5 bus. days to post.", PASS),
    ("Pursuant to our refund terms, the sum of $16.90 has been returned to your original payment method.", PASS),
    ("$16.90 has been refunded to your card.", PASS),
])
def test_end_to_end_refund_timing_and_place(text, label):
    assert _missing(text) == label, text


def test_a_negated_timing_in_parentheses_states_nothing():
    assert _timings("The money will not land on your card (1-2 bus. days).") == []


# Minutes late said as a delay ("arrived with 40 minutes of delay", "Delay: 35 min"), not a rule's ("a delay of 15 minutes or
# more"); a date with "the" and no "on", as non-native English writes it ("delivered the 12 of March").
@pytest.mark.parametrize("text,kind,value", [
    ("Your order is arrived with 40 minutes of delay.", "minutes_late", 40.0),
    ("It arrived with a 40-minute delay.", "minutes_late", 40.0),
    ("There was a delay of 40 minutes.", "minutes_late", 40.0),
    ("Delay: 35 min (past ETA)", "minutes_late", 35.0),
    ("Order FD-10005 it was delivered the 12 of March", "event_day", ("delivered", ("date", 312))),
    ("FD-10005 was delivered the 9 of March", "event_day", ("delivered", ("date", 309))),
])
def test_a_delay_or_a_date_read(text, kind, value):
    assert value in [c.value for c in claims(seen(text)) if c.kind == kind], text


@pytest.mark.parametrize("text", [
    "A delay of 15 minutes or more earns the fee back.", "There was no delay of 40 minutes.", "Sorry for the delay.",
    "we delivered the 3 items you ordered", "placed the 2 orders",
])
def test_no_delay_or_date(text):
    assert [c for c in claims(seen(text)) if c.kind in ("minutes_late", "event_day")] == [], text


def _late(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-late-3")  # FD-10038: 20 minutes late, fee $2.99
    calls = list(sc.calls)
    return scored(sc, FACTS, calls[:3] + [(respond(text + " I can refund $2.99 to your card for FD-10038. Shall I go ahead?"), "Yes.")]
                  + calls[3:] + [(respond("Done: $2.99 refunded to your card."), "Thanks.")], "My order was late.")


@pytest.mark.parametrize("text,label", [
    ("Your order is arrived with 40 minutes of delay.", BREACH), ("Delay: 35 min (past ETA)", BREACH),
    ("Your order is arrived with 20 minutes of delay.", PASS), ("Delay: 20 min (past ETA)", PASS),
])
def test_end_to_end_delay(text, label):
    assert _late(text) == label, text


# A status taken back at once, in its sentence ("it's delivered no wait sorry it's out for delivery"): only the second is
# stated; "no wait" is a retraction, not a negation of what follows. "Sorry for the wait" retracts nothing.
@pytest.mark.parametrize("text,statuses", [
    ("um so it's delivered no wait sorry it's out for delivery", ["out_for_delivery"]),
    ("it is preparing -- sorry, it is out for delivery", ["out_for_delivery"]),
    ("um so it's out for delivery no wait it's delivered", ["delivered"]),
    ("FD-1 is delivered and FD-2 is out for delivery.", ["delivered", "out_for_delivery"]),
    ("It is delivered. Sorry for the wait; FD-2 is out for delivery.", ["delivered", "out_for_delivery"]),
    ("It is delivered, sorry about that, and FD-2 is out for delivery.", ["delivered", "out_for_delivery"]),
])
def test_a_status_taken_back(text, statuses):
    assert [c.value for c in claims(seen(text)) if c.kind == "status"] == statuses, text
