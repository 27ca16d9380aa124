"""Issue 3 and 14 acceptance on the food-delivery task set (SPEC §4.1, §4.3, §5, §6.2).

Every task of both splits passes ``tasks check`` in CI (``.ci/run``); here the world-0 tasks
(the test split and the first train tasks) and a fixed sample of the training worlds."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tau_shaped import Action, score_trajectory
from tau_shaped.tasks.domains import load_domain
from tau_shaped.reward.equivalence import read_path
from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.consenting import score_consented

DOMAIN = load_domain("food_delivery")
TRAIN, TEST = DOMAIN.tasks("train"), DOMAIN.tasks("test")
# world 0, and every 25th task of the training worlds
TASKS = [t for t in TRAIN if not t.seed] + TEST + [t for t in TRAIN if t.seed][::25]
ENV = DOMAIN.make_env(tasks=TASKS, task_index=0)
REFUSALS = {"late_under_15", "charge_matches", "no_safe_substitute", "too_late_to_change", "unknown_customer", "cap_refused"}
BUCKETS = {"account_question", "cancellation", "missing_item", "late_delivery", "courier_fell_through", "restaurant_closed",
           "compensation_cap", "replacement_order", "allergen_substitution", "multi_stop_route", "disputed_charge", "fraud_flagged",
           "address_change"} | REFUSALS
READS = ("respond", "find_customer_by_email", "find_customer_by_name_zip", "get_order_details", "get_customer_details",
         "get_restaurant_details", "find_substitutes")


def ids(tasks):
    return [t.id for t in tasks]


def test_task_set_shape():
    """Issue 14: at least 1,000 train tasks, 60 per bucket; a fixed test split of 4 per bucket
    from world 0; at least 24 tasks whose right answer changes nothing."""
    train, test = Counter(t.bucket for t in TRAIN), Counter(t.bucket for t in TEST)
    assert set(train) == set(test) == BUCKETS  # every bucket is known here
    assert len(TRAIN) >= 1000 and min(train.values()) >= 60, train
    assert set(test.values()) == {4} and all(not t.seed for t in TEST)
    assert sum(n for b, n in (train + test).items() if b in REFUSALS) >= 24
    assert len({t.id for t in TRAIN + TEST}) == len(TRAIN) + len(TEST)
    assert len({(t.seed or 0) for t in TRAIN}) >= 10  # spread over many worlds
    for t in TRAIN + TEST:
        writes = [a for a in t.actions if a.name not in READS]
        if writes:
            assert 2 <= len(t.reward_overrides.process_checkpoints) <= 5, t.id
        else:
            assert t.output_checks, t.id  # a task that changes nothing is told apart from silence by what is said


def test_instructions_vary():
    """Issue 14: not one template with the ids swapped: per bucket, several wordings, tempers
    and ways of identifying (email or name and zip) and of naming the order."""
    for bucket in BUCKETS - {"unknown_customer", "multi_stop_route"}:
        tasks = [t for t in TRAIN if t.bucket == bucket]
        shapes = {re.sub(r"FD-\d+|\$?\d+(\.\d+)?|[A-Z][a-z]+ [A-Z][a-z]+", "#", t.instruction.split(". ", 2)[-1])[:60] for t in tasks}
        assert len(shapes) >= 3, (bucket, shapes)
        assert any("zip code" in t.instruction for t in tasks) and any("email is" in t.instruction for t in tasks), bucket
        assert any(a.name == "find_customer_by_name_zip" for t in tasks for a in t.actions), bucket
    known = [t for t in TRAIN if t.bucket == "cancellation"]
    assert any("do not have its number" in t.instruction for t in known) and any("your order FD-" in t.instruction for t in known)


REFUSING = [t for t in TASKS if t.bucket in REFUSALS]


@pytest.mark.parametrize("task", REFUSING, ids=ids(REFUSING))
def test_acting_or_saying_nothing_loses_a_refusal_task(task):
    """The right answer changes nothing: the ground truth wins; so much as a dollar of wallet
    credit on the order loses, and so does looking it up and saying nothing."""
    gt = list(task.actions)
    assert score_trajectory(ENV, task, gt).outcome_reward == 1.0
    first = next(i for i, a in enumerate(gt) if a.name == "respond")
    assert score_trajectory(ENV, task, gt[:first]).outcome_reward == 0.0
    order_id = re.search(r"FD-\d+", json.dumps([a.kwargs for a in gt]) + task.instruction).group(0)
    money = Action(name="issue_refund", kwargs={"order_id": order_id, "amount": 1.0, "method": "wallet_credit", "reason": "goodwill"})
    ask = Action(name="respond", kwargs={"content": f"I can refund $1.00 as wallet credit on order {order_id}. Is that OK?"})
    acted = score_trajectory(ENV, task, gt[:first] + [ask, money] + gt[first:])
    assert acted.reward == 0.0 and acted.outcome_reward == 0.0


NO_SAFE_DISH = [t for t in TASKS if t.bucket == "no_safe_substitute"]


@pytest.mark.parametrize("task", NO_SAFE_DISH, ids=ids(NO_SAFE_DISH))
def test_where_no_safe_dish_exists_the_cancellation_is_offered(task):
    """wiki Substitutions: "If no safe substitute exists or the customer refuses them all, offer to cancel the order"
    (round 14: judged by nothing before; an agent that refused and stopped won). A task whose customer insists on one
    unsafe dish (and wants no other) is refused only; one with no safe dish at all also asks the offer: the ground
    truth wins, its refusal without the offer loses, and the offer in other words wins."""
    gt = list(task.actions)
    asks = any(c.id == "cancel_offered" for c in task.output_checks)
    assert asks == ("I can cancel order" in gt[-1].kwargs["content"])
    assert score_trajectory(ENV, task, gt).outcome_reward == 1.0
    if not asks:
        return
    refusal = gt[-1].kwargs["content"].split(" I can cancel")[0]
    order_id = re.search(r"FD-\d+", gt[-1].kwargs["content"]).group(0)
    for said, wins in [(refusal, False), (refusal + " I can't cancel it either.", False),
                       (refusal + f" Would you like me to cancel {order_id} instead?", True),
                       (refusal + " Cancelling it is still an option, if you'd rather.", True)]:
        result = score_trajectory(ENV, task, gt[:-1] + [Action(name="respond", kwargs={"content": said})])
        assert (result.outcome_reward == 1.0) is wins, said


CAP_REFUSED = [t for t in TASKS if t.bucket == "cap_refused"]


@pytest.mark.parametrize("task", CAP_REFUSED, ids=ids(CAP_REFUSED))
def test_where_the_customer_insists_above_the_cap_the_cap_is_offered(task):
    """wiki Apology credits: "Never go above it, even if the customer insists; say no politely and offer the cap" (round 16,
    audit-fd: offered_cap read the cap's number alone, so "I cannot go above $5.00, so I will not add a credit." with no
    offer won). The ground truth wins; the cap said only as a limit, or an offer negated, loses; the offer in other words
    (declarative, informal, a bare question) wins."""
    gt = list(task.actions)
    assert any(c.id == "cap_offered" for c in task.output_checks)
    assert score_trajectory(ENV, task, gt).outcome_reward == 1.0
    cap = next(c.said.number for c in task.output_checks if c.id == "offered_cap")
    pre = [a for a in gt if a.name != "respond"]
    limit = f"I understand. I cannot go above ${cap:.2f}, so I will not add a credit."
    for said, wins in [(limit, False), (f"Sorry. ${cap:.2f} is our limit for your tier, and I can't offer more than that.", False),
                       (f"I can not give you $50; ${cap:.2f} is the cap.", False),
                       (f"Sorry about the courier. ${cap:.2f} is the max for your tier -- want it?", True),
                       (f"Best I can do is ${cap:.2f} as wallet credit. Interested?", True),
                       (f"I can't do $50, but I can add ${cap:.2f} to your wallet if you'd like.", True),
                       (f"The ${cap:.2f} apology credit is still on the table.", True),
                       # held-out 2's classes: possession idioms, a wallet credit then a bare question, a subjectless
                       # "happy to", "available" / "say the word"
                       (f"Fifty is out, but ${cap:.2f} could be yours.", True), (f"One ${cap:.2f} credit into your wallet -- good?", True),
                       (f"Can't reach $50. Glad to add ${cap:.2f} though.", True), (f"A ${cap:.2f} credit is available; say the word.", True),
                       (f"The cap is ${cap:.2f}, OK?", False), (f"I'm not happy to add more than ${cap:.2f}.", False)]:
        result = score_trajectory(ENV, task, pre + [Action(name="respond", kwargs={"content": said}), gt[-1]])
        assert (result.outcome_reward == 1.0) is wins, said


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
            total = ENV.initial_state(task.seed or 0)["orders"][a.kwargs["order_id"]]["total"]  # a refund is at most the order's total
            new = Action(name="issue_refund", kwargs={"order_id": a.kwargs["order_id"], "amount": min(a.kwargs["amount"], total),
                                                      "method": "wallet_credit", "reason": "apology"})
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
ALTERNATIVES = [t for t in TASKS if (t.reward_overrides.equivalence_class or t.reward_overrides.monetary_identity) and not _apology_only(t)
                and t.bucket not in REFUSALS]
APOLOGIES = [t for t in TASKS if _apology_only(t)]


@pytest.mark.parametrize("task", APOLOGIES, ids=ids(APOLOGIES))
def test_a_refund_does_not_stand_in_for_an_apology_credit(task):
    """SPEC §4.3 scope: the apology's identity counts apology credits only, so the same amount
    refunded (to the card or as wallet credit) fails it, and, nothing having been lost, crosses
    the order's "nothing lost" cap of 0 and the policy's "never more than lost" (the apology
    owed is no loss)."""
    actions = _alternative(task)
    assert any(a.name == "issue_refund" for a in actions)
    result = score_trajectory(ENV, task, actions)
    assert result.outcome_reward == 0.0 and not result.invariants_hold
    assert [(g.id, g.source) for g in result.gate_violations] == [("compensation_cap", "nothing_lost"),
                                                                  ("fd.money.never_more_than_lost", "policy")]
    assert result.rule_violations == []


@pytest.mark.parametrize("task", ALTERNATIVES, ids=ids(ALTERNATIVES))
def test_second_valid_resolution_scores_shaped_1_legacy_0(task):
    # answered yes at every question, as the ground truth is in the check (SPEC §10: with no
    # replies recorded, a write that needs a confirmation is undetermined)
    result = score_consented(ENV, task, _alternative(task))
    assert result.status == "ok" and result.safety_passed
    assert (result.legacy_reward, result.outcome_reward) == (0.0, 1.0), result.canonical_diff


def _crossing(task):
    gt = list(task.actions)
    if task.bucket == "allergen_substitution":
        propose = next(a for a in gt if a.name == "propose_substitution")
        s0 = ENV.initial_state(task.seed or 0)
        order = s0["orders"][propose.kwargs["order_id"]]
        allergens = set(s0["customers"][order["customer_id"]]["allergens"])
        menu = s0["restaurants"][order["restaurant_id"]]["menu"]
        category = menu[propose.kwargs["item_id"]]["category"]
        ordered = {it["item_id"] for it in order["items"]}
        unsafe = next(mid for mid, m in sorted(menu.items())
                      if m["category"] == category and m["in_stock"] and set(m["allergens"]) & allergens and mid not in ordered)
        bad = Action(name="propose_substitution", kwargs={**propose.kwargs, "substitute_item_id": unsafe})
        return [bad if a is propose else a for a in gt], gt.index(propose)
    if task.bucket == "fraud_flagged":
        order_id = re.search(r"FD-\d+", json.dumps([a.kwargs for a in gt])).group(0)
        refund = Action(name="issue_refund", kwargs={"order_id": order_id, "amount": 1.0, "method": "wallet_credit", "reason": "goodwill"})
        first = next(i for i, a in enumerate(gt) if a.name == "respond")
        return gt[:first] + [refund] + gt[first:], first
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
