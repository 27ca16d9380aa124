"""Canonical states (SPEC §4) and their comparison.

``canon(S)`` is S with every equivalence class collapsed (§4.1), every path
owned by an invariant removed (§4.3) and numbers compared canonically (§4.4).

Comparing ``canon(Sa)`` with ``canon(Sg)`` never needs the whole database:
records that neither trajectory touched are the same S0 object on both sides
and receive the same rewrites, so only the *changed records* (plus those an
equivalence class reads or rewrites) are copied into small views,
canonicalized and compared. Where the states are not overlays of one S0,
every record is compared (same answer, slower).
"""

from __future__ import annotations

from dataclasses import dataclass
from hashlib import sha256
from typing import Any, Iterable, List, Optional, Sequence, Set, Tuple

from tau_shaped.reward import equivalence, invariants
from tau_shaped.env.hashing import identical
from tau_shaped.env.overlay import (ABSENT, RecordLoc, all_records, copy_kept, deep_copy, read_record, same_value,
                                    settled_record)
from tau_shaped.reward.paths import delete_locations, format_location, select
from tau_shaped.reward.values import Collapsed, canonical_equal, canonical_form, canonical_json

MAX_DIFFS = 10


@dataclass(frozen=True)
class Difference:
    path: str
    expected: Any
    actual: Any

    def to_dict(self) -> dict:
        return {"path": self.path, "expected": self.expected, "actual": self.actual}


def record_of(state: Any, loc: Iterable[Any]) -> RecordLoc:
    loc = tuple(loc)
    if len(loc) >= 2 and isinstance(read_record(state, loc[:1]), dict):
        return loc[:2]
    return loc[:1]


def normalize_records(records: Iterable[RecordLoc]) -> Set[RecordLoc]:
    records = set(records)
    whole = {r[0] for r in records if len(r) == 1}
    return {r for r in records if len(r) == 1 or r[0] not in whole}


def build_view(state: Any, records: Optional[Set[RecordLoc]]) -> dict:
    """A private copy of ``state`` restricted to ``records`` (None: all of it)."""
    if records is None:
        return deep_copy(state)
    view: dict = {}
    for rec in records:
        value = read_record(state, rec)
        if value is ABSENT:
            continue
        if len(rec) == 1:
            view[rec[0]] = deep_copy(value)
        else:  # a settled Sg's record never changes: copied from its kept pickle
            view.setdefault(rec[0], {})[rec[1]] = copy_kept(value) if settled_record(state, rec) else deep_copy(value)
    return view


def canonicalize(view: dict, state: Any, initial: Any, overrides: Any, ignore: Sequence[str] = ()) -> dict:
    """Rewrite ``view`` (a copy of part of ``state``) into its canonical form, in place;
    ``ignore``: the domain's paths judged by its rules, not by value (SPEC §9)."""
    if overrides is not None:
        for cls in overrides.equivalence_class:
            equivalence.collapse(view, state, initial, cls)
        for inv in overrides.monetary_identity:
            invariants.remove_owned(view, inv)
    for path in ignore:
        delete_locations(view, [loc for loc, _ in select(view, path)])
    return view


def records_to_compare(base: Optional[Set[RecordLoc]], sa: Any, sg: Any, initial: Any, overrides: Any) -> Set[RecordLoc]:
    return _records_and_classes(base, sa, sg, initial, overrides)[0]


def _records_and_classes(base: Optional[Set[RecordLoc]], sa: Any, sg: Any, initial: Any,
                         overrides: Any) -> Tuple[Set[RecordLoc], Set[Any]]:
    """The records to compare, and the tables of those an equivalence class reads or rewrites."""
    # Only the changed records when known: a speed-up, the verdict is the same (mutants of
    # this line change the time taken, not the result, so they are not generated).
    records = set(base) if base is not None else all_records(sa, sg)  # pragma: no mutate
    class_tables: Set[Any] = set()
    if overrides is not None:
        for cls in overrides.equivalence_class:
            for state in (sa, sg):
                for loc in equivalence.class_records(state, initial, cls):
                    rec = record_of(state, loc)
                    records.add(rec)
                    class_tables.add(rec[0])
    return normalize_records(records), class_tables


