"""A write's records in S0 (SPEC §10; read by ``confirmations`` and ``checks/unconfirmed``): the
record a table holds under a key's value (``find_record``, and ``record_in_s0`` from an index of
the table made once per table and key), and the cards a write pays or refunds with
(``call_cards``: its method, or its owner's cards for the original payment)."""

from __future__ import annotations

from typing import Any, Dict, Optional

from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.reward.reading.s0_ids import id_key

__all__ = ["call_cards", "find_record", "record_in_s0", "named_amounts", "id_key"]

_PARENT_KEYS = (("orders", "order_id"), ("reservations", "reservation_id"))
_OWNER_KEYS = (("customers", "customer_id"), ("users", "user_id"))
_METHOD_ARGS = ("method", "payment_method_id", "payment_id", "new_payment_method_id", "refund_method")


def call_cards(kwargs: Any, initial: Any) -> Optional[frozenset]:
    """The cards a write pays or refunds with, as (brand, last four) pairs, from S0 ``initial``:
    the payment method it names, when that is one of its owner's (the owner of the order or
    reservation it acts on); every card of the owner's for "original_payment"; None when the
    call names no method or its owner or method is not found (nothing compared)."""
    if not isinstance(kwargs, dict) or not isinstance(initial, dict):
        return None
    method = next((kwargs[k] for k in _METHOD_ARGS if isinstance(kwargs.get(k), str)), None)
    if method is None:
        return None
    owner = None
    for table, key in _PARENT_KEYS:
        if isinstance(kwargs.get(key), str) and isinstance(initial.get(table), (dict, list)):
            parent = record_in_s0(initial[table], key, kwargs[key])
            owner = next((parent.get(k) for _, k in _OWNER_KEYS if isinstance(parent, dict) and parent.get(k)), None)
            if owner is not None:
                break
    person = next((record_in_s0(initial[t], k, owner) for t, k in _OWNER_KEYS
                   if owner is not None and isinstance(initial.get(t), (dict, list))), None)
    methods = person.get("payment_methods") if isinstance(person, dict) else None
    if isinstance(methods, list):
        methods = {m.get("id"): m for m in methods if isinstance(m, dict)}
    if not isinstance(methods, dict):
        return None
    if method in methods:
        chosen = [methods[method]]
    elif method == "original_payment":
        chosen = [m for m in methods.values() if isinstance(m, dict) and _is_card(m)]
    else:
        return None
    return frozenset((str(m.get("brand") or "").lower().replace(" ", "") or None, str(m.get("last4") or m.get("last_four") or "") or None)
                     for m in chosen if isinstance(m, dict) and _is_card(m))


def _is_card(method: dict) -> bool:
    return str(method.get("type") or method.get("source") or "") in ("card", "credit_card", "debit_card")


def find_record(data: Any, key: str, value: Any, depth: int = 4) -> Optional[dict]:
    """The first dict under ``data`` (depth first, at most ``depth`` levels down) whose ``key``
    is ``value``."""
    if isinstance(data, dict):
        if data.get(key) == value:
            return data
        children: Any = data.values()
    elif isinstance(data, list):
        children = data
    else:
        return None
    if depth <= 0:
        return None
    for child in children:
        if isinstance(child, (dict, list)):
            found = find_record(child, key, value, depth - 1)
            if found is not None:
                return found
    return None


_SCALARS = (str, int, float, bool)
_RECORD_INDEXES: "IdentityCache[Dict[Any, dict]]" = IdentityCache(64)  # by (table, key)


def _record_index(data: Any, key: str, depth: int, first: Dict[Any, dict]) -> None:
    """What ``find_record`` finds for each scalar value of ``key`` under ``data``, in its order."""
    if isinstance(data, dict):
        found = data.get(key)
        if isinstance(found, _SCALARS):
            first.setdefault(found, data)  # the first in ``find_record``'s order (1, 1.0 and True alike, as ==)
        children: Any = data.values()
    elif isinstance(data, list):
        children = data
    else:
        return
    if depth <= 0:
        return
    depth -= 1
    for child in children:
        kind = type(child)
        if kind is dict or kind is list:  # JSON's own types told first (an empty one holds no record)
            if child:
                _record_index(child, key, depth, first)
        elif kind not in _LEAVES and isinstance(child, (dict, list)):
            _record_index(child, key, depth, first)


_LEAVES = frozenset({str, int, float, bool, type(None)})


def record_in_s0(table: Any, key: str, value: Any) -> Optional[dict]:
    """``find_record(table, key, value)`` for a table of S0 (frozen, shared by every episode),
    from an index of the table made once per (table, key) (bounded): a write's address is looked
    up for every message before it. A value that is not a plain scalar (or is NaN) is searched."""
    if type(value) not in _SCALARS or value != value or not isinstance(table, (dict, list)):
        return find_record(table, key, value)
    first = _RECORD_INDEXES.get(table, key)
    if first is None:
        first = {}
        _record_index(table, key, 4, first)
        _RECORD_INDEXES.put(table, first, key)
    return first.get(value)


def named_amounts(records: Any, index: Any) -> list:
    """The amounts S0 holds on the records a call's list of records names by id (a booking's
    ``payment_methods[].payment_id``: the certificate's $500, a gift card's balance): "paid with
    your $500 certificate" states the call's record, not another amount (``index``: S0's ids)."""
    if index is None or not isinstance(records, list):
        return []
    out = []
    for r in records[:16]:
        for k, v in (r.items() if isinstance(r, dict) else ()):
            found = index.records.get(id_key(v)) if isinstance(v, str) and k.endswith("_id") else None
            held = found[0] if found is not None else None
            out += [held[f] for f in ("amount", "balance") if isinstance(held, dict) and isinstance(held.get(f), (int, float))
                    and not isinstance(held.get(f), bool)]
    return out
