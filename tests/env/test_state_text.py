"""SPEC §2: the legacy hash assembled table by table (``state_text``), with the text of
records shared with S0 kept per process, is tau-bench's ``str(to_hashable(S))`` exactly:
for any state, for any overlay over it after any writes, and after the S0 a text was kept
for is read, copied and changed through another overlay."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.hashing import consistent_hash, data_hash, state_text, to_hashable
from tau_shaped.env.overlay import Overlay

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False, width=32),
                    st.text(max_size=3))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=2), inner, max_size=3)),
                      max_leaves=8)
tables = st.dictionaries(st.text(min_size=1, max_size=3), values, max_size=4)
states = st.dictionaries(st.sampled_from(["users", "orders", "meta", "a"]),
                         st.one_of(tables, scalars, st.lists(scalars, max_size=2)), max_size=4)


def _slow(state):
    return consistent_hash(to_hashable(state))


@settings(max_examples=300, deadline=None)
@given(states)
def test_whole_state_text_is_tau_benchs(state):
    assert state_text(state) == str(to_hashable(state))
    assert data_hash(state) == _slow(state)


@settings(max_examples=200, deadline=None)
@given(states, st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), values), max_size=4))
def test_overlay_text_is_tau_benchs_after_writes(state, writes):
    """Records an overlay shares with S0 use the kept text; read, written, added and deleted
    ones are turned into text again; S0 itself is never changed."""
    s0_hash = _slow(state)
    data_hash(Overlay(state).data)  # keep the texts of S0's records
    overlay = Overlay(state)
    names = [k for k, v in state.items() if isinstance(v, dict)]
    for t, r, value in writes:
        if not names:
            break
        table = overlay.data[names[t % len(names)]]
        keys = sorted(table)
        if r == 0 and keys:
            del table[keys[0]]
        elif r == 1 and keys:
            _ = table[keys[-1]]  # a read: a private copy, which a tool may then change
            if isinstance(table[keys[-1]], dict):
                table[keys[-1]]["x"] = value
        else:
            table[f"k{r}"] = value
    assert data_hash(overlay.data) == _slow(overlay.data)
    assert _slow(state) == s0_hash
    assert data_hash(Overlay(state).data) == s0_hash


def test_one_item_tuples_and_empty_tables():
    """str of a one-item tuple ends with ',)'; an empty table is '()'."""
    for state in ({"t": {"a": 1}}, {"t": {}}, {}, {"t": {"a": [1]}, "u": 3}):
        assert state_text(state) == str(to_hashable(state))


def test_a_plain_state_changed_in_place_is_hashed_anew():
    """Only an overlay's untouched records are known to be S0's (frozen): a plain dict's record
    changed in place between two hashes gives the new text, not a kept one."""
    state = {"users": {"u1": {"name": "a", "tags": [1]}}}
    before = data_hash(state)
    state["users"]["u1"]["name"] = "b"
    assert data_hash(state) == _slow(state) != before
    overlay = Overlay(state)
    data_hash(overlay.data)
    overlay.data["users"]["u1"]["tags"].append(2)  # read (a private copy), then changed
    assert data_hash(overlay.data) == _slow(overlay.data) != _slow(state)
