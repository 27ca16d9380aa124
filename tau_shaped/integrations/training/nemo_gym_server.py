"""NeMo-Gym (``pip install -e ".[nemo-gym]"``, Python >= 3.12): a resources server for tau-shaped domains.

``TauShapedResourcesServer`` (config ``TauShapedResourcesServerConfig``: ``tau_domain``, ``split``,
``blend``, ``lam``, ``max_turns``, ``fallback``; NeMo-Gym's own ``domain`` category defaults to
``agent``) is a NeMo-Gym ``SimpleResourcesServer`` for one tau-shaped domain (``food_delivery``,
``tau2:retail``, any registered domain):

* ``POST /seed_session`` (the row: ``task_id``, optional ``user_replies``) starts the rollout's
  episode, keyed by NeMo-Gym's session cookie;
* ``POST /<tool>`` (the tool's arguments) runs one domain tool in that episode, one env step, and
  returns its output; ``POST /respond`` (``{"content": ...}``) sends the text to the customer and
  returns the customer's reply (a ``respond`` tool: NeMo-Gym's agents end a rollout on a reply
  without a tool call, so the conversation with the customer goes through a tool);
* ``POST /verify`` scores the rollout's ``response`` (Responses-API output items) and returns
  ``reward`` (the blend's reward), ``reward_components`` (``outcome``, ``process``, ``safety``,
  ``legacy``: NeMo-Gym's multi-reward field; and ``parse_fault``, 1.0 where a turn was in no
  readable format or past the reading limits: the policy's failure, scored 0, counted) and ``step_rewards`` (NeMo-Gym issue #1298's shape:
  one float per assistant turn, summing to ``reward``), with ``abstain`` and ``abstain_reason``.

Verification replays the response (``score_response``), so it needs no session state and gives
the same numbers on any worker: each assistant turn (the output items of one model call: its
messages and function calls, up to the next function-call output) is played action by action in
a fresh episode (a function call is a tool call, a message is text to the customer), the
customer's replies taken from the ``respond`` outputs in the response (what the live customer
said), then the row's ``user_replies``; a turn's step reward is the sum of its actions' per-step
rewards (``StepwiseEnv``), the terminal reward on the last turn.

**Abstaining.** A verifier fault or an undetermined verdict, a response with no assistant turn (an
empty model response: an infrastructure failure) or one whose output is not a list of items:
``reward`` is the fallback, every step reward 0.0, ``reward_components`` the fallback (``parse_fault`` 0.0),
``abstain`` true with the reason. Leave such rollouts out of training.

``dataset_rows(domain, split)`` gives the JSONL rows NeMo-Gym's agents read:
``responses_create_params`` (``input``: the domain's policy as the system message and the
customer's first message; ``tools``: the domain's tools and ``respond`` as Responses function
tools), ``task_id`` and ``user_replies``.
"""

import json
import math
import threading
from collections import OrderedDict
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from tau_shaped.env.model_text import Budget, parse_json
from tau_shaped.integrations.training.text_turns import COMPONENTS, TextEpisode, acquire_env, release_env

RESPOND = "respond"
RESPOND_TOOL = {"type": "function", "name": RESPOND, "strict": False,
                "description": "Send a message to the customer; returns the customer's reply.",
                "parameters": {"type": "object", "properties": {"content": {"type": "string"}},
                               "required": ["content"]}}
ENDED = "[the conversation is over]"
MAX_SESSIONS = 1024  # live episodes kept per server (oldest closed first): hostile seeds cannot grow it


