"""``tau-shaped domain check NAME``: a domain proves its contract, as Gymnasium's ``check_env``
proves an environment's.

What is checked, one line per problem (``check_domain``):

- **tools**: each has a schema (``get_info``) with a unique name, a description, and a type
  and a description for every parameter (the agent reads them; the customer's own tools,
  ``user:<tool>`` in a dual-control domain, need a type only); each declares its effects
  (``@effects``), or the domain names its read tools (a foreign toolkit's);
- **declarations hold on a replay**: every ground truth replays (its world loads, it calls
  only the domain's tools, no tool's code fails: a ``@tool`` function raising anything but
  ``ToolError`` is named with the exception, task and step), each call reading, changing and
  recording only what its tool declares, a write tool declaring no ``writes`` told what to add
  (``tau_shaped.tasks.effects_replay``);
- **tasks**: every split loads and holds tasks, each with an id and a ground truth of tool
  calls (the domain's ``check_tasks(split)``: tau-bench's own tasks, known by their index, in
  the check form ``tasks check`` plays); a task id that repeats across splits (tau-bench's
  indices) is told as ``split/id``;
- **policy rules** (SPEC §9): they load (a file that does not is one line, and the tools and
  tasks are still checked without it), bind on every task (one line per distinct reason, with
  the tasks it holds for; a rule asking a yes before the tools that declare ``confirm`` when no
  tool does, one line), and name only the domain's tools
  and event types; the tools whose calls a rule asks to be confirmed are the tools that
  declare ``confirm`` (the write tools, by default);
- **personas**: every task's persona customer plays its ground truth to the end (it answers
  every message, ends the conversation no earlier) and the conversation is scored (not for a
  task the rules do not bind on: its line says why);
- **grader corpus**, when the domain ships one: it loads, and each entry names a task of the
  domain.

It does not judge each task's quality: a ground truth with a failed write, or one that
scores below 1.0 played against its persona, is a task ``tau-shaped tasks check`` refuses
(SPEC §6.2). Such tasks are counted in notes (a foreign task set, tau2's, ships some), not
problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Dict, List, Optional, Set, Tuple

from tau_shaped.env.json_input import one_line
from tau_shaped.reward.predicate_schema import UnconfirmedPredicate, walk
from tau_shaped.tasks.check import _event_types, unknown_tools
from tau_shaped.tasks.domain_loading import where_raised
from tau_shaped.tasks.domains import Domain
from tau_shaped.tasks.files import TaskFileError
from tau_shaped.tasks.effects_replay import replay_tasks
from tau_shaped.tasks.grader_suite import default_corpus, load_corpus
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.persona_check import USER_SIDE, play_against
from tau_shaped.tasks.persona_user import PersonaUser

__all__ = ["DomainReport", "check_domain"]


@dataclass
class DomainReport:
    """The problems found (one line each) and what was looked at."""

    name: str
    problems: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    tools: int = 0
    tasks: Dict[str, int] = field(default_factory=dict)
    rules: int = 0
    personas: int = 0
    watched_calls: int = 0
    corpus: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        splits = ", ".join(f"{split} {n}" for split, n in self.tasks.items()) or "none"
        corpus = f", grader corpus {self.corpus} entries" if self.corpus else ""
        return (f"domain {self.name}: {self.tools} tools, tasks ({splits}), {self.rules} policy rules, "
                f"{self.personas} personas played, {self.watched_calls} calls watched{corpus}")


def _check_schema(tool: Any, report: DomainReport, names: Set[str]) -> Optional[str]:
    """The tool's name when its schema is well formed; its problems added."""
    try:
        info = tool.get_info()
        function = info["function"]
        name = function["name"]
    except Exception as exc:  # noqa: BLE001 - the domain's tool is the code under check
        report.problems.append(f"tool {getattr(tool, '__name__', tool)!r}: get_info() gives no function name: {exc}")
        return None
    if not isinstance(name, str) or not name:
        report.problems.append(f"tool {getattr(tool, '__name__', tool)!r}: its name is not a non-empty string")
        return None
    if name in names:
        report.problems.append(f"tool {name}: two tools have this name")
    names.add(name)
    customer_side = name.startswith(USER_SIDE)
    if not customer_side and not str(function.get("description") or "").strip():
        report.problems.append(f"tool {name}: no description (the agent reads it to choose the tool)")
    parameters = function.get("parameters")
    if not isinstance(parameters, dict) or parameters.get("type") != "object":
        report.problems.append(f"tool {name}: its parameters are not a JSON schema object")
        return name
    properties = parameters.get("properties") or {}
    for arg, schema in properties.items():
        if not isinstance(schema, dict) or not any(k in schema for k in ("type", "anyOf", "oneOf", "allOf", "enum", "$ref", "const")):
            report.problems.append(f"tool {name}: parameter {arg!r} has no type")
        elif not customer_side and not str(schema.get("description") or "").strip():
            report.problems.append(f"tool {name}: parameter {arg!r} has no description")
    for arg in parameters.get("required") or []:
        if arg not in properties:
            report.problems.append(f"tool {name}: required parameter {arg!r} is not among its properties")
    return name


