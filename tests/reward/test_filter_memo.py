"""SPEC §4.2 filters on a copy-on-read overlay: a filter's verdict on a record shared with S0
is kept per record (S0 never changes), and a record the episode read, changed, added or
deleted is judged afresh: the selection is always the one a plain copy of the state gives."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.overlay import Overlay
from tau_shaped.reward.paths import select

STATUSES = ["pending", "delivered", "cancelled", 3, 3.0, None]
records = st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e"]),
                          st.fixed_dictionaries({"status": st.sampled_from(STATUSES), "n": st.integers(0, 3)}),
                          max_size=5)
writes = st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d", "e", "z"]), st.sampled_from(["set", "del", "read"]),
                            st.sampled_from(STATUSES)), max_size=5)
PATHS = ['orders[?status="pending"].n', 'orders[?status!="pending"]', "orders[?status=3].n", 'orders[?n=1].status']


@settings(max_examples=200, deadline=None)
@given(records, writes)
def test_filters_on_an_overlay_select_what_a_plain_copy_selects(s0_orders, changes):
    s0 = {"orders": s0_orders}
    for path in PATHS:  # verdicts kept for S0's records
        select(Overlay(s0).data, path)
    overlay = Overlay(s0)
    table = overlay.data["orders"]
    for key, what, status in changes:
        if what == "del" and key in table:
            del table[key]
        elif what == "set":
            if key in table:
                table[key]["status"] = status  # a read (a private copy), then a change
            else:
                table[key] = {"status": status, "n": 1}
        elif what == "read" and key in table:
            _ = table[key]
    plain = json.loads(json.dumps(overlay.data))
    for path in PATHS:
        assert select(overlay.data, path) == select(plain, path), path
    assert json.loads(json.dumps(s0)) == s0  # S0 untouched
