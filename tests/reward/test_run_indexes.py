"""A rollout's calls by outcome and its events by type, indexed once per ``Run`` (round 20, speed): the ``tool``,
``event`` and ``event_sum`` forms read them instead of every step's ``succeeded`` and every event, per check, and an
``any`` passes by a ``tool`` part whose tool the rollout never calls. Their findings are the ones the forms gave
reading every step and event and every part (a plain reading, written out here), over random trajectories: the same
truth, step, steps and evidence."""

from __future__ import annotations

import math
from typing import Any, List, Optional

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from tau_shaped.env.episode import Event
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import Action
from tau_shaped.reward.checks.compiler import compile_predicate
from tau_shaped.reward.checks.finding import short
from tau_shaped.reward.checks.run import Run
from tau_shaped.reward.matchers import match_value
from tau_shaped.reward.predicate_schema import Predicate

PRED = TypeAdapter(Predicate)
TOOLS = ("refund_order", "cancel_order", "respond")
TYPES = ("refund", "credit", "note")

_step = st.tuples(st.sampled_from(TOOLS), st.sampled_from(["ok", "Error: no", "  error x", "fine"]), st.booleans(),
                  st.sampled_from(["FD-1", "FD-2"]),
                  st.lists(st.tuples(st.sampled_from(TYPES), st.booleans(), st.sampled_from([0, 5, 12.5, -3, "x", None])),
                           max_size=3))


def _run(spec: List[Any]) -> Run:
    steps = []
    for i, (tool, observation, known, order, events) in enumerate(spec):
        kwargs = {"content": "hi"} if tool == "respond" else {"order_id": order}
        steps.append(Step(i, Action(name=tool, kwargs=kwargs), observation, known,
                          [Event(kind, i if stepped else None, {"amount": amount, "order_id": order})
                           for kind, stepped, amount in events]))
    return Run(Trajectory(steps=steps, first_user_message="hello"), {"orders": {}}, {"orders": {}})


def _tool(run: Run, tool: str, succeeded: Optional[bool], args: Any) -> Any:
    steps = [s for s in run.trajectory.steps if s.action.name == tool and (succeeded is None or s.succeeded == succeeded)
             and all(k in s.action.kwargs and match_value(m, s.action.kwargs[k]) for k, m in args)]
    if not steps:
        return (False, None, frozenset(), f"no matching {tool} call")
    s = steps[0]
    return (True, s.index, frozenset(x.index for x in steps),
            f"step {s.index}: {tool}({short(s.action.kwargs)}) {'succeeded' if s.succeeded else 'failed'}")


def _event_sum(run: Run, kind: str, pred: Any) -> Any:
    running, parts = [], []
    for e in run.trajectory.events:
        if e.type == kind and e.step is not None and type(e.fields.get("amount")) in (int, float):
            parts.append(float(e.fields["amount"]))
            running.append((e.step, math.fsum(parts)))
    total = running[-1][1] if running else 0.0
    if not match_value(pred, total):
        return (False, None, frozenset(), f"sum of amount over {kind} events = {total:.2f} does not match")
    since = None
    for step, value in reversed(running):
        if not match_value(pred, value):
            break
        since = step
    if since is None:
        return (True, None, frozenset(range(run.n)), f"sum of amount over {kind} events = {total:.2f} matches with no event")
    return (True, since, frozenset(range(since, run.n)), f"step {since}: sum of amount over {kind} events = {total:.2f}")


def _seen(finding: Any) -> Any:
    return (finding.holds, finding.step, finding.steps, finding.evidence)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_step, max_size=8), st.sampled_from(TOOLS), st.sampled_from([None, True, False]),
       st.sampled_from([{}, {"order_id": "FD-1"}, {"order_id": {"ne": "FD-1"}}]), st.sampled_from(TYPES),
       st.sampled_from([{"gt": 0}, {"le": 0}, {"ge": 10}, {"eq": 0}]))
