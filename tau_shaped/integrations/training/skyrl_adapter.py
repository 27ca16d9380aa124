"""SkyRL (``pip install -e ".[skyrl]"``): ``TauShapedTextEnv``, a ``skyrl_gym`` ``BaseTextEnv``.

``register_env()`` registers it as ``tau_shaped`` (``skyrl_gym.make("tau_shaped", env_config=...,
extras=row)``); a dataset row has ``env_class: tau_shaped`` and either
``reward_spec: {"method": "rule", "ground_truth": <task id>}`` or ``extra_info.task_id``, with
optional ``extra_info.user_replies`` (a scripted user; else the domain's own user), ``domain``,
``split``, ``blend``, ``lam``, ``max_turns``, ``fallback`` (in ``extra_info``, ``env_config`` or
the row).

- ``init(prompt)`` starts the episode and returns the env's system prompt (the domain's policy,
  then the tool schemas and the ``<tool_call>`` format, ``TOOL_FORMAT``) and the user's first
  message; the dataset's prompt is not used (the env owns the conversation).
- ``step(action)`` plays the model's text (``text_turns.parse_assistant_text``) and returns
  ``{"observations", "reward", "done", "metadata"}``: the tool results (as ``user`` messages
  wrapped in ``<tool_response>``, which every chat template renders; ``tool_role="tool"`` keeps
  the ``tool`` role) and the user's reply; ``reward`` is 0.0 on every turn but the last, which
  pays the episode's shaped reward (``turn_rewards: terminal``, the default: SkyRL keeps each
  step's reward as it is returned, so an abstention found at the end must find no credit paid
  earlier); ``turn_rewards: dense`` (``env_config`` or the row) pays each turn its shaped reward
  (per-step rewards that sum to the episode's, SPEC §3; on an abstention the last turn takes back
  what was paid: drop the episode on ``abstain``); ``metadata`` has ``turn_reward`` and, on the
  last step, ``components`` (``score``, ``outcome``, ``process``, ``safety``, ``legacy``, the flags
  ``abstain``, ``undetermined``, ``infra_fault``, ``parse_fault``). After ``max_turns`` the
  episode ends (truncated).
- **The turn limit holds.** SkyRL's generator stops an episode after its own
  ``generator.max_turns`` (default 1) whatever the env says. Set it to the env's ``max_turns``
  (30 by default). ``trainer_max_turns`` in ``env_config`` (e.g. ``${generator.max_turns}``) lower
  than the env's raises ``TurnLimitError`` when the env is made; and ``close()`` of an episode the
  trainer stopped before it ended raises it too (its terminal reward was never paid): a clear
  error, never a silently truncated reward. ``env_config["user"]`` sets the customer simulator.
- ``get_metrics()`` gives the components of a finished episode, for SkyRL's aggregation.

An abstention (a verifier fault, counted in ``text_turns.FAULTS["skyrl"]``; an undetermined
verdict; an LLM customer that cannot be reached, at ``init`` or a reply: counted in
``stepwise.INFRA_FAULTS["skyrl"]``, never an exception) pays 0.0 on every turn and the fallback
(default 0.0) at the last, with ``abstain = 1.0`` in the metrics (SkyRL has no ``None`` reward):
filter on it. Model text past the reading limits (``tau_shaped.env.model_text.ReadLimits``) is the
policy's failure: the episode ends with reward 0.0 and ``parse_fault`` 1.0
(``model_text.PARSE_FAULTS["skyrl"]``). A row read through Arrow/parquet is read back as it was
(``dataset_rows``: a key filled with null is a key not given).
A domain named by the row (``extras``, ``extra_info``) is data: a registered name only, never
``module:ATTRIBUTE`` (``env_config``, a person's, may name either). Without skyrl_gym the class is built on ``object`` with the same
methods (so this module imports, and the contract can be checked, without the stack).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

from tau_shaped.integrations.training.dataset_rows import present
from tau_shaped.integrations.training.text_turns import TextEpisode

ENV_ID = "tau_shaped"
TOOL_FORMAT = ("\n\n# Tools\n\nYou may call these tools (JSON schemas):\n{tools}\n\nTo call a tool, write "
               "<tool_call>{{\"name\": <tool name>, \"arguments\": <JSON object>}}</tool_call>. Any other text is "
               "sent to the customer.")
_SETTINGS = ("domain", "split", "blend", "lam", "max_turns", "fallback", "tool_role", "trainer_max_turns", "turn_rewards")


class TurnLimitError(RuntimeError):
    """SkyRL's generator stops episodes before the env's turn limit (one line saying what to set)."""


def _get(config: Any, key: str) -> Any:
    if config is None:
        return None
    if isinstance(config, dict):
        return config.get(key)
    getter = getattr(config, "get", None)
    return getter(key) if callable(getter) else getattr(config, key, None)


class _TextEnvMethods:
    """The methods of ``TauShapedTextEnv``; see the module docstring."""

    def __init__(self, env_config: Any = None, extras: Dict[str, Any] = {}) -> None:  # noqa: B006 (SkyRL's signature)
        super().__init__()
        extras = present(extras)  # a key Arrow filled with null for this row: not given
        info = present(extras.get("extra_info"))
        settings = {"domain": "food_delivery", "split": "test", "blend": "shaped", "lam": 0.3, "max_turns": 30,
                    "fallback": 0.0, "tool_role": "user", "trainer_max_turns": None, "turn_rewards": "terminal"}
        domain_field = None
        for key in _SETTINGS:
            for where, source in (("env_config", _get(env_config, key)), ("the row's 'domain'", extras.get(key)),
                                  ("extra_info 'domain'", info.get(key))):
                if source is not None:
                    settings[key] = source
                    if key == "domain":
                        domain_field = None if where == "env_config" else where
        self.settings = settings
        self.task = info.get("task_id", (extras.get("reward_spec") or {}).get("ground_truth"))
        if self.task is None:
            raise KeyError("a tau_shaped row needs reward_spec.ground_truth or extra_info.task_id (the task id)")
        self.user_replies = info.get("user_replies", extras.get("user_replies"))
        self.seed = info.get("seed")
        self.max_turns = int(settings["max_turns"])
        trainer = settings["trainer_max_turns"]
        if trainer is not None and int(trainer) < self.max_turns:
            raise TurnLimitError(turn_limit_message(int(trainer), self.max_turns))
        self.turns = 0
        self.episode = TextEpisode(settings["domain"], settings["split"], blend=settings["blend"],
                                   lam=float(settings["lam"]), max_turns=self.max_turns,
                                   fallback=float(settings["fallback"]), adapter="skyrl", domain_field=domain_field,
                                   user=_get(env_config, "user"), turn_rewards=str(settings["turn_rewards"]))
        self.started = False
        self.chat_history: List[Dict[str, Any]] = []

    def init(self, prompt: Any = None) -> Tuple[List[Dict[str, Any]], Dict[str, Any]]:
        messages = self.episode.start(self.task, user_replies=self.user_replies, seed=self.seed)
        system = dict(messages[0])
        system["content"] = (system.get("content") or "") + TOOL_FORMAT.format(tools=json.dumps(self.episode.tools))
        self.chat_history = [system] + [dict(m) for m in messages[1:]]
        self.turns = 0
        self.started = True
        return list(self.chat_history), {"task_id": str(self.task), "tools": self.episode.tools}

    def _observation(self, message: Dict[str, Any]) -> Dict[str, Any]:
        if message.get("role") == "tool" and self.settings["tool_role"] != "tool":
            return {"role": "user", "content": f"<tool_response>\n{message.get('content') or ''}\n</tool_response>"}
        return {"role": message.get("role", "user"), "content": message.get("content") or ""}

    def step(self, action: str) -> Dict[str, Any]:
        self.turns += 1
        if self.episode.done and self.episode.ended and not self.episode.rewards:
            # over before the model spoke (the customer could not be reached): an abstention, no signal
            values = self.episode.components
            self.chat_history.append({"role": "assistant", "content": action})
            return {"observations": [], "reward": values["score"], "done": True,
                    "metadata": {"turn_reward": values["score"], "components": values}}
        turn = self.episode.act(action)  # text; anything else ends the episode as a parse fault
        observations = [] if turn.done else [self._observation(m) for m in turn.messages]
        metadata: Dict[str, Any] = {"turn_reward": turn.reward}
        if turn.done:
            metadata["components"] = self.episode.components
        self.chat_history += [{"role": "assistant", "content": action}] + observations
        return {"observations": observations, "reward": turn.reward, "done": turn.done, "metadata": metadata}

    def get_metrics(self) -> Dict[str, Any]:
        return dict(self.episode.components) if self.episode.ended else {}

    def close(self) -> None:
        """Give the env back; ``TurnLimitError`` if the trainer stopped the episode before it ended
        (SkyRL's ``generator.max_turns`` below the env's turn limit: the terminal reward was never paid)."""
        cut = self.started and not self.episode.done
        turns = self.turns
        self.episode.close()
        self.started = False
        if cut:
            raise TurnLimitError(turn_limit_message(turns, self.max_turns))


def turn_limit_message(trainer_turns: int, env_turns: int) -> str:
    return (f"SkyRL stopped the tau_shaped episode after {trainer_turns} turn(s), before it ended (the env's turn limit "
            f"is {env_turns}): set generator.max_turns={env_turns} (SkyRL's default, 1, ends every episode after one "
            "turn) or the env's max_turns lower")


_CLASSES: Dict[str, type] = {}


def text_env_class() -> type:
    """``TauShapedTextEnv``: on skyrl_gym's ``BaseTextEnv`` when it is installed, else on ``object``."""
    if "TauShapedTextEnv" not in _CLASSES:
        try:
            from skyrl_gym.envs.base_text_env import BaseTextEnv
        except ImportError:
            BaseTextEnv = object  # noqa: N806
        cls = type("TauShapedTextEnv", (_TextEnvMethods, BaseTextEnv),
                   {"__module__": __name__, "__doc__": __doc__})
        _CLASSES["TauShapedTextEnv"] = cls
    return _CLASSES["TauShapedTextEnv"]


def register_env(env_id: str = ENV_ID) -> str:
    """Register ``TauShapedTextEnv`` with skyrl_gym under ``env_id`` (needs skyrl_gym); the id."""
    import skyrl_gym

    if env_id not in skyrl_gym.registry:
        skyrl_gym.register(id=env_id, entry_point=f"{__name__}:TauShapedTextEnv")
    return env_id


def __getattr__(name: str) -> Any:
    if name == "TauShapedTextEnv":
        return text_env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
