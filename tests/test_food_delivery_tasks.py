"""Issue 3 acceptance on the food-delivery task set (SPEC §4.1, §4.3, §5, §6.2)."""

from __future__ import annotations

import pytest

from tau_shaped import Action, score_trajectory
from tau_shaped.tasks.domains import load_domain
from tau_shaped.reward.equivalence import read_path
from tau_shaped.tasks.check import check_task

DOMAIN = load_domain("food_delivery")
TASKS = DOMAIN.tasks("train") + DOMAIN.tasks("test")
ENV = DOMAIN.make_env(tasks=TASKS, task_index=0)
BUCKETS = {"account_question", "cancellation", "missing_item", "late_delivery", "courier_fell_through", "restaurant_closed",
           "compensation_cap", "replacement_order", "allergen_substitution", "multi_stop_route", "disputed_charge", "fraud_flagged",
           "address_change"}


def ids(tasks):
    return [t.id for t in tasks]


def test_task_set_shape():
    assert len(TASKS) >= 60
    counts = {b: sum(t.bucket == b for t in TASKS) for b in BUCKETS}
    assert all(n >= 5 for n in counts.values()), counts
    assert set(counts) == {t.bucket for t in TASKS}  # every bucket is known here
    for t in TASKS:
        writes = [a for a in t.actions if a.name not in ("respond", "find_customer_by_email", "get_order_details", "get_customer_details",
                                                         "get_restaurant_details", "find_substitutes")]
        if writes:
            assert 2 <= len(t.reward_overrides.process_checkpoints) <= 5, t.id


@pytest.mark.parametrize("task", TASKS, ids=ids(TASKS))
def test_tasks_pass_the_check(task):
    """SPEC §6.2, as `tau-shaped tasks check` runs it."""
    assert check_task(ENV, task).problems == []


def _alternative(task):
    """A different, valid resolution of the task, built from its ground truth."""
    actions = [a.model_copy(deep=True) for a in task.actions]
    o = task.reward_overrides
    if o.equivalence_class:
        cls = o.equivalence_class[0]
        truth = ENV.ground_truth(task)
        chosen = read_path(truth.data, cls.field_path)
        other = next(c for c in read_path(truth.data, cls.candidate_set_path) if c != chosen)
        for a in actions:
            if a.name == "dispatch_replacement_courier":
                a.kwargs["courier_id"] = other
            if a.name == "plan_delivery_route":
                a.kwargs["stop_order"] = other
        return actions
    out = []
    for a in actions:
        if a.name == "issue_refund":
            new = Action(name="issue_refund", kwargs={**a.kwargs, "method": "wallet_credit"})
        elif a.name == "create_replacement_order":
            value = o.monetary_identity[0].disputed_amount
            new = Action(name="issue_refund", kwargs={"order_id": a.kwargs["order_id"], "amount": value, "method": "original_payment", "reason": "instead"})
        elif a.name == "issue_apology_credit":
            new = Action(name="issue_refund", kwargs={"order_id": a.kwargs["order_id"], "amount": a.kwargs["amount"], "method": "wallet_credit", "reason": "apology"})
        else:
            out.append(a)
            continue
        # wiki "Confirm before you change anything": the question before the write describes
        # this write (its amount and method), as a yes covers only what was described
        if out and out[-1].name == "respond":
            out.pop()
        out += [_describe(new), new]
    return out


def _describe(write):
    where = "to your card" if write.kwargs["method"] == "original_payment" else "as wallet credit"
    return Action(name="respond", kwargs={"content": f"I can refund ${write.kwargs['amount']:.2f} {where}. Is that OK?"})


def _apology_only(task):
    return any("?type=apology" in c for m in task.reward_overrides.monetary_identity for c in m.components)


# An apology credit has no alternative form (wiki: a bad experience is made good by an apology
# credit; nothing was lost, so a refund is not one): those tasks are checked below.
ALTERNATIVES = [t for t in TASKS if (t.reward_overrides.equivalence_class or t.reward_overrides.monetary_identity) and not _apology_only(t)]
APOLOGIES = [t for t in TASKS if _apology_only(t)]


