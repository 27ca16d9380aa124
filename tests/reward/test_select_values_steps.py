"""``select_values`` steps through keys and wildcards in place (not by a generator per node:
the state probes taken after every replayed step spent most of their time there): for any data
and path it gives the very objects ``select`` gives, in its order, and reads a copy-on-read
overlay without copying any record, as ``select`` does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.overlay import Overlay
from tau_shaped.reward.paths import parse_path, select, select_values

_KEYS = st.sampled_from(["a", "b", "FD-1", "0", "1", "-1", "10"])
_DATA = st.recursive(st.one_of(st.none(), st.integers(-3, 3), st.sampled_from(["a", "FD-1", "x"]), st.floats(0, 2)),
                     lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_KEYS, inner, max_size=4)),
                     max_leaves=16)
_SEGMENTS = st.sampled_from(["a", "b", "FD-1", "0", "1", "-1", "10", "*", "[*]", "[0]", "[-1]", "[?a=1]", "[?b!=x]",
                             '["a"]'])


def _text(segments):
    text = segments[0] if not segments[0].startswith("[") else "a" + segments[0]
    for seg in segments[1:]:
        text += seg if seg.startswith("[") else "." + seg
    return text


@settings(max_examples=600, deadline=None)
@given(_DATA, st.lists(_SEGMENTS, min_size=1, max_size=5))
def test_the_same_objects_as_select_in_its_order(data, segments):
    path = parse_path(_text(segments))
    got, expected = select_values(data, path), [value for _, value in select(data, path)]
    assert len(got) == len(expected) and all(a is b for a, b in zip(got, expected))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_KEYS, _DATA, max_size=4), st.lists(_SEGMENTS, min_size=1, max_size=4))
def test_an_overlay_is_read_without_copying(table, segments):
    overlay = Overlay({"t": table, "n": 1})
    path = parse_path("t." + _text(segments) if not segments[0].startswith("[") else "t" + _text(segments)[1:])
    got = select_values(overlay.data, path)
    expected = [value for _, value in select(overlay.data, path)]
    assert len(got) == len(expected) and all(a is b for a, b in zip(got, expected))
    assert overlay.touched == 0  # nothing copied: every value is the base's own


def test_keys_and_wildcards_over_lists_and_dicts():
    data = {"orders": {"B": {"ledger": [{"amount": 2}, {"amount": 3.5}]}, "A": {"ledger": []}, "10": {"x": 1}},
            "items": [[1, 2], [3]]}
    assert select_values(data, "orders.*.ledger[*].amount") == [2, 3.5]
    assert select_values(data, "orders.B.ledger.1.amount") == [3.5]
    assert select_values(data, "orders.B.ledger.-1.amount") == [3.5]
    assert select_values(data, "orders.B.ledger.2.amount") == []
    assert select_values(data, "items.*.0") == [1, 3]
    assert select_values(data, "items[*][*]") == [1, 2, 3]
    assert select_values(data, "orders.*.x") == [1]  # sorted by the keys' text: "10" first
    assert select_values(data, "orders.C.ledger") == [] and select_values(data, "items.x") == []
