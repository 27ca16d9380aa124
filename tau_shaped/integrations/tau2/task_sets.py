"""Which tasks a tau2 run is scored against (``tau-shaped score`` on tau2 results).

- By default, the tasks the file embeds (a ``Results`` has its run's ``tasks``), as ``tau2
  evaluate-trajs`` does: a run of tau2-bench 1.0's fixed tasks is scored against them, whatever
  the installed package holds. A file without tasks (simulations alone) is scored against the
  domain's.
- With ``fresh`` (``--fresh-tasks``), the domain's tasks (the package's, or those of the tau2
  data folder, :mod:`.data_dir`: ``--tau2-data`` with a tau2-bench 1.0.1 checkout scores a 1.0.1
  run against 1.0.1's tasks); a simulation whose embedded task is not the same task as the
  domain's of that id is not scored against the other one: it is reported as not scoreable,
  naming the field.

**The same task.** Two tasks of one id are the same task when what the run was asked to do and
what it is judged on are equal: the user scenario, the initial state and the evaluation
criteria (actions, ``communicate_info``, NL assertions, env assertions, ``reward_basis``),
compared after these differences of representation, which change neither:

- a field one version has and the other lacks, or holds at its default (tau2-bench 1.0's
  ``issues``, ``ticket``, ``required_documents``, ``user_tools``, ``annotations``; an action's
  ``requestor: "assistant"``; a ``reward_basis`` left out, ``[DB, COMMUNICATE]``,
  :mod:`.task_json`); ``null`` and absent; key order;
- ``null`` and ``[]`` for a list of criteria (nothing to check either way);
- the order of ``reward_basis``, ``communicate_info``, ``nl_assertions`` and ``env_assertions``
  (each is checked whole, as a set), and repeats in them;
- an action's ``action_id`` and ``info`` (labels, not judged), and the order of its
  ``compare_args`` (``null``, every argument the call makes, stays apart from any list);
- in the user scenario and NL assertions (text read by a model), whitespace: line ends,
  runs of spaces, leading and trailing blanks;
- a message of the initial state's history: only its role, text and tool calls count (not
  its timestamp, turn index, cost or usage);
- the task's ``description`` (documentation for people).

Anything else is a real change and is refused: another action, argument or order of actions
(the database the run is judged against changes; an argument's value exactly, ``2`` and ``2.0``
apart, as tau2's database check tells them apart), another fact to communicate (matched as a
substring: its text exactly), another assertion, another reward basis, another scenario text.

Each task is tau2's (for tau2's reward) and tau-shaped's conversion of it (:mod:`.tasks`, for the
shaped result). A task the file embeds that is the same as the domain's reuses the domain's
conversion. A simulation whose task id is in neither is not scoreable; so is one whose task
could not be converted (a domain's task that calls a tool the installed tau2 lacks, named by
``unconvertible``). A task in the file that does not validate is the file's error (refused
whole).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from tau_shaped.integrations.tau2.data_dir import dumps

_CRITERIA = ("actions", "communicate_info", "nl_assertions", "env_assertions", "reward_basis")
_COMPARED = tuple(("evaluation_criteria", name) for name in _CRITERIA) + (("user_scenario",), ("initial_state",))
_MESSAGE_KEYS = ("role", "content", "tool_calls")  # what counts of a message of the initial state


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


def _json(value: Any) -> Any:
    """A tau2 model (or list of them, or an enum) as plain JSON."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, list):
        return [_json(v) for v in value]
    return getattr(value, "value", value)


