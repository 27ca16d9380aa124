"""Reward functions for trainers: one per component and one per blend, picklable.

Each is a module-level class; an instance is a callable::

    reward = ShapedReward(domain="food_delivery", split="test", lam=0.3)
    reward(trajectory, "fd-missing-3")           # -> float, or None on a verifier fault

``trajectory`` is either OpenAI-style chat messages (tau-bench's ``traj``: dicts with a
``role``; tool calls in ``tool_calls``, user replies as ``user`` messages) or a list of actions
(``Action`` or ``{"name", "kwargs"}``; then the user's replies to the respond actions may be
given as ``user_replies=``), or a dict ``{"traj": ...}`` / ``{"actions": ..., "user_replies": ...}``
(a recording). ``task`` is a task id (str) or an index into the split's tasks; an unknown task
raises ``KeyError``/``IndexError`` (the caller's mistake, not a verifier fault).

Values:

- components: ``OutcomeReward`` (``outcome_reward``, 0/1), ``ProcessReward`` (``process_reward``,
  the summed checkpoint weights, 0 when a gate fired), ``SafetyReward`` (1.0 when no gate fired,
  else 0.0), ``LegacyReward`` (tau-bench's 0/1 ``legacy_reward``);
- blends (SPEC §3): ``ShapedReward`` (outcome + λ·process), ``OutcomeBlendReward`` (outcome),
  ``GatedReward`` (outcome · safety) — the ``reward`` of ``score_trajectory`` with that blend.

A verifier fault (``status`` is ``input_invalid`` for a malformed trajectory, or
``internal_error``) returns ``None`` (trainers that accept None leave the sample out, SPEC §8).
With ``allow_none=False`` it returns ``fallback`` instead (default ``0.0``: the sample then
looks like a failure, which biases training, so watch the counter). Either way ``.faults``
counts the faults this instance saw (per process: a pickled copy counts its own). An undetermined
verdict (SPEC §8: the words did not settle a rule) abstains the same way for the blends and the
outcome and process components, and is counted apart, in ``.undetermined``.

The model's part of the trajectory (assistant messages' text and tool-call arguments, or the
actions) is read within ``limits`` (``tau_shaped.env.model_text.ReadLimits``: size, nesting, tool
calls, time; default the process's). Past them the trajectory is the policy's own failure
(``stepwise.policy_failure``): every value is 0.0 (``SafetyReward`` 1.0: no gate fired), counted
in ``model_text.PARSE_FAULTS``, never an abstention (an infrastructure failure abstains; a policy
that writes past the limits failed). No trajectory makes the call raise (an unknown task still does).

Pickling keeps the settings and the counter, not the env: each process builds its env once
(``load_domain(domain).make_env(task_split=split)``), cached per (domain, split).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.env.model_text import PARSE_FAULTS, Budget, ModelTextFault, ReadLimits, check_trajectory
from tau_shaped.integrations.training.dataset_rows import tool_schemas
from tau_shaped.integrations.training.stepwise import policy_failure, task_index_of
from tau_shaped.reward.result import ShapedRewardResult, check_blend
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.domains import load_domain

_ENVS: Dict[Tuple[str, str], Any] = {}
_TOOL_NAMES: Dict[Tuple[str, str], List[str]] = {}
_TOOL_SCHEMAS: Dict[Tuple[str, str], Dict[str, Dict[str, Any]]] = {}
COMPONENTS = ("outcome", "process", "safety", "legacy")


def env_for(domain: str, split: str) -> Any:
    """The process's env of (domain, split), built on first use."""
    key = (domain, split)
    env = _ENVS.get(key)
    if env is None:
        env = load_domain(domain).make_env(task_split=split)
        _ENVS[key] = env
    return env


def _is_messages(trajectory: Any) -> bool:
    return isinstance(trajectory, (list, tuple)) and bool(trajectory) and all(
        isinstance(m, dict) and "role" in m for m in trajectory)


