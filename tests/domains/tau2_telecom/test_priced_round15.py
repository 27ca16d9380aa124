"""Round 15 (issue 41), style AE: a refuel's price said per GB makes its total only when the message states no total of
its own (telecom.refuel.confirm_price; priced.with_total). "2 GB at $2.00 per GB, so $2.00 in total" and "... -- $5.00
in total" told the customer a wrong price, but the $4.00 the rate makes was read as stated (false passes before); "2 GB at
$2.00 per GB" alone, or with "$4.00 in total", or beside another sum that is no total ("your bill of $65.00"), states it.
"""

from __future__ import annotations

import pytest

from tau_shaped_domains.tau2_telecom.priced import with_total


@pytest.mark.parametrize("text,states_4", [
    ("I can add 2 GB to L1002 at $2.00 per GB, so $2.00 in total. Shall I add it?", False),
    ("2 GB at $2.00 per GB -- $5.00 in total. Shall I?", False),
    ("2 GB at $2.00 per GB, total: $3.00. OK?", False),
    ("2 GB at $2.00 per GB = $6.00. Add it?", False),  # (second held-out set: "=" before the total)
    ("2 GB at $2.00 per GB. Shall I?", True),
    ("2 GB at $2.00 per GB, $4.00 in total. Shall I?", True),
    ("2 GB at $2.00/GB; your bill of $65.00 is separate. Shall I?", True),
])
def test_a_total_of_its_own_is_not_replaced(text, states_4):
    assert ("($4.00)" in with_total(text)) is states_4
