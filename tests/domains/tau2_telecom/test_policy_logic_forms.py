"""The two predicate options issue 41's tau2 rules need (SPEC §5, §9), on small trajectories:

- ``unpreceded`` with ``after``: Q counts only after the latest step of R before P (a bill read
  is a check of the payment only after the payment was requested);
- ``event_sum`` with ``per``: one sum for each value of a field (a line's refuelled data), the
  form holding when some group's sum matches.
"""

from __future__ import annotations

from tests.reward.test_policy_forms import broken, call, ev, traj

READ = {"tool": "read"}
CLAIM = {"tool": "claim"}
REQUEST = {"tool": "request"}


def _paid(after=None):
    pred = {"unpreceded": CLAIM, "by": READ}
    if after is not None:
        pred["after"] = after
    return pred


def test_after_a_reset_only_a_later_q_counts():
    t = traj(call("read"), call("request"), call("claim"))
    assert broken(ev(_paid(), t)) == (False, None, [])  # without after: the early read counts
    verdict = ev(_paid(REQUEST), t)
    assert broken(verdict) == (True, 2, [2])
    assert "since step 1" in verdict.evidence
    t = traj(call("read"), call("request"), call("read"), call("claim"))
    assert broken(ev(_paid(REQUEST), t)) == (False, None, [])


def test_after_reads_the_latest_reset_before_each_occurrence():
    t = traj(call("request"), call("read"), call("claim"), call("request"), call("claim"), call("read"), call("claim"))
    assert broken(ev(_paid(REQUEST), t)) == (True, 4, [4])
    # no reset at all: since the start, as without ``after``
    t = traj(call("read"), call("claim"))
    assert broken(ev(_paid(REQUEST), t)) == (False, None, [])
    assert broken(ev(_paid(REQUEST), traj(call("claim")))) == (True, 0, [0])


def _gb(line, amount):
    return ("refueled", {"line_id": line, "gb": amount})


def test_per_sums_each_group_apart():
    pred = {"event_sum": "refueled", "field": "gb", "per": "line_id", "gt": 2}
    two_lines = traj(call("r", events=[_gb("L1", 1.5)]), call("r", events=[_gb("L2", 1.5)]))
    assert broken(ev(pred, two_lines)) == (False, None, [])
    assert ev({k: v for k, v in pred.items() if k != "per"}, two_lines).holds  # summed together: 3 > 2
    one_line = traj(call("r", events=[_gb("L1", 1.5)]), call("r", events=[_gb("L2", 1.0)]),
                    call("r", events=[_gb("L1", 1.0)]))
    verdict = ev(pred, one_line)
    assert broken(verdict) == (True, 2, [2])
    assert verdict.evidence == "step 2: sum of gb over refueled events = L1: 2.50"


def test_per_with_no_event_and_a_matcher_that_holds_at_zero():
    verdict = ev({"event_sum": "refueled", "field": "gb", "per": "line_id", "le": 2}, traj(call("x")))
    assert (verdict.holds, verdict.step) == (True, None)
    verdict = ev({"event_sum": "refueled", "field": "gb", "per": "line_id", "gt": 2}, traj(call("x")))
    assert not verdict.holds and verdict.evidence == "sum of gb over refueled events = 0.00 does not match"


ABSTAIN = {"abstain": {"tool": "unsure"}, "breach": {"tool": "bad"}, "why": "the policy does not say"}


def test_abstain_breaks_where_the_breach_holds_and_is_undetermined_where_only_the_doubt_does():
    verdict = ev(ABSTAIN, traj(call("ok"), call("bad"), call("unsure")))
    assert broken(verdict) == (True, 1, [1]) and not verdict.undetermined
    verdict = ev(ABSTAIN, traj(call("ok"), call("unsure"), call("unsure")))
    assert not verdict.holds
    assert [s for s, _ in verdict.undetermined] == [1, 2]
    assert verdict.undetermined[0][1].startswith("the policy does not say")
    verdict = ev(ABSTAIN, traj(call("ok")))
    assert not verdict.holds and not verdict.undetermined


def test_templates_fill_the_facts_inside_after_and_abstain():
    """A rule's placeholders inside the new options are filled per task, as everywhere else."""
    from tau_shaped.reward.policy_rules import PolicyRuleSet, bind, task_facts
    from tau_shaped.reward.rule_templates import PREDICATE, fill_facts
    from tau_shaped.tasks.schema import ShapedTask

    rules = [{"id": "paid", "kind": "outcome", "when": {
                 "unpreceded": {"tool": "claim"}, "by": {"tool": "read"},
                 "after": {"tool": "request", "args": {"customer_id": "{user_id}"}}}},
             {"id": "ground", "kind": "outcome", "when": {
                 "abstain": {"event": "cancelled", "where": {"owner": "{user_id}", "basis": "doubt"}},
                 "breach": {"event": "cancelled", "where": {"owner": "{user_id}", "basis": "none"}}, "why": "unsure"}}]
    rs = PolicyRuleSet.model_validate({"facts": {"user_id": {"task": "user_id", "type": "string"}}, "rules": rules})
    for user in ("C1", "C2"):
        t = ShapedTask.model_validate({"id": "t", "user_id": user, "instruction": "", "actions": []})
        facts = task_facts(rs, t, {})
        for bound in bind(rs, t, {}):
            whole = PREDICATE.validate_python(fill_facts(bound.rule.when, facts))
            assert bound.when.model_dump() == whole.model_dump()
            assert user in str(bound.when.model_dump())
