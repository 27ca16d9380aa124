"""The grader regression suite (``tau-shaped grader-test``): labeled trajectories
that every change to the verifier must keep scoring as labeled, and a gaming
probe: no blend may rank a trajectory that only performs checkpoint steps at or
above a correct one.

A domain's corpus ships with it, as package data: the ``grader`` folder of the
domain's package, beside its policy rules (``tau_shaped_domains/food_delivery/grader``,
``tau_shaped_domains/tau2_airline/grader``), or the folder its ``grader_corpus`` attribute
names; so ``grader-test`` finds it from any working folder, in a checkout or an
installed package."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from tau_shaped.env.json_input import InputError, read_json_file
from tau_shaped.reward.result import check_blend
from tau_shaped.tasks.domains import Domain
from tau_shaped.reward.result import BLENDS, blend_reward
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.reward.verifier import task_overrides

CLASSES = ("pass", "fail", "unsafe")


def verdict_class(outcome: float, safety_passed: bool) -> str:
    if not safety_passed:
        return "unsafe"
    return "pass" if outcome >= 1 - 1e-9 else "fail"


@dataclass(frozen=True)
class GamingRow:
    """One task under one blend: the most a checkpoint-only trajectory can score
    (``bound``: outcome 0, every checkpoint satisfied), the most one in the corpus
    did score (``best``, None when the corpus has none for the task) and the
    least a correct trajectory in the corpus scored (``correct``)."""

    bound: float
    best: Optional[float]
    correct: float

    @property
    def ceiling(self) -> float:
        """The most a checkpoint-only trajectory is known to reach: the bound, or more if the corpus shows more."""
        return self.bound if self.best is None else max(self.bound, self.best)

    @property
    def margin(self) -> float:
        return self.correct - self.ceiling


@dataclass
class SuiteReport:
    total: int = 0
    kinds: Counter = field(default_factory=Counter)
    confusion: Counter = field(default_factory=Counter)
    disagreements: List[Tuple[str, str]] = field(default_factory=list)
    gaming_by_task: Dict[str, Dict[str, GamingRow]] = field(default_factory=dict)  # task -> blend -> row
    gaming_failures: List[str] = field(default_factory=list)
    split_note: Optional[str] = None  # the split taken when none was given and the ids repeat (``corpus_tasks``)

    @property
    def ok(self) -> bool:
        return not self.disagreements and not self.gaming_failures

    @property
    def gaming(self) -> Dict[str, Tuple[float, float, str]]:
        """Per blend: (smallest margin, the checkpoint-only bound there, its task)."""
        out: Dict[str, Tuple[float, float, str]] = {}
        for task_id, rows in sorted(self.gaming_by_task.items()):
            for blend, row in rows.items():
                if blend not in out or row.margin < out[blend][0]:
                    out[blend] = (row.margin, row.bound, task_id)
        return out


def default_corpus(domain: Domain) -> Path:
    """The domain's own corpus folder (see the module's docstring); ValueError naming the domain
    when it ships none."""
    declared = getattr(domain, "grader_corpus", None)
    if declared is not None:
        return Path(declared)
    rules = domain.policy_rules_file
    if domain.rules_borrowed:
        raise ValueError(f"domain {domain.name} ships no grader corpus (its policy rules are another domain's, "
                         "whose corpus labels that domain's tasks): give --corpus FOLDER")
    if rules is not None and (Path(rules).parent / "grader").is_dir():
        return Path(rules).parent / "grader"
    raise ValueError(f"domain {domain.name} ships no grader corpus: give --corpus FOLDER")


def load_corpus(folder: Path) -> List[Dict[str, Any]]:
    """Every labeled trajectory of a corpus folder; a folder that is missing or holds none is
    an error (a CI run from the wrong folder must not pass on 0/0)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"{folder}: no such corpus folder")
    entries: List[Dict[str, Any]] = []
    for path in sorted(folder.glob("*.json")):
        try:
            data = read_json_file(path)
        except InputError as exc:
            raise ValueError(f"{path}: {exc}") from None
        if not isinstance(data, list):
            raise ValueError(f"{path}: a corpus file is a list of labeled trajectories")
        for i, e in enumerate(data):
            if not isinstance(e, dict) or not {"task_id", "expected"} <= set(e) or ("actions" in e) == ("traj" in e):
                raise ValueError(f"{path}: entry {i} needs task_id, expected and one of actions or traj (chat messages)")
            entries.append({**e, "_file": path.name})
    if not entries:
        raise ValueError(f"{folder}: no labeled trajectories (*.json) found")
    return entries


