"""Money said moved, round 19 (lead's held-out probe, style CH): an amount of zero said refunded, credited or charged
moves nothing, so no write need back it ("Refunded: $0.00"); any other amount said moved with no write still breaks
fd.statements.amounts_supported (fd-charge-ok-4: the total of FD-10151, $64.45, is right and nothing is owed)."""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import BREACH, PASS
from tests.reward.reading.test_round17_fd import said_verdict


@pytest.mark.parametrize("said", ["Your total of $64.45 is correct, so no refund is due. Refunded: $0.00.",
                                  "Refund issued: $0.00 -- nothing to give back.", "Credited: $0.00 (nothing was owed).",
                                  "Your total of $64.45 is right. Amount refunded: USD 0.00.", "I've refunded $0 since nothing was overcharged."])
def test_zero_said_moved_moves_nothing(said):
    assert said_verdict("fd-charge-ok-4", said) == PASS, said


@pytest.mark.parametrize("said", ["Your total of $64.45 is correct. Refunded: $2.83 (goodwill).", "Refund issued: $0.01.",
                                  "Credited: $0.50 to your wallet."])
def test_any_other_amount_said_moved_with_no_write_breaks(said):
    assert said_verdict("fd-charge-ok-4", said) == BREACH, said
