"""Round 11 (ticket notes, non-native English): denials the ``refused`` output check reads
(wiki.md "If neither finds them, you cannot help with the account: say so"; "A charge that matches
the order gets no money back; explain it"; "under 15: none"; SPEC §10 refusals).

- The request said impossible: "so is impossible for me to change the order", "it is impossible to
  cancel an order out for delivery" ("it is not impossible to cancel", "impossible to say when it
  arrives" deny nothing).
- A ticket's key with an abbreviated name: "Comp.: n/a (threshold 15 min)" ("Comp.: $2.99" grants).
- A bare "no refund" closed by a parenthesis: "Resolution: no refund (matches order)".
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial


@pytest.mark.parametrize("text", [
    "I am sorry, I don't find any account for yara.alvarez@example.net nor with your name and zip 97217, so is impossible for me to change the order.",
    "Pursuant to our policy, it is impossible to cancel an order out for delivery.",
    "It's impossible for us to refund this order now.",
    "Min late: 5\nComp.: n/a (threshold 15 min)",
    "Charged: $20.29 = food $16.48 + deliv. $2.99 + svc. $0.82\nResolution: no refund (matches order)",
    "Comp.: none",
])
def test_a_denial_read(text):
    assert denial(seen(text)) is not None, text


@pytest.mark.parametrize("text", [
    "It is not impossible to cancel it, let me check.", "It is impossible to say when it arrives.",
    "Resolution: refund issued", "Comp.: $2.99 (delivery fee)", "Refund $16.90 to card (no refund fee)",
])
def test_no_denial(text):
    assert denial(seen(text)) is None, text