def responses_tools(tools: Sequence[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """OpenAI chat tool schemas as Responses-API function tools, with ``respond`` last."""
    out = []
    for tool in tools:
        fn = tool.get("function", tool)
        out.append({"type": "function", "name": fn["name"], "strict": False,
                    "description": fn.get("description") or fn["name"],
                    "parameters": fn.get("parameters") or {"type": "object", "properties": {}}})
    return out + [dict(RESPOND_TOOL)]


def dataset_rows(domain: str = "food_delivery", split: str = "test",
                 user_replies: Optional[Dict[str, List[str]]] = None,
                 task_ids: Optional[Iterable[str]] = None) -> List[Dict[str, Any]]:
    """NeMo-Gym rows for the split's tasks (``task_ids``: those only)."""
    env = acquire_env(domain, split)
    try:
        ids = [str(getattr(task, "id", None) or index) for index, task in enumerate(env.tasks)]
    finally:
        release_env(domain, split, env)
    if task_ids is not None:
        wanted = {str(t) for t in task_ids}
        ids = [i for i in ids if i in wanted]
    replies = user_replies or {}
    rows = []
    episode = TextEpisode(domain, split, adapter="nemo_gym")
    try:
        for task_id in ids:
            messages = episode.start(task_id, user_replies=replies.get(task_id))
            rows.append({"responses_create_params": {"input": [dict(m) for m in messages[:2]],
                                                     "tools": responses_tools(episode.tools)},
                         "task_id": task_id, "user_replies": replies.get(task_id)})
    finally:
        episode.close()
    return rows


# -- reading a response --------------------------------------------------------------------------

def _item(item: Any) -> Dict[str, Any]:
    if hasattr(item, "model_dump"):
        item = item.model_dump()
    return item if isinstance(item, dict) else {}


def _text(item: Dict[str, Any]) -> str:
    content = item.get("content")
    if isinstance(content, str):
        return content
    parts = content if isinstance(content, list) else []
    return "".join(str(p.get("text") or "") for p in parts if isinstance(p, dict)
                   and p.get("type") in ("output_text", "text"))


def _arguments(raw: Any) -> Any:
    if isinstance(raw, dict):
        return raw
    parsed = parse_json(raw, Budget(), default=None) if isinstance(raw, str) else None
    return parsed if isinstance(parsed, dict) else {"__unparsed_arguments__": raw if isinstance(raw, str) else ""}


def output_turns(output: Any) -> Tuple[List[List[Dict[str, Any]]], List[str]]:
    """(assistant turns, the customer's replies) of a Responses ``output``: a turn is the
    messages and function calls of one model call (up to the next function-call output), each an
    action ``{"name", "kwargs", "call_id"}``; the replies are the ``respond`` calls' outputs."""
    if not isinstance(output, list):
        raise ValueError("the response's output is not a list of items")
    turns: List[List[Dict[str, Any]]] = []
    replies: List[str] = []
    respond_ids = set()
    current: Optional[List[Dict[str, Any]]] = None
    for raw in output:
        item = _item(raw)
        kind = item.get("type")
        if kind == "function_call_output":
            current = None
            if item.get("call_id") in respond_ids and item.get("output") != ENDED:
                replies.append(str(item.get("output") or ""))
            continue
        if kind == "function_call" and isinstance(item.get("name"), str):
            action = {"name": item["name"], "kwargs": _arguments(item.get("arguments")),
                      "call_id": str(item.get("call_id") or "")}
            if action["name"] == RESPOND:
                respond_ids.add(action["call_id"])
        elif kind == "message" and item.get("role", "assistant") == "assistant":
            text = _text(item)
            if not text.strip():
                continue
            action = {"name": RESPOND, "kwargs": {"content": text}, "call_id": ""}
        else:
            continue  # reasoning and unknown items are not actions
        if current is None:
            current = []
            turns.append(current)
        current.append(action)
    return turns, replies


def _message(action: Dict[str, Any]) -> Dict[str, Any]:
    if action["name"] == RESPOND:
        return {"role": "assistant", "content": str(action["kwargs"].get("content") or "")}
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": action["call_id"] or "call", "type": "function",
         "function": {"name": action["name"], "arguments": json.dumps(action["kwargs"])}}]}


def abstained(reason: str, turns: int, fallback: float) -> Dict[str, Any]:
    """The verify fields of an abstention: the fallback, every step reward 0.0, the flag and why."""
    return {"reward": float(fallback), "reward_components": {**{k: float(fallback) for k in COMPONENTS},
                                                             "parse_fault": 0.0},
            "step_rewards": [0.0] * turns, "abstain": True, "abstain_reason": reason}


