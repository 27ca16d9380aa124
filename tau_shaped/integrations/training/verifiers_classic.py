"""verifiers 0.1 (the classic API): ``load_environment``, a ``MultiTurnEnv`` with a weighted ``Rubric``.

``verifiers_adapter`` (the current 0.4 API) re-exports these names; this module needs verifiers
0.1.x and datasets to build the env (``pip install "verifiers>=0.1.14,<0.2" datasets``: the
``verifiers`` extra is 0.4), and nothing to import.

``load_environment(domain="food_delivery", split="test", blend="shaped", lam=0.3, weights=None,
max_turns=30, fallback=0.0, user_replies=None, user=None, task_ids=None)`` returns a
``vf.MultiTurnEnv`` over the split's tasks, run by verifiers itself: its ``rollout``/``evaluate``
(``init_state``, the model through a ``vf.Client``, ``env_response`` per turn, its stop conditions)
and its ``Rubric`` scoring (``MultiTurnEnv``, ``Rubric``, ``vf.Tool`` tool definitions in
``info['tool_defs']``; ``info['oai_tools']`` is refused there).

Each dataset row's ``prompt`` is the env's system prompt (the policy, the tool schemas and the
``<tool_call>`` format) and the customer's first message (never the task's instruction); its
``info`` holds ``task_id``, ``tool_defs`` and, for the tasks ``user_replies`` (``{task id: [replies]}``)
names, the replies of a scripted customer (else ``user``, else the task's persona customer).
``setup_state`` starts the episode (the env owns the database and the customer), ``env_response``
plays each model turn, read by the one reader of model output (verifiers' flat tool calls
``{"id", "name", "arguments"}``, ``<tool_call>`` or other text formats, ``reasoning_content``) and
answers with the tool results and the customer's reply (``vf.ToolMessage``/``vf.UserMessage``);
when the episode ends it sets ``state["final_env_response"]``.

The rubric (``rubric_functions``) scores from the episode's components in ``state["tau_shaped"]``:
``shaped`` (the blend's reward, weight 1), ``outcome``, ``process``, ``safety``, ``legacy``
(tau-bench's 0/1), ``abstain`` and ``undetermined`` (weight 0: logged metrics).
``weights={"outcome": 1.0, ...}`` sets others. **Abstaining:** verifiers turns a reward
function's exception into 0.0 and has no ``None``, so a verifier fault could not be told from a
failure. It is mapped explicitly: every reward function returns the fallback (default 0.0) and
``abstain`` returns 1.0, and the fault is counted in ``text_turns.FAULTS["verifiers"]``; so is a row
verifiers marked with an infrastructure failure (``state["error"]`` an ``EmptyModelResponseError``
or an ``InfraError``): never scored. Filter rollouts on the ``abstain`` metric. The reward
functions never raise (a rollout that stopped before its episode ended is ended there:
``finish()``, the truncated terminal step).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Optional, Tuple

from tau_shaped.env.model_text import Budget, parse_json
from tau_shaped.integrations.training.text_turns import TextEpisode, acquire_env, release_env

STATE_KEY = "tau_shaped"
REWARDS = ("shaped", "outcome", "process", "safety", "legacy", "abstain", "undetermined")
DEFAULT_WEIGHTS = {"shaped": 1.0, "outcome": 0.0, "process": 0.0, "safety": 0.0, "legacy": 0.0, "abstain": 0.0,
                   "undetermined": 0.0}
TOOL_FORMAT = ("\n\n# Tools\n\n{tools}\n\nTo call a tool, write <tool_call>{{\"name\": <tool name>, \"arguments\": "
               "<JSON object>}}</tool_call> (or use native tool calls). Any other text is sent to the customer.")


#: verifiers 0.1's error classes whose rows are an infrastructure failure, never scored
INFRASTRUCTURE_ERRORS = ("EmptyModelResponseError", "InfraError")


def infrastructure_failure(error: Any) -> bool:
    """Whether ``error`` (a verifiers 0.1 ``state["error"]``) is an infrastructure failure: an
    ``EmptyModelResponseError`` or an ``InfraError`` (or a subclass of either)."""
    return error is not None and any(k.__name__ in INFRASTRUCTURE_ERRORS for k in type(error).__mro__)


def abstained_values(fallback: float) -> Dict[str, float]:
    """Every reward the fallback, ``abstain`` 1.0: the row is left out of training."""
    values = {name: float(fallback) for name in REWARDS}
    values["abstain"], values["undetermined"] = 1.0, 0.0
    return values


def episode_values(state: Dict[str, Any]) -> Dict[str, float]:
    """The components of the rollout's episode (ending it first if the rollout stopped early);
    abstained (``abstained_values``) where verifiers recorded an infrastructure failure."""
    episode: Optional[TextEpisode] = state.get(STATE_KEY)
    if episode is None:
        raise KeyError("no tau-shaped episode in this state (setup_state did not run)")
    if infrastructure_failure(state.get("error")):
        if not episode.ended:
            episode.close()
        return abstained_values(episode.fallback)
    if not episode.ended:
        episode.finish()
    values = dict(episode.components)
    values["shaped"] = values.pop("score")
    return values


def _reward(name: str) -> Callable[..., Any]:
    async def reward(state: Dict[str, Any], **kwargs: Any) -> float:
        return float(episode_values(state)[name])

    reward.__name__ = name
    reward.__doc__ = f"The episode's {name} (tau-shaped); the fallback on a verifier fault."
    return reward


def rubric_functions(weights: Optional[Dict[str, float]] = None) -> Tuple[List[Callable[..., Any]], List[float]]:
    """(reward functions, weights) for ``vf.Rubric(funcs=..., weights=...)``."""
    chosen = dict(DEFAULT_WEIGHTS)
    for name, weight in (weights or {}).items():
        if name not in chosen:
            raise ValueError(f"unknown reward {name!r}: use one of {', '.join(REWARDS)}")
        chosen[name] = float(weight)
    return [_reward(name) for name in REWARDS], [chosen[name] for name in REWARDS]


def _assistant(message: Any) -> Any:
    """The model's turn as verifiers hands it (a pydantic ``AssistantMessage`` whose ``tool_calls``
    are flat ``{"id", "name", "arguments"}``, a dict, or text) as plain data for the one reader."""
    if hasattr(message, "model_dump"):
        message = message.model_dump(exclude_none=True)
    if message is None:
        return {"role": "assistant", "content": ""}
    return message


class EpisodeMethods:
    """``setup_state`` and ``env_response`` of the verifiers env (no verifiers needed to run them)."""

    tau_settings: Dict[str, Any] = {}
    to_messages: Callable[[List[Dict[str, Any]]], List[Any]] = staticmethod(lambda messages: messages)

    async def setup_state(self, state: Dict[str, Any], **kwargs: Any) -> Any:
        info = state.get("info") or {}
        if isinstance(info, str):
            info = parse_json(info, Budget(), default=None)
            if not isinstance(info, dict):
                raise ValueError("the row's info is not a JSON object")
        s = self.tau_settings
        episode = TextEpisode(s.get("domain", "food_delivery"), s.get("split", "test"), blend=s.get("blend", "shaped"),
                              lam=float(s.get("lam", 0.3)), max_turns=int(s.get("max_turns", 30)),
                              fallback=float(s.get("fallback", 0.0)), adapter="verifiers", user=s.get("user"))
        episode.start(info["task_id"], user_replies=info.get("user_replies"))
        state[STATE_KEY] = episode
        return state

    async def env_response(self, messages: List[Any], state: Dict[str, Any], **kwargs: Any) -> List[Dict[str, Any]]:
        episode: TextEpisode = state[STATE_KEY]
        if episode.done:
            return []
        try:
            message = _assistant(messages[-1] if messages else None)
        except (TypeError, ValueError, AttributeError) as exc:  # not a message: the model's turn cannot be read
            turn = episode.fault(f"the assistant message cannot be read: {type(exc).__name__}")
        else:
            turn = episode.act(message)  # read by the one reader: flat or nested tool calls, text, reasoning
        reply = self.to_messages([{k: v for k, v in m.items() if k != "name"} for m in turn.messages])
        if turn.done:
            state["final_env_response"] = reply
            episode.close()
        return reply


def tool_defs(tools: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """OpenAI tool schemas as verifiers' provider-agnostic ``vf.Tool`` dicts (``name``,
    ``description``, ``parameters``): verifiers 0.1.14 refuses ``info['oai_tools']``."""
    out = []
    for tool in tools:
        fn = tool.get("function", tool)
        out.append({"name": fn["name"], "description": fn.get("description") or fn["name"],
                    "parameters": fn.get("parameters") or {"type": "object", "properties": {}}})
    return out


def _vf_messages(messages: List[Dict[str, Any]]) -> List[Any]:
    """Tool results and the customer's reply as verifiers' message types (it validates dicts on
    every turn otherwise)."""
    import verifiers as vf

    return [vf.ToolMessage(tool_call_id=m.get("tool_call_id") or "", content=m.get("content") or "")
            if m.get("role") == "tool" else vf.UserMessage(content=m.get("content") or "") for m in messages]


def dataset_rows(domain: str = "food_delivery", split: str = "test",
                 user_replies: Optional[Dict[str, List[str]]] = None, user: Any = None,
                 task_ids: Optional[List[str]] = None) -> List[Dict[str, Any]]:
    """The rows of ``load_environment``'s dataset: ``prompt`` (the policy and the customer's first
    message: never the task's instruction), ``answer`` (the task id), ``info``."""
    replies = dict(user_replies or {})
    env = acquire_env(domain, split)
    try:
        ids = [getattr(task, "id", None) or index for index, task in enumerate(env.tasks)]
        if task_ids is not None:
            ids = [i for i in ids if str(i) in {str(t) for t in task_ids}]
    finally:
        release_env(domain, split, env)
    episode = TextEpisode(domain, split, adapter="verifiers", user=user)
    rows = []
    try:
        for task_id in ids:
            messages = episode.start(task_id, user_replies=replies.get(str(task_id)))
            system = dict(messages[0])
            system["content"] = (system["content"] or "") + TOOL_FORMAT.format(tools=json.dumps(episode.tools))
            info: Dict[str, Any] = {"task_id": task_id, "tool_defs": tool_defs(episode.tools)}
            if str(task_id) in replies:
                info["user_replies"] = list(replies[str(task_id)])
            rows.append({"prompt": [system, dict(messages[1])], "answer": str(task_id), "info": info})
    finally:
        episode.close()
    return rows


