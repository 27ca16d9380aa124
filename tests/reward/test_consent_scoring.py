"""SPEC §10 and issue 41/43 through the real scoring path (``score_trajectory``), on the bundled
food-delivery tasks and tau2 retail and airline tasks: a write is confirmed only by a message that
asks consent to that call, states no other value of its kind instead of the call's, and is answered
yes; an unanswered question, a null or empty reply is no yes; a trajectory that records no reply
leaves the rule undetermined; one yes covers one write. The policy (wiki.md: "tell the customer
exactly what you are about to do (the order, the items, the amount, the method) and wait for an
explicit yes. Then make that one call. A yes covers only the action you described, and only one
call") gives each expectation; the values are read from the tasks and S0, never written in."""

from __future__ import annotations

import importlib.util
import json
from typing import Any, Dict, List, Optional

import pytest

from tau_shaped import load_domain, score_trajectory

YES, RULE = "Yes, please go ahead.", "fd.confirm.before_write"
FD = load_domain("food_delivery")
TASKS = {t.id: t for t in FD.tasks("test") if not t.seed}
ENV = FD.make_env(tasks=list(TASKS.values()), task_index=0)
S0 = ENV.initial_state(0)
WRITES = {"issue_refund", "cancel_order", "change_delivery_address", "create_replacement_order",
          "dispatch_replacement_courier", "issue_apology_credit"}


def _gt(bucket: str) -> Any:
    return next(t for _, t in sorted(TASKS.items()) if t.id.startswith(f"fd-{bucket}-") and any(a.name in WRITES for a in t.actions))


def _actions(task: Any) -> List[Dict[str, Any]]:
    return [{"name": a.name, "kwargs": dict(a.kwargs)} for a in task.actions]


def _write(actions: List[Dict[str, Any]]) -> int:
    return next(i for i, a in enumerate(actions) if a["name"] in WRITES)


def _score(task: Any, actions: List[Dict[str, Any]], replies: Optional[List[Optional[str]]] = "yes", **kw: Any) -> Any:  # type: ignore[assignment]
    if replies == "yes":
        replies = [YES] * sum(1 for a in actions if a["name"] == "respond")
    return score_trajectory(ENV, task, actions, user_replies=replies, **kw)


def _asked(task: Any, question: str, **changes: Any) -> List[Dict[str, Any]]:
    """The task's ground truth with ``question`` as the message before its write (whose arguments
    take ``changes``)."""
    actions = _actions(task)
    w = _write(actions)
    actions[w]["kwargs"].update(changes)
    assert actions[w - 1]["name"] == "respond"
    actions[w - 1] = {"name": "respond", "kwargs": {"content": question}}
    return actions


def _confirmed(result: Any) -> bool:
    assert result.status == "ok", (result.status, result.error, [u.id for u in result.undetermined])
    return RULE not in {v.id for v in result.rule_violations}


REFUND = _gt("missing")
_R = next(a for a in REFUND.actions if a.name == "issue_refund").kwargs
_CARD = "your card" if _R["method"] == "original_payment" else "your wallet"
_OTHER_METHOD = "your wallet" if _R["method"] == "original_payment" else "your card"
_CUSTOMER_ORDERS = sorted(S0["customers"][REFUND.user_id]["orders"])
_OTHER_ORDER = next(o for o in _CUSTOMER_ORDERS if o != _R["order_id"])
_VALUES = {"order": _R["order_id"], "amount": f"{_R['amount']:.2f}", "method": _CARD}
FORMS = [
    "I can refund ${amount} to {method} for order {order}. Is that OK?",
    "Here is what I'll do:\n- Refund: ${amount}\n- To: {method}\n- Order: {order}\nShall I go ahead?",
    '{{"action": "refund", "order_id": "{order}", "amount": {amount}, "to": "{method}"}}\nDo you confirm?',
    "action=refund\norder_id={order}\namount={amount}\nto={method}\nReply yes to proceed.",
]


@pytest.mark.parametrize("form", FORMS)
def test_a_confirmation_stating_the_call_answered_yes_confirms_it(form):
    assert _confirmed(_score(REFUND, _asked(REFUND, form.format(**_VALUES))))


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("swap", ["order", "amount", "method"])
def test_one_value_swapped_for_another_of_its_kind_confirms_another_call(form, swap):
    other = {"order": _OTHER_ORDER, "amount": f"{_R['amount'] + 1:.2f}", "method": _OTHER_METHOD}[swap]
    assert not _confirmed(_score(REFUND, _asked(REFUND, form.format(**{**_VALUES, swap: other}))))


