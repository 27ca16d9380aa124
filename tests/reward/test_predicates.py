"""SPEC §5: the predicate language, evaluated over a hand-built trajectory."""

import pytest
from pydantic import TypeAdapter

from tau_shaped.env.episode import Event
from tau_shaped.reward.predicate_schema import Predicate
from tau_shaped.reward.predicates import PredicateEvaluator
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import Action

PRED = TypeAdapter(Predicate)

INITIAL = {"orders": {"O1": {"status": "placed", "ledger": [], "total": 30}}}
FINAL = {"orders": {"O1": {"status": "cancelled", "ledger": [{"amount": 10.0}, {"amount": 2.5}], "total": 30.0}}}


def _traj(with_trace=True):
    steps = [
        Step(0, Action(name="get_order", kwargs={"order_id": "O1"}), "{...}"),
        Step(1, Action(name="respond", kwargs={"content": "I can refund $12.50 now."}), "yes please"),
        Step(2, Action(name="refund", kwargs={"order_id": "O1", "amount": 12.5}), "Error: card declined"),
        Step(3, Action(name="refund", kwargs={"order_id": "O1", "amount": 12.5}), "ok", events=[Event("money", 3, {"amount": 12.5})]),
        Step(4, Action(name="cancel", kwargs={"order_id": "O1"}), "ok"),
        Step(5, Action(name="respond", kwargs={"content": "All done."}), "bye"),
    ]
    return Trajectory(steps=steps, first_user_message="Hi, order O1 please")


def ev(pred, trace=None, slots=None):
    traj = _traj()
    traj.state_trace = trace
    return PredicateEvaluator(traj, INITIAL, FINAL, slots or {}).evaluate(PRED.validate_python(pred))


@pytest.mark.parametrize(
    "pred, holds, step",
    [
        ({"tool": "refund"}, True, 2),
        ({"tool": "refund", "succeeded": True}, True, 3),
        ({"tool": "refund", "succeeded": False}, True, 2),
        ({"tool": "refund", "args": {"amount": 12.5}}, True, 2),
        ({"tool": "refund", "args": {"amount": {"gt": 20}}}, False, None),
        ({"tool": "refund", "args": {"amount": {"ge": 12, "le": 13}, "order_id": {"in": ["O1", "O2"]}}}, True, 2),
        ({"tool": "refund", "args": {"missing": 1}}, False, None),
        ({"said": {"contains": "refund"}}, True, 1),
        ({"said": {"number": 12.5}}, True, 1),
        ({"said": {"contains": "12"}}, False, None),
        ({"user_said": {"contains": "order o1"}}, True, 0),
        ({"user_said": {"contains": "bye"}}, True, 5),
        ({"said": {"regex": "^All"}}, True, 5),
        ({"event": "money", "where": {"amount": {"ge": 10}}}, True, 3),
        ({"event": "money", "where": {"amount": 1}}, False, None),
        ({"event": "other"}, False, None),
        ({"state": "orders.O1.status", "eq": "cancelled"}, True, 5),
        ({"state": "orders.O1.status", "at": "initial", "eq": "placed"}, True, None),
        ({"state": "orders.O1.total", "eq": 30}, True, 5),
        ({"state": "orders.O1.ledger[*].amount", "gt": 0}, True, 5),
        ({"state": "orders.O1.ledger[*].amount", "gt": 5}, False, None),
        ({"state": "orders.O2", "exists": False}, True, 5),
        ({"state": "orders.O2.status", "eq": "x"}, False, None),
        ({"sum": ["orders.O1.ledger[*].amount"], "eq": 12.5}, True, 5),
        ({"sum": ["orders.O1.ledger[*].amount"], "at": "initial", "eq": 0}, True, None),
        ({"all": [{"tool": "cancel"}, {"said": {"contains": "refund"}}]}, True, 4),
        ({"all": [{"tool": "cancel"}, {"tool": "nope"}]}, False, None),
        ({"any": [{"tool": "cancel"}, {"said": {"contains": "refund"}}]}, True, 1),
        ({"not": {"tool": "nope"}}, True, None),
        ({"not": {"tool": "cancel"}}, False, None),
        ({"before": [{"said": {"contains": "refund"}}, {"tool": "refund", "succeeded": True}]}, True, 3),
        ({"before": [{"tool": "cancel"}, {"tool": "refund"}]}, False, None),
        ({"before": [{"tool": "refund"}, {"tool": "refund"}]}, True, 3),
        ({"tool": "refund", "args": {"order_id": {"contains": "O"}}}, True, 2),
        ({"tool": "refund", "args": {"order_id": {"contains": "X"}}}, False, None),
        ({"state": "orders.O1.status", "contains": "cancel"}, True, 5),
        ({"state": "orders.O1.ledger", "contains": {"amount": 2.5}}, True, 5),
        ({"state": "orders.O1.ledger", "contains": {"amount": 3}}, False, None),
        ({"state": "orders.O1.ledger[0]", "contains": "amount"}, True, 5),
        ({"state": "orders.O1.total", "contains": 3}, False, None),
        ({"state": "orders.O1.status", "contains": 3}, False, None),
        ({"state": "orders.O1.status", "exists": False}, False, None),
        ({"state": "orders.O1.status", "exists": True}, True, 5),
        ({"state": "orders.O2"}, False, None),
        ({"state": "orders.O1"}, True, 5),
        ({"state": "orders.O1.status", "exists": True, "eq": "placed"}, False, None),
    ],
)
def test_predicate(pred, holds, step):
    verdict = ev(pred)
    assert (verdict.holds, verdict.step) == (holds, step), verdict.evidence
    assert verdict.evidence