def load_environment(domain: str = "food_delivery", split: str = "test", blend: str = "shaped", lam: float = 0.3,
                     weights: Optional[Dict[str, float]] = None, max_turns: int = 30, fallback: float = 0.0,
                     user_replies: Optional[Dict[str, List[str]]] = None, user: Any = None,
                     task_ids: Optional[List[str]] = None, **kwargs: Any) -> Any:
    """A verifiers ``MultiTurnEnv`` over the split's tasks (``task_ids``: those only; needs verifiers
    0.1.x and datasets); ``user``: the customer simulator (see ``customers``; default the task's persona)."""
    import verifiers as vf
    from datasets import Dataset

    if not hasattr(vf, "MultiTurnEnv") or not hasattr(vf, "Rubric"):
        raise ImportError("tau-shaped's verifiers env needs the classic Environment/Rubric API (verifiers 0.1.x)")
    funcs, rubric_weights = rubric_functions(weights)
    settings = {"domain": domain, "split": split, "blend": blend, "lam": lam, "max_turns": max_turns,
                "fallback": fallback, "user": user}
    cls = type("TauShapedEnv", (EpisodeMethods, vf.MultiTurnEnv), {"__module__": __name__, "tau_settings": settings,
                                                                     "to_messages": staticmethod(_vf_messages)})
    rows = dataset_rows(domain, split, user_replies, user, task_ids)
    dataset = Dataset.from_list([{**r, "info": json.dumps(r["info"])} for r in rows])
    return cls(dataset=dataset, rubric=vf.Rubric(funcs=funcs, weights=rubric_weights), max_turns=max_turns, **kwargs)