def _plain(value: Any) -> Any:
    """``null`` and absent alike (keys holding null dropped), recursively."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _words(value: Any) -> Any:
    """Text read by a model: whitespace differences dropped, recursively."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, dict):
        return {k: _words(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_words(v) for v in value]
    return value


def _as_set(items: Any) -> List[str]:
    """A list checked whole: its members, once each, in a fixed order (``null`` is ``[]``)."""
    return sorted({dumps(item) for item in (items or [])})


def _action(action: Dict[str, Any]) -> Dict[str, Any]:
    compare = action.get("compare_args")
    return {"requestor": action.get("requestor") or "assistant", "name": action.get("name"),
            "arguments": action.get("arguments") or {},
            "compare_args": sorted(set(compare)) if isinstance(compare, list) else compare}


def _message(message: Any) -> Dict[str, Any]:
    if not isinstance(message, dict):
        return message
    kept = {k: message.get(k) for k in _MESSAGE_KEYS}
    kept["tool_calls"] = [{"name": c.get("name"), "arguments": c.get("arguments") or {},
                           "requestor": c.get("requestor") or "assistant"} if isinstance(c, dict) else c
                          for c in kept["tool_calls"] or []]
    return _plain(kept)


def _initial_state(state: Any) -> Any:
    state = dict(state or {})
    state["message_history"] = [_message(m) for m in state.get("message_history") or []]
    state["initialization_actions"] = state.get("initialization_actions") or []
    return _plain(state)


def same_task_form(task: Any, path: Tuple[str, ...]) -> Any:
    """The part ``path`` of tau2 task ``task`` in the form in which two tasks are compared
    (the module's "same task")."""
    value = task
    for name in path:
        value = getattr(value, name, None) if value is not None else None
    value = _json(value)
    if path == ("user_scenario",):
        return _words(_plain(value))
    if path == ("initial_state",):
        return _initial_state(value)
    name = path[-1]
    if name == "actions":
        return [_action(a) for a in value or []]
    if name == "nl_assertions":
        return _as_set(_words(value))
    if name == "env_assertions":
        return _as_set(_plain(value))
    return _as_set(value)  # communicate_info (its text exactly), reward_basis


def differing_field(theirs: Any, ours: Any) -> Optional[str]:
    """The first field (``evaluation_criteria.actions``, ``user_scenario``, ...) in which two tau2
    tasks of one id differ, or None when they are the same task (the module's "same task")."""
    for path in _COMPARED:
        if dumps(same_task_form(theirs, path)) != dumps(same_task_form(ours, path)):
            return ".".join(path)
    return None


def build_task_set(
    file_tasks: List[Tuple[str, Any, Dict[str, Any]]],
    domain_name: str,
    domain_tau2: List[Any],
    domain_shaped: List[Any],
    fresh: bool,
    convert: Callable[[Dict[str, Any]], Any],
    unconvertible: Optional[Dict[str, str]] = None,
) -> TaskSet:
    """``file_tasks``: the file's tasks as (where, tau2 task, raw JSON); ``domain_tau2`` and
    ``domain_shaped``: the domain's tasks, tau2's and converted (same ids); ``convert``: a raw
    tau2 task to a shaped one (may raise ValueError, naming what it lacks); ``unconvertible``:
    the domain's tasks left out of it, by id, and why."""
    shaped_by_id = {task.id: task for task in domain_shaped}
    ours = {task.id: task for task in domain_tau2 if task.id in shaped_by_id}
    if fresh or not file_tasks:
        out = TaskSet(origin="domain")
        for task in ours.values():
            out.add(task, shaped_by_id[task.id])
        for task_id, why in (unconvertible or {}).items():
            out.unscoreable.setdefault(task_id, f"{domain_name}'s task {task_id!r} is left out of the domain: {why}")
        if fresh:
            for where, theirs, _ in file_tasks:
                if theirs.id in ours:
                    differs = differing_field(theirs, ours[theirs.id])
                    if differs:
                        out.unscoreable[theirs.id] = (f"--fresh-tasks: {where}.{differs} differs from {domain_name}'s "
                                                      f"task {theirs.id!r} (the run was of another version of it: "
                                                      "without --fresh-tasks it is scored against the file's own, or "
                                                      "--tau2-data names that version's checkout)")
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
