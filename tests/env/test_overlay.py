"""Copy-on-read overlays: tools cannot reach S0, and changed records are tracked."""

import copy
import json
import pickle

from tau_shaped.env.hashing import data_hash, hashable_text
from tau_shaped.env.overlay import Overlay, changed_between


def base():
    return {"orders": {"O1": {"s": "a", "xs": [1]}, "O2": {"s": "b", "xs": []}}, "clock": [0], "n": 3}


def test_mutations_never_reach_the_base():
    b = base()
    before = data_hash(b)
    o = Overlay(b)
    o.data["orders"]["O1"]["xs"].append(2)
    for v in o.data["orders"].values():
        v["s"] = "z"
    for _, v in o.data["orders"].items():
        v["xs"].append(9)
    dict(o.data["orders"])["O2"]["s"] = "q"
    {**o.data["orders"]}["O2"]["s"] = "q"
    o.data["orders"].copy()["O1"]["s"] = "q"
    copy.deepcopy(o.data["orders"])["O1"]["s"] = "q"
    o.data["orders"].get("O2")["xs"].append(1)
    o.data["orders"].setdefault("O1", {})["s"] = "y"
    o.data["orders"].pop("O2")["s"] = "gone"
    o.data["clock"].append(1)
    assert data_hash(b) == before


def test_overlay_reads_like_a_dict():
    o = Overlay(base())
    table = o.data["orders"]
    assert isinstance(table, dict) and len(table) == 2 and "O1" in table
    assert json.loads(json.dumps(o.data)) == base()
    assert table == base()["orders"]
    assert pickle.loads(pickle.dumps(table)) == base()["orders"]
    assert data_hash(o.data) == data_hash(base())


def test_changed_records():
    b = base()
    a, g = Overlay(b), Overlay(b)
    a.data["orders"]["O1"]["s"] = "x"
    g.data["orders"]["NEW"] = {"s": "n"}
    del g.data["orders"]["O2"]
    changed = changed_between(a, g)
    assert {("orders", "O1"), ("orders", "NEW"), ("orders", "O2")} <= changed
    # non-table top-level values are always compared
    assert ("clock",) in changed and ("n",) in changed


def test_replaced_table_is_compared_whole():
    b = base()
    a, g = Overlay(b), Overlay(b)
    a.data["orders"] = {}
    changed = changed_between(a, g)
    assert ("orders",) in changed and not any(len(r) == 2 and r[0] == "orders" for r in changed)


def test_different_bases_are_not_comparable_by_records():
    assert changed_between(Overlay(base()), Overlay(base())) is None


def test_selecting_paths_does_not_copy_records():
    """Probes and predicates read states through paths; reading must not mark records changed."""
    from tau_shaped.reward.paths import select_values

    o = Overlay(base())
    assert select_values(o.data, "orders.*.s") == ["a", "b"]
    assert select_values(o.data, "orders[?s=b].xs") == [[]]
    assert o.changed_records() == {("clock",), ("n",)}


def test_hashing_does_not_copy_records():
    """The legacy hash of an overlay reads it without marking records changed."""
    o = Overlay(base())
    assert data_hash(o.data) == data_hash(base())
    assert o.changed_records() == {("clock",), ("n",)}


# --- changed records: a record only read is not changed (issue 20) ---------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.prop_strategies import prop_settings  # noqa: E402

_SCALARS = st.one_of(st.integers(-3, 3), st.sampled_from([0.0, -0.0, 1.0, 2.5, True, False, None, "a", "1"]))
_RECORDS = st.dictionaries(st.sampled_from(["s", "n", "xs"]), st.one_of(_SCALARS, st.lists(_SCALARS, max_size=3)), max_size=3)
_OPS = st.lists(
    st.tuples(
        st.sampled_from(["read", "iterate", "set_same", "set_copy", "set", "append_pop", "append", "del", "del_readd", "add"]),
        st.sampled_from(["K0", "K1", "K2", "K9"]),
        _SCALARS,
    ),
    max_size=8,
)


