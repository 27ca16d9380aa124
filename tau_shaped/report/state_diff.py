"""The raw state difference of an episode, beside the canonical one (SPEC §4).

The canonical diff compares canon(Sa) with canon(Sg): equivalence classes collapsed (§4.1),
paths an invariant owns removed (§4.3), the paths the domain's rules judge left out (§9).
So where money is judged by an invariant, a $50 credit where $5 was due leaves no canonical
difference although tau-bench's legacy reward (raw equality, SPEC §2) is 0. The report shows
the raw difference too, path by path, and says which part of the specification owns each path
the canonical view drops (the invariant and its verdict, the class, the rules), so a legacy 0
always shows what differed.

The results file does not hold the final states: each episode is replayed offline on its
domain's S0 (the same runner as scoring, a few milliseconds an episode), for registered
domains only (a results file never names code to import). Where a run cannot be replayed
(its domain is not installed, a record matches no task) the episode says why instead.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.overlay import changed_between
from tau_shaped.env.traj_format import TrajectoryError, parse_traj
from tau_shaped.evaluation.record_scorer import RecordScorer
from tau_shaped.reward import canonical, equivalence
from tau_shaped.reward.paths import format_location, select
from tau_shaped.reward.shaped_env import task_seed
from tau_shaped.reward.verifier import task_overrides
from tau_shaped.tasks.domains import available_domains


class Replayer:
    """Replays the episodes of one run (one env and split); ``unavailable`` says why it cannot."""

    def __init__(self, env: str, split: str) -> None:
        self.unavailable: Optional[str] = None
        self._scorer: Optional[RecordScorer] = None
        if env not in available_domains():
            self.unavailable = f"the run's env {env!r} is not an installed domain, so its states cannot be replayed"
            return
        try:
            self._scorer = RecordScorer(env, split)
            scorer_env = self._scorer.env
        except Exception as exc:  # noqa: BLE001 - a domain that cannot load: said, never a traceback
            self.unavailable = f"env {env!r} (split {split!r}) could not be loaded to replay the states: {type(exc).__name__}: {exc}"
            return
        if not all(hasattr(scorer_env, name) for name in ("initial_state", "ground_truth", "tools_map")):
            self.unavailable = f"env {env!r} does not expose its states (initial_state, ground_truth), so they cannot be replayed"

    def differences(self, record: Dict[str, Any], shaped: Dict[str, Any]) -> Dict[str, Any]:
        """``{"diff": [{path, expected, actual, owner}], "note": str}`` for one record."""
        if self.unavailable or self._scorer is None:
            return {"diff": [], "note": self.unavailable or "not replayed"}
        try:
            index = self._scorer.task_index(record, "the record")
            parsed = parse_traj(record.get("traj") or [])
        except (TrajectoryError, ValueError, KeyError, TypeError) as exc:
            return {"diff": [], "note": f"not replayed: {exc}"}
        env, task = self._scorer.env, self._scorer.tasks[index]
        try:
            seed = task_seed(task)
            initial = env.initial_state(seed)
            truth = env.ground_truth(task, seed)
            runner = EpisodeRunner(initial, env.tools_map, seed, (), parsed.first_user_message)
            runner.replay(parsed.actions, user_replies=parsed.user_replies)
            final = runner.overlay.data
            raw = canonical.compare(final, truth.data, initial, None, changed_between(runner.overlay, truth.overlay))
            ignore = env.task_setup(task, seed).ignore if hasattr(env, "task_setup") else ()
            owners = _owners(task_overrides(task), ignore, shaped, (final, truth.data), initial)
        except Exception as exc:  # noqa: BLE001 - a replay fault is reported on the episode, not raised
            return {"diff": [], "note": f"the replay failed: {type(exc).__name__}: {exc}"}
        canonical_paths = {str(d.get("path")) for d in shaped.get("canonical_diff") or [] if isinstance(d, dict)}
        entries = []
        for d in raw:
            owner = "in the canonical diff too" if d.path in canonical_paths else _owner_of(d.path, owners)
            entries.append({"path": d.path, "expected": d.expected, "actual": d.actual, "owner": owner})
        note = _note(entries, shaped, len(raw) >= canonical.MAX_DIFFS)
        return {"diff": entries, "note": note}


def _under(path: str, location: str) -> bool:
    return path == location or path.startswith(location + ".") or path.startswith(location + "[")


def _owners(overrides: Any, ignore: Sequence[str], shaped: Dict[str, Any], states: Tuple[Any, Any],
            initial: Any) -> List[Tuple[str, str]]:
    """(location, who judges it) for every location the canonical view drops or collapses."""
    verdicts = {str(i.get("id")): i for i in shaped.get("invariants") or [] if isinstance(i, dict)}
    owners: List[Tuple[str, str]] = []
    for inv in (overrides.monetary_identity if overrides is not None else []):
        held = verdicts.get(inv.id)
        verdict = ""
        if held is not None:
            verdict = (f" ({_money(held.get('total'))} given of {_money(held.get('disputed_amount'))} disputed: "
                       + ("holds" if held.get("holds") else "does not hold") + ")")
        for path in inv.owns:
            for state in states:
                owners += [(format_location(loc), f"judged by the invariant {inv.id}{verdict}") for loc, _ in select(state, path)]
    for cls in (overrides.equivalence_class if overrides is not None else []):
        what = f"judged through the equivalence class {cls.id} (any valid member is right)"
        for state in states:
            owners += [(format_location(loc), what) for loc, _ in select(state, cls.field_path)]
            owners += [(format_location(loc), what) for loc in equivalence.linked_locations(state, initial, cls)]
    for path in ignore:
        for state in states:
            owners += [(format_location(loc), "judged by the domain's policy rules, not by value (SPEC §9)") for loc, _ in select(state, path)]
    return owners


def _owner_of(path: str, owners: List[Tuple[str, str]]) -> str:
    for location, owner in owners:
        if _under(path, location):
            return owner
    return "equal once canonical (numbers and collections compared canonically, SPEC §4.4)"


def _money(value: Any) -> str:
    return f"{value:.2f}" if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def _note(entries: List[Dict[str, Any]], shaped: Dict[str, Any], truncated: bool) -> str:
    if not entries:
        if shaped.get("r_outputs") not in (None, 1, 1.0):
            return "the final state is the ground truth's; legacy is 0 because an expected output was not said"
        return "the final state is the ground truth's"
    dropped = sum(e["owner"] != "in the canonical diff too" for e in entries)
    head = f"the first {len(entries)} raw differences" if truncated else f"{len(entries)} raw difference{'s' * (len(entries) != 1)}"
    if dropped:
        return f"{head}; {dropped} of them the canonical view leaves to the part of the specification named beside it"
    return f"{head}, each in the canonical diff too"


def raw_differences(records: Sequence[Dict[str, Any]], env: str, split: str, wanted: Sequence[bool],
                    shaped_of: Any) -> List[Optional[Dict[str, Any]]]:
    """One entry per record: its raw difference where ``wanted`` (legacy 0 and scored), else None."""
    if not any(wanted):
        return [None] * len(records)
    replayer = Replayer(env, split)
    return [replayer.differences(r, shaped_of(r)) if want else None for r, want in zip(records, wanted)]
