"""Hand-made scored records of the bundled food-delivery domain for the audit's report and
view tests (issue 46): each with the file's own reward and a shaped result, no scoring run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence

from tau_shaped.tasks.domains import load_domain

WRITE = load_domain("food_delivery").confirmation_targets[0]  # a tool that writes: its call is no inaction


def record(task: str, reward: float, outcome: Optional[float], rules: Sequence[str] = (), gates: Sequence[str] = (),
           writes: int = 0, said: str = "", trial: int = 0, evidence: str = "", error: str = "") -> Dict[str, Any]:
    """One episode: the agent's ``writes`` calls of WRITE, then ``said``; its shaped result
    broken by ``rules`` (at step 1, quoting ``evidence`` or the rule id) and ``gates``."""
    traj: List[Dict[str, Any]] = [{"role": "system", "content": "policy"}, {"role": "user", "content": "hello"}]
    for n in range(writes):
        traj.append({"role": "assistant", "content": None,
                     "tool_calls": [{"id": f"c{n}", "type": "function", "function": {"name": WRITE, "arguments": "{}"}}]})
        traj.append({"role": "tool", "tool_call_id": f"c{n}", "content": "done"})
    if said:
        traj.append({"role": "assistant", "content": said})
    shaped = {"status": "input_invalid" if error else "ok", "outcome_reward": outcome, "reward": outcome,
              "process_reward": 0.0, "safety_passed": not gates, "blend": "shaped", "lambda": 0.3, "spec_version": "1",
              "rule_violations": [{"id": r, "step": 1, "evidence": f"step 1: {evidence or 'said ' + r}"} for r in rules],
              "gate_violations": [{"id": g, "source": "policy", "step": 0, "evidence": "step 0: a fraud-flagged refund"}
                                  for g in gates]}
    info: Dict[str, Any] = {"task_key": task, "run": {"env": "food_delivery", "task_split": "test"}, "shaped": shaped}
    if error:
        info["error"] = error
    return {"task_id": 0, "reward": reward, "trial": trial, "traj": traj, "info": info}


def write_jsonl(path: Path, records: Iterable[Dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path
