"""Evaluating predicates over a trajectory (SPEC §5).

Each predicate yields a ``Verdict``: whether it holds, the first step at which
it holds, the set of steps at which it holds (what ``before`` orders), and a
line of evidence. The rules:

- ``tool``, ``said``, ``user_said``, ``event`` hold at the steps where a
  matching call, agent message, user message or event occurs (the user's
  first message counts as step 0).
- ``state``/``sum`` at ``final`` hold iff the final state matches; their
  step is the one after which the state matched and kept matching to the end
  (read from the env's state trace). At ``initial`` they are a fact of S0 and
  hold at every step.
- ``all`` holds iff every part holds, from the step the last part first held;
  ``any`` holds at any step a part holds; ``not P`` holds iff P never holds
  (a fact of the whole trajectory, with no step of its own); ``before [P, Q]``
  holds at each step where Q holds after a step where P held.

Gates and checkpoints whose verdict has no step of their own are placed at
the trajectory's last step.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.reward.matchers import StepView, match_text, match_value, sum_numbers
from tau_shaped.reward.paths import select_values
from tau_shaped.reward.policy_forms import PolicyForms, Verdict, short
from tau_shaped.reward.statement_forms import StatementForms
from tau_shaped.reward.predicate_schema import (
    AllPredicate,
    AnyPredicate,
    BeforePredicate,
    DisclosesPredicate,
    EventPredicate,
    NotPredicate,
    OffersUnsafePredicate,
    SaidPredicate,
    StatePredicate,
    SumPredicate,
    ToolPredicate,
    TurnPredicate,
    UnconfirmedPredicate,
    UnprecededPredicate,
    UnsupportedPredicate,
    UserSaidPredicate,
)
from tau_shaped.env.trajectory import Trajectory


_short = short


# The forms that hold at each step where what they look for happens (a call, a message, an event):
# every step of their verdict is a step that meets them. The others (a state since a step, a sum,
# ``all``) are met once, at their verdict's step; later steps only carry the state along.
# The policy forms that describe violations (``unpreceded``, ``unconfirmed``, ``unsupported``) hold
# at each violating step.
_EVENT_LIKE = (ToolPredicate, SaidPredicate, UserSaidPredicate, EventPredicate, TurnPredicate, BeforePredicate,
               UnprecededPredicate, UnconfirmedPredicate, UnsupportedPredicate, DisclosesPredicate,
               OffersUnsafePredicate)


def meeting_steps(pred: Any, verdict: Verdict, n: int) -> List[int]:
    """The steps at which ``pred`` is met, in order (SPEC §3.4: a checkpoint is credited at the
    first one that breaks no rule; a broken rule blocks credit at these steps): every step of an
    event-like form (and of an ``any`` of them), else only the verdict's step (or the last step,
    for a verdict with no step of its own)."""
    if not verdict.holds:
        return []
    if isinstance(pred, _EVENT_LIKE) or (isinstance(pred, AnyPredicate) and all(isinstance(q, _EVENT_LIKE) for q in pred.any)):
        return sorted(verdict.steps)
    step = verdict.step if verdict.step is not None else (n - 1 if n else None)
    return [step] if step is not None else []


def state_atom_holds(atom: StatePredicate, data: Any) -> bool:
    """A ``state`` predicate on one state: every selected value matches (and one exists)."""
    values = select_values(data, atom.state)
    ops = atom.given()
    if atom.exists is not None and bool(values) != atom.exists:
        return False
    if not ops:
        return bool(values) if atom.exists is None else True
    return bool(values) and all(match_value(atom, v) for v in values)


def sum_atom_value(atom: SumPredicate, data: Any) -> float:
    return sum_numbers(data, atom.sum)


def sum_atom_holds(atom: SumPredicate, data: Any) -> bool:
    return match_value(atom, sum_atom_value(atom, data))


def stable_since(trajectory: Trajectory, slot: Optional[int], holds: Any) -> Optional[int]:
    """The step from which ``holds(probe value)`` was true at every later step.

    Without a trace for the slot (a hand-built trajectory), the last step.
    """
    n = len(trajectory.steps)
    trace = trajectory.state_trace
    if trace is None or slot is None or len(trace) != n:
        return n - 1 if n else None
    since = None
    for index in range(n - 1, -1, -1):
        if not holds(trace[index][slot]):
            break
        since = index
    return since


class PredicateEvaluator(PolicyForms, StatementForms):
    """Evaluates predicates over one trajectory, its initial and final states (the forms that
    policy rules need are in ``policy_forms.PolicyForms``)."""

    def __init__(
        self,
        trajectory: Trajectory,
        initial: Any,
        final: Any,
        probe_slots: Optional[Dict[int, int]] = None,
    ) -> None:
        self.trajectory = trajectory
        self.initial = initial
        self.final = final
        self.n = len(trajectory.steps)
        self.all_steps = frozenset(range(self.n))
        self.probe_slots = probe_slots or {}
        self.states = (initial, final)
        self._calls: Optional[Dict[str, List[Any]]] = None

    def calls_of(self, tool: str) -> List[Any]:
        """The steps that call ``tool``, in order (indexed once per trajectory: a rule set
        asks about tens of tools)."""
        if self._calls is None:
            calls: Dict[str, List[Any]] = {}
            for step in self.trajectory.steps:
                calls.setdefault(step.action.name, []).append(step)
            self._calls = calls
        return self._calls.get(tool, [])

    def states_before(self, pred: Any, step: int) -> Tuple[Any, ...]:
        """What ``in_state`` matchers of ``pred`` read at ``step``: the state the step acted on
        (S0 at step 0; the probed values after the step before), or, without a trace (a
        hand-built trajectory), S0 and the final state."""
        if step == 0:
            return (self.initial,)
        slot = self.probe_slots.get(id(pred))
        trace = self.trajectory.state_trace
        if slot is None or trace is None or len(trace) != self.n:
            return self.states
        return (StepView(trace[step - 1][slot]),)

    def evaluate(self, pred: Any) -> Verdict:
        method = getattr(self, "_" + type(pred).__name__, None)
        if method is None:
            raise TypeError(f"not a predicate: {type(pred).__name__}")
        return method(pred)

    # -- occurrences -----------------------------------------------------------

    def _occurs(self, hits: List[Tuple[int, str]], what: str) -> Verdict:
        if not hits:
            return Verdict(False, None, frozenset(), f"no {what}")
        step, evidence = hits[0]
        return Verdict(True, step, frozenset(s for s, _ in hits), f"step {step}: {evidence}")

    def _ToolPredicate(self, p: ToolPredicate) -> Verdict:
        hits = []
        for s in self.calls_of(p.tool):
            if p.succeeded is not None and s.succeeded != p.succeeded:
                continue
            kwargs = s.action.kwargs
            states = self.states_before(p, s.index)
            if all(arg in kwargs and match_value(m, kwargs[arg], states) for arg, m in p.args.items()):
                state = "succeeded" if s.succeeded else "failed"
                hits.append((s.index, f"{p.tool}({_short(kwargs)}) {state}"))
        return self._occurs(hits, f"matching {p.tool} call")

    def _text_hits(self, messages: List[Tuple[int, str]], matcher: Any, who: str) -> Verdict:
        hits = []
        for step, text in messages:
            snippet = match_text(matcher, text)
            if snippet is not None:
                hits.append((step, f"{who} said {snippet!r}"))
        return self._occurs(hits, f"matching {who} message")

    def _SaidPredicate(self, p: SaidPredicate) -> Verdict:
        return self._text_hits(self.trajectory.agent_messages(), p.said, "agent")

    def _UserSaidPredicate(self, p: UserSaidPredicate) -> Verdict:
        return self._text_hits(self.trajectory.user_messages(), p.user_said, "user")

    def _TurnPredicate(self, p: TurnPredicate) -> Verdict:
        turns = self.trajectory.combined_turns
        return self._occurs([(step, f"one turn did more than one thing ({why})") for step, why in sorted(turns.items())],
                            "turn that did more than one thing")

    def _EventPredicate(self, p: EventPredicate) -> Verdict:
        hits = []
        for event in self.trajectory.events:
            if event.type != p.event or event.step is None:
                continue
            states = self.states_before(p, event.step)
            if all(k in event.fields and match_value(m, event.fields[k], states) for k, m in p.where.items()):
                hits.append((event.step, f"event {event.type} {_short(event.fields)}"))
        return self._occurs(hits, f"{p.event} event")

    # -- state -------------------------------------------------------------------

    def _state_verdict(self, atom: Any, holds_now: bool, described: str) -> Verdict:
        if not holds_now:
            return Verdict(False, None, frozenset(), f"{described} does not hold")
        if atom.at == "initial":
            return Verdict(True, None, self.all_steps, f"{described} holds initially")
        step = self._stable_since(atom)
        steps = frozenset(range(step, self.n)) if step is not None else frozenset()
        where = f"since step {step}" if step is not None else "at the end"
        return Verdict(True, step, steps, f"{described} holds {where}")

    def _stable_since(self, atom: Any) -> Optional[int]:
        return stable_since(self.trajectory, self.probe_slots.get(id(atom)), bool)

    def _StatePredicate(self, p: StatePredicate) -> Verdict:
        data = self.final if p.at == "final" else self.initial
        values = select_values(data, p.state)
        shown = _short(values[0]) if len(values) == 1 else _short(values)
        return self._state_verdict(p, state_atom_holds(p, data), f"state {p.state} = {shown}")

    def _SumPredicate(self, p: SumPredicate) -> Verdict:
        data = self.final if p.at == "final" else self.initial
        total = sum_atom_value(p, data)
        return self._state_verdict(p, match_value(p, total), f"sum {p.sum} = {total:g}")

    # -- connectives -----------------------------------------------------------

    def _AllPredicate(self, p: AllPredicate) -> Verdict:
        parts = [self.evaluate(q) for q in p.all]
        failed = [v for v in parts if not v.holds]
        if failed:
            return Verdict(False, None, frozenset(), failed[0].evidence)
        anchored = [v.step for v in parts if v.step is not None]
        step = max(anchored) if anchored else None
        steps = frozenset(range(step, self.n)) if step is not None else self.all_steps
        return Verdict(True, step, steps, "; ".join(v.evidence for v in parts))

    def _AnyPredicate(self, p: AnyPredicate) -> Verdict:
        parts = [v for v in (self.evaluate(q) for q in p.any) if v.holds]
        if not parts:
            return Verdict(False, None, frozenset(), "no alternative holds")
        anchored = [v for v in parts if v.step is not None]
        first = min(anchored, key=lambda v: v.step) if anchored else parts[0]
        steps = frozenset().union(*(v.steps for v in parts))
        return Verdict(True, first.step, steps, first.evidence)

    def _NotPredicate(self, p: NotPredicate) -> Verdict:
        inner = self.evaluate(p.not_)
        if inner.holds:
            return Verdict(False, None, frozenset(), f"not: {inner.evidence}")
        return Verdict(True, None, self.all_steps, f"never: {inner.evidence}")

    def _BeforePredicate(self, p: BeforePredicate) -> Verdict:
        first, then = (self.evaluate(q) for q in p.before)
        if not first.steps:
            return Verdict(False, None, frozenset(), f"before: first part never held ({first.evidence})")
        earliest = min(first.steps)
        steps = frozenset(j for j in then.steps if j > earliest)
        if not steps:
            return Verdict(False, None, frozenset(), f"before: second part never held after step {earliest}")
        step = min(steps)
        return Verdict(True, step, steps, f"{first.evidence}, then at step {step}: {then.evidence}")