def _check_tools(domain: Domain, report: DomainReport) -> None:
    names: Set[str] = set()
    for tool in domain.tools:
        _check_schema(tool, report, names)
    report.tools = len(names)
    effects = domain.tool_effects
    undeclared = sorted(n for n, e in effects.items() if e is None)
    if undeclared and len(undeclared) < len(effects):
        report.problems.append(f"tools {', '.join(undeclared)}: declare no effects (@effects) where the others do")
    elif undeclared and not domain.read_tools:
        report.problems.append("the tools declare no effects (@effects) and the domain names no read_tools")
    for name in domain.terminate_tools:
        if name not in effects:
            report.problems.append(f"terminate tool {name!r} is not one of the domain's tools")


def _asks_declared_confirm(when: Any) -> bool:
    """``when`` (a rule's raw predicate) holds an ``unconfirmed`` that names no tools: it asks a
    yes before the tools that declare ``confirm``, which the domain gives when it loads it."""
    pending = [when]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            confirmation = node.get("unconfirmed")
            if isinstance(confirmation, dict) and confirmation.get("tools") is None:
                return True
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return False


def _load_rules(domain: Domain, report: DomainReport) -> bool:
    """Whether the domain's rule file loads (its error one line naming the file, else)."""
    try:
        domain.policy_rules
    except Exception as exc:  # noqa: BLE001 - the rule file is the input under check
        text = one_line(str(exc))[:1000]
        where = str(domain.policy_rules_file)
        report.problems.append(f"policy rules: {text}" if text.startswith(where) else f"policy rules {where}: {text}")
        return False
    return True


def _check_rules(domain: Domain, env: Any, tasks: List[Any], report: DomainReport,
                 undeclared_writers: Set[str] = frozenset()) -> Set[str]:
    """The rules checked on every task; returns the ids of the tasks they do not bind on (their
    personas are not played: the cause is told once here). ``undeclared_writers``: the tools the
    replay saw change the state declaring no writes (their lines say what to add; a rule asking
    a yes before the tools that declare confirm waits for them)."""
    rule_set = domain.policy_rules
    if rule_set is None:
        return set()
    report.rules = len(rule_set.rules)
    if not domain.confirmation_targets:
        asking = [r.id for r in rule_set.rules if _asks_declared_confirm(r.when)]
        if asking and undeclared_writers:
            return {str(t.id) for t in tasks}
        if asking:
            report.problems.append(
                f"policy rule(s) {', '.join(asking)}: ask a yes before each tool that declares confirm, and no tool "
                "of the domain does: give each tool that changes the state writes=[...] in its @effects (confirm "
                "follows writes), or name the tools in the rule's unconfirmed")
            return {str(t.id) for t in tasks}
    tools, events = set(domain.tool_effects), set(domain.event_types)
    confirmed: Dict[str, List[str]] = {}
    unbound: Dict[str, List[str]] = {}  # why the rules do not bind -> the tasks
    for task in tasks:
        try:
            bound = env.bound_rules(task)
        except Exception as exc:  # noqa: BLE001 - binding reads the task and S0: inputs under check
            unbound.setdefault(one_line(str(exc))[:300], []).append(str(task.id))
            continue
        for rule in bound:
            for name in unknown_tools(rule.when, tools, borrowed=domain.rules_borrowed):
                _once(report, f"policy rule {rule.id}: unknown tool {name!r}")
            for event in _event_types(rule.when):
                if events and event not in events:
                    _once(report, f"policy rule {rule.id}: event type {event!r} is not one the domain's tools record "
                                  f"({', '.join(sorted(events))})")
            for node in walk(rule.when):
                if isinstance(node, UnconfirmedPredicate):
                    confirmed.setdefault(rule.id, list(node.unconfirmed.tools))
    for why, ids in unbound.items():
        shown = ", ".join(ids[:5]) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
        report.problems.append(f"task {shown}: the policy rules do not bind: {why}" if len(ids) == 1 else
                               f"{len(ids)} tasks ({shown}): the policy rules do not bind: {why}")
    targets = set(domain.confirmation_targets)
    if targets:
        for rule_id, names in confirmed.items():
            if set(names) != targets:
                missing, extra = sorted(targets - set(names)), sorted(set(names) - targets)
                _once(report, f"policy rule {rule_id}: confirms {', '.join(sorted(names))}, but the tools that declare "
                              f"confirm are {', '.join(sorted(targets))} (missing: {', '.join(missing) or 'none'}; "
                              f"extra: {', '.join(extra) or 'none'})")
    return {i for ids in unbound.values() for i in ids}


