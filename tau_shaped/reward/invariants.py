"""Conservation invariants (SPEC §4.3): the monetary identity and its cap.

``total`` is the sum of the numbers the component paths select in Sa. The
invariant holds iff ``|total − disputed_amount| ≤ tolerance``; a ``cap`` is
strict: exceeded when ``total > cap`` with only a float epsilon of slack, never a cent
(a safety gate, checked first). The
owned paths are removed from both canonical states, so any balanced
resolution passes and any unbalanced one fails, whatever its form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from tau_shaped.reward.matchers import sum_numbers
from tau_shaped.reward.paths import delete_locations, select
from tau_shaped.reward.overrides import MonetaryIdentity


#: SPEC §4.3: a cap allows float noise only (cent amounts differ by at least 0.01).
CAP_EPSILON = 1e-9


@dataclass(frozen=True)
class InvariantCheck:
    id: str
    total: float
    disputed_amount: float
    tolerance: float
    cap: Optional[float]

    @property
    def holds(self) -> bool:
        return abs(self.total - self.disputed_amount) <= self.tolerance + 1e-9

    @property
    def over_cap(self) -> bool:
        return self.cap is not None and self.total > self.cap + CAP_EPSILON

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "holds": self.holds,
            "total": round(self.total, 6),
            "disputed_amount": self.disputed_amount,
            "tolerance": self.tolerance,
            "cap": self.cap,
        }


def check(inv: MonetaryIdentity, final: Any) -> InvariantCheck:
    return InvariantCheck(
        id=inv.id,
        total=sum_numbers(final, inv.components),
        disputed_amount=inv.disputed_amount,
        tolerance=inv.tolerance,
        cap=inv.cap,
    )


def remove_owned(view: Any, inv: MonetaryIdentity) -> None:
    """Delete every owned location from a canonical view."""
    for path in inv.owns:
        delete_locations(view, [loc for loc, _ in select(view, path)])
