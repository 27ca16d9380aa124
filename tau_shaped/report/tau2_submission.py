"""tau2-bench's leaderboard figures of scored tau2 runs, with the shaped figures beside them
(``tau-shaped compare --format tau2-submission``, issue 46).

tau2's submission file (its ``Submission`` model) gives, for each domain of the leaderboard
(retail, airline, telecom), pass^1 to pass^4 as percentages. tau2 computes them from each
simulation's reward (``compute_metrics``): a trial passes when its reward is within 1e-6 of 1;
a task with n trials, c of them passed, scores C(c, k) / C(n, k); pass^k is the mean over the
run's tasks, times 100, for k up to the fewest trials any task has (beyond it: null, as tau2's
``get_metrics`` leaves it).

Here the same is reckoned for two verdicts of every trial of a run that ``tau-shaped score``
scored (``info.tau2``, ``info.shaped``):

- **tau2's**: the reward tau2 stored in the run, else the one computed offline. A trial whose
  tau2 reward needs NL assertions that were not judged (none stored; ``computed.not_judged``)
  has no tau2 verdict when every judged component is met (tau2's reward is their product: the
  assertions decide it), and fails when one is not (nothing the assertions say can raise it).
- **the shaped one**: outcome 1 passes (SPEC §3). A trial with no shaped verdict (undetermined,
  a fault of the verifier, a simulation that could not be scored: SPEC §8) carries no signal.

A trial with no verdict is never counted as a pass or a fail: it is left out of that column, and
counted. A task then has fewer trials with a verdict than the run gave it; it is left out of the
pass^k of every k above that number (named). Null: k above the fewest trials of any task of the
run (tau2's rule, the same for both columns), or no task with k trials with a verdict. With a
verdict on every trial, both columns are tau2's computation exactly (the tests check it against
tau2's own ``compute_metrics`` on the same run). ``cost`` is tau2's ``avg_agent_cost``: the mean
``agent_cost`` of the run's simulations that recorded one (``score`` keeps it in ``info.tau2``),
the same in both files (the same runs); null when none did. ``evaluation_date`` and
``tau2_bench_version``, which tau2 asks the submitter for, come from options.

Refused in one line naming the file and the record: a file that is no scored tau2 run (no
``info.tau2``, no shaped result), a domain the leaderboard lacks, a file mixing domains, two runs
of one domain, a task's trial given twice, a tau2 reward that is not a number from 0 to 1.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from tau_shaped.env.json_input import one_line
from tau_shaped.evaluation.metrics import not_scoreable, run_error, shaped_result, shaped_verdict, task_key
from tau_shaped.evaluation.noise_floor import NO_DOMAIN, domain_of
from tau_shaped.evaluation.results_file import ResultsFileError, read_results
from tau_shaped.report.comparison import not_results

LEADERBOARD = ("retail", "airline", "telecom")  # the domains of tau2's submission, in its order
KS = (1, 2, 3, 4)  # pass_1 .. pass_4
SUCCESS = 1e-6  # tau2's is_successful: a reward within this of 1
COLUMNS = ("tau2", "shaped")


class SubmissionError(ValueError):
    """Runs that make no tau2 submission; the message is one line naming the file and record."""


@dataclass(frozen=True)
class Identity:
    """Who submits: the fields tau2's submission requires (``model_name``, ``organization``,
    ``submission_date``, ``contact_info.email``) and the optional ones."""

    model_name: str
    organization: str
    email: str
    submission_date: str  # ISO date, YYYY-MM-DD
    contact_name: Optional[str] = None
    github: Optional[str] = None
    user_simulator: Optional[str] = None
    evaluation_date: Optional[str] = None  # ISO date the runs were made (tau2 asks for it; a scored file keeps none)
    tau2_bench_version: Optional[str] = None


@dataclass
class Column:
    """One verdict's pass^k over a run: percent per k (None: null), the tasks each k counts,
    the trials with no verdict by why, and per k the tasks left out for too few verdicts."""

    percent: Dict[int, Optional[float]] = field(default_factory=dict)
    tasks: Dict[int, int] = field(default_factory=dict)
    excluded: Dict[str, int] = field(default_factory=dict)
    short: Dict[int, List[str]] = field(default_factory=dict)
    failed_judged: int = 0  # tau2: trials whose NL assertions were not judged, failed on a judged component


@dataclass
class DomainRun:
    """A scored tau2 run of one leaderboard domain and its two columns."""

    domain: str
    path: Path
    tasks: int
    trials: int  # all the run's trials (records)
    stored: int  # of those, with the reward tau2 stored in the run
    computed: int  # with one computed offline by tau-shaped score (the rest have none)
    max_k: int  # the fewest trials any task has
    fewest: str  # a task with that few
    tau2: Column
    shaped: Column
    agents: List[str] = field(default_factory=list)  # info.source.agent, as the run names it
    cost: Optional[float] = None  # the mean agent_cost of the trials that recorded one (tau2's avg_agent_cost)

    def column(self, name: str) -> Column:
        return self.tau2 if name == "tau2" else self.shaped


def task_order(task: str) -> Tuple[int, int, str]:
    """Task ids in their natural order: numbers by value, then the rest by name."""
    return (0, int(task), "") if task.isdigit() and len(task) < 19 else (1, 0, task)


def pass_hat_k_column(outcomes: Mapping[str, List[Optional[bool]]], max_k: int) -> Column:
    """pass^k in percent, k = 1..4, over each task's trials with a verdict (None: left out);
    exact (fractions) until the one rounding to a float. Null above ``max_k``."""
    column = Column()
    for k in KS:
        column.short[k] = []
        if k > max_k:
            column.percent[k], column.tasks[k] = None, 0
            continue
        scores: List[Fraction] = []
        for task in sorted(outcomes, key=task_order):
            judged = [o for o in outcomes[task] if o is not None]
            if len(judged) < k:
                column.short[k].append(task)
                continue
            scores.append(Fraction(math.comb(sum(judged), k), math.comb(len(judged), k)))
        column.tasks[k] = len(scores)
        column.percent[k] = float(sum(scores, Fraction(0)) * 100 / len(scores)) if scores else None
    return column


def _where(path: Path, index: int) -> str:
    return f"{path}: record {index}"


def _leaderboard_domain(path: Path, records: List[Dict[str, Any]]) -> str:
    """The one leaderboard domain every record of the file names (``tau2:airline`` -> airline)."""
    first = domain_of(records[0])
    for index, record in enumerate(records):
        env = domain_of(record)
        if env == NO_DOMAIN:
            raise SubmissionError(f"{_where(path, index)}: info.source.env: missing: not a tau2 run scored by "
                                  "tau-shaped score (tau-shaped score RUN --env tau2:DOMAIN)")
        name = env.split(":", 1)[1] if env.startswith("tau2:") else None
        if name not in LEADERBOARD:
            raise SubmissionError(f"{_where(path, index)}: info.source.env: {env[:60]!r} is not a domain of tau2's "
                                  "leaderboard (tau2:retail, tau2:airline, tau2:telecom)")
        if env != first:
            raise SubmissionError(f"{_where(path, index)}: a run of {one_line(env)}, record 0 of "
                                  f"{one_line(first[:60])}: a file of one domain each (tau2's submission takes one "
                                  "run per domain)")
    return first.split(":", 1)[1]


def _tau2_verdict(where: str, tau2: Mapping[str, Any]) -> Tuple[Optional[bool], str]:
    """tau2's verdict of one trial and, when it has none or it needs saying, why."""
    reward = tau2.get("reward")
    if reward is None:
        return None, "no tau2 reward (none stored, none computed)"
    if type(reward) not in (int, float) or not (math.isfinite(reward) and 0 <= reward <= 1):
        raise SubmissionError(f"{where}: info.tau2.reward: {str(reward)[:40]!r} is not a number from 0 to 1")
    passed = (1 - SUCCESS) <= reward <= (1 + SUCCESS)  # tau2's is_successful, to the bit
    computed = tau2.get("computed")
    computed = computed if isinstance(computed, dict) else {}
    if tau2.get("reward_source") != "stored" and computed.get("reward") is None and computed.get("not_judged"):
        # the product of the judged components only: the assertions decide a 1, a 0 stands
        return (None, "NL assertions not judged") if passed else (False, "judged component failed")
    return passed, ""


