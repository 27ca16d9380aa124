"""Round 17 (issue 41), tau2 readings found by the round's first held-out set (test_heldout_round17_tau2.py) and fixed as
classes (SPEC §10).

- Self-repair (AS) with an apology alone, or with "I mean" / "or rather" after a comma (no dash): "the Hiking Boots --
  sorry, the Water Bottle", "to your PayPal, I mean a gift card", "reason: no longer needed -- sorry, ordered by mistake"
  take the first value back (``normalize_repairs``: an apology alone takes back only a value of the repair's own kind;
  "no" is a weak marker only before a mark or a clause, not as "no longer needed"'s first word).
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize_repairs import withdrawn


@pytest.mark.parametrize("text, out", [
    ("Shall I return the Hiking Boots -- sorry, the Water Bottle -- from #W1?", "Shall I return the Water Bottle -- from #W1?"),
    ("Refund $54.13 -- sorry, $45.13 -- to your PayPal?", "Refund $45.13 -- to your PayPal?"),
    ("Cancel Z7G0ZK -- sorry, Z7GOZK -- ok?", "Cancel Z7GOZK -- ok?"),
    ("reason: no longer needed -- sorry, ordered by mistake?", "reason: ordered by mistake?"),
    ("reason: ordered by mistake -- sorry, no longer needed?", "reason: no longer needed?"),
    ("$45.13 to your PayPal, I mean a gift card. OK?", "$45.13 to a gift card. OK?"),
    ("refund to your card, I mean your wallet", "refund to your wallet"),
    ("refund to your card, or rather your wallet", "refund to your wallet"),
    # controls: an apology before a clause, a pause, the same amount again; "I mean" before a clause; a weak "no"
    ("I can't cancel it -- sorry, it's basic economy.", "I can't cancel it -- sorry, it's basic economy."),
    ("That's $45.13 -- sorry, one moment.", "That's $45.13 -- sorry, one moment."),
    ("It costs $5 to $9 -- sorry: $9.", "It costs $5 to $9 -- sorry: $9."),
    ("That's fine, I mean it's your call.", "That's fine, I mean it's your call."),
    ("Thanks for waiting -- sorry, Anna is checking", "Thanks for waiting -- sorry, Anna is checking"),
    ("I can't cancel it -- sorry, no: it's basic economy", "I can't cancel it -- sorry, no: it's basic economy"),
])
def test_a_self_repair_by_an_apology_alone_or_i_mean(text, out):
    assert withdrawn(text) == out
