"""A predicate's finding over one trajectory (SPEC §5), with its evidence built only when read.

A verdict says whether the predicate holds, the first step at which it holds, the set of steps
at which it holds (what ``before`` and ``unpreceded`` order, what a checkpoint is credited at)
and a line of evidence. Evidence is text for people: most verdicts never reach a result (a
gate that does not fire, a part of an ``all``), so it may be given as a zero-argument callable,
called once, the first time ``evidence`` is read (SPEC §7's evidence is the same text either way).
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple, Union

from tau_shaped.env.trajectory import observation_failed

Evidence = Union[str, Callable[[], str]]

NOWHERE: FrozenSet[int] = frozenset()


class Finding:
    __slots__ = ("holds", "step", "steps", "_evidence", "undetermined")

    def __init__(self, holds: bool, step: Optional[int], steps: FrozenSet[int], evidence: Evidence,
                 undetermined: Tuple[Tuple[int, str], ...] = ()) -> None:
        self.holds = holds
        self.step = step
        self.steps = steps
        self._evidence = evidence
        # SPEC §8: (step, evidence) where the words did not settle the rule (a reply neither yes nor
        # no); meaningful when ``holds`` is false (a rule broken elsewhere is settled)
        self.undetermined = undetermined

    @property
    def evidence(self) -> str:
        text = self._evidence
        if not isinstance(text, str):
            text = self._evidence = text()
        return text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Finding):
            return NotImplemented
        return (self.holds, self.step, self.steps, self.evidence, self.undetermined) == (
            other.holds, other.step, other.steps, other.evidence, other.undetermined)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Finding(holds={self.holds}, step={self.step}, steps={sorted(self.steps)}, "
                f"evidence={self.evidence!r}, undetermined={self.undetermined!r})")


# what ``json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)`` makes for each call, made once
_SHORT = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=str)


def short(value: Any, limit: int = 80) -> str:
    """``value`` as compact JSON (keys sorted), cut to ``limit`` characters."""
    try:
        text = _SHORT.encode(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def occurrences(steps: List[int], first: Evidence, none: str) -> Finding:
    """The verdict of a form that holds at each of ``steps`` (in order), with the first one's
    evidence: ``step S: EVIDENCE``."""
    if not steps:
        return Finding(False, None, NOWHERE, none)
    step = steps[0]
    if isinstance(first, str):
        return Finding(True, step, frozenset(steps), f"step {step}: {first}")
    return Finding(True, step, frozenset(steps), lambda: f"step {step}: {first()}")


_KEPT_NONE: Dict[str, Finding] = {}  # ``violations``' finding of no hit, by its text


def violations(hits: List[Tuple[int, Evidence]], none: str) -> Finding:
    """The verdict of a form whose steps break a rule: the first with its evidence and how many
    more (``step S: EVIDENCE (and N more)``)."""
    if not hits:  # most forms break no rule in most rollouts: one finding for each text of ``none`` (never changed)
        kept = _KEPT_NONE.get(none)
        if kept is None:
            if len(_KEPT_NONE) >= 4096:
                _KEPT_NONE.clear()
            kept = _KEPT_NONE[none] = Finding(False, None, NOWHERE, none)
        return kept
    step, first = hits[0]
    more = f" (and {len(hits) - 1} more)" if len(hits) > 1 else ""
    steps = frozenset(s for s, _ in hits)
    if isinstance(first, str):
        return Finding(True, step, steps, f"step {step}: {first}{more}")
    return Finding(True, step, steps, lambda: f"step {step}: {first()}{more}")


# a judge of one write: None (the write keeps the rule), (True, why) (it breaks it) or (False, why) (the words do not settle it)
WriteVerdict = Optional[Tuple[bool, str]]


def judged_writes(run: Any, tools: Tuple[str, ...], judge: Callable[[Any, Any], WriteVerdict], none: str) -> Finding:
    """The verdict of a form that judges each write of ``tools`` that succeeded (a failed call changed nothing) with
    ``judge(run, step)``: broken at the writes that break it (``violations``); else, where some write's words do not
    settle it, undetermined (SPEC §8) at the first such write, every such write in the detail; else kept."""
    broken: List[Tuple[int, Evidence]] = []
    open_: List[Tuple[int, str]] = []
    for tool in tools:
        for step in run.calls_of(tool):
            if observation_failed(step.observation):
                continue
            verdict = judge(run, step)
            if verdict is not None:
                (broken if verdict[0] else open_).append((step.index, verdict[1]))
    if broken or not open_:
        return violations(sorted(broken), none)
    open_.sort()
    return Finding(False, None, NOWHERE, f"undetermined: step {open_[0][0]}: {open_[0][1]}", tuple(open_))
