"""A compiled ``tool``, ``event`` or ``any`` check answers every miss with one finding made when
it was compiled (issue 33: 25 findings a rollout were made only to say "no matching call").
That is sound only while no reader changes a finding it was given: whatever wraps a miss
(``not``, ``all``, ``before``, ``unpreceded``, another ``any``), in whatever order the checks
are evaluated and however often, each verdict must be the one a fresh compile gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from tau_shaped.env.episode import Event
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import Action
from tau_shaped.reward.checks.compiler import compile_predicate
from tau_shaped.reward.checks.finding import NOWHERE
from tau_shaped.reward.checks.registry import FULL
from tau_shaped.reward.checks.run import Run
from tau_shaped.reward.predicate_schema import Predicate
from tau_shaped.reward.predicates import PredicateEvaluator

PRED = TypeAdapter(Predicate)
INITIAL = {"orders": {"O1": {"status": "placed", "total": 30}}}
FINAL = {"orders": {"O1": {"status": "cancelled", "total": 30}}}

MISSES = [
    {"tool": "refund", "args": {"amount": {"gt": 99}}},
    {"tool": "escalate"},
    {"event": "customer_found"},
    {"event": "money", "where": {"amount": {"gt": 99}}},
    {"any": [{"tool": "escalate"}, {"event": "customer_found"}]},
]
HITS = [{"tool": "refund", "succeeded": True}, {"event": "money"}, {"said": {"contains": "refund"}}]


def _trajectory(variant):
    """Variant 0 misses every one of MISSES; 1 escalates and finds the customer; 2 refunds 120."""
    amount = 120.0 if variant == 2 else 12.5
    steps = [
        Step(0, Action(name="get_order", kwargs={"order_id": "O1"}), "{...}",
             events=[Event("customer_found", 0, {"customer_id": "C1"})] if variant == 1 else []),
        Step(1, Action(name="respond", kwargs={"content": "I can refund $12.50 now."}), "yes please"),
        Step(2, Action(name="refund", kwargs={"order_id": "O1", "amount": amount}), "ok",
             events=[Event("money", 2, {"amount": amount})]),
        Step(3, Action(name="escalate" if variant == 1 else "respond", kwargs={"content": "Done."}), "bye"),
    ]
    return Trajectory(steps=steps, first_user_message="Hi")


def _forms(miss, hit):
    """Forms that read a miss the way each consumer does."""
    return [
        miss,
        {"not": miss},
        {"all": [hit, miss]},
        {"any": [miss, hit]},
        {"any": [miss, {"not": hit}]},
        {"before": [hit, miss]},
        {"before": [miss, hit]},
        {"unpreceded": hit, "by": miss},
        {"unpreceded": miss, "by": hit},
    ]


RAW = [form for miss in MISSES for hit in HITS for form in _forms(miss, hit)]
COMPILED = [PRED.validate_python(raw) for raw in RAW]  # kept alive: checks are compiled per predicate object


def _fresh(raw, variant):
    return PredicateEvaluator(_trajectory(variant), INITIAL, FINAL).evaluate(PRED.validate_python(raw))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(RAW) - 1), st.integers(0, 2)), min_size=1, max_size=20))
def test_every_verdict_is_a_fresh_compiles_whatever_was_read_before(reads):
    """The same compiled checks (one memo, as a task's set-up keeps them across its rollouts)
    read over trajectories in any order: each verdict, evidence included, is a fresh compile's."""
    memo = {}
    for index, variant in reads:
        run = Run(_trajectory(variant), INITIAL, FINAL)
        got = compile_predicate(COMPILED[index], FULL, memo)(run)
        assert got == _fresh(RAW[index], variant), (RAW[index], variant)


def test_a_miss_is_one_finding_per_compiled_check():
    memo = {}
    for raw in MISSES:
        pred = PRED.validate_python(raw)
        check = compile_predicate(pred, FULL, memo)
        first, again = check(Run(_trajectory(0), INITIAL, FINAL)), check(Run(_trajectory(0), INITIAL, FINAL))
        assert not first.holds and first.steps == NOWHERE and first.undetermined == ()
        assert again is first  # made once, when compiled
        assert first == _fresh(raw, 0)


def test_predicates_evaluated_one_after_another_each_get_their_own_verdict():
    """An evaluator's checks are found by the predicate's id: a predicate dropped after its
    verdict must not lend its check to a new one made at the same address."""
    evaluator = PredicateEvaluator(_trajectory(0), INITIAL, FINAL)
    for _ in range(50):
        for raw in ({"tool": "refund"}, {"tool": "escalate"}):
            assert evaluator.evaluate(PRED.validate_python(raw)).holds is (raw["tool"] == "refund")
