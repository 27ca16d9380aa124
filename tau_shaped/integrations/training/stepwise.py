"""A step-wise environment for RL trainers: one assistant turn per ``step``, Gymnasium's API shape.

``StepwiseEnv`` wraps a tau-shaped ``Env`` (``load_domain(...).make_env()``)::

    env = StepwiseEnv(load_domain("food_delivery").make_env(), blend="shaped", lam=0.3)
    obs, info = env.reset(options={"task_id": "fd-missing-3", "user_replies": ["Yes, please."]})
    obs, reward, terminated, truncated, info = env.step({"role": "assistant", "content": "Hello!"})

It follows ``gymnasium.Env`` (``reset(seed=, options=) -> (obs, info)``,
``step(action) -> (obs, reward, terminated, truncated, info)``) without importing gymnasium.

Observation: a dict with ``messages`` (the whole conversation so far as OpenAI chat messages:
the system prompt (the domain's policy), the first user message, then every assistant turn,
tool result and user reply), ``new_messages`` (what this step added: the tool results, and the
user's reply to a text turn), ``tools`` (the tool schemas, OpenAI format) and ``task_id``.

Action: an OpenAI-style assistant message. Each of its ``tool_calls`` is one env action, run in
order (arguments that are not a JSON object reach the tool as ``__unparsed_arguments__`` and
fail there, as in a live run); a message without tool calls is a ``respond`` action whose
``content`` goes to the user simulator (text beside tool calls is not sent to the user, as in
tau-bench).

Reward per step (``reward_mode="dense"``, the default). After every turn the episode so far
is scored (``calculate_reward_shaped`` on the prefix) and the turn's reward is
``lam * sum(prefix.step_rewards[i] for i in the turn's actions)`` with the shaped blend, and 0
with the outcome and gated blends (their reward has no process term). The terminal step
(terminated: the user stopped or a terminate tool ran; truncated: ``max_steps`` turns, or
``finish()``) carries the rest: ``R_T = final.reward - fsum(r_1..r_{T-1})``, where ``final``
is the shaped result of the whole episode. So the step rewards always sum to the episode's
shaped reward; the terminal reward holds the outcome, and takes back process credit a later
safety gate cancelled (a fired gate zeroes the whole reward, SPEC §3). With
``reward_mode="terminal"`` every step but the last gets 0 and the last gets ``final.reward``.

**Abstaining** (SPEC §8): a verifier fault or an undetermined verdict (``final.status != "ok"``,
``final.reward is None``), or the infrastructure failing (an LLM customer that cannot be reached:
``LLMError`` from its ``reset`` or ``step``; counted in ``INFRA_FAULTS``, ``info["infra_fault"]``
the one-line reason), ends the episode with ``info["abstain"] = True``: the trainer leaves the
episode out, it carries no signal. ``info["step_rewards"]`` is then all 0.0 (the per-step rewards
as a trainer should take them: none); the terminal reward returned is ``0.0 - fsum(earlier)``, so
a running sum of what ``step`` returned is 0 too (rewards already streamed cannot be recalled: a
trainer that streams them must drop the episode on ``abstain``). A customer unreachable at
``reset`` gives an episode that is over before it starts: ``info["abstain"]`` on ``reset``.
``info["shaped"]`` holds the final ``ShapedRewardResult`` on the terminal step
(``info["step_rewards"]``: the per-step rewards given); non-terminal steps carry
``info["prefix"]``, the prefix's result (dense mode).

**The policy's own failure.** Model text past the reading limits
(``tau_shaped.env.model_text.ReadLimits``: an action's content or tool-call arguments over the
size limit, arguments nested deeper than the depth limit, too many tool calls) or a tool call in
no known format is a parse fault: ``step`` runs none of it and ends the episode as a *failure*
(``policy_failure``: reward 0, outcome 0, process 0, a decided verdict, no abstention;
``info["parse_fault"]`` the one-line reason, counted in ``model_text.PARSE_FAULTS``); the terminal
reward takes back earlier process credit, as a fired gate does. ``fault(reason)`` does the same
for a turn its caller could not read.

The customer (``customers.customer_for``): ``options["user_replies"]`` plays those replies
with a ``ScriptedCustomer`` (``options["recording"]``: its replies); a user simulator passed as
``user`` (constructor or ``options``; ``tau_shaped.env.users``'s interface, e.g. ``LLMUser``, or a
factory called with the task) answers; otherwise the task's persona customer, else the wrapped
env's own user. The first user message is the customer's, never the task's instruction: what
the policy sees is the policy, the tools and the customer's words.

An assistant turn is read by the one reader of model output (``env.model_output``): model text
or a message, tool calls in any known format, reasoning kept in the message's
``reasoning_content`` and never sent nor counted as text beside a call (SPEC §1); a tool call in
no known format is a parse fault, as text past the reading limits is.
"""

