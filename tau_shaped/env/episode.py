"""What a tool can reach of the running episode: its random generator and its event log.

tau-bench's tools are static ``invoke(data, **kwargs)`` functions with no
handle on the env. A tool that must choose (a dispatcher picking a courier)
draws from ``episode_rng()``, seeded by ``Env.reset(seed=...)``; a tool that
crosses a safety line records it with ``record_event(...)`` (SPEC §5). Both
reach the episode the env is stepping through a context variable, so there is
no module-level randomness and concurrent episodes in threads or tasks do not
share state.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, TypeVar

T = TypeVar("T")


@dataclass
class Event:
    """One entry of the episode's event log (SPEC §5 ``event`` predicate)."""

    type: str
    step: Optional[int]
    fields: Dict[str, Any]

    def to_dict(self) -> Dict[str, Any]:
        return {"type": self.type, "step": self.step, **self.fields}


@dataclass
class EpisodeContext:
    """``rng``: the episode's generator; None until a tool first asks for it, then made from
    ``seed`` (``seeded_rng``): most episodes never draw, and seeding costs more than the rest
    of starting one."""

    rng: Optional[random.Random]
    events: List[Event] = field(default_factory=list)
    step: Optional[int] = None
    seed: Optional[int] = None


def seeded_rng(seed: Optional[int]) -> random.Random:
    """The episode's generator: the same seed gives the same draws in any process."""
    return random.Random(f"tau-shaped-episode:{seed}")


_current: ContextVar[Optional[EpisodeContext]] = ContextVar("tau_shaped_episode", default=None)


class NoEpisodeError(RuntimeError):
    """A tool asked for the episode outside of an env step."""


def _context() -> EpisodeContext:
    ctx = _current.get()
    if ctx is None:
        raise NoEpisodeError(
            "no episode is running: call tools through Env.step (or tau_shaped.env.episode.running)"
        )
    return ctx


def episode_rng() -> random.Random:
    """The random generator of the episode being stepped (seeded at reset)."""
    ctx = _context()
    if ctx.rng is None:
        ctx.rng = seeded_rng(ctx.seed)
    return ctx.rng


def episode_running() -> bool:
    """Whether a tool is being called within an episode (whose event log it may write)."""
    return _current.get() is not None


def record_event(type: str, **fields: Any) -> None:
    """Record a safety-relevant fact at the current step (SPEC §5)."""
    ctx = _context()
    ctx.events.append(Event(type=type, step=ctx.step, fields=dict(fields)))


def events_so_far() -> Tuple[Event, ...]:
    """The events the running episode has recorded so far (none outside an episode): what a
    domain's watch reads of the calls before (the bill a payment request was sent for)."""
    ctx = _current.get()
    return tuple(ctx.events) if ctx is not None else ()


@contextmanager
def running(ctx: EpisodeContext, step: Optional[int]) -> Iterator[EpisodeContext]:
    """Make ``ctx`` the current episode while a tool runs at ``step``."""
    ctx.step = step
    token = _current.set(ctx)
    try:
        yield ctx
    finally:
        _current.reset(token)
        ctx.step = None


def call_in(ctx: EpisodeContext, step: Optional[int], func: Callable[..., T], *args: Any) -> T:
    """``func(*args)`` with ``ctx`` the current episode at ``step``: ``running`` without the
    cost of a context manager (a replay calls every tool this way)."""
    ctx.step = step
    token = _current.set(ctx)
    try:
        return func(*args)
    finally:
        _current.reset(token)
        ctx.step = None
