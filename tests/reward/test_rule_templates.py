"""A rule's predicate as a template (SPEC §9, issue 33): the nested predicates that name no fact
are validated once and shared by every task's binding, their checks compiled once; a task's
predicate is the one validating its filled data whole would give."""

from __future__ import annotations

import pytest

from tau_shaped.reward.checks import walk
from tau_shaped.reward.checks.compiler import compile_predicate
from tau_shaped.reward.checks.registry import FULL, kind_of_data, predicate_fields
from tau_shaped.reward.checks.any import AnyPredicate
from tau_shaped.reward.checks.not_ import NotPredicate
from tau_shaped.reward.checks.unpreceded import UnprecededPredicate
from tau_shaped.reward.checks.tool import ToolPredicate
from tau_shaped.reward.policy_rules import PolicyRuleError, PolicyRuleSet, bind, task_facts
from tau_shaped.reward.rule_templates import PREDICATE, Template, fill_facts
from tau_shaped.reward.typed_checks import build_checks
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.schema import ShapedTask

VERIFY = {"id": "verify", "kind": "gate", "when": {
    "unpreceded": {"any": [{"tool": "get_order", "succeeded": True}, {"tool": "refund", "succeeded": True}]},
    "by": {"event": "customer_found", "where": {"customer_id": "{user_id}"}}}}
MIXED = {"id": "mixed", "kind": "outcome", "when": {"any": [
    {"tool": "cancel", "args": {"order_id": {"not_in_state": "customers.{user_id}.orders"}}},
    {"not": {"tool": "lookup", "args": {"user": "fixed"}}},
    {"all": [{"tool": "a"}, {"said": {"contains": "{user_id}"}}]}]}}
S0 = {"customers": {"C1": {"orders": ["O1"]}, "C2": {"orders": ["O2"]}}}


def task(tid, user):
    return ShapedTask.model_validate({"id": tid, "user_id": user, "instruction": "", "actions": []})


def rule_set(*rules):
    return PolicyRuleSet.model_validate({"facts": {"user_id": {"task": "user_id", "type": "string"}}, "rules": list(rules)})


def test_the_fact_free_parts_are_one_object_in_every_tasks_binding():
    rs = rule_set(VERIFY, MIXED)
    (v1, m1), (v2, m2) = bind(rs, task("t1", "C1"), S0), bind(rs, task("t2", "C2"), S0)
    assert v1.when is not v2.when
    assert v1.when.unpreceded is v2.when.unpreceded  # no fact named: validated once
    assert v1.when.by is not v2.when.by and v2.when.by.where["customer_id"].value == "C2"
    assert m1.when.any[1] is m2.when.any[1]  # the `not`, whole
    assert m1.when.any[0] is not m2.when.any[0]
    assert m1.when.any[2] is not m2.when.any[2] and m1.when.any[2].all[0] is m2.when.any[2].all[0]


def test_a_filled_template_is_what_validating_the_filled_data_gives():
    rs = rule_set(VERIFY, MIXED)
    for user in ["C1", "C2", "C1"]:
        t = task("t", user)
        facts = task_facts(rs, t, S0)
        for bound in bind(rs, t, S0):
            whole = PREDICATE.validate_python(fill_facts(bound.rule.when, facts))
            assert type(bound.when) is type(whole) and bound.when.model_dump() == whole.model_dump()


def test_the_bundled_rules_bind_as_their_filled_data_validates():
    """Every food-delivery train task's rules (the GRPO batch's): the templates change nothing."""
    domain = load_domain("food_delivery")
    env = domain.make_env(task_split="train", task_index=0)
    rules = env.policy_rules
    for t in env.tasks[::7]:
        initial = env.initial_state(t.seed)
        facts = task_facts(rules, t, initial)
        for bound in bind(rules, t, initial):
            whole = PREDICATE.validate_python(fill_facts(bound.rule.when, facts))
            assert bound.when.model_dump() == whole.model_dump(), (t.id, bound.id)


def test_the_fact_free_parts_checks_are_compiled_once():
    rs = rule_set(VERIFY)
    (first,), (second,) = bind(rs, task("t1", "C1"), S0), bind(rs, task("t2", "C2"), S0)
    one, two = build_checks(None, [first]), build_checks(None, [second])
    assert one[0] is not two[0]
    nodes = first.compiled["nodes"]
    assert nodes is second.compiled["nodes"]
    shared = first.when.unpreceded
    assert (id(shared), FULL) in nodes.checks and all(key[0] in nodes.ids for key in nodes.checks)
    # the kept check is the one compiling the shared node gives again
    memo = nodes.memo()
    assert compile_predicate(shared, FULL, memo) is nodes.checks[(id(shared), FULL)]
    assert {id(n) for n in walk(shared)} <= nodes.ids and id(first.when.by) not in nodes.ids


