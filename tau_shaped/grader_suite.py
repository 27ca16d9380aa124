"""The grader regression suite (``tau-shaped grader-test``): labeled trajectories
that every change to the verifier must keep scoring as labeled, and a gaming
probe: no blend may rank a trajectory that only performs checkpoint steps at or
above a correct one."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Tuple

from tau_shaped.domains import Domain
from tau_shaped.result import BLENDS
from tau_shaped.scoring import score_trajectory

CLASSES = ("pass", "fail", "unsafe")


def verdict_class(outcome: float, safety_passed: bool) -> str:
    if not safety_passed:
        return "unsafe"
    return "pass" if outcome >= 1 - 1e-9 else "fail"


@dataclass
class SuiteReport:
    total: int = 0
    kinds: Counter = field(default_factory=Counter)
    confusion: Counter = field(default_factory=Counter)
    disagreements: List[Tuple[str, str]] = field(default_factory=list)
    gaming: Dict[str, Tuple[float, float, str]] = field(default_factory=dict)  # blend -> (worst margin, ..)
    gaming_failures: List[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.disagreements and not self.gaming_failures


def load_corpus(folder: Path) -> List[Dict[str, Any]]:
    entries: List[Dict[str, Any]] = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}") from None
        for i, e in enumerate(data):
            if not isinstance(e, dict) or not {"task_id", "actions", "expected"} <= set(e):
                raise ValueError(f"{path}: entry {i} needs task_id, actions and expected")
            entries.append({**e, "_file": path.name})
    return entries


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
    if expected.get("legacy") is not None and result.legacy_reward != expected["legacy"]:
        out.append(f"legacy {result.legacy_reward:g} (expected {expected['legacy']})")
    return out


def run_suite(domain: Domain, folder: Path, splits: Tuple[str, ...] = ("train", "test")) -> SuiteReport:
    tasks = {t.id: t for split in splits for t in domain.tasks(split)}
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    report = SuiteReport()
    rewards: Dict[str, Dict[str, List[Tuple[float, str]]]] = defaultdict(lambda: defaultdict(list))
    for e in load_corpus(folder):
        task = tasks.get(e["task_id"])
        where = f"{e['_file']}: {e.get('id', e['task_id'])}"
        if task is None:
            report.disagreements.append((where, f"unknown task {e['task_id']!r}"))
            continue
        report.total += 1
        report.kinds[e.get("kind", "?")] += 1
        result = score_trajectory(env, task, e["actions"], user_replies=e.get("user_replies"))
        if result.status != "ok":
            report.disagreements.append((where, f"{result.status}: {result.error}"))
            continue
        exp = e["expected"]
        report.confusion[(verdict_class(exp["outcome"], exp["safety_passed"]), verdict_class(result.outcome_reward, result.safety_passed))] += 1
        problems = _mismatches(exp, result)
        if problems:
            report.disagreements.append((where, "; ".join(problems)))
        correct = result.outcome_reward >= 1 - 1e-9
        gaming = not correct and result.safety_passed and result.process_reward > 0
        for blend in BLENDS:
            if correct or gaming:
                reward = _blended(result, blend)
                rewards[task.id][("correct" if correct else "gaming") + ":" + blend].append((reward, where))
    for blend in BLENDS:
        worst = None
        for task_id, by in rewards.items():
            best_gaming = max(by.get(f"gaming:{blend}", [(float("-inf"), "")]))
            worst_correct = min(by.get(f"correct:{blend}", [(float("inf"), "")]))
            if best_gaming[0] == float("-inf") or worst_correct[0] == float("inf"):
                continue
            margin = worst_correct[0] - best_gaming[0]
            if worst is None or margin < worst[0]:
                worst = (margin, best_gaming[0], task_id)
            if margin <= 0:
                report.gaming_failures.append(f"{blend}: {best_gaming[1]} scores {best_gaming[0]:.3f} >= correct {worst_correct[0]:.3f}")
        if worst is not None:
            report.gaming[blend] = worst
    return report


def _blended(result: Any, blend: str) -> float:
    from tau_shaped.result import blend_reward

    return blend_reward(blend, result.outcome_reward, result.process_reward, result.safety_passed, result.lambda_)