def _shaped_verdict(where: str, record: Mapping[str, Any]) -> Tuple[Optional[bool], str]:
    if run_error(record):
        return None, "not scoreable" if not_scoreable(record) else "errored in the run"
    shaped = shaped_result(record)
    if not shaped:
        raise SubmissionError(f"{where}: info.shaped: missing: no shaped result (tau-shaped score the tau2 run)")
    verdict = shaped_verdict(record)
    if verdict is None:
        return None, "undetermined" if shaped.get("status") == "undetermined" else "faulted"
    return verdict, ""


def domain_run(path: Path, records: List[Dict[str, Any]]) -> DomainRun:
    """The two columns of one scored tau2 run (``records``: every record of the file)."""
    domain = _leaderboard_domain(path, records)
    seen: Dict[Tuple[str, int], int] = {}
    outcomes: Dict[str, Dict[str, List[Optional[bool]]]] = {c: defaultdict(list) for c in COLUMNS}
    excluded: Dict[str, Counter] = {c: Counter() for c in COLUMNS}
    failed_judged = stored = computed = 0
    agents = set()
    costs: List[float] = []
    for index, record in enumerate(records):
        where = _where(path, index)
        tau2 = record["info"].get("tau2")
        if not isinstance(tau2, dict):
            raise SubmissionError(f"{where}: info.tau2: missing: not a tau2 run scored by tau-shaped score "
                                  "(tau-shaped score RUN --env tau2:DOMAIN)")
        task, trial = task_key(record), record["trial"]
        if (task, trial) in seen:
            raise SubmissionError(f"{where}: task {_task(task)!r} trial {trial}: also record {seen[(task, trial)]} "
                                  "(a trial counted twice)")
        seen[(task, trial)] = index
        tau2_verdict = _tau2_verdict(where, tau2)
        for column, (verdict, why) in (("tau2", tau2_verdict), ("shaped", _shaped_verdict(where, record))):
            outcomes[column][task].append(verdict)
            if verdict is None:
                excluded[column][why] += 1
        failed_judged += tau2_verdict[1] == "judged component failed"
        if tau2.get("reward") is not None:
            stored += tau2.get("reward_source") == "stored"
            computed += tau2.get("reward_source") != "stored"
        cost = tau2.get("agent_cost")
        if type(cost) in (int, float) and math.isfinite(cost) and cost >= 0:  # as score writes it; else not recorded
            costs.append(float(cost))
        source = record["info"].get("source")
        if isinstance(source, dict) and isinstance(source.get("agent"), str):
            agents.add(one_line(source["agent"][:120]))
    counts = {task: len(v) for task, v in outcomes["tau2"].items()}
    fewest = min(sorted(counts, key=task_order), key=lambda t: counts[t])
    max_k = counts[fewest]
    columns = {}
    for name in COLUMNS:
        columns[name] = pass_hat_k_column(outcomes[name], max_k)
        columns[name].excluded = dict(sorted(excluded[name].items()))
    columns["tau2"].failed_judged = failed_judged
    return DomainRun(domain=domain, path=path, tasks=len(counts), trials=len(records), stored=stored, computed=computed,
                     max_k=max_k, fewest=fewest, tau2=columns["tau2"], shaped=columns["shaped"], agents=sorted(agents),
                     cost=math.fsum(costs) / len(costs) if costs else None)


