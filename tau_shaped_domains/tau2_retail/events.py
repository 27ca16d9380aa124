"""The events tau2's retail tools record for the policy rules (SPEC §5, §9).

The predicate language reads the state at fixed paths; it cannot follow a call's argument to
the record the call acts on (the gift card a payment names, the variant an item becomes). So
:func:`watch`, called by the tau2 adapter after each tool call that succeeded, reads those
records in ``before`` (the JSON state this call has not yet changed) and records what the
rules judge, as plain fields:

``payment_moved``
    A write that moves money by a method the agent chose: ``modify_pending_order_payment``,
    ``modify_pending_order_items``, ``exchange_delivered_order_items``,
    ``return_delivered_order_items``. Fields: ``tool``, ``order_id``, ``owner`` (the order's
    user), ``payment_method_id``, ``source`` (``gift_card``, ``credit_card``, ``paypal``; ``""``
    when the owner's profile has no such method), ``direction`` (``charge``: the method pays,
    ``refund``: it receives), ``amount`` (>= 0: the order's total for a payment change, the
    price difference for an item change or exchange, the returned items' prices for a
    return), ``original_method`` (the order's first payment), ``gift_card_balance`` (the
    card's balance before the call, ``None`` for another source), ``gift_card_short``
    (a gift card charged more than its balance) and ``refund_allowed`` (for a return: the
    refund goes to the original method or to a gift card; always true for the other tools,
    whose refund the policy does not restrict beyond the profile).

``item_changed``
    One per (old item, new item) pair of ``modify_pending_order_items`` or
    ``exchange_delivered_order_items``. Fields: ``tool``, ``order_id``, ``item_id``,
    ``new_item_id``, ``product_id`` (the old item's product), ``same_product`` (the new item
    is a variant of that product), ``available`` (the new item, in whichever product the
    catalogue has it, was available before the call) and
    ``new_option`` (it is another variant than the old item: the policy's "different product
    option").

``money_moved``
    Every write that moves money, cancellations included: ``tool``, ``order_id``, ``charged``
    (what the customer pays, >= 0), ``refunded`` (what they get back, >= 0), ``refund_sources``
    (the sources of the methods a refund goes to), ``refund_to_original`` (the refund goes to the
    order's original payment method). What a statement of money is checked against (SPEC §10).

``user_located``
    ``find_user_id_by_email`` or ``find_user_id_by_name_zip`` found a user. Fields: ``tool``,
    ``user_id`` (the id found).

tau2's tools already refuse some of what these facts describe (a gift card short of the
amount, a return refunded elsewhere than the original method or a gift card, an item of
another product or unavailable): a refused call records nothing, so those rules judge a
write that went through, whatever backend ran it.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional

from tau_shaped import record_event
from tau_shaped.env.episode import NoEpisodeError

EVENT_TYPES = ["payment_moved", "item_changed", "user_located", "money_moved"]

_MONEY_TOOLS = (
    "modify_pending_order_payment",
    "modify_pending_order_items",
    "exchange_delivered_order_items",
    "return_delivered_order_items",
)
_ITEM_TOOLS = ("modify_pending_order_items", "exchange_delivered_order_items")
_LOOKUPS = ("find_user_id_by_email", "find_user_id_by_name_zip")


def _cents(value: float) -> float:
    return round(value + 0.0, 2)


def _order_item(order: Dict[str, Any], item_id: str) -> Optional[Dict[str, Any]]:
    return next((it for it in order.get("items") or [] if it.get("item_id") == item_id), None)


def _variant(state: Dict[str, Any], product_id: Any, item_id: str) -> Optional[Dict[str, Any]]:
    product = (state.get("products") or {}).get(product_id) or {}
    variant = (product.get("variants") or {}).get(item_id)
    return variant if isinstance(variant, dict) else None


def _price_difference(state: Dict[str, Any], order: Dict[str, Any], old: List[str], new: List[str]) -> float:
    """What the new items cost more than the old ones (negative: the customer gets money back)."""
    parts = []
    for item_id, new_id in zip(old, new):
        item = _order_item(order, item_id)
        if item is None:
            continue
        variant = _variant(state, item.get("product_id"), new_id)
        if variant is not None:
            parts.append(float(variant.get("price", 0.0)) - float(item.get("price", 0.0)))
    return _cents(math.fsum(parts))


def _payment(tool: str, kwargs: Dict[str, Any], before: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    order_id = kwargs.get("order_id")
    order = (before.get("orders") or {}).get(order_id)
    if not isinstance(order, dict):
        return None
    owner = order.get("user_id")
    methods = ((before.get("users") or {}).get(owner) or {}).get("payment_methods") or {}
    method_id = kwargs.get("payment_method_id")
    method = methods.get(method_id) if isinstance(method_id, str) else None
    source = method.get("source", "") if isinstance(method, dict) else ""
    history = order.get("payment_history") or []
    original = history[0].get("payment_method_id") if history else None
    if tool == "modify_pending_order_payment":
        direction, amount = "charge", float(history[0].get("amount", 0.0)) if history else 0.0
    elif tool == "return_delivered_order_items":
        prices = []
        for item_id in kwargs.get("item_ids") or []:
            item = _order_item(order, item_id)
            prices.append(float(item.get("price", 0.0)) if item else 0.0)
        direction, amount = "refund", _cents(math.fsum(prices))
    else:
        diff = _price_difference(before, order, list(kwargs.get("item_ids") or []), list(kwargs.get("new_item_ids") or []))
        direction, amount = ("charge" if diff > 0 else "refund"), abs(diff)
    balance = float(method.get("balance", 0.0)) if source == "gift_card" else None
    short = balance is not None and direction == "charge" and amount > balance + 1e-9
    allowed = tool != "return_delivered_order_items" or method_id == original or source == "gift_card"
    return {
        "tool": tool,
        "order_id": order_id,
        "owner": owner,
        "payment_method_id": method_id,
        "source": source,
        "direction": direction,
        "amount": _cents(amount),
        "original_method": original,
        "gift_card_balance": balance,
        "gift_card_short": bool(short),
        "refund_allowed": bool(allowed),
    }


def _source(before: Dict[str, Any], owner: Any, method_id: Any) -> str:
    methods = ((before.get("users") or {}).get(owner) or {}).get("payment_methods") or {}
    method = methods.get(method_id) if isinstance(method_id, str) else None
    return str(method.get("source", "")) if isinstance(method, dict) else ""


def _moved(fields: Dict[str, Any], before: Dict[str, Any]) -> Dict[str, Any]:
    """``money_moved`` of a payment change, item change, exchange or return (``payment_moved``)."""
    amount, tool = fields["amount"], fields["tool"]
    if tool == "modify_pending_order_payment":  # the new method pays, the original is refunded
        original = fields["original_method"]
        return {"tool": tool, "order_id": fields["order_id"], "charged": amount, "refunded": amount,
                "refund_sources": [_source(before, fields["owner"], original)], "refund_to_original": True}
    refund = fields["direction"] == "refund"
    return {"tool": tool, "order_id": fields["order_id"], "charged": 0.0 if refund else amount,
            "refunded": amount if refund else 0.0, "refund_sources": [fields["source"]] if refund else [],
            "refund_to_original": refund and fields["payment_method_id"] == fields["original_method"]}


def _cancel_refund(kwargs: Dict[str, Any], before: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """A cancellation refunds every payment of the order to its own method."""
    order = (before.get("orders") or {}).get(kwargs.get("order_id"))
    if not isinstance(order, dict):
        return None
    paid = [p for p in order.get("payment_history") or [] if isinstance(p, dict)]  # tau2 refunds each entry
    return {"tool": "cancel_pending_order", "order_id": kwargs.get("order_id"),
            "charged": 0.0, "refunded": _cents(math.fsum(float(p.get("amount", 0.0)) for p in paid)),
            "refund_sources": [_source(before, order.get("user_id"), p.get("payment_method_id")) for p in paid],
            "refund_to_original": True}


def _item_changes(tool: str, kwargs: Dict[str, Any], before: Dict[str, Any]) -> List[Dict[str, Any]]:
    order = (before.get("orders") or {}).get(kwargs.get("order_id"))
    if not isinstance(order, dict):
        return []
    out = []
    for item_id, new_id in zip(kwargs.get("item_ids") or [], kwargs.get("new_item_ids") or []):
        item = _order_item(order, item_id) or {}
        product_id = item.get("product_id")
        variant = _variant(before, product_id, new_id)
        # the new item as the catalogue has it, in whichever product (for its availability)
        found = variant or next((v for p in (before.get("products") or {}).values()
                                 for k, v in (p.get("variants") or {}).items() if k == new_id), None)
        out.append({
            "tool": tool,
            "order_id": kwargs.get("order_id"),
            "item_id": item_id,
            "new_item_id": new_id,
            "product_id": product_id,
            "same_product": variant is not None,
            "available": bool(found is not None and found.get("available")),
            "new_option": new_id != item_id,
        })
    return out


def watch(tool: str, kwargs: Dict[str, Any], before: Dict[str, Any], db: Any, result: Any) -> None:
    """Record the facts of one successful call (``db``, tau2's view after it, is not needed:
    every fact is read before the call changed anything). A call made outside an episode
    (a look-up while tasks are converted) has no log to record in and records nothing."""
    del db
    try:
        _record(tool, kwargs, before, result)
    except NoEpisodeError:
        return


def _record(tool: str, kwargs: Dict[str, Any], before: Dict[str, Any], result: Any) -> None:
    if tool in _LOOKUPS:
        if isinstance(result, str) and result in (before.get("users") or {}):
            record_event("user_located", tool=tool, user_id=result)
        return
    if tool == "cancel_pending_order":
        moved = _cancel_refund(kwargs, before)
        if moved is not None:
            record_event("money_moved", **moved)
    if tool in _MONEY_TOOLS:
        fields = _payment(tool, kwargs, before)
        if fields is not None:
            record_event("payment_moved", **fields)
            record_event("money_moved", **_moved(fields, before))
    if tool in _ITEM_TOOLS:
        for fields in _item_changes(tool, kwargs, before):
            record_event("item_changed", **fields)
