"""A write's address record is looked up in an index of S0's table made once per (table, key)
(``confirmations.record_in_s0``): it finds what searching the table finds (``find_record``:
the first record depth first, at most 4 levels down, whose key equals the value, 1, 1.0 and
True alike), for every table, key and value, and never another table's record (SPEC §10)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import confirmations
from tau_shaped.reward.reading.confirmations import find_record, record_in_s0
from tests.prop_strategies import prop_settings

KEYS = st.sampled_from(["address_id", "id", "street", "x"])
SCALARS = st.one_of(st.sampled_from(["a", "b", "ADDR-1", "", 0, 1, 1.0, True, False, 2, -0.0, None]),
                    st.floats(allow_nan=True, allow_infinity=True), st.integers(-3, 3))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(KEYS, inner, max_size=4)), max_leaves=30)
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=2), st.dictionaries(KEYS, SCALARS, max_size=2))


@prop_settings(800)
@given(JSON, KEYS, VALUES)
def test_the_index_finds_the_record_the_search_finds(table, key, value):
    assert record_in_s0(table, key, value) is find_record(table, key, value)


def test_a_value_found_deep_and_late_is_the_first_in_search_order():
    table = {"C1": {"addresses": [{"address_id": "A2", "n": 1}]},
             "C2": {"addresses": [{"address_id": "A1", "n": 2}, {"address_id": "A1", "n": 3}]},
             "C3": {"four": {"levels": {"down": {"address_id": "A4"}}}},
             "C4": {"deeper": {"than": {"four": {"levels": {"address_id": "A9"}}}}}}
    assert record_in_s0(table, "address_id", "A4") == {"address_id": "A4"}
    assert record_in_s0(table, "address_id", "A1") == {"address_id": "A1", "n": 2}
    assert record_in_s0(table, "address_id", "A9") is None is find_record(table, "address_id", "A9")
    assert record_in_s0(table, "address_id", 1.0) is None
    nan = math.nan
    assert record_in_s0({"r": {"address_id": nan}}, "address_id", nan) is None  # NaN equals nothing, itself neither


def test_each_table_answers_for_itself_and_the_indexes_are_bounded():
    confirmations._RECORD_INDEXES.clear()
    tables = [{"c": {"address_id": "A", "owner": i}} for i in range(200)]
    for i, table in enumerate(tables):
        assert record_in_s0(table, "address_id", "A")["owner"] == i
    assert len(confirmations._RECORD_INDEXES) <= 64
    # a table indexed, then another one with the same id (the first let go) is indexed anew
    first = {"c": {"address_id": "A", "owner": "first"}}
    assert record_in_s0(first, "address_id", "A")["owner"] == "first"
    assert record_in_s0(first, "owner", "first") is first["c"]
    other = {"c": {"address_id": "A", "owner": "other"}}
    assert record_in_s0(other, "address_id", "A")["owner"] == "other"
