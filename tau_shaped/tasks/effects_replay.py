"""A domain's ground truths replayed with each tool held to what it declares it reads, writes
and records (``@effects``, tau_shaped.env.tool_effects; ``tau-shaped domain check``).

Each task's ground truth is replayed on the world of its seed as an episode runs it (the same
seeded generator, the same event log, SPEC §5), on a state whose top level notes the tables a
call reaches. A call is then compared with its tool's declaration: the tables it read, the
tables it changed and the events it recorded must be among those declared; a tool that writes
nothing (a look-up, or a read tool the domain names) must change nothing. A domain over a
foreign toolkit whose tools declare nothing (tau2's) is held to its own ``read_tools`` and
``event_types``. Which tables changed is told by pickling each table before and after a call:
done for the first ``sample`` calls of each tool, in the tasks that hold them (every other
ground truth is replayed once, by the env, for its failed steps), so the check costs a few
seconds whatever the number of tasks.

A call whose tool's code fails (a ``@tool`` function raising anything but ``ToolError``: a
``KeyError`` on a record it assumed) is a problem of the domain, named once per tool and
exception type with the task and step it was first seen at; a refusal (``ToolError``, or bad
arguments) is the ground truth's failed call, counted as before.
"""

from __future__ import annotations

import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Set

from tau_shaped.env.episode import EpisodeContext, running
from tau_shaped.env.episode_runner import code_error_text, episode_rng, invoke_tool
from tau_shaped.env.tool import ToolCodeError
from tau_shaped.env.tool_effects import ANY, ToolEffects
from tau_shaped.env.types import RESPOND_ACTION_NAME
from tau_shaped.reward.shaped_env import task_seed
from tau_shaped.tasks.ground_truth_faults import code_errors

__all__ = ["ReplayReport", "replay_tasks"]


