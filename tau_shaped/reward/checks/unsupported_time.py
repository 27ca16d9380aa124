"""``{"unsupported": "time", ...}``: each agent message stating a clock time that no earlier
observation or user message states, within ``tolerance``, and that is not one of ``values`` nor
the ``acted`` argument of a later call; with ``observed_at_least``, also a time earlier than that
field of the latest ``from_tool`` observation that no observation states; with ``now`` too, a
time stated relative to the policy's clock ("in about 5 minutes", "after an hour") earlier than
that field (SPEC §5 statements, §9). A time is read as the customer reads it ("by 7", text2num's
digits for "by seven", is 7:00 or 19:00); a negated one states nothing."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, List, Optional, Sequence, Tuple

from typing_extensions import Literal

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.statement_support import (
    CustomerValues,
    Offers,
    UnsupportedPredicate,
    clock_text,
    near,
    observed_field_minutes,
)
from tau_shaped.reward.checks.finding import Finding, violations
from tau_shaped.reward.reading import statements  # loaded with the checks already (unsupported_amount's reader)
from tau_shaped.reward.reading.arrival_windows import window_ends
from tau_shaped.reward.reading.negation import Negations
from tau_shaped.reward.reading.quoted import customer_quotes, inside
from tau_shaped.reward.reading.self_answers import self_answered


class UnsupportedTimePredicate(UnsupportedPredicate):
    unsupported: Literal["time"]


@register
class UnsupportedTimeKind(CheckKind):
    key = "unsupported"
    variant = "time"
    model = UnsupportedTimePredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return lambda run: _unsupported_times(run, pred)


def _relative_times(text: str, now: float) -> Sequence[Any]:
    return _kept_relative_times(text, now) if len(text) <= 2048 else statements.relative_times(text, now)


@lru_cache(maxsize=2048)
def _kept_relative_times(text: str, now: float) -> Tuple[Any, ...]:
    """A short message's relative times, read once (a task's rollouts repeat their messages)."""
    return tuple(statements.relative_times(text, now))


def _unsupported_times(run: Any, p: Any) -> Finding:
    trajectory = run.trajectory
    tolerance, values, at_least = p.tolerance, p.values, p.observed_at_least
    steps = trajectory.steps
    user_said = CustomerValues(trajectory, lambda text: [v for t in statements.stated_times(text) for v in t.readings])
    observed: List[float] = []  # the clock times in observations, read lazily
    floor: Optional[float] = None
    scanned = 0

    def observations_until(index: int) -> None:
        nonlocal scanned, floor
        for s in steps[scanned:index]:
            if s.agent_text is None and s.succeeded:
                observed.extend(statements.times_in_observation(s.observation))
                if at_least and s.action.name == p.from_tool:
                    floor = observed_field_minutes(s.observation, at_least, floor)
        scanned = max(scanned, index)  # pragma: no mutate (speed only: a rescan finds the same times)

    later = Offers(trajectory, p.acted)
    hits: List[Tuple[int, str]] = []
    relative = p.now is not None and at_least
    for at, text in run.agent_messages():  # (read as agent_seen reads them; a step's index is its place)
        text = self_answered(text)  # "When will it come? By 1905h.": the answer said of the arrival asked (round 13)
        times = statements.stated_times(text)
        if not times and not (relative and _relative_times(text, p.now)):
            continue  # no time, no wait: nothing stated
        s = steps[at]
        ends = window_ends(text, times) if at_least and len(times) > 1 else frozenset()  # round 17: both ends promised
        if times:  # a negated time states nothing ("not by 7"); "not later than 7:30" states a bound
            negated = Negations(text)
            # what would have been states nothing either ("it might have arrived by 6:40 if ...")
            quotes = customer_quotes(text)  # round 12: "You said 'by 6:30' -- it'll be 7:00-7:15": the customer's time quoted
            times = [t for t in times if not negated(t.start, value=True) and not statements.counterfactual(text, t.start)
                     and not inside(quotes, t.start)]
        for item in times:
            readings = item.readings  # "7:08" with no am/pm: either half of the day, as the context allows
            ok = any(near(r, user_said.before(at), tolerance) or near(r, later.after(s.index), tolerance) for r in readings)
            clock = not ok and any(near(r, values, tolerance) for r in readings)
            ok = ok or clock
            if not ok or at_least:
                observations_until(s.index)
                seen_ = any(near(r, observed, tolerance) for r in readings)
                # round 20: the policy's clock ("it's 7 pm") is no arrival: "it'll be there by 7 pm" promises one no tool gave
                ok = ok and not (clock and not seen_ and relative and statements.promises_arrival(text, item.start)) or seen_
            # a time a tool gave is no promise of its own ("it's 7:00 now"), unless it is when the
            # order is said to arrive ("it'll be with you by 7:00"): never earlier than the earliest
            early = floor is not None and all(r < floor for r in readings) and (
                all(not any(abs(r - v) <= 1e-9 for v in observed) for r in readings)
                or item.start in ends or statements.promises_arrival(text, item.start))
            if not ok or early:
                why = "earlier than the observed " + str(at_least) if ok else "stated by no tool, user or policy"
                hits.append((s.index, f"agent stated {item.text!r}: {why}"))
                break
        if relative and (not hits or hits[-1][0] != s.index):
            waits = _relative_times(text, p.now)
            if waits:  # "it won't arrive in 10 minutes": a negated wait promises nothing
                negated = Negations(text)
                waits = [w for w in waits if not negated(w.start, value=True) and not statements.counterfactual(text, w.start)]
            for item in waits:  # "in 5 minutes": held to the floor only
                observations_until(s.index)
                if floor is None and p.from_tool and not any(
                        x.action.name == p.from_tool and x.succeeded for x in steps[:s.index]):
                    hits.append((s.index, f"agent stated {item.text!r}: no {p.from_tool} looked up"))
                    break
                if floor is not None and item.value < floor - 1e-9:
                    hits.append((s.index, f"agent stated {item.text!r} (about {clock_text(item.value)}): "
                                          f"earlier than the observed {at_least}"))
                    break
    return violations(hits, "every time stated is supported")
