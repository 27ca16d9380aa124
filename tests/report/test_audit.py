"""``report.audit``: disagreements grouped by the deciding rule, the known classes named from the
rules' predicates (issue 46), on hand-made records of the bundled food-delivery domain."""

from __future__ import annotations

import json

from tau_shaped.report.audit import CLASSES, agent_tools, audit_records, last_said, rule_classes
from tau_shaped.report.audit_display import audit_json
from tau_shaped.tasks.domains import load_domain


def _record(task, reward, outcome, rules=(), gates=(), calls=(), status="ok", trial=0):
    traj = [{"role": "user", "content": "hi"}]
    traj += [{"role": "assistant", "content": None, "tool_calls": [{"id": f"c{n}", "type": "function",
             "function": {"name": name, "arguments": "{}"}}]} for n, name in enumerate(calls)]
    shaped = {"status": status, "outcome_reward": outcome, "reward": outcome,
              "rule_violations": [{"id": r, "step": 2, "evidence": f"step 2: said {r}"} for r in rules],
              "gate_violations": [{"id": g, "source": "policy", "step": 1, "evidence": "a gate"} for g in gates]}
    return {"task_id": task, "reward": reward, "trial": trial, "traj": traj,
            "info": {"task_key": f"fd-{task}", "run": {"env": "food_delivery"}, "shaped": shaped}}


def test_each_class_comes_from_the_rule_predicate_form():
    classes = rule_classes(load_domain("food_delivery").policy_rules)
    assert classes["fd.confirm.before_write"] == ["unconfirmed write"]
    assert classes["fd.statements.amounts_supported"] == ["wrong amount said"]
    assert classes["fd.transfer.announced_first"] == []  # a transfer announced late is not one missing
    assert set(c for cs in classes.values() for c in cs) <= set(CLASSES)


def test_disagreements_grouped_by_the_deciding_rule_with_step_quote_and_policy():
    writes = load_domain("food_delivery").confirmation_targets
    records = [
        _record(1, 1.0, 0.0, rules=["fd.confirm.before_write"], calls=[writes[0]]),
        _record(2, 1.0, 0.0, rules=["fd.confirm.before_write", "fd.statements.amounts_supported"], calls=[writes[0]]),
        _record(3, 1.0, 0.0, rules=["fd.statements.amounts_supported"]),  # no write: inaction
        _record(4, 1.0, 1.0),  # agree
        _record(5, 0.0, 0.0, rules=["fd.confirm.before_write"]),  # agree (both fail)
        _record(6, 1.0, 0.0, status="undetermined"),  # no shaped verdict: apart
        _record(7, 1.0, 0.0, gates=["fd.fraud.no_money_moved"], rules=["fd.confirm.before_write"], calls=[writes[0]]),
    ]
    audit = audit_records(records, "food_delivery", file="run.json")
    assert (audit["records"], audit["agree"], audit["disagreements"]) == (7, 2, 4)
    assert audit["counted_apart"] == {"errored": 0, "no_shaped_verdict": 1}
    labels = [g["label"] for g in audit["groups"]]
    assert labels[0] == "policy rule fd.confirm.before_write" and set(labels) == {
        "policy rule fd.confirm.before_write", "policy rule fd.statements.amounts_supported", "gate fd.fraud.no_money_moved"}
    confirm = audit["groups"][0]
    assert [e["task"] for e in confirm["episodes"]] == ["fd-1", "fd-2"] and confirm["policy"]
    first = confirm["episodes"][0]
    assert first["step"] == 2 and first["quote"] == "said fd.confirm.before_write" and first["classes"] == ["unconfirmed write"]
    assert confirm["episodes"][1]["classes"] == ["unconfirmed write", "wrong amount said"]
    by_task = {e["task"]: e for g in audit["groups"] for e in g["episodes"]}
    assert by_task["fd-3"]["classes"] == ["inaction scored 1", "wrong amount said"]
    assert by_task["fd-7"]["also"] == ["policy rule fd.confirm.before_write"]  # the gate decides
    assert audit["classes"] == {"inaction scored 1": 1, "unconfirmed write": 3, "wrong amount said": 2}


def test_a_shaped_pass_the_file_fails_is_the_other_direction_and_json_is_stable():
    records = [_record(1, 0.0, 1.0), _record(2, 1.0, 0.0, rules=["fd.confirm.before_write"])]
    audit = audit_records(records, "food_delivery")
    assert (audit["file_0_shaped_1"], audit["file_1_shaped_0"]) == (1, 1)
    other = next(g for g in audit["groups"] if g["direction"] == "file 0, shaped 1")
    assert other["episodes"][0]["classes"] == []
    assert audit_json(audit) == audit_json(audit_records(list(records), "food_delivery"))
    assert json.loads(audit_json(audit)) == audit


def test_agent_tools_reads_openai_tau2_and_action_shapes():
    record = {"traj": [{"role": "assistant", "tool_calls": [{"function": {"name": "a"}}, {"name": "b"}]},
                       {"role": "user", "content": "x"}, {"name": "c", "kwargs": {}}, {"name": "respond"}, "junk"]}
    assert agent_tools(record) == ["a", "b", "c"]
    assert agent_tools({"traj": None}) == []
    said = {"traj": [{"role": "assistant", "content": "Hello there"}, {"role": "assistant", "content": " "},
                     {"role": "user", "content": "bye"}]}
    assert last_said(said) == "Hello there" and last_said({"traj": "x"}) == ""


def test_a_shaped_reward_that_is_no_number_is_one_line_naming_file_and_record():
    import pytest

    bad = _record(1, 1.0, 0.0)
    bad["info"]["shaped"]["outcome_reward"] = "high"
    with pytest.raises(ValueError, match=r"^run.json: record 1: .*outcome_reward"):
        audit_records([_record(0, 1.0, 1.0), bad], "food_delivery", file="run.json")
