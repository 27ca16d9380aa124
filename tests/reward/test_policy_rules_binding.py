"""Binding a domain's rules to a task (SPEC §9): facts from the task and from S0, placeholders,
which rules apply, exemptions, and the errors of a rule that cannot be bound; and the
verdict texts of the policy forms (SPEC §5)."""

from __future__ import annotations

import math

import pytest

from tau_shaped.reward.policy_rules import (
    PolicyRuleError,
    PolicyRuleSet,
    bind,
    exemptions,
    fill_facts,
    ignored_paths,
    task_facts,
)
from tau_shaped.reward.values import canonical_equal
from tau_shaped.tasks.schema import ShapedTask
from tests.reward.test_policy_forms import call, ev, say, traj

S0 = {"customers": {"C1": {"tier": "plus", "orders": ["O1", "O2"], "flag": True}},
      "policy": {"cap": {"plus": 10.0}}, "tags": ["a", "b"]}


def task(**extra):
    raw = {"id": "t1", "user_id": "C1", "instruction": "", "actions": [
        {"name": "refund", "kwargs": {"amount": 12.5, "nested": {"fee": [2.99, "x"], "flag": True, "bad": math.inf}, "note": "order 7"}},
        {"name": "respond", "kwargs": {"content": "That is $4.10."}}],
        "outputs": ["19.73"], **extra}
    return ShapedTask.model_validate(raw)


def rules(facts, rule_list, **extra):
    return PolicyRuleSet.model_validate({"facts": facts, "rules": rule_list, **extra})


FACTS = {
    "user_id": {"task": "user_id", "type": "string"},
    "tid": {"task": "id", "type": "string"},
    "lost": {"task": "disputed_total", "type": "number"},
    "amounts": {"task": "gt_amounts", "type": "list"},
    "tier": {"state": "customers.{user_id}.tier", "type": "string"},
    "cap": {"state": "policy.cap.{tier}", "type": "number"},
    "orders": {"state": "customers.{user_id}.orders[*]", "type": "list"},
    "missing": {"state": "customers.{user_id}.nothing", "type": "string", "default": "none"},
    "unresolved": {"state": "policy.cap.{missing_tier}", "type": "number", "default": 0.0},
}


def test_task_and_state_facts():
    """SPEC §9: facts read from the task and from S0 (one value, several as a list, none
    as the default), later facts filled with earlier ones."""
    t = task(reward_overrides={"monetary_identity": [
        {"id": "a", "disputed_amount": 0.1, "components": ["x.y"]}, {"id": "b", "disputed_amount": 0.2, "components": ["x.y"]}]})
    facts = task_facts(rules({k: v for k, v in FACTS.items() if k != "unresolved"}, []), t, S0)
    assert facts["user_id"] == "C1" and facts["tid"] == "t1"
    assert facts["lost"] == 0.3  # 0.1 + 0.2, summed exactly and rounded
    assert facts["amounts"] == [2.99, 4.1, 7.0, 12.5, 19.73]  # kwargs (nested), messages, outputs; no bools or infinities
    assert facts["tier"] == "plus" and facts["cap"] == 10.0
    assert facts["orders"] == ["O1", "O2"] and facts["missing"] == "none"


def test_a_task_without_overrides_or_actions_has_empty_facts():
    class Plain:  # a tau-bench task: no id, no overrides
        user_id = "C1"
    facts = task_facts(rules({"lost": FACTS["lost"], "amounts": FACTS["amounts"], "tid": FACTS["tid"]}, []), Plain(), S0)
    assert facts == {"lost": 0.0, "amounts": [], "tid": None}


def test_fill_types_whole_placeholders_and_writes_others_as_text():
    """SPEC §9: "{name}" alone takes the fact's typed value; inside a string, its text."""
    facts = {"n": 5.0, "l": ["b", "a"], "d": {"z": 1, "a": 2}, "s": "C1"}
    assert fill_facts("{n}", facts) == 5.0 and fill_facts("{l}", facts) == ["b", "a"]
    assert fill_facts("x {s} {n} {l} {d} {unknown}", facts) == 'x C1 5.0 ["b", "a"] {"a": 2, "z": 1} {unknown}'
    assert fill_facts({"{s}": ["{n}", {"k": "{s}"}]}, facts) == {"C1": [5.0, {"k": "C1"}]}


