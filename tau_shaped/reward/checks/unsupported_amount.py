"""``{"unsupported": "amount", ...}``: each agent message stating an amount that no earlier
observation or user message states, within ``tolerance``, that is not one of ``values`` (the
policy's numbers, the task's amounts) nor the ``acted`` argument of a later call (an offer the
agent then makes) nor, with ``rates``, one of those rates times a supported amount, to the cent
(the policy's formula applied) (SPEC §5 statements, §9). An amount in any spelling is read
(``reading.amounts``: "20 bucks", "16 dollars and 90 cents"); a negated one states nothing ("I
can't give you $50", "$19.73, not $25.00"), nor one asked and denied ("Was it $20? No - $16.90",
``reading.asked_denied``); one said to have moved ("I've refunded $20") is backed only by what
the writes before it moved that way (``reading.done_money``), before any write too ("I've refunded
$16.90" before the refund: only a tool's or the customer's number backs it, never the policy's nor a
later call's). An amount said to be what the order cost or the customer paid ("It'll cost twenty
bucks", "Total: $20.00", "your service fee was $2.00") is not backed by ``rule_values`` (the policy's
numbers: a cap, a threshold), only by the tools, the customer, the writes and ``values``. Round 12: an amount
labelled as one of the order's money fields ("Total: $15.94", "deliv. $4.49", "$0.80 delivery fee") that is not one of
``values`` is backed only by that field of a tool's result (or the customer): another number there (the subtotal, the
service fee, a rate applied) does not back it; a sentence of the policy's rules or a hypothesis labels nothing."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from typing_extensions import Literal

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.statement_support import CustomerValues, Offers, UnsupportedPredicate, near
from tau_shaped.reward.checks.finding import Finding, violations
from tau_shaped.reward.checks.amounts_read import _KEPT_TEXT, _amounts_read, _read_amounts, states_none  # noqa: F401 - (and read here)
from tau_shaped.reward.reading.amount_references import by_reference
from tau_shaped.reward.reading.retracted_amounts import taken_back_out
from tau_shaped.reward.reading.done_money import done_kinds, done_verdict, moved, paid_flags
from tau_shaped.reward.reading.item_prices import item_names, priced_flags
from tau_shaped.reward.reading.money_claims import tables_as_lines
from tau_shaped.reward.reading.text_matching import numbers_in_text, values_in_text
from tau_shaped.reward.reading.typed import Stated
from tau_shaped.reward.reading.value_bounds import bound_at


class UnsupportedAmountPredicate(UnsupportedPredicate):
    unsupported: Literal["amount"]


@register
class UnsupportedAmountKind(CheckKind):
    key = "unsupported"
    variant = "amount"
    model = UnsupportedAmountPredicate
    event_like = True

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        return lambda run: _unsupported_amounts(run, pred)


def _unsupported_amounts(run: Any, p: Any) -> Finding:
    trajectory = run.trajectory
    steps = trajectory.steps
    tolerance, values, rates = p.tolerance, p.values, p.rates
    rule_values = p.rule_values
    user_said = CustomerValues(trajectory, values_in_text)
    writes: List[Any] = []  # the money_moved events of the steps before the message (read up to it when it states an amount)
    written = 0
    observed: List[float] = []  # the numbers in observations, read lazily, only when a statement needs them
    scanned = 0

    def derived(value: float, pool: List[float]) -> bool:
        """``value`` is one of the policy's rates times a supported amount, to the cent."""
        return any(abs(value - round(rate * v + 1e-9, 2)) <= tolerance + 1e-9 for rate in rates for v in pool)

    later = Offers(trajectory, p.acted)
    hits: List[Tuple[int, str]] = []
    for at, text in run.agent_messages():  # (read as agent_seen reads them; a step's index is its place)
        if len(text) <= _KEPT_TEXT and states_none(text):
            continue  # no amount, whatever came before (read once a text: most messages)
        text = by_reference(taken_back_out(text), lambda f: next((v for o in reversed(steps[:at]) if o.agent_text is None and o.succeeded
                                                  for v in _field_values(o.observation, f)), None))  # round 18: "the same amount as the fee"
        stated, keyed = _amounts_read(text)
        if not stated and not keyed:
            continue
        s = steps[at]
        for o in steps[written:at]:
            if o.events and o.agent_text is None:
                writes.extend(e.fields for e in o.events if e.type == "money_moved")
        written = max(written, at)
        done = _done(text, bool(writes), stated)
        paid: Optional[Tuple[bool, ...]] = None
        fields: Optional[Tuple[Optional[str], ...]] = None
        for n, (item, kind) in enumerate(zip(stated + keyed, done + (None,) * len(keyed))):
            if kind is not None:
                pools = moved(writes)
                why = done_verdict(kind, item.value, pools, item.text)
                if why is not None:
                    hits.append((s.index, why))
                    break
                if pools.get(kind):
                    continue  # what a write before moved
            if kind is not None:
                # said moved and no write moved it: the customer's number or what a tool shows given back before (a ledger)
                ok = abs(item.value) < 0.005 or near(item.value, user_said.before(at), tolerance) or near(item.value, [  # (round 19: "Refunded: $0.00" moves nothing)
                    v for o in trajectory.steps[:s.index] if o.agent_text is None and o.succeeded for v in _given_back(o.observation, kind)], tolerance)
                if not ok:
                    hits.append((s.index, f"agent stated {item.text!r} as {'charged' if kind == 'charge' else 'refunded'}; no write moved it"))
                    break
                continue
            if fields is None and n < len(stated) and _PART_WORDS.search(text):
                fields = _fields_named(text)  # round 18: a total less a part is judged as that, whatever else backs the number
            if not (fields and n < len(fields) and "-" in (fields[n] or "")) and near(item.value, values, tolerance):
                continue
            if fields is None and n < len(stated):
                fields = _fields_named(text)  # (read only here: most amounts are the task's)
            field = fields[n] if fields and n < len(fields) else None
            if field is not None and not near(item.value, user_said.before(at), tolerance):
                known = [v for o in trajectory.steps[:s.index] if o.agent_text is None and o.succeeded for v in _field_values(o.observation, field)]
                if known and not near(item.value, known, tolerance):  # round 12: "Total: $15.94" of a $19.73 order (its subtotal)
                    hits.append((s.index, f"agent stated {item.text!r} as the {field.replace('_', ' ').replace('-', ' less the ')}; the tools show {known[-1]:g}"))
                    break
                if known and "-" in field:
                    continue  # "$25.06 before the tip" of a $28.06 total with a $3.00 tip: the field's own value
            if paid is None and n < len(stated):
                paid = _paid(text, stated)  # (read only here, once a message: most amounts are the task's)
                if not all(paid) and any(_price_hint(text, i) for i in stated):  # round 16: "the cheeseburger was $2.00"
                    names = frozenset().union(*(item_names(o.observation) for o in trajectory.steps[:s.index] if o.agent_text is None))
                    paid = tuple(a or b for a, b in zip(paid, priced_flags(text, [(i.start, i.end) for i in stated], names)))
            record = n < len(stated) and bool(paid and paid[n])
            if record:
                ok = (near(item.value, user_said.before(at), tolerance)
                      or near(item.value, [v for vs in moved(writes).values() for v in vs], tolerance))
            else:
                ok = (near(item.value, rule_values, tolerance) or near(item.value, user_said.before(at), tolerance)
                      or near(item.value, later.after(s.index), tolerance))
            if not ok and record:
                # what the order cost: a tool's money field backs it, not a count or a coordinate ("quantity": 2)
                ok = near(item.value, [v for o in trajectory.steps[:s.index] if o.agent_text is None and o.succeeded
                                       for v in _money_fields(o.observation) + _line_totals(o.observation)], tolerance)
            elif not ok:
                for o in trajectory.steps[scanned:s.index]:
                    if o.agent_text is None and o.succeeded:  # round 16: money backed by money (not a count, id or place)
                        observed.extend(_money_fields(o.observation) + _line_totals(o.observation))
                scanned = max(scanned, s.index)  # pragma: no mutate (speed only: a rescan finds the same numbers)
                ok = near(item.value, observed, tolerance)
            if not ok and rates and not record:
                ok = derived(item.value, observed + user_said.before(at) + values + rule_values)
            if not ok and n < len(stated):
                pool = [v for o in trajectory.steps[:s.index] if o.agent_text is None and o.succeeded
                        for v in _money_fields(o.observation) + _line_totals(o.observation)] if record else observed
                ok = _near_hedged(text, item, pool + user_said.before(at) + values)  # "a bit over sixty dollars"
            if not ok:
                hits.append((s.index, f"agent stated {item.text!r}: stated by no tool, user or policy"))
                break
    return violations(hits, "every amount stated is supported")


