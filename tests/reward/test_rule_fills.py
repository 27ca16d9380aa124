"""Bindings shared by the tasks that agree on a rule's facts (SPEC §9, issue 33): a rule is
matched, filled and validated once per distinct value of the facts it names, its check and
probes compiled once; what a task binds is what binding it alone gives."""

from __future__ import annotations

import copy
import gc
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward import rule_fills
from tau_shaped.reward.policy_rules import PolicyRuleError, PolicyRuleSet, bind, fill_facts
from tau_shaped.reward.probes import compile_probes
from tau_shaped.reward.rule_fills import fact_keys, fill_key, fills_of
from tau_shaped.reward.typed_checks import build_checks
from tau_shaped.tasks.schema import ShapedTask

S0 = {"customers": {"C1": {"tier": "plus"}, "C2": {"tier": "plus"}, "C3": {"tier": "basic"}},
      "policy": {"cap": {"plus": 10.0, "basic": 5.0}}}
FACTS = {"user_id": {"task": "user_id", "type": "string"},
         "tier": {"state": "customers.{user_id}.tier", "type": "string"},
         "cap": {"state": "policy.cap.{tier}", "type": "number"}}
RULES = [
    {"id": "own", "kind": "gate", "when": {"tool": "refund", "args": {"customer_id": {"ne": "{user_id}"}}}},
    {"id": "cap", "kind": "gate", "when": {"sum": ["refunds[*].amount"], "gt": "{cap}"}},
    {"id": "plus", "kind": "checkpoint", "weight": 0.5, "applies": {"tier": "plus"},
     "when": {"tool": "lookup", "args": {"user": "{user_id}"}}},
    {"id": "always", "kind": "outcome", "when": {"tool": "cancel", "args": {"reason": {"regex": "^x"}}}},
]


def task(tid, user, **extra):
    return ShapedTask.model_validate({"id": tid, "user_id": user, "instruction": "", "actions": [], **extra})


def rule_set(rules=RULES, facts=FACTS):
    return PolicyRuleSet.model_validate({"facts": facts, "rules": rules})


def by_id(bound):
    return {b.id: b for b in bound}


def test_tasks_that_agree_on_a_rules_facts_share_its_predicate_and_check():
    rs = rule_set()
    a, b, c = (by_id(bind(rs, task(f"t{n}", user), S0)) for n, user in enumerate(["C1", "C1", "C2"]))
    # the same customer: every rule shared, the check compiled once
    assert all(a[r].when is b[r].when for r in a)
    checks_a, checks_b = build_checks(None, list(a.values())), build_checks(None, list(b.values()))
    assert all(x is y for x, y in zip(checks_a, checks_b))
    # another customer of the same tier: the cap and the constant rule shared, not the customer's
    assert a["cap"].when is c["cap"].when and a["always"].when is c["always"].when
    assert a["own"].when is not c["own"].when and c["own"].when.args["customer_id"].ne == "C2"
    # each bound rule keeps its own task's facts
    assert a["own"].facts is not b["own"].facts and c["own"].facts["user_id"] == "C2"


def test_a_shared_binding_equals_the_binding_of_the_task_alone():
    """The same predicates, in the same order, as a rule set that never saw another task."""
    warm = rule_set()
    for user in ["C1", "C2", "C3", "C1"]:
        bind(warm, task("w", user), S0)
    for user in ["C1", "C2", "C3"]:
        shared = bind(warm, task("x", user), S0)
        alone = bind(rule_set(), task("x", user), S0)
        assert [b.id for b in shared] == [b.id for b in alone]
        assert [b.when.model_dump() for b in shared] == [b.when.model_dump() for b in alone]
        assert [type(b.when) for b in shared] == [type(b.when) for b in alone]


def test_applies_and_exemptions_are_decided_per_task():
    rs = rule_set()
    assert "plus" in by_id(bind(rs, task("t1", "C1"), S0))
    assert "plus" not in by_id(bind(rs, task("t2", "C3"), S0))  # a basic customer: the rule is silent
    exempt = task("t3", "C1", policy_exemptions=[{"rule": "own", "reason": "the task acts for another"}])
    assert "own" not in by_id(bind(rs, exempt, S0))
    assert "own" in by_id(bind(rs, task("t4", "C1"), S0))  # the exemption was the task's own