def test_which_rules_bind():
    """SPEC §9: a rule binds only if every `applies` fact is present and matches; a task's
    exemption leaves it out; the bound rule keeps the facts it was filled with."""
    rule_list = [
        {"id": "always", "kind": "gate", "when": {"tool": "x", "args": {"user": "{user_id}"}}},
        {"id": "plus_only", "kind": "gate", "applies": {"tier": "plus"}, "when": {"tool": "x"}},
        {"id": "basic_only", "kind": "gate", "applies": {"tier": "basic"}, "when": {"tool": "x"}},
        {"id": "needs_missing", "kind": "gate", "applies": {"absent": {"ne": "q"}}, "when": {"tool": "x"}},
        {"id": "exempted", "kind": "outcome", "when": {"tool": "x"}},
    ]
    facts = {"user_id": FACTS["user_id"], "tier": FACTS["tier"], "absent": {"state": "customers.C1.gone", "type": "string"}}
    rs = rules(facts, rule_list)
    t = task(policy_exemptions=[{"rule": "exempted", "reason": "the task is about something else"}])
    bound = bind(rs, t, S0)
    assert [b.id for b in bound] == ["always", "plus_only"]
    assert bound[0].facts["user_id"] == "C1" and bound[0].kind == "gate"
    assert bound[0].when.args["user"].value == "C1"
    assert exemptions(t) == {"exempted": "the task is about something else"} and exemptions(task()) == {}
    assert bind(None, t, S0) == [] and bind(rules({}, []), t, S0) == []


def test_a_rule_that_cannot_be_bound_is_an_error_naming_rule_task_and_facts():
    """SPEC §9: never a vacuous rule: a fact the rule needs that is absent, or a value of the
    wrong type, is an error naming the rule, the task and the facts."""
    rs = rules({"a": {"state": "nope.a", "type": "number"}, "b": {"state": "nope.b", "type": "number"}},
               [{"id": "r", "kind": "gate", "when": {"sum": ["x"], "gt": "{a}", "lt": "{b}"}}])
    with pytest.raises(PolicyRuleError) as err:
        bind(rs, task(), S0)
    assert str(err.value) == "rule 'r' does not bind to task 't1': fact a, b is absent from the task or S0"
    # declared a number, read a string from S0: refused when bound, named
    typed = rules({"tier": {"state": "customers.C1.tier", "type": "number"}},
                  [{"id": "r", "kind": "gate", "when": {"sum": ["x"], "gt": "{tier}"}}])
    with pytest.raises(PolicyRuleError, match=r"^rule 'r' does not bind to task 't1': .+"):
        bind(typed, task(), S0)  # "plus" is not a number


def test_ignored_paths_unless_the_task_names_them():
    """SPEC §9: canonical_ignore is left out of the canonical state unless the task's own
    overrides name a path under it (then the task owns it)."""
    rs = rules({}, [], canonical_ignore=["quotes", "escalations[*].reason"])
    assert ignored_paths(None, None) == () and ignored_paths(rules({}, []), None) == ()
    assert ignored_paths(rs, None) == ("quotes", "escalations[*].reason")
    owning = task(reward_overrides={"safety_gates": [{"id": "g", "when": {"state": "quotes.Q1.amount", "gt": 5}}]}).reward_overrides
    assert ignored_paths(rs, owning) == ("escalations[*].reason",)


# ---- verdict texts and steps -------------------------------------------------------------------


def test_unpreceded_texts_and_since_previous_counts_only_after_the_previous_occurrence():
    """SPEC §5 ordering: the evidence says since when nothing preceded; with since=previous,
    a Q at the previous P's own step does not count for the next P."""
    v = ev({"unpreceded": {"tool": "p"}, "by": {"tool": "q"}}, traj(call("x")))
    assert (v.holds, v.evidence) == (False, "every occurrence is preceded")
    v = ev({"unpreceded": {"tool": "p"}, "by": {"tool": "q"}}, traj(call("p"), call("p")))
    assert v.evidence.startswith("step 0: not preceded since the start (first occurrence: step 0: p({}) succeeded; required: no matching q call)")
    assert v.evidence.endswith("(and 1 more)")
    v = ev({"unpreceded": {"tool": "w"}, "by": {"tool": "w"}, "since": "previous"}, traj(call("w"), call("w")))
    assert sorted(v.steps) == [0, 1]
    v = ev({"unpreceded": {"tool": "p"}, "by": {"tool": "q"}, "since": "previous"}, traj(call("q"), call("p"), call("p")))
    assert (sorted(v.steps), v.evidence.split(" (first")[0]) == ([2], "step 2: not preceded since step 1")
    v = ev({"unpreceded": {"tool": "p"}, "by": {"tool": "q"}, "since": "previous"}, traj(call("p")))
    assert v.evidence.split(" (first")[0] == "step 0: not preceded since the start"


