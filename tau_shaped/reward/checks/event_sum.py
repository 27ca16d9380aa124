"""``{"event_sum": TYPE, "field": F, "where": {...}, "per": G, ...MATCHER}``: the sum of a field over
the matching events (money moved for the customer in the whole conversation, with or without an
order, SPEC §9); its step is the event from which the running sum matched and kept matching. With
``per``, one sum for each value of the events' field G (data refuelled on each line: a cap the
policy puts on one line is not reached by two lines' refuels together); the form holds when the
sum of some group matches, from the first step at which one did and kept matching."""

from __future__ import annotations

import math
from typing import Any, Dict, Iterable, List, Optional, Tuple

from pydantic import Field

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, Probe, register
from tau_shaped.reward.checks.state_binding import binding_probe, in_state_paths
from tau_shaped.reward.checks.finding import NOWHERE, Finding
from tau_shaped.reward.matcher_schema import Matcher, MatchOps, _MatcherMap
from tau_shaped.reward.matchers import match_value
from tau_shaped.reward.values import is_number


class EventSumPredicate(MatchOps, _MatcherMap):
    """The sum of ``field`` over the events of type ``event_sum`` matching ``where``."""

    event_sum: str
    field: str = "amount"
    where: Dict[str, Matcher] = Field(default_factory=dict)
    per: Optional[str] = None


@register
class EventSumKind(CheckKind):
    key = "event_sum"
    model = EventSumPredicate

    def events(self, pred: Any) -> Iterable[str]:
        return (pred.event_sum,)

    def probe(self, pred: Any) -> Optional[Probe]:
        paths = in_state_paths(pred.where)
        return binding_probe(paths) if paths else None

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        kind, name, key, per = pred.event_sum, pred.field, id(pred), pred.per
        where = tuple(pred.where.items())

        nothing: List[Any] = []  # (whether a sum of 0 matches, its finding when not): worked out at the first run with no event

        def check(run: Any) -> Finding:
            events = run.events_of(kind)
            if not events:  # no event of the type: the one sum is 0 (as below, read once)
                if not nothing:
                    nothing.extend((match_value(pred, 0.0), Finding(False, None, NOWHERE, f"sum of {name} over {kind} events = "
                                                                                        f"{0.0:.2f} does not match")))
                if not nothing[0]:
                    return nothing[1]
                return Finding(True, None, frozenset(range(run.n)), f"sum of {name} over {kind} events = {0.0:.2f} matches with no event")
            groups: Dict[Any, List[Tuple[int, float]]] = {}  # group -> its running sums, in order
            parts: Dict[Any, List[float]] = {}
            for event in events:
                if where:
                    states = run.states_before(key, event.step)
                    if not all(k in event.fields and match_value(m, event.fields[k], states) for k, m in where):
                        continue
                value = event.fields.get(name)
                if not is_number(value):
                    continue
                group = None if per is None else _group(event.fields.get(per))
                parts.setdefault(group, []).append(float(value))
                groups.setdefault(group, []).append((event.step, math.fsum(parts[group])))
            if not groups:
                groups[None] = []
            best: Optional[Tuple[Optional[int], Any, float]] = None  # (since, group, total) of a matching group
            for group, running in groups.items():
                total = running[-1][1] if running else 0.0
                if not match_value(pred, total):
                    continue
                since: Optional[int] = None
                for step, value in reversed(running):
                    if not match_value(pred, value):
                        break
                    since = step
                if best is None or (since is not None and (best[0] is None or since < best[0])):
                    best = (since, group, total)
            if best is None:
                totals = ", ".join(f"{_label(g)}{(r[-1][1] if r else 0.0):.2f}" for g, r in groups.items())
                return Finding(False, None, NOWHERE, f"sum of {name} over {kind} events = {totals} does not match")
            since, group, total = best
            described = f"sum of {name} over {kind} events = {_label(group)}{total:.2f}"
            if since is None:
                return Finding(True, None, frozenset(range(run.n)), f"{described} matches with no event")
            return Finding(True, since, frozenset(range(since, run.n)), f"step {since}: {described}")

        return check


def _group(value: Any) -> Any:
    """A ``per`` field's value as a group key (a list or a mapping by its text)."""
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def _label(group: Any) -> str:
    return "" if group is None else f"{group}: "
