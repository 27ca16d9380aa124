"""Regular expressions compiled when first used, not on import: Python's ``re`` parses and
compiles a pattern in Python (a large alternation takes a millisecond), and a reader's patterns
for rare cases (a masked email, a card's last digits, a courier named in a detail of an order)
may never be used in a run. ``lazy(pattern, flags)`` stands for ``re.compile(pattern, flags)``:
its matching methods are the compiled pattern's once one is first asked for, so it matches as
that pattern does and costs no more per call after; ``pattern`` is known before."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["lazy", "LazyPattern"]

_MADE = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner",
         "flags", "groups", "groupindex")


class LazyPattern:
    """``re.compile(pattern, flags)``, made on first use of anything but ``pattern``."""

    __slots__ = ("pattern", "_flags") + _MADE

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:  # only for what is not made yet (an empty slot) or not held
        compiled = re.compile(self.pattern, self._flags)
        for made in _MADE:
            setattr(self, made, getattr(compiled, made))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._flags!r})"


def lazy(pattern: str, flags: int = 0) -> Any:
    """A pattern compiled on first use (typed ``Any``: it is used as a ``re.Pattern``)."""
    return LazyPattern(pattern, flags)
