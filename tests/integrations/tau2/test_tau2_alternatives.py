"""Valid alternatives of tau2's tasks: a payment method the instruction leaves open (issue 18).

A task whose instruction names no way of paying gets the conservation invariant
``payment.open_method`` (SPEC §4.3; tau_shaped.integrations.tau2.alternatives): it owns the
method fields its writes set and the customer's gift-card balances, and balances the money to
half a cent. So (SPEC §3, §4): any method the policy allows scores outcome 1 where tau2's DB
check (the legacy reward, §2) gives 0; a method the policy forbids loses (tau2's tool refuses
it, and with the tool's guard removed the domain's gate fires, §3.1, §9); a cent off loses
(§4.3 tolerance); everything else stays compared strictly (§4); a task whose instruction names
the method accepts only that method.
"""

from __future__ import annotations

import copy
from typing import Any, List

import pytest

pytest.importorskip("tau2")

from tau_shaped import Action, load_domain, score_trajectory  # noqa: E402
from tau_shaped.integrations.tau2.alternatives import OPEN_WRITES, names_payment  # noqa: E402
from tau_shaped.integrations.tau2.domain import initial_database, toolkit  # noqa: E402
from tau_shaped.integrations.tau2.tasks import with_method  # noqa: E402
from tests.integrations.tau2.tau2_kit import accept_any_users_payment_method, answered  # noqa: E402

RETAIL = load_domain("tau2:retail")
AIRLINE = load_domain("tau2:airline")
R_ALL = RETAIL.tasks("train") + RETAIL.tasks("test")
A_ALL = AIRLINE.tasks("train") + AIRLINE.tasks("test")
R_BY = {t.id: t for t in R_ALL}
A_BY = {t.id: t for t in A_ALL}
R_ENV = RETAIL.make_env(tasks=R_ALL, task_index=0)
A_ENV = AIRLINE.make_env(tasks=A_ALL, task_index=0)
S0 = initial_database("retail")

# The tasks whose instruction leaves the method open (the selection test: names_payment).
OPEN_RETAIL = sorted(("5 9 18 26 27 32 49 55 60 61 77 79 86 94 97 100 101 102 108 111 "  # test
                      "0 1 2 3 4 6 7 8 15 16 19 23 28 29 30 31 35 41 54 63 73 75 78 85 89 93 95 96 "
                      "103 104 106 107 109 110 112").split(), key=int)  # train
OPEN_AIRLINE = ["7", "29", "30", "32", "44"]


# Airline task 44's ground truth cancels an insured reservation, which the policy allows for a
# health or weather reason the customer gives (the grader corpus's correct trajectory of task 44
# has them say so); with no reason said, air.cancel.insurance_reason_covered is broken.
REASONS = {"44": "I am sick and cannot travel."}


def _open(tasks: List[Any]) -> List[str]:
    return sorted((t.id for t in tasks if t.reward_overrides.monetary_identity), key=int)


def _score(env: Any, task: Any, actions: List[Action]):
    """``actions`` as the task's customer answers them (a yes to each question; on airline, their
    user id first): with no reply recorded a confirmed write is undetermined (SPEC §10)."""
    airline = task.id in A_BY and task is A_BY[task.id]
    words = answered(task, actions, opening=airline, more=REASONS.get(task.id, "") if airline else "")
    result = score_trajectory(env, task, actions, **words)
    assert result.status == "ok", result.error
    return result


def _write(task: Any, name: str, nth: int = 0) -> int:
    return [i for i, a in enumerate(task.actions) if a.name == name][nth]


def test_the_selection_is_the_tasks_whose_instruction_names_no_way_of_paying():
    assert _open(R_ALL) == OPEN_RETAIL
    assert _open(A_ALL) == OPEN_AIRLINE
    for task in R_ALL + A_ALL:
        opened = bool(task.reward_overrides.monetary_identity)
        if opened:
            assert not names_payment(task.instruction)
    assert names_payment("You want the refund to go to your PayPal.")
    assert names_payment("You want the refund as soon as possible.")  # a gift card's is immediate
    assert not names_payment("You want to know how much money you will get back in total.")
    assert not names_payment("cancel the charger you just bought")


@pytest.mark.parametrize("task_id", ["60", "100", "41", "5"])
def test_ground_truth_still_scores_one(task_id):
    """SPEC §6.2: the ground truth keeps legacy 1, outcome 1 and every rule."""
    task = R_BY[task_id]
    r = _score(R_ENV, task, task.actions)
    assert (r.legacy_reward, r.outcome_reward, r.reward, r.safety_passed) == (1.0, 1.0, 1.0, True)
    assert not r.rule_violations