def _apply(table, op, key, value):
    present = dict.__contains__(table, key)
    if op == "read" and present:
        table[key]
    elif op == "iterate":
        list(table.values())
    elif op == "set_same" and present:
        table[key] = table[key]
    elif op == "set_copy" and present:
        table[key] = pickle.loads(pickle.dumps(table[key]))
    elif op == "set" and present and isinstance(table[key], dict):
        table[key]["n"] = value
    elif op == "append_pop" and present and isinstance(table[key].get("xs"), list):
        table[key]["xs"].append(value)
        table[key]["xs"].pop()
    elif op == "append" and present and isinstance(table[key].get("xs"), list):
        table[key]["xs"].append(value)
    elif op == "del" and present:
        del table[key]
    elif op == "del_readd" and present:
        table[key] = table.pop(key)
    elif op == "add":
        table[key] = {"s": value}


@prop_settings(300)
@given(st.dictionaries(st.sampled_from(["K0", "K1", "K2"]), _RECORDS, min_size=1), _OPS)
def test_changed_records_hold_every_record_that_differs(records, ops):
    """Every record whose value (types, key order and all) or presence differs from S0 is among
    the changed records; one that does not differ is not, however it was read or written back."""
    b = {"t": records}
    o = Overlay(b)
    for op, key, value in ops:
        _apply(o.data["t"], op, key, value)
    changed = {r[1] for r in o.changed_records() if len(r) == 2}
    for key in set(dict.keys(o.data["t"])) | set(records):
        differs = (key in records) != dict.__contains__(o.data["t"], key) or (
            key in records and pickle.dumps(dict.__getitem__(o.data["t"], key)) != pickle.dumps(records[key])
        )
        assert (key in changed) == differs, (key, ops)
        if key in records and dict.__contains__(o.data["t"], key):  # what the legacy hash reads
            text_differs = hashable_text(dict.__getitem__(o.data["t"], key)) != hashable_text(records[key])
            assert key in changed or not text_differs
    assert pickle.dumps(b) == pickle.dumps({"t": records})  # S0 itself untouched


def test_a_record_read_but_not_changed_is_not_a_changed_record():
    b = base()
    o = Overlay(b)
    for record in o.data["orders"].values():  # copies each record it reads
        assert record["s"] in "ab"
    assert o.data["orders"].touched == {"O1", "O2"}
    assert o.changed_records() == {("clock",), ("n",)}
    o.data["orders"]["O2"]["xs"].append(0.0)
    assert o.changed_records() == {("clock",), ("n",), ("orders", "O2")}


def test_a_type_only_change_is_a_changed_record():
    """``1`` and ``1.0`` and ``True`` are equal in Python but not in tau-bench's hash (SPEC §2)."""
    for old, new in [(1, 1.0), (1, True), (0.0, -0.0), ([1], (1,))]:
        o = Overlay({"t": {"r": {"v": old}}})
        o.data["t"]["r"]["v"] = new
        assert o.changed_records() == {("t", "r")}, (old, new)
        if not isinstance(new, tuple):  # the hash reads a list as a tuple; the canonical form does not
            assert data_hash(o.data) != data_hash({"t": {"r": {"v": old}}})


def test_a_settled_overlay_keeps_its_changed_records():
    o = Overlay(base())
    o.data["orders"]["O1"]["s"] = "x"
    o.settle()
    first = o.changed_records()
    first.add(("orders", "mutated by the caller"))
    assert o.changed_records() == {("clock",), ("n",), ("orders", "O1")}


def test_changed_between_drops_records_both_only_read():
    b = base()
    a, g = Overlay(b), Overlay(b)
    list(a.data["orders"].values())
    list(g.data["orders"].values())
    g.data["orders"]["O1"]["s"] = "y"
    assert changed_between(a, g) == {("clock",), ("n",), ("orders", "O1")}


def test_kept_pickles_are_bounded_and_forgetting_them_changes_nothing(monkeypatch):
    from tau_shaped.env import overlay as overlay_module

    monkeypatch.setattr(overlay_module, "_MAX_BASE_PICKLE_BYTES", 200)  # forgotten every few records
    b = {"t": {f"K{i}": {"s": "x" * 40, "n": i} for i in range(20)}}
    o = Overlay(b)
    list(o.data["t"].values())
    o.data["t"]["K3"]["n"] = 3.0
    assert overlay_module._base_pickle_bytes <= 200
    assert o.changed_records() == {("t", "K3")}
