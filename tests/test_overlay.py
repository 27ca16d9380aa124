"""Copy-on-read overlays: tools cannot reach S0, and changed records are tracked."""

import copy
import json
import pickle

from tau_shaped.env.hashing import data_hash
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
