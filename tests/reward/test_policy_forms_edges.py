"""Edges of the policy-rule predicate forms (SPEC §5, §9): what each verdict says, what a
failed call supports, mentions of every kind, events bound to the state of their step, the
one-line errors of a rule file, and checkpoint rules through the verifier."""

from __future__ import annotations

import json
from typing import Any, Dict

import pytest
from pydantic import TypeAdapter

from tau_shaped.env.trajectory import Trajectory
from tau_shaped.reward.matchers import StepView
from tau_shaped.reward.policy_rules import PolicyRuleError, PolicyRuleSet, load_rules
from tau_shaped.reward.predicate_schema import Predicate
from tau_shaped.reward.predicates import PredicateEvaluator
from tau_shaped.reward.probes import compile_probes

from tests.reward.test_policy_forms import call, ev, say, traj

PRED = TypeAdapter(Predicate)
YES = {"regex": r"(?i)\byes\b"}


def unconfirmed(mention: Dict[str, Any]) -> Dict[str, Any]:
    return {"unconfirmed": {"tools": ["w"], "mention": mention, "yes": YES}}


# ---- what a verdict says --------------------------------------------------------------------


def test_event_sum_evidence_and_a_range_that_holds_with_no_event():
    """SPEC §5 event_sum: the evidence states the sum; a matcher that holds at 0 holds with no
    event, as a fact with no step of its own."""
    t = traj(call("x"), call("y"))
    v = ev({"event_sum": "money", "le": 5}, t)
    assert (v.holds, v.step, sorted(v.steps)) == (True, None, [0, 1])
    assert v.evidence == "sum of amount over money events = 0.00 matches with no event"
    t = traj(call("x", events=[("money", {"amount": 7.5})]))
    v = ev({"event_sum": "money", "gt": 5}, t)
    assert v.evidence == "step 0: sum of amount over money events = 7.50"
    v = ev({"event_sum": "money", "gt": 10}, t)
    assert (v.holds, v.evidence) == (False, "sum of amount over money events = 7.50 does not match")


def test_unsupported_evidence_names_the_statement_and_why():
    """SPEC §5 statements: the evidence quotes what was stated and says why it is unsupported."""
    v = ev({"unsupported": "amount"}, traj(say("That is $4.10.")))
    assert v.evidence == "step 0: agent stated '$4.10': stated by no tool, user or policy"
    eta = json.dumps({"earliest": "2026-03-13T19:20:00", "latest": "2026-03-13T19:40:00"})
    t = traj(call("get_order_eta", obs=eta), say("It arrives at 19:00.", ""), first="Could it come at 19:00?")
    v = ev({"unsupported": "time", "from_tool": "get_order_eta", "observed_at_least": "earliest"}, t)
    assert v.evidence == "step 1: agent stated '19:00': earlier than the observed earliest"


def test_unconfirmed_evidence_says_what_was_missing():
    """SPEC §9, §10: the evidence of an unconfirmed write says whether no message described it,
    the message asked no consent, or the user did not say yes."""
    p = unconfirmed({"amount": "number"})
    v = ev(p, traj(call("w", amount=5)))
    assert v.evidence == 'step 0: w({"amount": 5}) unconfirmed: no message states it'
    v = ev(p, traj(say("I will pay $5.00.", "yes"), call("w", amount=5)))
    assert v.evidence == 'step 1: w({"amount": 5}) unconfirmed: no message states it (it asks no consent (a question about something else))'
    v = ev(p, traj(say("I will pay $5.00. Shall I go ahead?", "no"), call("w", amount=5)))
    assert v.evidence == 'step 1: w({"amount": 5}) unconfirmed: the user did not say yes'


# ---- what supports a statement ---------------------------------------------------------------


def test_a_failed_call_supports_nothing():
    """SPEC §5 statements: an error observation is not a fact a tool gave (it may echo a guess)."""
    t = traj(call("refund", obs="Error: 30.00 is more than the 20.00 left"), say("I can refund $30.00."))
    assert ev({"unsupported": "amount"}, t).holds
    t = traj(call("lookup", obs='{"total": 30.0}'), say("I can refund $30.00."))
    assert not ev({"unsupported": "amount"}, t).holds


def test_the_eta_floor_is_the_latest_readable_observation():
    """SPEC §5: the floor is the latest ETA's earliest; an ETA observation without a readable
    earliest (or not an object) leaves the floor as it was, and never fails the verifier."""
    first = json.dumps({"earliest": "2026-03-13T19:20:00"})
    pred = {"unsupported": "time", "from_tool": "get_order_eta", "observed_at_least": "earliest"}
    for unreadable in ("[1, 2]", json.dumps({"earliest": "soon"}), json.dumps({"latest": "2026-03-13T20:00:00"}), "not json"):
        t = traj(call("get_order_eta", obs=first), call("get_order_eta", obs=unreadable), say("By 19:10.", ""), first="Maybe 19:10?")
        v = ev(pred, t)
        assert v.holds and v.step == 2, unreadable


