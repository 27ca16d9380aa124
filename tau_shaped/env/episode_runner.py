"""Executing actions on a state, one step at a time, and recording what the verifier reads.

One runner backs every execution path: ``Env.step`` during a live episode,
the ground-truth replay, and offline scoring of a recorded trajectory. So a
trajectory scored offline sees exactly the tools, events, randomness and
state probes it saw live.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from tau_shaped.env.call_memo import CallMemo, CallNode, unchanged
from tau_shaped.env.episode import EpisodeContext, call_in, seeded_rng
from tau_shaped.env.json_input import one_line
from tau_shaped.env.overlay import Overlay
from tau_shaped.env.tool import ToolCodeError
from tau_shaped.env.tool_effects import effects_of
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action


def episode_rng(seed: int) -> random.Random:
    """The episode's generator: the same seed gives the same draws in any process."""
    return seeded_rng(seed)


def code_error_text(exc: ToolCodeError) -> str:
    """What a step records of a tool's code error: the exception, one line (``KeyError('rx_id')``)."""
    return one_line(repr(exc.error))[:300]


def invoke_tool(tool: Any, data: Any, kwargs: Mapping[str, Any], faults: Optional[List[ToolCodeError]] = None) -> str:
    """tau-bench's contract: a tool that raises gives ``Error: ...`` (SPEC §8), a refusal or
    not. A ``@tool`` function's fault (``ToolCodeError``: it raised anything but ``ToolError``)
    gives the agent the same ``Error: <exception>``, and is appended to ``faults``, so that the
    step records a code error (``Step.code_error``), not a refusal."""
    try:
        result = tool.invoke(data=data, **kwargs)
    except ToolCodeError as exc:
        if faults is not None:
            faults.append(exc)
        return f"Error: {exc.error}"
    except Exception as exc:  # noqa: BLE001 - the tool's failure is the observation
        return f"Error: {exc}"
    return result if isinstance(result, str) else str(result)


