"""The persona customer in a domain written from the template (issue 45), as its author gets it
(``tau-shaped domain new`` into a temporary folder):

- the customer who waits to be transferred closes on the template's own transfer message, the
  one its ground truth says before it calls the domain's transfer tool, and on other wordings
  of it; a ``told`` that the ground truth never satisfies (the template's former
  ``{"contains": "transfer"}``, a whole phrase that "transferring" is not) is named by the check;
- a domain where no tool declares ``confirm`` (with the template's confirmation rule left in
  its rules, or taken out) has customers that play: a yes to the refund and the dispatch they
  asked for, a no to another amount.
"""

from __future__ import annotations

import json

import pytest

from tau_shaped.env.users import STOP
from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.tasks.persona_check import check_persona, play_against
from tau_shaped.tasks.persona_user import HOLD_REPLIES, PersonaUser
from tests.tasks.persona_domains import edit_personas, replace_once, template_domain


@pytest.fixture(scope="module")
def template_env(tmp_path_factory):
    for domain in template_domain("persona_tpl_shop", tmp_path_factory.mktemp("tpl")):
        yield domain, domain.make_env(task_split="test")


def _transfers(domain, env):
    """Each task whose ground truth calls one of the domain's terminating (transfer) tools, with
    the last message its ground truth says before that call."""
    out = []
    for task in env.tasks:
        names = [a.name for a in task.actions]
        at = next((i for i, n in enumerate(names) if n in domain.terminate_tools), None)
        said = [a.kwargs["content"] for a in task.actions[:at or 0] if a.name == "respond"]
        if at is not None and said:
            out.append((task, said[-1]))
    return out


def test_the_customer_closes_on_the_templates_own_transfer_message(template_env):
    domain, env = template_env
    transfers = _transfers(domain, env)
    assert transfers, "the template has a task that ends in a transfer"
    for task, message in transfers:
        user = PersonaUser.for_task(task, env=env)
        played = play_against(user, list(task.actions), task.instruction)
        assert played.replies[-1] in HOLD_REPLIES, (message, played.replies)  # "Okay": it waits to be transferred
        assert user.met and user.step("Are you still there?") == STOP
        problems = []
        check_persona(env, task, problems, [])
        assert problems == []


@pytest.mark.parametrize("message", [
    "I'm transferring you to a human agent now.",
    "I will transfer you to a specialist who can help.",
    "You are being transferred to a human agent.",
    "I have transferred your case; a colleague will take it from here.",
    "Let me TRANSFER you to our team.",
])
def test_other_wordings_of_the_transfer_close_it_too(template_env, message):
    domain, env = template_env
    for task, _ in _transfers(domain, env):
        user = PersonaUser.for_task(task, env=env)
        user.reset()
        assert user.step(message) in HOLD_REPLIES and user.met
        assert user.step("Thank you for waiting.") == STOP


def test_a_transfer_it_does_not_wait_for_gets_its_request(template_env):
    _, env = template_env
    user = PersonaUser.for_task(next(t for t in env.tasks if t.id == "refund-missing-item"), env=env)
    user.reset()
    assert user.step("I'm transferring you to a human agent.") == user.persona.request


def test_a_told_the_ground_truth_never_satisfies_is_named(template_env):
    _, env = template_env
    task = next(t for t, _ in _transfers(*template_env))
    raw = task.persona.model_dump(mode="json", exclude_none=True)
    broken = task.model_copy(update={"persona": type(task.persona).model_validate({**raw, "told": [{"contains": "transfer"}]})})
    problems = []
    check_persona(env, broken, problems, [])
    assert len(problems) == 1 and 'told[0] {"contains": "transfer"}' in problems[0] and "never closes" in problems[0]


def _no_confirm(keep_rule):
    def edit(package):
        tools = package / "tools.py"
        replace_once(tools, 'events=["money_moved", "money_moved_on_fraud_account"])',
                     'events=["money_moved", "money_moved_on_fraud_account"], confirm=False)')
        replace_once(tools, 'writes=["orders", "drivers"])', 'writes=["orders", "drivers"], confirm=False)')
        if not keep_rule:
            path = package / "policy_rules.json"
            rules = json.loads(path.read_text())
            rules["rules"] = [r for r in rules["rules"] if "unconfirmed" not in json.dumps(r["when"])]
            path.write_text(json.dumps(rules))
        edit_personas(package, lambda _id, persona: None)
    return edit


@pytest.mark.parametrize("keep_rule", [True, False], ids=["rule-kept", "rule-dropped"])
def test_a_domain_where_no_tool_declares_confirm_has_customers_that_play(tmp_path, keep_rule):
    for domain in template_domain(f"persona_noconfirm_{int(keep_rule)}", tmp_path, _no_confirm(keep_rule)):
        assert domain.confirmation_targets == []
        env = domain.make_env(task_split="test")
        tasks = {t.id: t for t in env.tasks}
        refund = PersonaUser.for_task(tasks["refund-missing-item"], env=env)
        refund.reset()
        assert classify_reply(refund.step("I can refund $5.00 to your card for order O1. Is that OK?")) in ("no", "change")
        assert classify_reply(refund.step("I can refund $15.00 to your card for order O1. Is that OK?")) == "yes"
        assert refund.met
        courier = PersonaUser.for_task(tasks["courier-offline"], env=env)
        courier.reset()
        assert classify_reply(courier.step("I can dispatch a new courier for order O2. Is that OK?")) == "yes"
        for task in env.tasks:  # every ground truth plays to its end
            played = play_against(PersonaUser.for_task(task, env=env), list(task.actions), task.instruction)
            assert len(played.actions) == len(task.actions), (task.id, played.replies)
