"""Round 15 (issue 41), style AC (several records in one message): a record said to stay as it is has no write described
(consent_scope.another_write reads action_words.kept_as_is after another record's id). "Only FQ8APE changes (UM3OG5
keeps its passengers)", "Order #W1 stays as it is", "#W2: no change", "K67C4W isn't part of this" read as a second write
before (one yes covers one write: correct confirmations failed); "K67C4W will be cancelled too" still describes one."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.action_words import kept_as_is


@pytest.mark.parametrize("after,kept", [
    ("UM3OG5 keeps its passengers): the passenger", True),
    ("#W5199551 stays as it is. On order", True),
    ("K67C4W: no change. Z7GOZK: cancel", True),
    ("K67C4W isn't part of this", True),
    ("K67C4W (which stays exactly as it is) and", True),
    ("#W2, is untouched. Shall I", True),
    ("K67C4W will be cancelled too", False),
    ("K67C4W and Z7GOZK: cancel both", False),
    ("#W2 gets a refund of $5.00", False),
])
def test_a_record_kept_as_it_is(after, kept):
    assert kept_as_is(after) is kept