def test_state_step_from_trace():
    """A final-state predicate is placed at the step after which it held to the end."""
    pred = PRED.validate_python({"state": "orders.O1.status", "eq": "cancelled"})
    traj = _traj()
    traj.state_trace = [(False,), (False,), (True,), (False,), (True,), (True,)]
    verdict = PredicateEvaluator(traj, INITIAL, FINAL, {id(pred): 0}).evaluate(pred)
    assert (verdict.holds, verdict.step, sorted(verdict.steps)) == (True, 4, [4, 5])


def test_checkpoint_step_counts_once():
    """SPEC §5: a repeated step does not count twice (first occurrence only)."""
    verdict = ev({"tool": "respond"})
    assert verdict.step == 1 and verdict.steps == frozenset({1, 5})


@pytest.mark.parametrize(
    "pred, needles",
    [
        ({"state": "orders.O1.status", "eq": "cancelled"}, ['state orders.O1.status = "cancelled"', "holds since step 5"]),
        ({"state": "orders.O1.ledger[*].amount", "gt": 0}, ["[10.0, 2.5]"]),
        ({"state": "orders.O1.status", "at": "initial", "eq": "placed"}, ['"placed"', "holds initially"]),
        ({"user_said": {"contains": "yes"}}, ["step 1: user said 'yes'"]),
        ({"said": {"contains": "done"}}, ["step 5: agent said 'done'"]),
        ({"tool": "refund", "succeeded": True}, ["step 3: refund(", ") succeeded"]),
        ({"event": "money"}, ["step 3: event money", "12.5"]),
        ({"sum": ["orders.O1.ledger[*].amount"], "eq": 12.5}, ["sum ['orders.O1.ledger[*].amount'] = 12.5"]),
        ({"not": {"tool": "nope"}}, ["never: no matching nope call"]),
        ({"before": [{"tool": "get_order"}, {"tool": "cancel"}]}, ["then at step 4"]),
    ],
)
def test_evidence_says_what_held(pred, needles):
    """SPEC §5: each predicate reports a line of evidence."""
    verdict = ev(pred)
    for needle in needles:
        assert needle in verdict.evidence, verdict.evidence


@pytest.mark.parametrize(
    "pred, holds, step, steps",
    [
        ({"all": [{"not": {"tool": "nope"}}, {"state": "orders.O1.status", "at": "initial", "eq": "placed"}]}, True, None, [0, 1, 2, 3, 4, 5]),
        ({"before": [{"all": [{"tool": "get_order"}, {"said": {"contains": "refund"}}]}, {"tool": "cancel"}]}, True, 4, [4]),
        ({"before": [{"tool": "get_order"}, {"all": [{"tool": "cancel"}, {"said": {"contains": "done"}}]}]}, True, 5, [5]),
        ({"before": [{"tool": "cancel"}, {"all": [{"tool": "get_order"}, {"tool": "refund"}]}]}, True, 5, [5]),
        ({"all": [{"tool": "get_order"}, {"tool": "refund"}]}, True, 2, [2, 3, 4, 5]),
        ({"any": [{"tool": "cancel"}, {"tool": "refund", "succeeded": True}]}, True, 3, [3, 4]),
        ({"not": {"tool": "cancel"}}, False, None, []),
    ],
)
def test_connective_steps(pred, holds, step, steps):
    """SPEC §5: `all` holds from the step its last part first held; `before` orders occurrences."""
    verdict = ev(pred)
    assert (verdict.holds, verdict.step, sorted(verdict.steps)) == (holds, step, steps), verdict.evidence