# round 16: an amount said as an approximation or a bound of one shown ("a bit over sixty dollars" of $62.27, "just shy of
# $17" of $16.90, "about $62"): a round figure, backed by a supported amount on that side of it, within the figure's
# rounding (a dollar for whole dollars, five or ten for multiples of them; half that for a near bound, "just", "a bit",
# "almost"); a figure with cents is no approximation of another ("around $3.53"), though a bound on one ("a bit over $7.50"
# of $7.57) is; a range holds what is inside it. Round 17: the words are ``value_bounds``' ("~$62", "$16.90 tops",
# "between 16 and 17 dollars"; "no less than $70" bounds from below, not "less than").


def _near_hedged(text: str, item: Stated, pool: List[float]) -> bool:
    bound = bound_at(text, item.start, item.end, item.value)
    x = item.value
    if bound is None or (bound.direction == "approx" and abs(x - round(x)) > 1e-9):
        return False  # "around $3.53": no approximation of another amount
    if bound.direction == "range":
        return any(map(bound.admits, pool))
    cents = abs(x - round(x)) > 1e-9
    span = max(0.5, 0.1 * x) if cents else 10.0 if round(x) % 10 == 0 else 5.0 if round(x) % 5 == 0 else 1.0
    if bound.near:
        span /= 2
    if bound.direction == "lower":
        return any(x < v <= x + span or (v == x and not bound.strict) for v in pool)
    if bound.direction == "upper":
        return any(x - span <= v < x or (v == x and not bound.strict) for v in pool)
    return any(abs(v - x) <= span / 2 for v in pool)


