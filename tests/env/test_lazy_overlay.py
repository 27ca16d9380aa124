"""An overlay reaches S0's tables lazily (SPEC §1: each episode starts from S0): whatever an
episode does, its state reads as a private copy of S0 with its own changes, S0 and every other
episode are left as they were, its changed records cover every difference, and its legacy
hash is the whole state's."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.hashing import data_hash, hashable_text
from tau_shaped.env.overlay import ABSENT, Overlay, changed_between, read_record
from tau_shaped.env.state_digest import overlay_hash

S0 = {
    "orders": {"O1": {"status": "placed", "items": [1, 2]}, "O2": {"status": "done", "items": []}},
    "drivers": {"D1": {"load": 0}},
    "clock": {"now": "t0"},
    "escalations": [{"id": 1}],
    "version": 3,
}

TOP = st.sampled_from(["orders", "drivers", "clock", "escalations", "version", "extra"])
RECORD = st.sampled_from(["O1", "O2", "D1", "now", "O9"])
ops = st.lists(st.one_of(
    st.tuples(st.just("read_table"), TOP, st.none()),
    st.tuples(st.just("read_record"), TOP, RECORD),
    st.tuples(st.just("write_field"), TOP, RECORD),
    st.tuples(st.just("put_record"), TOP, RECORD),
    st.tuples(st.just("del_record"), TOP, RECORD),
    st.tuples(st.just("replace_top"), TOP, st.none()),
    st.tuples(st.just("del_top"), TOP, st.none()),
    st.tuples(st.just("append"), st.just("escalations"), st.none()),
    st.tuples(st.just("get_top"), TOP, st.none()),
    st.tuples(st.just("items"), st.none(), st.none()),
    st.tuples(st.just("pop_top"), TOP, st.none()),
), max_size=8)


def _apply(data, op):
    kind, top, rec = op
    if kind == "read_table" and top in data:
        data[top]
    elif kind == "get_top":
        data.get(top)
    elif kind == "items":
        for _, value in data.items():
            if isinstance(value, dict):
                value.get("O1")
    elif kind == "replace_top":
        data[top] = {"fresh": {"v": 1}}
    elif kind == "del_top" and top in data:
        del data[top]
    elif kind == "pop_top":
        data.pop(top, None)
    elif kind == "append" and isinstance(data.get(top), list):
        data[top].append({"id": 2})
    elif top in data and isinstance(data[top], dict):
        table = data[top]
        if kind == "read_record":
            table.get(rec)
        elif kind == "write_field" and isinstance(table.get(rec), dict):
            table[rec]["touched"] = True
        elif kind == "put_record":
            table[rec] = {"new": rec}
        elif kind == "del_record" and rec in table:
            del table[rec]


def _plain(value):
    """The value as plain dicts and lists (what it reads as)."""
    return pickle.loads(pickle.dumps(value))


@settings(max_examples=400, deadline=None)
@given(st.lists(ops, min_size=1, max_size=3))
def test_each_episode_reads_as_its_own_copy_of_s0(episodes):
    s0 = copy.deepcopy(S0)
    frozen = pickle.dumps(s0)
    truth = Overlay(s0)
    truth.data["orders"]["O1"]["status"] = "cancelled"
    truth.settle()
    for episode in episodes:
        overlay, reference = Overlay(s0), copy.deepcopy(S0)
        for op in episode:
            _apply(overlay.data, op)
            _apply(reference, op)
        assert _plain(overlay.data) == reference and list(overlay.data) == list(reference)
        assert pickle.dumps(s0) == frozen  # S0 untouched
        # every difference from S0 is in a changed record
        changed = overlay.changed_records()
        for key in set(reference) | set(S0):
            for loc in ([(key, r) for r in set(reference.get(key, {})) | set(S0.get(key, {}))]
                        if isinstance(reference.get(key), dict) and isinstance(S0.get(key), dict) else [(key,)]):
                if read_record(reference, loc) != read_record(S0, loc) or (
                        (read_record(reference, loc) is ABSENT) != (read_record(S0, loc) is ABSENT)):
                    assert loc in changed or (loc[0],) in changed, loc
        assert overlay_hash(overlay.data, s0) == data_hash(reference) == data_hash(overlay.data)
        assert hashable_text(overlay.data) == hashable_text(reference)
        assert changed_between(overlay, truth) is not None
    assert _plain(truth.data)["orders"]["O1"]["status"] == "cancelled" and s0["orders"]["O1"]["status"] == "placed"


def test_a_table_never_reached_is_neither_copied_nor_changed():
    s0 = copy.deepcopy(S0)
    overlay = Overlay(s0)
    overlay.data["orders"]["O1"]["status"] = "cancelled"
    assert dict.__getitem__(overlay.data, "drivers") is s0["drivers"]  # S0's own, read in place
    assert overlay.changed_records() == {("orders", "O1"), ("escalations",), ("version",)}
    overlay.data["drivers"]["D1"]["load"] = 1  # reaching it makes it the episode's own
    assert s0["drivers"]["D1"]["load"] == 0 and overlay.data["drivers"]["D1"]["load"] == 1
    assert ("drivers", "D1") in overlay.changed_records()


def test_a_record_read_again_or_removed_answers_as_a_dict_does():
    import pytest

    s0 = copy.deepcopy(S0)
    table = Overlay(s0).data["orders"]
    first = table["O1"]
    assert table["O1"] is first and table.get("O1") is first  # its own copy, not copied again
    first["status"] = "cancelled"
    assert table["O1"]["status"] == "cancelled" and s0["orders"]["O1"]["status"] == "placed"
    del table["O1"]
    with pytest.raises(KeyError):
        table["O1"]
    assert table.get("O1", "gone") == "gone" and table.get("O9") is None
    with pytest.raises(TypeError, match="unhashable"):
        table[["O2"]]
    with pytest.raises(TypeError, match="unhashable"):
        table.get(["O2"])
