"""Every episode of a run grouped by its two verdicts (both pass, legacy only, shaped only,
both fail), and within each group by reason, with counts and example tasks: what
``tau-shaped compare`` (and the demo) print, so that the reasons of every episode are on
screen, not only those of the disagreements.

An episode's reason is what the shaped result names (SPEC §7): the gates that fired, the
policy rules broken (SPEC §9), the invariants that do not balance (over or under what is
owed, SPEC §4.3), the output checks not met and the canonical state paths that differ
(SPEC §4), in that order; for a valid alternative, the equivalence class or invariant that
accepted it. Steps, amounts and record ids are left out (``orders.FD-10041.status`` reads
``orders.*.status``), so that episodes that failed the same way share one row.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from tau_shaped.evaluation.metrics import legacy_success, shaped_decided, shaped_result, shaped_success, task_key
from tau_shaped.report.comparison import disagreement_reason
from tau_shaped.report.verdict_words import Reason, explain, general_path, in_group, invariant_label

__all__ = ["ReasonRow", "VerdictGroup", "GROUPS", "general_path", "failure_parts", "episode_reason", "examples", "task_list",
           "group_by_verdict"]

EXAMPLES = 4  # example tasks shown per reason
STATE_PATHS = 2  # differing state paths named per episode
EVERY_CHECK = "every check passed"


@dataclass
class ReasonRow:
    reason: str
    episodes: int = 0
    tasks: List[str] = field(default_factory=list)  # distinct task keys, in the order first met
    # the first episode's reasons in words (sentence, step, evidence) and which episode it is
    words: List[Reason] = field(default_factory=list)
    example: Optional[str] = None  # "task TASK, trial N"


@dataclass
class VerdictGroup:
    name: str  # "both pass", "legacy only", "shaped only", "both fail"
    legacy: int  # the legacy verdict of every episode in the group (0 or 1)
    shaped: Optional[int]  # None: no shaped verdict (undetermined or a fault, SPEC §8: reward null)
    episodes: int = 0
    reasons: List[ReasonRow] = field(default_factory=list)  # most episodes first


# (name, legacy, shaped): the order the groups are printed in
GROUPS: Tuple[Tuple[str, int, int], ...] = (("both pass", 1, 1), ("legacy only", 1, 0), ("shaped only", 0, 1),
                                             ("both fail", 0, 0))
# episodes the shaped verifier gave no verdict (SPEC §8): counted apart, after the four, when there are any
NO_VERDICT: Tuple[Tuple[str, int, None], ...] = (("legacy 1, no shaped verdict", 1, None),
                                                 ("legacy 0, no shaped verdict", 0, None))


def failure_parts(shaped: Mapping[str, Any]) -> List[str]:
    """What the shaped result names for a shaped 0, ids starred: the gates that fired (a fired
    gate zeroes everything, SPEC §3.1, so they are the reason), else what the canonical
    outcome found: broken policy rules, unbalanced invariants, output checks not met, and the
    first differing state paths."""
    if shaped.get("status") == "undetermined":
        return list(dict.fromkeys(f"undetermined: {u.get('id')}" for u in shaped.get("undetermined") or []
                                  if isinstance(u, dict))) or ["undetermined"]  # a rule open at several steps: once
    if shaped.get("status") not in (None, "ok"):
        return [f"not scored: {shaped.get('status')}"]
    gates = []
    for gate in shaped.get("gate_violations") or []:
        source = gate.get("source")
        gates.append(f"gate {gate.get('id')}" + (f" ({source})" if source and source != "policy" else ""))
    if gates:
        return list(dict.fromkeys(gates))
    parts = [f"policy rule {rule.get('id')}" for rule in shaped.get("rule_violations") or []]
    parts += [invariant_label(inv) for inv in shaped.get("invariants") or [] if not inv.get("holds")]
    parts += [f"output check {c.get('id')} failed" for c in shaped.get("output_checks") or [] if not c.get("passed")]
    paths = list(dict.fromkeys(general_path(d.get("path", "")) for d in shaped.get("canonical_diff") or []))
    parts += [f"state {p}" for p in paths[:STATE_PATHS]]
    return list(dict.fromkeys(parts)) or ["shaped outcome 0 (no single component named)"]


def episode_reason(record: Mapping[str, Any]) -> str:
    """One line saying why the episode has its two verdicts, the same for episodes that
    passed or failed the same way."""
    shaped = shaped_result(record)
    legacy, ok = legacy_success(record), shaped_success(record)
    if ok:
        # a valid alternative: the class or invariant that accepted it (for a tau2 run, why tau2's is 0)
        return EVERY_CHECK if legacy else disagreement_reason(record)
    return "; ".join(failure_parts(shaped))


def _family(key: str) -> str:
    """A task key without its number (fd-cancel-3 -> fd-cancel): examples come from different
    families first."""
    return re.sub(r"[-_]?\d+$", "", key)


def examples(tasks: Sequence[str], n: int = EXAMPLES) -> List[str]:
    """Up to ``n`` of ``tasks``, one per family first, in the order given."""
    chosen: List[str] = []
    families = set()
    for key in tasks:
        if len(chosen) < n and _family(key) not in families:
            chosen.append(key)
            families.add(_family(key))
    for key in tasks:
        if len(chosen) < n and key not in chosen:
            chosen.append(key)
    return chosen


def task_list(tasks: Sequence[str], n: int = EXAMPLES) -> str:
    """``examples`` written short, a family's numbers together (``fd-cancel-3/5, fd-closed-4``),
    and how many tasks are not shown."""
    shown = examples(tasks, n)
    numbered: Dict[str, List[str]] = {}
    for key in shown:
        family = _family(key)
        numbered.setdefault(family if family and family != key else key, []).append(key[len(family):] if family else "")
    parts = []
    for family, numbers in numbered.items():
        numbers.sort(key=lambda n: int(n.lstrip("-_")) if n.lstrip("-_").isdigit() else 0)
        parts.append(family + "/".join(n.lstrip("-_") if i else n for i, n in enumerate(numbers)))
    more = len(tasks) - len(shown)
    return ", ".join(parts) + (f" +{more} more" if more else "")


def group_by_verdict(records: Sequence[Mapping[str, Any]],
                     sentences: Mapping[str, str] = MappingProxyType({})) -> List[VerdictGroup]:
    """The four groups (each present, maybe empty), then those of the episodes with no shaped
    verdict (only when there are any), every record in exactly one, and in it
    under exactly one reason; each reason row in words (``verdict_words``) from its first
    episode, the policy rules' sentences from ``sentences`` (``verdict_words.rule_sentences``)."""
    groups = {(lg, sh): VerdictGroup(name, lg, sh) for name, lg, sh in GROUPS + NO_VERDICT}
    rows: Dict[Tuple[int, Optional[int]], Dict[str, ReasonRow]] = defaultdict(dict)
    for record in records:
        verdicts = (int(legacy_success(record)), int(shaped_success(record)) if shaped_decided(record) else None)
        reason = episode_reason(record)
        row = rows[verdicts].setdefault(reason, ReasonRow(reason))
        if row.example is None and reason != EVERY_CHECK:
            row.words = in_group(explain(record, sentences), reason)
            row.example = f"task {task_key(record)}, trial {record.get('trial', 0)}"
        row.episodes += 1
        key = task_key(record)
        if key not in row.tasks:
            row.tasks.append(key)
        groups[verdicts].episodes += 1
    for verdicts, group in groups.items():
        group.reasons = sorted(rows[verdicts].values(), key=lambda r: (-r.episodes, r.reason))
    return [groups[(lg, sh)] for _, lg, sh in GROUPS] + [groups[(lg, sh)] for _, lg, sh in NO_VERDICT if groups[(lg, sh)].episodes]