def _price_hint(text: str, item: Stated) -> bool:
    """Whether a word of price or a mark comes right before the amount (what ``item_prices.priced_flags`` reads further)."""
    before = text[max(0, item.start - 30):item.start].lower()
    return any(w in before for w in (" was", " were", " is", " are", "cost", "came to", "comes to", "priced", ":", "=", "-", "\u2014", "\u2013", " at"))


@lru_cache(maxsize=1024)
def _line_totals(observation: Any) -> Tuple[float, ...]:
    """What the units of each item line of a tool's result cost together: its unit price times each count up to its quantity
    (round 16: "both ribs were $33.80", the policy's "unit price times the quantity affected")."""
    if not isinstance(observation, str) or '"quantity"' not in observation or '"unit_price"' not in observation:
        return ()
    try:
        data = json.loads(observation)
    except ValueError:
        return ()
    out: List[float] = []
    stack: List[Any] = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            price, quantity = node.get("unit_price"), node.get("quantity")
            if isinstance(price, (int, float)) and isinstance(quantity, int) and 1 < quantity <= 9:
                out.extend(round(price * k, 2) for k in range(2, quantity + 1))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return tuple(out)


# round 12: an amount labelled as one of the order's money fields ("Total: $15.94", "deliv. $4.49", "your service fee was
# $0.80", "$2.99 delivery fee") is that field: another number of a tool's result (the subtotal, the service fee, a rate
# applied) does not back it. Not in a sentence of the policy's rules or a hypothesis ("the small-order fee is $2.00 when the
# food is under $15", "the fee would be $4.49"), nor where a delivery-fee quote was given.
_FIELD_BEFORE = re.compile(
    r"(?i)\b(?P<f>total|subtotal|food(?:[ \t]subtotal)?|delivery[ \t]fee|deliv\.?(?:[ \t]fee)?|service[ \t](?:fee|charge)|svc\.?(?:[ \t]fee)?"
    r"|small[- ]order[ \t]fee|tip)(?:[ \t](?:is|was|of|came[ \t]to|comes[ \t]to|amounts[ \t]to|amounted[ \t]to|charged|constituted|represented))?"
    r"[ \t]{0,2}[:=]?[ \t*_]{0,3}\Z")
_FIELD_AFTER = re.compile(r"(?i)[ \t]{1,2}(?P<f>delivery[ \t]fee|service[ \t]fee|small[- ]order[ \t]fee|tip|subtotal)\b")
_FIELD_KEYS = {"tot": "total", "sub": "subtotal", "foo": "subtotal", "del": "delivery_fee", "ser": "service_fee", "svc": "service_fee",
               "sma": "small_order_fee", "tip": "tip"}
_NOT_THE_ORDERS = re.compile(r"(?i)\b(?:when|if|whenever|unless|under|over|times|per|each|every|policy|always|usually|normally"
                             r"|typically|would|could|might|surge|base|quote\w*|refund\w*|credit\w*)\b|[×%]")
_FIELD_HINTS = ("total", "sub", "food", "fee", "deliv", "svc", "tip", "service")