def test_all_evidence_joins_every_part():
    verdict = ev({"all": [{"tool": "get_order"}, {"said": {"contains": "refund"}}]})
    assert verdict.evidence.count("; ") == 1 and "get_order" in verdict.evidence and "agent said" in verdict.evidence


FAILING_PARTS = {
    "all": {"all": [{"tool": "cancel"}, {"tool": "nope"}]},
    "any": {"any": [{"tool": "nope"}, {"said": {"contains": "never said"}}]},
    "not": {"not": {"tool": "cancel"}},
    "before (first never held)": {"before": [{"tool": "nope"}, {"tool": "cancel"}]},
    "before (second never after)": {"before": [{"tool": "cancel"}, {"tool": "get_order"}]},
}


@pytest.mark.parametrize("name", sorted(FAILING_PARTS))
def test_a_failing_connective_has_no_steps_and_can_be_nested(name):
    """SPEC §5: a connective that does not hold has no step and no steps, so it nests
    as the second part of a `before` (and under `any`) like any failing atom."""
    failing = FAILING_PARTS[name]
    verdict = ev(failing)
    assert (verdict.holds, verdict.step, verdict.steps) == (False, None, frozenset())
    nested = ev({"before": [{"tool": "get_order"}, failing]})
    assert (nested.holds, nested.step) == (False, None)
    assert nested.evidence == "before: second part never held after step 0"
    either = ev({"any": [failing, {"tool": "cancel"}]})
    assert (either.holds, either.step, either.steps) == (True, 4, frozenset({4}))


def test_not_that_holds_nests_as_every_step():
    verdict = ev({"before": [{"tool": "refund"}, {"not": {"tool": "nope"}}]})
    assert (verdict.holds, verdict.step, verdict.steps) == (True, 3, frozenset({3, 4, 5}))


def test_any_of_unanchored_alternatives_takes_the_first():
    """`any` whose holding alternatives have no step (initial state, `not`) reports the first one."""
    one = ev({"any": [{"state": "orders.O1.status", "at": "initial", "eq": "placed"}]})
    assert (one.holds, one.step) == (True, None) and "holds initially" in one.evidence
    two = ev({"any": [{"not": {"tool": "nope"}}, {"state": "orders.O1.status", "at": "initial", "eq": "placed"}]})
    assert (two.holds, two.step) == (True, None)
    assert two.evidence == "never: no matching nope call"


def test_evidence_of_what_did_not_hold():
    assert ev({"any": [{"tool": "nope"}]}).evidence == "no alternative holds"
    assert ev({"said": {"contains": "zebra"}}).evidence == "no matching agent message"
    assert ev({"user_said": {"contains": "zebra"}}).evidence == "no matching user message"
    assert ev({"event": "other"}).evidence == "no other event"
    both = ev({"all": [{"tool": "get_order"}, {"tool": "cancel"}]})
    assert both.evidence == f'{ev({"tool": "get_order"}).evidence}; {ev({"tool": "cancel"}).evidence}'
    assert both.evidence.startswith("step 0: get_order(")


def test_events_of_other_types_before_the_one_looked_for_are_skipped():
    traj = _traj()
    traj.steps[1].events.extend([Event("chatter", 1, {}), Event("money", 1, {"amount": 1.0})])
    pred = PRED.validate_python({"event": "money", "where": {"amount": 1.0}})
    verdict = PredicateEvaluator(traj, INITIAL, FINAL, {}).evaluate(pred)
    assert (verdict.holds, verdict.step) == (True, 1)


def _trace_traj(values):
    traj = Trajectory(steps=[Step(i, Action(name="get_order", kwargs={}), "ok") for i in range(len(values))])
    traj.state_trace = [(v,) for v in values]
    return traj


@pytest.mark.parametrize(
    "values, slot, expected",
    [
        ([False, True, True], 0, 1),
        ([True, True, True], 0, 0),
        ([True, False, True], 0, 2),
        ([True, True, False], 0, None),
        ([False, False, False], 0, None),
        ([True, True], None, 1),  # no probe for this atom: the last step
        ([], 0, None),
    ],
)
def test_stable_since(values, slot, expected):
    """SPEC §5: a state is credited at the step after which it held to the end."""
    from tau_shaped.reward.predicates import stable_since

    result = stable_since(_trace_traj(values), slot, bool)
    assert result is None if expected is None else result == expected


