"""Values kept by the identity of the object they were worked out from.

Much of what scoring derives depends on an object that is never changed while it is used: S0
(frozen once loaded), a settled ground truth, a validated predicate or matcher (frozen
models). Such a value is kept by that object's identity, with an optional extra part of the
key (a field name, a customer id); the object is kept beside it, so its id cannot be taken by
another object while the entry lives. Bounded: full, it is cleared at once, and the next use
works out again what it needs (a scoring run meets a handful of worlds and a task's objects
again and again; an LRU's bookkeeping would cost more than the rare rebuild).
"""

from __future__ import annotations

import threading
from operator import is_not
from collections import OrderedDict
from typing import Any, Callable, Dict, Generic, Hashable, Optional, Tuple, TypeVar

V = TypeVar("V")


class IdentityCache(Generic[V]):
    """Values by (an object's identity, an extra key); at most ``max_entries``."""

    __slots__ = ("max_entries", "_entries", "_lock")

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max_entries
        self._entries: Dict[Tuple[int, Hashable], Tuple[Any, V]] = {}
        self._lock = threading.Lock()

    def get(self, obj: Any, extra: Hashable = None) -> Optional[V]:
        """The value kept for ``obj`` (this very object) and ``extra``, or None."""
        found = self._entries.get((id(obj), extra))
        return found[1] if found is not None and found[0] is obj else None

    def put(self, obj: Any, value: V, extra: Hashable = None) -> V:
        """Keep ``value`` for ``obj`` and ``extra``; returns it."""
        with self._lock:
            if len(self._entries) >= self.max_entries:
                self._entries.clear()
            self._entries[(id(obj), extra)] = (obj, value)
        return value

    def get_or_make(self, obj: Any, make: Callable[[], V], extra: Hashable = None) -> V:
        """The value kept for ``obj`` and ``extra``, made by ``make()`` and kept the first time."""
        found = self._entries.get((id(obj), extra))
        if found is not None and found[0] is obj:
            return found[1]
        return self.put(obj, make(), extra)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


class OwnedLRU(Generic[V]):
    """Values by the identities of the objects they were worked out from (``owners``, held by
    the entry and compared by identity) and a key; at most ``size``, the least recently used
    forgotten first (for what a run keeps a few of at a time: a GRPO group's replays and
    states, ``reward/replay_memo``, ``reward/state_memo``). Thread-safe; counts its hits and
    misses."""

    __slots__ = ("size", "_entries", "_lock", "hits", "misses")

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: "OrderedDict[Tuple[Any, ...], Tuple[Tuple[Any, ...], V]]" = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, owners: Tuple[Any, ...], key: Hashable) -> Optional[V]:
        """The value kept for these very owners and ``key``, or None."""
        full = (tuple(map(id, owners)), key)
        with self._lock:
            entry = self._entries.get(full)
            if entry is None or any(map(is_not, entry[0], owners)):  # (held by the entry: never another's id)
                self.misses += 1
                return None
            self._entries.move_to_end(full)
            self.hits += 1
            return entry[1]

    def put(self, owners: Tuple[Any, ...], key: Hashable, value: V) -> V:
        """Keep ``value`` for the owners and ``key`` (the most recently used); returns it."""
        full = (tuple(map(id, owners)), key)
        with self._lock:
            self._entries[full] = (owners, value)
            self._entries.move_to_end(full)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
