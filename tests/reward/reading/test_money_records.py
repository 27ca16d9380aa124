"""Round 9 of issue 41 (whole episodes, structured confirmations): a record's header says what its
generic keys hold.

- A count: "Bags for FQ8APE:" over "- total: 3" / "- paid: 0" (airline test task 22) stated a $3
  charge and failed air.statements.money_supported (option_values.count_record).
- A refund: "Return summary for #W6390527:" over "- total: $45.13" (retail test task 5) read the
  total as charged and failed retail.statements.money_supported ("as charged money; the write
  that follows moves it the other way") (option_values.refund_record).
Controls: "Booking:" over "- total: 348" and "Order summary:" over "- total: $45.13" stay charges;
"Return summary:" over "- fee: $5" keeps its fee."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.money_claims import money_claims


def _amounts(text):
    return [c.value for c in money_claims(text) if c.kind == "amount"]


@pytest.mark.parametrize("text,want", [
    ("Bags for FQ8APE:\n- total: 3\n- paid: 0\nConfirm?", []),
    ("Baggage update:\ntotal: 3\npaid: 1\nfee: $50", [("charge", 50.0)]),
    ("Return summary for #W6390527:\n- item: Water Bottle\n- total: $45.13\n- to: PayPal\nConfirm?", [("refund", 45.13)]),
    ("Refund summary for #W6390527:\n- item: Water Bottle\n- total: 45.13", [("refund", 45.13)]),
    ("Booking:\n- passengers: 2\n- total: 348", [("charge", 348.0)]),
    ("Order summary:\n- total: $45.13", [("charge", 45.13)]),
    ("Return summary:\n- fee: $5", [("charge", 5.0)]),
])
def test_a_records_header_says_what_its_total_holds(text, want):
    assert _amounts(text) == want


def test_whole_episodes():
    pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")
    from tau_shaped import Action
    from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

    sc = scene("tau2:retail", "test", "5")
    calls = [c for c in sc.calls]
    for text, label in (("Return summary for #W6390527:\n- item: Water Bottle\n- total: $45.13\n- to: PayPal\nConfirm?", PASS),
                        ("Return summary for #W6390527:\n- item: Water Bottle\n- total: $62.13\n- to: PayPal\nConfirm?", BREACH)):
        steps = calls[:4] + [(respond(text), "yes"), calls[4]]
        assert scored(sc, "retail.statements.money_supported", steps, "Mei Kovacs, 28236") == label, text
    sc = scene("tau2:airline", "test", "22")
    bags = sc.call("update_reservation_baggages")
    lead = [(Action(name="get_user_details", kwargs={"user_id": "omar_rossi_1241"}), ""),
            (Action(name="get_reservation_details", kwargs={"reservation_id": "FQ8APE"}), "")]
    for text, label in (("Bags for FQ8APE:\n- total: 3\n- paid: 0\nConfirm?", PASS),):
        steps = lead + [(respond(text), "yes"), bags]
        assert scored(sc, "air.statements.money_supported", steps, "my user id is omar_rossi_1241") == label, text


@pytest.mark.parametrize("text,method", [
    ("Order #W1 is cancelled.\n\nRefund summary:\n- total: $1,003.22\n- method: your PayPal\n- timing: in 5-7 business days", "paypal"),
    ("Refund: $5\nmethod: your gift card", "gift_card"),
])
def test_a_method_under_a_refunds_header_is_the_refunds(text, method):
    # the generator found it: "- method: your PayPal" under "Refund summary:" named no method (a wrong one passed)
    assert [c.value for c in money_claims(text) if c.kind == "refund_method"] == [method]


def test_a_method_under_a_payments_header_is_no_refunds():
    assert [c for c in money_claims("Payment summary:\n- total: $5\n- method: your PayPal") if c.kind == "refund_method"] == []
