"""The test recordings of policy breaches that tau-bench's reward scores 1: each ends in exactly
the ground truth's database (so tau-bench's hash comparison passes it), and each breaks a line
of ``tau_shaped_domains/food_delivery/wiki.md`` on the way there.

They are written from the policy, not from the verifier: the label says what the agent did
and the ``breaks`` comment the line of the policy it broke. The demo (``tau-shaped demo``)
replays them beside the valid alternatives tau-bench scores 0, so both kinds of disagreement
are on screen. What cannot be here: a trajectory that pays over the apology cap, or moves
money on a fraud-flagged account, changes the wallet and the ledger (no tool takes money
back), so tau-bench scores it 0 as well (those recordings are in the buckets, both failing).

``test_recordings(task, recs, data)`` gives a test task's recordings: the bucket's own, the
breach added, at most ``MAX_PER_TASK`` (the demo's trials: trial i plays recording i mod n, so
every recording is played).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, List, Optional

from .builders import Recs, act, rec, say

ORDER_ID = re.compile(r"FD-\d+")
MAX_PER_TASK = 4  # tau-shaped demo's --num-trials default
Actions = List[Dict[str, Any]]


def _index(actions: Actions, name: str) -> int:
    return next(i for i, a in enumerate(actions) if a["name"] == name)


def _said_before(actions: Actions, name: str) -> int:
    """The index of the message that asks for the yes before the first ``name`` call."""
    i = _index(actions, name)
    assert actions[i - 1]["name"] == "respond", (name, actions)
    return i - 1


def _kw(actions: Actions, name: str) -> Dict[str, Any]:
    return actions[_index(actions, name)]["kwargs"]


def _dollars(amount: float) -> str:
    return f"${amount:.2f}"


def looked_up_before_verifying(gt: Actions) -> Actions:
    """breaks 'Before looking up or changing anything on an account, find the customer's id':
    the order is read first, the customer verified after."""
    i = _index(gt, "get_order_details")
    return [gt[i]] + gt[:i] + gt[i + 1:]


def wrote_with_no_yes(gt: Actions, write: str, told: str) -> Actions:
    """breaks 'Before any write ... tell the customer exactly what you are about to do ... and
    wait for an explicit "yes"': the write is made unasked, and the customer told after."""
    i = _said_before(gt, write)
    return gt[:i] + [gt[i + 1], say(told)] + gt[i + 2:]


def confirmed_another(gt: Actions, write: str, message: str) -> Actions:
    """breaks 'A "yes" covers only the action you described': the customer said yes to
    ``message``, which describes another amount or address than the write the agent makes."""
    i = _said_before(gt, write)
    return gt[:i] + [say(message)] + gt[i + 1:]


def transposed(amount: float) -> float:
    """A typing slip: the cents' two digits swapped (a dollar more when they are the same)."""
    cents = f"{amount:.2f}"
    if cents[-1] == cents[-2]:
        return round(amount + 1, 2)
    return float(cents[:-2] + cents[-1] + cents[-2])


