"""A rule set's rules with their templates, worked out once per rule set (``RuleFills.plan``) and
again whenever its list no longer holds the same rules: what ``bind`` gives is what working each
rule's template out anew gives."""

from __future__ import annotations

from tau_shaped.reward.policy_rules import PolicyRuleSet, _template, bind
from tau_shaped.reward.rule_fills import RuleFills, fills_of
from tau_shaped.tasks.schema import ShapedTask

RULES = {"domain": "toy", "facts": {"user_id": {"task": "user_id", "type": "string"}}, "rules": [
    {"id": "own", "kind": "gate", "when": {"tool": "refund", "args": {"customer_id": {"ne": "{user_id}"}}}},
    {"id": "any", "kind": "outcome", "when": {"tool": "cancel"}}]}


def task(user):
    return ShapedTask.model_validate({"id": f"t-{user}", "user_id": user, "instruction": "", "actions": []})


def test_the_plan_is_kept_while_the_rules_are_the_same_and_made_again_when_they_change():
    rules = PolicyRuleSet.model_validate(RULES)
    fills = RuleFills()
    first = fills.plan(rules.rules, _template)
    assert [r for r, _ in first] == rules.rules and all(t is _template(r) for r, t in first)
    assert fills.plan(rules.rules, _template) is first
    other = PolicyRuleSet.model_validate(RULES)
    again = fills.plan(other.rules, _template)  # equal rules, other objects: made again
    assert again is not first and all(r is o for (r, _), o in zip(again, other.rules))
    assert [r.id for r, _ in fills.plan(other.rules[:1], _template)] == ["own"]


def test_bind_follows_a_rule_list_changed_in_place():
    rules = PolicyRuleSet.model_validate(RULES)
    assert [b.id for b in bind(rules, task("CU-1"), {})] == ["own", "any"]
    dropped = rules.rules.pop()
    assert [b.id for b in bind(rules, task("CU-2"), {})] == ["own"]
    rules.rules.insert(0, dropped)
    assert [b.id for b in bind(rules, task("CU-3"), {})] == ["any", "own"]
    assert fills_of(rules).plan(rules.rules, _template)[0][0] is dropped
