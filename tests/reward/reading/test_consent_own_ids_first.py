"""Two readings made before S0 is asked (SPEC §10, same verdicts): ``consent_scope.another_write``
finds no other write in words holding no id but the call's own (``_own_ids_only``), and
``call_values._another`` finds no other value for an id the words state themselves. Each is
compared with the full reading on generated messages."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_scope
from tau_shaped.reward.reading.call_values import _another, ids_in, s0_ids, states_id
from tests.prop_strategies import prop_settings

WORLD = {
    "orders": {f"FD-{n}": {"order_id": f"FD-{n}", "customer_id": "CU-1", "items": [{"item_id": f"MI-{n}-01", "name": f"Dish {n}"}]}
               for n in (10045, 10046, 10047)},
    "reservations": {code: {"reservation_id": code, "user_id": "u1"} for code in ("UHDAHF", "M05KNL", "ZFA04Y")},
    "customers": {"CU-1": {"customer_id": "CU-1"}},
}
INDEX = s0_ids(WORLD)
PIECES = st.sampled_from([
    "I'll refund $5.00", "for order", "FD-10045", "fd 10046", "FD10047", "and do the same for", "UHDAHF", "m05knl",
    "ZFA04Y", "was refunded yesterday", "then", "Shall I?", "OK?", "not", "Dish 10046", "MI-10045-01", "reservation",
    "cancel", "$3.00", ".", ",", "\n", "LE-FD-10045-1", "2024-05-05", "also", "too", "rather than",
])
TEXTS = st.lists(PIECES, max_size=9).map(" ".join)
KWARGS = st.fixed_dictionaries({}, optional={
    "order_id": st.sampled_from(["FD-10045", "FD-10046", "FD-99999"]),
    "reservation_id": st.sampled_from(["UHDAHF", "M05KNL", "QQQQQQ"]),
    "customer_id": st.just("CU-1"), "amount": st.just(5.0), "reason": st.just("sorry"),
    "item_ids": st.just(["MI-10045-01"]),
})


@prop_settings(1200)
@given(TEXTS, KWARGS, st.sampled_from([None, "cancel", "money_to_customer"]))
def test_another_write_reads_as_without_the_early_answer(text, kwargs, verbs):
    full = consent_scope._own_ids_only
    try:
        consent_scope._own_ids_only = lambda *a: False
        expected = consent_scope.another_write(text, kwargs, INDEX, verbs)
    finally:
        consent_scope._own_ids_only = full
    assert consent_scope.another_write(text, kwargs, INDEX, verbs) == expected


@prop_settings(600)
@given(TEXTS, st.sampled_from(["FD-10045", "FD-10046", "MI-10045-01", "LE-FD-10045-1", "UHDAHF1", "FD-99999"]))
def test_an_id_stated_itself_is_no_other_value(text, value):
    from tau_shaped.reward.reading.call_values import id_key

    if id_key(value) in ids_in(text):
        assert states_id(text, value, INDEX)  # the test read first is states_id's own first test
        assert _another(text, value, INDEX, frozenset(), "") is None
