"""``value_index._records`` reads each order's or record's id through ``_record_id``, kept for every world (a batch's
worlds name the same orders): the kept reading is the reading afresh (its skeleton when five or more long, its digits
alone when five or more and not the skeleton itself, None for an id of letters only), and an index made with the
readings kept is the index made with none kept."""

from __future__ import annotations

from typing import Any, Dict

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading import value_index
from tau_shaped.reward.reading.value_index import _NO_ID, _RECORD_IDS, _digits, _Index, _record_id, _skeleton

IDS = ["FD-10490", "fd10490", "DRCMIN", "PM-1", "CU-1001", "10490", "AB-12", "FD-1O068", "ＦＤ１０４９０", "x" * 5, "W2611340"]
_ids = st.one_of(st.sampled_from(IDS), st.text(alphabet=st.sampled_from("FDdrcmin0123456789-_ .#éO٣"), max_size=12))


def _fresh(rid: str):
    sk = _skeleton(rid)
    if len(sk) < 5:
        return _NO_ID
    if sk.isalpha():
        return (sk, None)
    digits = _digits(sk)
    return (sk, digits if len(digits) >= 5 and digits != sk else "")


@settings(max_examples=400, deadline=None)
@given(_ids)
def test_a_kept_reading_is_the_reading_afresh(rid: str) -> None:
    assert _record_id(rid) == _fresh(rid)
    assert _RECORD_IDS[rid] == _fresh(rid)  # kept, and read back the same
    assert _record_id(rid) == _fresh(rid)


_world = st.lists(st.fixed_dictionaries({"orders": st.lists(_ids, max_size=4), "record_ids": st.lists(_ids, max_size=2)}),
                  min_size=1, max_size=5).map(lambda people: {f"CU-{1001 + i}": p for i, p in enumerate(people)})


def _tables(index: _Index) -> Any:
    return ({k: list(v.items()) for k, v in index.read.items()}, index.whose, index.kept, index.letter_ids, list(index.kinds.items()))


@settings(max_examples=200, deadline=None)
@given(_world)
def test_an_index_made_with_the_readings_kept_is_one_made_with_none(customers: Dict[str, Any]) -> None:
    _RECORD_IDS.clear()
    value_index._KNOWN.clear()
    cold = _tables(_Index(customers))
    warm = _tables(_Index(customers))  # every id read from what the first made kept
    assert warm == cold


def test_the_kept_readings_are_bounded() -> None:
    _RECORD_IDS.clear()
    for n in range((1 << 16) + 3):
        _record_id(f"FD-{n:07d}")
    assert 0 < len(_RECORD_IDS) <= 1 << 16
    assert _record_id("FD-0000001") == ("fd0000001", "0000001")