@pytest.mark.parametrize("task_id,tool,method", [
    ("60", "modify_pending_order_items", "gift_card_3406421"),  # paypal -> a gift card that covers it
    ("100", "modify_pending_order_items", "paypal_3650980"),  # credit card -> paypal
    ("41", "modify_pending_order_items", "credit_card_9503061"),  # paypal -> credit card
    ("16", "return_delivered_order_items", "gift_card_1675628"),  # refund: original -> a gift card
])
def test_an_allowed_method_scores_one_where_tau2_gives_zero(task_id, tool, method):
    task = R_BY[task_id]
    r = _score(R_ENV, task, with_method(task.actions, _write(task, tool), method))
    assert (r.outcome_reward, r.reward, r.safety_passed, r.legacy_reward) == (1.0, 1.0, True, 0.0)
    assert not r.rule_violations and not r.canonical_diff


@pytest.mark.parametrize("task_id,nth,method", [("44", 1, "gift_card_5094406"), ("32", 1, "gift_card_7344518")])
def test_airline_flight_change_paid_by_a_gift_card_that_covers_it(task_id, nth, method):
    task = A_BY[task_id]
    r = _score(A_ENV, task, with_method(task.actions, _write(task, "update_reservation_flights", nth), method))
    assert (r.outcome_reward, r.reward, r.legacy_reward) == (1.0, 1.0, 0.0)


def test_airline_gift_card_short_and_certificate_lose():
    """tau2's airline policy: a change is paid by a credit card or a gift card with enough
    balance, never a certificate; tau2's tool refuses both, so nothing is written."""
    task = A_BY["44"]
    step = _write(task, "update_reservation_flights", 0)
    for method in ("gift_card_5094406", "certificate_3887113"):
        r = _score(A_ENV, task, with_method(task.actions, step, method))
        assert r.outcome_reward == 0.0 and r.reward == 0.0


def test_a_return_refunded_to_a_card_that_is_not_the_original_loses(monkeypatch):
    """policy.md (return): "the original payment method, or an existing gift card". tau2's tool
    refuses a refund to another card (outcome 0); with its check removed, the gate fires."""
    task = R_BY["100"]
    step = _write(task, "return_delivered_order_items")
    alt = with_method(task.actions, step, "credit_card_3261838")
    r = _score(R_ENV, task, alt)
    assert r.outcome_reward == 0.0 and r.reward == 0.0
    monkeypatch.setattr("tau2.domains.retail.tools.GiftCard", object)  # every method passes the tool
    env = RETAIL.make_env(tasks=[task], task_index=0)
    r = _score(env, task, alt)
    assert not r.safety_passed and r.reward == 0.0
    assert [(g.id, g.step) for g in r.gate_violations] == [("retail.refund.original_or_gift_card", step)]


def test_a_method_not_in_the_profile_loses(monkeypatch):
    task = R_BY["60"]
    step = _write(task, "modify_pending_order_items")
    stranger = "paypal_7644869"  # mei_kovacs_8020's
    assert stranger not in S0["users"][task.user_id]["payment_methods"]
    alt = with_method(task.actions, step, stranger)
    assert _score(R_ENV, task, alt).outcome_reward == 0.0  # tau2's tool refuses it
    accept_any_users_payment_method(monkeypatch)
    r = _score(RETAIL.make_env(tasks=[task], task_index=0), task, alt)
    assert r.reward == 0.0 and ("retail.payment.in_profile", step) in [(g.id, g.step) for g in r.gate_violations]


def _sg_entry(task: Any, order_id: str) -> dict:
    """The ledger entry the ground truth's item change appends (replayed on a copy of S0)."""
    kit, state = toolkit("retail"), {k: dict(v) for k, v in S0.items()}
    for a in task.actions:
        if a.name != "respond" and kit.writes(a.name):
            kit.call(state, a.name, dict(a.kwargs))
    return state["orders"][order_id]["payment_history"][-1]


def test_a_gift_card_short_of_the_difference_loses(monkeypatch):
    """policy.md (modify items): a gift card must cover the price difference. No open task's
    customer has a gift card short of a payment, so task 100's customer is given one a cent
    short of the $68.92 the item change costs: tau2's tool refuses it (outcome 0); with the
    tool's check removed, the gate fires (SPEC §3.1)."""
    task = R_BY["100"]
    step = _write(task, "modify_pending_order_items")
    entry = _sg_entry(task, "#W3295833")
    assert entry["transaction_type"] == "payment"
    short = copy.deepcopy(S0)
    card = {"source": "gift_card", "id": "gift_card_0000001", "balance": round(entry["amount"] - 0.01, 2)}
    short["users"][task.user_id]["payment_methods"]["gift_card_0000001"] = card
    monkeypatch.setattr(RETAIL, "load_data", lambda seed=0: copy.deepcopy(short))
    alt = with_method(task.actions, step, "gift_card_0000001")
    r = _score(RETAIL.make_env(tasks=[task], task_index=0), task, alt)
    assert r.outcome_reward == 0.0 and r.reward == 0.0

    class NoGiftCard:
        pass

    monkeypatch.setattr("tau2.domains.retail.tools.GiftCard", NoGiftCard)
    r = _score(RETAIL.make_env(tasks=[task], task_index=0), task, alt)
    assert r.reward == 0.0 and ("retail.payment.gift_card_balance", step) in [(g.id, g.step) for g in r.gate_violations]


