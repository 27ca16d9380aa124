"""SPEC §2: the legacy hash of an overlay computed from S0's laid-out bytes and the records
that differ (``state_digest``, issue 20) is tau-bench's ``sha256(str(to_hashable(S)))``
exactly: for any S0, after any reads, writes, additions, deletions and whole-table or
top-level replacements, with S0's checkpoints anywhere in the text (small and large S0s)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env import state_digest
from tau_shaped.env.hashing import consistent_hash, to_hashable
from tau_shaped.env.state_digest import overlay_hash
from tau_shaped.env.overlay import Overlay
from tests.prop_strategies import tb_hash

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False, width=32),
                    st.text(max_size=3))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=2), inner, max_size=3)),
                      max_leaves=8)
keys = st.text(min_size=0, max_size=3)
tables = st.dictionaries(keys, values, max_size=6)
states = st.dictionaries(st.sampled_from(["users", "orders", "meta", "a", "zz"]),
                         st.one_of(tables, scalars, st.lists(scalars, max_size=2)), max_size=5)
# a write: (table pick, what, key pick, value)
writes = st.lists(st.tuples(st.integers(0, 4), st.sampled_from(["del", "read", "change", "add", "same", "replace_table",
                                                               "set_top", "clear"]),
                            st.integers(0, 6), values), max_size=6)


def _slow(state):
    return consistent_hash(to_hashable(state))


def _apply(overlay, state, plan):
    data = overlay.data
    names = sorted(k for k, v in state.items() if isinstance(v, dict))
    for pick, what, key_pick, value in plan:
        if what == "set_top":
            data[["meta", "a", "new_top"][pick % 3]] = value
            continue
        if not names:
            continue
        name = names[pick % len(names)]
        table = data[name]
        if not isinstance(table, dict):
            continue
        present = sorted(table)
        key = present[key_pick % len(present)] if present else ""
        if what == "del" and present:
            del table[key]
        elif what == "read" and present:
            _ = table[key]
        elif what == "change" and present:
            record = table[key]
            if isinstance(record, dict):
                record["x"] = value
            elif isinstance(record, list):
                record.append(value)
            else:
                table[key] = value
        elif what == "add":
            table[f"{key}~{key_pick}"] = value
        elif what == "same" and present:
            table[key] = dict.__getitem__(table.base, key) if hasattr(table, "base") and key in table.base else value
        elif what == "replace_table":
            data[name] = {"r": value}
        elif what == "clear":
            table.clear()


@settings(max_examples=400, deadline=None)
@given(states, writes)
def test_overlay_digest_is_tau_benchs_hash(state, plan):
    overlay = Overlay(state)
    _apply(overlay, state, plan)
    expected = _slow(overlay.data)
    assert overlay_hash(overlay.data, overlay.base) == expected
    assert expected == tb_hash(overlay.data)  # the project's independent model of tau-bench's text
    # S0 is unchanged by the overlay's life, and an untouched overlay digests to S0's own hash
    assert overlay_hash(Overlay(state).data, state) == _slow(state)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2000), st.lists(st.tuples(st.integers(0, 3000), st.sampled_from(["del", "change", "add"])),
                                      min_size=1, max_size=5))
def test_large_states_resume_from_checkpoints_anywhere(size, edits):
    """S0s many checkpoints long, changed at the start, middle or end of the text."""
    state = {"customers": {f"c{i:05d}": {"name": "n" * (i % 40), "spent": i * 1.5, "tags": [i % 7]} for i in range(size)},
             "log": [1, 2], "orders": {f"o{i:05d}": {"total": i} for i in range(size // 3)}}
    overlay = Overlay(state)
    table = overlay.data["customers"]
    for at, what in edits:
        key = f"c{at % size:05d}"
        if what == "del" and key in table:
            del table[key]
        elif what == "change" and key in table:
            table[key]["spent"] = -1
        else:
            table[f"c{at:05d}x"] = {"new": True}
    assert overlay_hash(overlay.data, overlay.base) == _slow(overlay.data)


def test_untouched_and_read_only_overlays_are_s0s_hash_without_rehashing():
    state = {"t": {f"k{i}": {"v": i} for i in range(5000)}, "u": 1}
    base = state_digest.base_digest(state)
    overlay = Overlay(state)
    for i in range(0, 5000, 7):
        _ = overlay.data["t"][f"k{i}"]  # reads copy records but change nothing
    segments = base.segments(overlay.data)
    assert overlay_hash(overlay.data, state) == base.hexdigest == _slow(state)
    assert len(segments) > 3  # the reads are segments of their own, found equal to S0's bytes


def test_unreadable_states_fall_back_to_the_whole_text():
    """Keys that are not strings, or a state that is not a dict: the digest declines and the
    whole-text hash answers (the same value tau-bench's code gives)."""
    state = {"t": {1: "a", 2: "b"}, "u": {"x": 1}}
    assert state_digest.base_digest(state) is not None  # the int-keyed table is a plain value
    overlay = Overlay(state)
    overlay.data["u"]["x"] = 2
    assert overlay_hash(overlay.data, state) == _slow(overlay.data)
    assert state_digest.overlay_digest([1, 2], state) is None
    assert state_digest.base_digest({1: {}}) is None
    mixed = Overlay({"t": {"a": 1}})
    mixed.data["t"][2] = 3  # a non-string key added to a table: the digest declines
    assert state_digest.overlay_digest(mixed.data, mixed.base) is None
