"""The prefix table ``identifiers`` looks a message's joined tokens up in (SPEC §10): for a text,
the kinds of the values it is (sorted), ``()`` where it only begins one or more values, None
where it begins none. Worked out on first lookup of each text (a sorted list of the values and one
bisection) and kept, instead of every prefix of every value made ahead: a world's customers have
some hundred thousand prefixes, a batch's messages look up a few thousand texts."""

from __future__ import annotations

from bisect import bisect_left
from typing import Dict, List, Optional, Set, Tuple, Union

__all__ = ["Prefixes"]

_KEPT_MOST = 1 << 18  # texts kept at most; full, they are all forgotten at once


class Prefixes(Dict[str, Optional[Tuple[str, ...]]]):
    """``prefixes[text]``: what ``text`` is of the values ``kinds`` holds (its skeletons, each with
    its kinds: a set, or a tuple in order), as a table of every prefix would say; ``kinds`` is not
    changed after."""

    def __init__(self, kinds: Dict[str, Union[Set[str], Tuple[str, ...]]]) -> None:
        super().__init__()
        self._kinds = kinds
        self._sorted: List[str] = sorted(kinds)

    def __missing__(self, text: str) -> Optional[Tuple[str, ...]]:
        kinds = self._kinds.get(text)
        if kinds is not None:
            found: Optional[Tuple[str, ...]] = kinds if isinstance(kinds, tuple) else tuple(sorted(kinds))
        else:  # the values text begins, if any, come first among those after it
            values = self._sorted
            at = bisect_left(values, text)
            found = () if text and at < len(values) and values[at].startswith(text) else None
        if len(self) >= _KEPT_MOST:
            self.clear()
        self[text] = found
        return found
