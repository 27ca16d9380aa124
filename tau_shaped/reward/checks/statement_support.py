"""What the typed-statement kinds share (SPEC §5 statements, §9): the fields of an
``unsupported`` predicate (``unsupported_amount`` and ``unsupported_time`` are two kinds of
one key) and the tests of a stated value against the values that support it."""

from __future__ import annotations

import json
from typing import Any, Callable, List, Optional

from pydantic import Field, field_validator

from tau_shaped.reward.matcher_schema import _Strict
from tau_shaped.reward.values import is_number
from tau_shaped.reward.reading.normalize import seen


class UnsupportedPredicate(_Strict):
    """Holds at each agent message that states an amount (``$12.50``) or a clock time that no
    earlier tool observation or user message states and that is not in ``values``. With
    ``observed_at_least`` (a field of ``from_tool``'s observation, e.g. ``earliest``), a time is
    also unsupported when it is earlier than that field of the latest such observation.
    ``acted``: argument names whose value in a later call of the agent supports a statement
    (an offer, "I can refund $6.48", that the agent then makes: judged by the money rules)."""

    unsupported: str
    values: List[float] = Field(default_factory=lambda: [])
    acted: List[str] = Field(default_factory=lambda: [])
    # amounts: the policy's rates (20% of the food subtotal, a ×1.3 surge): an amount that is
    # one of them times a supported amount, rounded to cents, is supported too (the policy's
    # own formula applied to a tool's number: "20% of $8.42 is $1.68")
    rates: List[float] = Field(default_factory=lambda: [])

    # amounts, round 11: the policy's own numbers (a cap, a threshold, a fee's rule): they back an
    # amount stated of the policy, not one said to be what the order cost or the customer paid
    # ("It'll cost twenty bucks" of a $19.73 order) nor money said to have moved
    rule_values: List[float] = Field(default_factory=lambda: [])

    @field_validator("values", "rule_values", mode="before")
    @classmethod
    def _flatten(cls, value: Any) -> Any:
        # a bound fact may be a list inside the list (policy numbers + the task's amounts)
        if isinstance(value, list):
            return [x for v in value for x in (v if isinstance(v, list) else [v])]
        return value
    tolerance: float = Field(default=0.005, ge=0)
    from_tool: Optional[str] = None
    observed_at_least: Optional[str] = None
    # times: the policy's clock (minutes since midnight): a time stated relative to it ("in
    # about 5 minutes") is now plus the duration, and is held to ``observed_at_least``
    now: Optional[float] = Field(default=None, ge=0, lt=1440)


def near(value: float, pool: List[float], tolerance: float) -> bool:
    return any(abs(value - v) <= tolerance + 1e-9 for v in pool)


class CustomerValues:
    """The values (``read`` of a text: amounts, times) the customer stated before a step: the
    first message, then the reply to each agent message, read only when a statement needs them
    (most are backed by the policy's values), in order, each once."""

    def __init__(self, trajectory: Any, read: Callable[[str], List[float]]) -> None:
        self._trajectory = trajectory
        self._first = True  # the first message not read yet
        self._read = read
        self._upto = 0
        self.values: List[float] = []

    def before(self, at: int) -> List[float]:
        """The values stated before the step at position ``at`` of the trajectory."""
        if self._first:
            self._first = False
            first = seen(self._trajectory.first_user_message)
            if first:
                self.values.extend(self._read(first))
        for s in self._trajectory.steps[self._upto:at]:
            if s.agent_text is not None and s.user_reply:  # a reply to an agent message
                self.values.extend(self._read(seen(s.user_reply)))
        self._upto = max(self._upto, at)
        return self.values


def offered(trajectory: Any, acted: List[str]) -> List[Any]:
    """(step, value) of each ``acted`` argument of the agent's calls (an offer it then made); a
    whole number too large for a float offers nothing."""
    return [(s.index, value) for s in trajectory.steps for a in acted
            if not s.is_respond and is_number(s.action.kwargs.get(a)) and (value := _float(s.action.kwargs[a])) is not None]


def _float(value: Any) -> Optional[float]:
    try:
        return float(value)
    except OverflowError:
        return None


class Offers:
    """``offered`` values, read when a statement first needs them (most are backed before)."""

    def __init__(self, trajectory: Any, acted: List[str]) -> None:
        self._trajectory, self._acted = trajectory, acted
        self._offers: Optional[List[Any]] = None

    def after(self, index: int) -> List[float]:
        """The values offered by calls after step ``index``."""
        if self._offers is None:
            self._offers = offered(self._trajectory, self._acted)
        return [v for step, v in self._offers if step > index]


def clock_text(minutes: float) -> str:
    whole = int(round(minutes)) % 1440
    return f"{whole // 60:02d}:{whole % 60:02d}"


def observed_field_minutes(observation: str, field: str, default: Optional[float]) -> Optional[float]:
    """The clock time of ``field`` of a JSON observation, else ``default``."""
    from tau_shaped.reward.reading import statements

    try:
        data = json.loads(observation)
    except ValueError:
        return default
    value = data.get(field) if isinstance(data, dict) else None
    if not isinstance(value, str):
        return default
    times = statements.times_in_observation(json.dumps(value))
    return times[0] if times else default
