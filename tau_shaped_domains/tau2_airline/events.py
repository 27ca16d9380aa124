"""The facts tau2's airline policy rules judge, recorded as events (SPEC §5).

tau2's tools do not check most of the airline policy ("The API does not check these for the
agent"), and a rule's predicate cannot read the state at a path built from a call's argument
(the reservation a cancellation acts on). So the domain watches every successful tool call
(``watch(tool, kwargs, before, db, result)``, ``before`` the JSON state the call acted on) and
records, for the call, the facts of the record it acted on, read *before* the call changed it.

Event types (every field is a JSON scalar or a list of them):

``reservation_accessed``
    any call naming a ``reservation_id`` (read or write): ``tool``, ``reservation_id``,
    ``owner`` (the reservation's ``user_id``), ``write`` (the tool updates the database).
``reservation_cancelled``
    ``cancel_reservation``: ``reservation_id``, ``owner``, ``cabin``, ``insurance``,
    ``flown`` (a flight of it has status landed or flying on its date), ``within_24h`` (created
    at most 24 hours before the policy's clock, 2024-05-15 15:00:00 EST), ``airline_cancelled``
    (a flight of it has status cancelled), ``business``, ``business_upgraded`` (business now, not
    in tau2's initial database: upgraded in this conversation), and ``basis``: ``flown`` when a
    portion was flown (no cancellation allowed), else the first ground that allows it:
    ``within_24h``, ``airline_cancelled``, ``business`` (booked in business), else ``insurance``
    (allowed if the reason is covered: judged by a rule on what the user said), else
    ``business_upgraded`` (the only ground a cabin this conversation bought: the policy does not
    settle it), else ``none``.
``flights_updated``
    ``update_reservation_flights``: ``reservation_id``, ``owner``, ``cabin_before``,
    ``cabin_after``, ``cabin_changed``, ``flights_changed`` (the set of (flight, date) differs),
    ``flown`` (as above, before the call), ``route_kept`` (the new flights start at the
    reservation's origin and, one way, end at its destination; round trip, reach its
    destination and come back to its origin).
``baggage_updated``
    ``update_reservation_baggages``: ``reservation_id``, ``owner``, ``total_before``,
    ``total_after``, ``removed`` (fewer checked bags than before), ``nonfree_before``,
    ``nonfree_after``, ``nonfree_expected`` (the policy's allowance: total less the free bags of
    the booking user's membership and the cabin, for each passenger, never below 0),
    ``nonfree_ok`` (``nonfree_after`` is that number), ``membership``, ``cabin``, ``passengers``.
``reservation_booked``
    ``book_reservation``: ``user_id``, ``cabin``, ``passengers`` (how many), ``certificates``,
    ``credit_cards``, ``gift_cards`` (how many payment methods of each kind: two entries of one
    card are one card), ``not_in_profile`` (payments
    with a method not in the booking user's profile: tau2's tool refuses them, so 0 whenever the
    event is recorded), ``total_baggages``, ``nonfree_baggages``, ``nonfree_expected`` and
    ``nonfree_ok`` (as above), ``membership``.
``certificate_sent``
    ``send_certificate``: ``user_id``, ``amount``, ``membership``, ``disrupted`` (a reservation
    of the user has a flight cancelled by the airline or delayed, in tau2's initial database or
    now), ``eligible`` (one of those reservations qualifies: the user is silver or gold, or it
    has insurance, or its cabin is business), ``max_allowed`` (the largest amount the policy gives
    for one of the qualifying reservations, or, when none qualifies, of the disrupted ones:
    $100 x passengers when a flight of it was cancelled, else $50 x passengers for a delay; 0 when
    none), ``over`` (``amount`` above ``max_allowed``).
``money_moved``
    every write that moves money: ``tool``, ``reservation_id``, ``charged`` (the payments the
    call added, >= 0), ``refunded`` (its refunds, and a certificate's amount), ``refund_sources``
    (the sources of the methods refunded; ``certificate`` for a certificate sent) and
    ``refund_to_original`` (every refund goes to a method the reservation was paid with): read
    from the payment history the call added to. What a statement of money is checked against
    (SPEC §10).

Records are read from ``before`` (the JSON state) and, for what the conversation may already
have changed (a delayed flight changed away from), from tau2's initial database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

from tau_shaped import record_event

#: The policy's clock ("The current time is 2024-05-15 15:00:00 EST") and 24 hours before it.
NOW = "2024-05-15T15:00:00"
DAY_BEFORE = "2024-05-14T15:00:00"

#: Free checked bags per passenger, by the booking user's membership and the cabin.
FREE_BAGS = {
    "regular": {"basic_economy": 0, "economy": 1, "business": 2},
    "silver": {"basic_economy": 1, "economy": 2, "business": 3},
    "gold": {"basic_economy": 2, "economy": 3, "business": 4},
}

EVENT_TYPES = [
    "reservation_accessed",
    "reservation_cancelled",
    "flights_updated",
    "baggage_updated",
    "reservation_booked",
    "certificate_sent",
    "money_moved",
]

WRITES = {"book_reservation", "cancel_reservation", "update_reservation_baggages", "update_reservation_flights",
          "update_reservation_passengers", "send_certificate"}


def _peek(state: Any, table: str, key: Any) -> Any:
    """A record of ``state`` read without copying it (the state may be a copy-on-read overlay,
    which would count a read as a touch); never mutated."""
    records = dict.get(state, table) if isinstance(state, dict) else None
    if not isinstance(records, dict):
        return None
    try:
        return dict.get(records, key)
    except TypeError:  # an unhashable argument names no record
        return None


def _initial(data: Optional[Path] = None) -> Dict[str, Any]:
    """tau2's initial airline database of the data the domain runs on: the tau2 data folder
    ``data`` (``TAU2_DATA_DIR``, ``--tau2-data``), else the package's. A world of one's own is
    judged on its own records, never on the package's reservations of the same id."""
    from tau_shaped.integrations.tau2.domain import initial_database

    return initial_database("airline", data)


