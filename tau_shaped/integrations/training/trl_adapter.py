"""tau-shaped's reward functions in TRL's ``reward_funcs`` signature (``trl.GRPOTrainer``).

TRL calls each reward function as ``f(prompts=, completions=, completion_ids=, **columns)``,
where ``columns`` are the dataset's other columns (one value per completion), and accepts a
list of floats or ``None`` (it turns None into NaN and leaves that completion out of the
advantage). This module imports neither trl nor torch: it only has to be called that way::

    from trl import GRPOTrainer
    from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs
    trainer = GRPOTrainer(model=..., reward_funcs=trl_reward_funcs(["shaped", "safety"]),
                          train_dataset=dataset)  # columns: prompt, task_id[, actions, user_replies]

The dataset's columns (names set in ``TRLReward``):

- ``task_id`` (required): the task id (or index) of each row;
- ``actions`` (optional): the trajectory before the completion, as a JSON string or a list of
  ``{"name", "kwargs"}`` actions (the steps the prompt already shows);
- ``user_replies`` (optional): the user's replies to the respond actions, JSON string or list.

The completion becomes the trajectory's last turn(s):

- conversational (a list of messages): the prompt's and the completion's messages together are
  tau-bench's ``traj`` (OpenAI tool calls); ``actions`` is then ignored;
- text: a JSON list of actions, or one ``{"name", "kwargs"}`` action, is run as actions; any
  other text is one ``respond`` action with that text as content.

Completions are read within the reading limits (``tau_shaped.env.model_text.ReadLimits``: size,
nesting, tool calls, time; those of the wrapped function, else the process's): past them the
completion is a parse fault, counted in ``model_text.PARSE_FAULTS["trl"]``, and its reward is
``None`` (TRL leaves it out) or the counted fallback. No completion makes the call raise.

A verifier fault (a malformed trajectory, e.g. an action without a name or an unparsable
``actions`` column; or an internal error) reaches TRL as ``None`` (or, with
``allow_none=False`` on the wrapped function, its counted fallback; see ``reward_functions``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Union

from tau_shaped.env.model_text import PARSE_FAULTS, Budget, ModelTextFault, ReadLimits, parse_json
from tau_shaped.integrations.training.reward_functions import (
    REWARD_FUNCTIONS,
    TrajectoryReward,
)
from tau_shaped.reward.result import failed_result

_MALFORMED = object()


def _json_or_list(value: Any) -> Any:
    """A list column given as a list or as JSON text; ``_MALFORMED`` for unparsable text."""
    if value is None or isinstance(value, (list, tuple)):
        return list(value or [])
    if isinstance(value, str):
        if not value.strip():
            return []
        try:
            return parse_json(value, Budget(), default=_MALFORMED)
        except ModelTextFault:
            return _MALFORMED
    return _MALFORMED


def _text_actions(text: str, limits: Optional[ReadLimits] = None) -> List[Any]:
    budget = Budget(limits)
    budget.text(len(text))
    stripped = text.strip()
    if stripped[:1] in ("[", "{"):
        parsed = parse_json(stripped, budget)
        if isinstance(parsed, list):
            return parsed
        if isinstance(parsed, dict) and "name" in parsed:
            return [parsed]
    return [{"name": "respond", "kwargs": {"content": text}}]


def _message_text(messages: Any) -> str:
    if not isinstance(messages, (list, tuple)):
        raise ModelTextFault(f"a completion is text or a list of messages, not {type(messages).__name__}")
    parts = [m.get("content") or "" for m in messages if isinstance(m, dict)]
    if not all(isinstance(part, str) for part in parts):
        raise ModelTextFault("a completion message's content is not text")
    return "".join(parts)


class TRLReward:
    """One tau-shaped reward function with TRL's signature; picklable like the function it wraps."""

    def __init__(self, reward_function: TrajectoryReward, *, task_column: str = "task_id",
                 actions_column: str = "actions", replies_column: str = "user_replies") -> None:
        self.reward_function = reward_function
        self.task_column = task_column
        self.actions_column = actions_column
        self.replies_column = replies_column
        self.__name__ = f"tau_shaped_{type(reward_function).__name__}"

    @property
    def faults(self) -> int:
        return self.reward_function.faults

    def trajectory(self, prompt: Any, completion: Any, actions: Any = None, replies: Any = None) -> Dict[str, Any]:
        """The trajectory a row's completion makes (the ``reward_functions`` input form);
        ``ModelTextFault`` past the reading limits."""
        if isinstance(completion, list):  # conversational
            history = [m for m in prompt if isinstance(m, dict)] if isinstance(prompt, list) else []
            return {"traj": history + list(completion)}
        before = _json_or_list(actions)
        replies = _json_or_list(replies)
        if before is _MALFORMED or replies is _MALFORMED:
            # parse_actions refuses this with input_invalid, so the row is a verifier fault, not a crash
            return {"actions": "unparsable actions or user_replies column", "user_replies": None}
        if not isinstance(before, list):
            return {"actions": before, "user_replies": None}
        text = completion if isinstance(completion, str) else _message_text(completion or [])
        return {"actions": before + _text_actions(text, self.reward_function.limits), "user_replies": replies}

    def __call__(self, prompts: Sequence[Any], completions: Sequence[Any],
                 completion_ids: Optional[Sequence[Any]] = None, **columns: Any) -> List[Optional[float]]:
        tasks = columns.get(self.task_column)
        if tasks is None:
            raise KeyError(f"the dataset needs a {self.task_column!r} column (the task of each row)")
        n = len(completions)
        actions = columns.get(self.actions_column) or [None] * n
        replies = columns.get(self.replies_column) or [None] * n
        out: List[Optional[float]] = []
        for i in range(n):
            prompt = prompts[i] if i < len(prompts) else None
            try:
                trajectory = self.trajectory(prompt, completions[i], actions[i], replies[i])
            except ModelTextFault as exc:
                PARSE_FAULTS.add("trl")
                func = self.reward_function
                out.append(func.from_result(failed_result("input_invalid", f"model text: {exc}", func.blend, func.lam)))
                continue
            out.append(self.reward_function(trajectory, tasks[i], fault_label="trl"))
        return out

    def __repr__(self) -> str:
        return f"TRLReward({self.reward_function!r})"


def trl_reward_funcs(names: Sequence[Union[str, TrajectoryReward]] = ("shaped",), *, domain: str = "food_delivery",
                     split: str = "test", lam: float = 0.3, allow_none: bool = True,
                     **columns: str) -> List[TRLReward]:
    """TRL reward functions by name (``outcome``, ``process``, ``safety``, ``legacy``, ``shaped``,
    ``outcome_blend``, ``gated``) or from ``TrajectoryReward`` instances."""
    funcs = []
    for name in names:
        if isinstance(name, TrajectoryReward):
            func = name
        else:
            if name not in REWARD_FUNCTIONS:
                raise ValueError(f"unknown reward {name!r}: use one of {', '.join(REWARD_FUNCTIONS)}")
            func = REWARD_FUNCTIONS[name](domain, split, lam=lam, allow_none=allow_none)
        funcs.append(TRLReward(func, **columns))
    return funcs