@lru_cache(maxsize=2048)
def _fields_named(text: str) -> Tuple[Optional[str], ...]:
    """For each amount the message states (``_amounts_read``): the order's money field it is said to be, or None (read
    once a message: a GRPO group's rollouts repeat them)."""
    low = text.lower()
    if not any(h in low for h in _FIELD_HINTS):
        return ()
    items = _amounts_read(text)[0]
    if "|" in text:  # a markdown table: its header labels its cells ("| Total |" over "| $63.11 |"), read as "key: value" lines
        laid = tables_as_lines(text, headed=True)
        cells = _amounts_read(laid)[0] if laid != text else ()
        if cells and [c.value for c in cells] == [i.value for i in items]:
            return tuple(_field_named(laid, c) for c in cells)
    return tuple(_field_named(text, item) for item in items)


def _field_named(text: str, item: Stated) -> Optional[str]:
    """The order's money field ``item`` is said to be (``_FIELD_BEFORE`` / ``_FIELD_AFTER``), or None."""
    low = text[max(0, item.start - 40):item.end + 24].lower()
    if not any(h in low for h in _FIELD_HINTS):
        return None
    first = _PART_FIRST.search(text, max(0, item.start - 60), item.start)  # "total excluding the tip: $69.26" (not the tip)
    m = None if first else _FIELD_BEFORE.search(text, max(0, item.start - 40), item.start) or _FIELD_AFTER.match(text, item.end)
    if m is None and first is None:
        return None
    lo = max([0] + [text.rfind(c, 0, item.start) + 1 for c in ".;!?\n"])
    ends = [i for i in (text.find(c, item.end) for c in ".;!?\n") if i >= 0]
    if _NOT_THE_ORDERS.search(text, lo, min(ends) if ends else len(text)):
        return None
    key = _FIELD_KEYS.get((m or first).group("f" if m else "w")[:3].lower())
    part = first or (_PART_OFF.match(text, item.end) if key == "total" else None)
    return key if part is None else f"total-{_FIELD_KEYS[part.group('p')[:3].lower()]}"


_PART_FIRST = re.compile(r"(?i)\b(?P<w>total)[ \t](?:before|without|excluding|excl\.?|not[ \t]including|minus|less)[ \t](?:(?:the|your)[ \t])?"
                         r"(?P<p>tip|delivery[ \t]fee|service[ \t]fee)[ \t]{0,2}(?:is|was|of|came[ \t]to)?[ \t]{0,2}[:=]?[ \t*_]{0,3}\Z")
_PART_WORDS = re.compile(r"(?i)\b(?:before|without|excl|excluding|not[ \t]including|minus|less|exclusive|pre)\b")
# round 18: a total qualified as a part ("$28.06 before the tip", "excluding the delivery fee"): the total less that field
_PART_OFF = re.compile(r"(?i)[ \t,(]{1,3}(?:before|without|excluding|excl\.?|not[ \t]including|minus|less|exclusive[ \t]of|pre)[ \t-]{1,2}"
                       r"(?:(?:the|your)[ \t])?(?P<p>tip|delivery[ \t]fee|service[ \t]fee)\b")


_FIELD_VALUE = {key: re.compile(rf'"{key}"[ \t]{{0,3}}:[ \t]{{0,3}}(-?[0-9]{{1,9}}(?:\.[0-9]{{1,9}})?)(?![0-9.eE])')
                for key in set(_FIELD_KEYS.values())}


@lru_cache(maxsize=4096)
def _field_values(observation: Any, field: str) -> Tuple[float, ...]:
    """The numbers a tool's JSON result shows under the key ``field`` at any depth (read by its ``"key": number`` text); none
    from a quote's result (its fee is the quote's, with the base fee and the surge)."""
    if "-" in field:  # round 18: the total less a part
        whole, part = (_field_values(observation, f) for f in field.split("-"))
        return tuple(round(w - p, 2) for w, p in zip(whole, part)) if len(whole) == len(part) else ()
    if not isinstance(observation, str) or f'"{field}"' not in observation or '"quote_id"' in observation:
        return ()
    return tuple(float(v) for v in _FIELD_VALUE[field].findall(observation))


# round 13: money said given back is backed by a record of money given back, never by a charge ("I've refunded $61.37"
# of a $61.37 order's "charges": nothing went back); money said charged by the charges
_GIVEN_KEYS = {"refund": ("ledger", "refund", "credit", "reimburs"), "charge": ("charges",)}
_MONEY_KEYS = ("price", "fee", "total", "amount", "tip", "charge", "cost", "balance", "refund", "credit", "paid", "value", "fare",
               "ledger", "result")


