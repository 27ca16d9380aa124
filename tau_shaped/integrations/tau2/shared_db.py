"""One validated tau2 database per process; every environment a copy-on-access view of it.

tau2 builds an environment by loading and validating its whole database file (airline: a
third of a second), and its evaluator does so twice per simulation. Here the database of a
domain (and data folder) is validated once a process and never changed; an environment's
database is a *view*: the same model class built without validation, whose tables are
:class:`CopyOnAccessTable` over the pristine tables. A record is shared until a tool reaches
it, then replaced in that view by a private deep copy, so no tool can change the pristine
database through a view, and the view knows which records it touched. Fields that are not
tables are deep-copied per view.

Two views over the same pristine database hold the same state exactly when they agree on
every record either touched (the others are the pristine ones in both) and on the other
fields (:func:`touched_records`, :meth:`SharedDatabase.same`). A view whose table was iterated
for its records reports no touched set (the caller hashes instead). Hashing a view
(``get_db_hash``) dumps it as tau2 dumps its own database: the same bytes, the same hash.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import json
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple

from pydantic import BaseModel

ABSENT = "\x00absent"

Touched = Dict[Tuple[str, Any], str]  # (table, key) -> canonical JSON of the record, or ABSENT


def canonical(record: Any) -> str:
    """A record's JSON as tau2 hashes it (its dump, keys sorted)."""
    data = record.model_dump() if isinstance(record, BaseModel) else record
    return json.dumps(data, sort_keys=True, default=str)


@contextlib.contextmanager
def bulk_load(keep: bool = False) -> Iterator[None]:
    """The cyclic garbage collector paused while a database (or tau2's modules) is loaded: a load
    allocates a few hundred thousand objects and frees none, so each of the collector's passes
    over them is pure cost (a third of a cold ``tau-shaped score`` on a tau2 file). Restored after,
    as it was (a caller that had paused it keeps it paused).

    ``keep``: what was loaded stays for the whole process (the database validated once), so it is
    moved out of the collector's sight (``gc.freeze``): a later full collection does not walk it
    again. Reference counting still frees anything frozen that is let go."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        if keep:
            gc.freeze()
    finally:
        if enabled:
            gc.enable()


class CopyOnAccessTable(dict):
    """A table of a view: the pristine records until a key is reached, then a private copy.

    ``touched``: every key read, written or removed through the table; ``iterated``: its
    records were handed out by iteration (each then copied), so ``touched`` does not bound
    what a tool may have changed through them."""

    def __init__(self, pristine: Dict[Any, Any]) -> None:
        super().__init__(pristine)
        self.own: Set[Any] = set()
        self.touched: Set[Any] = set()
        self.iterated = False

    def _private(self, key: Any) -> None:
        if key not in self.own and dict.__contains__(self, key):
            dict.__setitem__(self, key, copy.deepcopy(dict.__getitem__(self, key)))
            self.own.add(key)

    def _all(self) -> None:
        self.iterated = True
        for key in list(dict.keys(self)):
            self._private(key)
            self.touched.add(key)

    def __getitem__(self, key: Any) -> Any:
        self.touched.add(key)
        self._private(key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return self[key]
        self.touched.add(key)
        return default

    def __setitem__(self, key: Any, value: Any) -> None:
        self.touched.add(key)
        self.own.add(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self.touched.add(key)
        dict.__delitem__(self, key)
        self.own.discard(key)

    def pop(self, key: Any, *default: Any) -> Any:
        self.touched.add(key)
        self._private(key)
        self.own.discard(key)
        return dict.pop(self, key, *default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if not dict.__contains__(self, key):
            self[key] = default
        return self[key]

    def __iter__(self) -> Iterator[Any]:
        self._all()
        return dict.__iter__(self)

    def keys(self) -> Any:
        self._all()
        return dict.keys(self)

    def values(self) -> Any:
        self._all()
        return dict.values(self)

    def items(self) -> Any:
        self._all()
        return dict.items(self)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._all()
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def popitem(self) -> Any:
        self._all()
        return dict.popitem(self)

    def clear(self) -> None:
        self._all()
        dict.clear(self)

    def copy(self) -> Dict[Any, Any]:
        self._all()
        return dict(dict.items(self))

    def __deepcopy__(self, memo: Dict[int, Any]) -> Dict[Any, Any]:  # a plain private dict
        return {key: copy.deepcopy(value, memo) for key, value in dict.items(self)}

    def __reduce_ex__(self, protocol: Any) -> Any:  # pickled as the plain dict it holds
        return dict, (dict(dict.items(self)),)


class SharedDatabase:
    """A domain's database validated once, and views of it (see the module's docstring)."""

    def __init__(self, pristine: BaseModel) -> None:
        self.pristine = pristine
        self.db_class = type(pristine)
        fields = type(pristine).model_fields
        self.tables: List[str] = [name for name in fields if isinstance(getattr(pristine, name), dict)]
        self.others: List[str] = [name for name in fields if name not in self.tables]
        self._initial: Dict[Tuple[str, Any], str] = {}
        self._other_initial = {name: canonical(getattr(pristine, name)) for name in self.others}

    def view(self) -> BaseModel:
        """A database model over the pristine one: tables copied on access, other fields copied."""
        values: Dict[str, Any] = {name: CopyOnAccessTable(getattr(self.pristine, name)) for name in self.tables}
        values.update({name: copy.deepcopy(getattr(self.pristine, name)) for name in self.others})
        return self.db_class.model_construct(_fields_set=set(self.pristine.model_fields_set), **values)

    def initial(self, table: str, key: Any) -> str:
        """The pristine record's canonical JSON (cached), or ABSENT."""
        if (table, key) not in self._initial:
            records = getattr(self.pristine, table)
            self._initial[(table, key)] = canonical(records[key]) if key in records else ABSENT
        return self._initial[(table, key)]

    def touched_records(self, db: Any) -> Optional[Touched]:
        """The records a view touched, as canonical JSON; None when it cannot tell (not one of
        its views any more, a table iterated for its records, another field changed)."""
        tables = [getattr(db, name, None) for name in self.tables]
        if type(db) is not self.db_class or not all(isinstance(t, CopyOnAccessTable) for t in tables):
            return None
        if any(t.iterated for t in tables):
            return None
        if any(canonical(getattr(db, name)) != self._other_initial[name] for name in self.others):
            return None
        out: Touched = {}
        for name, table in zip(self.tables, tables):
            for key in table.touched:
                if dict.__contains__(table, key):
                    out[(name, key)] = canonical(dict.__getitem__(table, key)) if key in table.own \
                        else self.initial(name, key)
                else:
                    out[(name, key)] = ABSENT
        return out

    def same(self, a: Touched, b: Touched) -> bool:
        """Whether two views' states are equal, from the records they touched."""
        for key in a.keys() | b.keys():
            left = a[key] if key in a else self.initial(*key)
            right = b[key] if key in b else self.initial(*key)
            if left != right:
                return False
        return True


def shared_constructor(name: str, shared: SharedDatabase, get_environment: Callable[..., Any]) -> Callable[..., Any]:
    """tau2's environment constructor of ``name`` with each environment on a view of ``shared``
    (``construct.shared`` is it)."""

    def construct(solo_mode: bool = False, **_: Any) -> Any:
        return get_environment(db=shared.view(), solo_mode=solo_mode)

    construct.__name__ = f"{name}_environment_on_a_shared_database"
    construct.shared = shared  # type: ignore[attr-defined]
    return construct