def _once(report: DomainReport, line: str) -> None:
    if line not in report.problems:
        report.problems.append(line)


def _check_corpus(domain: Domain, ids: Optional[Set[str]], report: DomainReport) -> None:
    """The corpus loads; with ``ids`` (every task of the domain), its entries name only them."""
    try:
        folder = default_corpus(domain)
    except ValueError:
        return  # a domain need not ship a corpus
    try:
        entries = load_corpus(folder)
    except ValueError as exc:
        report.problems.append(f"grader corpus: {one_line(str(exc))[:300]}")
        return
    report.corpus = len(entries)
    for entry in entries if ids is not None else []:
        if str(entry["task_id"]) not in ids:
            _once(report, f"grader corpus {entry['_file']}: task {entry['task_id']!r} is no task of the domain")


def _check_personas(env: Any, tasks: List[Any], report: DomainReport, unbound: Set[str]) -> None:
    below: List[str] = []
    for task in tasks:
        if getattr(task, "persona", None) is None or str(task.id) in unbound:
            continue
        report.personas += 1
        try:
            played = play_against(PersonaUser.for_task(task, env=env), list(task.actions), task.instruction)
        except Exception as exc:  # noqa: BLE001 - the persona is data under check
            report.problems.append(f"task {task.id}: its persona customer cannot play: {type(exc).__name__}: {exc}")
            continue
        if played.stopped and len(played.actions) < len(task.actions):
            report.problems.append(f"task {task.id}: its persona customer ends the conversation at step "
                                   f"{len(played.actions) - 1}, before the ground truth is done")
            continue
        result = score_trajectory(env, task, played.actions, user_replies=played.replies, first_user_message=played.opening)
        if result.status != "ok":
            report.problems.append(f"task {task.id}: the ground truth played against its persona is not scored: "
                                   f"{result.status}: {result.error}")
        elif result.outcome_reward != 1.0 or not result.safety_passed or result.rule_violations:
            below.append(str(task.id))
    if below:
        report.notes.append(f"{len(below)} task(s) whose ground truth played against its persona scores below 1.0 "
                            f"(tasks check refuses them): {', '.join(below)}")


def _without_rules(domain: Domain) -> Optional[Domain]:
    """The domain with no rule file (its tools and tasks checked while its rules do not load);
    None for a domain that cannot be copied so (its rule file's line says why)."""
    try:
        return replace(domain, policy_rules_file=None)
    except Exception:  # noqa: BLE001 - a Domain subclass with fields of its own: checked no further
        return None


def _make_env(domain: Domain, tasks: List[Any], report: DomainReport) -> Any:
    try:
        return domain.make_env(tasks=tasks)
    except Exception as exc:  # noqa: BLE001 - the domain's env is the code under check
        report.problems.append(f"the domain's env cannot be made: {type(exc).__name__}: {one_line(str(exc))[:300]}")
        return None


def _not_a_task(task: Any) -> Optional[str]:
    """Why the checks cannot play ``task`` (None: they can): they read its id and its ground
    truth's actions, each a tool's name and its keyword arguments."""
    if getattr(task, "id", None) is None:
        return "no id"
    actions = getattr(task, "actions", None)
    if not isinstance(actions, (list, tuple)):
        return "its actions are not a list"
    for i, action in enumerate(actions):
        if not isinstance(getattr(action, "name", None), str) or not isinstance(getattr(action, "kwargs", None), dict):
            return f"its action {i} is not a tool's name with keyword arguments"
    return None


