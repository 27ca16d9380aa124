"""``S0Ids`` indexes S0's ids in one pass (SPEC §10: the ids a confirmation's call is compared
with): every id field's value with a digit, by field, and each id's record: the first copy in
document order (a dict's own fields before what it nests), unless a table keys a record by the
id, down to six levels. Checked against a plain reading of that definition on generated
JSON-shaped worlds, dict and list subclasses included."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Dict, Tuple

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.s0_ids import S0Ids, id_key

NAMES = ["id", "order_id", "item_ids", "order", "name", "status", "phone_number", "dish_id", "notes"]
IDS = ["FD-1001", "fd 1001", "D7", "X-22", "abc", "12", "C3PO"]


class Record(OrderedDict):
    """A dict of another type (S0 read by another loader)."""


class Rows(list):
    pass


def _reference(data: Any) -> Tuple[Dict[str, set], Dict[str, Tuple[Any, Any]]]:
    kinds: Dict[str, set] = {}
    records: Dict[str, Tuple[Any, Any]] = {}

    def is_id(name: Any) -> int:
        if not isinstance(name, str):
            return 0
        if name == "id" or name.endswith(("_id", "_number")):
            return 2
        return 1 if name.endswith("_ids") or name in ("order", "reservation") else 0

    def visit(node: Any, holder: Any, left: int) -> None:
        if isinstance(node, dict):
            for name, value in node.items():
                if isinstance(value, str) and is_id(name) and any(c.isdigit() for c in value):
                    key = id_key(value)
                    if not key:  # digits but no ASCII letter or digit ("¹"): no id
                        continue
                    kinds.setdefault(name, set()).add(key)
                    keyed = isinstance(holder, dict) and holder.get(value) is node
                    if is_id(name) == 2 and (keyed or key not in records):
                        records[key] = (node, holder)
            for value in node.values():
                if left > 0 and isinstance(value, (dict, list)):
                    visit(value, node, left - 1)
        elif isinstance(node, list) and left > 0:
            for child in node:
                if isinstance(child, (dict, list)):
                    visit(child, node, left - 1)

    visit(data, None, 6)
    return kinds, records


scalars = st.one_of(st.sampled_from(IDS), st.text(max_size=6), st.integers(), st.floats(allow_nan=False), st.none(),
                    st.booleans())


def _containers(children):
    dicts = st.dictionaries(st.sampled_from(NAMES), children, max_size=5)
    return st.one_of(dicts, dicts.map(Record), st.lists(children, max_size=4), st.lists(children, max_size=4).map(Rows))


worlds = st.recursive(scalars, _containers, max_leaves=40)


@st.composite
def keyed_tables(draw):
    """A table keyed by its records' ids (a menu), beside copies of them (an order's lines)."""
    table = {}
    for key in draw(st.lists(st.sampled_from(IDS), max_size=4, unique=True)):
        table[key] = {"id": key, "name": draw(st.text(max_size=4))}
    copies = [{"id": key, "qty": 1} for key in draw(st.lists(st.sampled_from(IDS), max_size=4))]
    first = draw(st.booleans())
    return {"orders": copies, "menu": table} if first else {"menu": table, "orders": copies}


@settings(max_examples=300, deadline=None)
@given(st.one_of(worlds, keyed_tables(), st.lists(keyed_tables(), max_size=3)))
def test_the_index_is_the_plain_reading(data):
    kinds, records = _reference(data)
    index = S0Ids(data)
    assert index.kinds == kinds
    assert list(index.records) == list(records)
    for key, (record, holder) in records.items():
        assert index.records[key][0] is record and index.records[key][1] is holder


def test_a_table_keyed_record_wins_over_an_earlier_copy():
    dish = {"id": "D7", "name": "Korma"}
    world = {"orders": [{"items": [{"id": "D7", "qty": 2}]}], "menu": {"D7": dish}}
    assert S0Ids(world).records["D7"][0] is dish


def test_below_six_levels_nothing_is_read():
    deep: Any = {"order_id": "FD-9"}
    for _ in range(7):
        deep = {"x": deep}
    assert S0Ids(deep).kinds == {}
    shallow: Any = {"order_id": "FD-9"}
    for _ in range(6):
        shallow = {"x": shallow}
    assert S0Ids(shallow).kinds == {"order_id": {"FD9"}}


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ09-_ .#éé٣ß"), max_size=12) | st.sampled_from(IDS))
def test_an_id_key_is_its_ascii_letters_and_digits_in_upper_case(value):
    import re

    assert id_key(value) == re.sub(r"[^A-Za-z0-9]", "", value).upper()


class _Counted(dict):
    """S0 whose top-level reads are counted."""

    reads = 0

    def items(self):  # type: ignore[override]
        type(self).reads += 1
        return super().items()


def test_walked_when_first_asked_and_once():
    """A rollout that never reads a call against S0 walks nothing; any question walks it once, and
    the answers are those of a walk made at once (``build``, as a process about to fork does)."""
    from tau_shaped.reward.reading.world_indexes import build_world_indexes

    data = _Counted({"orders": {"FD-1001": {"order_id": "FD-1001", "dish_id": "D7", "name": "Pad Thai"}}})
    _Counted.reads = 0
    index = S0Ids(data)
    assert _Counted.reads == 0
    assert index.kind_of("FD1001") == frozenset({"order_id"}) and _Counted.reads == 1
    assert index.records["FD1001"][0]["name"] == "Pad Thai" == index.name_of("D7") and _Counted.reads == 1
    built = S0Ids(data).build()
    assert (built.kinds, list(built.records)) == (index.kinds, list(index.records)) and _Counted.reads == 2
    for ask in (lambda i: i.kinds, lambda i: i.records, lambda i: i.same_kind("FD1001", "FD1002"),
                lambda i: i.sibling_names("D7"), lambda i: i.record_ids("FD1001")):
        fresh = S0Ids(data)
        before = _Counted.reads
        ask(fresh)
        assert _Counted.reads == before + 1
    world = {"orders": {"FD-1": {"order_id": "FD-1"}}}
    build_world_indexes(world)
    from tau_shaped.reward.reading.s0_ids import s0_ids

    assert s0_ids(world)._kinds == {"order_id": {"FD1"}}  # made ahead: walked before any question
