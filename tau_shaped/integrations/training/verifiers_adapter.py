"""verifiers (Prime Intellect; ``pip install -e ".[verifiers]"``): tau-shaped as a verifiers environment.

**verifiers 0.4** (the current release: its stack is ``verifiers.v1``, tasksets, harnesses, envs).
``register()`` makes the taskset id ``TASKSET_ID`` ("tau-shaped-env") resolvable by verifiers' own
loader (``vf.load_environment``, ``vf-eval``'s ``run_eval``), which takes a taskset id as a
top-level module name; ``python -m tau_shaped.integrations.training.verifiers_adapter tau-shaped-env
[vf-eval's options]`` is ``vf-eval`` with it registered. The module exports, through ``__all__``:

* ``TauShapedTaskset`` (config ``TauShapedTasksetConfig``: ``domain``, ``split``, ``blend``, ``lam``,
  ``max_turns``, ``fallback``, ``task_ids``, ``user_replies`` ``{task id: [replies]}``): one task a
  tau-shaped task (``TaskData.id`` the task id; no prompt: the customer opens);
* ``TauShapedEnv`` (config ``TauShapedEnvConfig``): the tau convention on verifiers' own
  interaction API. Its ``assistant`` seat (default: verifiers' ``null`` chat harness in the
  ``subprocess`` runtime: the policy under training) plays one episode (``TextEpisode``): the system
  prompt is the domain's policy, the first user turn the customer's first message; each harness
  segment runs the model's tool calls through the MCP toolset ``TauShapedTools`` (a shared
  tool server that forwards each call to this process's episode over loopback HTTP: one env step
  a call) until a text reply, which goes to the customer (one env step); the customer's reply is
  the next user turn, until the episode ends (the customer stops, a terminate tool, ``max_turns``).
  A text reply holding ``<tool_call>`` blocks is read by the one reader and answered with the tool
  results as the next user turn.

Scoring (``TauShapedTask``): the reward ``shaped`` (the blend's reward, weight 1; verifiers'
``--env.taskset.task.rewards`` config reweights it) and the metrics ``outcome``, ``process``,
``safety``, ``legacy``, ``abstain``, ``undetermined``; ``trace.info["tau_shaped"]`` holds
``step_rewards`` (one per env step, summing to the episode's reward), ``abstain`` and the reason.

**Abstaining.** A verifier fault or an undetermined verdict: the reward is the fallback (0.0),
``abstain`` 1.0. An infrastructure failure (a segment that came back without the model's turn:
``EmptyModelResponseError``, the name verifiers 0.1 gives it; any error verifiers records on the
trace: provider, harness, toolset, sandbox, interception) is never scored: verifiers skips the
task's scoring of a failed rollout, and the env marks its trace ``abstain`` 1.0 with every per-step
reward 0.0 (``trace.info["tau_shaped"]["abstain"]``, ``"infrastructure_failure"``). Filter on
``abstain`` (and verifiers' own ``trace.ok``) before training. An empty turn the model wrote is
the policy's own output, scored like any other.

**verifiers 0.1** (the classic API, kept while it is cheap): ``load_environment(domain=..., ...)``
returns a ``vf.MultiTurnEnv`` scored by a weighted ``vf.Rubric``; it lives in ``verifiers_classic``
(re-exported here), whose docstring has the details. A row verifiers 0.1 marked with
``EmptyModelResponseError`` or an ``InfraError`` abstains there too.
"""

from __future__ import annotations

import importlib
import json
import os
import secrets
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.env.model_text import Budget, parse_json
from tau_shaped.integrations.training.text_turns import TextEpisode, Turn, acquire_env, release_env
from tau_shaped.integrations.training.verifiers_classic import (  # noqa: F401 - the 0.1 API, re-exported
    DEFAULT_WEIGHTS, INFRASTRUCTURE_ERRORS, REWARDS, STATE_KEY, TOOL_FORMAT, EpisodeMethods, abstained_values,
    dataset_rows, episode_values, infrastructure_failure, load_environment, rubric_functions, tool_defs)


# -- verifiers 0.4 (verifiers.v1) ------------------------------------------------------------------

TASKSET_ID = "tau-shaped-env"
_ALIAS = TASKSET_ID.replace("-", "_")
__all__ = ["TauShapedTaskset", "TauShapedEnv", "register", "load_environment", "TASKSET_ID"]


