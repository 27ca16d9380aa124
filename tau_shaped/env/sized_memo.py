"""Values kept by the text they are a function of, held up to a number of bytes.

A GRPO step's rollouts repeat texts: a tool's result over the same records, a task's
``info.task`` in every line. What is worked out from such a text (its JSON encoding) may be
kept by the text itself (equal texts, equal answers), within a budget of bytes the caller
counts per entry; over it, the memo is emptied at once (it only ever saves time).
"""

from __future__ import annotations

from typing import Dict, Generic, Hashable, Optional, TypeVar

V = TypeVar("V")


class SizedMemo(Generic[V]):
    """Values by key, holding at most ``limit`` bytes as counted by ``put``'s ``size``."""

    __slots__ = ("limit", "held", "_entries")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held = 0
        self._entries: Dict[Hashable, V] = {}

    def get(self, key: Hashable) -> Optional[V]:
        return self._entries.get(key)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def __iter__(self):  # the keys held
        return iter(self._entries)

    def put(self, key: Hashable, value: V, size: int) -> V:
        """Keep ``value`` for ``key``, counting ``size`` bytes for a new key; a key whose size
        alone is over the budget is not kept."""
        if key not in self._entries:
            if size > self.limit:
                return value
            if self.held + size > self.limit:
                self._entries.clear()
                self.held = 0
            self.held += size
        self._entries[key] = value
        return value

    def add(self, key: Hashable, item: object, size: int) -> None:
        """Add ``item`` to the tuple kept for ``key`` (a bucket: the items whose cheap key is the
        same, told apart by the caller), counting ``size`` bytes for it; an item whose size alone
        is over the budget is not kept. Full, the memo lets its entries go at once."""
        if size > self.limit:
            return
        if self.held + size > self.limit:
            self._entries = {}
            self.held = 0
        self.held += size
        found = self._entries.get(key)
        self._entries[key] = (item,) if found is None else found + (item,)  # type: ignore[assignment, operator]