def _given_back(observation: Any, kind: str = "refund") -> Tuple[float, ...]:
    """The numbers a tool's result shows under a key of money already moved that ``kind`` ("refund": "ledger",
    "refunds", "credits"; "charge": "charges"), at any depth (a JSON result; else none)."""
    return _keyed_numbers(observation, _GIVEN_KEYS.get(kind, _GIVEN_KEYS["refund"]), True) if isinstance(observation, str) else ()


def _money_fields(observation: Any) -> Tuple[float, ...]:
    """The numbers a tool's result shows under a key of money ("unit_price", "total", "fees"),
    at any depth; a result that is no JSON object: all its numbers."""
    return _keyed_numbers(observation, _MONEY_KEYS, False) if isinstance(observation, str) else ()


@lru_cache(maxsize=1024)
def _keyed_numbers(observation: str, keys: Tuple[str, ...], none_else: bool) -> Tuple[float, ...]:
    if none_else and not any(k in observation for k in keys):
        return ()
    try:
        data = json.loads(observation) if observation.lstrip()[:1] in "{[" else None
    except ValueError:
        data = None
    if not isinstance(data, (dict, list)):
        return () if none_else else tuple(v for v, _ in numbers_in_text(observation))
    out: List[float] = []
    stack: List[Tuple[Any, bool]] = [(data, False)]
    while stack:
        node, inside = stack.pop()
        if isinstance(node, dict):
            stack.extend((v, inside or _money_key(str(key), keys)) for key, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, inside) for v in node)
        elif inside and isinstance(node, (int, float)) and not isinstance(node, bool):
            out.append(float(node))
    return tuple(out)


_KEY_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+")


def _money_key(key: str, keys: Tuple[str, ...]) -> bool:
    """Whether a word of ``key`` ("unit_price", "deliveryFee", "charges", "subtotal") begins or ends with one of ``keys``
    ("surge_multiplier" holds none: "tip" inside a word is none)."""
    return any(w.startswith(k) or w.endswith(k) for w in map(str.lower, _KEY_WORDS.findall(key)) for k in keys)


def _done(text: str, after_write: bool = True, stated: Optional[Tuple[Stated, ...]] = None) -> Tuple[Optional[str], ...]:
    """For each amount the message states (``_amounts_read``): the kind of money its words say a
    write has moved ("charge" | "refund"), or None; before any write only a verb of a write in the
    past says so ("I've refunded $20"; "you'll get $20 back" is an offer)."""
    return _kept_done(text, after_write) if len(text) <= _KEPT_TEXT else _read_done(text, after_write, stated)


def _paid(text: str, stated: Optional[Tuple[Stated, ...]] = None) -> Tuple[bool, ...]:
    """For each amount the message states: whether it is said to be what the order cost or the
    customer paid (``done_money.paid_flags``)."""
    return _kept_paid(text) if len(text) <= _KEPT_TEXT else _read_paid(text, stated)


def _read_paid(text: str, stated: Optional[Tuple[Stated, ...]] = None) -> Tuple[bool, ...]:
    """(``stated``: the message's amounts, read already: a long text's are not kept)"""
    items = _amounts_read(text)[0] if stated is None else stated
    return tuple(paid_flags(text, [(i.start, i.end) for i in items]))


_kept_paid = lru_cache(maxsize=2048)(_read_paid)


def _read_done(text: str, after_write: bool = True, stated: Optional[Tuple[Stated, ...]] = None) -> Tuple[Optional[str], ...]:
    stated = _amounts_read(text)[0] if stated is None else stated
    kinds = done_kinds(text, [(i.start, i.end) for i in stated], settled=not after_write)
    if not after_write:
        return tuple(kinds)
    if "|" in text and None in kinds:
        # a markdown table ("| refunded | ... |" over "| $5.00 | ... |"): read as the "key: value" lines it stands for
        lines = tables_as_lines(text, headed=True)
        if lines != text:
            laid = _amounts_read(lines)[0]
            said: Dict[float, str] = {}
            for item, kind in zip(laid, done_kinds(lines, [(i.start, i.end) for i in laid])):
                if kind is not None:
                    said.setdefault(round(item.value, 2), kind)
            kinds = [kind or said.get(round(item.value, 2)) for item, kind in zip(stated, kinds)]
    return tuple(kinds)


_kept_done = lru_cache(maxsize=4096)(_read_done)  # (a text before and after a write: two entries)
