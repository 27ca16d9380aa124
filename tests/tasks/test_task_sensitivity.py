"""SPEC §6.2: a task is refused when it cannot tell right from wrong. Tasks weakened on
purpose are refused, each naming what is wrong; the bundled tasks all pass."""

from __future__ import annotations

import functools
import math
import re
from pathlib import Path
from typing import Any, Callable, Dict

import pytest

from tau_shaped import load_domain
from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.files import load_tasks
from tau_shaped.tasks.schema import ShapedTask
from tau_shaped.tasks.sensitivity import perturbations

DOMAIN = load_domain("food_delivery")
HERE = Path(__file__).resolve().parents[1]  # tests/
# fixed world-0 tasks (as the generator first wrote them), then the bundled world-0 tasks and a
# sample of the training worlds (CI runs `tasks check` on every task)
ALL = DOMAIN.tasks("train") + DOMAIN.tasks("test")
SAMPLE = [t for t in ALL if not t.seed] + [t for t in ALL if t.seed][::25]
BY_ID = {t.id: t for t in SAMPLE}
RULE_TASKS = load_tasks(HERE / "food_delivery_rule_tasks.json")
BY_ID.update({t.id: t for t in RULE_TASKS})


def weakened(task_id: str, change: Callable[[Dict[str, Any]], None]) -> ShapedTask:
    raw = BY_ID[task_id].model_dump(mode="json", by_alias=True, exclude_unset=True)
    change(raw)
    return ShapedTask.model_validate(raw)


@functools.lru_cache(maxsize=None)
def _env():
    """One env for every test (its caches key a task by the object: a weakened copy is its own)."""
    return DOMAIN.make_env(tasks=list(BY_ID.values()), task_index=0)


def problems(task: ShapedTask):
    return check_task(_env(), task).problems


def _identity(raw):
    return raw["reward_overrides"]["monetary_identity"][0]


@pytest.mark.parametrize(
    "task_id, change, expected",
    [
        # an owned table hides any write to it
        ("fd-missing-1", lambda r: _identity(r)["owns"].append("orders.*"), "covers a whole table"),
        # a tolerance of a dollar lets a cent either way pass
        ("fd-missing-1", lambda r: _identity(r).update(tolerance=1.0), "perturbation keeps outcome 1 with safety passed: amount of step 3 (issue_refund) -0.01"),
        # a gate on an event the domain never records can never fire
        ("fd-missing-1", lambda r: r["reward_overrides"].setdefault("safety_gates", []).append(
            {"id": "never", "when": {"event": "courier_was_rude"}}), "event type 'courier_was_rude' is not one the domain records"),
        # a checkpoint on a tool the domain does not have
        ("fd-missing-1", lambda r: r["reward_overrides"]["process_checkpoints"].append(
            {"id": "ghost", "weight": 0.0, "when": {"tool": "refund_everything"}}), "unknown tool 'refund_everything'"),
        # a customer who wants the money back on the card, with a spec that owns the wallet too:
        # a wallet credit instead passes (the instruction no longer leaves the method open)
        ("fd-missing-1", lambda r: r.update(instruction=r["instruction"].split("You want")[0] + "You want it back on your card."),
         "perturbation keeps outcome 1 with safety passed: method of step 3 (issue_refund) 'wallet_credit' instead of 'original_payment'"),
        # a removed cap, with the domain's own "never more than lost" rule opted out of: paying
        # a cent more is then no safety violation at all
        ("fd-missing-1", lambda r: (_identity(r).pop("cap"), r.update(policy_exemptions=[
            {"rule": "fd.money.never_more_than_lost", "reason": "the task's cap is meant to judge it"}])),
         "amount of step 3 (issue_refund) +0.01: paying more than the dispute is not a safety violation"),
    ],
)
def test_a_weakened_task_is_refused_naming_what_is_wrong(task_id, change, expected):
    found = problems(weakened(task_id, change))
    assert any(expected in p for p in found), found


def test_a_task_whose_outcome_ignores_the_order_is_refused():
    """SPEC §6.2: a write aimed at another order of the same customer must lose; a task
    comparing nothing but the money (every order owned) cannot tell, and is named."""
    def own_all(raw):
        _identity(raw)["owns"].append("orders[?customer_id=CU-1130]")
        _identity(raw)["components"] = ["orders[?customer_id=CU-1130].ledger[*].amount"]
    found = problems(weakened("fd-missing-1", own_all))
    assert any("aimed at" in p and "another of the customer's orders" in p for p in found), found


def test_a_mistyped_key_is_refused_when_loaded():
    """SPEC §5: an unknown key anywhere in a predicate is refused on load, with its path (the
    predicate's kind is told by its key, so the path runs straight to the mistyped key)."""
    with pytest.raises(Exception, match=r"process_checkpoints\.3\.when\.sucess\n.*Extra inputs are not permitted"):
        weakened("fd-missing-1", lambda r: r["reward_overrides"]["process_checkpoints"].append(
            {"id": "typo", "weight": 0.0, "when": {"tool": "issue_refund", "sucess": True}}))


