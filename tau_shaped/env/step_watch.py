"""Whether the state an overlay holds changed since the last look, without reading all of it.

A replay samples the state probes after every step (SPEC §5: the step at which a state
predicate became true, when a cap was first exceeded), yet most steps are look-ups that
change nothing. A probe is a function of the state's value alone (``reward/probes.py``), so
after a step that left the state's value as it was, its values are those of the step
before. ``state_unchanged`` tells such a step soundly and cheaply:

- a record can change only once the overlay has handed it out (``__getitem__``, ``get``,
  ``values``, ``items``, ``pop``, ``setdefault``: the tool holds a reference it may modify in
  place) or written (set, removed): ``CopyOnReadDict.seen`` names those keys, and ``wrote``
  says a key was set or removed (always counted as a change);
- each record handed out since the last look is pickled and compared with its pickle at the
  previous look (or, never looked at, with its base record's kept pickle, which it was copied
  from): equal pickles are the same types, key order and values all the way down. A record
  that does not pickle counts as changed.

What no tool may do (the overlay's own contract, ``overlay.py``): modify what a raw
``dict`` read returns (``dict.items(table)``, ``dict.__getitem__``: the domain's ``scan``), or
keep a record between its calls and modify it later; a tool reaches the state only through
the ``data`` it is given while it runs.
"""

from __future__ import annotations

import pickle
from typing import Any

from tau_shaped.env.overlay import ABSENT, CopyOnReadDict, Overlay, base_pickle

_NEVER = object()


def _pickle(value: Any) -> Any:
    try:
        return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - a value that does not pickle counts as changed
        return None


def _table_unchanged(table: CopyOnReadDict, skip: Any = None) -> bool:
    """The table's records handed out since the last look are the same values as then (and
    none was set or removed); looks at them now. ``skip``: keys whose values are tables,
    watched on their own (the overlay's top level)."""
    same = not table.wrote
    table.wrote = False
    seen = table.seen
    if not seen:
        return same
    looked, base = table.looked, table.base
    for key in seen:
        value = dict.get(table, key, ABSENT)
        if value is ABSENT:  # removed (a write, counted then): unknown from now on
            looked[key] = None
            same = False
            continue
        if skip is not None and skip.get(key, ABSENT) is value:
            continue
        now = _pickle(value)
        before = looked.get(key, _NEVER)
        if before is _NEVER:  # handed out for the first time: copied from its base record
            before = base_pickle(dict.__getitem__(base, key)) if key in base else None
        if now is None or before is None or now != before:
            same = False
        looked[key] = now
    seen.clear()
    return same


def state_unchanged(overlay: Overlay) -> bool:
    """Whether ``overlay.data`` holds the same value as at the previous call (the first call:
    as when the overlay was made), then looks at it: the next call compares with now. Every
    table is looked at (no early return), so each look starts from the state it saw."""
    top = overlay.top
    tables = top.tables
    same = _table_unchanged(top, tables)
    for table in tables.values():
        if not _table_unchanged(table):
            same = False
    return same
