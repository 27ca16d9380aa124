"""tau2-bench's reward for a simulation, offline and without rebuilding the world.

tau2 scores a finished simulation as the product of the components named in
its task's ``reward_basis``:

- **DB**: the database after the simulation's tool calls must equal the one
  after replaying the task's ground-truth actions (equal hashes);
- **ENV_ASSERTION**: assertion functions on the final environment;
- **ACTION**: every ground-truth action appears among the simulation's tool
  calls (name and the compared arguments);
- **COMMUNICATE**: every ``communicate_info`` string appears, case-insensitive
  and with commas removed, in some assistant text message;
- **NL_ASSERTION**: needs an LLM judge; reported as not judged (``reward`` None) when the task
  lists assertions; 1 when it lists none (as tau2 scores it: nothing to judge).

A simulation that ended other than by the agent or the user stopping scores 0.

Speed (tau2 constructs two environments and hashes two whole databases per
simulation): the state after a sequence of tool calls depends only on the
calls that may write, in order, so

1. if a simulation's writing calls equal the ground truth's, its database
   matches without replaying anything;
2. if it made no writing call, its database is the initial one, whose hash
   and each task's ground-truth hash are computed once and cached;
3. otherwise only its writing calls are replayed, on a copy-on-access view of
   the database validated once a process, and the records it touched alone are
   compared (:mod:`.incremental`); tasks with an initial state, user tools or
   environment assertions replay on a fresh environment and hash, as tau2 does.

Environments are built on such views too (:mod:`.shared_db`: a fresh
environment costs no load and no validation), and nothing here imports tau2's
registry, which imports litellm (seconds at start-up).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from tau2.data_model.message import AssistantMessage, ToolCall, UserMessage
from tau2.data_model.simulation import SimulationRun, TerminationReason
from tau2.data_model.tasks import RewardType, Task
from tau2.environment.toolkit import ToolType

from tau_shaped.integrations.tau2.domain import environment_constructor
from tau_shaped.integrations.tau2.incremental import IncrementalDB, Touched

_STOPS = (TerminationReason.AGENT_STOP, TerminationReason.USER_STOP)
_NON_WRITING = (ToolType.READ, ToolType.THINK)
_ENV_BASES = (RewardType.DB, RewardType.ENV_ASSERTION)

Signature = Tuple[Tuple[str, str, str], ...]


@dataclass
class Tau2Reward:
    """tau2's reward for one simulation, component by component."""

    reward: Optional[float]  # None: an NL assertion is in the reward basis (not judged offline)
    reward_basis: List[str] = field(default_factory=list)
    breakdown: Dict[str, float] = field(default_factory=dict)
    db_match: Optional[bool] = None
    action_matches: List[bool] = field(default_factory=list)
    communicate_met: List[bool] = field(default_factory=list)
    env_assertions_met: List[bool] = field(default_factory=list)
    not_judged: List[str] = field(default_factory=list)
    note: str = ""
    db_path: str = ""  # how the DB check was decided: signature, incremental, initial, replay, none


def tool_calls(messages: Sequence[Any]) -> List[ToolCall]:
    """The tool calls of the assistant's and the user's messages, in order."""
    calls: List[ToolCall] = []
    for message in messages:
        if isinstance(message, (AssistantMessage, UserMessage)) and message.tool_calls is not None:
            calls.extend(message.tool_calls)
    return calls


def action_matches(action: Any, call: ToolCall) -> bool:
    """tau2's rule: same tool, and equal values on the compared arguments (all of the call's by default)."""
    if action.name != call.name:
        return False
    keys = list(call.arguments) if action.compare_args is None else list(action.compare_args)
    if not keys:
        return True
    return {k: v for k, v in call.arguments.items() if k in keys} == {
        k: v for k, v in action.arguments.items() if k in keys
    }


def communicated(info: str, messages: Sequence[Any]) -> bool:
    needle = info.lower()
    for message in messages:
        if not isinstance(message, AssistantMessage):
            continue
        content = message.content
        if content is None or (isinstance(content, str) and not content.strip()):
            continue
        if needle in content.lower().replace(",", ""):
            return True
    return False


def _canonical(arguments: Dict[str, Any]) -> str:
    return json.dumps(arguments, sort_keys=True, default=str)