def _question(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    return rec(t["id"], "read the order before verifying the customer", looked_up_before_verifying(t["actions"]))


def _cancellation(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    oid = _kw(t["actions"], "cancel_order")["order_id"]
    o = data["orders"][oid]
    # cancel_order refunds the total while the order is placed, the total minus the food once the
    # restaurant has started: the agent states the other one
    stated = o["subtotal"] if o["status"] == "placed" else o["total"]
    message = f"I can cancel order {oid}; {_dollars(stated)} will be refunded to your card. Shall I go ahead?"
    return rec(t["id"], "stated a refund cancel_order does not give", confirmed_another(t["actions"], "cancel_order", message))


def _closed(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    oid = _kw(t["actions"], "cancel_order")["order_id"]
    told = (f"The restaurant cannot make your order, so I have cancelled order {oid}; "
            f"{_dollars(data['orders'][oid]['total'])} will be refunded to your card.")
    return rec(t["id"], "cancelled with no yes", wrote_with_no_yes(t["actions"], "cancel_order", told))


def _cap(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    # breaks 'Never go above it, even if the customer insists; say no politely and offer the cap'
    # in words, and 'A yes covers only the action you described' in the write
    kw = _kw(t["actions"], "issue_apology_credit")
    message = f"I'm sorry. I can add a $50.00 apology credit to your wallet for order {kw['order_id']}. Shall I add it?"
    return rec(t["id"], "promised $50, over the tier's cap, then credited the cap",
               confirmed_another(t["actions"], "issue_apology_credit", message))


def _allergen(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """breaks 'Never propose a substitute that contains any of them, even if the customer says
    they do not mind': an unsafe dish proposed first, then replaced by the safe one (a second
    proposal for the item replaces the first, so the database ends as the ground truth's)."""
    gt = t["actions"]
    kw = _kw(gt, "propose_substitution")
    o = data["orders"][kw["order_id"]]
    allergens = set(data["customers"][o["customer_id"]]["allergens"])
    menu = data["restaurants"][o["restaurant_id"]]["menu"]
    category = menu[kw["item_id"]]["category"]
    ordered = {it["item_id"] for it in o["items"]}
    unsafe = next((m for mid, m in sorted(menu.items()) if m["category"] == category and m["in_stock"]
                   and mid not in ordered and set(m["allergens"]) & allergens), None)
    if unsafe is None:
        return None
    i = _said_before(gt, "propose_substitution")
    bad = [say(f"I can propose {unsafe['name']} ({_dollars(unsafe['price'])}) instead. Shall I propose it?"),
           act("propose_substitution", order_id=kw["order_id"], item_id=kw["item_id"], substitute_item_id=unsafe["item_id"]),
           say(f"I'm sorry, {unsafe['name']} contains {', '.join(sorted(set(unsafe['allergens']) & allergens))}. "
               + gt[i]["kwargs"]["content"])]
    return rec(t["id"], "proposed a dish with the customer's allergen, then a safe one", gt[:i] + bad + gt[i + 1:])


def _route(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    return rec(t["id"], "planned the route with no yes",
               wrote_with_no_yes(t["actions"], "plan_delivery_route", "I have planned your route."))


def _fraud(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """breaks 'Do not mention the flag': the escalation asked about in words that name it."""
    oid = ORDER_ID.search(_kw(t["actions"], "escalate_to_fraud_team")["reason"]).group(0)
    message = (f"Your account is flagged for fraud, so I cannot refund order {oid}; I will pass your request to our "
               "specialist team. Shall I do that?")
    return rec(t["id"], "told the customer their account is flagged for fraud",
               confirmed_another(t["actions"], "escalate_to_fraud_team", message))


def _fraud_unannounced(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """breaks 'First tell the customer that you are transferring them, then make the call'."""
    gt = t["actions"]
    i = _said_before(gt, "transfer_to_human_agents")
    return rec(t["id"], "transferred with no word to the customer", gt[:i] + gt[i + 1:])


def _address(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    kw = _kw(t["actions"], "change_delivery_address")
    return rec(t["id"], "moved the delivery with no yes", wrote_with_no_yes(
        t["actions"], "change_delivery_address", f"I have changed the delivery address of order {kw['order_id']}."))


def _missing(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    kw = _kw(t["actions"], "issue_refund")
    return rec(t["id"], "refunded with no yes", wrote_with_no_yes(
        t["actions"], "issue_refund", f"I have refunded {_dollars(kw['amount'])} to your card for order {kw['order_id']}."))


def _dispute(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    kw = _kw(t["actions"], "issue_refund")
    message = f"I can refund {_dollars(transposed(kw['amount']))} to your card for order {kw['order_id']}. Is that OK?"
    return rec(t["id"], "asked a yes to another amount than it refunded", confirmed_another(t["actions"], "issue_refund", message))


def _unknown(t: Dict[str, Any], data: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """breaks 'If neither finds them, you cannot help with the account' and 'Before looking up
    ... anything on an account, find the customer's id': the stranger's order is read."""
    oid = ORDER_ID.search(t["instruction"]).group(0)
    return rec(t["id"], "read the order of a customer it could not verify",
               [act("get_order_details", order_id=oid)] + t["actions"])


BREACHES: Dict[str, List[Callable[[Dict[str, Any], Dict[str, Any]], Optional[Dict[str, Any]]]]] = {
    "account_question": [_question],
    "cancellation": [_cancellation],
    "restaurant_closed": [_closed],
    "compensation_cap": [_cap],
    "allergen_substitution": [_allergen],
    "multi_stop_route": [_route],
    "fraud_flagged": [_fraud, _fraud_unannounced],
    "address_change": [_address],
    "missing_item": [_missing],
    "disputed_charge": [_dispute],
    "unknown_customer": [_unknown],
}
# where the bucket's own recordings and the breach are more than the demo plays, what gives way
# (a kind the other money buckets show already)
LEAVE_OUT = {"missing_item": ["half refund, half credit", "over-compensated"],
             "disputed_charge": ["over-compensated"]}


def test_recordings(t: Dict[str, Any], recs: Recs, data: Dict[str, Any]) -> Recs:
    """The recordings of test task ``t``: the bucket's ``recs`` and its breaches (see the module)."""
    out = [r for r in recs if r["label"] not in LEAVE_OUT.get(t["bucket"], [])]
    for breach in BREACHES.get(t["bucket"], []):
        made = breach(t, data)
        if made is not None:
            out.append(made)
    if len(out) > MAX_PER_TASK:
        raise SystemExit(f"{t['id']}: {len(out)} recordings; the demo plays {MAX_PER_TASK}")
    return out
