"""The entities of a world, as a task's perturbations need them (SPEC §6.2).

A world's record tables are its top-level tables keyed by id whose values are records (dicts):
``orders``, ``customers``, tau2's ``reservations`` and ``users``; or lists of records keyed by an
id field (tau2 telecom's ``lines``, by ``line_id``). An id in a tool's arguments is
a key of one of them, whatever the argument is called. A record is the task's customer's own
when one of its fields holds the customer's id (an order's ``customer_id``, a reservation's
``user_id``) or when the customer's record lists its key (a customer's ``orders``); the
customer's own record is theirs too. Nothing here is named for one domain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, Iterator, List, Optional, Tuple

_INDEX: List[Tuple[Any, "WorldIndex"]] = []  # the last world indexed (a check runs many tasks on one S0)


@dataclass(frozen=True)
class WorldIndex:
    """Each record table's keys (sorted) and records; for each key, the tables holding it; for
    each table, the keys of the records whose fields hold each string (a record's owner among
    them)."""

    tables: Dict[str, Tuple[str, ...]]
    records: Dict[str, Dict[str, Any]]
    holders: Dict[str, Tuple[str, ...]]
    holding: Dict[str, Dict[str, FrozenSet[str]]]

    def table_of(self, value: Any) -> Optional[str]:
        """The one record table ``value`` is a key of (None: none, or several)."""
        found = self.holders.get(value) if isinstance(value, str) else None
        return found[0] if found and len(found) == 1 else None


def _id_field(name: str, rows: List[Any]) -> Optional[str]:
    """The field that keys a list of records: an ``*_id`` (or ``id``) field holding a distinct
    string in every record, the one named for the table first (``lines``: ``line_id``)."""
    if len(rows) < 2 or not all(isinstance(r, dict) for r in rows):
        return None
    fields = [f for f in rows[0] if f == "id" or f.endswith("_id")]
    unique = [f for f in fields if all(isinstance(r.get(f), str) and r.get(f) for r in rows)
              and len({r[f] for r in rows}) == len(rows)]
    named = [f for f in unique if f != "id" and name.startswith(f[: -len("_id")])]
    return (named or sorted(unique) or [None])[0]


def _record_tables(initial: Any) -> Iterator[Tuple[str, Dict[str, Any]]]:
    """(name, key -> record) of each record table: a dict of records keyed by id, or a list of
    records keyed by their id field (tau2 telecom's ``lines``)."""
    for name, table in (initial.items() if isinstance(initial, dict) else ()):
        if isinstance(table, dict) and len(table) >= 2 and all(isinstance(k, str) for k in table) \
                and all(isinstance(v, dict) for v in table.values()):
            yield name, table
        elif isinstance(table, list):
            field = _id_field(name, table)
            if field is not None:
                yield name, {row[field]: row for row in table}


def world_index(initial: Any) -> WorldIndex:
    """The record tables of ``initial`` (S0), indexed once per world object."""
    if _INDEX and _INDEX[0][0] is initial:
        return _INDEX[0][1]
    tables: Dict[str, Tuple[str, ...]] = {}
    records: Dict[str, Dict[str, Any]] = {}
    holders: Dict[str, List[str]] = {}
    holding: Dict[str, Dict[str, set]] = {}
    for name, table in _record_tables(initial):
        tables[name] = tuple(sorted(table))
        records[name] = table
        by_value = holding.setdefault(name, {})
        for key, record in table.items():
            holders.setdefault(key, []).append(name)
            for value in record.values():
                if isinstance(value, str):
                    by_value.setdefault(value, set()).add(key)
    index = WorldIndex(tables, records, {k: tuple(v) for k, v in holders.items()},
                       {t: {v: frozenset(keys) for v, keys in by.items()} for t, by in holding.items()})
    _INDEX[:] = [(initial, index)]
    return index


def _listed(record: Any) -> FrozenSet[str]:
    """The strings a record holds in its fields and in lists in its fields (one level)."""
    out = set()
    for value in record.values() if isinstance(record, dict) else ():
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, list):
            out.update(v for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            out.update(k for k in value if isinstance(k, str))
    return frozenset(out)


def owned_keys(initial: Any, table: str, user_id: Any) -> FrozenSet[str]:
    """The keys of ``table`` whose records are the customer's own (see the module)."""
    index = world_index(initial)
    if not isinstance(user_id, str) or not user_id or table not in index.tables:
        return frozenset()
    records = index.records[table]
    own = {user_id} if user_id in records else set()
    for holder in index.holders.get(user_id, ()):
        own.update(k for k in _listed(index.records[holder][user_id]) if k in records)
    own.update(index.holding.get(table, {}).get(user_id, ()))
    return frozenset(own)


def table_named_for(argument: str, index: WorldIndex) -> Optional[str]:
    """The record table an id argument names by its name (``order_id``: ``orders``; ``user_id``:
    ``users``), when exactly one table's name starts with the argument's stem."""
    stem = argument
    for suffix in ("_ids", "_id", "_number", "_no"):
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    else:
        return None
    found = [t for t in index.tables if stem and t.startswith(stem)]
    return found[0] if len(found) == 1 else None
