"""tau-shaped's reward functions in TRL's ``reward_funcs`` signature (``trl.GRPOTrainer``).

TRL calls each reward function as ``f(prompts=, completions=, completion_ids=, **columns)``,
where ``columns`` are the dataset's other columns (one value per completion) plus TRL's
``log_metric``/``log_extra``, and accepts a list of floats or ``None`` (it turns None into NaN and
leaves that completion out of the advantage). This module imports neither trl nor torch::

    from trl import GRPOTrainer
    from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs
    trainer = GRPOTrainer(model=..., reward_funcs=trl_reward_funcs(), train_dataset=dataset)
    # dataset columns: prompt, task_id[, actions, user_replies]

**One scoring per rollout.** The functions ``trl_reward_funcs(names)`` returns share one scorer:
the first one TRL calls on a batch scores each completion once (the full shaped result), the
others read their value from it. The scoring function reports every component through TRL's
``log_metric`` (``tau_shaped/outcome``, ``process``, ``safety``, ``legacy``: the batch's means over
the rollouts scored; ``tau_shaped/abstain`` and ``tau_shaped/parse_faults``: the share left out and
the count of completions in no readable format) and ``log_extra`` (the same per completion, in the
completions table). TRL adds the functions' values weighted by ``GRPOConfig.reward_weights``
(default 1 each): the default, ``["shaped"]`` alone, is the blend (outcome + λ·process); with
more names, ``trl_reward_weights(names)`` gives the weights whose sum is the first blend named
(1 for it, 0 for the rest: logged as rewards, not added).

The dataset's columns (names set in ``TRLReward``):

- ``task_id`` (required): the task id (or index) of each row;
- ``actions`` (optional): the trajectory before the completion, as a JSON string or a list of
  ``{"name", "kwargs"}`` actions (the steps the prompt already shows);
- ``user_replies`` (optional): the user's replies to the respond actions, JSON string or list.

The completion becomes the trajectory's last turn(s), read by the one reader of model output
(``tau_shaped.env.model_output``: tool calls in every known format, reasoning kept apart):

- conversational (a list of messages): the prompt's and the completion's messages together are
  tau-bench's ``traj``; each assistant message is read by the reader, so a completion TRL decoded
  as text (a tokenizer without a tool-call parser) has its tool calls read, and structured
  ``tool_calls`` (TRL's ``parse_response``) are kept; ``actions`` is then ignored;
- text: the actions the text stands for (tool calls in any known format, else one ``respond``).

A completion past the reading limits (``tau_shaped.env.model_text.ReadLimits``) or with a tool
call in no known format (``model_output.UnknownToolCallFormat``) is the policy's own failure: its
reward is 0.0 (every component 0, ``safety`` 1: no gate fired; ``stepwise.policy_failure``), never
an abstention, counted in ``model_text.PARSE_FAULTS["trl"]`` and in the batch's
``tau_shaped/parse_faults``. No completion makes the call raise.

**Columns after Arrow.** TRL's dataset is a ``datasets.Dataset``: a list-valued ``actions`` column
comes back with every action's ``kwargs`` holding the other actions' keys as null, and a row's
missing ``user_replies`` as ``None``. Both are read back (``dataset_rows``): the actions against the
tools' declared parameters, a missing ``user_replies`` as no replies recorded (a write that needs a
confirmation is then undetermined: ``None``, counted in ``.undetermined``), so a row scores the same
as a list, as JSON text, before and after a ``datasets``/parquet round trip.

A verifier fault (a malformed trajectory, e.g. an unparsable ``actions`` column; or an internal
error) reaches TRL as ``None`` (or, with ``allow_none=False``, the counted fallback; see
``reward_functions``).
"""

from __future__ import annotations

import math
import threading
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from tau_shaped.env.model_output import read_model_output
from tau_shaped.env.model_text import PARSE_FAULTS, ModelTextFault, ReadLimits
from tau_shaped.integrations.training.dataset_rows import MALFORMED, list_column, restore_actions
from tau_shaped.integrations.training.reward_functions import REWARD_FUNCTIONS, TrajectoryReward
from tau_shaped.integrations.training.stepwise import policy_failure
from tau_shaped.integrations.training.text_turns import COMPONENTS, text_actions
from tau_shaped.reward.result import ShapedRewardResult, blend_reward

def _column(values: Any, n: int) -> List[Any]:
    """A batch's column, one value per completion (``None`` each where the dataset has no such column)."""
    if values is None:
        return [None] * n
    values = list(values)
    return values + [None] * (n - len(values))