def score_response(task_id: str, output: Any, *, domain: str = "food_delivery", split: str = "test",
                   user_replies: Optional[Sequence[str]] = None, blend: str = "shaped", lam: float = 0.3,
                   max_turns: int = 30, fallback: float = 0.0) -> Dict[str, Any]:
    """``reward``, ``reward_components``, ``step_rewards`` (one per assistant turn), ``abstain`` and
    ``abstain_reason`` of a rollout's Responses ``output``, replayed in a fresh episode."""
    try:
        turns, replies = output_turns(output)
    except ValueError as exc:
        return abstained(f"infrastructure: {exc}", 0, fallback)
    if not turns:
        return abstained("infrastructure: the model returned an empty response (no assistant turn)", 0, fallback)
    scripted = list(replies) + list(user_replies or [])[len(replies):]
    episode = TextEpisode(domain, split, blend=blend, lam=lam, max_turns=max_turns, fallback=fallback,
                          adapter="nemo_gym")
    try:
        episode.start(task_id, user_replies=scripted)
        per_turn = []
        for turn in turns:
            total = []
            for action in turn:
                if episode.done:
                    break
                total.append(episode.act(_message(action)).reward)
            per_turn.append(math.fsum(total))
        if not episode.done:
            per_turn[-1] += episode.finish().reward
        values = episode.components
    finally:
        episode.close()
    if values["abstain"] == 1.0:
        why = "undetermined verdict" if values["undetermined"] == 1.0 else "verifier fault"
        return abstained(why, len(turns), fallback)
    return {"reward": values["score"], "reward_components": {**{k: values[k] for k in COMPONENTS},
                                                             "parse_fault": values["parse_fault"]},
            "step_rewards": per_turn, "abstain": False, "abstain_reason": None}


# -- live sessions (the rollout's tool calls) ----------------------------------------------------

class Sessions:
    """The live episodes of one server, by NeMo-Gym session id (at most ``MAX_SESSIONS``)."""

    def __init__(self, domain: str, split: str, *, blend: str = "shaped", lam: float = 0.3,
                 max_turns: int = 30, fallback: float = 0.0) -> None:
        self.settings = dict(domain=domain, split=split, blend=blend, lam=lam, max_turns=max_turns,
                             fallback=fallback)
        self.live: "OrderedDict[str, Tuple[TextEpisode, threading.Lock]]" = OrderedDict()
        self.lock = threading.Lock()

    def seed(self, session_id: str, task_id: str, user_replies: Optional[Sequence[str]] = None) -> None:
        episode = TextEpisode(self.settings["domain"], self.settings["split"], blend=self.settings["blend"],
                              lam=self.settings["lam"], max_turns=self.settings["max_turns"],
                              fallback=self.settings["fallback"], adapter="nemo_gym")
        episode.start(task_id, user_replies=list(user_replies) if user_replies is not None else None)
        with self.lock:
            old = self.live.pop(session_id, None)
            self.live[session_id] = (episode, threading.Lock())
            evicted = [self.live.popitem(last=False)[1] for _ in range(max(0, len(self.live) - MAX_SESSIONS))]
        for ep, _ in ([old] if old else []) + evicted:
            ep.close()

    def call(self, session_id: str, name: str, arguments: Any) -> str:
        """One tool call (``respond``: text to the customer) in the session's episode: its output."""
        with self.lock:
            entry = self.live.get(session_id)
        if entry is None:
            return "error: no episode for this session (call /seed_session first)"
        episode, lock = entry
        with lock:
            if episode.done:
                return ENDED
            kwargs = arguments if isinstance(arguments, dict) else {}
            turn = episode.act(_message({"name": name, "kwargs": kwargs, "call_id": "call"}))
            return "\n".join(str(m.get("content") or "") for m in turn.messages)

    def close(self, session_id: str) -> None:
        with self.lock:
            entry = self.live.pop(session_id, None)
        if entry is not None:
            entry[0].close()


# -- the NeMo-Gym server -------------------------------------------------------------------------

_CLASSES: Dict[str, Any] = {}


