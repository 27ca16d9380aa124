"""Telemetry: one JSON line per verifier attempt, and the rates it adds up to."""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Union

from tau_shaped.verifiers.protocol import VerifierOutcome

PASSING = ("verified", "spurious_fail")  # truly passing: what a spurious fail can hit


def event_of(outcome: VerifierOutcome, *, context: str, slice_name: Optional[str], seed: int, final: bool) -> Dict[str, Any]:
    event = outcome.model_dump(mode="json")
    event.update(context=context, slice=slice_name, seed=seed, final=final)
    return event


class TelemetryTrace:
    """Appends events to a JSON-lines file (flushed per event) and keeps them in memory."""

    def __init__(self, path: Optional[Union[str, Path]] = None) -> None:
        self.path = Path(path) if path is not None else None
        self.events: List[Dict[str, Any]] = []
        self._lock = threading.Lock()
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)

    def write(self, event: Dict[str, Any]) -> None:
        with self._lock:
            self.events.append(event)
            if self.path is not None:
                with self.path.open("a", encoding="utf-8") as stream:
                    stream.write(json.dumps(event, ensure_ascii=False, sort_keys=True) + "\n")


def read_trace(path: Union[str, Path]) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def _truly_passed(event: Dict[str, Any]) -> Optional[bool]:
    """What the verifier would have said without noise (None: it abstained)."""
    true_score = (event.get("metadata") or {}).get("true_score", event.get("score"))
    return None if true_score is None else true_score > 0


def aggregate_rates(events: Iterable[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Per (tier, slice): attempts, timeout / spurious-fail / spurious-pass / abstain
    rates (spurious fail among truly passing attempts, spurious pass among truly
    failing ones, both among attempts that did not time out), mean duration."""
    groups: Dict[tuple, List[Dict[str, Any]]] = defaultdict(list)
    for event in events:
        groups[(event.get("tier"), event.get("slice"))].append(event)
    rows = []
    for (tier, slice_name), group in sorted(groups.items(), key=lambda kv: (str(kv[0][0]), str(kv[0][1]))):
        answered = [e for e in group if e["status"] not in ("timeout", "budget_exhausted")]
        passing = [e for e in answered if _truly_passed(e) is True]
        failing = [e for e in answered if _truly_passed(e) is False]
        rows.append({
            "tier": tier,
            "slice": slice_name,
            "attempts": len(group),
            "timeout_rate": sum(e["status"] == "timeout" for e in group) / len(group),
            "spurious_fail_rate": sum(e["status"] == "spurious_fail" for e in passing) / len(passing) if passing else None,
            "spurious_pass_rate": sum(e["status"] == "spurious_pass" for e in failing) / len(failing) if failing else None,
            "abstain_rate": sum(e.get("score") is None for e in group) / len(group),
            "mean_duration_s": sum(e.get("duration_s", 0.0) for e in group) / len(group),
        })
    return rows
