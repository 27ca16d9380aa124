"""A self-repair of a code written in lower case (issue 41, round 16; found by the generator's casing + self-repair
operators): "cancel reservation ifoyyz -- sorry, i mean nqnu5r" took back the whole clause ("cancel reservation
ifoyyz"), so the confirmation named no cancel action (a false fail). A code of the repair's length right before the
dash is what it replaces; with none there, nothing changes."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.normalize_questions import agent_seen


@pytest.mark.parametrize("text, shown", [
    ("so to confirm: cancel reservation ifoyyz -- sorry, i mean nqnu5r. shall i proceed?", "so to confirm: cancel reservation nqnu5r. shall i proceed?"),
    ("cancel reservation IFOYYZ -- sorry, I mean NQNU5R. Shall I?", "cancel reservation NQNU5R. Shall I?"),
    ("refund order w6390527 -- sorry, I mean w6390528. OK?", "refund order w6390528. OK?"),
])
def test_a_lower_case_code_is_replaced(text, shown):
    assert agent_seen(text) == shown