def _split_tasks(domain: Domain, split: str, report: DomainReport) -> Tuple[List[Any], bool]:
    """The tasks of ``split`` the checks can play (``Domain.check_tasks``), and whether that is
    all of them; the split's load error, its emptiness and the tasks it cannot play are
    problems, one line per reason."""
    try:
        loaded = list(domain.check_tasks(split))
    except TaskFileError as exc:  # its lines name the file
        report.problems.append(f"split {split}: its tasks do not load: {one_line(str(exc))[:300]}")
        return [], False
    except Exception as exc:  # noqa: BLE001 - the domain's code giving its tasks is under check
        where = where_raised(exc)
        report.problems.append(f"split {split}: its tasks do not load: {where + ': ' if where else ''}"
                               f"{type(exc).__name__}: {one_line(str(exc))[:300]}")
        return [], False
    report.tasks[split] = len(loaded)
    if not loaded:
        report.problems.append(f"split {split}: no tasks")
    unplayable: Dict[str, List[str]] = {}  # why -> the tasks, by index in the split
    playable = []
    for index, task in enumerate(loaded):
        why = _not_a_task(task)
        if why is None:
            playable.append(task)
        else:
            unplayable.setdefault(why, []).append(str(index))
    for why, indices in unplayable.items():
        shown = ", ".join(indices[:5]) + (f" and {len(indices) - 5} more" if len(indices) > 5 else "")
        report.problems.append(f"split {split}: task(s) at {shown}: {why}: the checks play a task's id and its ground "
                               "truth's actions (a domain whose own tasks have none gives them from check_tasks(split))")
    return playable, not unplayable


def _labelled(by_split: Dict[str, List[Any]]) -> List[Any]:
    """Every split's tasks, once each; where an id repeats across the splits (tau-bench's
    indices), each task a copy known as ``split/id``, so a problem line names one task."""
    splits_of: Dict[str, Set[str]] = {}
    for split, tasks in by_split.items():
        for task in tasks:
            splits_of.setdefault(str(task.id), set()).add(split)
    repeated = any(len(s) > 1 for s in splits_of.values())
    out: Dict[int, Any] = {}
    for split, tasks in by_split.items():
        for task in tasks:
            if id(task) not in out:
                out[id(task)] = _renamed(task, f"{split}/{task.id}") if repeated else task
    return list(out.values())


def _renamed(task: Any, label: str) -> Any:
    """A copy of ``task`` whose id is ``label`` (the task itself when it cannot be copied so)."""
    copy = getattr(task, "model_copy", None)
    try:
        return copy(update={"id": label}) if callable(copy) else replace(task, id=label)
    except Exception:  # noqa: BLE001 - a task class of the domain's own: told by its own id
        return task


def check_domain(domain: Domain, splits: Optional[List[str]] = None, sample: int = 8) -> DomainReport:
    """Every problem of ``domain``'s contract (see the module), one line each; over ``splits``
    (default: all of them)."""
    report = DomainReport(domain.name)
    _check_tools(domain, report)
    by_split: Dict[str, List[Any]] = {}
    complete = True  # every task of every split is known by its id (else the corpus's ids are not checked)
    for split in splits or domain.splits:
        by_split[split], whole = _split_tasks(domain, split, report)
        complete = complete and whole
    if not domain.splits:
        report.problems.append("the domain has no task split")
    ids = {str(t.id) for tasks in by_split.values() for t in tasks}
    unique = _labelled(by_split)
    rules_load = _load_rules(domain, report)
    checked = domain if rules_load else _without_rules(domain)
    env = _make_env(checked, unique, report) if unique and checked is not None else None
    if env is not None:
        replay = replay_tasks(domain, env, unique, sample=sample)
        report.problems += replay.problems
        report.watched_calls = replay.watched
        unbound = (_check_rules(domain, env, unique, report, replay.undeclared_writers) if rules_load
                   else {str(t.id) for t in unique})
        if replay.failed_writes:
            report.notes.append(f"{len(replay.failed_writes)} task(s) whose ground truth has a failed write "
                                f"(tasks check refuses them): {', '.join(replay.failed_writes)}")
        _check_personas(env, unique, report, unbound)
    _check_corpus(domain, ids if complete and not splits else None, report)
    report.problems[:] = [one_line(p) for p in report.problems]
    return report

