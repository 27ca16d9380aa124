"""Legacy vs shaped, side by side: pass rates, pass^k, agreement and the reasons
behind every disagreement (``tau-shaped compare``)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Tuple, Union

from tau_shaped.evaluation.metrics import (PassHatK, legacy_success, not_scoreable, pass_hat_k_range, run_error, shaped_decided,
                                          shaped_result, shaped_success, shaped_verdict, task_key)
from tau_shaped.evaluation.noise_floor import (NoiseInputError, PairNoise, RunNoise, TaskTrials, pair_noise, run_noise,
                                              task_trials)
from tau_shaped.evaluation.results_file import ResultsFileError, read_results


def tau2_of(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """tau2's reward of a record scored from a tau2 run (``info.tau2``); empty otherwise."""
    found = (record.get("info") or {}).get("tau2")
    return found if isinstance(found, dict) else {}


def _tau2_reason(record: Mapping[str, Any]) -> str:
    """Why tau2's reward is 0: premature termination, or its components at 0."""
    tau2 = tau2_of(record)
    stored = tau2.get("stored_reward_info") or {}
    computed = tau2.get("computed") or {}
    if str(computed.get("note", "")).startswith("terminated"):
        return f"tau2: {computed['note']}"
    failed = [name for name, value in (computed.get("breakdown") or {}).items() if not value]
    if not failed and isinstance(stored.get("reward_breakdown"), dict):
        failed = [name for name, value in stored["reward_breakdown"].items() if not value]
    return f"tau2 {', '.join(sorted(failed))} 0" if failed else "tau2 0"


def undetermined_reason(shaped: Mapping[str, Any]) -> str:
    """An undetermined episode (SPEC §8: reward null): the rules the words did not settle."""
    rules = [f"{u.get('id')} at step {u.get('step')}" for u in shaped.get("undetermined") or [] if isinstance(u, dict)]
    return "undetermined: " + (", ".join(rules) or "words did not settle a rule")


def disagreement_reason(record: Mapping[str, Any]) -> str:
    """Why the shaped verdict differs from the legacy one, from the shaped result (and, for a
    tau2 run, why tau2's reward is 0)."""
    shaped = shaped_result(record)
    if tau2_of(record) and shaped_success(record) and not legacy_success(record) and shaped.get("status") in (None, "ok"):
        return f"{_tau2_reason(record)}; shaped outcome 1"
    if shaped.get("status") == "undetermined":
        return undetermined_reason(shaped)
    if shaped.get("status") not in (None, "ok"):
        return f"not scored: {shaped.get('status')}"
    parts: List[str] = []
    for gate in shaped.get("gate_violations") or []:
        parts.append(f"gate {gate['id']} at step {gate.get('step')}")
    for rule in shaped.get("rule_violations") or []:
        parts.append(f"policy rule {rule['id']} at step {rule.get('step')}")
    for inv in shaped.get("invariants") or []:
        if not inv.get("holds"):
            parts.append(f"invariant {inv['id']}: total {inv['total']} vs {inv['disputed_amount']}")
    for check in shaped.get("output_checks") or []:
        if not check.get("passed"):
            parts.append(f"output check {check['id']} failed")
    for diff in (shaped.get("canonical_diff") or [])[:2]:
        parts.append(f"state {diff['path']}")
    if parts:
        return "; ".join(parts)
    if shaped_success(record) and not legacy_success(record):
        classes = [c["id"] for c in shaped.get("equivalence_classes") or [] if c.get("actual_valid")]
        held = [i["id"] for i in shaped.get("invariants") or [] if i.get("holds")]
        via = ", ".join([f"class {c}" for c in classes] + [f"invariant {i}" for i in held])
        return f"valid alternative ({via or 'canonical numbers'})"
    return "shaped outcome 0 (no single component named)"