@pytest.mark.parametrize(
    "when, message",
    [
        ({"tool": "issue_refund", "args": {"method": {"contians": "wallet"}}}, "unknown matcher key 'contians' (did you mean 'contains'?)"),
        ({"tool": "issue_refund", "args": {"amount": {"ge": 1, "tolerence": 0.5}}}, "unknown matcher key 'tolerence'"),
        ({"state": "orders.FD-10013.total", "gt": math.nan}, "nan in a matcher"),
        ({"tool": "issue_refund", "args": {"amount": math.inf}}, "inf in a matcher"),
        ({"said": {"number": -math.inf}}, "finite"),
    ],
)
def test_a_mistyped_or_non_finite_matcher_is_refused_when_loaded(when, message):
    """SPEC §6.2: an unknown key anywhere in a predicate (a matcher's too: a typo is not a
    literal) and a non-finite number in a matcher are refused, naming them."""
    with pytest.raises(Exception, match=re.escape(message)):
        weakened("fd-missing-1", lambda r: r["reward_overrides"]["process_checkpoints"].append({"id": "typo", "weight": 0.0, "when": when}))


def test_a_literal_object_is_still_a_literal():
    """A literal object whose keys are not (near) operators stays a literal matcher."""
    task = weakened("fd-missing-1", lambda r: r["reward_overrides"]["process_checkpoints"].append(
        {"id": "literal", "weight": 0.0, "when": {"tool": "issue_refund", "args": {"meta": {"street": "x", "city": "y"}}}}))
    assert task.reward_overrides.process_checkpoints[-1].when.args["meta"].value == {"street": "x", "city": "y"}


def test_perturbations_of_a_money_task():
    """SPEC §6.2: each write dropped, its amount moved a cent either way, its method changed,
    aimed at another order of the customer and at another customer's, and writes added: the
    last one on another customer's order, and the domain's other write tools."""
    task = BY_ID["fd-missing-1"]
    env = _env()
    found = list(perturbations(env, task, lambda i: task.actions[i].name == "issue_refund"))
    names = [p.name for p in found]
    assert names[:3] == ["drop the write at step 3 (issue_refund)", "amount of step 3 (issue_refund) -0.01",
                         "amount of step 3 (issue_refund) +0.01"]
    assert any(n.startswith("step 3 (issue_refund) aimed at") and n.endswith("another of the customer's orders") for n in names)
    assert any(n.endswith("another customer's orders") for n in names)
    assert any(n.startswith("an unrelated write added (issue_refund on ") for n in names)
    added = {p.actions[len(task.actions)].name for p in found if p.name.startswith("a write the ground truth does not make")}
    assert "issue_refund" not in added and {"cancel_order", "issue_apology_credit"} <= added, added
    # the kinds, and a "no" to the question before the refund
    assert {p.kind for p in found} == {"skipped-step", "wrong-argument", "wrong-entity", "extra-write", "unconfirmed-write"}
    no = [p for p in found if p.kind == "unconfirmed-write"]
    assert len(no) == 1 and no[0].replies[0].startswith("No") and no[0].actions == list(task.actions)


def test_a_perturbed_amount_is_said_as_the_agent_writes_it():
    """An agent that refunds another amount asked about that amount: the question before the
    write states the perturbed amount, so the confirmation rule alone does not decide."""
    task = BY_ID["fd-missing-1"]
    env = _env()
    up = next(p for p in perturbations(env, task, lambda i: task.actions[i].name == "issue_refund") if p.name.endswith("+0.01"))
    amount = task.actions[3].kwargs["amount"]
    question = up.actions[2].kwargs["content"]
    assert f"{amount + 0.01:.2f}" in question and f"{amount:.2f}" not in question, question


def test_every_bundled_task_loses_under_every_perturbation():
    """The rule tasks (the bundled sample, the same as here, is checked whole by
    tests/domains/food_delivery/test_food_delivery_tasks.py, and every task by CI's `tasks check`)."""
    for task in RULE_TASKS:
        check = check_task(_env(), task)
        assert not [p for p in check.problems if "perturbation" in p], task.id
        assert sum(check.perturbations.values()) >= 3, (task.id, check.perturbation_summary)


def test_a_task_dumped_and_loaded_back_is_the_same_task():
    """SPEC §6.1: a task written out (model_dump) loads back to an equal task that scores its
    ground truth the same (literal matchers are written as the values they match)."""
    from tau_shaped import score_trajectory

    for task in BY_ID.values():
        again = ShapedTask.model_validate(task.model_dump(mode="json", by_alias=True, exclude_unset=True))
        assert again == task, task.id
    task = BY_ID["fd-missing-1"]
    again = ShapedTask.model_validate(task.model_dump(mode="json", by_alias=True, exclude_unset=True))
    env = DOMAIN.make_env(tasks=[again], task_index=0)
    result = score_trajectory(env, again, list(again.actions))
    assert all(c.satisfied for c in result.checkpoints) and result.outcome_reward == 1.0