def test_kept_forms_say_so():
    v = ev({"unconfirmed": {"tools": ["w"], "yes": {"contains": "yes"}}}, traj(call("x")))
    assert (v.holds, v.evidence) == (False, "every write was described and agreed to first")
    v = ev({"unsupported": "time"}, traj(say("hello")))
    assert (v.holds, v.evidence) == (False, "every time stated is supported")
    v = ev({"before": [{"tool": "a"}, {"tool": "b"}]}, traj(call("b")))
    assert v.evidence == "before: first part never held (no matching a call)"


def test_amount_tolerance_is_inclusive():
    """SPEC §5 statements: within the tolerance, inclusive."""
    pred = {"unsupported": "amount", "values": [10.0], "tolerance": 0.5}
    assert not ev(pred, traj(say("It is $10.50."))).holds
    assert ev(pred, traj(say("It is $10.51."))).holds


def test_canonical_equal_and_nan():
    """SPEC §4.4: NaN is one value in the canonical text ("NaN"), and equals no number."""
    nan = math.nan
    assert canonical_equal(nan, nan) and not canonical_equal(nan, 1.0) and not canonical_equal(1.0, nan)
    assert canonical_equal({"\x00k": 1}, {"\x00k": 1.0}) and not canonical_equal({1: "a"}, {"1": "a"})


def test_binding_goes_on_past_rules_that_do_not_apply_or_are_exempted():
    rule_list = [
        {"id": "exempted", "kind": "outcome", "when": {"tool": "x"}},
        {"id": "basic_only", "kind": "gate", "applies": {"tier": "basic"}, "when": {"tool": "x"}},
        {"id": "last", "kind": "gate", "when": {"tool": "x"}},
    ]
    rs = rules({"user_id": FACTS["user_id"], "tier": FACTS["tier"]}, rule_list)
    t = task(policy_exemptions=[{"rule": "exempted", "reason": "the task is about something else"}])
    assert [b.id for b in bind(rs, t, S0)] == ["last"]


def test_placeholders_in_keys_and_lists_must_name_facts():
    """SPEC §9: every placeholder of a rule, wherever it is, names a declared fact."""
    for when in ({"tool": "x", "args": {"{nobody}": 1}}, {"any": [{"tool": "x", "args": {"a": {"in": ["{nobody}"]}}}]}):
        with pytest.raises(Exception, match="unknown facts: nobody"):
            rules({}, [{"id": "r", "kind": "gate", "when": when}])


def test_a_plain_task_has_no_exemptions_and_is_named_by_a_question_mark():
    """A tau-bench task (no id, no exemptions) binds like any other; an error names it '?'."""
    class Plain:
        user_id = "C1"
        actions: list = []
    assert exemptions(Plain()) == {}
    rs = rules({"a": {"state": "nope.a", "type": "number"}}, [{"id": "r", "kind": "gate", "when": {"sum": ["x"], "gt": "{a}"}}])
    with pytest.raises(PolicyRuleError, match=r"^rule 'r' does not bind to task '\?': fact a is absent"):
        bind(rs, Plain(), S0)
    typed = rules({"tier": {"state": "customers.C1.tier", "type": "number"}},
                  [{"id": "r", "kind": "gate", "when": {"sum": ["x"], "gt": "{tier}"}}])
    with pytest.raises(PolicyRuleError, match=r"^rule 'r' does not bind to task '\?': "):
        bind(typed, Plain(), S0)


def test_an_early_time_a_minute_from_an_observed_one_is_still_early():
    """SPEC §5 statements: only a time a tool gave exactly excuses a time earlier than the ETA."""
    import json as _json

    eta = _json.dumps({"placed_at": "2026-03-13T19:19:00", "earliest": "2026-03-13T19:20:00"})
    t = traj(call("get_order_eta", obs=eta), say("It arrives at 19:18.", ""), first="Will it be there by 19:18?")
    v = ev({"unsupported": "time", "from_tool": "get_order_eta", "observed_at_least": "earliest"}, t)
    assert v.holds and v.step == 1