def _same_canonical_form(rec: RecordLoc, sa: Any, sg: Any, class_tables: Set[Any]) -> bool:
    """The record is the same value in both states and its canonical form depends on it alone
    (no equivalence class reaches its table; invariant-owned and ignored paths select within a
    record, filters reading the record's own fields), so both canonical forms are the same:
    it can be left out of the views."""
    if rec[0] in class_tables:
        return False
    a, g = read_record(sa, rec), read_record(sg, rec)
    if a is ABSENT or g is ABSENT:
        return False
    return same_value(a, g) if settled_record(sg, rec) else identical(a, g)  # Sg's pickle kept


def compare(
    sa: Any,
    sg: Any,
    initial: Any,
    overrides: Any,
    changed: Optional[Set[RecordLoc]],
    ignore: Sequence[str] = (),
) -> List[Difference]:
    """The first differences between canon(Sg) (expected) and canon(Sa) (actual)."""
    records, class_tables = _records_and_classes(changed, sa, sg, initial, overrides)  # pragma: no mutate (speed only)
    # records the same in both states compare equal once canonical: neither copied nor rewritten
    records = {rec for rec in records if not _same_canonical_form(rec, sa, sg, class_tables)}  # pragma: no mutate (speed only)
    view_a = canonicalize(build_view(sa, records), sa, initial, overrides, ignore)
    view_g = canonicalize(build_view(sg, records), sg, initial, overrides, ignore)
    diffs: List[Difference] = []
    for rec in sorted(records, key=lambda r: tuple(map(str, r))):
        expected, actual = read_record(view_g, rec), read_record(view_a, rec)
        if expected is not ABSENT and actual is not ABSENT and (identical(expected, actual) or canonical_equal(expected, actual)):
            continue
        _differences(list(rec), expected, actual, diffs)
        if len(diffs) >= MAX_DIFFS:
            break
    return diffs[:MAX_DIFFS]


def _shown(value: Any) -> Any:
    if isinstance(value, Collapsed):
        return {"collapsed_class": canonical_form(dict(value))}
    return None if value is ABSENT else canonical_form(value)


def _differences(loc: List[Any], expected: Any, actual: Any, out: List[Difference]) -> None:
    if len(out) >= MAX_DIFFS:
        return
    if expected is ABSENT and actual is ABSENT:
        return
    if isinstance(expected, dict) and isinstance(actual, dict) and _same_kind(expected, actual):
        for key in sorted(expected.keys() | actual.keys(), key=str):
            e, a = expected.get(key, ABSENT), actual.get(key, ABSENT)
            if not _plainly_equal(e, a):
                _differences(loc + [key], e, a, out)
        return
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (e, a) in enumerate(zip(expected, actual)):
            if not _plainly_equal(e, a):
                _differences(loc + [i], e, a, out)
        return
    if expected is ABSENT or actual is ABSENT or not canonical_equal(expected, actual):
        out.append(Difference(format_location(loc), _shown(expected), _shown(actual)))


_PLAIN_SCALARS = frozenset({str, int, float, bool, type(None)})


def _plainly_equal(e: Any, a: Any) -> bool:
    """Two equal scalars of one plain type: canonically equal, so no difference lies there
    (what ``_differences`` would find by asking ``canonical_equal``). False says nothing."""
    return type(e) is type(a) and type(e) in _PLAIN_SCALARS and e == a


def _same_kind(a: dict, b: dict) -> bool:
    # A collapsed field never equals a plain dict, whatever their contents (§4.1).
    return isinstance(a, Collapsed) == isinstance(b, Collapsed)


def canonical_hash(state: Any, initial: Any, overrides: Any, ignore: Sequence[str] = ()) -> str:
    """SHA-256 of the canonical text of a whole state (``get_data_hash_canonical``)."""
    view = canonicalize(build_view(state, None), state, initial, overrides, ignore)
    return sha256(canonical_json(view).encode()).hexdigest()  # str.encode: UTF-8
