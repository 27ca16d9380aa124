"""Tool calls that left the state as S0 had it, shared by the replays that begin with the same calls.

The rollouts of a task mostly open alike: the agent finds the customer, reads the order, reads
the profile, with the same arguments at the same steps, before they part ways. Each replay ran
those look-ups again (a third of a GRPO batch's tool calls are look-ups that an earlier replay
of the same opening already made). What a replay's call gives is a function of S0, the
episode's seed and the calls before it with their steps (a respond step's words are no input to
any tool): its observation, its events, the draws it takes and the state it leaves. So a call
made while the replay's state is still S0's (every call before it changed nothing) and that
left it so, drew nothing and raised no fault of its code, is kept by that opening (the calls
as the messages wrote them, ``ParsedTrajectory.replay_key``, up to and with it): a later replay
whose opening is the same takes its observation and events, and skips the call. The state it
then has is S0's, as the call would have left it, with fewer records copied (a record only read
is no change: ``Overlay.changed_records`` leaves it out, and every reader of the overlay reads
values, not copies).

An opening is a path in a tree of ``CallNode``s, one tree per (S0, tools, seed), each held with
the objects it belongs to (compared by identity); bounded by the number of openings and the size
of the kept observations (full, every tree is forgotten at once).
"""

from __future__ import annotations

import json
import math
import threading
from typing import Any, Dict, Hashable, List, Optional, Tuple

from tau_shaped.env.overlay import ABSENT, CopyOnReadDict, same_value
from tau_shaped.env.types import RESPOND_ACTION_NAME

MAX_CALLS = 1 << 16  # openings over all trees; then forgotten all at once
MAX_BYTES = 16 << 20  # the kept observations' text (and a count per call and event); then likewise
_CALL_BYTES = 200


class CallNode:
    """One opening: the call that ends it as kept (observation, known, events), or None when
    none is (the call changed the state, drew, faulted, or has not been seen), and the openings
    one step longer."""

    __slots__ = ("kept", "next")

    def __init__(self) -> None:
        self.kept: Optional[Tuple[str, bool, Tuple[Any, ...]]] = None
        self.next: Dict[Hashable, "CallNode"] = {}



class CallMemo:
    """The trees of kept calls, by (S0, tools, seed)."""

    def __init__(self, max_calls: int = MAX_CALLS, max_bytes: int = MAX_BYTES) -> None:
        self.max_calls, self.max_bytes = max_calls, max_bytes
        self.calls = 0
        self.bytes = 0
        self.taken = 0  # calls a replay took from the kept ones (a count for tests and benchmarks)
        self._trees: Dict[Tuple[int, int, Any], Tuple[Any, Any, CallNode]] = {}
        self._lock = threading.Lock()

    def root(self, base: Any, tools_map: Any, seed: Any) -> CallNode:
        """The tree of the replays on ``base`` with ``tools_map`` and ``seed`` (these very objects)."""
        key = (id(base), id(tools_map), seed)
        found = self._trees.get(key)
        if found is not None and found[0] is base and found[1] is tools_map:
            return found[2]
        with self._lock:
            tree = CallNode()
            self._trees[key] = (base, tools_map, tree)
        return tree

    def child(self, node: CallNode, step: Hashable) -> CallNode:
        """The opening ``node``'s one step longer by ``step`` (made the first time)."""
        found = node.next.get(step)
        if found is None:
            with self._lock:
                if self.calls >= self.max_calls:
                    self._trees.clear()
                    self.calls = self.bytes = 0
                self.calls += 1
            found = node.next.setdefault(step, CallNode())
        return found

    def keep(self, node: CallNode, observation: str, known: bool, events: List[Any]) -> None:
        """Keep the call that ends ``node``'s opening (its observation's text counted against
        ``max_bytes``: full, every tree is forgotten at once)."""
        with self._lock:
            self.bytes += len(observation) + _CALL_BYTES * (1 + len(events))
            if self.bytes > self.max_bytes:
                self._trees.clear()
                self.calls = self.bytes = 0
        node.kept = (observation, known, tuple(events))


def unchanged(overlay: Any) -> bool:
    """The overlay's state is still its base's, value for value: every record and top-level
    value it copied is as it was (equal pickles: ``same_value``), and none was written
    otherwise, added, removed or moved. False says nothing."""
    top, base = overlay.data, overlay.base
    tables = getattr(top, "tables", None)
    if not isinstance(top, CopyOnReadDict) or not isinstance(tables, dict) or top.reordered or len(top) != len(base):
        return False
    for key in top.touched:
        value = dict.get(top, key, ABSENT)
        if value is ABSENT or key not in base:
            return False
        table = tables.get(key)
        if table is not None and value is table:
            if table.reordered or len(table) != len(table.base) or table.changed_keys():
                return False
        elif not same_value(value, base[key]):
            return False
    return True


def call_memo_of(owner: Any) -> Optional[CallMemo]:
    """``owner``'s kept calls (an env's, shared by its ground truths and rollouts), made on
    first use; None for an owner that cannot keep them (no instance dict)."""
    attrs = getattr(owner, "__dict__", None)
    if not isinstance(attrs, dict):
        return None
    memo = attrs.get("_call_memo")
    if memo is None:
        memo = attrs["_call_memo"] = CallMemo()
    return memo


def actions_key(actions: Any) -> Tuple[Any, ...]:
    """The opening of ``actions`` (a task's ground truth) as a rollout's messages would write it
    (``replay_key``: a respond step's place, a call's name and arguments' text), as far as the
    text is sure to read back as the very arguments: ``json.dumps`` of plain JSON (objects with
    string keys, lists, strings, finite numbers, booleans, null, each of its exact type) reads
    back equal, key order and types included; the first call with other arguments ends it."""
    key: List[Any] = []
    for action in actions:
        name, kwargs = getattr(action, "name", None), getattr(action, "kwargs", None)
        if name == RESPOND_ACTION_NAME:
            key.append(RESPOND_ACTION_NAME)
            continue
        if not isinstance(name, str) or not _plain(kwargs, 0):
            break
        try:
            key.append((name, json.dumps(kwargs)))
        except ValueError:  # an integer too long to write
            break
    return tuple(key)


def _plain(value: Any, depth: int) -> bool:
    kind = type(value)
    if kind is dict:
        return depth < 32 and all(type(k) is str and _plain(v, depth + 1) for k, v in value.items())
    if kind is list:
        return depth < 32 and all(_plain(v, depth + 1) for v in value)
    if kind is float:
        return math.isfinite(value)
    return kind is str or kind is int or kind is bool or value is None