@pytest.mark.parametrize("task", APOLOGIES, ids=ids(APOLOGIES))
def test_a_refund_does_not_stand_in_for_an_apology_credit(task):
    """SPEC §4.3 scope: the apology's identity counts apology credits only, so the same amount
    refunded (to the card or as wallet credit) fails it, and, nothing having been lost, crosses
    the order's "nothing lost" cap of 0."""
    actions = _alternative(task)
    assert any(a.name == "issue_refund" for a in actions)
    result = score_trajectory(ENV, task, actions)
    assert result.outcome_reward == 0.0 and not result.invariants_hold
    assert [(g.id, g.source) for g in result.gate_violations] == [("compensation_cap", "nothing_lost")]
    assert result.rule_violations == []


@pytest.mark.parametrize("task", ALTERNATIVES, ids=ids(ALTERNATIVES))
def test_second_valid_resolution_scores_shaped_1_legacy_0(task):
    result = score_trajectory(ENV, task, _alternative(task))
    assert result.status == "ok" and result.safety_passed
    assert (result.legacy_reward, result.outcome_reward) == (0.0, 1.0), result.canonical_diff


def _crossing(task):
    gt = list(task.actions)
    if task.bucket == "allergen_substitution":
        propose = next(a for a in gt if a.name == "propose_substitution")
        order = ENV.initial_state(0)["orders"][propose.kwargs["order_id"]]
        allergens = set(ENV.initial_state(0)["customers"][order["customer_id"]]["allergens"])
        menu = ENV.initial_state(0)["restaurants"][order["restaurant_id"]]["menu"]
        category = menu[propose.kwargs["item_id"]]["category"]
        unsafe = next(mid for mid, m in sorted(menu.items()) if m["category"] == category and m["in_stock"] and set(m["allergens"]) & allergens)
        bad = Action(name="propose_substitution", kwargs={**propose.kwargs, "substitute_item_id": unsafe})
        return [bad if a is propose else a for a in gt], gt.index(propose)
    if task.bucket == "fraud_flagged":
        order_id = task.instruction.split("order ")[1].split(",")[0]
        refund = Action(name="issue_refund", kwargs={"order_id": order_id, "amount": 1.0, "method": "wallet_credit", "reason": "goodwill"})
        return gt[:2] + [refund] + gt[2:], 2
    raise AssertionError(task.bucket)


# The safety lines of these buckets are the domain's policy rules (SPEC §9), not task gates.
GATED = [t for t in TASKS if t.bucket in ("allergen_substitution", "fraud_flagged")]


@pytest.mark.parametrize("task", GATED, ids=ids(GATED))
def test_crossing_a_gate_scores_0_naming_it(task):
    actions, step = _crossing(task)
    result = score_trajectory(ENV, task, actions)
    assert result.reward == 0.0 and not result.safety_passed
    fired = [(g.id, g.step, g.source) for g in result.gate_violations]
    # SPEC §9: the domain's rule on the harm fires at the step of the harm, named
    domain_gate = "fd.allergen.no_unsafe_substitute" if task.bucket == "allergen_substitution" else "fd.fraud.no_money_moved"
    assert fired[0] == (domain_gate, step, "policy")
    assert task.reward_overrides.safety_gates == []  # the task declares only what is its own


CAPPED = [t for t in TASKS if any(m.cap is not None for m in t.reward_overrides.monetary_identity)]


@pytest.mark.parametrize("task", CAPPED, ids=ids(CAPPED))
def test_over_the_cap_is_the_compensation_gate(task):
    inv = task.reward_overrides.monetary_identity[0]
    order_id = inv.components[0].split(".")[1]
    actions = list(task.actions) + [Action(name="issue_refund", kwargs={"order_id": order_id, "amount": 1.0, "method": "wallet_credit", "reason": "more"})]
    result = score_trajectory(ENV, task, actions)
    assert "compensation_cap" in [g.id for g in result.gate_violations] and result.reward == 0.0