@dataclass
class FileSummary:
    path: Path
    records: List[Dict[str, Any]]
    legacy_rate: float = 0.0
    shaped_rate: float = 0.0
    legacy_pass_k: Dict[int, float] = field(default_factory=dict)
    shaped_pass_k: Dict[int, float] = field(default_factory=dict)  # a trial with no shaped verdict counted as failed
    shaped_pass_k_high: Dict[int, float] = field(default_factory=dict)  # ... and as passed (the same when none is open)
    pass_k: PassHatK = field(default_factory=PassHatK)  # the shaped one: which trials both pass^k count
    agreement: Dict[Tuple[int, int], int] = field(default_factory=dict)  # (legacy, shaped): episodes with a shaped verdict
    per_task: Dict[str, Tuple[float, float, int]] = field(default_factory=dict)
    disagreements: List[Tuple[str, int, int, int, str]] = field(default_factory=list)
    process_rewards: List[float] = field(default_factory=list)
    unscored: int = 0  # records in no rate (info.error): the run's faults and the not scoreable
    not_scoreable: int = 0  # of those, tau2 simulations the shaped verifier cannot score
    undetermined: int = 0  # SPEC §8: episodes whose reward is null because words did not settle a rule
    faulted: int = 0  # SPEC §8: episodes whose shaped result is a fault (internal_error, input_invalid)
    legacy_name: str = "legacy"  # "tau2": every record is of a tau2 run, its legacy reward tau2's own
    tau2_stored: int = 0  # records whose tau2 reward tau2 stored in the run
    tau2_agree: int = 0  # of those, how many the offline recomputation agrees with
    tau2_not_judged: int = 0  # records with NL assertions tau2's reward could not judge offline
    trials: Dict[str, Dict[str, TaskTrials]] = field(default_factory=dict)  # domain -> task -> its trials (noise_floor)
    noise: List[RunNoise] = field(default_factory=list)  # per domain: bootstrap intervals, flipping tasks (issue 46)

    @property
    def decided(self) -> int:
        """The episodes with a shaped verdict: the shaped rate's denominator."""
        return len(self.records) - self.undetermined - self.faulted


def counted_apart(s: FileSummary) -> str:
    """The scored episodes with no shaped verdict, by kind: `` (8 undetermined, 1 faulted)``."""
    parts = [f"{n} {what}" for n, what in ((s.undetermined, "undetermined"), (s.faulted, "faulted")) if n]
    return f" ({', '.join(parts)})" if parts else ""


def rates_note(s: FileSummary) -> str:
    """What each of a run's rates counts, and what is in none (SPEC §8)."""
    legacy = "tau2" if s.legacy_name == "tau2" else "legacy"
    parts = [f"{legacy} pass: of the {len(s.records)} episodes scored"]
    apart = [f"{n} {what}" for n, what in ((s.undetermined, "undetermined: the words did not settle a rule"),
                                           (s.faulted, "faulted: the verifier's fault or a malformed trajectory")) if n]
    parts.append(f"shaped pass: of the {s.decided} with a shaped verdict" + (f" ({'; '.join(apart)})" if apart else ""))
    k = s.pass_k
    if k.tasks:
        line = f"pass^k: {k.trials} trial{'s' if k.trials != 1 else ''} of each of {k.tasks} tasks, the same for both"
        if k.unused:
            line += f" ({k.unused} later trials of tasks with more left out)"
        if k.open:
            line += f"; shaped low–high: its {k.open} trials with no verdict counted failed, then passed"
        parts.append(line)
    errored = s.unscored - s.not_scoreable
    out = [f"{n} {what}" for n, what in ((s.not_scoreable, "not scoreable"), (errored, "errored in the run (info.error)")) if n]
    if out:
        parts.append(f"in no rate: {', '.join(out)}")
    return "; ".join(parts)


