"""Copy-on-read working states over a frozen initial state.

tau-bench reloads the whole database for every episode and for every reward
(its ``data_load_func``), then hashes all of it twice. Here the initial state
S0 of a seed is loaded once and frozen; each episode's working state is an
*overlay*: the top-level dict is new, and each top-level table (a dict of
records) is a ``CopyOnReadDict`` whose records are shared with S0 until they
are first read, then replaced by a private deep copy. So:

- starting an episode costs a shallow copy of each table, not a reload;
- a tool can never mutate S0 through the overlay (every record it can reach
  is its own copy), so S0 stays valid for the next episode;
- the overlay knows which records it touched, so two states over the same S0
  can be compared on those records alone (``changed_records``), which is what
  makes scoring cost grow with the trajectory, not with the database.

The overlay is a real ``dict`` subclass: tools written for tau-bench (index,
``get``, iterate, ``json.dumps``, ``in``, ``len``) work on it unchanged.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import ItemsView, ValuesView
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple, Union

RecordLoc = Tuple[Union[str, int], ...]  # (table,) or (table, key)


def deep_copy(value: Any) -> Any:
    """A private deep copy of a JSON-like value (pickle is ~5x faster than deepcopy)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    try:
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    except Exception:  # unpicklable objects: fall back to the general copier
        return copy.deepcopy(value)


# The pickle of each base record an overlay copied, by identity: a frozen S0's records are
# never mutated (that is what overlays are for), so their pickles never change. A record read
# again by the next episode is copied from its kept pickle, and a copy is told unchanged by
# pickling it alone (``CopyOnReadDict.changed_keys``).
_BASE_PICKLES: Dict[int, Tuple[Any, bytes]] = {}
_MAX_BASE_PICKLE_BYTES = 64 << 20  # then forgotten all at once (they keep their records alive too)
_base_pickle_bytes = 0


def _base_pickle(value: Any) -> Optional[bytes]:
    """The pickle of a base record (kept), or None if it does not pickle."""
    hit = _BASE_PICKLES.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    try:
        data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable value is copied and compared the slow way
        return None
    global _base_pickle_bytes
    if _base_pickle_bytes + len(data) > _MAX_BASE_PICKLE_BYTES:
        _BASE_PICKLES.clear()
        _base_pickle_bytes = 0
    _BASE_PICKLES[id(value)] = (value, data)
    _base_pickle_bytes += len(data)
    return data