@pytest.mark.parametrize("question", [
    "Would you like to know how a refund of ${amount} to {method} for order {order} works?",
    "Do you have any questions about the refund of ${amount} to {method} for order {order}?",
    "Did you receive the refund of ${amount} to {method} for order {order}?",
])
def test_a_question_about_something_else_holding_the_values_is_no_confirmation(question):
    assert not _confirmed(_score(REFUND, _asked(REFUND, question.format(**_VALUES))))


def _refund_question_index(actions: List[Dict[str, Any]]) -> int:
    w = _write(actions)
    return sum(1 for a in actions[:w] if a["name"] == "respond") - 1


@pytest.mark.parametrize("nothing", [None, "", "   "])
def test_a_reply_recorded_as_null_or_empty_is_no_yes(nothing):
    actions = _actions(REFUND)
    replies = [YES] * sum(1 for a in actions if a["name"] == "respond")
    replies[_refund_question_index(actions)] = nothing
    assert not _confirmed(_score(REFUND, actions, replies))


@pytest.mark.parametrize("replies", [None, []])
def test_no_reply_recorded_at_all_leaves_the_rule_undetermined(replies):
    result = _score(REFUND, _actions(REFUND), replies)
    assert result.status == "undetermined" and result.reward is None
    assert {u.id for u in result.undetermined} == {RULE}


def test_a_write_with_no_question_at_all_is_unconfirmed_even_with_no_reply_recorded():
    actions = _actions(REFUND)
    w = _write(actions)
    result = _score(REFUND, actions[:w - 1] + actions[w:], None)
    assert not _confirmed(result)


def _as_messages(actions: List[Dict[str, Any]], answered: bool) -> List[Dict[str, Any]]:
    traj: List[Dict[str, Any]] = [{"role": "user", "content": "Hi, I need help with an order."}]
    for n, a in enumerate(actions):
        if a["name"] == "respond":
            traj.append({"role": "assistant", "content": a["kwargs"]["content"]})
            if answered:
                traj.append({"role": "user", "content": YES})
        else:
            call = {"id": f"c{n}", "type": "function", "function": {"name": a["name"], "arguments": json.dumps(a["kwargs"])}}
            traj += [{"role": "assistant", "content": None, "tool_calls": [call]},
                     {"role": "tool", "tool_call_id": f"c{n}", "name": a["name"], "content": "(result)"}]
    return traj


@pytest.mark.parametrize("answered", [True, False])
def test_a_question_the_agent_went_on_from_is_no_yes(answered):
    """The messages are the conversation: a question followed by the agent's next message, with
    no user turn between, was answered by nobody (a completion that asks and acts at once)."""
    result = score_trajectory(ENV, REFUND, traj=_as_messages(_actions(REFUND), answered))
    assert _confirmed(result) is answered


def test_one_yes_to_a_message_of_three_writes_covers_only_the_first():
    actions = _actions(REFUND)
    w = _write(actions)
    order, amount = _R["order_id"], round(_R["amount"] / 4, 2)
    three = (f"I can refund ${amount:.2f} to {_CARD} for order {order}, then another ${amount:.2f}, then a last "
             f"${amount:.2f}. Shall I?")
    refund = dict(actions[w], kwargs={**actions[w]["kwargs"], "amount": amount})
    trajectory = actions[:w - 1] + [{"name": "respond", "kwargs": {"content": three}}] + [refund, refund, refund] + actions[w + 1:]
    result = _score(REFUND, trajectory)
    broken = [v for v in result.rule_violations if v.id == RULE]
    assert [v.step for v in broken] == [w + 1]  # the second write (the first is covered; the rule reports its first breach)
    asked_again = (actions[:w - 1] + [{"name": "respond", "kwargs": {"content": three}}, refund]
                   + [{"name": "respond", "kwargs": {"content": f"Next, shall I refund another ${amount:.2f} to {_CARD} for order {order}?"}}, refund])
    assert _confirmed(_score(REFUND, asked_again + actions[w + 1:]))


def test_another_street_is_another_address():
    task = _gt("address")
    write = next(a for a in task.actions if a.name == "change_delivery_address").kwargs
    addresses = S0["customers"][task.user_id]["addresses"]
    street = next(a["street"] for a in addresses if a["address_id"] == write["address_id"])
    other = next(a["street"] for a in addresses if a["street"] != street)
    ask = "I can change the delivery address of order {o} to {s}. Shall I go ahead?"
    assert _confirmed(_score(task, _asked(task, ask.format(o=write["order_id"], s=street))))
    assert not _confirmed(_score(task, _asked(task, ask.format(o=write["order_id"], s=other))))