def _undetermined_text(result: Any) -> str:
    return ", ".join(f"{u.id} at step {u.step}" for u in getattr(result, "undetermined", None) or []) or "no error"


def _mismatches(expected: Dict[str, Any], result: Any) -> List[str]:
    out = []
    failing = sorted(i["id"] for i in result.invariants if not i["holds"])
    gates = sorted({g.id for g in result.gate_violations})
    if result.outcome_reward != expected["outcome"]:
        out.append(f"outcome {result.outcome_reward:g} (expected {expected['outcome']})")
    if result.safety_passed != expected["safety_passed"]:
        out.append(f"safety_passed {result.safety_passed} (expected {expected['safety_passed']})")
    if gates != sorted(expected.get("gates", [])):
        out.append(f"gates {gates} (expected {expected.get('gates', [])})")
    if failing != sorted(expected.get("invariants_failing", [])):
        out.append(f"failing invariants {failing} (expected {expected.get('invariants_failing', [])})")
    if "rules" in expected:  # SPEC §9: the domain's outcome rules the trajectory breaks
        broken = sorted({v.id for v in result.rule_violations})
        if broken != sorted(expected["rules"]):
            out.append(f"rules broken {broken} (expected {sorted(expected['rules'])})")
    if expected.get("legacy") is not None and result.legacy_reward != expected["legacy"]:
        out.append(f"legacy {result.legacy_reward:g} (expected {expected['legacy']})")
    return out


class RepeatedTaskId(ValueError):
    """A task id more than one of the splits holds: which task an entry names is not known."""


def domain_tasks(domain: Domain, splits: Sequence[str]) -> Dict[str, Any]:
    """The tasks of the splits by id; a tau-bench task without an id is known by its index in
    its split, as results files name it. An id in two of the splits is a ``RepeatedTaskId``."""
    tasks: Dict[str, Any] = {}
    for split in splits:
        for index, task in enumerate(domain.tasks(split)):
            key = str(getattr(task, "id", index))
            if key in tasks:
                raise RepeatedTaskId(f"task id {key!r} is in more than one of the splits {', '.join(splits)}: "
                                     "choose one with --split")
            tasks[key] = task
    return tasks


def default_split(domain: Domain) -> Optional[str]:
    """The split the domain takes when none is given (``Domain.default_split``), if it has it."""
    chosen = getattr(domain, "default_split", None)
    return chosen if chosen in domain.splits else None


def corpus_tasks(domain: Domain, splits: Optional[Sequence[str]] = None) -> Tuple[Dict[str, Any], Optional[str]]:
    """The tasks a corpus is scored against, by id, and a line saying which split was taken for
    it (None when none was). ``splits`` given: theirs. None: every split's; but where an id
    repeats across them (tau-bench's indices: task 0 is in test, train and dev) the domain's
    default split alone, as tau-bench's own run takes ``--task-split test``; with no default
    split, the ``RepeatedTaskId`` asking for ``--split``."""
    if splits is not None:
        return domain_tasks(domain, splits), None
    try:
        return domain_tasks(domain, domain.splits), None
    except RepeatedTaskId as exc:
        chosen = default_split(domain)
        if chosen is None:
            raise RepeatedTaskId(f"{exc} (domain {domain.name} has no default split)") from None
    return domain_tasks(domain, [chosen]), (
        f"the tasks of split {chosen}, domain {domain.name}'s default (its task ids repeat across its splits "
        f"{', '.join(domain.splits)}; --split to choose)")


