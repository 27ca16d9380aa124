"""A task's ``reward_overrides`` drafted from its ground truth (``tau-shaped tasks draft``, issue 45).

Stating what correct means for a task (SPEC §4, §5) is the costly part of a shaped reward. The
draft plays the task's ground truth with the domain's tools, as ``tasks check`` does, step by
step (``draft_play``), and writes what a reviewer starts from:

- **equivalence classes** (SPEC §4.1) from the candidate sets the tools recorded
  (``draft_classes``);
- **monetary identities** (SPEC §4.3) from the money the tools moved (``draft_money``);
- **checkpoints** (SPEC §5) from the ground truth's steps (``draft_checkpoints``). A checkpoint
  the ground truth does not meet is left out (said in a note);
- **gates**: the caps of the identities (SPEC §4.3: the gate ``compensation_cap``), and, in the
  notes, the domain's gate rules that already fire on what its ground truth touches
  (``draft_notes``);
- **perturbations** (SPEC §6.2): in the notes, how many of the drafted task's perturbations lose
  (``draft_notes``).

This module assembles them into one draft per task and a task file per run. The draft is
deterministic (the same task, the same JSON) and a task file again: the task with its
``reward_overrides`` replaced by the draft, each part's ``description`` saying where it came
from, ready for ``tasks check``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from tau_shaped.env.json_input import one_line
from tau_shaped.tasks.consenting import score_with_customer
from tau_shaped.tasks.draft_checkpoints import STEP, process_checkpoints, weighted
from tau_shaped.tasks.draft_classes import equivalence_classes
from tau_shaped.tasks.draft_domain_rules import declared_events, money_kinds
from tau_shaped.tasks.draft_money import is_refusal, monetary_identities, nothing_given_identities
from tau_shaped.tasks.draft_notes import gate_notes, perturbation_notes
from tau_shaped.tasks.draft_play import play_ground_truth
from tau_shaped.tasks.ground_truth_faults import crashed_step_line
from tau_shaped.tasks.schema import ShapedTask


class DraftError(ValueError):
    """A task that cannot be drafted, or a selection naming no task: one line."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


@dataclass
class Draft:
    """A task's drafted overrides (``overrides``: JSON, as a task file holds them), the ground
    truth's write steps, and the notes a reviewer reads (one line each)."""

    task_id: str
    overrides: Dict[str, Any]
    writes: List[int] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    #: each drafted checkpoint's id and the ground-truth step it was drafted from
    checkpoint_steps: Dict[str, int] = field(default_factory=dict)


def _unique_ids(parts: Sequence[Dict[str, Any]], taken: Set[str]) -> None:
    """Give each part an id no earlier part (nor ``taken``) has: ``courier``, ``courier_2``..."""
    for part in parts:
        name, n = part["id"], 2
        while name in taken:
            name, n = f"{part['id']}_{n}", n + 1
        part["id"] = name
        taken.add(name)


# -- the draft ---------------------------------------------------------------------------------