def test_statements_across_several_messages_read_each_observation_once():
    """SPEC §5: each message is judged against the observations before it (a later one does
    not support an earlier statement), however the observations are read."""
    t = traj(call("a", obs='{"price": 1.25}'), say("First $1.25."), call("b", obs='{"total": 2.5}'), say("Then $2.50 and $1.25."),
             say("And $9.99."))
    v = ev({"unsupported": "amount"}, t)
    assert (v.holds, sorted(v.steps)) == (True, [4])
    early = traj(say("It is $2.50."), call("b", obs='{"total": 2.5}'))
    assert ev({"unsupported": "amount"}, early).steps == frozenset({0})


# ---- mentions --------------------------------------------------------------------------------


def test_a_number_mention_allows_half_a_cent():
    """SPEC §9: an amount argument not rounded to cents is stated by its cent value."""
    p = unconfirmed({"amount": "number"})
    assert not ev(p, traj(say("I will pay $12.50, yes?", "yes"), call("w", amount=12.504))).holds
    assert ev(p, traj(say("I will pay $12.50, yes?", "yes"), call("w", amount=12.51))).holds


def test_a_text_mention_of_a_value_that_is_a_substring_of_the_word_text():
    """A text mention compares the call's value with the message, whatever the value."""
    p = unconfirmed({"reason": "text"})
    # the message asks consent (SPEC §10), so only the stated value decides
    assert not ev(p, traj(say("Reason: ex. Shall I go ahead?", "yes"), call("w", reason="ex"))).holds
    assert ev(p, traj(say("Reason: other. Shall I go ahead?", "yes"), call("w", reason="ex"))).holds


def test_a_boolean_or_structured_value_is_never_stated_in_text():
    """A mention can only be of a string or a number: True, a list or a dict is not 'stated'
    by a message that happens to contain its text."""
    p = unconfirmed({"flag": "text"})
    assert ev(p, traj(say("True. Shall I go ahead?", "yes"), call("w", flag=True))).holds
    assert ev(p, traj(say("['a']. Shall I go ahead?", "yes"), call("w", flag=["a"]))).holds
    assert not ev(p, traj(say("a. Shall I go ahead?", "yes"), call("w", flag="a"))).holds  # a string is stated


def test_an_absent_argument_does_not_excuse_the_next_one():
    """SPEC §9: each mentioned argument the call gives must be stated; one the call does not
    give is skipped, and the others are still checked."""
    p = unconfirmed({"order_id": "text", "amount": "number"})
    assert ev(p, traj(say("Shall I?", "yes"), call("w", amount=5))).holds
    assert not ev(p, traj(say("I will pay $5.00. Shall I?", "yes"), call("w", amount=5))).holds


# ---- events bound to the state of their step ---------------------------------------------------


def test_event_sum_where_reads_the_state_of_the_step():
    """SPEC §5 binding to state: an event's field is compared with the state its step acted
    on (money for an order that was the customer's then)."""
    pred = PRED.validate_python({"event_sum": "money", "where": {"order_id": {"in_state": "customers.C.orders"}}, "gt": 0})
    initial = {"customers": {"C": {"orders": ["O1"]}}}
    later = {"customers": {"C": {"orders": ["O2"]}}}
    t = traj(call("x"), call("pay", events=[("money", {"order_id": "O1", "amount": 3.0})]))
    probes, slots = compile_probes(None, [pred])
    t.state_trace = [tuple(probe(s) for probe in probes) for s in (later, later)]  # O1 left C at step 0
    assert not PredicateEvaluator(t, initial, later, slots).evaluate(pred).holds
    t.state_trace = [tuple(probe(s) for probe in probes) for s in (initial, initial)]
    assert PredicateEvaluator(t, initial, initial, slots).evaluate(pred).holds


def test_a_step_view_of_an_unprobed_path_selects_nothing():
    assert StepView({"a": [1]}).select("b") == [] and StepView({"a": [1]}).select("a") == [1]


# ---- rule files ---------------------------------------------------------------------------------


