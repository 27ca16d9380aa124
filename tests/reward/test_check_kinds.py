"""Check kinds (issue 30, SPEC §5): a kind is one registered class in one file. A toy kind
registered from a test module (``tests/reward/toy_check_kind.py``) validates in a rule file, binds,
is walked, checked and scored like a built-in one; the registry refuses a key taken twice;
``unsupported`` amount and time statements are two kinds of one key."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from tau_shaped.reward import checks
from tau_shaped.reward.checks import CheckKind, register, unregister
from tau_shaped.reward.policy_rules import PolicyRuleSet, load_rules
from tau_shaped.reward.predicate_schema import Predicate
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.reward.shaped_env import Env
from tau_shaped.tasks.domains import load_domain

PRED = TypeAdapter(Predicate)
LONG = "I will now look very carefully at every single detail of your order before I do anything at all, I promise."


@pytest.fixture
def toy():
    from tests.reward import toy_check_kind

    if "wordy" not in checks.form_keys():  # registered on first import; unregistered after each test
        register(toy_check_kind.WordyKind)
    yield toy_check_kind
    unregister(toy_check_kind.WordyKind)


def _env(rule_set):
    domain = load_domain("food_delivery")
    return Env(data_load_func=domain.load_data, tools=list(domain.tools), tasks=domain.tasks("test"), wiki="",
               rules=[], user_strategy="scripted", policy_rules=rule_set)


def test_a_toy_kind_from_a_test_module_is_used_in_a_rule(toy, tmp_path):
    """The toy kind validates inside a rule file's connectives, binds its facts, and its rule is
    broken by a trajectory with a wall of text before the look-up and kept by one without."""
    rule_file = tmp_path / "rules.json"
    rule_file.write_text('{"facts": {"limit": {"task": "user_id", "type": "string"}},'
                         ' "rules": [{"id": "toy.wordy_before_lookup", "kind": "outcome",'
                         ' "when": {"all": [{"wordy": 12, "before_call": "get_order_details"},'
                         ' {"not": {"said": {"contains": "{limit}"}}}]}}]}')
    rule_set = load_rules(rule_file)
    env = _env(rule_set)
    task = next(t for t in env.tasks if t.actions[0].name != "respond" and any(a.name == "get_order_details" for a in t.actions))
    truth = list(task.actions)
    quiet = score_trajectory(env, task, truth)
    lookup = next(i for i, a in enumerate(truth) if a.name == "get_order_details")
    wordy = truth[:lookup] + [{"name": "respond", "kwargs": {"content": LONG}}] + truth[lookup:]
    loud = score_trajectory(env, task, wordy, user_replies=["ok"])
    assert quiet.status == loud.status == "ok"
    assert quiet.rule_violations == []
    broken = {v.id: v for v in loud.rule_violations}
    assert broken["toy.wordy_before_lookup"].step == lookup
    assert broken["toy.wordy_before_lookup"].evidence.startswith(f"step {lookup}: more than 12 words before get_order_details; never: ")
    named = score_trajectory(env, task, truth[:lookup] + [{"name": "respond", "kwargs": {"content": f"{LONG} {task.user_id}"}}]
                             + truth[lookup:], user_replies=["ok"])
    assert named.rule_violations == []  # the fact bound into the rule: the customer's id was said
    assert loud.outcome_reward == 0.0 and quiet.rules_checked == ["toy.wordy_before_lookup"]


def test_walking_probing_and_checking_ask_the_kind(toy):
    """Generic walking and ``tasks check``'s tool list come from the kind: an unknown tool named
    only by the toy kind is found."""
    from tau_shaped.reward.checks import walk
    from tau_shaped.reward.probes import compile_probes
    from tau_shaped.tasks.check import _tools

    pred = PRED.validate_python({"all": [{"wordy": 3, "before_call": "no_such_tool"}, {"state": "orders", "exists": True}]})
    assert [type(n).__name__ for n in walk(pred)] == ["AllPredicate", "WordyPredicate", "StatePredicate"]
    assert list(_tools(pred)) == ["no_such_tool"]
    probes, slots = compile_probes(None, [pred])
    assert len(probes) == 1 and set(slots) == {id(pred.all[1])}  # the state atom only: the toy kind probes nothing


def test_an_unregistered_kind_is_refused_by_the_schema(toy):
    unregister(toy.WordyKind)
    with pytest.raises(ValidationError, match="a predicate needs exactly one of: tool, said"):
        PRED.validate_python({"wordy": 3, "before_call": "x"})
    # the kinds listed are the library's and those a loaded domain registered (telecom's), never the unregistered one
    with pytest.raises(ValidationError, match=r"rule 'r': when: a predicate needs exactly one of: [a-z_, ]*refusal_unsaid[a-z0-9_, ]* \[") as err:
        PolicyRuleSet.model_validate({"rules": [{"id": "r", "kind": "gate", "when": {"wordy": 3, "before_call": "x"}}]})
    assert "wordy" not in str(err.value).split("[")[0]


def test_a_key_is_registered_once():
    class Again(CheckKind):
        key = "tool"
        model = dict

    with pytest.raises(ValueError, match="registered already"):
        register(Again)
    assert type(checks.kind_of(PRED.validate_python({"tool": "x"}))).__name__ == "ToolKind"


def test_amount_and_time_statements_are_two_kinds():
    """One key, two kinds: the value selects the kind; another value names both."""
    amount = PRED.validate_python({"unsupported": "amount", "rates": [0.2]})
    time = PRED.validate_python({"unsupported": "time", "observed_at_least": "earliest"})
    assert type(checks.kind_of(amount)).__name__ == "UnsupportedAmountKind"
    assert type(checks.kind_of(time)).__name__ == "UnsupportedTimeKind"
    with pytest.raises(ValidationError, match="Input should be 'amount' or 'time'"):
        PRED.validate_python({"unsupported": "money"})


def test_a_predicate_json_schema_lists_every_kind():
    schema = TypeAdapter(Predicate).json_schema()
    text = str(schema)
    for key in checks.form_keys():
        assert repr(key) in text
