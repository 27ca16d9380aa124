"""What a compiled check reads: one trajectory, its initial and final states, the probes'
slots (SPEC §5), and indexes built once per trajectory."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

from tau_shaped.reward.matchers import StepView
from tau_shaped.reward.reading.normalize import seen, visible
from tau_shaped.reward.reading.normalize_questions import agent_seen


class Run:
    """One trajectory under evaluation: the context every compiled check is called with."""

    __slots__ = ("trajectory", "initial", "final", "n", "all_steps", "probe_slots", "states", "_calls", "_events",
                 "_agent_messages", "_agent_messages_shown", "_user_messages", "_agent_written", "_outcomes", "_by_type")

    def __init__(self, trajectory: Any, initial: Any, final: Any, probe_slots: Optional[Dict[int, int]] = None) -> None:
        self.trajectory = trajectory
        self.initial = initial
        self.final = final
        self.n = len(trajectory.steps)
        self.all_steps = frozenset(range(self.n))
        self.probe_slots = probe_slots or {}
        self.states = (initial, final)
        self._calls: Optional[Dict[str, List[Any]]] = None
        self._events: Optional[List[Any]] = None
        self._agent_messages: Optional[List[Tuple[int, str]]] = None
        self._agent_messages_shown: Optional[List[Tuple[int, str]]] = None
        self._user_messages: Optional[List[Tuple[int, str]]] = None
        self._agent_written: Optional[List[Tuple[int, str]]] = None
        self._outcomes: Optional[Dict[Tuple[str, bool], List[Any]]] = None
        self._by_type: Optional[Dict[Any, List[Any]]] = None

    @property
    def events(self) -> List[Any]:
        """The trajectory's events in order (listed once per trajectory; read, never changed)."""
        if self._events is None:
            self._events = self.trajectory.events
        return self._events

    def events_of(self, kind: Any) -> List[Any]:
        """The events of type ``kind`` with a step, in order (indexed once per trajectory: the rules ask about a few
        types each, most of which a rollout never records; read, never changed)."""
        if self._by_type is None:
            by_type: Dict[Any, List[Any]] = {}
            for event in self.events:
                if event.step is not None:
                    by_type.setdefault(event.type, []).append(event)
            self._by_type = by_type
        return self._by_type.get(kind, _NONE)

    def agent_messages(self) -> List[Tuple[int, str]]:
        """The agent's messages with their steps, as the customer sees them (``reading.normalize``;
        listed once per trajectory; read, never changed)."""
        if self._agent_messages is None:
            self._agent_messages = [(i, agent_seen(t)) for i, t in self.agent_written()]
        return self._agent_messages

    def agent_written(self) -> List[Tuple[int, str]]:
        """The agent's messages with their steps, as written (listed once per trajectory; in the order of
        ``agent_messages``)."""
        if self._agent_written is None:
            self._agent_written = self.trajectory.agent_messages()
        return self._agent_written

    def agent_messages_shown(self) -> List[Tuple[int, str]]:
        """The agent's messages as ``agent_messages``, struck-out text kept (``normalize.visible``:
        what a leak is read in)."""
        if self._agent_messages_shown is None:
            self._agent_messages_shown = [(i, visible(t)) for i, t in self.trajectory.agent_messages()]
        return self._agent_messages_shown

    def user_messages(self) -> List[Tuple[int, str]]:
        """The user's messages with the steps they answer, normalized as the agent's are (listed
        once per trajectory)."""
        if self._user_messages is None:
            self._user_messages = [(i, seen(t)) for i, t in self.trajectory.user_messages()]
        return self._user_messages

    def calls_of(self, tool: str) -> List[Any]:
        """The steps that call ``tool``, in order (indexed once per trajectory: a rule set asks
        about tens of tools)."""
        return self.calls_by_tool().get(tool, [])

    def calls_by_tool(self) -> Dict[str, List[Any]]:
        """The steps calling each tool called, by the tool's name, in order (indexed once per trajectory; read,
        never changed)."""
        if self._calls is None:
            calls: Dict[str, List[Any]] = {}
            for step in self.trajectory.steps:
                calls.setdefault(step.action.name, []).append(step)
            self._calls = calls
        return self._calls

    def calls_that(self, tool: str, succeeded: Optional[bool]) -> List[Any]:
        """``calls_of(tool)``, only those whose ``succeeded`` is ``succeeded`` (all of them for None), in order
        (each step's ``succeeded`` read once per trajectory, not once per check asking; read, never changed)."""
        calls = self.calls_of(tool)
        if succeeded is None or not calls:
            return calls
        if self._outcomes is None:
            self._outcomes = {}
        found = self._outcomes.get((tool, succeeded))
        if found is None:
            found = self._outcomes[(tool, succeeded)] = [s for s in calls if s.succeeded == succeeded]
        return found

    def states_before(self, key: int, step: int) -> Tuple[Any, ...]:
        """What ``in_state`` matchers of the predicate ``key`` (its id) read at ``step``: the
        state the step acted on (S0 at step 0; the probed values after the step before), or,
        without a trace (a hand-built trajectory), S0 and the final state."""
        if step == 0:
            return (self.initial,)
        slot = self.probe_slots.get(key)
        trace = self.trajectory.state_trace
        if slot is None or trace is None or len(trace) != self.n:
            return self.states
        return (StepView(trace[step - 1][slot]),)

    def stable_since(self, key: int, holds: Callable[[Any], bool] = bool) -> Optional[int]:
        """The step from which ``holds(probe value)`` of the predicate ``key`` was true at every
        later step; without a trace for it (a hand-built trajectory), the last step."""
        return stable_since(self.trajectory, self.probe_slots.get(key), holds)


_NONE: List[Any] = []  # no events of a type (shared: read, never changed)


def stable_since(trajectory: Any, slot: Optional[int], holds: Callable[[Any], bool]) -> Optional[int]:
    """The step from which ``holds(probe value)`` was true at every later step.

    Without a trace for the slot (a hand-built trajectory), the last step.
    """
    n = len(trajectory.steps)
    trace = trajectory.state_trace
    if trace is None or slot is None or len(trace) != n:
        return n - 1 if n else None
    since = None
    for index in range(n - 1, -1, -1):
        if not holds(trace[index][slot]):
            break
        since = index
    return since
