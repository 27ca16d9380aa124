"""Which tasks a tau2 run is scored against (``tau-shaped score`` on tau2 results).

- By default, the tasks the file embeds (a ``Results`` has its run's ``tasks``), as ``tau2
  evaluate-trajs`` does: a run of tau2-bench 1.0's fixed tasks is scored against them, whatever
  the installed package holds. A file without tasks (simulations alone) is scored against the
  domain's.
- With ``fresh`` (``--fresh-tasks``), the domain's tasks (the package's, or those of the tau2
  data folder, :mod:`.data_dir`); a simulation whose embedded task differs from the domain's of
  that id is not scored against the other one: it is reported as not scoreable, naming the field.

Each task is tau2's (for tau2's reward) and tau-shaped's conversion of it (:mod:`.tasks`, for the
shaped result). A task the file embeds that equals the domain's reuses the domain's conversion.
A simulation whose task id is in neither is not scoreable; so is one whose task could not be
converted. A task in the file that does not validate is the file's error (refused whole).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from tau_shaped.integrations.tau2.data_dir import dumps

_COMPARED = (("evaluation_criteria", "actions"), ("evaluation_criteria", "communicate_info"),
             ("evaluation_criteria", "nl_assertions"), ("evaluation_criteria", "env_assertions"),
             ("evaluation_criteria", "reward_basis"), ("user_scenario",), ("initial_state",))


@dataclass
class TaskSet:
    """The tasks to score against: tau2's and the shaped conversion, by task id."""

    origin: str  # "file" (the tasks the file embeds) or "domain"
    tau2: Dict[str, Any] = field(default_factory=dict)
    shaped: List[Any] = field(default_factory=list)
    index: Dict[str, int] = field(default_factory=dict)  # task id -> position in ``shaped``
    unscoreable: Dict[str, str] = field(default_factory=dict)  # task id -> why not

    def add(self, tau2_task: Any, shaped_task: Any) -> None:
        self.tau2[tau2_task.id] = tau2_task
        self.index[tau2_task.id] = len(self.shaped)
        self.shaped.append(shaped_task)

    def why_not(self, task_id: str, domain: str) -> Optional[str]:
        """Why a simulation of ``task_id`` cannot be scored, or None."""
        if task_id in self.unscoreable:
            return self.unscoreable[task_id]
        if task_id in self.index:
            return None
        if self.origin == "file":
            return f"task_id {task_id!r} is not among the file's {len(self.index)} tasks"
        return f"task_id {task_id!r} is not a task of {domain} ({len(self.index)} tasks, every split)"


def _part(task: Any, path: Tuple[str, ...]) -> Any:
    value = task
    for name in path:
        value = getattr(value, name, None) if value is not None else None
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else (
        [v.model_dump(mode="json") if hasattr(v, "model_dump") else getattr(v, "value", v) for v in value]
        if isinstance(value, list) else value)


def differing_field(theirs: Any, ours: Any) -> Optional[str]:
    """The first field (``evaluation_criteria.actions``, ``user_scenario``, ...) in which two tau2
    tasks of one id differ, or None when they are the same task."""
    for path in _COMPARED:
        if dumps(_part(theirs, path)) != dumps(_part(ours, path)):
            return ".".join(path)
    return None


def build_task_set(
    file_tasks: List[Tuple[str, Any, Dict[str, Any]]],
    domain_name: str,
    domain_tau2: List[Any],
    domain_shaped: List[Any],
    fresh: bool,
    convert: Callable[[Dict[str, Any]], Any],
) -> TaskSet:
    """``file_tasks``: the file's tasks as (where, tau2 task, raw JSON); ``domain_tau2`` and
    ``domain_shaped``: the domain's tasks, tau2's and converted (same ids); ``convert``: a raw
    tau2 task to a shaped one (may raise ValueError, naming what it lacks)."""
    shaped_by_id = {task.id: task for task in domain_shaped}
    ours = {task.id: task for task in domain_tau2 if task.id in shaped_by_id}
    if fresh or not file_tasks:
        out = TaskSet(origin="domain")
        for task in ours.values():
            out.add(task, shaped_by_id[task.id])
        if fresh:
            for where, theirs, _ in file_tasks:
                if theirs.id in ours:
                    differs = differing_field(theirs, ours[theirs.id])
                    if differs:
                        out.unscoreable[theirs.id] = (f"--fresh-tasks: {where}.{differs} differs from {domain_name}'s "
                                                      f"task {theirs.id!r} (the run was of another version of it)")
        return out
    out = TaskSet(origin="file")
    for where, theirs, raw in file_tasks:
        same = theirs.id in ours and differing_field(theirs, ours[theirs.id]) is None
        if same:
            out.add(theirs, shaped_by_id[theirs.id])
            continue
        try:
            out.add(theirs, convert(raw))
        except (ValueError, KeyError, TypeError) as exc:  # a ground truth naming what the database lacks
            out.unscoreable[theirs.id] = f"{where}: cannot be converted for {domain_name}: {exc}"
    return out
