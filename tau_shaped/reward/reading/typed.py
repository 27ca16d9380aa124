"""A typed value read in a message (SPEC §10 statements): an amount of money, a clock time, a
duration or a day, with where the words stand. Every reader of values returns these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

__all__ = ["Stated"]


@dataclass(frozen=True)
class Stated:
    """One typed statement: ``kind`` is "amount" (``value`` in currency units), "time"
    (``value`` in minutes since midnight), "duration" (minutes) or "day" (days from the
    episode's day: -1 yesterday, 0 today, 1 tomorrow, ...); ``text == message[start:end]``."""

    kind: str
    value: float
    text: str
    start: int
    end: int
    other: Optional[float] = None  # a time's other reading: "7:08" with no am/pm may be 19:08

    @property
    def readings(self) -> Tuple[float, ...]:
        """The values the words may mean: a time of 1:00-12:59 written without am or pm is
        either half of the day (on the evening's clock "between 7:08 and 7:23" is 19:08)."""
        return (self.value,) if self.other is None else (self.value, self.other)
