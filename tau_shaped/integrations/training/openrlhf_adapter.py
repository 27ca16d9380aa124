"""OpenRLHF: an HTTP reward server and a multi-turn agent; both install and run on CPU.

``pip install -e ".[openrlhf]"`` installs what they need and no GPU package (transformers, for a
tokenizer by name): OpenRLHF itself (whose own requirements pull flash-attn, built against
torch) is what runs them, in its own environment; ``make_agent_executor`` subclasses its
``MultiTurnAgentExecutor`` there, and ``make_agent_session`` works without it.

**Reward server** (``--reward.remote_url http://HOST:PORT/get_reward``): ``reward_server.HttpRewardServer``
(stdlib, no dependency) with OpenRLHF's request shape. OpenRLHF posts ``{"query": [...], "prompts": [...], "labels": [...]}`` (``query``:
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
name only, never ``module:ATTRIBUTE`` (nothing is imported); a label's ``lam`` and ``fallback`` are
JSON numbers a float holds (not a string, a bool, NaN, an infinity, an integer of 4,000 digits).
The server answers every request and stays up: a request that is not such JSON (nested more than
64 levels, the wrong types, an unusable number), or names an unknown task or domain, gets HTTP
400 with a one-line JSON ``{"error": ...}`` (OpenRLHF retries, then stops: a data error, not a
reward); anything else that goes wrong is a 500 of the same form; a method other than POST a
405. Under load and abuse (``reward_server``'s limits, each a ``RewardServer`` argument and a
command-line flag): 1,024 connections queue before they are accepted, at most
``max_connections`` (256) are served at once (one more: a 503 with ``Retry-After``, never a
reset), ``workers`` (4) threads score, first come first served; a body over ``max_body_bytes``
(256 MiB) is a 413, a chunked one a 411, a request not sent within ``request_timeout`` (60 s) a
408; a large body costs about twice its size in memory.

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

from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.integrations.training.dataset_rows import present
from tau_shaped.integrations.training.reward_server import MAX_BODY_BYTES  # noqa: F401 (its old home)
from tau_shaped.integrations.training.reward_server import (MAX_CONNECTIONS, REQUEST_TIMEOUT, WORKERS, BadRequest,
                                                             HttpRewardServer, finite_number, parse_json_text)
from tau_shaped.integrations.training.text_turns import (COMPONENTS, FLAGS, ChatRenderer, EpisodeSettings, PlainRenderer,
                                                          TextEpisode, components, score_completion)
from tau_shaped.tasks.domains import DomainNotFound

END_TOKENS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end|>", "</s>", "<eos>")
LABEL_FIELD = "label 'domain'"
#: A label's numbers: a JSON number a float holds, else the request is a 400.
NUMBER_FIELDS = ("lam", "fallback")


def parse_label(label: Any) -> Tuple[Any, Dict[str, Any]]:
    """(task, extra) of a label: a task id, or a JSON object with ``task_id`` and options."""
    if isinstance(label, dict):
        extra = dict(label)
    elif isinstance(label, str) and label.strip().startswith("{"):
        extra = parse_json_text(label, "a label")
        if not isinstance(extra, dict):
            raise BadRequest("a JSON label is an object")
    else:
        return label, {}
    extra = present(extra)  # a key Arrow filled with null (a dataset's label column of dicts): not given
    if "task_id" not in extra:
        raise KeyError("a JSON label needs a task_id")
    return extra.pop("task_id"), extra


def completion_of(query: str, prompt: Optional[str]) -> str:
    """``query`` after ``prompt`` (all of it if it does not start with ``prompt``), trailing white
    space and ``END_TOKENS`` cut: one copy of the text at most (none if nothing is cut)."""
    start = len(prompt) if prompt and query.startswith(prompt) else 0
    end = _rstripped(query, start, len(query))
    cut = True
    while cut:
        cut = False
        for token in END_TOKENS:
            if end - start >= len(token) and query.endswith(token, start, end):
                end, cut = _rstripped(query, start, end - len(token)), True
    return query[start:end]


def _rstripped(text: str, start: int, end: int, window: int = 4096) -> int:
    """Where ``text[start:end].rstrip()`` ends, without copying more than ``window`` characters at once."""
    while end > start:
        tail = text[max(start, end - window):end]
        kept = len(tail.rstrip())
        end -= len(tail) - kept
        if kept:
            break
    return end


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
        for key in NUMBER_FIELDS:
            if key in extra:
                finite_number(extra[key], f"label '{key}'")
        values = score_completion(completion_of(query, prompt), task, extra, adapter="openrlhf", domain_field=LABEL_FIELD)
        scores.append(values["score"])
        for key in logs:
            logs[key].append(values[key])
    return {"rewards": scores, "scores": list(scores), "extra_logs": logs}


def _answer_body(body: Any) -> Dict[str, Any]:
    """The answer to one request's parsed body (see ``rewards_for``)."""
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    return rewards_for(body.get("query"), body.get("prompts"), body.get("labels"))


#: What a bad request raises (a 400): a data error, not a reward.
CLIENT_ERRORS = (BadRequest, DomainNotFound, KeyError, ValueError, TypeError, IndexError)


class RewardServer(HttpRewardServer):
    """The reward server on ``host:port`` (port 0: any free port; see ``url``); the limits
    (``max_body_bytes``, ``max_connections``, ``workers``, ``request_timeout``, ``backlog``) are
    ``reward_server``'s."""

    def __init__(self, host: str = "127.0.0.1", port: int = 5000, **limits: Any) -> None:
        super().__init__(host, port, answer=_answer_body, client_errors=CLIENT_ERRORS, **limits)

    def start(self) -> "RewardServer":
        super().start()
        return self


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
    parser.add_argument("--max-connections", type=int, default=MAX_CONNECTIONS,
                        help="connections served at once; one more is answered 503 with Retry-After")
    parser.add_argument("--workers", type=int, default=WORKERS, help="scoring threads, first come first served")
    parser.add_argument("--max-body-bytes", type=int, default=MAX_BODY_BYTES, help="a larger body is a 413")
    parser.add_argument("--request-timeout", type=float, default=REQUEST_TIMEOUT,
                        help="seconds a client has to send its request (and to read the answer): then a 408")
    args = parser.parse_args(argv)
    try:
        server = RewardServer(args.host, args.port, max_connections=args.max_connections, workers=args.workers,
                              max_body_bytes=args.max_body_bytes, request_timeout=args.request_timeout)
    except (ValueError, OSError) as exc:  # a limit that is not positive, a port in use
        parser.error(str(exc))
    print(f"serving {server.url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
