"""TRL's ``environment_factory`` (experimental, trl>=1.x ``GRPOTrainer``): the domain's tools as methods.

``tool_env_class(domain, split)`` builds a class whose public methods are the domain's tools
(typed and documented from their schemas: TRL renders them with transformers'
``get_json_schema``) plus ``send_message_to_user(message)``, the way to talk to the customer, and
TRL's ``reset(**row)`` and ``get_reward()``::

    env_cls = tool_env_class("food_delivery", "test")
    trainer = GRPOTrainer(model=..., environment_factory=env_cls, train_dataset=dataset,
                          reward_funcs=[env_component_reward("legacy")], ...)  # dataset: environment_dataset()

- ``reset(task_id=..., user_replies=None, **row)`` starts the row's episode (the instance owns the
  database and the customer: ``user_replies`` for a scripted one, else the class's ``user``
  setting, else the task's persona customer) and returns the customer's first message (never the
  task's instruction), which TRL appends to the prompt's last user message.
- each tool method plays that tool call and returns its observation (``Error: ...`` for a failed
  call, as in tau-bench); ``send_message_to_user`` returns the customer's reply. After the episode
  ended (the customer left, ``max_turns``), calls return ``"The conversation is over."``.
- ``get_reward()`` ends the episode if it is still open and returns its reward (the blend's; per
  ``blend``/``lam``), or ``None`` on an abstention (TRL leaves the sample out, SPEC §8;
  ``allow_none=False``: the counted ``fallback``): a verifier fault, an undetermined verdict, or an
  LLM customer that could not be reached (``reset`` then returns ``""`` and every tool call
  ``OVER``; counted in ``stepwise.INFRA_FAULTS["trl"]``). A tool call whose arguments are past the
  reading limits is the policy's failure: reward 0.0, ``components["parse_fault"]`` 1.0. ``components`` holds every component, legacy
  included; ``env_component_reward(name)`` is a TRL reward function reading it from the
  ``environments`` TRL passes (log one with weight 0 via ``GRPOConfig.reward_weights``).

``environment_dataset(domain, split, user_replies=None)`` gives the rows: ``prompt`` (the policy as
the system message, an empty user message) and ``task_id`` (plus ``user_replies``).
"""

from __future__ import annotations

import inspect
import json
from typing import Any, Callable, Dict, List, Optional

from tau_shaped.env.model_text import ModelTextFault, read_limits, value_depth_ok
from tau_shaped.integrations.training.dataset_rows import MALFORMED, list_column
from tau_shaped.integrations.training.stepwise import system_prompt
from tau_shaped.integrations.training.text_turns import EpisodeSettings, TextEpisode, acquire_env, release_env

OVER = "The conversation is over."
_TYPES = {"string": str, "integer": int, "number": float, "boolean": bool, "array": list, "object": dict}
_RESERVED = {"reset", "get_reward", "send_message_to_user", "close", "components"}


