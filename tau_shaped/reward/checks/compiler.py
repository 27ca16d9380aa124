"""Compiling predicates into checks, once (SPEC §5): each node's kind turns it into a function
of a ``Run``; the result is kept per predicate object and demand, so a task's bound rules are
compiled once however many trajectories are scored against them."""

from __future__ import annotations

from typing import Any, Dict, Tuple

from tau_shaped.reward.checks.registry import FULL, Check, Compiler, kind_of

# per (predicate id, demand): the predicate (kept, so its id is not reused) and its check
_COMPILED: Dict[Tuple[int, int], Tuple[Any, Check]] = {}
_LIMIT = 1 << 15


class _Compiler(Compiler):
    def child(self, pred: Any, demand: int = FULL) -> Check:
        return compile_predicate(pred, demand)


_COMPILER = _Compiler()


def compile_predicate(pred: Any, demand: int = FULL) -> Check:
    """The check of ``pred`` (a TypeError if it is no predicate), compiled on first use."""
    key = (id(pred), demand)
    found = _COMPILED.get(key)
    if found is not None and found[0] is pred:
        return found[1]
    check = kind_of(pred).compile(pred, _COMPILER, demand)
    if len(_COMPILED) >= _LIMIT:
        _COMPILED.clear()
    _COMPILED[key] = (pred, check)
    return check