def register() -> str:
    """Make ``TASKSET_ID`` resolvable by verifiers 0.4's loader (which imports a taskset id as a
    top-level module name) and return it: ``--env.taskset.id tau-shaped-env``."""
    sys.modules.setdefault(_ALIAS, importlib.import_module("tau_shaped.integrations.training.verifiers_adapter"))
    return TASKSET_ID


def customer_turn(messages: List[Dict[str, Any]]) -> str:
    """What an env step answered a text turn with, as the next user turn: the customer's reply,
    and the results of tool calls the model wrote as text (each named)."""
    return "\n\n".join(f"[tool result: {m.get('name') or 'tool'}]\n{m.get('content') or ''}" if m.get("role") == "tool"
                       else str(m.get("content") or "") for m in messages)


class LiveEpisode:
    """One rollout's episode, shared by the env (text turns), the tool server's calls (tool
    turns) and the task's scoring; every step under one lock (tool calls arrive on a thread)."""

    def __init__(self, episode: TextEpisode) -> None:
        self.episode = episode
        self.lock = threading.Lock()
        self.failure: Optional[str] = None  # an infrastructure failure: never scored

    def tools(self) -> List[Dict[str, Any]]:
        return tool_defs(self.episode.tools)

    def call(self, call_id: str, name: str, arguments: Any) -> Tuple[str, bool]:
        """One tool call as one env step: (the tool's result, whether the episode ended)."""
        with self.lock:
            if self.episode.done:
                return "error: the conversation is over", True
            text = arguments if isinstance(arguments, str) else json.dumps(arguments)
            turn = self.episode.act({"role": "assistant", "content": None, "tool_calls": [
                {"id": call_id or "call", "type": "function", "function": {"name": str(name), "arguments": text}}]})
            results = [m for m in turn.messages if m.get("role") == "tool"]
            return (str(results[0].get("content") or "") if results else customer_turn(turn.messages)), turn.done

    def say(self, text: str) -> Turn:
        with self.lock:
            return self.episode.act({"role": "assistant", "content": text})

    def values(self) -> Dict[str, float]:
        """The episode's components (ended first if the rollout stopped before the episode did)."""
        with self.lock:
            if self.failure is not None:
                return abstained_values(self.episode.fallback)
            if not self.episode.ended:
                self.episode.finish()
            values = dict(self.episode.components)
            values["shaped"] = values.pop("score")
            return values

    def report(self) -> Dict[str, Any]:
        """``trace.info["tau_shaped"]``: the per-step rewards (all 0.0 on an abstention) and why."""
        values = self.values()
        abstain = values["abstain"] == 1.0
        steps = [0.0 for _ in self.episode.rewards] if abstain else list(self.episode.rewards)
        return {"step_rewards": steps, "abstain": abstain, "infrastructure_failure": self.failure,
                "task_id": self.episode.stepwise.task_id if self.episode.stepwise is not None else None}