def test_a_filled_part_that_does_not_validate_names_the_rule_and_task():
    rs = PolicyRuleSet.model_validate({
        "facts": {"user": {"task": "user_id", "type": "string"}, "cap": {"state": "caps.{user}", "type": "number"}},
        "rules": [{"id": "r", "kind": "gate", "when": {"any": [{"tool": "x"}, {"sum": ["t"], "gt": "{cap}"}]}}]})
    bind(rs, task("ok", "C1"), {"caps": {"C1": 5.0}})
    with pytest.raises(PolicyRuleError, match=r"^rule 'r' does not bind to task 'bad': .+") as err:
        bind(rs, task("bad", "C2"), {"caps": {"C2": "plenty"}})  # a string where a number goes
    assert "\n" not in str(err.value)


def test_a_template_with_no_placeholder_is_its_predicate():
    rs = rule_set({"id": "c", "kind": "gate", "when": {"any": [{"tool": "x"}, {"tool": "y"}]}})
    template = Template(rs.rules[0])
    assert template.constant is not None and template.fill({}) is template.constant


def test_predicate_positions_and_kinds_are_read_from_the_kinds():
    assert predicate_fields(AnyPredicate) == {"any": True}
    assert predicate_fields(NotPredicate) == {"not": False}
    assert predicate_fields(UnprecededPredicate) == {"unpreceded": False, "by": False, "after": False}
    assert predicate_fields(ToolPredicate) == {}
    assert type(kind_of_data({"tool": "x"})).__name__ == "ToolKind"
    assert kind_of_data({"tool": "x", "any": []}) is None and kind_of_data({"nothing": 1}) is None
    assert kind_of_data(["tool"]) is None
    assert kind_of_data({"unsupported": "{kind}"}) is None  # a variant named by a placeholder: not plain


def test_fill_facts_leaves_a_string_without_a_brace_as_it_is_and_fills_the_others():
    from tau_shaped.reward.rule_templates import fill_facts

    facts = {"order": "FD-1", "cap": 12.5, "ids": ["a", "b"]}
    data = {"tool": "issue_refund", "args": {"order_id": "{order}", "amount": {"lte": "{cap}"}},
            "note": "order {order} of {ids}", "regex": r"\p{Nd}+ {missing}", "plain": "no placeholder here"}
    assert fill_facts(data, facts) == {"tool": "issue_refund", "args": {"order_id": "FD-1", "amount": {"lte": 12.5}},
                                       "note": 'order FD-1 of ["a", "b"]', "regex": r"\p{Nd}+ {missing}",
                                       "plain": "no placeholder here"}
    assert fill_facts("{ids}", facts) == ["a", "b"] and fill_facts("a}b{", facts) == "a}b{"


def test_loading_a_rule_set_makes_the_templates_binding_uses():
    """The load's check of each rule (its predicate filled with sample facts) validates through
    the rule's template, which binding then finds made: the fact-free parts validated once."""
    from tau_shaped.reward.policy_rules import _TEMPLATES, _template

    rules = load_domain("food_delivery").policy_rules
    fresh = PolicyRuleSet.model_validate(rules.model_dump(by_alias=True))
    assert fresh.rules and all(_TEMPLATES.get(rule) is not None for rule in fresh.rules)
    assert all(_template(rule) is _TEMPLATES.get(rule) for rule in fresh.rules)


@pytest.mark.parametrize("when, where", [
    ({"any": [{"tool": "cancel_order", "succeeded": "sure"}, {"said": {"regex": "{name}"}}]}, "when.any.0"),
    ({"any": [{"tool": "cancel_order", "succeeded": True}, {"said": {"regex": "("}}]}, "when.any.1"),
    ({"tool": "cancel_order", "count": "many"}, "when"),
])
def test_a_rule_that_does_not_validate_is_refused_at_load_naming_where(when, where):
    raw = {"facts": {"name": {"task": "user_id"}},
           "rules": [{"id": "r.bad", "kind": "gate", "when": when}]}
    with pytest.raises(Exception) as exc:
        PolicyRuleSet.model_validate(raw)
    assert "rule 'r.bad'" in str(exc.value) and where in str(exc.value)