def _copy_base(value: Any) -> Any:
    """A private deep copy of a base record, from its kept pickle."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    data = _base_pickle(value)
    return pickle.loads(data) if data is not None else copy.deepcopy(value)


def _pickle(value: Any) -> Optional[bytes]:
    try:
        return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable value: the caller says "may differ"
        return None


def _unchanged(current: Any, original: Any) -> bool:
    """``current`` (a copy of the base record ``original``) is still the same value: equal
    pickles, so the same types, key order and values all the way down. False says nothing."""
    if current is original:
        return True
    data = _base_pickle(original)
    if data is None:
        return False
    mine = _pickle(current)  # a value that no longer pickles has changed
    return mine is not None and mine == data


class CopyOnReadDict(dict):
    """A dict whose values are shared with a base dict until first accessed.

    The dict's own storage always holds the current values (shared ones are
    never mutated through this object), so read-only C-level access such as
    ``repr`` or ``==`` is correct too. ``touched`` names every key whose value
    may differ from the base: read (copied), written, added or deleted; every
    other key's value is the base's own (``base``, kept for readers that can
    reuse what they computed on it: a path filter over a whole table). ``reordered``: a key
    was removed (so one put back is no longer in the base's place); until then the keys are
    the base's, in its order, then the added ones (what ``table_index`` relies on).
    """

    __slots__ = ("touched", "base", "reordered", "settled")

    def __init__(self, base: Dict[Any, Any]) -> None:
        dict.__init__(self)
        dict.update(self, base)
        self.touched: Set[Any] = set()
        self.base = base
        self.reordered = False
        self.settled = False  # its overlay was settled: no record of it changes again

    def _own(self, key: Any) -> Any:
        value = dict.__getitem__(self, key)
        if key not in self.touched:
            value = _copy_base(value)
            dict.__setitem__(self, key, value)
            self.touched.add(key)
        return value

    def __getitem__(self, key: Any) -> Any:
        if key in self.touched:  # already its own (or removed: KeyError, as a dict says)
            return dict.__getitem__(self, key)
        return self._own(key)

    def get(self, key: Any, default: Any = None) -> Any:
        if key in self.touched:
            return dict.get(self, key, default)
        return self._own(key) if dict.__contains__(self, key) else default

    def __setitem__(self, key: Any, value: Any) -> None:
        self.touched.add(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        dict.__delitem__(self, key)
        self.touched.add(key)
        self.reordered = True

    def changed_keys(self, pickles: Optional[List[Tuple[Any, Any]]] = None) -> Set[Any]:
        """The touched keys whose value may differ from the base's: a record that was read
        (so copied) and left as it was, or written back the same, is not one of them.
        ``pickles``: (key, its value's pickle) is appended for each, b"" if it was removed, a
        new ``object()`` (equal to nothing) if it does not pickle."""
        base = self.base
        out: Set[Any] = set()
        for key in self.touched:
            present = dict.__contains__(self, key)
            if pickles is None:
                if present and key in base and _unchanged(dict.__getitem__(self, key), base[key]):
                    continue
            elif present:
                value = dict.__getitem__(self, key)
                mine = _pickle(value)
                if key in base and (value is base[key] or (mine is not None and mine == _base_pickle(base[key]))):
                    continue
                pickles.append((key, object() if mine is None else mine))
            else:
                pickles.append((key, b""))
            out.add(key)
        return out

    # Overriding __iter__ makes dict(x), {**x} and dict.update(x) go through
    # keys() and __getitem__, so they copy instead of sharing base values.
    def __iter__(self):
        return dict.__iter__(self)

    def values(self):  # type: ignore[override]
        return ValuesView(self)

    def items(self):  # type: ignore[override]
        return ItemsView(self)

    def pop(self, key: Any, *default: Any) -> Any:
        if dict.__contains__(self, key):
            value = self._own(key)
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def popitem(self) -> Tuple[Any, Any]:
        if not self:
            raise KeyError("popitem(): dictionary is empty")
        key = next(reversed(dict.keys(self)))
        return key, self.pop(key)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return self._own(key)
        self[key] = default
        return default

    def update(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __ior__(self, other: Any) -> "CopyOnReadDict":
        self.update(other)
        return self

    def clear(self) -> None:
        self.touched.update(dict.keys(self))
        self.reordered = True
        dict.clear(self)

    def copy(self) -> Dict[Any, Any]:
        return {key: self[key] for key in dict.keys(self)}

    __copy__ = copy

    def __or__(self, other: Any) -> Dict[Any, Any]:
        merged = self.copy()
        merged.update(other)
        return merged

    def __ror__(self, other: Any) -> Dict[Any, Any]:
        merged = dict(other)
        merged.update(self.copy())
        return merged

    def __deepcopy__(self, memo: Dict[int, Any]) -> Dict[Any, Any]:
        return {key: copy.deepcopy(value, memo) for key, value in dict.items(self)}

    def __reduce__(self):
        return (dict, (list(dict.items(self)),))


class _Tables(CopyOnReadDict):
    """An overlay's top level: each table of S0 becomes its ``CopyOnReadDict`` when first
    reached (most episodes reach a few tables), each other value a private deep copy. Until
    then the base's own value stands in it, so what reads without copying (``dict.items``,
    ``read_record``, a path) reads S0's, which is what the table would show."""

    __slots__ = ("tables",)

    def __init__(self, base: Dict[Any, Any]) -> None:
        CopyOnReadDict.__init__(self, base)
        self.tables: Dict[Any, CopyOnReadDict] = {}  # the tables reached, by key

    def _own(self, key: Any) -> Any:
        value = dict.__getitem__(self, key)
        if key not in self.touched:
            if type(value) is dict:
                value = self.tables[key] = CopyOnReadDict(value)
            else:
                value = _copy_base(value)
            dict.__setitem__(self, key, value)
            self.touched.add(key)
        return value


class Overlay:
    """A working state over a frozen base: ``data`` is what tools receive."""

    __slots__ = ("base", "data", "_top", "_settled")

    def __init__(self, base: Dict[str, Any]) -> None:
        self.base = base
        self._settled: Optional[Set[RecordLoc]] = None
        self._top = _Tables(base)
        self.data: Any = self._top

    @property
    def _tables(self) -> Dict[Any, CopyOnReadDict]:
        return self._top.tables

    @property
    def touched(self) -> int:
        """How many records and top-level values it copied, wrote or removed."""
        return len(self._top.touched) + sum(len(t.touched) for t in self._top.tables.values())

    def changed_records(self, content: Optional[List[Any]] = None) -> Optional[Set[RecordLoc]]:
        """Record locations that may differ from the base.

        ``(table, key)`` for records inside an intact table, ``(key,)`` for a
        top-level value that is not a table or was replaced or added. ``None``
        if the state can no longer be compared by records (it is not a dict).
        A record that was only read is not one of them (``changed_keys``). ``content``: what
        they hold is appended (pickles; a table's key order if keys were added or moved): two
        states of one base with equal ``frozenset(content)`` are equal, key order included."""
        if self._settled is not None:
            if content is not None:
                content.append(object())  # not worked out for a settled state: equal to nothing
            return set(self._settled)
        data = self.data
        if not isinstance(data, dict):
            return None
        out: Set[RecordLoc] = set()
        top, base = self._top, self.base
        for key in data.keys() | base.keys():
            table = top.tables.get(key)
            if table is not None and data is top and dict.get(data, key, ABSENT) is table:
                pickles: Optional[List[Tuple[Any, Any]]] = None if content is None else []
                out.update((key, sub) for sub in table.changed_keys(pickles))
                if pickles and content is not None:
                    content.extend((key, sub, mine) for sub, mine in pickles)
                    if table.reordered or len(table) != len(table.base):  # records added or moved
                        content.append((key, tuple(dict.keys(table))))
            elif (data is top and key not in top.touched and type(dict.get(base, key)) is dict
                  and dict.get(data, key, ABSENT) is base[key]):
                continue  # a table of S0 never reached: unchanged
            else:
                out.add((key,))
                if content is not None:
                    value = dict.get(data, key, ABSENT)
                    mine = b"" if value is ABSENT else _pickle(value)
                    content.append((key, object() if mine is None else mine))
        if content is not None and (data is not top or top.reordered or len(top) != len(base)):
            content.append(tuple(dict.keys(data)))
        return out

    def settle(self) -> None:
        """Keep the changed records as they are now, for a state no one changes again (a
        ground truth shared by every rollout of its task): ``changed_records`` is then
        worked out once."""
        self._settled = self.changed_records()
        data = self.data
        if isinstance(data, dict):
            for key, table in self._tables.items():
                if dict.get(data, key) is table:
                    table.settled = True


def settled_record(state: Any, loc: RecordLoc) -> bool:
    """The record at ``loc`` sits in a table of a settled overlay: it never changes again,
    so what is worked out from it can be kept (``same_value``)."""
    if len(loc) != 2 or not isinstance(state, dict):
        return False
    table = dict.get(state, loc[0])
    return type(table) is CopyOnReadDict and table.settled


def copy_kept(kept: Any) -> Any:
    """``deep_copy(kept)`` where ``kept`` never changes again: from its kept pickle."""
    return _copy_base(kept)


def same_value(value: Any, kept: Any) -> bool:
    """``hashing.identical(value, kept)`` where ``kept`` never changes again (a record of S0 or
    of a settled overlay): its pickle is made once, not once per comparison."""
    if value is kept:
        return True
    return _unchanged(value, kept)


def changed_between(a: Optional[Overlay], b: Optional[Overlay],
                    content: Optional[List[Any]] = None) -> Optional[Set[RecordLoc]]:
    """Records that may differ between two overlays of the same base, else None.
    ``content``: what ``a``'s changed records hold is appended (``Overlay.changed_records``)."""
    if a is None or b is None or a.base is not b.base:
        return None
    ra, rb = a.changed_records(content), b.changed_records()
    if ra is None or rb is None:
        return None
    return _normalize(ra | rb)


def _normalize(records: Iterable[RecordLoc]) -> Set[RecordLoc]:
    """Drop (table, key) records covered by a whole-table (table,) record."""
    records = set(records)
    whole = {r[0] for r in records if len(r) == 1}
    return {r for r in records if len(r) == 1 or r[0] not in whole}


def all_records(*states: Dict[str, Any]) -> Set[RecordLoc]:
    """Every record location of the given plain states (the slow, general case)."""
    out: Set[RecordLoc] = set()
    keys = set().union(*(s.keys() for s in states))
    for key in keys:
        values = [s[key] for s in states if key in s]
        if len(values) == len(states) and all(isinstance(v, dict) for v in values):
            for sub in set().union(*(dict.keys(v) for v in values)):
                out.add((key, sub))
        else:
            out.add((key,))
    return out


_ABSENT = object()


def read_record(state: Dict[str, Any], loc: RecordLoc) -> Any:
    """The value at a record location without copying (``_ABSENT`` if missing)."""
    node: Any = state
    for key in loc:
        if not isinstance(node, dict) or not dict.__contains__(node, key):
            return _ABSENT
        node = dict.__getitem__(node, key)
    return node


ABSENT = _ABSENT