def test_the_indexed_forms_find_what_reading_every_step_finds(spec, tool, succeeded, args, kind, bound):
    run = _run(spec)
    data = {"tool": tool, "args": args, **({} if succeeded is None else {"succeeded": succeeded})}
    pred = PRED.validate_python(data)
    assert _seen(compile_predicate(pred)(run)) == _tool(run, tool, succeeded, tuple(pred.args.items()))
    events = PRED.validate_python({"event": kind})
    stepped = [e for e in run.trajectory.events if e.type == kind and e.step is not None]
    found = compile_predicate(events)(run)
    assert (found.holds, found.step, found.steps) == (bool(stepped), stepped[0].step if stepped else None,
                                                      frozenset(e.step for e in stepped))
    summed = PRED.validate_python({"event_sum": kind, **bound})
    check = compile_predicate(summed)
    assert _seen(check(run)) == _event_sum(run, kind, summed)
    assert _seen(check(run)) == _event_sum(run, kind, summed)  # a run with no such event: the finding kept for it again


def _any(run: Run, parts: List[Any]) -> Any:
    held = [f for f in (compile_predicate(p)(run) for p in parts) if f.holds]
    if not held:
        return (False, None, frozenset(), "no alternative holds")
    anchored = [f for f in held if f.step is not None]
    first = min(anchored, key=lambda f: f.step) if anchored else held[0]
    return (True, first.step, frozenset().union(*(f.steps for f in held)), first.evidence)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_step, max_size=8), st.lists(st.sampled_from([
    {"tool": "refund_order", "succeeded": True}, {"tool": "cancel_order"}, {"tool": "cancel_order", "succeeded": False},
    {"tool": "refund_order", "args": {"order_id": "FD-2"}}, {"tool": "escalate"}, {"event": "refund"},
    {"event_sum": "credit", "le": 0}, {"not": {"tool": "refund_order"}}]), min_size=1, max_size=5))
def test_an_any_passing_by_uncalled_tools_finds_what_reading_every_part_finds(spec, parts):
    run = _run(spec)
    preds = [PRED.validate_python(p) for p in parts]
    assert _seen(compile_predicate(PRED.validate_python({"any": parts}))(run)) == _any(run, preds)
    holds = compile_predicate(PRED.validate_python({"any": parts}), 0)(run)  # HOLDS: whether any part holds
    assert holds.holds == _any(run, preds)[0]


def test_a_tool_form_needs_its_call_and_no_other_form_names_one():
    from tau_shaped.reward.checks.registry import kind_of

    tool = PRED.validate_python({"tool": "refund_order", "args": {"order_id": "FD-2"}})
    assert kind_of(tool).needs_call(tool) == "refund_order"
    assert compile_predicate(tool)(_run([("cancel_order", "ok", True, "FD-2", [])])).holds is False
    for other in ({"event": "refund"}, {"not": {"tool": "refund_order"}}, {"any": [{"tool": "refund_order"}]}):
        pred = PRED.validate_python(other)
        assert kind_of(pred).needs_call(pred) is None


def test_a_run_lists_calls_by_outcome_and_events_by_type_once():
    run = _run([("refund_order", "ok", True, "FD-1", [("refund", True, 5), ("refund", False, 6)]),
                ("refund_order", "Error: no", True, "FD-2", [("credit", True, 1)]),
                ("refund_order", "ok", False, "FD-2", [])])
    assert [s.index for s in run.calls_that("refund_order", True)] == [0]
    assert [s.index for s in run.calls_that("refund_order", False)] == [1, 2]
    assert [s.index for s in run.calls_that("refund_order", None)] == [0, 1, 2]
    assert run.calls_that("refund_order", True) is run.calls_that("refund_order", True)
    assert run.calls_that("cancel_order", True) == []
    assert [e.fields["amount"] for e in run.events_of("refund")] == [5]  # an event with no step is no event of a step
    assert [e.step for e in run.events_of("credit")] == [1]
    assert run.events_of("note") == []
    assert sorted(run.calls_by_tool()) == ["refund_order"]