def read_runs(files: Iterable[Union[str, Path]], notes: List[str]) -> List[DomainRun]:
    """One DomainRun per file, in the leaderboard's domain order; what is no results file (a lock
    file, a folder, a report) is left out and named in ``notes``, as are torn lines skipped."""
    runs: Dict[str, DomainRun] = {}
    given = [Path(f) for f in files]
    skipped: List[str] = []
    for path in given:
        why = not_results(path)
        if why:
            notes.append(f"{path}: skipped: {why}")
            skipped.append(f"{path}: {why}")
            continue
        records = read_results(path, notes)
        if not records:
            raise ResultsFileError(f"{path}: no records")
        run = domain_run(path, records)
        if run.domain in runs:
            raise SubmissionError(f"{path}: a second run of tau2:{run.domain} (the first: {runs[run.domain].path}); "
                                  "tau2's submission takes one run per domain")
        runs[run.domain] = run
    if not runs:
        raise SubmissionError("no results file among the files given: " + "; ".join(skipped[:3])
                              + (f"; and {len(skipped) - 3} more" if len(skipped) > 3 else ""))
    return [runs[d] for d in LEADERBOARD if d in runs]


def _task(task: str) -> str:
    """A task id as the notes show it (from the file: one line, at most 60 characters)."""
    return one_line(task if len(task) <= 60 else task[:60] + "…")