class TrajectoryReward:
    """The base: scores a trajectory with ``score_trajectory`` and reads one value from the result."""

    blend = "shaped"

    def __init__(self, domain: str = "food_delivery", split: str = "test", *, lam: float = 0.3,
                 allow_none: bool = True, fallback: float = 0.0, limits: Optional[ReadLimits] = None) -> None:
        check_blend(self.blend, lam)
        self.domain = domain
        self.split = split
        self.lam = float(lam)
        self.allow_none = allow_none
        self.fallback = float(fallback)
        self.faults = 0
        self.undetermined = 0  # abstentions that are SPEC §8's undetermined verdicts, not faults
        self.limits = limits
        self.__name__ = type(self).__name__  # trainers log a reward function by its __name__

    @property
    def env(self) -> Any:
        return env_for(self.domain, self.split)

    @property
    def tool_names(self) -> List[str]:
        """The names of the domain's tools (the reader knows a Python-style call of one)."""
        names = _TOOL_NAMES.get((self.domain, self.split))
        if names is None:
            names = [t.get("function", {}).get("name") for t in getattr(self.env, "tools_info", []) if isinstance(t, dict)]
            _TOOL_NAMES[(self.domain, self.split)] = names
        return names

    @property
    def tool_schemas(self) -> Dict[str, Dict[str, Any]]:
        """Each tool's parameters schema by name (``respond``'s too): what a dataset's actions are
        read against after an Arrow round trip (``dataset_rows.restore_actions``)."""
        schemas = _TOOL_SCHEMAS.get((self.domain, self.split))
        if schemas is None:
            schemas = tool_schemas(getattr(self.env, "tools_info", []))
            _TOOL_SCHEMAS[(self.domain, self.split)] = schemas
        return schemas

    def score(self, trajectory: Any, task: Any, *, user_replies: Optional[Sequence[Optional[str]]] = None,
              first_user_message: Optional[str] = None, limits: Optional[ReadLimits] = None,
              fault_label: str = "reward_function") -> ShapedRewardResult:
        """The full shaped result of ``trajectory`` on ``task`` (with this function's blend and λ);
        past the reading limits an ``input_invalid`` result, counted in ``PARSE_FAULTS[fault_label]``."""
        env = self.env
        index = task_index_of(env, task)
        kwargs: Dict[str, Any] = {"blend": self.blend, "lam": self.lam}
        try:
            check_trajectory(trajectory, Budget(limits or self.limits))
        except ModelTextFault as exc:  # the policy's own failure: scored 0, not left out
            PARSE_FAULTS.add(fault_label)
            return policy_failure(str(exc), self.blend, self.lam)
        if isinstance(trajectory, dict) and ("traj" in trajectory or "actions" in trajectory):
            if "traj" in trajectory:
                return score_trajectory(env, index, traj=trajectory["traj"], **kwargs)
            user_replies = trajectory.get("user_replies", user_replies)
            trajectory = trajectory["actions"]
        if _is_messages(trajectory):
            return score_trajectory(env, index, traj=trajectory, **kwargs)
        return score_trajectory(env, index, trajectory, user_replies=user_replies,
                                first_user_message=first_user_message, **kwargs)

    def value(self, result: ShapedRewardResult) -> Optional[float]:
        return result.reward

    def from_result(self, result: ShapedRewardResult) -> Optional[float]:
        """This function's value of a result; None (or the fallback, counted) on a fault or an
        undetermined verdict (counted apart, in ``undetermined``)."""
        value = self.value(result) if result.status == "ok" else None
        return self.abstain(result) if value is None else float(value)

    def abstain(self, result: ShapedRewardResult) -> Optional[float]:
        """None (or the fallback) for a result this function gives no value, counted: in
        ``undetermined`` for SPEC §8's undetermined verdict, else in ``faults``."""
        if result.status == "undetermined":
            self.undetermined += 1
        else:
            self.faults += 1
        return None if self.allow_none else self.fallback

    def __call__(self, trajectory: Any, task: Any, **kwargs: Any) -> Optional[float]:
        return self.from_result(self.score(trajectory, task, **kwargs))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(domain={self.domain!r}, split={self.split!r}, lam={self.lam})"


class OutcomeReward(TrajectoryReward):
    """The canonical outcome, 0 or 1 (SPEC §3)."""

    def value(self, result: ShapedRewardResult) -> Optional[float]:
        return result.outcome_reward


class ProcessReward(TrajectoryReward):
    """The summed weights of the satisfied checkpoints (0 when a gate fired)."""

    def value(self, result: ShapedRewardResult) -> Optional[float]:
        return result.process_reward


class SafetyReward(TrajectoryReward):
    """1.0 when no safety gate fired, else 0.0."""

    def value(self, result: ShapedRewardResult) -> Optional[float]:
        return 1.0 if result.safety_passed else 0.0


class LegacyReward(TrajectoryReward):
    """tau-bench's 0/1 reward, value for value."""

    def value(self, result: ShapedRewardResult) -> Optional[float]:
        return result.legacy_reward


class ShapedReward(TrajectoryReward):
    """The shaped blend: outcome + λ·process."""

    blend = "shaped"


class OutcomeBlendReward(TrajectoryReward):
    """The outcome blend: the outcome alone (same value as ``OutcomeReward``)."""

    blend = "outcome"


class GatedReward(TrajectoryReward):
    """The gated blend: outcome · safety."""

    blend = "gated"


REWARD_FUNCTIONS = {
    "outcome": OutcomeReward,
    "process": ProcessReward,
    "safety": SafetyReward,
    "legacy": LegacyReward,
    "shaped": ShapedReward,
    "outcome_blend": OutcomeBlendReward,
    "gated": GatedReward,
}
