"""The ground truth of a (task, seed), computed once and reused (issue: GT cache).

Replaying a task's ground-truth actions on a fresh S0 gives Sg (SPEC §1);
its legacy hash is computed lazily, once. Every trajectory of that task and
seed is then scored against the cached Sg: no reload, no replay, no rehash.
The cache key includes a fingerprint of the task's actions, so an edited
task is never scored against a stale ground truth.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.env.call_memo import CallMemo, actions_key
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.env.state_digest import overlay_hash
from tau_shaped.env.overlay import Overlay
from tau_shaped.env.trajectory import Trajectory
from tau_shaped.reward.ground_truth_store import GroundTruthStore


@dataclass
class GroundTruth:
    seed: int
    overlay: Overlay
    trajectory: Optional[Trajectory]  # None when loaded from a GroundTruthStore (its failed steps kept)
    _hash: Optional[str] = field(default=None, repr=False)
    _failed: Optional[List[Tuple[int, str, str]]] = field(default=None, repr=False)
    _raised: Optional[Dict[int, str]] = field(default=None, repr=False)

    @property
    def data(self) -> Dict[str, Any]:
        return self.overlay.data

    @property
    def data_hash(self) -> str:
        """tau-bench's ``gt_data_hash``: computed on first use, then kept."""
        if self._hash is None:
            self._hash = overlay_hash(self.overlay.data, self.overlay.base)
        return self._hash

    @property
    def failed_steps(self) -> List[Tuple[int, str, str]]:
        """(step, tool, observation) of every ground-truth tool call that errored."""
        if self.trajectory is None:
            return list(self._failed or [])
        return [
            (s.index, s.action.name, s.observation)
            for s in self.trajectory.steps
            if not s.is_respond and not s.succeeded
        ]

    @property
    def code_errors(self) -> Dict[int, str]:
        """The failed steps whose tool's *code* raised (not a refusal: ``Step.code_error``), with
        the error, by step."""
        if self.trajectory is None:
            return dict(self._raised or {})
        return {s.index: s.code_error for s in self.trajectory.steps if s.code_error}


def task_fingerprint(task: Any) -> str:
    actions = [{"name": a.name, "kwargs": a.kwargs} for a in task.actions]
    text = json.dumps(actions, sort_keys=True, default=repr)
    return sha256(text.encode("utf-8")).hexdigest()


class GroundTruthCache:
    """A bounded LRU of ground truths keyed by (task fingerprint, seed)."""

    # a GRPO step samples ~1,000 tasks: each keeps its ground truth across the step's rollouts
    # (food delivery: ~0.1 MB each, measured over its 1,216 training tasks)
    def __init__(self, max_entries: int = 2048, store: Optional[GroundTruthStore] = None) -> None:
        self.max_entries = max_entries
        self.store = store if store is not None else GroundTruthStore.from_env()  # opt-in: TAU_SHAPED_GT_CACHE
        self._entries: "OrderedDict[Tuple[str, int], GroundTruth]" = OrderedDict()
        self._lock = threading.RLock()
        self.hits = 0
        self.misses = 0
        # each task's fingerprint by identity, with the action list it was worked out from, as
        # the env's task set-ups are: a GRPO step asks for every rollout of a task
        self._prints: "IdentityCache[Tuple[Any, str]]" = IdentityCache(4 * max_entries)

    def fingerprint(self, task: Any) -> str:
        """``task_fingerprint(task)``, worked out once per task object (and its action list)."""
        hit = self._prints.get(task)
        actions = getattr(task, "actions", None)
        if hit is not None and hit[0] is actions:
            return hit[1]
        return self._prints.put(task, (actions, task_fingerprint(task)))[1]

    def get(
        self,
        task: Any,
        seed: int,
        base: Dict[str, Any],
        tools_map: Any,
        skip: Sequence[str],
        calls: Optional[CallMemo] = None,
    ) -> GroundTruth:
        """``calls``: the kept calls its replay may take and keep (``call_memo``: the rollouts of
        the task open with its look-ups)."""
        with self._lock:
            key = (self.fingerprint(task), seed)
            return self._get(key, task, seed, base, tools_map, skip, calls)

    def _get(self, key: Tuple[str, int], task: Any, seed: int, base: Dict[str, Any], tools_map: Any, skip: Sequence[str],
             calls: Optional[CallMemo] = None) -> GroundTruth:
        found = self._entries.get(key)
        if found is not None and found.overlay.base is base:
            self.hits += 1
            self._entries.move_to_end(key)
            return found
        self.misses += 1
        truth = None
        if self.store is not None:
            stored_key = self.store.key(key[0], seed, base, tools_map, skip)
            found = self.store.load(stored_key, base)
            if found is not None:
                truth = GroundTruth(seed=seed, overlay=found[0], trajectory=None, _failed=found[1], _hash=found[2],
                                    _raised=found[3])
        if truth is None:
            runner = EpisodeRunner(base, tools_map, seed)
            runner.replay(task.actions, skip=skip, calls=None if calls is None else
                          (calls, calls.root(base, tools_map, seed), actions_key(task.actions)))
            truth = GroundTruth(seed=seed, overlay=runner.overlay, trajectory=runner.trajectory)
            if self.store is not None:  # kept with its hash: computed once, never in a process that loads it
                self.store.save(stored_key, truth.overlay, truth.failed_steps, truth.data_hash, truth.code_errors)
        truth.overlay.settle()  # Sg is shared by every rollout of the task and never changed again
        self._entries[key] = truth
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)
        return truth

    def clear(self) -> None:
        self._entries.clear()
        self._prints.clear()
