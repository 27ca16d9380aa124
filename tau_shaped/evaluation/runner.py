"""``tau-shaped run``: tau-bench's eval loop with the shaped reward beside the legacy one.

Each finished episode is appended to the results file at once; ``--resume``
skips (task, trial) pairs already done; an episode that hits ``max_steps`` is
still scored and marked truncated. The shaped result goes under ``info``.
"""

from __future__ import annotations

import random
import threading
import traceback
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import math

from pydantic import BaseModel, ValidationError, field_validator

from tau_shaped.evaluation.agents.base import play_episode
from tau_shaped.evaluation.agents.replay import ReplayAgent, ground_truth_recordings, load_recordings
from tau_shaped.evaluation.agents.tool_calling import ToolCallingAgent
from tau_shaped.tasks.domains import Domain, load_domain
from tau_shaped.evaluation.metrics import legacy_success, pass_hat_k_range, shaped_verdict
from tau_shaped.evaluation.run_names import name_part, results_name  # noqa: F401 - name_part: runner's public name
from tau_shaped.evaluation.output_path import OutputPathError, check_output, check_output_folder
from tau_shaped.evaluation.run_models import call_limits, endpoint, model_problem, user_api_base, uses_agent_model, uses_user_model
from tau_shaped.evaluation.run_stats import RunStats
from tau_shaped.reward.result import check_blend
from tau_shaped.evaluation.error_text import error_text
from tau_shaped.evaluation.results_file import ResultsWriter, done_pairs, read_results
from tau_shaped.env.types import EnvRunResult
from tau_shaped.env.users import ScriptedUser
from tau_shaped.tasks.persona_user import PersonaUser

AGENT_STRATEGIES = ("tool-calling", "replay", "ground-truth")
# persona: each task's persona customer (tau_shaped.tasks.persona_user), seeded by --seed + trial
USER_STRATEGIES = ("llm", "scripted", "persona")


class RunConfig(BaseModel):
    env: str = "food_delivery"
    model: Optional[str] = None
    model_provider: Optional[str] = None
    user_model: str = "gpt-4o"
    user_model_provider: Optional[str] = None
    user_strategy: str = "llm"
    agent_strategy: str = "tool-calling"
    temperature: float = 0.0
    task_split: str = "test"
    start_index: int = 0
    end_index: int = -1
    task_ids: Optional[List[str]] = None
    num_trials: int = 1
    max_concurrency: int = 1
    seed: int = 10
    shuffle: int = 0
    log_dir: str = "results"
    blend: str = "shaped"
    lam: float = 0.3
    max_steps: int = 30
    resume: Optional[str] = None
    recordings: Optional[str] = None
    # an OpenAI-compatible server (vLLM, SGLang, llama.cpp, Ollama, ...): where the agent's and the
    # customer's model calls go; not a run setting (a server moved to another port is the same run)
    api_base: Optional[str] = None
    user_api_base: Optional[str] = None
    # every model call's limits (None: TAU_SHAPED_LLM_TIMEOUT / _RETRIES, else 120 s and 2 retries)
    llm_timeout: Optional[float] = None
    llm_retries: Optional[int] = None

    @field_validator("llm_timeout")
    @classmethod
    def _positive_seconds(cls, value: Optional[float]) -> Optional[float]:
        if value is not None and not 0 < value < math.inf:
            raise ValueError(f"must be a positive number of seconds, got {value}")
        return value

    @field_validator("llm_retries")
    @classmethod
    def _few_retries(cls, value: Optional[int]) -> Optional[int]:
        if value is not None and not 0 <= value <= 10:
            raise ValueError(f"must be from 0 to 10, got {value}")
        return value

    @field_validator("num_trials", "max_concurrency", "max_steps")
    @classmethod
    def _at_least_one(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"must be at least 1, got {value}")
        return value

    @field_validator("lam", "temperature")
    @classmethod
    def _finite_non_negative(cls, value: float) -> float:
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"must be a finite number of at least 0, got {value}")
        return value


# What a results file records of its run (``info.run``): every setting that changes an episode
# or its score. --resume refuses a file whose run differs in any (the number of trials and the
# task selection may grow: they choose which episodes run, not what one is).
RUN_SETTINGS = ("env", "task_split", "agent_strategy", "model", "model_provider", "temperature", "seed",
                "user_strategy", "user_model", "user_model_provider", "recordings", "blend", "lam", "max_steps")
