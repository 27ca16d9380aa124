"""OpenRLHF: an HTTP reward server and a multi-turn agent; both install and run on CPU.

``pip install -e ".[openrlhf]"`` installs what they need and no GPU package (transformers, for a
tokenizer by name): OpenRLHF itself (whose own requirements pull flash-attn, built against
torch) is what runs them, in its own environment; ``make_agent_executor`` subclasses its
``MultiTurnAgentExecutor`` there, and ``make_agent_session`` works without it.

**Reward server** (``--reward.remote_url http://HOST:PORT/get_reward``): stdlib ``http.server``,
no dependency. OpenRLHF posts ``{"query": [...], "prompts": [...], "labels": [...]}`` (``query``:
the decoded prompt + completion) and reads ``{"rewards", "scores", "extra_logs"}``::

    python -m tau_shaped.integrations.training.openrlhf_adapter --port 5000   # or RewardServer(...).start()

Each ``label`` is a task id, or a JSON object ``{"task_id", "actions", "user_replies", "domain",
"split", "blend", "lam", "fallback"}`` (``text_turns.score_completion``). The completion is the
query after its prompt (the whole query if it does not start with the prompt), with trailing end
tokens (``END_TOKENS``) cut. ``rewards`` and ``scores`` are the blend's reward; ``extra_logs`` has one
list per component: ``outcome``, ``process``, ``safety``, ``legacy`` (tau-bench's 0/1) and
``abstain``. OpenRLHF turns every value into a tensor, so a verifier fault cannot be ``None``: it
is the fallback (``label["fallback"]``, default 0.0) with ``abstain`` 1, counted in
``text_turns.FAULTS["openrlhf"]`` (an undetermined verdict, e.g. a label without the
``user_replies`` a write's confirmation needs, in ``UNDETERMINED``); a completion past the reading
limits (``tau_shaped.env.model_text.ReadLimits``: size, nesting, tool calls, time) is the policy's
failure, no abstention: 0.0 with ``parse_fault`` 1, counted in ``model_text.PARSE_FAULTS["openrlhf"]``. A label's ``domain`` is data: a registered
name only, never ``module:ATTRIBUTE`` (nothing is imported). The server answers every request
and stays up: a request that is not such JSON (a body over ``max_body_bytes``, nested more than
64 levels, the wrong types), or names an unknown task or domain, gets HTTP 400 with a one-line
JSON ``{"error": ...}`` (OpenRLHF retries, then stops: a data error, not a reward); anything else
that goes wrong is a 500 of the same form; a method other than POST a 405.

**Agent** (``--train.agent_func_path agent_func.py``, a file holding
``AgentExecutor = make_agent_executor(...)``): OpenRLHF's ``MultiTurnAgentExecutor`` creates one
``AgentInstance`` per prompt, calls ``await reset({"observation", "label"})`` then
``await step({"observation_text", "action_text", "label", ...})`` until ``done``, appending
``environment_feedback`` to the tokens and summing ``rewards``. ``AgentSession`` is that instance
(without OpenRLHF): ``reset`` starts the label's episode (its env owns the database and the user:
``user_replies`` for a scripted one) and returns the rendered system prompt and first user
message as the observation; ``step`` plays ``action_text`` and returns ``rewards`` (0.0 on every
step but the last, which pays the episode's reward: OpenRLHF trains on the sum, and an abstention
found at the end thus leaves no credit on an earlier step), the tool results and user reply as
``environment_feedback`` (with the next generation prompt), ``done``, and on the last step
``scores`` (the episode's reward) and ``extra_logs`` (the components, legacy included, and the flags
``abstain``, ``undetermined``, ``infra_fault``, ``parse_fault``: filter on ``abstain``). An
abstention (a verifier fault, an undetermined verdict, an LLM customer that cannot be reached:
counted in ``stepwise.INFRA_FAULTS["openrlhf"]``) pays the fallback (default 0.0) and nothing else;
a turn past the reading limits is the policy's failure (0.0, ``parse_fault`` 1). A label read
through Arrow (a dataset's label column of dicts) is read back as it was (``dataset_rows``). Rendering uses the chat template of
``tokenizer`` (an object or a name for ``AutoTokenizer.from_pretrained``) given to
``make_agent_executor``, else ``PlainRenderer``; ``user`` sets the customer simulator (default the
label's ``user_replies`` as a scripted one, else the task's persona customer). Each model turn is
read by the one reader of model output (tool calls in every known format, reasoning apart).

**The token budget.** OpenRLHF stops a rollout when its tokens reach ``max_len`` and keeps the
``extra_logs`` of the last step. So every step that does not end the episode returns, in
``extra_logs``, the components of the episode so far (``TextEpisode.progress``) and ``truncated``
= 1: a rollout the budget cut says so (its reward is 0.0: the episode's reward is paid at its end). With a tokenizer, a step whose action and feedback use up the step's
``sampling_params.max_tokens`` ends the episode itself (the terminal reward paid, ``scores`` the
episode's reward, ``truncated`` = 1); a step that ends the episode otherwise has ``truncated`` = 0.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.env.json_input import MAX_DEPTH, one_line
from tau_shaped.env.model_text import too_deep
from tau_shaped.integrations.training.dataset_rows import present
from tau_shaped.integrations.training.text_turns import (COMPONENTS, FLAGS, ChatRenderer, EpisodeSettings, PlainRenderer,
                                                          TextEpisode, components, score_completion)
from tau_shaped.tasks.domains import DomainNotFound

END_TOKENS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end|>", "</s>", "<eos>")
#: The largest request body read (a batch of completions); a longer one is a 413.
MAX_BODY_BYTES = 256 * 1024 * 1024
LABEL_FIELD = "label 'domain'"


class BadRequest(ValueError):
    """A request the server refuses (its message is one line)."""


def _json(text: str, what: str) -> Any:
    """JSON text of a request, nested at most ``MAX_DEPTH`` levels (scanned before parsing)."""
    if too_deep(text, MAX_DEPTH):
        raise BadRequest(f"{what} nests more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadRequest(f"{what} is not JSON: {exc}") from None


def parse_label(label: Any) -> Tuple[Any, Dict[str, Any]]:
    """(task, extra) of a label: a task id, or a JSON object with ``task_id`` and options."""
    if isinstance(label, dict):
        extra = dict(label)
    elif isinstance(label, str) and label.strip().startswith("{"):
        extra = _json(label, "a label")
        if not isinstance(extra, dict):
            raise BadRequest("a JSON label is an object")
    else:
        return label, {}
    extra = present(extra)  # a key Arrow filled with null (a dataset's label column of dicts): not given
    if "task_id" not in extra:
        raise KeyError("a JSON label needs a task_id")
    return extra.pop("task_id"), extra


def completion_of(query: str, prompt: Optional[str]) -> str:
    text = query[len(prompt):] if prompt and query.startswith(prompt) else query
    text = text.rstrip()
    cut = True
    while cut:
        cut = False
        for token in END_TOKENS:
            if text.endswith(token):
                text, cut = text[: -len(token)].rstrip(), True
    return text


def rewards_for(queries: List[str], prompts: Optional[List[str]], labels: List[Any]) -> Dict[str, Any]:
    """The server's answer to one request (raises ``BadRequest``, ``DomainNotFound``, ``KeyError`` or
    ``ValueError`` for a bad one)."""
    if not isinstance(queries, list) or not isinstance(labels, list) or len(queries) != len(labels):
        raise ValueError("query and labels must be lists of the same length")
    prompts = prompts if isinstance(prompts, list) and len(prompts) == len(queries) else [None] * len(queries)
    logs: Dict[str, List[float]] = {k: [] for k in COMPONENTS + FLAGS}
    scores: List[float] = []
    for query, prompt, label in zip(queries, prompts, labels):
        if not isinstance(query, str) or not (prompt is None or isinstance(prompt, str)):
            raise BadRequest("each query and prompt is a string")
        task, extra = parse_label(label)
        values = score_completion(completion_of(query, prompt), task, extra, adapter="openrlhf", domain_field=LABEL_FIELD)
        scores.append(values["score"])
        for key in logs:
            logs[key].append(values[key])
    return {"rewards": scores, "scores": list(scores), "extra_logs": logs}


class _Handler(BaseHTTPRequestHandler):
    timeout = 120  # seconds a connection may stay silent (a body shorter than its Content-Length)

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        try:
            answer, status = rewards_for(*self._request()), 200
        except (BadRequest, DomainNotFound, KeyError, ValueError, TypeError, IndexError) as exc:
            answer, status = _error(exc), getattr(exc, "status", 400)
        except Exception as exc:  # noqa: BLE001 - the server answers every request and stays up
            answer, status = _error(exc), 500
        self._answer(status, answer)

    def _request(self) -> Tuple[Any, Any, Any]:
        length = self.headers.get("Content-Length")
        try:
            size = int(length) if length is not None else 0
        except ValueError:
            raise BadRequest(f"Content-Length {length[:40]!r} is not a number") from None
        if size < 0:
            raise BadRequest("Content-Length is negative")
        limit = getattr(self.server, "max_body_bytes", MAX_BODY_BYTES)
        if size > limit:
            self.close_connection = True  # the body is not read: the connection cannot be reused
            exc = BadRequest(f"the body's {size:,} bytes are over the {limit:,}-byte limit")
            exc.status = 413  # type: ignore[attr-defined]
            raise exc
        raw = self.rfile.read(size) if size else b""
        if len(raw) < size:
            self.close_connection = True
            raise BadRequest(f"the body ended after {len(raw):,} of its {size:,} bytes")
        try:
            text = raw.decode("utf-8") if raw else "{}"
        except UnicodeDecodeError as exc:
            raise BadRequest(f"the body is not UTF-8 (byte {exc.start})") from None
        body = _json(text, "the body")
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object")
        return body.get("query"), body.get("prompts"), body.get("labels")

    def _answer(self, status: int, answer: Dict[str, Any]) -> None:
        data = json.dumps(answer).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client left: nobody to answer
            self.close_connection = True

    def _not_allowed(self) -> None:
        self._answer(405, {"error": f"method {self.command} not allowed: POST a JSON body to /get_reward"})

    do_GET = do_PUT = do_DELETE = do_PATCH = _not_allowed  # noqa: N815

    def log_message(self, format: str, *args: Any) -> None:  # quiet: a trainer posts thousands of requests
        return


def _error(exc: BaseException) -> Dict[str, str]:
    message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
    return {"error": one_line(f"{type(exc).__name__}: {message}")[:2000]}


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    max_body_bytes = MAX_BODY_BYTES

    def handle_error(self, request: Any, client_address: Any) -> None:
        return  # a connection that broke (the client left mid-request) is the client's business


class RewardServer:
    """The reward server on ``host:port`` (port 0: any free port; see ``url``)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 5000, *, max_body_bytes: int = MAX_BODY_BYTES) -> None:
        self.httpd = _Server((host, port), _Handler)
        self.httpd.max_body_bytes = max_body_bytes
        self.thread: Optional[threading.Thread] = None

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/get_reward"

    def start(self) -> "RewardServer":
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="tau-shaped-rm", daemon=True)
        self.thread.start()
        return self

    def serve_forever(self) -> None:
        self.httpd.serve_forever()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.thread is not None:
            self.thread.join()