class EpisodeServer:
    """The live episodes of this process, reached by the tool server over loopback HTTP: ``POST
    /tools {key}`` (the tool definitions) and ``POST /call {key, id, name, arguments}`` (one env
    step). Keys are random (``secrets``); a request with an unknown key or bad JSON gets a 4xx."""

    MAX_BODY = 1 << 20

    def __init__(self) -> None:
        self.episodes: Dict[str, LiveEpisode] = {}
        self.lock = threading.Lock()
        self.httpd: Any = None
        self.url = ""

    def add(self, live: LiveEpisode) -> str:
        key = secrets.token_hex(16)
        with self.lock:
            self.episodes[key] = live
        return key

    def get(self, key: Any) -> Optional[LiveEpisode]:
        with self.lock:
            return self.episodes.get(key) if isinstance(key, str) else None

    def drop(self, key: str) -> None:
        with self.lock:
            self.episodes.pop(key, None)

    def start(self) -> str:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length") or 0)
                if length > server.MAX_BODY:
                    return self._send(413, {"error": "request too large"})
                body = parse_json(self.rfile.read(length).decode("utf-8", "replace"), Budget(), default=None)
                live = server.get(body.get("key")) if isinstance(body, dict) else None
                if live is None:
                    return self._send(404, {"error": "no such episode"})
                if self.path == "/tools":
                    return self._send(200, {"tools": live.tools()})
                if self.path == "/call" and isinstance(body.get("name"), str):
                    text, done = live.call(str(body.get("id") or ""), body["name"], body.get("arguments") or {})
                    return self._send(200, {"content": text, "done": done})
                return self._send(400, {"error": "unknown request"})

            def _send(self, status: int, payload: Dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self.url

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


_V1: Dict[str, Any] = {}


def v1() -> Dict[str, Any]:
    """The verifiers 0.4 classes (built once, on first use: this module imports without verifiers)."""
    if _V1:
        return _V1
    import verifiers.v1 as vf

    if not all(hasattr(vf, name) for name in ("resolve_env_config", "SharedToolsetConfig", "AgentConfig")):
        raise ImportError("tau-shaped's verifiers taskset needs verifiers 0.4's verifiers.v1 (pip install -e \".[verifiers]\"); "
                          "this is an earlier preview of it")
    from verifiers.v1.errors import ProviderError
    from verifiers.v1.runtimes import SubprocessConfig

    class EmptyModelResponseError(ProviderError):
        """The model returned an empty response (no text, no tool call): an infrastructure failure."""

    class TauShapedState(vf.State):
        episode_url: str = ""
        episode_key: str = ""

    class TauShapedTools(vf.Toolset[vf.SharedToolsetConfig, TauShapedState]):
        """The episode's tools over MCP, each call forwarded to the env's episode server."""

        TOOL_PREFIX = None

        def register(self, mcp: Any) -> None:
            server: Any = mcp
            server.list_tools = self._with_state(self.list_tools)
            server.call_tool = self._with_state(self.call_tool)

        async def _post(self, path: str, body: Dict[str, Any]) -> Dict[str, Any]:
            import httpx

            async with httpx.AsyncClient(timeout=60.0) as client:
                response = await client.post(f"{self.state.episode_url}/{path}",
                                             json={"key": self.state.episode_key, **body})
            response.raise_for_status()
            return response.json()

        async def list_tools(self) -> List[Any]:
            from mcp.types import Tool

            if not self.state.episode_url:
                return []
            tools = (await self._post("tools", {}))["tools"]
            return [Tool(name=t["name"], description=t["description"], input_schema=t["parameters"]) for t in tools]

        async def call_tool(self, name: str, arguments: Dict[str, Any], context: Any = None) -> Any:
            from mcp.types import CallToolResult, TextContent

            out = await self._post("call", {"name": name, "arguments": arguments or {}})
            return CallToolResult(content=[TextContent(type="text", text=out["content"])], is_error=False)

    class TauShapedData(vf.TaskData):
        user_replies: Optional[List[str]] = None
        episode_url: Optional[str] = None
        episode_key: Optional[str] = None

    class TauShapedTask(vf.Task[TauShapedData, TauShapedState, vf.TaskConfig]):
        @property
        def key(self) -> str:
            return f"tau-shaped:{self.data.id}"

        async def setup(self, trace: Any, runtime: Any) -> None:
            trace.state.episode_url = self.data.episode_url or ""
            trace.state.episode_key = self.data.episode_key or ""

        def _values(self) -> Dict[str, float]:
            live = SERVER.get(self.data.episode_key)
            if live is None:
                raise RuntimeError(f"task {self.data.id}: no live tau-shaped episode (run it through TauShapedEnv)")
            return live.values()

        @vf.reward(weight=1.0)
        async def shaped(self, trace: Any) -> float:
            """The blend's reward (the fallback on an abstention)."""
            live = SERVER.get(self.data.episode_key)
            values = self._values()
            trace.info["tau_shaped"] = live.report() if live is not None else {}
            return values["shaped"]

        @vf.metric
        async def components(self, trace: Any) -> Dict[str, float]:
            """outcome, process, safety, legacy, abstain, undetermined, parse_fault (a turn in no
            readable format or past the reading limits: the policy's failure, counted)."""
            values = self._values()
            return {**{k: values[k] for k in REWARDS if k != "shaped"}, "parse_fault": values.get("parse_fault", 0.0)}

    class TauShapedTasksetConfig(vf.TasksetConfig):
        domain: str = "food_delivery"
        split: str = "test"
        blend: str = "shaped"
        lam: float = 0.3
        max_turns: int = 30
        fallback: float = 0.0
        task_ids: Optional[List[str]] = None
        user_replies: Optional[Dict[str, List[str]]] = None
        tools: vf.SharedToolsetConfig = vf.SharedToolsetConfig()

    class TauShapedTaskset(vf.Taskset[TauShapedTask, TauShapedTasksetConfig]):
        @classmethod
        def toolsets(cls, config: Any) -> List[Any]:
            return [TauShapedTools(config.tools)]

        def load(self) -> Any:
            c = self.config
            env = acquire_env(c.domain, c.split)
            try:
                ids = [str(getattr(task, "id", None) or index) for index, task in enumerate(env.tasks)]
            finally:
                release_env(c.domain, c.split, env)
            if c.task_ids is not None:
                wanted = {str(t) for t in c.task_ids}
                ids = [i for i in ids if i in wanted]
            replies = c.user_replies or {}
            for task_id in ids:
                yield TauShapedTask(TauShapedData(id=task_id, name=task_id, user_replies=replies.get(task_id)),
                                    c.task)

    class TauShapedEnvConfig(vf.EnvConfig):
        assistant: vf.AgentConfig = vf.AgentConfig(harness={"id": "null"}, runtime=SubprocessConfig())

    class TauShapedEnv(vf.Env[TauShapedEnvConfig]):
        """The customer opens; text turns go to the customer, tool calls to the tool server."""

        async def start(self) -> None:
            if SERVER.httpd is None:
                SERVER.start()

        async def run(self, task: Any, agents: Any) -> None:
            c = self.taskset.config
            episode = TextEpisode(c.domain, c.split, blend=c.blend, lam=c.lam, max_turns=c.max_turns,
                                  fallback=c.fallback, adapter="verifiers")
            live = LiveEpisode(episode)
            key = SERVER.add(live)
            try:
                messages = episode.start(task.data.id, user_replies=task.data.user_replies)
                seat = type(task)(task.data.model_copy(update={
                    "prompt": None, "system_prompt": messages[0]["content"], "episode_url": SERVER.url,
                    "episode_key": key}), task.config)
                trace = None
                try:
                    async with agents.assistant.interaction(seat) as chat:
                        trace = chat.trace
                        await self._converse(chat, live, messages[1]["content"])
                except EmptyModelResponseError as exc:
                    live.failure = f"EmptyModelResponseError: {exc}"
                if trace is not None:
                    if not trace.ok and live.failure is None:
                        last = trace.errors[-1] if trace.errors else None
                        live.failure = f"{last.type}: {last.message}" if last is not None else "the rollout failed"
                    if live.failure is not None:  # verifiers skipped scoring: mark it, never score it
                        trace.record_metric("abstain", 1.0)
                        trace.info["tau_shaped"] = live.report()
            finally:
                SERVER.drop(key)
                episode.close()

        async def _converse(self, chat: Any, live: LiveEpisode, opening: str) -> None:
            said = opening
            while True:
                segment = await chat.turn(said)
                if segment.terminated or live.episode.done:
                    return
                last = next((m for m in reversed(segment.messages) if getattr(m, "role", "") == "assistant"), None)
                if last is None:  # the segment came back without the model's turn: nothing to score
                    raise EmptyModelResponseError("the model returned no message")
                # an empty turn is the policy's own (scored as offline: abstaining on it would teach
                # a policy in trouble that saying nothing takes it out of training)
                text = getattr(last, "content", None) or ""
                turn = live.say(text if isinstance(text, str) else str(text))
                if turn.done:
                    return
                said = customer_turn(turn.messages)

    _V1.update({k: v for k, v in locals().items() if k.startswith("TauShaped") or k == "EmptyModelResponseError"})
    return _V1


SERVER = EpisodeServer()


def __getattr__(name: str) -> Any:
    """The verifiers 0.4 classes by name (``TauShapedTaskset``, ``TauShapedEnv``, ...), built on
    first use, so verifiers' loader finds them through ``__all__``."""
    if name.startswith("TauShaped") or name == "EmptyModelResponseError":
        classes = v1()
        if name in classes:
            return classes[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    if "VF_CONFIG" in os.environ:  # verifiers starts the tool server as `python -m <this module>`
        v1()["TauShapedTools"].run()
    else:  # `python -m tau_shaped.integrations.training.verifiers_adapter tau-shaped-env ...`: vf-eval, id known
        register()
        from verifiers.v1.cli.eval.main import main

        main()