OPTION = {"task_split": "--split", "lam": "--lambda"}  # the rest: --name-with-dashes


def option_name(setting: str) -> str:
    """The command-line option of a RunConfig field."""
    return OPTION.get(setting, "--" + setting.replace("_", "-"))


def make_config(**fields: Any) -> "RunConfig":
    """A RunConfig, or a one-line RunError naming the option that is out of range."""
    try:
        return RunConfig(**fields)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        name = str(err["loc"][0]) if err["loc"] else "config"
        raise RunError(f"{option_name(name)}: {err['msg'].removeprefix('Value error, ')}") from None


def run_settings(config: "RunConfig") -> Dict[str, Any]:
    return {name: getattr(config, name) for name in RUN_SETTINGS}


def check_resume(config: "RunConfig", previous: List[Dict[str, Any]], path: Path) -> None:
    """--resume continues the same run: the file's recorded settings must be this run's; the
    first that differs is refused in one line naming its option. (A file written before a
    setting was recorded is held to the settings it does record.)"""
    mine = run_settings(config)
    for n, record in enumerate(previous):
        theirs = (record.get("info") or {}).get("run")
        if not isinstance(theirs, dict):
            continue
        for name in RUN_SETTINGS:
            if name in theirs and not _same_setting(theirs[name], mine[name]):
                raise RunError(f"--resume {path}: the file's run has {option_name(name)} {theirs[name]!r}, this run "
                               f"{mine[name]!r} (record {n}); resume with the same settings or start a new file")


def _same_setting(recorded: Any, current: Any) -> bool:
    """Equal as JSON holds them: a number is its value (0 and 0.0 are one temperature), and a
    number is never equal to a flag or a string."""
    numbers = (int, float)
    if isinstance(recorded, bool) or isinstance(current, bool):
        return recorded is current
    if isinstance(recorded, numbers) and isinstance(current, numbers):
        return float(recorded) == float(current)
    return bool(recorded == current) and type(recorded) is type(current)


def recorded_env(path: Path) -> Optional[str]:
    """The domain a results file's first record says its run was on (``info.run.env``), when
    that is a registered domain's name; None otherwise (no such file, no record, a file of
    another tool, a name that is not registered: data never names a module to import)."""
    from tau_shaped.evaluation.results_file import ResultsFileError
    from tau_shaped.evaluation.results_stream import iter_results
    from tau_shaped.tasks.domains import available_domains

    records = None
    try:
        records = iter_results(path)
        first = next(iter(records), None)
    except (ResultsFileError, OSError, ValueError):
        return None
    finally:
        getattr(records, "close", lambda: None)()  # the file, not read further
    run = ((first or {}).get("info") or {}).get("run") if isinstance(first, dict) else None
    env = run.get("env") if isinstance(run, dict) else None
    return env if isinstance(env, str) and env in available_domains() else None


class RunError(ValueError):
    """A run that cannot start (unknown env, task ids, agent, ...): one line."""


@dataclass
class RunSummary:
    path: Path
    records: List[Dict[str, Any]]
    skipped: int = 0
    interrupted: bool = False
    notes: List[str] = field(default_factory=list)  # what opening the file repaired
    errors: int = 0  # episodes of this run that errored (infrastructure faults)
    finished: int = 0
    legacy_pass_k: Dict[int, float] = field(default_factory=dict)
    shaped_pass_k: Dict[int, float] = field(default_factory=dict)  # a trial with no shaped verdict counted failed
    shaped_pass_k_high: Dict[int, float] = field(default_factory=dict)  # ... and as passed (SPEC §8: none is dropped)


def select_tasks(config: RunConfig, tasks: List[Any]) -> List[int]:
    if config.task_ids:
        by_id = {str(getattr(t, "id", i)): i for i, t in enumerate(tasks)}
        out = []
        # a value may hold several ids: "1,2", or "1 2" (tau-bench's --task-ids 1 2, quoted)
        parts = [p.strip() for raw in config.task_ids for p in str(raw).split(",") if p.strip()]
        keys = [k for p in parts for k in ([p] if p in by_id else p.split())]
        for key in keys:
            if key in by_id:
                out.append(by_id[key])
            elif key.isdigit() and int(key) < len(tasks):
                out.append(int(key))
            else:
                raise RunError(f"unknown task id {key!r} in {config.env}/{config.task_split} ({len(tasks)} tasks)")
        return list(dict.fromkeys(out))  # a task named twice (by id and by index) runs once a trial
    count = len(tasks)
    where = f"{config.env}/{config.task_split} has {count} task{'s' if count != 1 else ''}"
    if not count:
        raise RunError(f"no task to run: {where}")
    if not 0 <= config.start_index < count:
        raise RunError(f"--start-index {config.start_index} is outside 0..{count - 1} ({where})")
    end = count if config.end_index == -1 else min(config.end_index, count)
    if end <= config.start_index:
        raise RunError(f"--end-index {config.end_index} selects no task from --start-index {config.start_index} "
                       f"(-1: to the last; {where})")
    return list(range(config.start_index, end))


