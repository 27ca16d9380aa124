"""The evidence of money said moved names its direction in plain words ("as refunded", "as
charged"): it read "as refundd" (found in review of round 9's whole retail episodes)."""

from tau_shaped.reward.reading.done_money import done_verdict


def test_the_evidence_says_refunded_and_charged():
    assert "as refunded;" in done_verdict("refund", 19.6, {"refund": [16.9]}, "$19.60")
    assert "as charged;" in done_verdict("charge", 5.0, {"charge": [4.0]}, "$5.00")
    assert "as refunded;" in done_verdict("refund", 4.0, {"charge": [4.0]}, "$4.00")
    assert done_verdict("refund", 16.9, {"refund": [16.9]}, "$16.90") is None