def test_another_dish_is_another_replacement():
    task = _gt("replace")
    write = next(a for a in task.actions if a.name == "create_replacement_order").kwargs
    restaurant = S0["restaurants"][S0["orders"][write["order_id"]]["restaurant_id"]]
    dish = restaurant["menu"][write["item_ids"][0]]["name"]
    other = next(m["name"] for i, m in sorted(restaurant["menu"].items()) if i not in write["item_ids"] and m["name"] != dish)
    ask = "I can send you a new {d} free of charge as a replacement for order {o}. Shall I?"
    assert _confirmed(_score(task, _asked(task, ask.format(d=dish, o=write["order_id"]))))
    assert not _confirmed(_score(task, _asked(task, ask.format(d=other, o=write["order_id"]))))


def test_another_courier_is_another_dispatch():
    from tau_shaped_domains.food_delivery.tools.lookup import available_couriers

    task = _gt("courier")
    order_id = next(a for a in task.actions if a.name == "dispatch_replacement_courier").kwargs["order_id"]
    order = S0["orders"][order_id]
    first, second = sorted(available_couriers(S0, order, order.get("original_driver_id") or order["driver_id"]))[:2]
    ask = "Your courier went offline. May I dispatch courier {c} for order {o}?"
    assert _confirmed(_score(task, _asked(task, ask.format(c=first, o=order_id), courier_id=first)))
    assert not _confirmed(_score(task, _asked(task, ask.format(c=second, o=order_id), courier_id=first)))


# ---- tau2: the same reading in retail and airline -----------------------------------------

_NEEDS_TAU2 = pytest.mark.skipif(importlib.util.find_spec("tau2") is None,
                                 reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

def _tau2(name: str, tool: str, bad: Any):
    domain = load_domain(name)
    tasks = [t for t in domain.tasks("test") if any(a.name == tool for a in t.actions)]
    env = domain.make_env(tasks=tasks, task_index=0)
    rule = next(r.id for r in domain.policy_rules.rules if "unconfirmed" in r.when)
    task = tasks[0]
    actions = [{"name": a.name, "kwargs": dict(a.kwargs)} for a in task.actions]
    w = next(i for i, a in enumerate(actions) if a["name"] == tool)
    good = actions[w - 1]["kwargs"]["content"]
    n = sum(1 for a in actions if a["name"] == "respond")

    def broken(content: str, replies: Any = "yes") -> bool:
        changed = actions[:w - 1] + [{"name": "respond", "kwargs": {"content": content}}] + actions[w:]
        result = score_trajectory(env, task, changed, user_replies=[YES] * n if replies == "yes" else replies)
        assert result.status == "ok", (result.status, result.error)
        return rule in {v.id for v in result.rule_violations}

    return env, task, actions[w]["kwargs"], good, broken, bad(env.initial_state(0), task, actions[w]["kwargs"], good)


def _retail_other_order(s0: Any, task: Any, kwargs: Dict[str, Any], good: str) -> str:
    user = s0["orders"][kwargs["order_id"]]["user_id"]
    other = next(o for o in sorted(s0["users"][user]["orders"]) if o != kwargs["order_id"])
    return good.replace(kwargs["order_id"], other)


@_NEEDS_TAU2
def test_tau2_retail_a_confirmation_of_another_order_of_the_same_customer_confirms_nothing():
    _, _, kwargs, good, broken, other = _tau2("tau2:retail", "cancel_pending_order", _retail_other_order)
    assert not broken(good)
    assert broken(other)
    assert broken("Would you like to know how cancelling order " + kwargs["order_id"] + " works?")


def _airline_other_date(s0: Any, task: Any, kwargs: Dict[str, Any], good: str) -> str:
    date = next(f["date"] for f in kwargs["flights"])
    year, rest = date.split("-", 1)
    return good.replace(date, f"{int(year) + 1}-{rest}")


@_NEEDS_TAU2
def test_tau2_airline_another_flight_date_is_another_change():
    _, _, _, good, broken, other = _tau2("tau2:airline", "update_reservation_flights", _airline_other_date)
    assert not broken(good)
    assert broken(other)
    assert broken(good, replies=[None] * 20)