def _validate(config: RunConfig) -> None:
    check_blend(config.blend)
    if config.agent_strategy not in AGENT_STRATEGIES:
        raise RunError(f"unknown agent strategy {config.agent_strategy!r}: use one of {', '.join(AGENT_STRATEGIES)}")
    if config.agent_strategy == "tool-calling" and not config.model:
        raise RunError("--model is required for the tool-calling agent")
    if config.agent_strategy == "replay" and not config.recordings:
        raise RunError("--recordings is required for the replay agent")
    if config.user_strategy not in USER_STRATEGIES:
        raise RunError(f"unknown user strategy {config.user_strategy!r}: use {', '.join(USER_STRATEGIES)}")
    try:  # a results file is a regular file in a folder: a FIFO, device, link or file in the way is refused now
        check_output(config.resume, "--resume") if config.resume else check_output_folder(config.log_dir, "--log-dir")
    except OutputPathError as exc:
        raise RunError(str(exc)) from None


def _check_models(config: RunConfig) -> None:
    """Fail before any episode: a model no call can reach (unknown provider, missing key)."""
    problem = model_problem(config)
    if problem:
        raise RunError(problem)


def default_path(config: RunConfig) -> Path:
    """The results file in ``--log-dir``, named by what the run is (``run_names``)."""
    name = results_name(config, datetime.now().strftime("%m%d%H%M%S"))
    path = Path(config.log_dir) / name
    n = 1
    while path.exists() or path.with_name(path.name + ".lock").exists():  # another run started this second
        n += 1
        path = Path(config.log_dir) / name.replace(".jsonl", f"-{n}.jsonl")
    return path


class TrialPlayer:
    """Plays and scores one (task, trial); never raises for an episode's failure."""

    def __init__(self, config: RunConfig, domain: Domain, tasks: List[Any]) -> None:
        self.config = config
        self.domain = domain
        self.tasks = tasks
        self.recordings = (load_recordings(config.recordings) if config.agent_strategy == "replay"
                           else ground_truth_recordings(tasks) if config.agent_strategy == "ground-truth" else {})
        self.prototype = domain.make_env(user_strategy="scripted", tasks=tasks, task_index=0)
        self._lock = threading.Lock()

    def _agent_and_user(self, env: Any, index: int, trial: int) -> Tuple[Any, Any]:
        c = self.config
        persona = PersonaUser.for_task(self.tasks[index], seed=c.seed + trial, env=env) if c.user_strategy == "persona" else None
        if c.agent_strategy in ("replay", "ground-truth"):
            agent = ReplayAgent(self.recordings, trial)
            rec = agent.recording_for(self.tasks[index], index)
            user = ScriptedUser(rec.user_replies if rec else []) if c.user_strategy == "scripted" else persona
        else:
            agent = ToolCallingAgent(env.tools_info, model=c.model, provider=c.model_provider, temperature=c.temperature,
                                     seed=c.seed, **endpoint(c.api_base), **call_limits(c))
            user = ScriptedUser() if c.user_strategy == "scripted" else persona
        return agent, user

    def __call__(self, index: int, trial: int) -> Dict[str, Any]:
        c = self.config
        task = self.tasks[index]
        key = str(getattr(task, "id", index))
        info: Dict[str, Any] = {"task_key": key, "run": run_settings(c)}
        try:
            env = self.domain.make_env(
                user_strategy="llm" if c.user_strategy == "llm" else "scripted",
                user_model=c.user_model,
                user_provider=c.user_model_provider,
                tasks=self.tasks,
                task_index=index,
            )
            env.adopt_caches(self.prototype)
            agent, user = self._agent_and_user(env, index, trial)
            if user is not None:
                env.user = user
            elif c.user_strategy == "llm" and hasattr(env.user, "seed"):
                env.user.seed = c.seed  # the customer's model is seeded like the agent's
                if hasattr(env.user, "completion_kwargs"):
                    env.user.completion_kwargs = {**endpoint(user_api_base(c)), **call_limits(c)}
            outcome = play_episode(agent, env, index, max_steps=c.max_steps)
            legacy = env.calculate_reward()
            shaped = env.calculate_reward_shaped(blend=c.blend, lam=c.lam)
            info.update(
                task=task.model_dump(mode="json"),
                reward_info=legacy.model_dump(mode="json"),
                shaped=shaped.to_dict(),
                truncated=outcome.truncated,
                steps=outcome.steps,
                agent_cost=outcome.cost,
                user_cost=env.user.get_total_cost(),
            )
            result = EnvRunResult(task_id=index, reward=legacy.reward, info=info, traj=outcome.messages, trial=trial)
        except Exception as exc:  # noqa: BLE001 - recorded; resume retries it
            info.update(error=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc(limit=5))
            result = EnvRunResult(task_id=index, reward=0.0, info=info, traj=[], trial=trial)
        return result.model_dump(mode="json")


