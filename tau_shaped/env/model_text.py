"""The bounds on reading model text (completions, tool calls and their arguments): size, depth and time.

A model writes whatever it likes: ``"[" * 100000 + "]" * 100000``, a JSON object nested 100,000
deep, a ``<tool_call>`` whose arguments nest 50,000 deep, 5 MB of text, 50,000 tool calls. The
trainer adapters read model output (``model_output``) within ``ReadLimits`` (SPEC §8):

- **size**: at most ``max_chars`` characters of model text per reward call (a completion; for a
  whole trajectory, its assistant messages' text and tool-call arguments, or its actions'
  arguments), checked before anything is parsed. Default 256 KiB (262,144 characters): twice a
  32,000-token completion, and what the verifier's text checks read in about a tenth of a
  second (a 5 MB message to the user took them over 2 s);
- **nesting**: a JSON value the model wrote nests at most ``max_depth`` arrays and objects (the
  outermost is level 1; default 64, as task files), found by a linear scan before ``json.loads``
  runs (which raises ``RecursionError`` near 1,000 levels; deeper values also break code that
  walks them). Brackets inside JSON strings do not count;
- **count**: at most ``max_tool_calls`` tool calls (actions) per reward call (default 256; each
  is replayed and verified, so 50,000 of them took seconds);
- **time**: reading stops after ``max_seconds`` of wall time (default 1.0). A backstop: the scans
  above are linear and take milliseconds on ``max_chars`` characters.

Past a limit, reading raises ``ModelTextFault`` (one line naming the limit). The adapter makes
it a parse fault, counted in ``PARSE_FAULTS``, and the reward function returns its documented
fault value (None where the trainer accepts it, else its counted fallback with ``abstain``).
Text within the limits is read exactly as before the limits existed.

The formats model output is read in (tool calls, reasoning, unknown formats) are
``tau_shaped.env.model_output``'s, the one reader of model output, which reads within these bounds.

``set_read_limits`` changes the process's defaults; most entry points also take ``limits=``.
"""

from __future__ import annotations

import json
import re
import threading
import time
from array import array
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Dict, Optional

from tau_shaped.env.json_input import one_line


@dataclass(frozen=True)
class ReadLimits:
    """How much model text one reward call reads (see the module docstring)."""

    max_chars: int = 262_144
    max_depth: int = 64
    max_tool_calls: int = 256
    max_seconds: float = 1.0


_LIMITS = [ReadLimits()]


def read_limits() -> ReadLimits:
    """The process's default limits."""
    return _LIMITS[0]


def set_read_limits(limits: ReadLimits) -> ReadLimits:
    """Make ``limits`` the process's default; the previous default."""
    if not isinstance(limits, ReadLimits):
        raise TypeError("set_read_limits takes a ReadLimits")
    previous, _LIMITS[0] = _LIMITS[0], limits
    return previous


class ModelTextFault(ValueError):
    """Model text past a limit; the message is one line naming the limit."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


class FaultCounter:
    """Counts faults by where they reached a trainer (thread-safe, per process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.by_adapter: Dict[str, int] = {}

    def add(self, adapter: str) -> None:
        with self._lock:
            self.by_adapter[adapter] = self.by_adapter.get(adapter, 0) + 1

    def __getitem__(self, adapter: str) -> int:
        return self.by_adapter.get(adapter, 0)

    @property
    def total(self) -> int:
        return sum(self.by_adapter.values())


#: Rollouts whose model text was past a limit, by adapter.
PARSE_FAULTS = FaultCounter()


class Budget:
    """What one reward call has read so far, against its limits (characters, tool calls, time)."""

    def __init__(self, limits: Optional[ReadLimits] = None) -> None:
        self.limits = limits or read_limits()
        self.chars = 0
        self.calls = 0
        self._deadline = time.monotonic() + self.limits.max_seconds

    def text(self, n: int) -> None:
        self.chars += n
        if self.chars > self.limits.max_chars:
            raise ModelTextFault(f"over {self.limits.max_chars:,} characters of model text (ReadLimits.max_chars)")

    def tool_calls(self, n: int) -> None:
        self.calls += n
        if self.calls > self.limits.max_tool_calls:
            raise ModelTextFault(f"over {self.limits.max_tool_calls:,} tool calls (ReadLimits.max_tool_calls)")

    def tick(self) -> None:
        if time.monotonic() > self._deadline:
            raise ModelTextFault(f"reading took over {self.limits.max_seconds:g} s (ReadLimits.max_seconds)")

    def depth_fault(self) -> ModelTextFault:
        return ModelTextFault(f"JSON nested more than {self.limits.max_depth} levels deep (ReadLimits.max_depth)")


# -- JSON text ------------------------------------------------------------------------------

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)  # linear: each character has one reading
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1, +1, -1, -1 as signed bytes


