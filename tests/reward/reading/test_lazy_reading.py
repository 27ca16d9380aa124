"""The statement checks read the tools' results and the customer's words only when a statement
needs them, in the order they came: what they judge is what reading everything as it comes
judges (SPEC §10 statements). ``FactChecker`` against itself reading eagerly; the customer's
values before a step (``CustomerValues``) against the values of the replies that came before."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import load_domain
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import Action
from tau_shaped.reward.reading import statements
from tau_shaped.reward.checks.statement_support import CustomerValues
from tau_shaped.reward.reading.fact_checks import FactChecker
from tau_shaped.reward.predicate_schema import FactsStatedPredicate
from tau_shaped.reward.reading.text_matching import numbers_in_text
from tests.conftest import TESTS
from tests.prop_strategies import prop_settings

CORPUS = json.loads((TESTS / "phrasings" / "facts_stated.json").read_text())
FD = load_domain("food_delivery")
S0 = FD.make_env(tasks=FD.tasks("test")[:1], task_index=0).initial_state(0)
RULE = FD.policy_rules.rule("fd.statements.facts_supported").when
PRED = FactsStatedPredicate.model_validate(json.loads(json.dumps(RULE).replace("{user_id}", CORPUS["customer"])))
ORDERS = sorted(S0["orders"])[:6] + ["FD-10502"]
MESSAGES = [e["text"] for key in ("backed", "unbacked", "undetermined") for e in CORPUS[key]] + ["Your account is suspended."]


def _observation(oid, status):
    record = dict(S0["orders"][oid], status=status) if status else S0["orders"][oid]
    return json.dumps(record)


EVENTS = st.lists(st.one_of(
    st.tuples(st.just("observe"), st.sampled_from(["get_order_details", "cancel_order", "get_customer"]),
              st.sampled_from(ORDERS), st.sampled_from(["", "delivered", "cancelled", "out_for_delivery"])),
    st.tuples(st.just("fail"), st.sampled_from(["get_order_details", "cancel_order"])),
    st.tuples(st.just("hear"), st.sampled_from(["it was 20 minutes late", "I waited 35 min", "5%", "", "hello"])),
    st.tuples(st.just("message"), st.sampled_from(MESSAGES)),
), max_size=10)


def _step(index, name, observation, kwargs=None):
    return Step(index=index, action=Action(name=name, kwargs=kwargs or {}), observation=observation)


@prop_settings(300)
@given(EVENTS)
def test_facts_read_when_needed_are_judged_as_if_read_at_once(events):
    lazy, eager = FactChecker(PRED, S0), FactChecker(PRED, S0)
    judged = []
    for i, event in enumerate(events):
        if event[0] == "observe":
            observation = _observation(event[2], event[3])
            lazy.observe_step(_step(i, event[1], observation))
            eager.observe(event[1], observation)
            eager._read_observations()
        elif event[0] == "fail":
            lazy.observe_step(_step(i, event[1], "Error: the account is suspended"))  # not read: it failed
        elif event[0] == "hear":
            lazy.hear(event[1])
            eager.hear(event[1])
            eager._user_numbers()
        else:
            judged.append((lazy.message(event[1]), eager.message(event[1])))
    assert all(a == b for a, b in judged)


@prop_settings(300)
@given(st.lists(st.tuples(st.sampled_from(["respond", "respond_odd", "get_order_eta"]),
                          st.sampled_from(["at 7 pm", "$4.50 and 19:05", "", "no", "12 noon, 3 dollars"])), max_size=8),
       st.sampled_from([None, "", "I ordered at 6 pm, $20"]), st.data())
def test_the_customers_values_before_a_step_are_those_of_the_earlier_replies(kinds, first, data):
    steps = []
    for i, (kind, text) in enumerate(kinds):
        if kind == "get_order_eta":
            steps.append(_step(i, kind, text))
        else:  # a reply to a message; an odd respond step (content not text) is no agent message
            steps.append(_step(i, "respond", text, {"content": f"message {i}" if kind == "respond" else 7}))
    trajectory = Trajectory(steps=steps, first_user_message=first)
    for read in (lambda t: [s.value for s in statements.stated_times(t)], lambda t: [v for v, _ in numbers_in_text(t)]):
        values = CustomerValues(trajectory, read)
        positions = sorted(data.draw(st.lists(st.integers(0, len(steps)), max_size=4)))
        for at in positions:
            expected = read(first) if first else []
            for s in steps[:at]:
                if s.agent_text is not None and s.user_reply:
                    expected += read(s.user_reply)
            assert values.before(at) == expected


def test_a_result_nested_too_deep_to_read_backs_nothing_and_raises_nothing():
    checker = FactChecker(PRED, S0)
    checker.observe("get_order_details", '{"status": ' + "[" * 100_000 + "]" * 100_000 + "}")
    checker.observe("cancel_order", "[" * 100_000)
    assert checker.message("Your order FD-10502 is delivered.") == (
        True, "agent stated 'FD-10502 is delivered' of FD-10502: no tool showed its status")


@prop_settings(200)
@given(st.lists(st.tuples(st.sampled_from(["respond", "issue_refund", "give_credit"]),
                          st.sampled_from([5, 2.5, "7", True, None, 10 ** 400, -1])), max_size=8),
       st.lists(st.integers(-1, 9), max_size=4))
def test_offers_read_when_needed_are_the_later_calls_values(calls, asked):
    from tau_shaped.reward.checks.statement_support import Offers, offered

    steps = [_step(i, name, "ok", {"amount": v, "content": "x"}) for i, (name, v) in enumerate(calls)]
    trajectory = Trajectory(steps=steps)
    offers = Offers(trajectory, ["amount"])
    expected = [(i, float(v)) for i, (name, v) in enumerate(calls)
                if name != "respond" and type(v) in (int, float) and abs(v) < 10 ** 300]
    assert offered(trajectory, ["amount"]) == expected  # a number too large for a float offers nothing
    for index in asked:
        assert offers.after(index) == [v for step, v in expected if step > index]