def _writes(tool: Any) -> bool:
    """The tool declares that it changes the state (``@effects(writes=...)``): a call of it is
    not worth checking for a state left as S0 had it (a hint for speed only: a call is kept only
    once found to have left it so)."""
    declared = effects_of(tool)
    return declared is not None and not declared.read_only


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
        for i, probe in enumerate(self.probes):
            tool = getattr(probe, "before_tool", None)
            self._eager.append(not tool)
            if tool:
                self._before.setdefault(tool, []).append(i)
        self.trajectory = Trajectory(
            first_user_message=first_user_message,
            state_trace=[] if self.probes else None,
        )
        self._raised: List[ToolCodeError] = []  # a call's code error, as invoke_tool appends it
        # id(action) -> (the action, its call's code error), until the step is recorded
        self._code_errors: Dict[int, Tuple[Action, str]] = {}
        # the context's events by step, as far as ``_events_read`` of them (the context only appends)
        self._events_by_step: Dict[int, List[Any]] = {}
        self._events_read = 0

    @property
    def next_index(self) -> int:
        return len(self.trajectory.steps)

    def run_tool(self, action: Action, data: Any) -> Tuple[str, bool]:
        """Run a tool action on ``data``; returns (observation, whether the tool is known)."""
        tool = self.tools_map.get(action.name)
        if tool is None:
            return f"Unknown action {action.name}", False
        self._probe_before(action.name, data)
        observation = call_in(self.context, len(self.trajectory.steps), invoke_tool, tool, data, action.kwargs,
                              self._raised)
        if self._raised:
            self._code_errors[id(action)] = (action, code_error_text(self._raised.pop()))
            self._raised.clear()
        return observation, True

    def record(self, action: Action, observation: str, known: bool, data: Any, same: bool = False) -> Step:
        """Record the step of ``action``. ``same``: the state is the one the trace's last entry
        was read in (a call taken from the kept ones, or one found to have changed nothing): its
        probes read after the step are the same values."""
        index = self.next_index
        events = self._events_of(index)
        step = Step(index=index, action=action, observation=observation, known_tool=known, events=events)
        if self._code_errors:
            kept = self._code_errors.pop(id(action), None)
            if kept is not None and kept[0] is action:
                step.code_error = kept[1]
        self.trajectory.steps.append(step)
        if self.probes:
            trace = self.trajectory.state_trace
            if action.name == RESPOND_ACTION_NAME and trace:
                trace.append(trace[-1])
            elif same and trace:
                last = trace[-1]
                trace.append(last if not self._before else tuple([v if eager else None for v, eager in zip(last, self._eager)]))
            elif not self._before:  # every probe read after every step
                trace.append(tuple([p(data) for p in self.probes]))
            else:  # a probe read only before its tool's calls is left for _probe_before
                trace.append(tuple([p(data) if eager else None for p, eager in zip(self.probes, self._eager)]))
        return step

    def _events_of(self, index: int) -> List[Any]:
        """The events the context holds of step ``index``, in the order they came: each event is
        sorted once into its step's list (a scan of every event at each step was quadratic)."""
        emitted = self.context.events
        buckets = self._events_by_step
        for event in emitted[self._events_read:]:
            buckets.setdefault(event.step, []).append(event)
        self._events_read = len(emitted)
        return buckets.pop(index, [])

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
        calls: Optional[Tuple[CallMemo, CallNode, Sequence[Any]]] = None,
    ) -> None:
        """Run ``actions`` in order (those named in ``skip`` are left out).

        ``user_replies[i]`` is the recorded user reply to the i-th respond
        action (empty if not given): offline replay has no live user.
        ``calls``: (the kept calls, the tree of this runner's S0, tools and seed, the actions'
        ``replay_key`` or the part of it known): a call that opens the replay as a kept one did
        is taken from it (``call_memo``), and one that leaves the state as S0 had it is kept
        there, up to the end of the key or the first action skipped.
        """
        replies = list(user_replies or [])
        responds = 0
        memo, node, key = calls if calls is not None and len(calls[2]) <= len(actions) else (None, None, ())
        for i, action in enumerate(actions):
            if node is not None and i >= len(key):
                node = None  # the opening the key gives ends here
            if action.name in skip:
                node = None  # the later steps' places are not their actions' indices
                continue
            if action.name == RESPOND_ACTION_NAME:
                reply = replies[responds] if responds < len(replies) else None
                responds += 1
                if node is not None:
                    node = memo.child(node, key[i])  # type: ignore[union-attr]
                self.record(action, reply or "", True, self.overlay.data)
                continue
            if node is not None:
                node = memo.child(node, key[i])  # type: ignore[union-attr]
                if node.kept is not None:
                    observation, known, events = node.kept
                    memo.taken += 1  # type: ignore[union-attr]
                    if known:  # as run_tool: an unknown tool's call reads no probe
                        self._probe_before(action.name, self.overlay.data)
                    self.context.events.extend(events)
                    self.record(action, observation, known, self.overlay.data, same=True)
                    continue
                if _writes(self.tools_map.get(action.name)):
                    node = None  # declared to change the state: not kept, and no later call either
                    observation, known = self.run_tool(action, self.overlay.data)
                    self.record(action, observation, known, self.overlay.data)
                    continue
                before = len(self.context.events)
                observation, known = self.run_tool(action, self.overlay.data)
                if self._left_s0(action):
                    memo.keep(node, observation, known, self.context.events[before:])  # type: ignore[union-attr]
                    self.record(action, observation, known, self.overlay.data, same=True)  # S0's before and after
                    continue
                node = None  # the state is no longer S0's: no later call is kept or taken
            else:
                observation, known = self.run_tool(action, self.overlay.data)
            self.record(action, observation, known, self.overlay.data)

    def _left_s0(self, action: Action) -> bool:
        """The call just made (on a state equal to S0) left it equal to S0, drew nothing from
        the episode's generator and raised no fault of its code: what it gives is a function of
        S0, the seed and the calls before it alone, and skipping it leaves the same state."""
        return (self.context.rng is None and id(action) not in self._code_errors
                and unchanged(self.overlay))