@pytest.mark.parametrize("where", ["balance", "ledger"])
@pytest.mark.parametrize("method", ["gift_card_3406421", "paypal_3742148"])
@pytest.mark.parametrize("cent", [0.01, -0.01])
def test_a_cent_off_loses(monkeypatch, where, method, cent):
    """SPEC §4.3: half a cent of tolerance, so a cent off, in the gift card's balance (owned,
    judged by the identity) or in the ledger's amount (compared strictly), loses."""
    from tau2.domains.retail.tools import RetailTools

    original = RetailTools.modify_pending_order_items

    def off_by_a_cent(self, order_id, item_ids, new_item_ids, payment_method_id):
        order = original(self, order_id, item_ids, new_item_ids, payment_method_id)
        if where == "ledger":
            order.payment_history[-1].amount = round(order.payment_history[-1].amount + cent, 2)
        else:
            card = self.db.users[order.user_id].payment_methods["gift_card_3406421"]
            card.balance = round(card.balance + cent, 2)
        return order

    monkeypatch.setattr(RetailTools, "modify_pending_order_items", off_by_a_cent)
    off_by_a_cent.__doc__ = original.__doc__
    task = R_BY["60"]
    alt = with_method(task.actions, _write(task, "modify_pending_order_items"), method)
    r = _score(RETAIL.make_env(tasks=[task], task_index=0), task, alt)
    assert r.outcome_reward == 0.0 and r.reward < 1.0


def test_a_task_whose_instruction_names_the_method_accepts_only_it():
    """Tasks 41 and 42 are the same change of the same order; 42's user says PayPal, 41's says
    nothing. A credit card scores 1 on 41 and 0 on 42."""
    assert R_BY["41"].actions == R_BY["42"].actions
    assert names_payment(R_BY["42"].instruction) and not R_BY["42"].reward_overrides.monetary_identity
    for task_id, expected in (("41", 1.0), ("42", 0.0)):
        task = R_BY[task_id]
        alt = with_method(task.actions, _write(task, "modify_pending_order_items"), "credit_card_9503061")
        assert _score(R_ENV, task, alt).outcome_reward == expected


def _allowed(task: Any, step: int, method: str, state: dict) -> bool:
    """The policy's reading, independently of tau2's tool: a method of the profile; a return
    refunded to the original method or a gift card; a gift card that covers what it pays."""
    action = task.actions[step]
    pm = state["users"][task.user_id]["payment_methods"].get(method)
    if pm is None:
        return False
    order = state["orders"][action.kwargs["order_id"]]
    if action.name == "return_delivered_order_items":
        return pm["source"] == "gift_card" or method == order["payment_history"][0]["payment_method_id"]
    if pm["source"] != "gift_card":
        return True
    kit, after = toolkit("retail"), {k: dict(v) for k, v in state.items()}
    kit.call(after, action.name, dict(action.kwargs))  # the ground truth's method: the difference it moves
    new = after["orders"][action.kwargs["order_id"]]
    diff = new.get("exchange_price_difference") if action.name.startswith("exchange") else (
        new["payment_history"][-1]["amount"] * (1 if new["payment_history"][-1]["transaction_type"] == "payment" else -1))
    return pm["balance"] >= diff


@pytest.mark.parametrize("task_id", [t for t in OPEN_RETAIL if R_BY[t].split == "test"])
def test_every_method_of_the_profile_exhaustively(task_id):
    """Property over the whole profile (SPEC §4): each open write re-done with each method
    scores outcome 1 iff the policy allows that method, and never when tau2's check is 1
    unless it is the ground truth's own method."""
    task = R_BY[task_id]
    kit, state = toolkit("retail"), {k: dict(v) for k, v in S0.items()}
    gt = _score(R_ENV, task, task.actions).outcome_reward
    for step, action in enumerate(task.actions):
        if action.name in OPEN_WRITES:
            chosen = action.kwargs["payment_method_id"]
            for method in sorted(S0["users"][task.user_id]["payment_methods"]):
                r = _score(R_ENV, task, with_method(task.actions, step, method))
                expected = gt if _allowed(task, step, method, state) else 0.0
                assert r.outcome_reward == expected, (task_id, step, method)
                assert (r.legacy_reward == 1.0) == (method == chosen), (task_id, step, method)
        if action.name != "respond" and kit.writes(action.name):
            try:
                kit.call(state, action.name, dict(action.kwargs))
            except Exception:  # noqa: BLE001 - task 64's refused exchange
                pass