def test_a_rule_that_cannot_bind_is_refused_for_every_task_naming_it():
    rs = rule_set(facts={**FACTS, "cap": {"state": "policy.cap.{tier}", "type": "number"}})
    world = {**S0, "customers": {**S0["customers"], "C4": {"tier": "gold"}}}  # no cap for gold
    bind(rs, task("fine", "C1"), world)
    for tid in ["t5", "t6"]:  # an error is not kept: each task is named in its own
        with pytest.raises(PolicyRuleError, match=rf"^rule 'cap' does not bind to task '{tid}': fact cap is absent"):
            bind(rs, task(tid, "C4"), world)


def test_probes_of_a_shared_rule_are_made_once_and_slotted_per_task():
    rs = rule_set()
    first, second = bind(rs, task("t1", "C1"), S0), bind(rs, task("t2", "C1"), S0)
    probes_1, slots_1 = compile_probes(None, rules=first)
    probes_2, slots_2 = compile_probes(None, rules=second)
    assert slots_1 == slots_2 and len(probes_1) == len(probes_2) >= 1
    assert all(p is q for p, q in zip(probes_1, probes_2))
    # what the predicates alone give
    assert compile_probes(None, [b.when for b in first])[1] == slots_1


def test_a_rule_sets_bindings_go_with_it():
    rs = rule_set()
    bind(rs, task("t1", "C1"), S0)
    key = id(rs)
    assert fills_of(rs).entries and key in rule_fills._BY_RULE_SET
    del rs
    gc.collect()
    assert key not in rule_fills._BY_RULE_SET


def test_bindings_are_bounded(monkeypatch):
    monkeypatch.setattr(rule_fills.RuleFills, "MAX_ENTRIES", 3)
    rs = rule_set()
    for n in range(10):
        bind(rs, task(f"t{n}", f"C{n}"), {"customers": {f"C{n}": {"tier": "plus"}}, "policy": S0["policy"]})
        assert len(fills_of(rs).entries) <= 3


class Tagged(str):
    """A value that is no plain string: bound for its task alone."""


def test_a_value_that_is_not_plain_data_is_not_shared():
    assert fill_key(("a",), fact_keys({"a": Tagged("C1")})) is None
    assert fill_key(("a",), fact_keys({"a": [1.0, {"k": object()}]})) is None
    assert fill_key(("a", "b"), fact_keys({"a": "C1"})) == ("'C1'", "None")  # an absent fact is None


# look-alikes: values whose text, equality or JSON coincide but whose fills may not
LEAVES = [None, "None", False, True, "True", 0, 0.0, -0.0, "0", 1, 1.0, "1", "1.0", 0.1, math.inf, math.nan, "", "C1"]
VALUES = LEAVES + [w for leaf in LEAVES for w in ([leaf], (leaf,), {"k": leaf}, {"1": leaf}, {1: leaf}, [leaf, leaf])]


def _filled(value):
    """What binding writes for a fact: its typed value alone, and its text inside a string."""
    typed = fill_facts({"v": "{x}"}, {"x": value})["v"]
    return repr(typed), type(typed), fill_facts("at {x}.", {"x": value})


def _key(value):
    return fill_key(("x",), fact_keys({"x": value}))


def test_equal_keys_fill_equal_predicates():
    """Two values share a binding only if every fill of them is the same, types and float bits
    included (1 is not 1.0 nor True, 0.0 is not -0.0, "1" is not 1, a tuple is not a list)."""
    keys = [_key(v) for v in VALUES]
    for a, key_a in zip(VALUES, keys):
        for b, key_b in zip(VALUES, keys):
            if key_a == key_b:
                assert _filled(a) == _filled(b) and type(a) is type(b), (a, b)
                assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    distinct = {repr(v) for v in VALUES}
    assert len(set(keys)) == len(distinct)  # and every look-alike kept apart


JSON = st.recursive(st.sampled_from(LEAVES), lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
                    | st.dictionaries(st.sampled_from(["k", "1"]), inner, max_size=2), max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(JSON, JSON)
def test_nested_values_share_a_binding_exactly_when_their_fills_agree(a, b):
    """A copy of a value shares its binding (what makes the memo pay); two values that share one
    fill the same."""
    assert _key(a) is not None and _key(copy.deepcopy(a)) == _key(a)
    if _key(a) == _key(b):
        assert _filled(a) == _filled(b)