from __future__ import annotations

import copy
import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.env.model_output import message_actions, read_model_output
from tau_shaped.env.llm import LLMError
from tau_shaped.env.model_text import PARSE_FAULTS, FaultCounter, ModelTextFault, ReadLimits
from tau_shaped.env.traj_format import combined_turn
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.env.users import BaseUser
from tau_shaped.integrations.training.customers import customer_for
from tau_shaped.reward.result import ShapedRewardResult, check_blend, failed_result

REWARD_MODES = ("dense", "terminal")
#: Episodes that abstained because the infrastructure failed (an unreachable LLM customer), by adapter.
INFRA_FAULTS = FaultCounter()
#: The start of a policy failure's ``error``: what ``is_policy_failure`` looks for.
POLICY_FAILURE = "policy failure (unreadable model text)"


def policy_failure(reason: str, blend: str, lam: float) -> ShapedRewardResult:
    """The result of a trajectory whose model text could not be read (past the reading limits, a
    tool call in no known format): the policy's own failure, a decided verdict (``status`` ok) of
    reward 0, outcome 0, process 0, legacy 0; the reason in ``error``."""
    return ShapedRewardResult(reward=0.0, blend=blend, lambda_=lam, outcome_reward=0.0, process_reward=0.0,
                              legacy_reward=0.0, status="ok", error=f"{POLICY_FAILURE}: {reason}")


def is_policy_failure(result: Any) -> bool:
    """Whether ``result`` is a ``policy_failure``."""
    error = getattr(result, "error", None)
    return getattr(result, "status", None) == "ok" and isinstance(error, str) and error.startswith(POLICY_FAILURE)


def infra_fault(reason: str, blend: str, lam: float) -> ShapedRewardResult:
    """The result of an episode the infrastructure cut (an unreachable LLM customer): no verdict."""
    return failed_result("internal_error", f"infrastructure: {reason}", blend, lam)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:300]


def task_index_of(env: Any, task: Any) -> int:
    """The index of ``task`` in ``env.tasks``: an index, a task id, or a task object."""
    if isinstance(task, bool):
        raise TypeError("a task is an index, a task id or a task")
    if isinstance(task, int):
        if not 0 <= task < len(env.tasks):
            raise IndexError(f"task {task} is out of range: the env has {len(env.tasks)} tasks")
        return task
    for i, candidate in enumerate(env.tasks):
        if candidate is task or (isinstance(task, str) and str(getattr(candidate, "id", "")) == task):
            return i
    raise KeyError(f"no task {task!r} in this env")


def system_prompt(env: Any) -> str:
    """The policy the agent follows: the domain's wiki, then its rules (if any)."""
    rules = list(getattr(env, "rules", None) or [])
    wiki = getattr(env, "wiki", "") or ""
    return wiki if not rules else wiki + "\n\nRules:\n" + "\n".join(f"- {r}" for r in rules)


