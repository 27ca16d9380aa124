"""Finding a table's first record with a given key, by an index built once per frozen S0.

A look-up tool that scans a table for the first record matching what the agent gave (a
customer by email) reads every record of it on every call. ``first_match`` answers the same
question from an index of S0's table, built once per process: S0 is frozen (``overlay.py``),
so only the records an episode touched can differ from it, and those are checked directly.

Exactly the scan's answer, not an approximation: the first key, in the table's own order,
whose record has ``key_of(record) == wanted`` and passes ``accept`` (evaluated, as the scan
does, only on records whose key matches, in table order). Wherever the index cannot prove
that order (a plain dict, a table from which a key was ever removed, a record added by the
episode that matches, a record whose key cannot be worked out: it raises or is unhashable),
the table is scanned as before, so even the scan's exceptions are the same.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Hashable, List, Optional

from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.env.overlay import CopyOnReadDict

KeyOf = Callable[[Any], Hashable]
Accept = Optional[Callable[[Any], bool]]

_MAX_INDEXES = 64

NO_MATCH = object()
"""What ``first_match`` and ``scan_first`` return when no record matches."""


class _Index:
    """The keys of a frozen table by ``key_of`` of their records, in table order."""

    __slots__ = ("base", "key_of", "by_key", "position", "usable")

    def __init__(self, base: Dict[Any, Any], key_of: KeyOf) -> None:
        self.base = base
        self.key_of = key_of
        self.position: Dict[Any, int] = {}
        self.by_key: Dict[Hashable, List[Any]] = {}
        self.usable = True
        for i, (key, record) in enumerate(dict.items(base)):
            self.position[key] = i
            try:
                self.by_key.setdefault(key_of(record), []).append(key)
            except Exception:  # noqa: BLE001 - the scan raises at this record: leave it to the scan
                self.usable = False
                return


_INDEXES: "IdentityCache[_Index]" = IdentityCache(_MAX_INDEXES)  # by (table, key_of)


def _index(base: Dict[Any, Any], key_of: KeyOf) -> _Index:
    return _INDEXES.get_or_make(base, lambda: _Index(base, key_of), key_of)


def scan_first(table: Dict[Any, Any], key_of: KeyOf, wanted: Hashable, accept: Accept = None) -> Any:
    """The first key of ``table`` (in its order) whose record matches; ``NO_MATCH`` if none does.
    Reads records without copying them (``dict.items``): the caller must not modify them."""
    for key, record in dict.items(table):
        if key_of(record) == wanted and (accept is None or accept(record)):
            return key
    return NO_MATCH


def first_match(table: Dict[Any, Any], key_of: KeyOf, wanted: Hashable, accept: Accept = None) -> Any:
    """``scan_first(table, key_of, wanted, accept)``, from an index of the frozen table under a
    copy-on-read overlay (see the module); ``key_of`` must be a pure function of the record
    (the index keeps its results for S0's records) and the same function object each call,
    whose results compare as dict keys do (strings, tuples of strings)."""
    if type(table) is not CopyOnReadDict or table.reordered:
        return scan_first(table, key_of, wanted, accept)
    index = _index(table.base, key_of)
    if not index.usable:
        return scan_first(table, key_of, wanted, accept)
    touched = table.touched
    position = index.position
    try:
        candidates = [(position[key], key) for key in index.by_key.get(wanted, ()) if key not in touched]
    except TypeError:  # an unhashable ``wanted``: the scan compares it
        return scan_first(table, key_of, wanted, accept)
    for key in touched:
        if not dict.__contains__(table, key):
            continue
        try:
            matches = key_of(dict.__getitem__(table, key)) == wanted
        except Exception:  # noqa: BLE001 - the scan raises here or not, as its order says
            return scan_first(table, key_of, wanted, accept)
        if matches:
            at = position.get(key)
            if at is None:  # added by the episode: its place among the added ones is the scan's
                return scan_first(table, key_of, wanted, accept)
            candidates.append((at, key))
    candidates.sort()
    for _, key in candidates:
        if accept is None or accept(dict.__getitem__(table, key)):
            return key
    return NO_MATCH