def _read_messages(messages: Any, limits: Optional[ReadLimits], tool_names: Sequence[str]) -> List[Dict[str, Any]]:
    """A conversational completion's messages, each assistant turn read by the one reader."""
    if not isinstance(messages, (list, tuple)):
        raise ModelTextFault(f"a completion is text or a list of messages, not {type(messages).__name__}")
    out = []
    for m in messages:
        if isinstance(m, dict) and m.get("role", "assistant") == "assistant":
            out.append(read_model_output(m, limits, tool_names=tool_names))
        elif isinstance(m, dict):
            out.append(m)
        else:
            raise ModelTextFault(f"a completion message is a dict, not {type(m).__name__}")
    return out


def _value(func: TrajectoryReward, result: ShapedRewardResult) -> Optional[float]:
    """``func``'s value of a result scored once for every function (its blend, or its component)."""
    if result.status != "ok" or result.reward is None:
        return None
    if type(func).value is TrajectoryReward.value:  # a blend
        return blend_reward(func.blend, result.outcome_reward, result.process_reward, result.safety_passed, func.lam)
    return func.value(result)


class BatchScores:
    """The shaped result of each completion of the batch TRL is scoring, computed once for all the
    reward functions sharing it (the batch is known by the completions list TRL passes each)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._batch: Any = None
        self._results: List[ShapedRewardResult] = []

    def __getstate__(self) -> Dict[str, Any]:
        return {}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__init__()  # type: ignore[misc]

    def results(self, owner: "TRLReward", prompts: Sequence[Any], completions: Sequence[Any],
                columns: Dict[str, Any]) -> Tuple[List[ShapedRewardResult], bool]:
        """(the results, whether this call scored them)."""
        with self._lock:
            key = (completions, prompts, columns.get(owner.task_column))
            if self._batch is not None and all(a is b for a, b in zip(self._batch, key)):
                return self._results, False
            results, parse_faults = owner.score_batch(prompts, completions, columns)
            self._batch, self._results = key, results
        owner.report(results, parse_faults, columns)
        return results, True


class TRLReward:
    """One tau-shaped reward function with TRL's signature; picklable like the function it wraps."""

    def __init__(self, reward_function: TrajectoryReward, *, task_column: str = "task_id",
                 actions_column: str = "actions", replies_column: str = "user_replies",
                 batch: Optional[BatchScores] = None) -> None:
        self.reward_function = reward_function
        self.batch = batch if batch is not None else BatchScores()
        self.task_column = task_column
        self.actions_column = actions_column
        self.replies_column = replies_column
        self.__name__ = f"tau_shaped_{type(reward_function).__name__}"

    @property
    def faults(self) -> int:
        return self.reward_function.faults

    def trajectory(self, prompt: Any, completion: Any, actions: Any = None, replies: Any = None) -> Dict[str, Any]:
        """The trajectory a row's completion makes (the ``reward_functions`` input form);
        ``ModelTextFault`` past the reading limits or in an unknown tool-call format."""
        func = self.reward_function
        if isinstance(completion, list):  # conversational
            history = [m for m in prompt if isinstance(m, dict)] if isinstance(prompt, list) else []
            return {"traj": history + _read_messages(completion, func.limits, func.tool_names)}
        before = list_column(actions)  # a list (after Arrow or not), a numpy array or JSON text; None: none
        replies = list_column(replies)  # None: no replies recorded (SPEC §10), never an empty list of them
        if before is MALFORMED or replies is MALFORMED:
            # parse_actions refuses this with input_invalid, so the row is a verifier fault, not a crash
            return {"actions": "unparsable actions or user_replies column", "user_replies": None}
        if completion is not None and not isinstance(completion, str):
            raise ModelTextFault(f"a completion is text or a list of messages, not {type(completion).__name__}")
        return {"actions": restore_actions(before or [], func.tool_schemas)
                + text_actions(completion or "", func.limits, tool_names=func.tool_names),
                "user_replies": replies}

    def score_batch(self, prompts: Sequence[Any], completions: Sequence[Any],
                    columns: Dict[str, Any]) -> Tuple[List[ShapedRewardResult], List[bool]]:
        """The shaped result of each completion (scored once), and which were parse faults."""
        tasks = columns.get(self.task_column)
        if tasks is None:
            raise KeyError(f"the dataset needs a {self.task_column!r} column (the task of each row)")
        n = len(completions)
        actions = _column(columns.get(self.actions_column), n)
        replies = _column(columns.get(self.replies_column), n)
        func = self.reward_function
        results, faults = [], []
        for i in range(n):
            prompt = prompts[i] if i < len(prompts) else None
            try:
                trajectory = self.trajectory(prompt, completions[i], actions[i], replies[i])
            except ModelTextFault as exc:  # the completion cannot be read: the policy's failure, scored 0
                PARSE_FAULTS.add("trl")
                results.append(policy_failure(str(exc), func.blend, func.lam))
                faults.append(True)
                continue
            results.append(func.score(trajectory, tasks[i], fault_label="trl"))
            faults.append(False)
        return results, faults

    def report(self, results: Sequence[ShapedRewardResult], parse_faults: Sequence[bool], columns: Dict[str, Any]) -> None:
        """The components through TRL's ``log_metric`` (batch means) and ``log_extra`` (per completion)."""
        log_metric, log_extra = columns.get("log_metric"), columns.get("log_extra")
        if not callable(log_metric) and not callable(log_extra):
            return
        values = batch_components(results)
        values["parse_fault"] = [1.0 if f else 0.0 for f in parse_faults]
        if callable(log_extra):
            for name, column in values.items():
                log_extra(f"tau_shaped/{name}", list(column))
        if callable(log_metric):
            kept = [i for i, a in enumerate(values["abstain"]) if not a]
            for name in COMPONENTS:
                if kept:
                    log_metric(f"tau_shaped/{name}", math.fsum(values[name][i] for i in kept) / len(kept))
            log_metric("tau_shaped/abstain", math.fsum(values["abstain"]) / max(1, len(results)))
            log_metric("tau_shaped/undetermined", math.fsum(values["undetermined"]) / max(1, len(results)))
            log_metric("tau_shaped/parse_faults", float(sum(parse_faults)))

    def __call__(self, prompts: Sequence[Any], completions: Sequence[Any],
                 completion_ids: Optional[Sequence[Any]] = None, **columns: Any) -> List[Optional[float]]:
        results, _ = self.batch.results(self, prompts, completions, columns)
        func = self.reward_function
        out: List[Optional[float]] = []
        for result in results:
            value = _value(func, result)
            out.append(func.abstain(result) if value is None else float(value))
        return out

    def __repr__(self) -> str:
        return f"TRLReward({self.reward_function!r})"


