"""``{"event": TYPE, "where": {FIELD: MATCHER}}``: holds at each step that recorded a matching
event (SPEC §5)."""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional

from pydantic import Field

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, Probe, register
from tau_shaped.reward.checks.state_binding import binding_probe, in_state_paths
from tau_shaped.reward.checks.finding import NOWHERE, Finding, short
from tau_shaped.reward.matcher_schema import Matcher, _MatcherMap
from tau_shaped.reward.matchers import match_value


class EventPredicate(_MatcherMap):
    event: str
    where: Dict[str, Matcher] = Field(default_factory=dict)


@register
class EventKind(CheckKind):
    key = "event"
    model = EventPredicate
    event_like = True

    def events(self, pred: Any) -> Iterable[str]:
        return (pred.event,)

    def probe(self, pred: Any) -> Optional[Probe]:
        paths = in_state_paths(pred.where)
        return binding_probe(paths) if paths else None

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        kind, key = pred.event, id(pred)
        where = tuple(pred.where.items())
        miss = Finding(False, None, NOWHERE, f"no {kind} event")  # one for every miss: findings are never changed

        def check(run: Any) -> Finding:
            steps = []
            first = None
            for event in run.events_of(kind):
                if where:
                    states = run.states_before(key, event.step)
                    fields = event.fields
                    if not all(k in fields and match_value(m, fields[k], states) for k, m in where):
                        continue
                if first is None:
                    first = event
                steps.append(event.step)
            if first is None:
                return miss
            return Finding(True, first.step, frozenset(steps),
                           lambda e=first: f"step {e.step}: event {e.type} {short(e.fields)}")

        return check
