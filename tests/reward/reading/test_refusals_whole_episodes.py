"""Round 9 of issue 41 (whole episodes): denials a careful reader takes that the refusal reader
missed. A passive of the asked change ("a bookshelf can't be swapped for a camera", "the order
cannot be altered", "that item cannot be replaced"), and a table's verdict under its header
("| Request | Result |" over "| Exchange bookshelf -> camera | Denied: ... |", a two-column
"| Request | Status |" over "| Cancel #W1 | Declined |"). Controls: the same said as possible,
a table's approval, a status that is no verdict ("| Item | Status |" over "| Lamp | Delivered |"),
"You won't be charged anything" (no request denied)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.refusals import denial

DENIED = ["Unfortunately, a bookshelf can't be swapped for a camera; exchanges only allow another option of the same item.",
          "Your order can't be altered now.", "That item cannot be replaced.", "The bags can't be removed from the booking.",
          "| Request | Result |\n|---|---|\n| Exchange Bookshelf -> camera | Denied: exchanges must stay within the same product |",
          "| Request | Status |\n|---|---|\n| Cancel #W1 | Declined |",
          "| Request | Eligible |\n|---|---|\n| Cancel PEP4E0 | No |",
          # a verdict's other keys, and the request's key with its object before the verdict
          "| Request | Outcome |\n|---|---|\n| Add insurance to PEP4E0 | Declined |", "Verdict: denied.",
          "Cancellation request for 3RK2T9: rejected."]
NOT_DENIED = ["It can be swapped for a camera.", "You won't be charged anything.",
              "| Request | Status |\n|---|---|\n| Cancel #W1 | Approved |", "| Item | Status |\n|---|---|\n| Lamp | Delivered |",
              "| Request | Decision |\n|---|---|\n| Refund | Yes |", "Outcome: approved", "Refund for 3RK2T9: approved",
              "Change request for X: pending review, not rejected"]


@pytest.mark.parametrize("text", DENIED)
def test_denied(text):
    assert denial(text) is not None


@pytest.mark.parametrize("text", NOT_DENIED)
def test_not_denied(text):
    assert denial(text) is None, denial(text)


def test_an_approval_naming_the_policy_leans_nowhere():
    from tau_shaped.reward.reading.refusals import hedge

    for text in ("Approved: allowed by our policy", "| Request | Result |\n|---|---|\n| Your change | Approved: allowed by our policy |"):
        assert denial(text) is None and hedge(text) is None, text
    assert hedge("Not approved: against our policy") is not None