def batch_components(results: Sequence[ShapedRewardResult]) -> Dict[str, List[float]]:
    """Per completion: ``outcome``, ``process``, ``safety``, ``legacy`` (NaN where abstained),
    ``abstain`` and ``undetermined`` (the abstentions that are SPEC §8's undetermined verdicts)."""
    out: Dict[str, List[float]] = {name: [] for name in COMPONENTS + ("abstain", "undetermined")}
    for r in results:
        ok = r.status == "ok" and r.reward is not None
        out["outcome"].append(float(r.outcome_reward) if ok else math.nan)
        out["process"].append(float(r.process_reward) if ok else math.nan)
        out["safety"].append((1.0 if r.safety_passed else 0.0) if ok else math.nan)
        out["legacy"].append(float(r.legacy_reward) if ok else math.nan)
        out["abstain"].append(0.0 if ok else 1.0)
        out["undetermined"].append(1.0 if r.status == "undetermined" else 0.0)
    return out


def trl_reward_funcs(names: Sequence[Union[str, TrajectoryReward]] = ("shaped",), *, domain: str = "food_delivery",
                     split: str = "test", lam: float = 0.3, allow_none: bool = True,
                     **columns: str) -> List[TRLReward]:
    """TRL reward functions by name (``outcome``, ``process``, ``safety``, ``legacy``, ``shaped``,
    ``outcome_blend``, ``gated``) or from ``TrajectoryReward`` instances, sharing one scoring per
    completion (see the module docstring)."""
    funcs = []
    batch = BatchScores()
    for name in names:
        if isinstance(name, TrajectoryReward):
            func = name
        else:
            if name not in REWARD_FUNCTIONS:
                raise ValueError(f"unknown reward {name!r}: use one of {', '.join(REWARD_FUNCTIONS)}")
            func = REWARD_FUNCTIONS[name](domain, split, lam=lam, allow_none=allow_none)
        funcs.append(TRLReward(func, batch=batch, **columns))
    first = funcs[0].reward_function if funcs else None
    for f in funcs[1:]:
        if (f.reward_function.domain, f.reward_function.split) != (first.domain, first.split):
            f.batch = BatchScores()  # another task set: scored on its own
    return funcs


def trl_reward_weights(names: Sequence[Union[str, TrajectoryReward]]) -> List[float]:
    """``GRPOConfig.reward_weights`` under which TRL's weighted sum of ``trl_reward_funcs(names)`` is
    the first blend named (1 for it, 0 for every other: logged, not added); all 1 if none is a blend."""
    def is_blend(name: Union[str, TrajectoryReward]) -> bool:
        cls = type(name) if isinstance(name, TrajectoryReward) else REWARD_FUNCTIONS.get(name)
        return cls is not None and cls.value is TrajectoryReward.value

    first = next((i for i, n in enumerate(names) if is_blend(n)), None)
    if first is None:
        return [1.0] * len(names)
    return [1.0 if i == first else 0.0 for i in range(len(names))]