def _tensor(value: float) -> Any:
    try:
        import torch
    except ImportError:  # OpenRLHF always has torch; without it a float that answers .item()
        return _Scalar(value)
    return torch.tensor(value)


class _Scalar(float):
    def item(self) -> float:
        return float(self)


class AgentSession(EpisodeSettings):
    """One OpenRLHF agent instance over a tau-shaped episode (see the module docstring)."""

    tokenizer: Any = None
    user: Any = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.episode: Optional[TextEpisode] = None
        tokenizer = type(self).tokenizer
        self.renderer = ChatRenderer(tokenizer) if tokenizer is not None else PlainRenderer()

    async def reset(self, states: Dict[str, Any], **kwargs: Any) -> Dict[str, Any]:
        task, extra = parse_label(states.get("label"))
        self.episode = TextEpisode(extra.get("domain", self.domain), extra.get("split", self.split),
                                   blend=extra.get("blend", self.blend), lam=float(extra.get("lam", self.lam)),
                                   max_turns=self.max_turns, fallback=float(extra.get("fallback", self.fallback)),
                                   adapter="openrlhf", domain_field=LABEL_FIELD if "domain" in extra else None,
                                   user=type(self).user, turn_rewards="terminal")
        messages = self.episode.start(task, user_replies=extra.get("user_replies"), seed=extra.get("seed"))
        return {**states, "observation": self.renderer.prompt(messages, self.episode.tools)}

    async def step(self, states: Dict[str, Any], **kwargs: Any) -> Dict[str, Any]:
        if self.episode is None:
            raise RuntimeError("reset() first")
        if self.episode.done:  # over before the model spoke (the customer could not be reached): no signal
            values = self.episode.components
            self.episode.close()
            return {"done": True, "environment_feedback": "", "rewards": _tensor(values["score"]),
                    "scores": _tensor(values["score"]), "extra_logs": self._logs(values, truncated=False)}
        before = self.episode.messages
        action = str(states.get("action_text") or "")
        turn = self.episode.act(action)
        reward = turn.reward
        out: Dict[str, Any] = {"done": turn.done, "environment_feedback": ""}
        if not turn.done:
            said = before + [self.episode.messages[len(before)]]
            feedback = self.renderer.feedback(said, turn.messages, self.episode.tools)
            if self._budget_spent(states, action + feedback):  # OpenRLHF stops here: end and score the episode now
                reward += self.episode.finish().reward
                out["done"], turn = True, None
            else:
                out["environment_feedback"] = feedback
                # provisional: if OpenRLHF's token budget stops the rollout before the next step, these are its logs
                out["extra_logs"] = self._logs(components(self.episode.progress(), self.fallback), truncated=True)
        if out["done"]:
            values = self.episode.components
            out["scores"] = _tensor(values["score"])
            out["extra_logs"] = self._logs(values, truncated=turn is None)
            self.episode.close()
        out["rewards"] = _tensor(reward)
        return out

    def _budget_spent(self, states: Dict[str, Any], text: str) -> bool:
        """Whether this turn and its feedback use up the tokens OpenRLHF left for the rollout
        (``sampling_params.max_tokens`` of this step; known only with a tokenizer)."""
        params = states.get("sampling_params")
        budget = params.get("max_tokens") if isinstance(params, dict) else getattr(params, "max_tokens", None)
        tokenizer = type(self).tokenizer
        if tokenizer is None or not isinstance(budget, int):
            return False
        return len(tokenizer.encode(text, add_special_tokens=False)) >= budget

    @staticmethod
    def _logs(values: Dict[str, float], truncated: bool) -> Dict[str, Any]:
        logs = {k: _tensor(values[k]) for k in COMPONENTS + FLAGS}
        logs["truncated"] = _tensor(1.0 if truncated else 0.0)
        return logs