class StepwiseEnv:
    """Gymnasium-shaped, one assistant turn per step; see the module docstring."""

    metadata: Dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        env: Any,
        *,
        user: Optional[BaseUser] = None,
        blend: str = "shaped",
        lam: float = 0.3,
        max_steps: int = 30,
        reward_mode: str = "dense",
        limits: Optional[ReadLimits] = None,
        fault_label: str = "stepwise",
    ) -> None:
        check_blend(blend, lam)
        if reward_mode not in REWARD_MODES:
            raise ValueError(f"unknown reward_mode {reward_mode!r}: use one of {', '.join(REWARD_MODES)}")
        if max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        self.env = env
        self.user = user
        self.blend = blend
        self.lam = float(lam)
        self.max_steps = max_steps
        self.reward_mode = reward_mode
        self.limits = limits
        self.fault_label = fault_label  # the key parse faults are counted under in PARSE_FAULTS
        self.tools: List[Dict[str, Any]] = copy.deepcopy(list(getattr(env, "tools_info", [])))
        self.tool_names = [t.get("function", {}).get("name") for t in self.tools if isinstance(t, dict)]
        self.messages: List[Dict[str, Any]] = []
        self.rewards: List[float] = []
        self.turns = 0
        self.done = True
        self.result: Optional[ShapedRewardResult] = None

    # -- Gymnasium API -----------------------------------------------------------

    def reset(self, task: Any = None, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """Start an episode of ``task`` (index, id or task; else ``options["task_index"|"task_id"]``,
        else a task picked from ``seed``). ``seed`` seeds the world (default: the task's seed)."""
        options = dict(options or {})
        if task is None:
            task = options.get("task_index", options.get("task_id"))
        index = task_index_of(self.env, task) if task is not None else None
        if index is None and hasattr(self.env, "_pick_task"):
            index = self.env._pick_task(seed)  # the task the env would pick: its customer is chosen for it
        self.env.user = self._user_for(options, self.env.tasks[index] if index is not None else None, seed)
        self.rewards = []
        self.turns = 0
        self.result = None
        try:
            response = self.env.reset(task_index=index, seed=seed)
        except LLMError as exc:  # the customer cannot be reached: the infrastructure's fault, not the policy's
            reason = _one_line(exc)
            INFRA_FAULTS.add(self.fault_label)
            self.done = True
            self.result = infra_fault(f"the customer's first message: {reason}", self.blend, self.lam)
            self.messages = [{"role": "system", "content": system_prompt(self.env)}, {"role": "user", "content": ""}]
            task_id = getattr(self.env.tasks[index], "id", index) if index is not None else None
            info = {"task_index": index, "task_id": task_id, "seed": seed, "abstain": True,
                    "infra_fault": reason, "shaped": self.result, "episode_reward": None, "step_rewards": []}
            return self._observation(list(self.messages)), info
        self.messages = [
            {"role": "system", "content": system_prompt(self.env)},
            {"role": "user", "content": response.observation},
        ]
        self.done = False
        info = {"task_index": self.env.task_index, "task_id": self.task_id, "seed": self.env.episode_seed}
        return self._observation(list(self.messages)), info

    def step(self, action: Dict[str, Any]) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        """Play one assistant turn; returns (observation, reward, terminated, truncated, info)."""
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        if not isinstance(action, (dict, str)):
            raise TypeError(f"an assistant turn is model text or an OpenAI-style message dict, not {type(action).__name__}")
        try:
            message = read_model_output(action, self.limits, tool_names=self.tool_names)
        except ModelTextFault as exc:  # past the limits, or a tool call in no known format: counted
            return self.fault(str(exc))
        calls = message.get("tool_calls") or []
        first = len(self.env.actions)
        added: List[Dict[str, Any]] = []
        terminated = False
        for i, (name, kwargs) in enumerate(message_actions(message)):
            act = Action(name=name, kwargs=kwargs)
            try:
                response = self.env.step(act)
            except LLMError as exc:  # the customer's reply never came: abstain (counted), not a verdict
                return self.infrastructure_fault(f"the customer's reply: {_one_line(exc)}")
            if act.name == RESPOND_ACTION_NAME:
                added.append({"role": "user", "content": response.observation})
            else:
                added.append({"role": "tool", "tool_call_id": calls[i]["id"], "name": act.name,
                              "content": response.observation})
            if response.done:
                terminated = True
                break
        why = combined_turn(message.get("content"), len(calls))  # reasoning is kept apart: never "text beside"
        if why is not None and hasattr(self.env, "note_combined_turn"):  # "one step a turn": judged as in a traj
            self.env.note_combined_turn(first, f"turn {self.turns}: {why}")
        self.messages.append(message)
        self.messages.extend(added)
        self.turns += 1
        truncated = not terminated and self.turns >= self.max_steps
        if terminated or truncated:
            reward, info = self._terminal()
        else:
            reward, info = self._dense(first)
        self.rewards.append(reward)
        if terminated or truncated:
            info["step_rewards"] = [0.0] * len(self.rewards) if info["abstain"] else list(self.rewards)
        return self._observation(added), reward, terminated, truncated, info

    def finish(self) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        """End the episode now (the agent stopped): a truncated terminal step with no action."""
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        reward, info = self._terminal()
        self.rewards.append(reward)
        info["step_rewards"] = [0.0] * len(self.rewards) if info["abstain"] else list(self.rewards)
        return self._observation([]), reward, False, True, info

    def fault(self, reason: str) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        """End the episode on a turn that could not be read (a parse fault, counted): the policy's
        failure (``policy_failure``), a truncated terminal step, no action run, rewards summing to 0,
        ``info["parse_fault"]`` the reason; no abstention."""
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        PARSE_FAULTS.add(self.fault_label)
        self.done = True
        final = policy_failure(reason, self.blend, self.lam)
        self.result = final
        reward = 0.0 - math.fsum(self.rewards)
        self.rewards.append(reward)
        info = {"shaped": final, "abstain": False, "undetermined": False, "episode_reward": 0.0, "parse_fault": reason,
                "step_rewards": list(self.rewards)}
        return self._observation([]), reward, False, True, info

    def infrastructure_fault(self, reason: str) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        """End the episode because the infrastructure failed (counted in ``INFRA_FAULTS``): an
        abstention, ``info["infra_fault"]`` the reason, every per-step reward 0."""
        if self.done:
            raise RuntimeError("the episode is over: call reset()")
        INFRA_FAULTS.add(self.fault_label)
        self.done = True
        self.result = infra_fault(reason, self.blend, self.lam)
        reward = 0.0 - math.fsum(self.rewards)
        self.rewards.append(reward)
        info = {"shaped": self.result, "abstain": True, "undetermined": False, "episode_reward": None,
                "infra_fault": reason, "step_rewards": [0.0] * len(self.rewards)}
        return self._observation([]), reward, False, True, info

    def close(self) -> None:
        self.done = True

    # -- internals -----------------------------------------------------------------

    @property
    def task_id(self) -> Any:
        return getattr(self.env.task, "id", self.env.task_index)

    def _user_for(self, options: Dict[str, Any], task: Any, seed: Optional[int]) -> Any:
        recording = options.get("recording")
        replies = options.get("user_replies")
        if recording is not None:
            replies = list(getattr(recording, "user_replies", []) or [])
        user = options.get("user") if options.get("user") is not None else self.user
        return customer_for(self.env, task, user=user, replies=replies, seed=seed)

    def _observation(self, added: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
        return {
            "messages": copy.deepcopy(self.messages),
            "new_messages": copy.deepcopy(list(added)),
            "tools": self.tools,
            "task_id": self.task_id,
        }

    def _dense(self, first: int) -> Tuple[float, Dict[str, Any]]:
        if self.reward_mode == "terminal":
            return 0.0, {}
        prefix = self.env.calculate_reward_shaped(blend=self.blend, lam=self.lam)
        if prefix.status != "ok" or self.blend != "shaped":
            return 0.0, {"prefix": prefix}
        credit = math.fsum(prefix.step_rewards[first:])
        return self.lam * credit, {"prefix": prefix}

    def _terminal(self) -> Tuple[float, Dict[str, Any]]:
        self.done = True
        final = self.env.calculate_reward_shaped(blend=self.blend, lam=self.lam)
        self.result = final
        earlier = math.fsum(self.rewards)
        abstain = final.status != "ok" or final.reward is None
        total = 0.0 if abstain else float(final.reward)
        return total - earlier, {"shaped": final, "abstain": abstain, "undetermined": final.status == "undetermined",
                                 "episode_reward": None if abstain else total}