def draft_overrides(env: Any, task: Any, perturb: bool = True) -> Draft:
    """The drafted ``reward_overrides`` of ``task`` (see the module), with the notes a reviewer
    reads. ``perturb``: try the drafted task's perturbations (the slow part) for the notes."""
    play = play_ground_truth(env, task)
    draft = Draft(str(task.id), {})
    for step in sorted(play.failed):
        name = play.actions[step].name
        if step in play.crashed:  # the tool's code raised: no answer of the tool's
            draft.notes.append(f"{crashed_step_line(step, name, play.crashed[step])}: nothing drafted from it")
        else:
            draft.notes.append(f"ground-truth step {step} ({name}) failed: nothing drafted from it")
    writes = play.writes()
    draft.writes = writes
    classes = equivalence_classes(play, writes)
    money = monetary_identities(env, task, play)
    identities = [m.identity for m in money]
    if not money and is_refusal(task) and not writes:
        identities = nothing_given_identities(play, money)
    bound = [r.rule.weight for r in env.bound_rules(task) if r.kind == "checkpoint"] if hasattr(env, "bound_rules") else []
    budget = max(0.0, 1.0 - math.fsum(bound))
    reserved: Set[str] = set()
    _unique_ids([c for _i, c in classes], reserved)
    _unique_ids(identities, reserved)
    checkpoints = weighted(process_checkpoints(env, play, writes, classes, money, reserved), budget)
    draft.checkpoint_steps = {cp["id"]: cp.pop(STEP) for cp in checkpoints}
    overrides: Dict[str, Any] = {}
    if classes:
        overrides["equivalence_class"] = [cls for _i, cls in classes]
    if identities:
        overrides["monetary_identity"] = identities
    if checkpoints:
        overrides["process_checkpoints"] = checkpoints
    drafted = _with_overrides(task, overrides)
    result = score_with_customer(env, drafted)
    if result.status == "ok":
        unmet = {cp.id for cp in result.checkpoints if not cp.satisfied}
        if unmet:
            overrides["process_checkpoints"] = [cp for cp in checkpoints if cp["id"] not in unmet]
            if not overrides["process_checkpoints"]:
                del overrides["process_checkpoints"]
            draft.notes.append(f"left out checkpoint(s) the ground truth does not meet: {', '.join(sorted(unmet))}")
            draft.checkpoint_steps = {k: v for k, v in draft.checkpoint_steps.items() if k not in unmet}
            drafted = _with_overrides(task, overrides)
            result = score_with_customer(env, drafted)
    if result.status != "ok":
        draft.notes.append(f"the drafted task's ground truth could not be scored: {result.status}")
    elif result.outcome_reward != 1.0 or not result.safety_passed:
        why = [f"gate {g.id}" for g in result.gate_violations] + [f"policy rule {v.id}" for v in result.rule_violations]
        why += [f"state differs at {d.path}" for d in result.canonical_diff]
        draft.notes.append(f"the drafted task's ground truth scores outcome {result.outcome_reward:g}"
                           f"{' (' + ', '.join(why) + ')' if why else ''}: review it")
    draft.overrides = overrides
    draft.notes += gate_notes(env, drafted, play)
    if money:
        money_types, _kinds = money_kinds(env)
        tried = {play.actions[i].name for m in money for i in m.steps}
        others = [n for n, events in declared_events(env).items() if events & money_types and n not in tried]
        if others:
            draft.notes.append(f"owns: what {', '.join(sorted(tried))} changed (and with each value of its enumerated "
                               f"arguments); the domain's other tools that move money ({', '.join(others)}) may change "
                               "more: add those paths if paying that way is valid")
    caps = [f"{i['id']} {i['cap']:.2f}" for i in identities if i.get("cap") is not None]
    if caps:
        draft.notes.append(f"caps (gate compensation_cap above them): {', '.join(caps)}")
    if perturb:
        draft.notes += perturbation_notes(env, drafted)
    draft.notes.append("not drafted: output_checks and checkpoints on what the agent says (said), "
                       "policy_exemptions: the author's to state")
    return draft


def _with_overrides(task: Any, overrides: Dict[str, Any]) -> Any:
    data = task.model_dump(mode="json", exclude_unset=True)
    data["reward_overrides"] = overrides
    return ShapedTask.model_validate(data)


#: The order of a drafted task's keys: the task file's usual order, the rest after it.
KEY_ORDER = ("id", "seed", "bucket", "split", "user_id", "instruction", "actions", "outputs", "output_checks",
             "reward_overrides", "policy_exemptions", "persona")


def drafted_task(task: Any, draft: Draft) -> Dict[str, Any]:
    """The task as a task file holds it (what was set in it), its ``reward_overrides`` the draft's."""
    data = task.model_dump(mode="json", exclude_unset=True)
    data["reward_overrides"] = draft.overrides
    out = {key: data[key] for key in KEY_ORDER if key in data}
    out.update({key: value for key, value in data.items() if key not in out})
    ShapedTask.model_validate(out)  # a task file again, or an error here rather than in the author's check
    return out