def test_stable_since_without_a_matching_trace_is_the_last_step():
    from tau_shaped.reward.predicates import stable_since

    traj = _trace_traj([False, False, False])
    traj.state_trace = traj.state_trace[:2]  # not one entry per step: not trusted
    assert stable_since(traj, 0, bool) == 2
    traj.state_trace = None
    assert stable_since(traj, 0, bool) == 2
    assert stable_since(Trajectory(steps=[]), None, bool) is None


def test_state_verdicts_nest_in_before():
    initially = ev({"before": [{"tool": "get_order"}, {"state": "orders.O1.status", "at": "initial", "eq": "placed"}]})
    assert (initially.holds, initially.step, initially.steps) == (True, 1, frozenset(range(1, 6)))
    failing = ev({"before": [{"tool": "get_order"}, {"state": "orders.O1.status", "eq": "placed"}]})
    assert (failing.holds, failing.evidence) == (False, "before: second part never held after step 0")


def test_state_that_holds_in_an_empty_trajectory_has_no_step():
    pred = PRED.validate_python({"state": "orders.O1.status", "eq": "cancelled"})
    verdict = PredicateEvaluator(Trajectory(steps=[]), INITIAL, FINAL, {}).evaluate(pred)
    assert (verdict.holds, verdict.step, verdict.steps) == (True, None, frozenset())
    assert verdict.evidence.endswith("holds at the end")


def test_tool_evidence_shows_sorted_arguments_and_failure():
    traj = _traj()
    traj.steps[2].action.kwargs["note"] = "café"
    pred = PRED.validate_python({"tool": "refund", "succeeded": False})
    verdict = PredicateEvaluator(traj, INITIAL, FINAL, {}).evaluate(pred)
    assert verdict.evidence == 'step 2: refund({"amount": 12.5, "note": "café", "order_id": "O1"}) failed'


def test_short_values_in_evidence():
    from datetime import date

    from tau_shaped.reward.predicates import _short

    assert _short("x" * 78) == '"' + "x" * 78 + '"'  # 80 characters: kept whole
    assert _short("x" * 79) == '"' + "x" * 76 + "..."  # 81: cut to 80
    assert _short({"b": 1, "a": "é"}) == '{"a": "é", "b": 1}'
    assert _short(date(2026, 1, 2)) == '"2026-01-02"'
    loop: dict = {}
    loop["self"] = loop
    assert _short(loop) == "{'self': {...}}"


def test_a_gate_without_a_step_is_placed_at_the_last_step():
    """SPEC §5 (reading 3 of the notes): a gate that holds without a step of its own
    (here a `not`) is attributed to the last step; in an empty trajectory, to none."""
    from tau_shaped.reward.verifier import _last_step

    assert [_last_step(n) for n in (0, 1, 5)] == [None, 0, 4]


def test_evaluating_something_that_is_not_a_predicate_is_a_type_error():
    with pytest.raises(TypeError, match="not a predicate: object"):
        PredicateEvaluator(_traj(), INITIAL, FINAL, {}).evaluate(object())


def test_probes_of_a_predicate_object_shared_by_two_checkpoints():
    """SPEC §5: a task built in Python may reuse one predicate object in two checkpoints; every state atom
    still gets exactly one probe slot, including the atoms that follow the shared one."""
    from tau_shaped.reward.predicate_schema import walk
    from tau_shaped.reward.probes import compile_probes
    from tau_shaped.reward.overrides import ProcessCheckpoint, RewardOverrides

    shared = PRED.validate_python({"state": "orders.O1.status", "eq": "cancelled"})
    later = PRED.validate_python({"state": "orders.O1.total", "eq": 30})
    first = ProcessCheckpoint(id="a", weight=0.5, when=shared)
    second = ProcessCheckpoint(id="b", weight=0.5, when=PRED.validate_python({"all": [{"tool": "cancel"}, {"state": "orders.O1.total", "eq": 1}]}))
    second.when.all[1] = shared  # the same object again, then a different atom
    second.when.all.append(later)
    overrides = RewardOverrides.model_construct(equivalence_class=[], monetary_identity=[], safety_gates=[],
                                                process_checkpoints=[first, second])
    probes, slots = compile_probes(overrides)
    atoms = [n for c in (first, second) for n in walk(c.when) if hasattr(n, "state")]
    assert len(atoms) == 3 and atoms[0] is atoms[1]
    assert set(slots) == {id(shared), id(later)} and sorted(slots.values()) == [0, 1]
    assert [probes[slots[id(a)]](FINAL) for a in (shared, later)] == [True, True]
