"""Compiling predicates into checks, once (SPEC §5): each node's kind turns it into a function
of a ``Run``. A task's checks are compiled together when its set-up is built (``typed_checks``),
kept with it and reused by every trajectory scored against it; a node shared by several checks
is compiled once per demand (``memo``)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from tau_shaped.reward.checks.registry import FULL, Check, Compiler, kind_of


class _Compiler(Compiler):
    def __init__(self, memo: Dict[Tuple[int, int], Check]) -> None:
        self.memo = memo

    def child(self, pred: Any, demand: int = FULL) -> Check:
        return compile_predicate(pred, demand, self.memo)


def compile_predicate(pred: Any, demand: int = FULL, memo: Optional[Dict[Tuple[int, int], Check]] = None) -> Check:
    """The check of ``pred`` (a TypeError if it is no predicate). ``memo``: the checks compiled
    so far in one build, by (predicate id, demand); the predicates must outlive it."""
    if memo is None:
        memo = {}
    key = (id(pred), demand)
    check = memo.get(key)
    if check is None:
        check = memo[key] = kind_of(pred).compile(pred, _Compiler(memo), demand)
    return check