def test_rule_file_errors_are_one_line_with_the_field(tmp_path):
    """SPEC §9 / §6.1: the error names the file and the JSON path of the field."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"rules": [{"id": "x", "kind": "sometimes", "when": {"tool": "t"}}]}))
    with pytest.raises(PolicyRuleError) as err:
        load_rules(path)
    assert str(err.value).startswith(f"{path}: rules.0.kind: Input should be 'gate', 'outcome' or 'checkpoint'")
    path.write_text(json.dumps({"rules": [{"id": "x", "kind": "gate", "when": {"tool": "t"}}] * 2}))
    with pytest.raises(PolicyRuleError) as err:
        load_rules(path)
    assert str(err.value) == f"{path}: rule ids repeat: x"


# ---- checkpoint rules through the verifier --------------------------------------------------------


def test_a_checkpoint_rule_is_credited_beside_the_tasks_own(tmp_path):
    """SPEC §9: a checkpoint rule adds its weight at the step it is met, beside the task's
    checkpoints; weights together at most 1 (tasks check says when they are not)."""
    from tau_shaped import score_trajectory
    from tau_shaped.tasks.check import check_task
    from tests.mini_domain import make_env

    rules = PolicyRuleSet.model_validate({"rules": [
        {"id": "looked", "kind": "checkpoint", "weight": 0.1, "when": {"tool": "get_order", "succeeded": True}}]})
    env = make_env()
    env.policy_rules = rules
    env._task_setups.clear()
    task = env.tasks[1]
    result = score_trajectory(env, task, [{"name": "get_order", "kwargs": {"order_id": "O1"}}])
    rule_cp = [c for c in result.checkpoints if c.id == "looked"]
    assert rule_cp and rule_cp[0].satisfied and rule_cp[0].step == 0 and rule_cp[0].weight == 0.1
    assert "looked" in result.rules_checked
    heavy = PolicyRuleSet.model_validate({"rules": [
        {"id": "heavy", "kind": "checkpoint", "weight": 1.0, "when": {"tool": "get_order"}}]})
    env.policy_rules = heavy
    env._task_setups.clear()
    problems = check_task(env, task).problems
    assert any("checkpoint weights sum to" in p for p in problems)


# ---- steps of rules with no step of their own; state at each step ------------------------------


def test_a_rule_with_no_step_of_its_own_is_placed_at_the_last_step():
    """SPEC §5: a gate or rule whose verdict has no step (a `not`) is placed at the last step."""
    from tau_shaped import score_trajectory
    from tests.mini_domain import make_env

    env = make_env()
    env.policy_rules = PolicyRuleSet.model_validate({"rules": [
        {"id": "never_looked", "kind": "gate", "when": {"not": {"tool": "get_order"}}},
        {"id": "never_said_sorry", "kind": "outcome", "when": {"not": {"said": {"contains": "sorry"}}}}]})
    env._task_setups.clear()
    actions = [{"name": "respond", "kwargs": {"content": "hello"}}, {"name": "respond", "kwargs": {"content": "bye"}}]
    result = score_trajectory(env, env.tasks[1], actions)
    assert [(g.id, g.step) for g in result.gate_violations if g.source == "policy"] == [("never_looked", 1)]
    assert [(r.id, r.step) for r in result.rule_violations] == [("never_said_sorry", 1)]


def _traced(pred_dict, t: Trajectory, states_after):
    pred = PRED.validate_python(pred_dict)
    probes, slots = compile_probes(None, [pred])
    t.state_trace = [tuple(probe(s) for probe in probes) for s in states_after]
    return pred, slots


def test_in_state_at_the_third_step_reads_the_state_after_the_second():
    """SPEC §5 binding: step k reads the state after step k-1, not an earlier one."""
    s = [{"c": {"orders": ["O1"]}}, {"c": {"orders": []}}, {"c": {"orders": ["O1"]}}]
    t = traj(call("x"), call("x"), call("look", order_id="O1"))
    pred, slots = _traced({"tool": "look", "args": {"order_id": {"in_state": "c.orders"}}}, t, [s[1], s[2], s[2]])
    assert PredicateEvaluator(t, s[0], s[2], slots).evaluate(pred).holds  # after step 1: O1 is back
    pred, slots = _traced({"tool": "look", "args": {"order_id": {"in_state": "c.orders"}}}, t, [s[0], s[1], s[1]])
    assert not PredicateEvaluator(t, s[0], s[1], slots).evaluate(pred).holds


def test_a_trace_of_the_wrong_length_falls_back_to_s0_and_the_final_state():
    initial, final = {"c": {"orders": ["O1"]}}, {"c": {"orders": []}}
    t = traj(call("x"), call("look", order_id="O1"))
    pred, slots = _traced({"tool": "look", "args": {"order_id": {"in_state": "c.orders"}}}, t, [final, final])
    t.state_trace = t.state_trace[:1]
    assert PredicateEvaluator(t, initial, final, slots).evaluate(pred).holds  # found in S0


def test_event_where_reads_the_state_of_the_events_step():
    """SPEC §5 binding: an event's fields against the state its step acted on."""
    initial, later = {"c": {"orders": ["O1"]}}, {"c": {"orders": []}}
    t = traj(call("x"), call("pay", events=[("money", {"order_id": "O1"})]))
    pred, slots = _traced({"event": "money", "where": {"order_id": {"in_state": "c.orders"}}}, t, [later, later])
    assert not PredicateEvaluator(t, initial, later, slots).evaluate(pred).holds
    pred, slots = _traced({"event": "money", "where": {"order_id": {"in_state": "c.orders"}}}, t, [initial, later])
    assert PredicateEvaluator(t, initial, later, slots).evaluate(pred).holds


def test_every_binding_node_of_a_predicate_is_probed():
    """Two tool predicates reading state inside one rule are both judged at their step."""
    initial, later = {"c": {"orders": ["O1"]}}, {"c": {"orders": []}}
    t = traj(call("x"), call("b", order_id="O1"))
    pred, slots = _traced({"any": [{"tool": "a", "args": {"order_id": {"in_state": "c.orders"}}},
                                   {"tool": "b", "args": {"order_id": {"in_state": "c.orders"}}}]}, t, [later, later])
    assert len(slots) == 2
    assert not PredicateEvaluator(t, initial, later, slots).evaluate(pred).holds