def run(config: RunConfig, on_record: Optional[Callable[[Dict[str, Any], "RunStats"], None]] = None,
        on_start: Optional[Callable[[int, Path], None]] = None) -> RunSummary:
    """Run every selected (task, trial); appends each record as it finishes. ``on_start`` is
    told the number of episodes to play and the results file before the first is played."""
    _validate(config)
    _check_models(config)  # before loading anything: a missing key is said at once
    if uses_agent_model(config) or uses_user_model(config):
        from tau_shaped.env.llm import import_in_background

        import_in_background()  # litellm's import (seconds) overlaps loading the domain and its tasks
    try:
        domain = load_domain(config.env)
        tasks = domain.tasks(config.task_split)
    except (LookupError, KeyError) as exc:
        raise RunError(error_text(exc)) from None
    indices = select_tasks(config, tasks)
    lacking = [str(getattr(tasks[i], "id", i)) for i in indices if getattr(tasks[i], "persona", None) is None]
    if config.user_strategy == "persona" and lacking:
        raise RunError(f"--user-strategy persona: task {lacking[0]} of {config.env}/{config.task_split} has no persona")
    episode = TrialPlayer(config, domain, tasks)
    path = Path(config.resume) if config.resume else default_path(config)
    writer = ResultsWriter(path).open(command=f"tau-shaped run --env {config.env}")
    try:
        previous = read_results(path) if config.resume and path.exists() else []
        check_resume(config, previous, path)
    except BaseException:
        writer.close()
        raise
    done = done_pairs(previous)
    rng = random.Random(config.seed)
    work: List[Tuple[int, int]] = []
    for trial in range(config.num_trials):
        order = list(indices)
        if config.shuffle:
            rng.shuffle(order)
        work.extend((i, trial) for i in order if (str(getattr(tasks[i], "id", i)), trial) not in done)
    stats = RunStats(total=len(work))
    if on_start:
        on_start(len(work), path)
    records: List[Dict[str, Any]] = [r for r in previous if not (r.get("info") or {}).get("error")]
    summary = RunSummary(path=path, records=records, skipped=len(indices) * config.num_trials - len(work), notes=list(writer.notes))
    executor = ThreadPoolExecutor(max_workers=max(1, config.max_concurrency))
    pending = {}
    queue = list(work)
    try:
        while queue or pending:
            while queue and len(pending) < max(1, config.max_concurrency):
                index, trial = queue.pop(0)
                pending[executor.submit(episode, index, trial)] = (index, trial)
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for future in finished:
                pending.pop(future)
                record = future.result()
                writer.append(record)
                if not record["info"].get("error"):
                    records.append(record)
                stats.add(record)
                if on_record:
                    on_record(record, stats)
    except KeyboardInterrupt:
        summary.interrupted = True
        for future in pending:
            future.cancel()
    finally:
        executor.shutdown(wait=not summary.interrupted, cancel_futures=True)
        writer.close()
    summary.errors = stats.errors
    summary.finished = stats.finished
    summary.legacy_pass_k = pass_hat_k_range(records, legacy_success).low  # both over the same trials (issue 42)
    shaped = pass_hat_k_range(records, shaped_verdict)
    summary.shaped_pass_k, summary.shaped_pass_k_high = shaped.low, shaped.high
    return summary
