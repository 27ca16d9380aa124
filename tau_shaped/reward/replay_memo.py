"""Rollouts of one task that make the same tool calls share one replay (``score_trajectory``).

A GRPO step scores a group of rollouts of each prompt, and a group's rollouts often make the
same tool calls with the same arguments and differ only in what the agent says. The replay of
a trajectory on S0 depends on the calls alone: each tool's observation, its events, the state
it leaves and the probes read after each step are functions of S0, the episode's seed and the
calls in order, with the steps at which the agent only spoke (a respond action's words are no
input to any tool or probe). So are the verdicts read from the final state alone: tau-bench's
state comparison, the canonical diff, the invariants and the equivalence classes.

So an env keeps what the replay of a call sequence seen several times left (``Replayed``),
for the last ``MAX_REPLAYS`` such sequences; a rollout whose calls are the same (the same tool
names and the same arguments' text, at the same steps) is given a trajectory made of its own
actions and replies around the kept observations, events and state trace, the kept final
state (which nothing reading it changes) and the kept state verdicts. Its result is the one its
own replay would give, byte for byte (``tests/reward/test_replay_memo.py`` scores rollouts
both ways). A call whose arguments were given as an object, not text, is never shared.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from tau_shaped.env.identity_cache import OwnedLRU
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action

MAX_REPLAYS = 16  # replays kept, the least recently used forgotten first (a group's repeated sequences)
SIGHTINGS = 3  # a sequence's replay is kept at its third rollout: shared from the fourth on
MAX_TOUCHED = 256  # a replay that copied more records than this is not kept (memory bound)


@dataclass
class Replayed:
    """What replaying one call sequence left: its steps (of which a later rollout takes the
    tool steps' observations, known flags and events; respond steps' replies are each
    rollout's own), its state trace, the final state, the records that may differ from Sg's,
    and, once a rollout is verified, the verdicts read from the final state alone."""

    steps: List[Step]
    state_trace: Optional[List[Tuple[Any, ...]]]
    final: Any
    changed: Optional[Set[Any]]
    state_verdicts: Dict[str, Any] = field(default_factory=dict)
    touched: int = 0  # records the replay copied (``Overlay.touched``): what keeping it holds

    def trajectory(self, actions: Sequence[Action], replies: Sequence[Optional[str]],
                   first_user_message: Optional[str]) -> Trajectory:
        """The trajectory replaying ``actions`` gives (the same calls as the kept replay's)."""
        steps: List[Step] = []
        responds = 0
        for action, kept in zip(actions, self.steps):
            if action.name == RESPOND_ACTION_NAME:
                reply = replies[responds] if responds < len(replies) else None
                responds += 1
                steps.append(Step(kept.index, action, reply or "", True, []))
            else:
                steps.append(Step(kept.index, action, kept.observation, kept.known_tool, list(kept.events),
                                  kept.code_error))
        trace = None if self.state_trace is None else list(self.state_trace)
        return Trajectory(steps=steps, first_user_message=first_user_message, state_trace=trace)


class ReplayMemo:
    """The kept replays, by what a replay depends on: its ``owners`` (the task's set-up, S0,
    the ground truth and the tools, held by the entry and compared by identity, so an entry is
    never found for another task, world or tool set whose object took the same address), the
    episode's seed and the call sequence (``ParsedTrajectory.replay_key``).

    A replay is kept only when its call sequence comes a third time (``SIGHTINGS``; the keys
    of the last ``4 * size`` sequences are counted, by the owners' ids: a count that an id
    reused carried over only keeps a replay a rollout early, never gives one to the wrong
    rollout, since a kept entry holds its owners and is found by identity): keeping what a
    replay left costs every later rollout (its objects stay in the caches' way: 4-6% of a GRPO
    batch's CPU when every replay was kept, 2-3% when kept at a second sighting), and a
    sequence that never comes back, most of a varied group's, would pay that for nothing; the
    verdicts of a state reached again are shared anyway (``state_memo``). A sequence repeated
    many times, as a converged policy's or pass^k trials' are, is shared from its fourth
    rollout on."""

    def __init__(self, size: int = MAX_REPLAYS) -> None:
        self.size = size
        self._kept: "OwnedLRU[Replayed]" = OwnedLRU(size)
        self._seen: "OrderedDict[Tuple[Any, ...], int]" = OrderedDict()  # sightings, by the owners' ids
        self._lock = threading.Lock()

    @property
    def hits(self) -> int:
        return self._kept.hits

    @property
    def misses(self) -> int:
        return self._kept.misses

    def get(self, owners: Tuple[Any, ...], seed: int, calls: Tuple[Any, ...]) -> Optional[Replayed]:
        return self._kept.get(owners, (seed, calls))

    def put(self, owners: Tuple[Any, ...], seed: int, calls: Tuple[Any, ...], replayed: Replayed) -> None:
        """Keep ``replayed`` if its sequence was replayed ``SIGHTINGS - 1`` times before (and
        not kept); else count this sighting."""
        key = (tuple(map(id, owners)), seed, calls)
        with self._lock:
            count = self._seen.pop(key, 0)  # by the owners' ids alone (not held): a count is a hint
            if count + 1 < SIGHTINGS or replayed.touched > MAX_TOUCHED:
                self._seen[key] = count + 1
                while len(self._seen) > 4 * self.size:
                    self._seen.popitem(last=False)
                return
        self._kept.put(owners, (seed, calls), replayed)

    def clear(self) -> None:
        self._kept.clear()
        with self._lock:
            self._seen.clear()

    def __len__(self) -> int:
        return len(self._kept)
