"""``{"event_sum": TYPE, "field": F, "where": {...}, ...MATCHER}``: the sum of a field over the
matching events (money moved for the customer in the whole conversation, with or without an
order, SPEC §9); its step is the event from which the running sum matched and kept matching."""

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
        kind, name, key = pred.event_sum, pred.field, id(pred)
        where = tuple(pred.where.items())

        def check(run: Any) -> Finding:
            running: List[Tuple[int, float]] = []
            total = 0.0
            parts: List[float] = []
            for event in run.events:
                if event.type != kind or event.step is None:
                    continue
                if where:
                    states = run.states_before(key, event.step)
                    if not all(k in event.fields and match_value(m, event.fields[k], states) for k, m in where):
                        continue
                value = event.fields.get(name)
                if not is_number(value):
                    continue
                parts.append(float(value))
                total = math.fsum(parts)
                running.append((event.step, total))
            described = f"sum of {name} over {kind} events = {total:.2f}"
            if not match_value(pred, total):
                return Finding(False, None, NOWHERE, f"{described} does not match")
            since: Optional[int] = None
            for step, value in reversed(running):
                if not match_value(pred, value):
                    break
                since = step
            if since is None:
                return Finding(True, None, frozenset(range(run.n)), f"{described} matches with no event")
            return Finding(True, since, frozenset(range(since, run.n)), f"step {since}: {described}")

        return check
