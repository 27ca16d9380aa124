"""The ground truth of a task played step by step for ``tau-shaped tasks draft`` (issue 45): the
state before and after each step, the events each step recorded, the steps that failed, and
the locations (dict keys and list positions) whose values a step changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.tasks.ground_truth_faults import code_errors

Location = Tuple[Any, ...]


def _with_actions(task: Any, actions: Sequence[Any]) -> Any:
    return task.model_copy(update={"actions": [Action(name=a.name, kwargs=dict(a.kwargs)) for a in actions]})


def state_after(env: Any, task: Any, actions: Sequence[Any]) -> Any:
    """The state the task's ground truth leaves when it is ``actions``."""
    return env.ground_truth(_with_actions(task, actions)).data


def is_list(value: Any) -> bool:
    return isinstance(value, (list, tuple))


def changes(before: Any, after: Any, at: Location = ()) -> Iterator[Location]:
    """The locations whose value differs (dict keys and list positions, down to the leaves;
    a list that changed length is one location, and so is a value added or removed). A value
    shared by both states (the overlay's untouched tables) is not looked into."""
    if before is after:
        return
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        for key in sorted(set(before.keys()) | set(after.keys()), key=str):
            if key not in before or key not in after:
                yield at + (key,)
                continue
            old, new = before[key], after[key]
            if old is not new and old != new:
                yield from changes(old, new, at + (key,))
    elif is_list(before) and is_list(after) and len(before) == len(after):
        for i, (old, new) in enumerate(zip(before, after)):
            if old is not new and old != new:
                yield from changes(old, new, at + (i,))
    elif before != after:
        yield at


def value_at(state: Any, loc: Sequence[Any]) -> Any:
    """The value at ``loc`` in ``state``, or None when no such location exists."""
    for key in loc:
        if isinstance(state, Mapping) and key in state:
            state = state[key]
        elif is_list(state) and isinstance(key, int) and 0 <= key < len(state):
            state = state[key]
        else:
            return None
    return state


def record_of(state: Dict[str, Any], value: Any) -> Optional[Location]:
    """The top-level record keyed by ``value`` (``("orders", "FD-1")``), the first table's."""
    if not isinstance(value, str):
        return None
    for table in sorted(state.keys(), key=str):
        if isinstance(state[table], Mapping) and isinstance(state[table].get(value), Mapping):
            return (table, value)
    return None


@dataclass
class Play:
    """The ground truth played step by step: the state before each step and after it."""

    actions: List[Any]
    initial: Dict[str, Any]
    after: List[Dict[str, Any]]
    events: List[List[Any]]
    failed: Set[int]
    terminate: Set[str]
    crashed: Dict[int, str] = field(default_factory=dict)  # the failed steps whose tool's code raised, with the error

    def before(self, i: int) -> Dict[str, Any]:
        return self.initial if i == 0 else self.after[i - 1]

    @property
    def final(self) -> Dict[str, Any]:
        return self.after[-1] if self.after else self.initial

    def is_tool(self, i: int) -> bool:
        return self.actions[i].name != RESPOND_ACTION_NAME

    def changed(self, i: int) -> List[Location]:
        return list(changes(self.before(i), self.after[i]))

    def writes(self) -> List[int]:
        """Steps whose call changed the state."""
        return [i for i in range(len(self.actions)) if self.is_tool(i) and i not in self.failed and self.changed(i)]


def play_ground_truth(env: Any, task: Any) -> Play:
    """The task's ground truth played with the domain's tools, the state kept after each step."""
    truth = env.ground_truth(task)
    initial = env.initial_state(truth.seed)
    actions = list(task.actions)
    after = [state_after(env, task, actions[:i + 1]) for i in range(len(actions))]
    steps = list(truth.trajectory.steps) if truth.trajectory is not None else []
    events = [[e for e in s.events] for s in steps] + [[] for _ in range(len(actions) - len(steps))]
    failed = {step for step, _name, _obs in truth.failed_steps}
    return Play(actions, initial, after, events, failed, set(getattr(env, "terminate_tools", ()) or ()), code_errors(truth))
