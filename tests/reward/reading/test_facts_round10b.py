"""Round 10b (leftovers): facts about money sent back (wiki.md: a refund to the original payment
method takes 3-5 business days, wallet credit is instantly usable; "Every price, time, amount or
rule you state comes from the customer, a tool or this policy"; SPEC §10 statements).

- A wait of moments ("It should show up on your card in a moment", "any second now",
  "momentarily", "as we speak") says the money arrives at once: for a card refund, a breach; the
  agent's own wait ("I'll be back in a moment") says nothing of the refund.
- Where money sent back is said to be now ("$2.99 is in your wallet now", "loaded into your
  FoodDash wallet", "your wallet has the $2.99", "is back on your card") is checked against where
  the conversation's writes sent it; a condition, a question, a negation ("nothing went to your
  wallet") states no place.
"""

from __future__ import annotations

import pytest

from tau_shaped import Action
from tau_shaped.reward.reading.fact_claims import claims
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

FACTS = "fd.statements.facts_supported"


def _card_refund(text: str, method: str = "original_payment") -> str:
    sc = scene("food_delivery", "test", "fd-late-4")
    calls = list(sc.calls)
    write = [(a, o) for a, o in calls if a.name == "issue_refund"][0][0]
    write = Action(name=write.name, kwargs={**write.kwargs, "method": method})
    looks = [(a, o) for a, o in calls if a.name != "issue_refund"]
    steps = looks + [(respond("I can refund $2.99 to your card for FD-10046. OK?"), "ok"), (write, ""), (respond(text), "thanks")]
    return scored(sc, FACTS, steps, "My order was late.")


@pytest.mark.parametrize("text,label", [
    ("Done. It should show up on your card in a moment.", BREACH),
    ("Done. The refund will be on your card any second now.", BREACH),
    ("Done — your card gets it momentarily.", BREACH),
    ("Done. The $2.99 is hitting your card as we speak.", BREACH),
    ("Done. It'll hit your card in a few seconds.", BREACH),
    ("Done. One moment while I note the refund on your file.", PASS),
    ("Done. I'll be back in a moment with the refund reference.", PASS),
    ("Done. The refund takes 3-5 business days to reach your card; I'll be back in a moment.", PASS),
    ("Done. Card refunds land within three to five business days.", PASS),
])
def test_a_wait_of_moments_for_a_card_refund(text, label):
    assert _card_refund(text) == label, text


@pytest.mark.parametrize("text,label", [
    ("Done — $2.99 is in your wallet now.", BREACH), ("Done — $2.99 is in your wallet right now.", BREACH),
    ("Done. No worries — $2.99 is in your wallet now.", BREACH),
    ("Done — your FoodDash wallet has the $2.99.", BREACH),
    ("Done — $2.99 credited to your account balance.", BREACH),
    ("Done — the refund's been loaded into your FoodDash wallet.", BREACH),
    ("Done — $2.99 is back on your card.", PASS),
    ("Done — $2.99 refunded to the card; nothing went to your wallet.", PASS),
    ("Done. If you'd like it in your wallet next time, just ask.", PASS),
    ("Done — $2.99 is back on your card (3-5 business days). Do you want anything in your wallet?", PASS),
    ("Done. Your wallet balance is unchanged; the $2.99 went to your card.", PASS),
])
def test_the_place_said_of_a_card_refund(text, label):
    assert _card_refund(text) == label, text


@pytest.mark.parametrize("text,label", [
    ("Done — $2.99 is in your wallet now.", PASS),
    ("Done — your FoodDash wallet has the $2.99.", PASS),
    ("Done — $2.99 is back on your card.", BREACH),
])
def test_the_place_said_of_a_wallet_refund(text, label):
    assert _card_refund(text, "wallet_credit") == label, text


def test_an_apology_credit_is_in_the_wallet():
    sc = scene("food_delivery", "test", "fd-cap-3")
    calls = list(sc.calls)
    for text, label in [("Done — the $5 is in your wallet now.", PASS), ("Done — the $5 is on your card now.", BREACH)]:
        steps = calls[:-1] + [(respond("I can add a $5 apology credit to your wallet. OK?"), "ok"), calls[-1], (respond(text), "thanks")]
        assert scored(sc, FACTS, steps, "The courier was rude.") == label, text


@pytest.mark.parametrize("text", ["It's in your wallet now.", "$5 has been added to your account balance.", "The credit is now sitting in your wallet."])
def test_a_place_is_read(text):
    assert [c.value for c in claims(text) if c.kind == "refund_timing"] == [("wallet", "present")], text


@pytest.mark.parametrize("text", ["Would you like it in your wallet?", "If it's in your wallet, you can use it at once.",
                                  "It isn't in your wallet; it went to your card.", "Your order is on its way to your door."])
def test_no_place_is_read(text):
    assert ("wallet", "present") not in [c.value for c in claims(text) if c.kind == "refund_timing"], text


ETA = "fd.eta.supported_not_earlier"


def _late_minor(text: str, rule: str) -> str:
    sc = scene("food_delivery", "test", "fd-late-minor-3")
    looks = list(sc.calls[:2])
    return scored(sc, rule, looks + [(respond(text), "ok")], "My order was a bit late.")


@pytest.mark.parametrize("text,label", [
    ("FD-10157 arrived 5 minutes late; refunds only apply after half an hour.", BREACH),
    ("FD-10157 arrived 5 minutes late; we compensate from ten minutes on.", BREACH),
    ("FD-10157 came 5 minutes late — we only compensate once an order is over an hour late.", BREACH),
    ("It was 5 minutes late; credits kick in at twenty minutes late.", BREACH),
    ("FD-10157 arrived 5 minutes late; compensation starts at 15 minutes late, so there's no refund here.", PASS),
    ("FD-10157 arrived 5 minutes late; refunds only apply after a quarter of an hour.", PASS),
    ("FD-10157 arrived 5 minutes late; we compensate from fifteen minutes on.", PASS),
])
def test_a_late_threshold_beside_the_order_s_own_lateness(text, label):
    """The order's lateness in one clause ("arrived 5 minutes late") no longer hides the rule's
    figure in the next ("; refunds only apply after half an hour"), and that figure is no ETA."""
    assert _late_minor(text, FACTS) == label, text
    assert _late_minor(text, ETA) == PASS, text


def test_a_wait_beside_a_clause_of_compensation_is_still_an_eta():
    sc = scene("food_delivery", "test", "fd-question-4")
    eta = [(Action(name="get_order_eta", kwargs={"order_id": "FD-10006"}), "")]  # 19:15-19:30; the clock: 19:00
    for text, label in [("Sorry it's late — it'll be with you in 2 minutes.", BREACH),
                        ("No refund applies yet; the courier will be there in 2 minutes.", BREACH),
                        ("It'll be there in 20 to 30 minutes; a refund only applies past 15 minutes late.", PASS)]:
        assert scored(sc, ETA, list(sc.calls[:2]) + eta + [(respond(text), "ok")], "Where is my order?") == label, text


@pytest.mark.parametrize("text,timing", [
    ("It did arrive late; refunds only apply after 15 mins.", False),
    ("Refunds only apply after 15 minutes late.", False),
    ("The refund will land on your card in 15 mins.", True),
])
def test_a_late_threshold_is_no_refund_timing(text, timing):
    """The generator's own find: "refunds only apply after 15 mins" is where compensation starts, not when a refund arrives."""
    assert any(c.kind == "refund_timing" for c in claims(text)) is timing, text