class ToolEnvBase(EpisodeSettings):
    """What every generated class shares; the tools are added per domain by ``tool_env_class``."""

    allow_none = True
    user: Any = None  # the customer simulator (an object, copied per episode, or a factory); default the persona

    def __init__(self) -> None:
        self._episode = TextEpisode(self.domain, self.split, blend=self.blend, lam=self.lam, max_turns=self.max_turns,
                                    fallback=self.fallback, adapter="trl", user=type(self).user)
        self._calls = 0

    def reset(self, task_id: Any = None, user_replies: Any = None, **row: Any) -> str:
        """Start the episode of the row's task; the customer's first message."""
        if task_id is None:
            raise KeyError("the dataset needs a task_id column (the task of each row)")
        replies = list_column(user_replies)  # a list (after Arrow or not), a numpy array or JSON text
        if replies is MALFORMED:
            raise ModelTextFault("the user_replies column is neither a list nor JSON text of one")
        messages = self._episode.start(task_id, user_replies=replies)
        self._calls = 0
        # an unreachable customer ends the episode at once (an abstention: get_reward() is None, counted)
        return messages[-1]["content"]

    def _play(self, message: Dict[str, Any]) -> str:
        if self._episode.done:
            return OVER
        turn = self._episode.act(message)
        text = "\n".join(m.get("content") or "" for m in turn.messages)
        return text if text or not turn.done else OVER

    def _call(self, name: str, arguments: Dict[str, Any]) -> str:
        self._calls += 1
        if self._episode.done:
            return OVER
        limits = self._episode.limits or read_limits()
        if not value_depth_ok(arguments, limits.max_depth):  # the call's arguments as model text
            self._episode.fault(f"tool-call arguments nested more than {limits.max_depth} levels deep "
                                "(ReadLimits.max_depth)")
            return OVER
        call = {"id": f"call_{self._calls}", "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)}}
        return self._play({"role": "assistant", "content": None, "tool_calls": [call]})

    def send_message_to_user(self, message: str) -> str:
        """Send a message to the customer and get their reply.

        Args:
            message: What to tell or ask the customer.

        Returns:
            The customer's reply.
        """
        return self._play({"role": "assistant", "content": message})

    @property
    def components(self) -> Dict[str, float]:
        """``score``, ``outcome``, ``process``, ``safety``, ``legacy``, ``abstain`` (ends an open episode)."""
        if not self._episode.ended:
            self._episode.finish()
        return dict(self._episode.components)

    def get_reward(self) -> Optional[float]:
        """The episode's reward; None on a verifier fault (or the fallback with allow_none=False)."""
        values = self.components
        if values["abstain"] and self.allow_none:
            return None
        return values["score"]


def _json_type(spec: Dict[str, Any]) -> Any:
    """The Python type of a property's JSON schema (``anyOf`` with null: the other branch)."""
    if "type" in spec:
        return _TYPES.get(spec["type"], str)
    branches = [b for b in spec.get("anyOf") or [] if b.get("type") != "null"]
    return _json_type(branches[0]) if branches else str


def _tool_method(tool: Dict[str, Any]) -> Callable[..., str]:
    fn = tool["function"]
    name = fn["name"]
    params = fn.get("parameters") or {}
    required = set(params.get("required") or [])
    signature_params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    annotations: Dict[str, Any] = {"return": str}
    arg_docs = []
    for pname, spec in (params.get("properties") or {}).items():
        kind = _json_type(spec)
        annotation = kind if pname in required else Optional[kind]
        default = inspect.Parameter.empty if pname in required else None
        signature_params.append(inspect.Parameter(pname, inspect.Parameter.KEYWORD_ONLY, default=default,
                                                  annotation=annotation))
        annotations[pname] = annotation
        arg_docs.append(f"    {pname}: {spec.get('description') or pname}")

    def method(self: ToolEnvBase, **kwargs: Any) -> str:
        return self._call(name, {k: v for k, v in kwargs.items() if v is not None or k in required})

    method.__name__ = method.__qualname__ = name
    method.__signature__ = inspect.Signature(signature_params, return_annotation=str)  # type: ignore[attr-defined]
    method.__annotations__ = annotations
    args = ("\n\nArgs:\n" + "\n".join(arg_docs)) if arg_docs else ""
    method.__doc__ = f"{fn.get('description') or name}{args}\n\nReturns:\n    The tool's answer."
    return method


def tool_env_class(domain: str = "food_delivery", split: str = "test", **settings: Any) -> type:
    """The ``environment_factory`` class of a domain (settings: ``blend``, ``lam``, ``max_turns``,
    ``fallback``, ``allow_none``, ``user``: the customer simulator)."""
    unknown = set(settings) - {"blend", "lam", "max_turns", "fallback", "allow_none", "user"}
    if "user" in settings:
        settings["user"] = staticmethod(settings["user"]) if callable(settings["user"]) and not hasattr(
            settings["user"], "step") else settings["user"]
    if unknown:
        raise TypeError(f"unknown settings: {sorted(unknown)}")
    env = acquire_env(domain, split)
    try:
        tools = list(getattr(env, "tools_info", []))
    finally:
        release_env(domain, split, env)
    namespace: Dict[str, Any] = {"__module__": __name__, "domain": domain, "split": split, **settings}
    for tool in tools:
        name = tool["function"]["name"]
        if name in _RESERVED or name.startswith("_"):
            raise ValueError(f"the tool {name!r} clashes with the environment's own methods")
        namespace[name] = _tool_method(tool)
    class_name = "TauShaped" + "".join(p.capitalize() for p in domain.replace(":", "_").split("_")) + "Env"
    return type(class_name, (ToolEnvBase,), namespace)


def env_component_reward(name: str = "legacy") -> Callable[..., List[Optional[float]]]:
    """A TRL reward function giving each rollout's environment's ``name`` component (None on a fault)."""
    def reward(environments: Optional[List[Any]] = None, **kwargs: Any) -> List[Optional[float]]:
        values = [e.components for e in environments or []]
        return [None if v["abstain"] else v[name] for v in values]

    reward.__name__ = f"tau_shaped_{name}"
    return reward


def environment_dataset(domain: str = "food_delivery", split: str = "test",
                        user_replies: Optional[Dict[str, List[str]]] = None) -> List[Dict[str, Any]]:
    """Rows for ``Dataset.from_list``: ``prompt`` (the policy, an empty user turn), ``task_id``[, ``user_replies``]."""
    env = acquire_env(domain, split)
    try:
        policy = system_prompt(env)
        ids = [str(getattr(t, "id", None) or i) for i, t in enumerate(env.tasks)]
    finally:
        release_env(domain, split, env)
    rows = []
    for task_id in ids:
        row: Dict[str, Any] = {"prompt": [{"role": "system", "content": policy}, {"role": "user", "content": ""}],
                               "task_id": task_id}
        if user_replies is not None:
            row["user_replies"] = json.dumps(list(user_replies.get(task_id, [])))
        rows.append(row)
    return rows
