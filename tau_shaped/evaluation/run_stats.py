"""A run's progress as it goes (``tau-shaped run``'s live line): episodes finished, passes under
each reward, and apart from the rates (SPEC §8) the undetermined episodes, the verifier's
faults and the episodes that errored; and the models' cost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict

from tau_shaped.evaluation.metrics import legacy_success, shaped_decided, shaped_determined, shaped_success


@dataclass
class RunStats:
    total: int
    finished: int = 0
    errors: int = 0  # errored in the run (info.error): in no rate
    legacy_passes: int = 0
    shaped_passes: int = 0
    undetermined: int = 0  # SPEC §8: counted apart, in no shaped rate
    faulted: int = 0  # SPEC §8: the shaped result is a fault (internal_error, input_invalid): in no shaped rate
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
        self.faulted += shaped_determined(record) and not shaped_decided(record)
        self.cost += float(info.get("agent_cost") or 0.0) + float(info.get("user_cost") or 0.0)

    def describe(self) -> str:
        """``legacy 40% of 10 | shaped 25% of 8 | $0.0123 | 2 undetermined``: each rate with the
        episodes it counts."""
        scored = self.finished - self.errors
        decided = scored - self.undetermined - self.faulted
        apart = [(self.undetermined, "undetermined"), (self.faulted, "faulted"), (self.errors, "errored")]
        return (f"legacy {_share(self.legacy_passes, scored)} | shaped {_share(self.shaped_passes, decided)} | "
                f"${self.cost:.4f}" + "".join(f" | {n} {what}" for n, what in apart if n))


def _share(passes: int, of: int) -> str:
    return f"{passes / of:.0%} of {of}" if of else "- of 0"