def server_classes() -> Dict[str, Any]:
    """``TauShapedResourcesServerConfig`` and ``TauShapedResourcesServer`` (built on first use:
    this module imports without nemo-gym)."""
    if _CLASSES:
        return _CLASSES
    from fastapi import FastAPI, Request
    from fastapi.responses import PlainTextResponse
    from pydantic import ConfigDict, Field

    from nemo_gym.base_resources_server import (BaseResourcesServerConfig, BaseSeedSessionRequest,
                                                BaseSeedSessionResponse, BaseVerifyRequest, BaseVerifyResponse,
                                                SimpleResourcesServer)
    from nemo_gym.config_types import Domain
    from nemo_gym.server_utils import SESSION_ID_KEY

    class TauShapedResourcesServerConfig(BaseResourcesServerConfig):
        domain: Optional[Domain] = Domain.AGENT  # NeMo-Gym's category of the server
        tau_domain: str = "food_delivery"  # the tau-shaped domain it serves
        split: str = "test"
        blend: str = "shaped"
        lam: float = 0.3
        max_turns: int = 30
        fallback: float = 0.0

    class TauShapedSeedSessionRequest(BaseSeedSessionRequest):
        model_config = ConfigDict(extra="allow")
        task_id: str
        user_replies: Optional[List[str]] = None

    class TauShapedVerifyRequest(BaseVerifyRequest):
        model_config = ConfigDict(extra="allow")
        task_id: str
        user_replies: Optional[List[str]] = None

    class TauShapedVerifyResponse(BaseVerifyResponse):
        model_config = ConfigDict(extra="allow")
        task_id: str
        reward_components: Dict[str, float] = Field(default_factory=dict)
        step_rewards: List[float] = Field(default_factory=lambda: [])
        abstain: bool = False
        abstain_reason: Optional[str] = None

    class TauShapedResourcesServer(SimpleResourcesServer):
        config: TauShapedResourcesServerConfig

        def setup_webserver(self) -> FastAPI:
            app = super().setup_webserver()
            c = self.config
            self._sessions = Sessions(c.tau_domain, c.split, blend=c.blend, lam=c.lam, max_turns=c.max_turns,
                                      fallback=c.fallback)
            env = acquire_env(c.tau_domain, c.split)
            try:
                names = [t["function"]["name"] for t in getattr(env, "tools_info", [])] + [RESPOND]
            finally:
                release_env(c.tau_domain, c.split, env)
            for name in names:
                app.post(f"/{name}", response_class=PlainTextResponse)(self._tool(name))
            return app

        def _tool(self, name: str) -> Any:
            async def call(request: Request) -> str:
                body = parse_json((await request.body()).decode("utf-8", "replace"), Budget(), default=None)
                return self._sessions.call(request.session.get(SESSION_ID_KEY, ""), name, body)

            call.__name__ = f"tool_{name}"
            return call

        async def seed_session(self, request: Request,  # type: ignore[override]
                               body: TauShapedSeedSessionRequest) -> BaseSeedSessionResponse:
            self._sessions.seed(request.session[SESSION_ID_KEY], body.task_id, body.user_replies)
            return BaseSeedSessionResponse()

        async def verify(self, request: Request,  # type: ignore[override]
                         body: TauShapedVerifyRequest) -> TauShapedVerifyResponse:
            self._sessions.close(request.session.get(SESSION_ID_KEY, ""))
            c = self.config
            output = body.model_dump(mode="json")["response"].get("output")
            scored = score_response(body.task_id, output, domain=c.tau_domain, split=c.split,
                                    user_replies=body.user_replies, blend=c.blend, lam=c.lam,
                                    max_turns=c.max_turns, fallback=c.fallback)
            return TauShapedVerifyResponse.model_validate(body.model_dump() | scored)

    _CLASSES.update(TauShapedResourcesServerConfig=TauShapedResourcesServerConfig,
                    TauShapedSeedSessionRequest=TauShapedSeedSessionRequest,
                    TauShapedVerifyRequest=TauShapedVerifyRequest, TauShapedVerifyResponse=TauShapedVerifyResponse,
                    TauShapedResourcesServer=TauShapedResourcesServer)
    return _CLASSES


def __getattr__(name: str) -> Any:
    if name.startswith("TauShaped"):
        return server_classes()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
