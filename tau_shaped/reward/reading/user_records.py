"""tau2's user records in the shape ``disclosures`` reads (SPEC §10: another customer's data in
a message), built once per S0: for each user of ``users``, their ``email``, ``first_name`` and
``last_name`` (``name``), their ``addresses`` (the profile's ``address`` and the addresses of their
orders, each ``{"street": address1}``), their ``record_ids`` (their orders' or reservations' ids
and their payment methods' ids), ``own_names`` (the passengers of their reservations and their
saved passengers: people whose names are this user's booking data) and ``card_ends`` (their
payment methods' ``last_four``: ``card_ends``).

Reads only those fields of ``users``, ``orders`` and ``reservations``; anything else or of
another type is left out. ``record_statuses``: each order's or reservation's status (any domain),
what ``status_leaks`` reads."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Tuple

from tau_shaped.env.identity_cache import IdentityCache


__all__ = ["customers_of_users", "record_statuses"]

# by state: a batch's worlds all kept (a GRPO batch has ten; made before the fork, each worker inherits them, and
# a table made again is another object, which the disclosure reader's kept findings are told apart by)
_CACHE: "IdentityCache[Dict[str, Any]]" = IdentityCache(64)
_STATUSES: "IdentityCache[Dict[str, str]]" = IdentityCache(64)
_WORD = re.compile(r"[^\W_]+")
_NO_LETTERS = str.maketrans("", "", "abcdefghijklmnopqrstuvwxyz")


def _name(record: Any) -> Tuple[str, str] | None:
    if isinstance(record, dict) and isinstance(record.get("first_name"), str) and isinstance(record.get("last_name"), str):
        return record["first_name"], record["last_name"]
    return None


def _street(address: Any) -> List[Dict[str, str]]:
    if isinstance(address, dict) and isinstance(address.get("address1"), str):
        return [{"street": address["address1"]}]
    return []


def customers_of_users(state: Any) -> Dict[str, Any]:
    """``state``'s users as ``disclosures`` customers (empty when it has no ``users`` table)."""
    return _CACHE.get_or_make(state, lambda: _customers(state))


def _customers(state: Any) -> Dict[str, Any]:
    users = state.get("users") if isinstance(state, dict) else None
    orders = state.get("orders") if isinstance(state, dict) else None
    reservations = state.get("reservations") if isinstance(state, dict) else None
    out: Dict[str, Any] = {}
    for uid, user in (users.items() if isinstance(users, dict) else ()):
        if not isinstance(user, dict):
            continue
        name = _name(user.get("name"))
        ids: List[str] = [str(i) for i in user.get("orders") or [] if isinstance(i, str)]
        ids += [str(i) for i in user.get("reservations") or [] if isinstance(i, str)]
        methods = user.get("payment_methods")
        ids += [str(k) for k in (methods.keys() if isinstance(methods, dict) else ())]
        addresses = _street(user.get("address"))
        own_names = [n for n in (_name(p) for p in user.get("saved_passengers") or []) if n]
        for oid in user.get("orders") or []:
            order = orders.get(oid) if isinstance(orders, dict) and isinstance(oid, str) else None
            if isinstance(order, dict):
                addresses += _street(order.get("address"))
        for rid in user.get("reservations") or []:
            booking = reservations.get(rid) if isinstance(reservations, dict) and isinstance(rid, str) else None
            if isinstance(booking, dict):
                own_names += [n for n in (_name(p) for p in booking.get("passengers") or []) if n]
        card_ends = [str(m.get("last_four")) for m in (methods.values() if isinstance(methods, dict) else ())
                     if isinstance(m, dict) and m.get("last_four") is not None]
        out[str(uid)] = {"email": user.get("email"), "first_name": name[0] if name else None,
                         "last_name": name[1] if name else None, "addresses": addresses,
                         "record_ids": ids, "own_names": own_names, "card_ends": card_ends}
    return out


def record_statuses(state: Any) -> Dict[str, str]:
    """Each order's or reservation's status in ``state`` (``orders`` and ``reservations`` with a
    string ``status``), by its id's letters and digits lower-cased ("fd10490") and by its digits
    alone where they are five or more ("10490"): how ``disclosures`` reads an id in a message."""
    return _STATUSES.get_or_make(state, lambda: _statuses(state))


def _statuses(state: Any) -> Dict[str, str]:
    out: Dict[str, str] = {}
    for table in ("orders", "reservations"):
        records = state.get(table) if isinstance(state, dict) else None
        for rid, record in (records.items() if isinstance(records, dict) else ()):
            if isinstance(record, dict) and isinstance(record.get("status"), str) and isinstance(rid, str):
                key, digits = _KEYS.get(rid) or _keys_of(rid)
                out[key] = record["status"]
                if len(digits) >= 5 and digits != key:
                    out.setdefault(digits, record["status"])
    return out


# an id's key and digits by the id, kept: a batch's worlds share their orders' ids (ten worlds, 830 ids);
# full, all are forgotten at once
_KEYS: Dict[str, Tuple[str, str]] = {}


def _keys_of(rid: str) -> Tuple[str, str]:
    low = rid.lower()
    key = low if low.isalnum() else "".join(_WORD.findall(low))
    # an id's digits are its key's (what is no letter nor digit is none); ASCII: the key without its letters
    digits = key.translate(_NO_LETTERS) if key.isascii() else re.sub(r"\D", "", rid)
    if len(_KEYS) >= 1 << 16:
        _KEYS.clear()
    _KEYS[rid] = (key, digits)
    return key, digits
