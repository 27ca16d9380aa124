"""``ShapedRewardMixin`` and ``Env``: tau-bench's Env behaviour, its defects fixed, plus the
shaped reward (SPEC §2, §3).

``Env`` lives here, not in ``tau_shaped.env``, because it *is* the reward bolted onto an
environment: ``env/`` holds what environments and the reward are both built from.

The mixin needs only the attributes tau-bench's ``Env.__init__`` sets
(``data_load_func``, ``tools_map``, ``terminate_tools``, ``tasks``, ``user``)
and re-implements ``reset``, ``step`` and ``calculate_reward`` with the same
values (SPEC §2), so it serves this project's ``Env`` and tau-bench's own
envs alike::

    class ShapedRetail(ShapedRewardMixin, MockRetailDomainEnv):
        pass

Fixed defects: the ground-truth replay runs on its own copy (it neither
appends to ``actions`` nor leaves the env in the ground-truth state), the
reward can be computed twice, random task selection stays in range and is
seeded, and both ``r_actions`` and ``r_outputs`` are kept.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Type, Union

from tau_shaped.reward import canonical
from tau_shaped.env.call_memo import call_memo_of
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.function_tool import info_name
from tau_shaped.reward.ground_truth import GroundTruth, GroundTruthCache
from tau_shaped.env.hashing import data_hash
from tau_shaped.env.state_digest import overlay_hash
from tau_shaped.reward.legacy_reward import legacy_result, states_equal
from tau_shaped.env.overlay import Overlay, changed_between
from tau_shaped.reward.policy_rules import BoundRule, bind, ignored_paths
from tau_shaped.reward.probes import compile_probes
from tau_shaped.reward.result import ShapedRewardResult, check_blend, failed_result
from tau_shaped.env.users import BaseUser, load_user
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action, types_for
from tau_shaped.reward.typed_checks import build_checks
from tau_shaped.reward.verifier import VerifyInput, task_overrides, verify

STOP_TOKEN = "###STOP###"
SELECTION_SEED = "tau-shaped-task-selection"


@dataclass(frozen=True)
class TaskSetup:
    """What scoring a task needs beyond its ground truth, computed once per (task, seed): the
    domain's rules bound to it, the state probes of its predicates and of those rules (with
    their slots), and the canonical paths left to the rules. Every rollout reuses it."""

    rules: List[BoundRule]
    probes: List[Any]
    slots: Dict[int, int]
    ignore: Sequence[str]
    checks: Sequence[Any] = ()  # the task's typed checks, compiled (SPEC §3: ``typed_checks``)


def task_seed(task: Any) -> int:
    seed = getattr(task, "seed", 0)
    return int(seed) if seed is not None else 0


def _loader_takes_seed(func: Any) -> bool:
    try:
        params = inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False
    return "seed" in params


class ShapedRewardMixin:
    """Mix in before a tau-bench ``Env`` subclass (or use ``tau_shaped.Env``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._setup_shaped()

    # -- internals -----------------------------------------------------------

    def _setup_shaped(self) -> None:
        if getattr(self, "_shaped_ready", False):
            return
        self._initial_states: Dict[int, Dict[str, Any]] = {}
        self.ground_truth_cache = GroundTruthCache()
        self._selection_rng = random.Random(SELECTION_SEED)
        self._runner: Optional[EpisodeRunner] = None
        self._probe_slots: Dict[int, int] = {}
        self._task_setups: Dict[Any, Any] = {}
        if not hasattr(self, "policy_rules"):
            self.policy_rules = None
        self.episode_seed: Optional[int] = None
        if not hasattr(self, "terminate_tools"):
            self.terminate_tools = []
        self._shaped_ready = True

    def adopt_caches(self, other: "ShapedRewardMixin") -> None:
        """Share another env's S0 and ground-truth caches (same domain and tools):
        concurrent episodes then load the database and replay each task once."""
        self._setup_shaped()
        self._initial_states = other._initial_states
        self.ground_truth_cache = other.ground_truth_cache
        self._task_setups = other._task_setups

    def initial_state(self, seed: int) -> Dict[str, Any]:
        """S0 for ``seed``: loaded once, then frozen and shared by every episode."""
        self._setup_shaped()
        state = self._initial_states.get(seed)
        if state is None:
            load = self.data_load_func
            state = load(seed=seed) if _loader_takes_seed(load) else load()
            if not isinstance(state, dict):
                raise TypeError(f"data_load_func must return a dict, got {type(state).__name__}")
            self._initial_states[seed] = state
        return state

    def ground_truth(self, task: Any = None, seed: Optional[int] = None) -> GroundTruth:
        """Sg and its hash for (task, seed), from the cache after the first call."""
        task = self.task if task is None else task
        seed = self._seed_for(task, seed)
        return self.ground_truth_cache.get(
            task, seed, self.initial_state(seed), self.tools_map, list(self.terminate_tools), call_memo_of(self)
        )

    def task_setup(self, task: Any = None, seed: Optional[int] = None) -> TaskSetup:
        """The rules, probes and ignored paths of (task, seed) (SPEC §9), cached."""
        self._setup_shaped()
        task = self.task if task is None else task
        seed = self._seed_for(task, seed)
        key = (id(task), seed)
        hit = self._task_setups.get(key)
        if hit is None or hit[0] is not task:  # the task object is kept, so its id is not reused
            rules = bind(self.policy_rules, task, self.initial_state(seed))
            overrides = task_overrides(task)
            probes, slots = compile_probes(overrides, rules=rules)
            hit = (task, TaskSetup(rules, probes, slots, ignored_paths(self.policy_rules, overrides),
                                   build_checks(overrides, rules)))
            self._task_setups[key] = hit
        return hit[1]

    @property
    def task_setups_built(self) -> int:
        """How many (task, seed) set-ups the env holds (with those sharing its caches)."""
        self._setup_shaped()
        return len(self._task_setups)

    def bound_rules(self, task: Any = None, seed: Optional[int] = None) -> List[BoundRule]:
        """The domain's policy rules bound to (task, seed) (SPEC §9)."""
        return self.task_setup(task, seed).rules

    def canonical_ignore(self, task: Any = None) -> Sequence[str]:
        """The domain's paths left to its rules for this task (SPEC §9)."""
        return self.task_setup(task).ignore

    def _seed_for(self, task: Any, seed: Optional[int]) -> int:
        if seed is not None:
            return seed
        if task is getattr(self, "task", None) and self.episode_seed is not None:
            return self.episode_seed
        return task_seed(task)

    def _pick_task(self, seed: Optional[int]) -> int:
        if not self.tasks:
            raise ValueError("this env has no tasks")
        rng = random.Random(f"{SELECTION_SEED}:{seed}") if seed is not None else self._selection_rng
        return rng.randrange(len(self.tasks))

    # -- tau-bench's API -------------------------------------------------------

    def _types(self) -> Any:
        return types_for(self)

    def _info(self, **fields: Any) -> Any:
        types = self._types()
        task = self.task
        if not isinstance(task, types.Task):
            task = types.Task(user_id=task.user_id, actions=task.actions, instruction=task.instruction, outputs=task.outputs)
        return types.EnvInfo(task=task, **fields)

    def reset(self, task_index: Optional[int] = None, seed: Optional[int] = None) -> Any:
        """Start an episode; ``seed`` (default: the task's) seeds S0 and the episode's generator."""
        self._setup_shaped()
        if task_index is None:
            task_index = self._pick_task(seed)
        if not 0 <= task_index < len(self.tasks):
            raise IndexError(f"task_index {task_index} is out of range: the env has {len(self.tasks)} tasks")
        self.task_index = task_index
        self.task = self.tasks[task_index]
        self.episode_seed = seed if seed is not None else task_seed(self.task)
        setup = self.task_setup(self.task, self.episode_seed)
        self._probe_slots = setup.slots
        self._runner = EpisodeRunner(self.initial_state(self.episode_seed), self.tools_map, self.episode_seed, setup.probes)
        self.data = self._runner.overlay.data
        self.actions: List[Action] = []
        observation = self.user.reset(instruction=self.task.instruction)
        self._runner.trajectory.first_user_message = observation
        return self._types().EnvResetResponse(observation=observation, info=self._info(source="user"))

    def step(self, action: Action) -> Any:
        if self._runner is None:
            raise RuntimeError("call reset() before step()")
        self.actions.append(action)
        info = self._info()
        done = False
        known = True
        if action.name == RESPOND_ACTION_NAME:
            content = action.kwargs.get("content")
            if not isinstance(content, str):
                raise ValueError(f"step {len(self.actions) - 1}: a respond action needs a string 'content'")
            observation = self.user.step(content)
            info.source = "user"
            done = STOP_TOKEN in observation
        else:
            observation, known = self._runner.run_tool(action, self.data)
            info.source = action.name
            done = known and action.name in self.terminate_tools
        self._runner.record(action, observation, known, self.data)
        reward = 0.0
        if done:
            reward_res = self.calculate_reward()
            reward = reward_res.reward
            info.reward_info = reward_res
            info.user_cost = self.user.get_total_cost()
        return self._types().EnvResponse(observation=observation, reward=reward, done=done, info=info)

    def note_combined_turn(self, first: int, why: str) -> None:
        """The steps from ``first`` on were one agent turn that did more than one thing (several
        tool calls, or text beside a call): recorded as a recorded ``traj`` records it, for the
        ``turn`` predicate (a live episode knows its steps, not the messages they came in)."""
        trajectory = self._trajectory()
        for step in range(first, len(trajectory.steps)):
            trajectory.combined_turns[step] = why

    def get_data_hash(self) -> str:
        runner = self._runner
        if runner is not None and self.data is runner.overlay.data:
            return overlay_hash(self.data, runner.overlay.base)
        return data_hash(self.data)

    def _changed(self, truth: GroundTruth) -> Any:
        runner = self._runner
        if runner is None or self.data is not runner.overlay.data:
            return None
        return changed_between(runner.overlay, truth.overlay)

    def calculate_reward(self) -> Any:
        """tau-bench's legacy reward, value for value (SPEC §2)."""
        truth = self.ground_truth()
        equal = states_equal(self.data, truth.data, self._changed(truth), truth.data_hash)
        messages = [t for _, t in self._trajectory().agent_messages()]
        result, _ = legacy_result(
            self.task.actions, self.task.outputs, equal, truth.data_hash, messages, self._types()
        )
        return result

    def _trajectory(self):
        if self._runner is None:
            raise RuntimeError("call reset() before computing a reward")
        return self._runner.trajectory

    def get_data_hash_canonical(self) -> str:
        """SHA-256 of canon(current state) for the current task (SPEC §4)."""
        seed = self._seed_for(self.task, None)
        return canonical.canonical_hash(self.data, self.initial_state(seed), task_overrides(self.task), self.canonical_ignore())

    def calculate_reward_shaped(self, blend: str = "shaped", lam: float = 0.3) -> ShapedRewardResult:
        """The shaped reward of the episode so far (SPEC §3, §7); never raises on a verifier fault."""
        check_blend(blend, lam)
        try:
            trajectory = self._trajectory()
            truth = self.ground_truth()
            inp = VerifyInput(
                task=self.task,
                trajectory=trajectory,
                initial=self.initial_state(truth.seed),
                final=self.data,
                expected=truth.data,
                gt_hash=truth.data_hash,
                changed=self._changed(truth),
                probe_slots=self._probe_slots,
                rules=self.bound_rules(self.task, truth.seed),
                ignore=self.canonical_ignore(self.task),
                checks=self.task_setup(self.task, truth.seed).checks,
            )
            return verify(inp, blend=blend, lam=lam)
        except Exception as exc:  # noqa: BLE001 - SPEC §8: a fault abstains, never a silent 0
            return failed_result("internal_error", f"{type(exc).__name__}: {exc}", blend, lam)


class Env(ShapedRewardMixin):
    """Constructed exactly like tau-bench's ``Env``.

    ``data_load_func`` may take a ``seed`` keyword (S0 then depends on the
    task's seed); it must be deterministic for a given seed, since its result
    is loaded once per seed and shared, frozen, by every episode.
    """

    def __init__(
        self,
        data_load_func: Callable[..., Dict[str, Any]],
        tools: Sequence[Type[Any]],
        tasks: List[Any],
        wiki: str,
        rules: List[str],
        user_strategy: Union[str, BaseUser, Any],
        user_model: Optional[str] = None,
        user_provider: Optional[str] = None,
        task_index: Optional[int] = None,
        policy_rules: Optional[Any] = None,
    ) -> None:
        self.data_load_func = data_load_func
        self.policy_rules = policy_rules  # a PolicyRuleSet (SPEC §9), or None
        self.tools_map: Dict[str, Type[Any]] = {info_name(tool): tool for tool in tools}
        self._tools = list(tools)
        self._tools_info: Optional[List[Dict[str, Any]]] = None  # made when an agent first asks
        self.terminate_tools: List[str] = []
        self.tasks = tasks
        self._setup_shaped()
        self.task_index = task_index if task_index is not None else self._pick_task(None)
        if not 0 <= self.task_index < len(tasks):
            raise IndexError(f"task_index {self.task_index} is out of range: the env has {len(tasks)} tasks")
        self.task = tasks[self.task_index]
        self.wiki = wiki
        self.rules = rules
        self.user = load_user(user_strategy, model=user_model, provider=user_provider)
        self.actions: List[Any] = []
        self._data: Optional[Dict[str, Any]] = None  # the task's S0, overlaid when first read

    @property
    def tools_info(self) -> List[Dict[str, Any]]:
        """Each tool's schema (``get_info()``), as an agent is shown them: made when first read
        (scoring never reads them)."""
        if self._tools_info is None:
            self._tools_info = [tool.get_info() for tool in self._tools]
        return self._tools_info

    @tools_info.setter
    def tools_info(self, value: List[Dict[str, Any]]) -> None:
        self._tools_info = value

    @property
    def data(self) -> Dict[str, Any]:
        """The working state: before ``reset``, an overlay of the constructing task's S0, made
        when first read (so an env that adopts another's caches right after construction, as
        ``run`` does for each episode, overlays the S0 already built instead of building it)."""
        if self._data is None:
            self._data = Overlay(self.initial_state(task_seed(self.task))).data
        return self._data

    @data.setter
    def data(self, value: Dict[str, Any]) -> None:
        self._data = value
