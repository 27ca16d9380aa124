"""What a tool reads, writes and records, declared on the tool itself.

::

    @effects(reads=["orders", "customers"], writes=["orders", "customers"], events=["money_moved"])
    @tool
    def issue_refund(data: dict, order_id: str, amount: float, method: str, reason: str) -> dict:
        ...

``reads`` and ``writes`` name the state's top-level tables (``"*"``: any); ``events`` the event
types the tool may record (SPEC §5). A tool that writes nothing is a look-up: a failed one
changes nothing (SPEC §6.2 notes it rather than refusing the task). ``confirm`` says whether
the policy asks the customer's explicit yes before the call (default: a tool that writes; a
record the service keeps of its own, a quote, is a write that needs none).

A domain derives its read tools, write tools, event types and confirmation targets from these
declarations (``tau_shaped.tasks.domains.Domain``), and ``tau-shaped domain check`` holds each
tool to them on every ground-truth replay. The decorator goes on any tau-bench ``Tool`` class,
above ``@tool`` or on a hand-written one; ``effects_of`` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, FrozenSet, Iterable, Optional, TypeVar

__all__ = ["ANY", "ToolEffects", "effects", "effects_of"]

#: Any table: a tool that reaches records it cannot name in advance (a generic search).
ANY = "*"

T = TypeVar("T")


@dataclass(frozen=True)
class ToolEffects:
    """A tool's declared reach (see the module)."""

    reads: FrozenSet[str]
    writes: FrozenSet[str]
    events: FrozenSet[str]
    confirm: bool

    @property
    def read_only(self) -> bool:
        """The tool changes nothing: a look-up."""
        return not self.writes

    def may_read(self, table: str) -> bool:
        return ANY in self.reads or table in self.reads or self.may_write(table)

    def may_write(self, table: str) -> bool:
        return ANY in self.writes or table in self.writes


def _names(value: Iterable[str], what: str) -> FrozenSet[str]:
    if isinstance(value, str):
        raise TypeError(f"effects({what}=...): a list of names, not the string {value!r}")
    names = frozenset(value)
    bad = sorted(repr(n) for n in names if not isinstance(n, str) or not n)
    if bad:
        raise TypeError(f"effects({what}=...): names are non-empty strings, not {', '.join(bad)}")
    return names


def effects(
    *,
    reads: Iterable[str] = (),
    writes: Iterable[str] = (),
    events: Iterable[str] = (),
    confirm: Optional[bool] = None,
) -> Callable[[T], T]:
    """Declare a ``Tool`` class's reach (see the module). A plain function is refused: put
    ``@effects(...)`` above ``@tool``."""
    declared = ToolEffects(
        reads=_names(reads, "reads"),
        writes=_names(writes, "writes"),
        events=_names(events, "events"),
        confirm=bool(writes) if confirm is None else bool(confirm),
    )

    def mark(cls: T) -> T:
        if not isinstance(cls, type) or not callable(getattr(cls, "invoke", None)):
            raise TypeError("@effects(...) declares a Tool class: put it above @tool")
        cls.effects = declared  # type: ignore[attr-defined]
        return cls

    return mark


def effects_of(tool: Any) -> Optional[ToolEffects]:
    """The tool's declared effects, or None when it declares none."""
    found = getattr(tool, "effects", None)
    return found if isinstance(found, ToolEffects) else None