def json_depth(text: str) -> int:
    """How deep ``text``'s arrays and objects nest (the deepest point of its brackets outside
    JSON strings), in linear time without parsing; for any text, JSON or not."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(0, max(accumulate(array("b", brackets.encode("ascii").translate(_STEPS)))))


def too_deep(text: str, max_depth: int) -> bool:
    """Whether ``text`` nests more than ``max_depth`` levels (cheap when it has few brackets)."""
    if text.count("[") + text.count("{") <= max_depth:
        return False
    return json_depth(text) > max_depth


def parse_json(text: str, budget: Optional[Budget] = None, default: Any = None) -> Any:
    """``json.loads(text)``, or ``default`` if it is not JSON; ``ModelTextFault`` if it nests
    deeper than the limit (checked first). Counts nothing against the budget's size."""
    budget = budget or Budget()
    if too_deep(text, budget.limits.max_depth):
        raise budget.depth_fault()
    try:
        return json.loads(text)
    except RecursionError:
        raise budget.depth_fault() from None
    except ValueError:  # not JSON, or an integer longer than Python converts
        return default


def value_depth_ok(value: Any, max_depth: int) -> bool:
    """Whether a Python value's lists, tuples and dicts nest at most ``max_depth`` levels (the
    outermost is level 1); iterative, so any depth is safe to check."""
    level = [value] if isinstance(value, (dict, list, tuple)) else []
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            return False
        level = [child for node in level for child in (node.values() if isinstance(node, dict) else node)
                 if isinstance(child, (dict, list, tuple))]
    return True


# -- model output given as Python values ------------------------------------------------------


def _check_value(value: Any, budget: Budget, arguments: bool = False) -> None:
    """Count a value's text against the budget and bound its nesting (iterative). A string that
    is a tool call's ``arguments`` is JSON text: its nesting is scanned too."""
    if isinstance(value, str):
        budget.text(len(value))
        if arguments and too_deep(value, budget.limits.max_depth):
            raise budget.depth_fault()
        return
    if not isinstance(value, (dict, list, tuple)):
        return
    if not value_depth_ok(value, budget.limits.max_depth):
        raise budget.depth_fault()
    stack = [value]
    while stack:
        node = stack.pop()
        budget.text(1)
        if isinstance(node, str):
            budget.text(len(node))
        elif isinstance(node, dict):
            stack.extend(node.values())
            for key in node:
                if isinstance(key, str):
                    budget.text(len(key))
        elif isinstance(node, (list, tuple)):
            stack.extend(node)


def check_message(message: Any, budget: Optional[Budget] = None) -> None:
    """Bound an OpenAI-style assistant message a model produced (native tool calls): its
    content's size and its tool calls' number, size and nesting; ``ModelTextFault`` past a limit.
    What is not such a message is left to the reader that refuses it."""
    budget = budget or Budget()
    if not isinstance(message, dict):
        return
    _check_value(message.get("content"), budget)
    calls = message.get("tool_calls")
    if isinstance(calls, (list, tuple)):
        budget.tool_calls(len(calls))
        for call in calls:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict):
                _check_value(function.get("name"), budget)
                _check_value(function.get("arguments"), budget, arguments=True)
            else:
                _check_value(call, budget)
            budget.tick()


def check_trajectory(trajectory: Any, budget: Optional[Budget] = None) -> None:
    """Bound the model's part of a trajectory: the assistant messages of chat messages (a list,
    or ``{"traj": [...]}``), or the actions (a list of ``{"name", "kwargs"}`` or ``Action``, or
    ``{"actions": [...]}``); ``ModelTextFault`` past a limit. Other shapes are left to the
    trajectory's parser, which refuses them."""
    budget = budget or Budget()
    if isinstance(trajectory, dict):
        trajectory = trajectory.get("traj", trajectory.get("actions"))
    if not isinstance(trajectory, (list, tuple)):
        return
    if trajectory and all(isinstance(m, dict) and "role" in m for m in trajectory):
        for m in trajectory:
            if m.get("role") == "assistant":
                check_message(m, budget)
        return
    budget.tool_calls(len(trajectory))
    for action in trajectory:
        if isinstance(action, dict):
            _check_value(action.get("kwargs"), budget)
            _check_value(action.get("name"), budget)
        elif hasattr(action, "kwargs"):
            _check_value(getattr(action, "kwargs", None), budget)
        budget.tick()
