"""SPEC §10 statements: every fact the agent states (minutes late, where compensation starts, a
status, an account state, when a refund arrives, a rate, a dish free of allergens) is checked
against the tools' results, the customer's words and the policy, refusals included; a negated
statement is not the statement. The phrasings (tests/phrasings/facts_stated.json) are written
from wiki.md; formatting (casing, line breaks, padding) never changes a verdict."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import load_domain, score_trajectory
from tau_shaped.reward.reading.fact_checks import FactChecker
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.predicate_schema import FactsStatedPredicate
from tests.prop_strategies import prop_settings
from tests.conftest import TESTS  # noqa: E402

CORPUS = json.loads((TESTS / "phrasings" / "facts_stated.json").read_text())
FD = load_domain("food_delivery")
S0 = FD.make_env(tasks=FD.tasks("test")[:1], task_index=0).initial_state(0)
RULE = "fd.statements.facts_supported"
PRED = FactsStatedPredicate.model_validate(json.loads(json.dumps(FD.policy_rules.rule(RULE).when).replace("{user_id}", CORPUS["customer"])))
CASES = [(e, verdict) for verdict, key in ((None, "backed"), (True, "unbacked"), (False, "undetermined")) for e in CORPUS[key]]


def _judge(entry, text=None):
    checker = FactChecker(PRED, S0)
    for oid in entry["looked_up"]:
        checker.observe("get_order_details", json.dumps(S0["orders"][oid]))
    found = checker.message(seen(entry["text"] if text is None else text))  # as the check kind reads it
    return None if found is None else found[0]


def test_twenty_backed_and_twenty_unbacked():
    assert len(CORPUS["backed"]) >= 20 and len(CORPUS["unbacked"]) >= 20 and CORPUS["undetermined"]


@pytest.mark.parametrize("entry, verdict", CASES, ids=[f"{v}:{e['text'][:40]}" for e, v in CASES])
def test_every_phrasing_gets_the_verdict_the_policy_gives(entry, verdict):
    assert _judge(entry) is verdict


@prop_settings(300)
@given(case=st.sampled_from(CASES), casing=st.sampled_from(["upper", "lower", "same"]),
       newline=st.sampled_from(["\n", "\r\n", "\n\n", "\n  "]), pad=st.sampled_from(["", " ", "\n", "  \n"]))
def test_formatting_does_not_change_the_verdict(case, casing, newline, pad):
    entry, verdict = case
    text = {"upper": entry["text"].upper(), "lower": entry["text"].lower(), "same": entry["text"]}[casing]
    assert _judge(entry, pad + text.replace("\n", newline) + pad) is verdict


@prop_settings(200)
@given(st.text(max_size=300))
def test_any_text_is_judged_without_error(text):
    assert _judge({"looked_up": ["FD-10502"], "text": text}) in (None, True, False)


def test_a_long_hostile_message_is_read_in_linear_time():
    import time

    text = ("Your order FD-10502 is delivered and arrived 20 minutes late; it is on its way. " * 2000)[:200_000]
    seen(text)  # the text the customer sees, made once per message (kept): what is timed here is the reading
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    start = time.process_time()
    _judge({"looked_up": ["FD-10502"], "text": text})
    assert time.process_time() - start < 10.0


# ---- through the verifier: the cases ---------------------------------------------------

TASKS = {t.id: t for t in FD.tasks("test")}
ENV = FD.make_env(tasks=list(TASKS.values()), task_index=0)


@pytest.mark.parametrize("said, rule", [
    ("Your order FD-10005 is delivered and its total is $19.73.", None),
    ("Your order FD-10005 is out for delivery and its total is $19.73.", RULE),
    ("Your order FD-10005 is delivered and its total is $19.73. Your refund arrives within the hour.", RULE),
    ("Your order FD-10005 is delivered and its total is $19.73. Your account is suspended.", RULE),
    ("Your order FD-10005 is delivered and its total is $19.73. It will be with you within 5 minutes.", "fd.eta.supported_not_earlier"),
])
def test_a_stated_fact_is_judged_in_the_episode(said, rule):
    task = TASKS["fd-question-3"]
    actions = [a.model_dump() for a in task.actions][:-1] + [{"name": "respond", "kwargs": {"content": said}}]
    result = score_trajectory(ENV, task, actions)
    assert result.status == "ok"
    assert [v.id for v in result.rule_violations] == ([rule] if rule else [])
    assert (result.outcome_reward == 1.0) is (rule is None)


def test_a_status_said_of_it_after_two_lookups_is_undetermined_and_names_the_text():
    task = TASKS["fd-question-3"]
    other = next(o for o in S0["customers"][task.user_id]["orders"] if o != "FD-10005")
    actions = [a.model_dump() for a in task.actions][:-1] + [
        {"name": "get_order_details", "kwargs": {"order_id": other}},
        {"name": "respond", "kwargs": {"content": "Its total is $19.73 and it is delivered."}}]
    result = score_trajectory(ENV, task, actions)
    assert result.status == "undetermined" and result.reward is None
    assert [(u.id, u.step) for u in result.undetermined] == [(RULE, 3)] and "it is delivered" in result.undetermined[0].evidence