# -- whole files (``tau-shaped tasks draft``) -------------------------------------------------------


def _file_error(exc: Any) -> str:
    """A task file's error in one line: its first problem, and how many more."""
    errors = list(getattr(exc, "errors", None) or [str(exc)])
    if len(errors) == 1:
        return str(exc)
    return f"{getattr(exc, 'path', '?')}: {len(errors)} errors, the first: {errors[0]} (tau-shaped tasks validate lists them all)"


def _sources(files: Sequence[Any], env_name: Optional[str], split: Optional[str],
             default_env: str) -> Iterator[Tuple[str, Any, List[Any], Optional[str]]]:
    """(label, domain, tasks, note) of each source: each file (its domain: ``env_name``, else
    its folder's, else ``default_env`` with a note), or the domain's split."""
    from tau_shaped.tasks.domains import DomainNotFound, domain_for_file, load_domain
    from tau_shaped.tasks.files import TaskFileError, load_tasks

    try:
        if not files:
            domain = load_domain(env_name or default_env)
            name = split or "test"
            try:
                yield f"{domain.name} [{name}]", domain, list(domain.check_tasks(name)), None  # tau-bench's: ids
            except KeyError as exc:
                raise DraftError(str(exc.args[0])) from None
            return
        for path in files:
            note = None
            try:
                domain = domain_for_file(path, env_name)
            except DomainNotFound:
                if env_name:
                    raise
                domain = load_domain(default_env)
                note = f"{path}: its folder names no domain: drafted as {default_env} (--env to choose)"
            try:
                tasks = load_tasks(path)
            except TaskFileError as exc:
                raise DraftError(_file_error(exc)) from None
            yield str(path), domain, tasks, note
    except DomainNotFound as exc:
        raise DraftError(str(exc)) from None


def run_draft(files: Sequence[Any], env_name: Optional[str], split: Optional[str], ids: Optional[Sequence[str]],
              default_env: str, perturb: bool = True) -> Tuple[str, List[str]]:
    """The drafted task file's text (a JSON list of the tasks, each with its drafted
    ``reward_overrides``) and the notes, one line each, naming the source and the task. Every
    source is read and every id found before anything is drafted; a problem is a one-line
    DraftError."""
    if files and split:
        raise DraftError("--split is for a domain's own tasks, not with files")
    chosen: List[Tuple[str, Any, List[Any]]] = []
    notes: List[str] = []
    wanted = [i.strip() for text in ids or () for i in str(text).split(",") if i.strip()]
    found: Set[str] = set()
    for label, domain, tasks, note in _sources(files, env_name, split, default_env):
        if note:
            notes.append(one_line(f"note: {note}"))
        picked = [t for t in tasks if not wanted or str(t.id) in wanted]
        found.update(str(t.id) for t in picked)
        chosen.append((label, domain, picked))
    missing = [w for w in dict.fromkeys(wanted) if w not in found]
    if missing:
        where = ", ".join(label for label, _d, _t in chosen)
        raise DraftError(f"{where}: no task with id {', '.join(repr(m) for m in missing)}")
    out: List[Dict[str, Any]] = []
    seen: Dict[str, str] = {}
    for label, domain, tasks in chosen:
        if not tasks:
            continue
        env = domain.make_env(tasks=tasks, task_index=0)
        for task in tasks:
            if str(task.id) in seen:
                raise DraftError(f"{label}: task {task.id!r} repeats the id of a task of {seen[str(task.id)]}")
            seen[str(task.id)] = label
            try:
                draft = draft_overrides(env, task, perturb=perturb)
                out.append(drafted_task(task, draft))
            except Exception as exc:  # noqa: BLE001 - the task's own data and the domain's tools: one line, named
                raise DraftError(f"{label}: task {task.id!r} cannot be drafted: {type(exc).__name__}: {exc}") from None
            notes += [one_line(f"note: {label}: task {task.id!r}: {line}") for line in draft.notes]
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n", notes