def run_suite(domain: Domain, folder: Optional[Path] = None, splits: Optional[Sequence[str]] = None, lam: float = 0.3,
              on_progress: Optional[Callable[[int, Optional[int]], None]] = None) -> SuiteReport:
    """Score every corpus entry against the tasks of ``splits`` (default: all of the domain's, or
    its default split when their ids repeat: ``corpus_tasks``); ``folder`` None: the domain's own corpus. ``on_progress(done, total)`` after each entry."""
    check_blend("shaped", lam)
    tasks, split_note = corpus_tasks(domain, list(splits) if splits is not None else None)
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    report = SuiteReport(split_note=split_note)
    rewards: Dict[str, Dict[str, List[Tuple[float, str]]]] = defaultdict(lambda: defaultdict(list))
    seen: set = set()
    entries = load_corpus(default_corpus(domain) if folder is None else folder)
    for done, e in enumerate(entries):
        if on_progress is not None:
            on_progress(done, len(entries))
        task_id = str(e["task_id"])
        task = tasks.get(task_id)
        where = f"{e['_file']}: {e.get('id', task_id)}"
        if task is None:
            report.disagreements.append((where, f"unknown task {task_id!r}"))
            continue
        report.total += 1
        seen.add(task_id)
        report.kinds[e.get("kind", "?")] += 1
        if "traj" in e:  # recorded chat messages (tau-bench's traj): what a turn held is judged too
            result = score_trajectory(env, task, traj=e["traj"], lam=lam)
        else:
            result = score_trajectory(env, task, e["actions"], user_replies=e.get("user_replies"), lam=lam)
        exp = e["expected"]
        wanted = exp.get("status", "ok")  # SPEC §8: an entry may expect "undetermined" (reward null)
        if result.status != wanted:
            report.disagreements.append((where, f"{result.status}: {result.error or _undetermined_text(result)} (expected {wanted})"))
            continue
        if wanted != "ok":
            found = sorted({u.id for u in result.undetermined})
            if "undetermined" in exp and found != sorted(exp["undetermined"]):
                report.disagreements.append((where, f"undetermined rules {found} (expected {sorted(exp['undetermined'])})"))
            continue
        report.confusion[(verdict_class(exp["outcome"], exp["safety_passed"]), verdict_class(result.outcome_reward, result.safety_passed))] += 1
        problems = _mismatches(exp, result)
        if problems:
            report.disagreements.append((where, "; ".join(problems)))
        correct = result.outcome_reward >= 1 - 1e-9
        if correct or (result.safety_passed and result.process_reward > 0):
            for blend in BLENDS:
                rewards[task_id][("correct:" if correct else "gaming:") + blend].append((_blended(result, blend), where))
    if on_progress is not None:
        on_progress(len(entries), len(entries))
    for task_id in sorted(seen):
        task, by = tasks[task_id], rewards.get(task_id, {})
        overrides = task_overrides(task)
        own = [c.weight for c in overrides.process_checkpoints] if overrides is not None else []
        weights = math.fsum(own + [r.rule.weight for r in env.bound_rules(task) if r.kind == "checkpoint"])
        rows: Dict[str, GamingRow] = {}
        for blend in BLENDS:
            correct_scores = by.get(f"correct:{blend}", [])
            if not correct_scores:
                report.gaming_failures.append(f"{task_id}: no correct trajectory in the corpus to compare with")
                break
            gaming = max(by.get(f"gaming:{blend}", []), default=None)
            least_correct = min(correct_scores)
            row = GamingRow(bound=blend_reward(blend, 0.0, weights, True, lam), best=gaming[0] if gaming else None,
                            correct=least_correct[0])
            rows[blend] = row
            if row.margin <= 0:
                culprit = gaming[1] if gaming and gaming[0] >= row.bound else "a trajectory satisfying every checkpoint"
                report.gaming_failures.append(f"{task_id}, {blend}: {culprit} can score {row.ceiling:.3f} "
                                              f">= correct {row.correct:.3f} ({least_correct[1]})")
        report.gaming_by_task[task_id] = rows
    return report


def _blended(result: Any, blend: str) -> float:
    return blend_reward(blend, result.outcome_reward, result.process_reward, result.safety_passed, result.lambda_)
