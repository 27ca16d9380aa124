"""What the held-out sets of the consent and value readers share (tests/reward/reading/
test_*_heldout_*.py): each case read once, the cases read otherwise than labelled, and per class
how many were right, passed wrongly, failed wrongly, and (for a reader that may abstain) left
undecided where the label decides or decided where it does not. A set's module names its own
verdicts (``passing``: the verdict that grants; ``unsure``: the abstaining one) and columns."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

__all__ = ["misread", "tally", "print_table"]


def misread(cases: Sequence[Any], verdict: Callable[[Any], str]) -> List[Tuple[Any, str]]:
    """The cases whose verdict is not their label, each with the verdict."""
    return [(c, got) for c in cases if (got := verdict(c)) != c.label]


def tally(cases: Sequence[Any], verdict: Callable[[Any], str], passing: str, unsure: Optional[str] = None,
          names: Tuple[str, ...] = ("false_pass", "false_fail", "undetermined_wrongly", "decided_wrongly"),
          count_unsure: bool = False) -> Dict[str, Counter]:
    """Per class (``case.cls``): ``cases``, ``right``, then under ``names`` the cases read as
    ``passing`` wrongly and those labelled ``passing`` read otherwise, and (with ``unsure``) read
    as ``unsure`` wrongly and labelled ``unsure`` but decided; ``count_unsure``: instead of the last
    two, an ``undetermined`` column of every case read as ``unsure``."""
    out: Dict[str, Counter] = defaultdict(Counter)
    for c in cases:
        got = verdict(c)
        t = out[c.cls]
        t["cases"] += 1
        t["right"] += got == c.label
        t[names[0]] += got == passing and c.label != passing
        t[names[1]] += c.label == passing and got != passing
        if unsure is not None and count_unsure:
            t["undetermined"] += got == unsure
        elif unsure is not None:
            t[names[2]] += got == unsure and c.label != unsure
            t[names[3]] += c.label == unsure and got != unsure
    return out


def print_table(rows: Dict[str, Counter], keys: Sequence[str], first: int, width: int) -> None:
    """The tally as a table, a row a class and a total."""
    print("class".ljust(first) + "".join(k.rjust(width) for k in keys))
    total: Counter = Counter()
    for cls, t in rows.items():
        total.update(t)
        print(cls.ljust(first) + "".join(str(t[k]).rjust(width) for k in keys))
    print("TOTAL".ljust(first) + "".join(str(total[k]).rjust(width) for k in keys))