def _tasks(tasks: List[str]) -> str:
    return ", ".join(map(_task, tasks[:5])) + (f" and {len(tasks) - 5} more" if len(tasks) > 5 else "")


def run_notes(run: DomainRun) -> List[str]:
    """What holds for both columns of a run: where tau2's rewards come from, the nulls above
    the fewest trials."""
    out = [f"tau2's reward as the run stored it for {run.stored} of {run.trials} trials"
           + (f", computed offline for {run.computed}" if run.computed else "")]
    nulls = [k for k in KS if k > run.max_k]
    if nulls:
        trials = f"{run.max_k} trial{'s' if run.max_k != 1 else ''}"
        out.append(f"{', '.join(f'pass_{k}' for k in nulls)} null in both: task {_task(run.fewest)} has {trials} "
                   "(pass^k needs k trials of every task)")
    return out


def column_notes(run: DomainRun, column: str) -> List[str]:
    """What one column of a run counts, where it differs from counting every trial: the trials
    with no verdict, the tasks left out of a k."""
    col = run.column(column)
    out: List[str] = []
    if col.excluded:
        total = sum(col.excluded.values())
        kinds = ", ".join(f"{n} {why}" for why, n in col.excluded.items())
        out.append(f"{total} of {run.trials} trials with no {column} verdict left out ({kinds}): never counted as "
                   "a pass or a fail")
    if col.failed_judged:
        out.append(f"{col.failed_judged} trials with NL assertions not judged counted failed: a judged component "
                   "failed (tau2's reward is the product)")
    for k in KS:
        if col.short.get(k) and k <= run.max_k:
            value = "null" if col.percent[k] is None else f"over {col.tasks[k]} of {run.tasks} tasks"
            out.append(f"pass_{k} {value}: {len(col.short[k])} with fewer than {k} trials with a verdict "
                       f"({_tasks(col.short[k])})")
    return out


def _domain_results(run: DomainRun, column: str) -> Dict[str, Optional[float]]:
    col = run.column(column)
    return {**{f"pass_{k}": col.percent[k] for k in KS}, "cost": run.cost}


def methodology_notes(runs: List[DomainRun], column: str) -> str:
    what = ("pass^k from tau2's reward of each simulation (as the run stored it, else computed offline by tau-shaped "
            "score)" if column == "tau2" else
            "pass^k from tau-shaped's shaped verdict of each simulation (outcome 1 passes; tau-shaped score), the "
            "figures tau2's file of the same runs gives beside it")
    parts = [what]
    for run in runs:
        parts.append(f"{run.domain}: {run.tasks} tasks, {run.trials} trials" +
                     "".join(f"; {note}" for note in run_notes(run) + column_notes(run, column)))
    return ". ".join(parts) + ". Written by tau-shaped compare --format tau2-submission."


def submission(identity: Identity, runs: List[DomainRun], column: str) -> Dict[str, Any]:
    """The submission file of one column (``tau2`` or ``shaped``), in tau2's ``Submission``
    shape and field order; a leaderboard domain with no run is null."""
    by_domain = {run.domain: run for run in runs}
    contact = {"email": identity.email, "name": identity.contact_name, "github": identity.github}
    return {
        "model_name": identity.model_name,
        "organization": identity.organization,
        "submission_date": identity.submission_date,
        "contact_info": contact,
        "results": {d: _domain_results(by_domain[d], column) if d in by_domain else None for d in LEADERBOARD},
        "is_new": False,
        "methodology": {"evaluation_date": identity.evaluation_date, "tau2_bench_version": identity.tau2_bench_version,
                        "user_simulator": identity.user_simulator,
                        "notes": methodology_notes(runs, column)},
    }


def submission_text(data: Mapping[str, Any]) -> str:
    """The file's text: the same data, the same bytes."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def shaped_sibling(path: Path) -> Path:
    """Where the shaped figures go: beside ``path``, ``submission.json`` -> ``submission.shaped.json``."""
    stem, dot, suffix = path.name.rpartition(".")
    return path.with_name(f"{stem}.shaped.{suffix}" if dot and stem else f"{path.name}.shaped.json")