def summarize(path: Path) -> FileSummary:
    """The comparison of one results file; a file with no record, or none that was scored (every
    episode errored), is a ResultsFileError naming it: there is nothing to compare."""
    notes: List[str] = []
    records = read_results(path, notes)
    if not records:  # empty, or only a torn line (an episode cut off mid-write, skipped and noted)
        torn = " (its only line is torn: an episode cut off mid-write)" if any("torn" in n for n in notes) else ""
        raise ResultsFileError(f"{path}: no records to compare{torn}")
    scored = [r for r in records if not run_error(r)]
    if not scored:
        raise ResultsFileError(f"{path}: no episode to compare: all {len(records)} records are errors (info.error)")
    missing = [i for i, r in enumerate(records) if not run_error(r) and not shaped_result(r)]
    if missing:
        raise ResultsFileError(f"{path}: record {missing[0]} has no shaped result (info.shaped; run `tau-shaped score` on it first)")
    statuses = Counter(str(shaped_result(r).get("status")) for r in scored if not shaped_decided(r))
    s = FileSummary(path=path, records=scored, unscored=len(records) - len(scored),
                    not_scoreable=sum(map(not_scoreable, records)), undetermined=statuses.pop("undetermined", 0),
                    faulted=sum(statuses.values()))
    tau2 = [tau2_of(r) for r in scored]
    if all(tau2):
        s.legacy_name = "tau2"
        s.tau2_stored = sum(t.get("reward_source") == "stored" for t in tau2)
        s.tau2_agree = sum(t.get("agrees") is True for t in tau2)
        s.tau2_not_judged = sum(bool((t.get("computed") or {}).get("not_judged")) for t in tau2)
    s.legacy_rate = sum(map(legacy_success, scored)) / len(scored)
    decided = [r for r in scored if shaped_decided(r)]  # SPEC §8: the shaped rates count the episodes with a verdict
    s.shaped_rate = sum(map(shaped_success, decided)) / len(decided) if decided else 0.0
    # pass^k over the same trials for both; a trial with no shaped verdict widens the shaped one to a range
    s.legacy_pass_k = pass_hat_k_range(scored, legacy_success).low
    s.pass_k = pass_hat_k_range(scored, shaped_verdict)
    s.shaped_pass_k, s.shaped_pass_k_high = s.pass_k.low, s.pass_k.high
    table: Counter = Counter()
    tasks: Dict[str, List[Tuple[bool, bool]]] = defaultdict(list)
    for r in scored:
        lg, sh = int(legacy_success(r)), int(shaped_success(r))
        if shaped_decided(r):  # agreement: of the episodes both rewards judged
            table[(lg, sh)] += 1
        tasks[task_key(r)].append((bool(lg), bool(sh)))
        s.process_rewards.append(float(shaped_result(r).get("process_reward") or 0.0))
        if lg != sh:
            reason = disagreement_reason(r)
            s.disagreements.append((task_key(r), int(r["trial"]), lg, sh, reason))
    s.agreement = {(a, b): table.get((a, b), 0) for a in (0, 1) for b in (0, 1)}
    positions = [i for i, r in enumerate(records) if not run_error(r)]
    try:  # the noise floor (issue 46): per domain the records name, tasks resampled with their trials
        s.trials = task_trials(scored, lambda j: f"{path}: record {positions[j]}")
    except NoiseInputError as exc:
        raise ResultsFileError(str(exc)) from None
    s.noise = [run_noise(domain, tasks) for domain, tasks in s.trials.items()]
    s.per_task = {k: (sum(a for a, _ in v) / len(v), sum(b for _, b in v) / len(v), len(v)) for k, v in sorted(tasks.items())}
    return s


# what a run leaves beside its results that is not one (``results/*`` names them too)
_BESIDE = {".lock": "a run's lock file", ".torn": "the torn last lines of killed runs (cut-off episodes)"}


def not_results(path: Path) -> str:
    """Why ``path`` is no results file to compare (a folder, a run's lock file, a file that
    does not open as JSON: a report, a log), or "" for one that may be."""
    if path.is_dir():
        return "a folder (a tau2 run folder is scored first: tau-shaped score FOLDER --env tau2:DOMAIN)"
    if path.suffix in _BESIDE:
        return _BESIDE[path.suffix]
    if not path.is_file():
        return ""  # missing, or a pipe: summarize names the problem
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError:
        return ""
    if head and head[:1] not in (b"[", b"{"):
        return f"not a results file (it starts with {head[:12].decode('utf-8', 'replace')!r}, not JSON)"
    return ""


def summarize_files(files: Iterable[Union[str, Path]], skipped: List[str]) -> List[FileSummary]:
    """Each results file among ``files`` summarized; every other path (``not_results``) left out
    and named in ``skipped``. None left: a ResultsFileError naming what was given."""
    files = [Path(f) for f in files]
    summaries = []
    for path in files:
        why = not_results(path)
        if why:
            skipped.append(f"{path}: skipped: {why}")
        else:
            summaries.append(summarize(path))
    if not summaries:
        shown = ", ".join(map(str, files[:3])) + (f" and {len(files) - 3} more" if len(files) > 3 else "")
        raise ResultsFileError(f"no results file among {shown}: " + "; ".join(s.split(": skipped: ", 1)[1] for s in skipped[:3]))
    return summaries



def pair_noises(a: FileSummary, b: FileSummary) -> List[PairNoise]:
    """Run ``b`` against run ``a`` in each domain both have: B - A and its minimum detectable
    difference, tasks paired by id (``noise_floor.difference``)."""
    return [pair_noise(domain, a.trials[domain], b.trials[domain]) for domain in sorted(set(a.trials) & set(b.trials))]