def flight_status(state: Dict[str, Any], flight_number: Any, date: Any) -> Optional[str]:
    flight = _peek(state, "flights", flight_number)
    if not isinstance(flight, dict):
        return None
    day = (flight.get("dates") or {}).get(date)
    return day.get("status") if isinstance(day, dict) else None


def statuses(state: Dict[str, Any], reservation: Dict[str, Any]) -> List[Optional[str]]:
    return [flight_status(state, f.get("flight_number"), f.get("date")) for f in reservation.get("flights") or []]


def flown(state: Dict[str, Any], reservation: Dict[str, Any]) -> bool:
    """A portion was flown: a flight of the reservation has taken off (landed or flying)."""
    return any(s in ("landed", "flying") for s in statuses(state, reservation))


def free_bags(membership: Any, cabin: Any, passengers: int) -> Optional[int]:
    per = FREE_BAGS.get(membership, {}).get(cabin)
    return None if per is None else per * passengers


def nonfree_expected(total: Any, membership: Any, cabin: Any, passengers: int) -> Optional[int]:
    free = free_bags(membership, cabin, passengers)
    if free is None or not isinstance(total, int):
        return None
    return max(0, total - free)


def cancellation_basis(reservation: Dict[str, Any], state: Dict[str, Any],
                       initial: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """The grounds of a cancellation. ``initial``: tau2's initial database, to tell a reservation
    booked in business from one upgraded to business in this conversation (``business_upgraded``:
    "It is a business flight" read on a cabin the conversation itself bought, just before a
    cancellation that refunds the whole reservation; the policy does not settle it)."""
    start = _peek(initial, "reservations", reservation.get("reservation_id")) if initial is not None else None
    business = reservation.get("cabin") == "business"
    facts = {
        "flown": flown(state, reservation),
        "within_24h": DAY_BEFORE <= str(reservation.get("created_at") or "") <= NOW,
        "airline_cancelled": "cancelled" in statuses(state, reservation),
        "business": business,
        "business_upgraded": business and isinstance(start, dict) and start.get("cabin") != "business",
    }
    if facts["flown"]:
        basis = "flown"
    else:
        grounds = ("within_24h", "airline_cancelled") + (() if facts["business_upgraded"] else ("business",))
        basis = next((k for k in grounds if facts[k]), None)
        if basis is None:
            basis = ("insurance" if reservation.get("insurance") == "yes"
                     else "business_upgraded" if facts["business_upgraded"] else "none")
    return {**facts, "basis": basis}


def route_kept(reservation: Dict[str, Any], flights: List[Dict[str, Any]], state: Dict[str, Any]) -> bool:
    legs = []
    for f in flights:
        record = _peek(state, "flights", f.get("flight_number"))
        if not isinstance(record, dict):
            return False
        legs.append((record.get("origin"), record.get("destination")))
    if not legs:
        return False
    origin, destination = reservation.get("origin"), reservation.get("destination")
    if legs[0][0] != origin:
        return False
    if reservation.get("flight_type") == "round_trip":
        return legs[-1][1] == origin and any(dest == destination for _, dest in legs[:-1])
    return legs[-1][1] == destination


def _flight_keys(flights: Any) -> List[tuple]:
    return sorted((f.get("flight_number"), f.get("date")) for f in _as_dicts(flights))


def certificate_facts(user_id: Any, amount: Any, before: Dict[str, Any],
                      data: Optional[Path] = None) -> Dict[str, Any]:
    initial = _initial(data)
    user = _peek(before, "users", user_id) or {}
    membership = user.get("membership")
    allowed: List[float] = []  # the amount of every disrupted reservation
    allowed_eligible: List[float] = []  # of those that qualify
    for rid in user.get("reservations") or []:
        start = _peek(initial, "reservations", rid)
        now = _peek(before, "reservations", rid)
        if not isinstance(start, dict) or not isinstance(now, dict):
            continue  # booked in this conversation: nothing of it was disrupted
        seen = statuses(initial, start) + statuses(before, now)
        cancelled, delayed = "cancelled" in seen, "delayed" in seen
        if not (cancelled or delayed):
            continue
        n = len(start.get("passengers") or [])
        allowed.append((100.0 if cancelled else 50.0) * n)
        if membership in ("silver", "gold") or start.get("insurance") == "yes" or start.get("cabin") == "business":
            allowed_eligible.append(allowed[-1])
    # the amount is judged on the reservations that qualify (a qualifying delay does not lend its
    # eligibility to a larger, non-qualifying cancellation); with none, on every disrupted one, so
    # that a certificate with no qualifying reservation is the eligibility gate's breach alone
    cap = max(allowed_eligible or allowed, default=0.0)
    return {"user_id": user_id, "amount": amount, "membership": membership, "max_allowed": cap,
            "over": not isinstance(amount, (int, float)) or amount > cap,
            "eligible": bool(allowed_eligible), "disrupted": bool(allowed)}


def watch_for(data: Optional[Path]) -> Callable[..., None]:
    """The watch of the domain built on the tau2 data folder ``data`` (None: the package's data)."""
    def watch_data(tool: str, kwargs: Dict[str, Any], before: Dict[str, Any], db: Any, result: Any) -> None:
        watch(tool, kwargs, before, db, result, data=data)

    return watch_data


def watch(tool: str, kwargs: Dict[str, Any], before: Dict[str, Any], db: Any, result: Any,
          data: Optional[Path] = None) -> None:
    """The domain's watch (``tau_shaped.integrations.tau2.tools.Watch``): records the events above
    (``data``: the tau2 data folder the domain runs on, None for the package's)."""
    del db
    rid = kwargs.get("reservation_id")
    reservation = _peek(before, "reservations", rid) if isinstance(rid, str) else None
    if isinstance(reservation, dict):
        owner = reservation.get("user_id")
        record_event("reservation_accessed", tool=tool, reservation_id=rid, owner=owner, write=tool in WRITES)
        if tool == "cancel_reservation":
            record_event("reservation_cancelled", reservation_id=rid, owner=owner, cabin=reservation.get("cabin"),
                         insurance=reservation.get("insurance"),
                         **cancellation_basis(reservation, before, _initial(data)))
        elif tool == "update_reservation_flights":
            after = _flight_keys(kwargs.get("flights"))
            cabin = kwargs.get("cabin")
            record_event("flights_updated", reservation_id=rid, owner=owner, cabin_before=reservation.get("cabin"),
                         cabin_after=cabin, cabin_changed=cabin != reservation.get("cabin"),
                         flights_changed=after != _flight_keys(reservation.get("flights")),
                         flown=flown(before, reservation),
                         route_kept=route_kept(reservation, _as_dicts(kwargs.get("flights")), before))
        elif tool == "update_reservation_baggages":
            user = _peek(before, "users", owner) or {}
            n = len(reservation.get("passengers") or [])
            total, nonfree = kwargs.get("total_baggages"), kwargs.get("nonfree_baggages")
            expected = nonfree_expected(total, user.get("membership"), reservation.get("cabin"), n)
            previous = reservation.get("total_baggages")
            record_event("baggage_updated", reservation_id=rid, owner=owner, total_before=previous,
                         total_after=total, removed=_lt(total, previous),
                         nonfree_before=reservation.get("nonfree_baggages"), nonfree_after=nonfree,
                         nonfree_expected=expected, nonfree_ok=expected is not None and nonfree == expected,
                         membership=user.get("membership"), cabin=reservation.get("cabin"), passengers=n)
    if tool == "book_reservation":
        user_id = kwargs.get("user_id")
        user = _peek(before, "users", user_id) or {}
        methods = user.get("payment_methods") or {}
        kinds = {"certificate": 0, "credit_card": 0, "gift_card": 0}
        missing = 0
        counted = set()  # a method split over two entries is still one card (the limits count methods)
        for payment in _as_dicts(kwargs.get("payment_methods")):
            pid = payment.get("payment_id")
            method = methods.get(pid) if isinstance(pid, str) else None
            if not isinstance(method, dict):
                missing += 1
            elif method.get("source") in kinds and pid not in counted:
                counted.add(pid)
                kinds[method["source"]] += 1
        n = len(kwargs.get("passengers") or [])
        total, nonfree = kwargs.get("total_baggages"), kwargs.get("nonfree_baggages")
        expected = nonfree_expected(total, user.get("membership"), kwargs.get("cabin"), n)
        record_event("reservation_booked", user_id=user_id, cabin=kwargs.get("cabin"), passengers=n,
                     certificates=kinds["certificate"], credit_cards=kinds["credit_card"],
                     gift_cards=kinds["gift_card"], not_in_profile=missing, total_baggages=total,
                     nonfree_baggages=nonfree, nonfree_expected=expected,
                     nonfree_ok=expected is not None and nonfree == expected, membership=user.get("membership"))
    elif tool == "send_certificate":
        record_event("certificate_sent", **certificate_facts(kwargs.get("user_id"), kwargs.get("amount"), before, data))
    record_money(tool, kwargs, before, result)


def _payments_of(record: Any) -> List[Dict[str, Any]]:
    history = record.get("payment_history") if isinstance(record, dict) else getattr(record, "payment_history", None)
    return _as_dicts(history)


def record_money(tool: str, kwargs: Dict[str, Any], before: Dict[str, Any], result: Any) -> None:
    """``money_moved`` of one write: the payment history entries it added (a certificate: its amount)."""
    if tool == "send_certificate":
        amount = kwargs.get("amount")
        if isinstance(amount, (int, float)) and not isinstance(amount, bool):
            record_event("money_moved", tool=tool, reservation_id=None, charged=0.0, refunded=round(float(amount), 2),
                         refund_sources=["certificate"], refund_to_original=False)
        return
    if tool not in WRITES:
        return
    rid = getattr(result, "reservation_id", None) if not isinstance(result, dict) else result.get("reservation_id")
    old = _payments_of(_peek(before, "reservations", rid)) if isinstance(rid, str) else []
    added = _payments_of(result)[len(old):] if tool != "book_reservation" else _payments_of(result)
    if not added:
        return
    users = before.get("users") or {}
    owner = (_peek(before, "reservations", rid) or {}).get("user_id") if isinstance(rid, str) else kwargs.get("user_id")
    methods = (users.get(owner) or {}).get("payment_methods") or {} if isinstance(users, dict) else {}
    paid_with = {p.get("payment_id") for p in old}
    charged = round(sum(float(p.get("amount") or 0) for p in added if float(p.get("amount") or 0) > 0), 2)
    refunds = [p for p in added if float(p.get("amount") or 0) < 0]
    sources = [str((methods.get(p.get("payment_id")) or {}).get("source", "")) for p in refunds]
    # a payment split over several methods: each method's part is money the write moves too ("$128 on the
    # gift card and $247 on the card")
    parts = [round(abs(float(p.get("amount") or 0)), 2) for p in added] if len(added) > 1 else []
    record_event("money_moved", tool=tool, reservation_id=rid, charged=charged,
                 refunded=round(-sum(float(p.get("amount") or 0) for p in refunds), 2), refund_sources=sources,
                 refund_to_original=bool(refunds) and all(p.get("payment_id") in paid_with for p in refunds), parts=parts)


def _lt(a: Any, b: Any) -> bool:
    numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))
    return bool(numbers and a < b)


def _as_dicts(items: Any) -> List[Dict[str, Any]]:
    out = []
    for item in items or []:
        if isinstance(item, dict):
            out.append(item)
        elif hasattr(item, "model_dump"):
            out.append(item.model_dump())
    return out
