"""A run's progress as it goes (``tau-shaped run``'s live line): episodes finished, passes under
each reward, undetermined and errored episodes counted apart (SPEC §8), and the models' cost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict

from tau_shaped.evaluation.metrics import legacy_success, shaped_determined, shaped_success


@dataclass
class RunStats:
    total: int
    finished: int = 0
    errors: int = 0
    legacy_passes: int = 0
    shaped_passes: int = 0
    undetermined: int = 0  # SPEC §8: counted apart, in no shaped rate
    cost: float = 0.0

    def add(self, record: Dict[str, Any]) -> None:
        self.finished += 1
        info = record.get("info") or {}
        if info.get("error"):
            self.errors += 1
            return
        self.legacy_passes += legacy_success(record)
        self.shaped_passes += shaped_success(record)
        self.undetermined += not shaped_determined(record)
        self.cost += float(info.get("agent_cost") or 0.0) + float(info.get("user_cost") or 0.0)

    def describe(self) -> str:
        scored = max(1, self.finished - self.errors)
        decided = max(1, self.finished - self.errors - self.undetermined)
        return (
            f"legacy {self.legacy_passes / scored:.0%} | shaped {self.shaped_passes / decided:.0%} | "
            f"${self.cost:.4f}" + (f" | {self.undetermined} undetermined" if self.undetermined else "")
            + (f" | {self.errors} errors" if self.errors else "")
        )