def _load_tokenizer(tokenizer: Any) -> Any:
    if isinstance(tokenizer, str):
        from transformers import AutoTokenizer

        return AutoTokenizer.from_pretrained(tokenizer)
    return tokenizer


def make_agent_session(**settings: Any) -> type:
    """An ``AgentSession`` subclass with these class settings (``domain``, ``split``, ``blend``, ``lam``,
    ``max_turns``, ``fallback``, ``tokenizer``), subclassing OpenRLHF's ``AgentInstanceBase`` if installed."""
    unknown = set(settings) - {"domain", "split", "blend", "lam", "max_turns", "fallback", "tokenizer", "user"}
    if unknown:
        raise TypeError(f"unknown settings: {sorted(unknown)}")
    if "tokenizer" in settings:
        settings["tokenizer"] = _load_tokenizer(settings["tokenizer"])
    bases: Tuple[type, ...] = (AgentSession,)
    try:
        from openrlhf.utils.agent import AgentInstanceBase
    except ImportError:
        pass
    else:
        bases = (AgentSession, AgentInstanceBase)
    return type("TauShapedAgentInstance", bases, {"__module__": __name__, **settings})


def make_agent_executor(**settings: Any) -> type:
    """OpenRLHF's ``AgentExecutor`` (a ``MultiTurnAgentExecutor`` over ``make_agent_session(**settings)``);
    needs OpenRLHF."""
    from openrlhf.utils.agent import MultiTurnAgentExecutor

    session = make_agent_session(**settings)

    def __init__(self: Any) -> None:
        MultiTurnAgentExecutor.__init__(self, session)

    return type("AgentExecutor", (MultiTurnAgentExecutor,), {"__module__": __name__, "__init__": __init__})


def main(argv: Optional[List[str]] = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description="tau-shaped reward server for OpenRLHF (POST /get_reward)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    args = parser.parse_args(argv)
    server = RewardServer(args.host, args.port)
    print(f"serving {server.url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
