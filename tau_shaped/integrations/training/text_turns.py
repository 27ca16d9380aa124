"""What the trainer adapters share: model text to an assistant turn, a text episode, the components.

Trainers that generate text (verl, OpenRLHF, SkyRL, verifiers) hand the environment the model's
decoded output. ``parse_assistant_text`` turns it into an OpenAI-style assistant message, through
the one bounded reader of model text, ``tau_shaped.env.model_text`` (its docstring has the format:
``<tool_call>`` blocks, a JSON tool call or list of them, else a message to the user; a tool call
whose body is broken is a call of ``INVALID_TOOL_CALL``, the policy's mistake, scored). Past the
reader's limits (size, nesting, tool calls, time: ``ReadLimits``) the text is a parse fault,
counted in ``model_text.PARSE_FAULTS``: the rollout gets the fault value (below).

``TextEpisode`` is one episode over text: ``start(task, user_replies=...)`` gives the first
messages, ``act(text)`` plays one assistant turn (a ``StepwiseEnv`` step: per-step shaped rewards
that sum to the episode's shaped reward), ``finish()`` ends it. Each episode owns an env taken
from a per-process pool (``acquire_env``/``release_env``), so concurrent episodes (verl runs many
agent loops on one event loop) never share a database.

A domain name that arrives as data (a label, ``extra_info``, a dataset row) may name only a
registered domain (``tasks.domains.registered_name``): ``score_completion``'s ``domain_field`` and
``TextEpisode``'s name the field in the one-line error.

``components(result, fallback)`` is the flat, numeric view every adapter reports: ``score`` (the
blend's reward), ``outcome``, ``process``, ``safety``, ``legacy`` (tau-bench's 0/1) and ``abstain``
(1.0 on an abstention, SPEC §8), ``undetermined`` (1.0 where the verdict abstained because the
words did not settle a rule: SPEC §8's undetermined status, also an abstention, but no fault),
``infra_fault`` (1.0 where the infrastructure failed: an unreachable LLM customer, an abstention
counted in ``stepwise.INFRA_FAULTS``) and ``parse_fault`` (1.0 where a turn of the policy could
not be read: past the reading limits or in no known tool-call format; the policy's own failure,
scored 0 (``stepwise.policy_failure``), counted in ``model_text.PARSE_FAULTS``, *no* abstention).
Stacks that cannot take ``None`` get ``fallback`` in every value on an abstention, with ``abstain
= 1.0`` beside it; a verifier fault is counted in ``FAULTS``, an undetermined verdict in
``UNDETERMINED``.

**No signal on an abstention.** ``TextEpisode.turn_scores`` are the per-turn rewards a trainer
should take: the turns' shaped rewards, or on an abstention 0.0 for every turn (the fallback on
the last). ``turn_rewards="terminal"`` pays nothing before the last turn, which then carries the
episode's reward: for stacks that consume each turn's reward as it is returned (SkyRL, OpenRLHF's
agent), so that an abstention found at the end leaves no credit on an earlier turn.

Rows come through ``datasets``/Arrow or parquet: ``dataset_rows`` reads their columns back
(``present``, ``list_column``, ``restore_actions``), so a row scores the same before and after.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.env.model_output import INVALID_TOOL_CALL, message_actions, read_assistant_text
from tau_shaped.env.model_text import PARSE_FAULTS, FaultCounter, ModelTextFault, ReadLimits
from tau_shaped.integrations.training.customers import UserSpec, episode_user
from tau_shaped.integrations.training.dataset_rows import MALFORMED, list_column, present, restore_actions
from tau_shaped.integrations.training.reward_functions import TrajectoryReward
from tau_shaped.integrations.training.stepwise import StepwiseEnv, is_policy_failure, policy_failure
from tau_shaped.tasks.domains import load_domain, registered_name

__all__ = ["INVALID_TOOL_CALL", "COMPONENTS", "FLAGS", "FAULTS", "UNDETERMINED", "TURN_REWARDS", "FaultCounter", "EpisodeSettings", "parse_assistant_text",
           "text_actions", "render_messages", "components", "score_completion", "PlainRenderer", "ChatRenderer",
           "acquire_env", "release_env", "Turn", "TextEpisode"]

COMPONENTS = ("outcome", "process", "safety", "legacy")
#: How an episode pays its turns: each turn its shaped reward ("dense"), or all at the last ("terminal").
TURN_REWARDS = ("dense", "terminal")


class EpisodeSettings:
    """The defaults an adapter's episode class starts from (a subclass or a setting overrides
    each): the domain and split its tasks come from, the blend and its lambda, the turn limit,
    and the reward given in place of an abstention where the stack needs a number."""

    domain = "food_delivery"
    split = "test"
    blend = "shaped"
    lam = 0.3
    max_turns = 30
    fallback = 0.0


FAULTS = FaultCounter()
#: Rollouts whose verdict was undetermined (SPEC §8), by adapter: abstentions that are no fault.
UNDETERMINED = FaultCounter()


def parse_assistant_text(text: str, limits: Optional[ReadLimits] = None, *,
                         tool_names: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    """The assistant message a model's text stands for (``model_output.read_assistant_text``, the
    one reader); ``ModelTextFault`` past a limit or in an unknown tool-call format."""
    return read_assistant_text(text, limits, tool_names=tool_names)


def text_actions(text: str, limits: Optional[ReadLimits] = None, *,
                 tool_names: Optional[Sequence[str]] = None) -> List[Dict[str, Any]]:
    """The ``{"name", "kwargs"}`` actions a model's text stands for (one respond action if no tool
    call; reasoning is neither); ``ModelTextFault`` past a limit or in an unknown format."""
    message = parse_assistant_text(text, limits, tool_names=tool_names)
    return [{"name": name, "kwargs": kwargs} for name, kwargs in message_actions(message)]


def render_messages(messages: Sequence[Dict[str, Any]]) -> str:
    """A plain text rendering of tool results and user replies (for stacks that append raw text)."""
    parts = []
    for m in messages:
        if m.get("role") == "tool":
            parts.append(f"<tool_response>\n{m.get('content') or ''}\n</tool_response>")
        else:
            parts.append(f"{m.get('role', 'user')}: {m.get('content') or ''}")
    return ("\n" + "\n".join(parts) + "\n") if parts else ""


def components(result: Any, fallback: float = 0.0, *, adapter: Optional[str] = None) -> Dict[str, float]:
    """``score``, ``outcome``, ``process``, ``safety``, ``legacy``, ``abstain``, ``undetermined`` of
    a shaped result, all floats.

    On an abstention (``status != "ok"`` or no reward) every value but ``abstain`` and
    ``undetermined`` is ``fallback`` and ``abstain`` is 1.0; with ``adapter`` it is counted, in
    ``UNDETERMINED`` where the status is ``undetermined`` (``undetermined`` 1.0), else in ``FAULTS``."""
    status = getattr(result, "status", None) if result is not None else None
    ok = status == "ok" and result.reward is not None
    if not ok:
        undetermined = status == "undetermined"
        infra = is_infra_fault(result)
        if adapter and not infra:  # an infrastructure fault was counted where it happened (INFRA_FAULTS)
            (UNDETERMINED if undetermined else FAULTS).add(adapter)
        values = {"score": float(fallback), **{k: float(fallback) for k in COMPONENTS}}
        values["abstain"] = 1.0
        values["undetermined"] = 1.0 if undetermined else 0.0
        values["infra_fault"] = 1.0 if infra else 0.0
        values["parse_fault"] = 0.0
        return values
    return {
        "score": float(result.reward),
        "outcome": float(result.outcome_reward),
        "process": float(result.process_reward),
        "safety": 1.0 if result.safety_passed else 0.0,
        "legacy": float(result.legacy_reward),
        "abstain": 0.0,
        "undetermined": 0.0,
        "infra_fault": 0.0,
        "parse_fault": 1.0 if is_policy_failure(result) else 0.0,
    }


#: The keys of ``components`` besides the score and the components: the flags a trainer filters or logs.
FLAGS = ("abstain", "undetermined", "infra_fault", "parse_fault")


def is_infra_fault(result: Any) -> bool:
    """Whether ``result`` is an abstention the infrastructure caused (``stepwise.infra_fault``)."""
    error = getattr(result, "error", None)
    return getattr(result, "status", None) == "internal_error" and isinstance(error, str) and error.startswith(
        "infrastructure:")


_SCORERS: "OrderedDict[Tuple[str, str, str, float], TrajectoryReward]" = OrderedDict()
_MAX_SCORERS = 64  # keyed by values from data (a label's lam): bounded, so hostile requests cannot grow it
_SCORERS_LOCK = threading.Lock()


def _scorer(key: Tuple[str, str, str, float]) -> TrajectoryReward:
    with _SCORERS_LOCK:
        scorer = _SCORERS.get(key)
        if scorer is not None:
            _SCORERS.move_to_end(key)
            return scorer
    scorer = TrajectoryReward(key[0], key[1], lam=key[3])
    scorer.blend = key[2]
    with _SCORERS_LOCK:
        _SCORERS[key] = scorer
        while len(_SCORERS) > _MAX_SCORERS:
            _SCORERS.popitem(last=False)
    return scorer


def score_completion(text: str, task: Any, extra: Optional[Dict[str, Any]] = None, *,
                     adapter: str = "text", domain_field: str = "the data's 'domain'",
                     limits: Optional[ReadLimits] = None) -> Dict[str, float]:
    """``components`` of one completion: ``extra``'s ``actions`` (the steps before it, a list or JSON)
    then the actions ``text`` stands for, with ``extra``'s ``user_replies``, ``domain`` (default
    ``food_delivery``; a registered name only: ``domain_field`` names where it came from in the
    error), ``split`` (``test``), ``blend`` (``shaped``), ``lam`` (0.3), ``fallback`` (0.0).
    An unknown task raises ``KeyError``, an unknown domain ``DomainNotFound``; a malformed
    trajectory is a fault and model text past ``limits`` a parse fault (the fallback, counted)."""
    extra = present(extra)  # a key Arrow filled with null for this row is a key the row lacks
    domain = registered_name(extra.get("domain") or "food_delivery", domain_field)
    key = (domain, str(extra.get("split", "test")), str(extra.get("blend", "shaped")), float(extra.get("lam", 0.3)))
    scorer = _scorer(key)
    fallback = float(extra.get("fallback", 0.0))
    before, replies = list_column(extra.get("actions")), list_column(extra.get("user_replies"))
    if before is MALFORMED or replies is MALFORMED:  # parse_actions refuses it: input_invalid, a verifier fault
        before, replies = "unparsable actions or user_replies", None
    try:
        names = scorer.tool_names
        actions = (restore_actions(before or [], scorer.tool_schemas)
                   + text_actions(text if isinstance(text, str) else "", limits, tool_names=names)
                   if isinstance(before, list) or before is None else before)
    except ModelTextFault as exc:  # the completion cannot be read: the policy's failure, scored 0
        PARSE_FAULTS.add(adapter)
        return components(policy_failure(str(exc), scorer.blend, scorer.lam), fallback, adapter=adapter)
    result = scorer.score({"actions": actions, "user_replies": replies}, task, limits=limits, fault_label=adapter)
    return components(result, fallback, adapter=adapter)


class PlainRenderer:
    """Renders messages as plain text (no tokenizer): the default for stacks that append raw text."""

    def prompt(self, messages: Sequence[Dict[str, Any]], tools: Sequence[Dict[str, Any]]) -> str:
        head = "Tools:\n" + json.dumps(list(tools)) + "\n" if tools else ""
        return head + "".join(f"{m['role']}: {m.get('content') or ''}\n" for m in messages) + "assistant: "

    def feedback(self, before: Sequence[Dict[str, Any]], added: Sequence[Dict[str, Any]],
                 tools: Sequence[Dict[str, Any]]) -> str:
        return render_messages(added) + ("assistant: " if added else "")


class ChatRenderer:
    """Renders messages with a tokenizer's chat template (tool schemas included).

    ``feedback`` is the text the messages ``added`` after ``before`` add, with the next generation
    prompt: the template applied to both conversations, the common prefix cut off (or, for a
    template whose renderings do not extend each other, the added messages alone)."""

    def __init__(self, tokenizer: Any) -> None:
        self.tokenizer = tokenizer

    def render(self, messages: Sequence[Dict[str, Any]], tools: Sequence[Dict[str, Any]], generation: bool) -> str:
        return self.tokenizer.apply_chat_template(list(messages), tools=list(tools) or None,
                                                  add_generation_prompt=generation, tokenize=False)

    def prompt(self, messages: Sequence[Dict[str, Any]], tools: Sequence[Dict[str, Any]]) -> str:
        return self.render(messages, tools, True)

    def feedback(self, before: Sequence[Dict[str, Any]], added: Sequence[Dict[str, Any]],
                 tools: Sequence[Dict[str, Any]]) -> str:
        base = self.render(before, tools, False)
        full = self.render(list(before) + list(added), tools, True)
        return full[len(base):] if full.startswith(base) else self.render(added, [], True)


_POOL: Dict[Tuple[str, str], List[Any]] = {}
_POOL_LOCK = threading.Lock()


def acquire_env(domain: str, split: str) -> Any:
    """An env of (domain, split) no other episode holds (built when the pool is empty)."""
    with _POOL_LOCK:
        free = _POOL.get((domain, split))
        if free:
            return free.pop()
    return load_domain(domain).make_env(task_split=split)


def release_env(domain: str, split: str, env: Any) -> None:
    with _POOL_LOCK:
        _POOL.setdefault((domain, split), []).append(env)


@dataclass
class Turn:
    """What one assistant turn gave: the messages it added, its reward, whether the episode ended."""

    messages: List[Dict[str, Any]]
    reward: float
    done: bool
    info: Dict[str, Any] = field(default_factory=dict)


class TextEpisode:
    """One episode over model text, on a pooled env; see the module docstring."""

    def __init__(self, domain: str = "food_delivery", split: str = "test", *, blend: str = "shaped",
                 lam: float = 0.3, max_turns: int = 30, fallback: float = 0.0, adapter: str = "text",
                 domain_field: Optional[str] = None, limits: Optional[ReadLimits] = None,
                 user: UserSpec = None, turn_rewards: str = "dense") -> None:
        """``domain_field``: the domain name came from data, that field (a registered name only);
        ``limits``: the reading limits of each turn's model text (default: the process's);
        ``user``: the customer simulator (an object, copied for the episode, or a factory called
        with the task; default the task's persona, see ``customers``); ``turn_rewards``: ``dense``
        (each turn its shaped reward) or ``terminal`` (all at the last turn; see the module docstring)."""
        if turn_rewards not in TURN_REWARDS:
            raise ValueError(f"unknown turn_rewards {turn_rewards!r}: use one of {', '.join(TURN_REWARDS)}")
        self.turn_rewards = turn_rewards
        self.user = user
        if domain_field is not None:
            domain = registered_name(domain, domain_field)
        self.domain, self.split = domain, split
        self.limits = limits
        self.blend, self.lam, self.max_turns = blend, float(lam), max_turns
        self.fallback = float(fallback)
        self.adapter = adapter
        self._env: Optional[Any] = None
        self.stepwise: Optional[StepwiseEnv] = None
        self.rewards: List[float] = []
        self.result: Any = None
        self.done = True
        self.ended = False  # an episode ran to its end (components are known)

    def start(self, task: Any, *, user_replies: Optional[Sequence[str]] = None,
              seed: Optional[int] = None) -> List[Dict[str, Any]]:
        """Reset to ``task`` (id or index); the system prompt and the user's first message."""
        if self._env is None:
            self._env = acquire_env(self.domain, self.split)
        self.stepwise = StepwiseEnv(self._env, blend=self.blend, lam=self.lam, max_steps=self.max_turns,
                                    limits=self.limits, fault_label=self.adapter,
                                    reward_mode="terminal" if self.turn_rewards == "terminal" else "dense")
        options: Dict[str, Any] = {"user": episode_user(self.user)}
        replies = list_column(user_replies)  # a list, a numpy array (pandas) or JSON text; None: no replies
        if replies is MALFORMED:
            raise ValueError("the row's user_replies is neither a list nor JSON text of one")
        if replies is not None:
            options["user_replies"] = replies
        obs, info = self.stepwise.reset(task, seed=seed, options=options)
        self.rewards, self.result, self.done, self.ended = [], None, False, False
        if info.get("abstain"):  # the customer could not be reached: over before it started, no signal
            self.result, self.done, self.ended = info.get("shaped"), True, True
        return obs["messages"]

    @property
    def tools(self) -> List[Dict[str, Any]]:
        return self.stepwise.tools if self.stepwise is not None else []

    @property
    def messages(self) -> List[Dict[str, Any]]:
        return list(self.stepwise.messages) if self.stepwise is not None else []

    def act(self, turn: Any) -> Turn:
        """Play one assistant turn: model text, or an OpenAI-style assistant message. A turn past
        the reading limits, or neither of those, ends the episode as a counted parse fault."""
        if self.done or self.stepwise is None:
            raise RuntimeError("the episode is over: call start()")
        if not isinstance(turn, (str, dict)):
            return self.fault(f"a turn is text or an assistant message, not {type(turn).__name__}")
        obs, reward, terminated, truncated, info = self.stepwise.step(turn)  # read there, by the one reader
        return self._turn(obs["new_messages"], reward, terminated or truncated, info)

    def fault(self, reason: str) -> Turn:
        """End the episode on a turn that could not be read: a parse fault (counted), the fallback."""
        if self.done or self.stepwise is None:
            raise RuntimeError("the episode is over: call start()")
        _, reward, _, _, info = self.stepwise.fault(reason)
        return self._turn([], reward, True, info)

    def finish(self) -> Turn:
        """End the episode now (the model stopped); the terminal reward."""
        if self.done or self.stepwise is None:
            raise RuntimeError("the episode is over: call start()")
        _, reward, _, _, info = self.stepwise.finish()
        return self._turn([], reward, True, info)

    def _turn(self, added: List[Dict[str, Any]], reward: float, done: bool, info: Dict[str, Any]) -> Turn:
        if done:
            self.done = self.ended = True
            self.result = info.get("shaped")
            if info.get("abstain"):  # no verdict: the streamed rewards sum to the fallback, counted
                reward += self.fallback
            info["components"] = components(self.result, self.fallback, adapter=self.adapter)
        self.rewards.append(float(reward))
        return Turn(list(added), float(reward), done, info)

    def progress(self) -> Any:
        """The shaped result of the episode so far (scored now; what a rollout cut here would have
        earned), or the final result once it ended."""
        if self.ended or self.stepwise is None:
            return self.result
        return self.stepwise.env.calculate_reward_shaped(blend=self.blend, lam=self.lam)

    @property
    def abstained(self) -> bool:
        """Whether the episode ended without a verdict (an abstention: no signal)."""
        return self.ended and components(self.result, self.fallback)["abstain"] == 1.0

    @property
    def turn_scores(self) -> List[float]:
        """The per-turn rewards a trainer should take: those paid, or on an abstention 0.0 for every
        turn but the last, which holds the fallback (default 0.0)."""
        if self.abstained and self.rewards:
            return [0.0] * (len(self.rewards) - 1) + [self.fallback]
        return list(self.rewards)

    @property
    def components(self) -> Dict[str, float]:
        """The episode's components (after it ended)."""
        if not self.ended:
            raise RuntimeError("the episode has not ended")
        return components(self.result, self.fallback)

    def close(self) -> None:
        """Give the env back to the pool."""
        if self._env is not None:
            release_env(self.domain, self.split, self._env)
            self._env, self.stepwise = None, None
        self.done = True
