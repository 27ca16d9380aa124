"""Executing actions on a state, one step at a time, and recording what the verifier reads.

One runner backs every execution path: ``Env.step`` during a live episode,
the ground-truth replay, and offline scoring of a recorded trajectory. So a
trajectory scored offline sees exactly the tools, events, randomness and
state probes it saw live.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from tau_shaped.env.episode import EpisodeContext, call_in, seeded_rng
from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.env.overlay import Overlay
from tau_shaped.env.step_watch import state_unchanged
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action


# The probes' entry in S0 itself, by S0 and the probes (the very objects, kept alive by the key):
# a task's rollouts share both, and most begin with look-ups that leave the state as S0.
_S0_ENTRIES: "IdentityCache[Tuple[Any, ...]]" = IdentityCache(256)


def episode_rng(seed: int) -> random.Random:
    """The episode's generator: the same seed gives the same draws in any process."""
    return seeded_rng(seed)


def invoke_tool(tool: Any, data: Any, kwargs: Mapping[str, Any]) -> str:
    """tau-bench's contract: a tool that raises gives ``Error: ...`` (SPEC §8)."""
    try:
        result = tool.invoke(data=data, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the tool's failure is the observation
        return f"Error: {exc}"
    return result if isinstance(result, str) else str(result)


class EpisodeRunner:
    def __init__(
        self,
        base: Dict[str, Any],
        tools_map: Mapping[str, Any],
        seed: int,
        probes: Sequence[Callable[[Any], Any]] = (),
        first_user_message: Optional[str] = None,
    ) -> None:
        self.overlay = Overlay(base)
        self.tools_map = tools_map
        self.context = EpisodeContext(rng=None, seed=seed)  # its generator made if a tool draws
        self.probes = list(probes)
        # probes read only by a tool's calls, by tool (taken just before such a call)
        self._before: Dict[str, List[int]] = {}
        self._eager: List[bool] = []
        # the last trace entry whose probes were read in the overlay's own state, or None
        self._read: Optional[Tuple[Any, ...]] = None
        for i, probe in enumerate(self.probes):
            tool = getattr(probe, "before_tool", None)
            self._eager.append(not tool)
            if tool:
                self._before.setdefault(tool, []).append(i)
        self._watch = any(self._eager)  # else every entry is all None: nothing to save
        self._pristine = True  # every look so far found the state as it was: S0's value
        self._key = (tuple(self.probes), tuple(self._eager)) if self._watch else None
        self.trajectory = Trajectory(
            first_user_message=first_user_message,
            state_trace=[] if self.probes else None,
        )

    @property
    def next_index(self) -> int:
        return len(self.trajectory.steps)

    def run_tool(self, action: Action, data: Any) -> Tuple[str, bool]:
        """Run a tool action on ``data``; returns (observation, whether the tool is known)."""
        tool = self.tools_map.get(action.name)
        if tool is None:
            return f"Unknown action {action.name}", False
        self._probe_before(action.name, data)
        return call_in(self.context, len(self.trajectory.steps), invoke_tool, tool, data, action.kwargs), True

    def record(self, action: Action, observation: str, known: bool, data: Any) -> Step:
        index = self.next_index
        logged = self.context.events
        events = [e for e in logged if e.step == index] if logged else []
        step = Step(index=index, action=action, observation=observation, known_tool=known, events=events)
        self.trajectory.steps.append(step)
        if self.probes:
            trace = self.trajectory.state_trace
            if action.name == RESPOND_ACTION_NAME and trace:
                trace.append(trace[-1])
            else:
                trace.append(self._read_probes(data))
        return step

    def _read_probes(self, data: Any) -> Tuple[Any, ...]:
        """The probes read after a step (those read only before their tool's calls left None
        for ``_probe_before``). A probe is a function of the state's value alone (SPEC §5;
        ``reward/probes.py``): after a step that left the overlay's state as it was
        (``state_unchanged``), the entry last read in it is reused, not read again; while the
        state is still S0's value, the entry read in S0 by an earlier episode is."""
        own = self._watch and data is self.overlay.data and data is self.overlay.top
        if own:
            if state_unchanged(self.overlay):
                if self._read is not None:
                    return self._read
            else:
                self._pristine = False
            if self._pristine:
                entry = _S0_ENTRIES.get(self.overlay.base, self._key)
                if entry is None:
                    entry = _S0_ENTRIES.put(self.overlay.base, self._probe_all(data), self._key)
                self._read = entry
                return entry
        entry = self._probe_all(data)
        self._read = entry if own else None
        return entry

    def _probe_all(self, data: Any) -> Tuple[Any, ...]:
        if not self._before:  # every probe read after every step
            return tuple([p(data) for p in self.probes])
        return tuple([p(data) if eager else None for p, eager in zip(self.probes, self._eager)])

    def _probe_before(self, name: str, data: Any) -> None:
        """The probes that calls of ``name`` read, taken in the state the call acts on: the
        state after the previous step, whose trace entry they fill (at step 0 the reader
        uses S0)."""
        trace = self.trajectory.state_trace
        if not trace:
            return
        wanted = self._before.get(name)
        if wanted:
            values = list(trace[-1])
            for i in wanted:
                values[i] = self.probes[i](data)
            trace[-1] = tuple(values)

    def replay(
        self,
        actions: Sequence[Action],
        skip: Sequence[str] = (),
        user_replies: Optional[Sequence[Optional[str]]] = None,
    ) -> None:
        """Run ``actions`` in order (those named in ``skip`` are left out).

        ``user_replies[i]`` is the recorded user reply to the i-th respond
        action (empty if not given): offline replay has no live user.
        """
        replies = list(user_replies or [])
        responds = 0
        for action in actions:
            if action.name in skip:
                continue
            if action.name == RESPOND_ACTION_NAME:
                reply = replies[responds] if responds < len(replies) else None
                responds += 1
                self.record(action, reply or "", True, self.overlay.data)
            else:
                observation, known = self.run_tool(action, self.overlay.data)
                self.record(action, observation, known, self.overlay.data)

