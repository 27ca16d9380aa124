"""Compare databases by the records a replay touched, not by hashing them whole.

One working environment per domain: its database's top-level tables (dicts of
records) are wrapped so that every record looked up, added or removed is
noted. Writing calls are replayed on it, the touched records are dumped as
canonical JSON (what tau2 hashes), and the records are restored from a
pristine copy. Two states reached from the same initial database are equal
exactly when they agree on the union of their touched records (every other
record is the initial one in both). A call that iterates a whole table marks
the replay as untracked, and the caller falls back to hashing.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable, Dict, Iterable, Optional, Set, Tuple

from pydantic import BaseModel

_ABSENT = "\x00absent"

Touched = Dict[Tuple[str, Any], str]  # (table, key) -> canonical JSON of the record, or _ABSENT


def _canonical(record: Any) -> str:
    data = record.model_dump() if isinstance(record, BaseModel) else record
    return json.dumps(data, sort_keys=True, default=str)


class TrackingDict(dict):
    """A dict that notes the keys handed out or changed, and whether it was iterated."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.touched: Set[Any] = set()
        self.iterated = False

    def __getitem__(self, key: Any) -> Any:
        self.touched.add(key)
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        self.touched.add(key)
        return super().get(key, default)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.touched.add(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self.touched.add(key)
        super().__delitem__(key)

    def pop(self, key: Any, *default: Any) -> Any:
        self.touched.add(key)
        return super().pop(key, *default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self.touched.add(key)
        return super().setdefault(key, default)

    def _all(self) -> None:
        self.iterated = True

    def __iter__(self):
        self._all()
        return super().__iter__()

    def keys(self):
        self._all()
        return super().keys()

    def values(self):
        self._all()
        return super().values()

    def items(self):
        self._all()
        return super().items()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._all()
        super().update(*args, **kwargs)

    def popitem(self) -> Any:
        self._all()
        return super().popitem()

    def clear(self) -> None:
        self._all()
        super().clear()


class IncrementalDB:
    """A working environment whose replays report the records they touched."""

    def __init__(self, constructor: Callable[..., Any]) -> None:
        self.env = constructor()
        self.pristine = constructor().tools.db
        db = self.env.tools.db
        self.tables = [name for name in type(db).model_fields if isinstance(getattr(db, name), dict)]
        self.others = [name for name in type(db).model_fields if name not in self.tables]
        for name in self.tables:
            object.__setattr__(db, name, TrackingDict(getattr(db, name)))
        self._initial: Dict[Tuple[str, Any], str] = {}
        self._other_initial = {name: _canonical_field(getattr(self.pristine, name)) for name in self.others}

    def initial(self, table: str, key: Any) -> str:
        if (table, key) not in self._initial:
            records = getattr(self.pristine, table)
            self._initial[(table, key)] = _canonical(records[key]) if key in records else _ABSENT
        return self._initial[(table, key)]

    def replay(self, run: Callable[[Any], None]) -> Optional[Touched]:
        """Run ``run(env)``, then restore; the touched records' final JSON, or None if untracked."""
        db = self.env.tools.db
        tracked = [getattr(db, name) for name in self.tables]
        for table in tracked:
            table.touched, table.iterated = set(), False
        try:
            run(self.env)
        finally:
            iterated = any(table.iterated for table in tracked)
            touched: Touched = {}
            changed_other = [n for n in self.others if _canonical_field(getattr(db, n)) != self._other_initial[n]]
            for name, table in zip(self.tables, tracked):
                for key in table.touched:
                    present = dict.__contains__(table, key)
                    touched[(name, key)] = _canonical(dict.__getitem__(table, key)) if present else _ABSENT
            self._restore(tracked, changed_other)
        if iterated or changed_other:
            return None
        return touched

    def _restore(self, tracked: Iterable[TrackingDict], changed_other: Iterable[str]) -> None:
        db = self.env.tools.db
        for name, table in zip(self.tables, tracked):
            source = getattr(self.pristine, name)
            for key in table.touched:
                if key in source:
                    dict.__setitem__(table, key, copy.deepcopy(source[key]))
                elif dict.__contains__(table, key):
                    dict.__delitem__(table, key)
            if table.iterated:  # restore the whole table
                dict.clear(table)
                for key, value in source.items():
                    dict.__setitem__(table, key, copy.deepcopy(value))
            table.touched, table.iterated = set(), False
        for name in changed_other:
            object.__setattr__(db, name, copy.deepcopy(getattr(self.pristine, name)))

    def same(self, a: Touched, b: Touched) -> bool:
        """Whether two replays from the initial database ended in the same state."""
        for key in set(a) | set(b):
            left = a[key] if key in a else self.initial(*key)
            right = b[key] if key in b else self.initial(*key)
            if left != right:
                return False
        return True


def _canonical_field(value: Any) -> str:
    if isinstance(value, BaseModel):
        return _canonical(value)
    return json.dumps(value, sort_keys=True, default=str)