class _NotingState(dict):
    """The state's top level: a dict (tools index, ``get``, iterate and dump it as usual) that
    notes each table a call reaches (``ANY`` when it iterates the whole state)."""

    seen: Set[str]

    def __getitem__(self, key: Any) -> Any:
        self.seen.add(key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        self.seen.add(key)
        return dict.get(self, key, default)

    def __contains__(self, key: Any) -> bool:
        self.seen.add(key)
        return dict.__contains__(self, key)

    def __iter__(self) -> Iterator[Any]:
        self.seen.add(ANY)
        return dict.__iter__(self)

    def keys(self) -> Any:
        self.seen.add(ANY)
        return dict.keys(self)

    def values(self) -> Any:
        self.seen.add(ANY)
        return dict.values(self)

    def items(self) -> Any:
        self.seen.add(ANY)
        return dict.items(self)


def _pickles(state: Dict[str, Any]) -> Dict[str, bytes]:
    return {str(k): pickle.dumps(v, pickle.HIGHEST_PROTOCOL) for k, v in dict.items(state)}


@dataclass
class ReplayReport:
    """What the replay found: one line per problem, and counts for the summary."""

    problems: List[str] = field(default_factory=list)
    tasks: int = 0
    watched: int = 0
    failed_writes: List[str] = field(default_factory=list)  # tasks whose ground truth has a failed write
    undeclared_writers: Set[str] = field(default_factory=set)  # tools that change the state declaring no writes

    def add(self, key: str, line: Optional[str] = None) -> None:
        """A problem, once per ``key`` (a tool's breach is told at its first call)."""
        if key not in self._seen:
            self._seen.add(key)
            self.problems.append(line or key)

    _seen: Set[str] = field(default_factory=set, repr=False)


def _code_error(report: ReplayReport, name: str, error: str, task: Any, step: int) -> None:
    kind = error.partition("(")[0]
    report.add(f"code error {name} {kind}", f"tool {name} raised {error} replaying task {task.id} step {step}: a fault "
                                            "in the tool's code, not a refusal (a tool refuses with raise ToolError(...))")


def _hint(tables: List[str]) -> str:
    return "[" + ", ".join(f'"{t}"' for t in tables) + "]"


def _judge(name: str, declared: Optional[ToolEffects], read_only: bool, known_events: Set[str],
           seen: Set[str], changed: Set[str], events: List[str]) -> List[str]:
    """The ways one call went beyond its declaration."""
    out = []
    if declared is not None:
        if ANY not in declared.reads and ANY not in declared.writes:
            extra = sorted(str(t) for t in seen if t == ANY or not declared.may_read(t))
            if extra:
                out.append(f"tool {name} reads {', '.join(extra)}, which it does not declare (reads: "
                           f"{', '.join(sorted(declared.reads | declared.writes)) or 'none'})")
        wrote = sorted(t for t in changed if not declared.may_write(t))
        if wrote and not declared.writes:
            out.append(f"tool {name} changes {', '.join(wrote)} but declares no writes: add writes={_hint(wrote)} to "
                       "its @effects")
        elif wrote:
            out.append(f"tool {name} changes {', '.join(wrote)}, which it does not declare (writes: "
                       f"{', '.join(sorted(declared.writes))}): add {_hint(wrote)[1:-1]} to its @effects writes")
        stray = sorted(set(events) - declared.events)
        if stray:
            out.append(f"tool {name} records event(s) {', '.join(stray)}, which it does not declare (events: "
                       f"{', '.join(sorted(declared.events)) or 'none'})")
        return out
    if read_only and changed:
        out.append(f"tool {name} is a read tool of the domain but changes {', '.join(sorted(changed))}")
    stray = sorted(set(events) - known_events) if known_events else []
    if stray:
        out.append(f"tool {name} records event(s) {', '.join(stray)}, which the domain's event_types do not list")
    return out


def replay_tasks(domain: Any, env: Any, tasks: List[Any], sample: int = 8) -> ReplayReport:
    """Replay every task's ground truth (the env's, cached): an unknown tool is a problem naming
    the task and the step, a failed write is counted (``failed_writes``: a task tasks check
    refuses). Then the tasks holding a call of a tool not yet
    watched ``sample`` times are replayed again, watched (see the module)."""
    report = ReplayReport()
    effects = domain.tool_effects
    reads = set(domain.read_tools)
    for task in tasks:
        report.tasks += 1
        try:
            truth = env.ground_truth(task)
        except Exception as exc:  # noqa: BLE001 - the domain's loader and tools are the code under check
            report.add(f"task {task.id}: the ground truth does not replay: {type(exc).__name__}: {exc}")
            continue
        faults = code_errors(truth)
        for step, name, observation in truth.failed_steps:
            declared = effects.get(name)
            if step in faults:
                _code_error(report, name, faults[step], task, step)
            elif name not in effects:
                report.add(f"task {task.id}: ground-truth step {step} calls unknown tool {name!r}")
            elif not (declared.read_only if declared is not None else name in reads):
                if str(task.id) not in report.failed_writes:
                    report.failed_writes.append(str(task.id))
    watched: Dict[str, int] = {}
    for task in tasks:
        wanted = {a.name for a in task.actions if a.name in effects and watched.get(a.name, 0) < sample}
        if wanted:
            _watch(domain, task, effects, reads, sample, watched, report)
    return report


def _fresh_world(load: Any, seed: int) -> Dict[str, Any]:
    """The world of ``seed``, loaded as the env loads it: a loader that takes no seed (tau-bench's
    ``load_data()``) is called with none."""
    try:
        takes_seed = "seed" in inspect.signature(load).parameters
    except (TypeError, ValueError):
        takes_seed = False
    return load(seed=seed) if takes_seed else load()


def _watch(domain: Any, task: Any, effects: Dict[str, Optional[ToolEffects]], reads: Set[str], sample: int,
           watched: Dict[str, int], report: ReplayReport) -> None:
    """One ground truth replayed on a fresh world (``_fresh_world``), its calls of tools watched
    fewer than ``sample`` times compared with their declarations."""
    tools = {str(t.get_info()["function"]["name"]): t for t in domain.tools}
    seed = task_seed(task)
    try:
        state = _NotingState(_fresh_world(domain.load_data, seed))
    except Exception as exc:  # noqa: BLE001 - the domain's loader is the code under check
        report.add(f"task {task.id}: the world of seed {seed} does not load: {type(exc).__name__}: {exc}")
        return
    state.seen = set()
    context = EpisodeContext(rng=episode_rng(seed))
    terminate = set(domain.terminate_tools)
    known_events = set(domain.event_types)
    faults: List[ToolCodeError] = []
    for step, action in enumerate(task.actions):
        tool = tools.get(action.name)
        if action.name == RESPOND_ACTION_NAME or action.name in terminate or tool is None:
            continue
        watch = watched.get(action.name, 0) < sample
        before = _pickles(state) if watch else {}
        state.seen = set()
        with running(context, step):
            invoke_tool(tool, state, action.kwargs, faults)
        if faults:
            _code_error(report, action.name, code_error_text(faults.pop()), task, step)
            faults.clear()
        if not watch:
            continue
        watched[action.name] = watched.get(action.name, 0) + 1
        report.watched += 1
        after = _pickles(state)
        changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
        events = [e.type for e in context.events if e.step == step]
        declared = effects.get(action.name)
        read_only = declared.read_only if declared is not None else action.name in reads
        if declared is not None and not declared.writes and changed:
            report.undeclared_writers.add(action.name)
        for line in _judge(action.name, declared, read_only, known_events, state.seen, changed, events):
            report.add(line, f"{line} (task {task.id}, step {step})")