class Tau2Scorer:
    """tau2's reward for simulations of one domain, with its database loaded once.

    ``env_constructor`` defaults to tau2's environment for ``domain`` on the database validated
    once a process (:func:`.domain.environment_constructor`); ``tasks`` to the domain's
    registered tasks.
    """

    def __init__(
        self,
        domain: str,
        tasks: Optional[Sequence[Task]] = None,
        env_constructor: Optional[Callable[..., Any]] = None,
    ) -> None:
        self.domain = domain
        self._construct = env_constructor or environment_constructor(domain)
        if tasks is None:
            from tau2.registry import registry  # imports litellm (seconds): only when no tasks are given

            tasks = registry.get_tasks_loader(domain)()
        self.tasks: Dict[str, Task] = {task.id: task for task in tasks}
        self._probe = self._construct()  # tool types only; never written to
        self._gold: Dict[str, Tuple[Signature, Tuple[Optional[str], Optional[str]]]] = {}
        self._initial: Dict[str, Tuple[Optional[str], Optional[str]]] = {}
        # the working environment (once): not for user databases
        self._incremental = IncrementalDB(self._construct) if self._probe.user_tools is None else None
        self._gold_touched: Dict[str, Optional[Touched]] = {}

    # -- the writing calls ---------------------------------------------------------

    def _writes(self, env: Any, name: str, requestor: str) -> bool:
        toolkit = env.user_tools if requestor == "user" else env.tools
        if requestor == "assistant" and env.solo_mode and env.user_tools is not None and env.user_tools.has_tool(name):
            toolkit = env.user_tools
        if toolkit is None or not toolkit.has_tool(name):
            return False  # an unknown tool raises before touching anything
        return toolkit.tool_type(name) not in _NON_WRITING

    def signature(self, calls: Sequence[Any]) -> Signature:
        """The writing calls, in order, as (requestor, name, arguments) triples."""
        return tuple(
            (call.requestor, call.name, _canonical(call.arguments))
            for call in calls
            if self._writes(self._probe, call.name, call.requestor)
        )

    # -- environments and hashes ---------------------------------------------------

    def _fresh(self, task: Task, solo_mode: bool = False) -> Any:
        env = self._construct(solo_mode=solo_mode)
        state = task.initial_state
        data = state.initialization_data if state is not None else None
        actions = state.initialization_actions if state is not None else None
        history = (state.message_history or []) if state is not None else []
        env.set_state(initialization_data=data, initialization_actions=actions, message_history=history)
        return env

    @staticmethod
    def _hashes(env: Any) -> Tuple[Optional[str], Optional[str]]:
        return env.get_db_hash(), env.get_user_db_hash()

    @staticmethod
    def _initial_key(task: Task) -> str:
        state = task.initial_state
        if state is None:
            return ""
        return state.model_dump_json(exclude={"message_history"})

    def _initial_hashes(self, task: Task) -> Tuple[Optional[str], Optional[str]]:
        key = self._initial_key(task)
        if task.initial_state is not None and task.initial_state.message_history:
            return self._hashes(self._fresh(task))  # history may write: not shared
        if key not in self._initial:
            self._initial[key] = self._hashes(self._fresh(task))
        return self._initial[key]

    def gold(self, task: Task) -> Tuple[Signature, Tuple[Optional[str], Optional[str]]]:
        """The ground truth's writing calls and the database hashes after them (cached per task)."""
        if task.id not in self._gold:
            env = self._fresh(task)
            for action in task.evaluation_criteria.actions or []:
                try:
                    env.make_tool_call(tool_name=action.name, requestor=action.requestor, **action.arguments)
                except Exception:  # noqa: BLE001 - tau2 logs and goes on
                    pass
            actions = task.evaluation_criteria.actions or []
            calls = [ToolCall(name=a.name, arguments=a.arguments, requestor=a.requestor) for a in actions]
            self._gold[task.id] = (self.signature(calls), self._hashes(env))
        return self._gold[task.id]

    def gold_signature(self, task: Task) -> Signature:
        actions = task.evaluation_criteria.actions or []
        return self.signature([ToolCall(name=a.name, arguments=a.arguments, requestor=a.requestor) for a in actions])

    def _tracked(self, task: Task, solo_mode: bool) -> Optional[IncrementalDB]:
        """The working environment, when this task's replays can use it."""
        state = task.initial_state
        if solo_mode or task.evaluation_criteria.env_assertions or self._probe.user_tools is not None:
            return None
        if state is not None and (state.initialization_data or state.initialization_actions or state.message_history):
            return None
        return self._incremental

    @staticmethod
    def _runner(calls: Sequence[Tuple[str, str, Dict[str, Any]]]) -> Callable[[Any], None]:
        def run(env: Any) -> None:
            for requestor, name, arguments in calls:
                try:
                    env.make_tool_call(tool_name=name, requestor=requestor, **arguments)
                except Exception:  # noqa: BLE001 - an error response in a run
                    pass
                env.sync_tools()

        return run

    def _incremental_match(self, task: Task, calls: Sequence[ToolCall], db: IncrementalDB) -> Optional[bool]:
        if task.id not in self._gold_touched:
            gold = [
                (a.requestor, a.name, a.arguments)
                for a in task.evaluation_criteria.actions or []
                if self._writes(self._probe, a.name, a.requestor)
            ]
            self._gold_touched[task.id] = db.replay(self._runner(gold))
        gold_touched = self._gold_touched[task.id]
        if gold_touched is None:
            return None
        writes = [(c.requestor, c.name, c.arguments) for c in calls if self._writes(self._probe, c.name, c.requestor)]
        touched = db.replay(self._runner(writes)) if writes else {}
        if touched is None:
            return None
        return db.same(touched, gold_touched)

    def _replay(self, task: Task, calls: Sequence[ToolCall], solo_mode: bool) -> Any:
        env = self._fresh(task, solo_mode=solo_mode)
        for call in calls:
            if self._writes(env, call.name, call.requestor):
                env.get_response(call)  # errors become error responses, as in a run
        env.sync_tools()
        return env

    # -- the reward ----------------------------------------------------------------

    def score(self, simulation: SimulationRun, task: Optional[Task] = None, solo_mode: bool = False) -> Tau2Reward:
        if task is None:
            task = self.tasks[simulation.task_id]
        if simulation.termination_reason not in _STOPS:
            reason = getattr(simulation.termination_reason, "value", simulation.termination_reason)
            return Tau2Reward(reward=0.0, note=f"terminated prematurely: {reason}")
        criteria = task.evaluation_criteria
        if criteria is None:
            return Tau2Reward(reward=1.0, note="no evaluation criteria")
        basis = [getattr(b, "value", b) for b in criteria.reward_basis]
        result = Tau2Reward(reward=1.0, reward_basis=basis)
        messages = simulation.messages
        calls = tool_calls(messages)

        env_reward = 1.0
        if set(criteria.reward_basis) & set(_ENV_BASES):
            env_reward = self._env_reward(task, calls, solo_mode, result)
        if RewardType.ACTION in criteria.reward_basis:
            result.action_matches = [any(action_matches(a, c) for c in calls) for a in criteria.actions or []]
            result.breakdown["ACTION"] = 1.0 if all(result.action_matches) else 0.0
        if RewardType.COMMUNICATE in criteria.reward_basis:
            result.communicate_met = [communicated(info, messages) for info in criteria.communicate_info or []]
            result.breakdown["COMMUNICATE"] = 1.0 if all(result.communicate_met) else 0.0
        reward = env_reward
        for name in ("ACTION", "COMMUNICATE"):
            reward *= result.breakdown.get(name, 1.0)
        result.reward = reward
        if RewardType.NL_ASSERTION in criteria.reward_basis:
            if criteria.nl_assertions:
                result.not_judged = list(criteria.nl_assertions)
                result.reward = None
                result.note = "NL assertions in the reward basis: not judged offline (no LLM judge)"
            else:  # tau2: "No nl_assertions to evaluate", that component 1
                result.breakdown["NL_ASSERTION"] = 1.0
        return result

    def _env_reward(self, task: Task, calls: List[ToolCall], solo_mode: bool, result: Tau2Reward) -> float:
        criteria = task.evaluation_criteria
        if criteria.actions is None and criteria.env_assertions is None:
            result.db_match, result.db_path = True, "none"
            for base in _ENV_BASES:
                if base in criteria.reward_basis:
                    result.breakdown[base.value] = 1.0
            return 1.0
        env = None
        if criteria.env_assertions:
            env = self._replay(task, calls, solo_mode)
            result.env_assertions_met = [
                env.run_env_assertion(a, raise_assertion_error=False) for a in criteria.env_assertions
            ]
        signature = self.signature(calls)
        tracked = self._tracked(task, solo_mode)
        match = None
        if signature == self.gold_signature(task):
            match, result.db_path = True, "signature"
        elif tracked is not None:
            match, result.db_path = self._incremental_match(task, calls, tracked), "incremental"
        if match is None and not signature:
            match, result.db_path = self._initial_hashes(task) == self.gold(task)[1], "initial"
        if match is None:
            env = env or self._replay(task, calls, solo_mode)
            match, result.db_path = self._hashes(env) == self.gold(task)[1], "replay"
        result.db_match = match
        reward = 1.0
        if RewardType.DB in criteria.reward_basis:
            result.breakdown["DB"] = 1.0 if result.db_match else 0.0
            reward *= result.breakdown["DB"]
        if RewardType.ENV_ASSERTION in criteria.reward_basis:
            result.breakdown["ENV_ASSERTION"] = 1.0 if all(result.env_assertions_met) else 0.0
            reward *= result.breakdown["ENV_ASSERTION"]
        return reward
