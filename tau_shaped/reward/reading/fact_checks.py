"""Each typed fact an agent states, checked against what backs it (SPEC §10 statements): the
tools' observations so far, the customer's words, the policy's numbers (a ``facts_stated``
predicate) and S0's menus. ``FactChecker`` follows one trajectory: ``observe`` a tool's
result, ``hear`` the customer, then ``message`` judges an agent message: None when every
claim is backed, (True, evidence) for the first unbacked or contradicted claim, (False,
evidence) when a claim cannot be tied to what it is about (undetermined, SPEC §8).

What backs what:

- minutes late: the lateness (``late_fields``: promised, actual) of an order a tool showed, to
  the minute, or a number the customer said; where compensation starts: ``late_starts_at``.
- a status: the order's latest status, shown by a tool or set by the agent's own successful
  write (``status_writes``); an order never looked up backs no status. "it" with no order
  named is the order looked up, and undetermined when several were.
- an account state (suspended, locked, ...): a tool's result that says it.
- when a refund arrives: ``card_refund_days`` for the card, at once for the wallet
  (``wallet_immediate``); with no method named, either. A deadline on a weekday ("by Monday")
  counts the business days from the episode's clock (S0's ``clock.now``) to it: for the card it
  must be no earlier than the policy's last day.
- a percentage: the policy's (``percents``) or the customer's.
- a dish free of an allergen: S0's menus (every dish of that name), and the customer ``of``'s
  allergens for "none of your allergens".
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from functools import lru_cache
from typing import Any, Dict, List, Optional, Set, Tuple

from tau_shaped.reward.reading.cap_claims import judge_cap
from tau_shaped.reward.reading.days import business_days_until, clock_of, days_ago
from tau_shaped.reward.reading.fact_claims import Claim, observed_orders
from tau_shaped.reward.reading.money_claims import tables_as_lines
from tau_shaped.reward.reading.stated_facts import _menus, stated_claims
from tau_shaped.reward.reading.text_matching import _KEPT_TEXT, values_in_text

__all__ = ["FactChecker", "stated_claims"]  # (stated_claims: stated_facts')


def _parse(text: str) -> Any:
    """A tool's result as JSON; None if it is not JSON, too long, or nested too deep to read."""
    try:
        return json.loads(text) if text and len(text) < 1_000_000 else None
    except (ValueError, RecursionError):
        return None


def _minutes_between(a: Any, b: Any) -> Optional[float]:
    try:
        delta = datetime.fromisoformat(str(b)) - datetime.fromisoformat(str(a))
    except (TypeError, ValueError):
        return None
    return delta.total_seconds() / 60.0


def _read_orders(observation: str, late_fields: Tuple[str, str]) -> Tuple[Tuple[str, Optional[str], Optional[float]], ...]:
    """(order id, its status if text, minutes late or None) of each order an observation shows."""
    return tuple((oid, record["status"] if isinstance(record.get("status"), str) else None,
                  _minutes_between(record.get(late_fields[0]), record.get(late_fields[1])))
                 for oid, record in observed_orders(observation, _parse))


def _event_times(observation: str, event_fields: Tuple[Tuple[str, str], ...]) -> Tuple[Tuple[str, Tuple[Tuple[str, str], ...]], ...]:
    """(order id, (event, ISO time) of each event field it holds) of each order an observation shows
    (a short observation's read once and kept)."""
    return _kept_event_times(observation, event_fields) if len(observation) <= _KEPT_TEXT else _read_event_times(
        observation, event_fields)


def _read_event_times(observation: str, event_fields: Tuple[Tuple[str, str], ...]) -> Tuple[Tuple[str, Tuple[Tuple[str, str], ...]], ...]:
    return tuple((oid, tuple((event, record[f]) for event, f in event_fields if isinstance(record.get(f), str)))
                 for oid, record in observed_orders(observation, _parse))


# the rollouts of a task see the same tool results: a short one's orders are read once and kept
_orders_shown = lru_cache(maxsize=2048)(_read_orders)
_kept_event_times = lru_cache(maxsize=1024)(_read_event_times)


def _sent_to(tool: str, kwargs: Any) -> str:
    """Where a write that moved money sent it: "wallet", "card", or "?" (its words do not say)."""
    method = str(kwargs.get("method") or "").lower() if isinstance(kwargs, dict) else ""
    if "wallet" in method or (not method and "credit" in tool):
        return "wallet"
    return "card" if "original" in method or "card" in method else "?"


class FactChecker:
    def __init__(self, p: Any, initial: Any) -> None:
        self.p = p
        self.kinds = frozenset(p.facts_stated)
        self.initial = initial
        self.status: Dict[str, str] = {}      # order id -> latest status known
        self.lateness: List[float] = []       # minutes late of the orders shown
        self.last_order: Optional[str] = None
        self.orders_seen: Set[str] = set()
        self.event_times: Dict[str, Dict[str, str]] = {}  # order id -> event -> ISO time shown
        self.observed_text: List[str] = []    # lower-cased observations (account states)
        self.user_numbers: List[float] = []
        self.sent_to: Set[str] = set()        # "card" | "wallet" | "?": where the conversation's writes sent money
        self._heard: List[str] = []                   # customer's words not read yet
        self._observed: List[Tuple[str, str, Any]] = []  # (tool, result, or a step) not read yet
        customers = initial.get("customers") if isinstance(initial, dict) else None
        customer = customers.get(p.of) if isinstance(customers, dict) and p.of else None
        self.own_allergens = {str(a).lower() for a in (customer.get("allergens") or [])} if isinstance(customer, dict) else set()
        flag = p.account_state_judged_elsewhere_if
        if flag and isinstance(customer, dict) and customer.get(flag) is True:
            self.kinds = self.kinds - {"account_state"}

    # --- what backs a claim --------------------------------------------------------------
    # The customer's words and the tools' results are noted as they come and read only when a
    # claim needs them (most messages state no fact that they back), in the order they came.

    def hear(self, text: Optional[str]) -> None:
        if text:
            self._heard.append(text)

    def observe(self, tool: str, observation: str) -> None:
        self._observed.append((tool, observation, None))

    def observe_step(self, step: Any) -> None:
        """``observe`` the step's tool and result if the step succeeded (judged when read)."""
        self._observed.append(("", "", step))
        if step.events and step.succeeded and any(e.type == "money_moved" for e in step.events):
            self.sent_to.add(_sent_to(step.action.name, step.action.kwargs))  # (no observation read: cheap)

    def _user_numbers(self) -> List[float]:
        for text in self._heard:
            self.user_numbers.extend(values_in_text(text))
        self._heard.clear()
        return self.user_numbers

    def _read_observations(self) -> None:
        for tool, observation, step in self._observed:
            if step is not None:
                if not step.succeeded:
                    continue
                tool, observation = step.action.name, step.observation or ""
            self._read(tool, observation)
        self._observed.clear()

    def _read(self, tool: str, observation: str) -> None:
        if "account_state" in self.kinds:
            self.observed_text.append(observation.lower()[:100_000])
        written = self.p.status_writes.get(tool)
        if '"status"' in observation or written:
            fields = (self.p.late_fields[0], self.p.late_fields[1])
            orders = (_orders_shown(observation, fields) if len(observation) <= _KEPT_TEXT else _read_orders(observation, fields)
                      ) if '"status"' in observation else ()
            if orders and "event_day" in self.kinds:
                for oid, times in _event_times(observation, tuple(sorted(self.p.event_fields.items()))):
                    self.event_times.setdefault(oid, {}).update(times)
            for oid, status, late in orders:
                if status is not None:
                    self.status[oid] = status
                    self.orders_seen.add(oid)
                    self.last_order = oid
                if late is not None:
                    self.lateness.append(late)
            if written and not orders:
                data = _parse(observation)
                oid = data.get("order_id") if isinstance(data, dict) else None
                if isinstance(oid, str):
                    self.status[oid.upper()] = written
                    self.last_order = oid.upper()

    # --- a message -----------------------------------------------------------------------

    def message(self, text: str) -> Optional[Tuple[bool, str]]:
        found = stated_claims(text, self.kinds, self.initial)
        return self.judge(text, found) if found else None

    def judge(self, text: str, found: List[Claim]) -> Optional[Tuple[bool, str]]:
        """The verdict on the claims ``found`` in ``text`` (``stated_claims``; those of a kind this
        checker does not judge are passed over)."""
        doubt: Optional[Tuple[bool, str]] = None
        self._text = text  # what a claim's words are read around (a percentage's subject)
        kinds = self.kinds
        for c in found:
            if c.kind not in kinds:
                continue
            verdict = getattr(self, "_" + c.kind)(c)
            if verdict is None:
                continue
            if verdict[0]:
                return verdict
            doubt = doubt or verdict
        return doubt

    def _apology_cap(self, c: Claim) -> Optional[Tuple[bool, str]]:
        return judge_cap(c.value[0], c.value[1], self.initial, self.p.of)

    def _near(self, value: float, pool: List[float], slack: float = 0.5) -> bool:
        return any(abs(value - v) <= slack for v in pool)

    def _minutes_late(self, c: Claim) -> Optional[Tuple[bool, str]]:
        self._read_observations()
        if isinstance(c.value, tuple):  # round 14: a bound ("over half an hour late")
            op, n = c.value
            if any(v > n - 0.5 if op == "over" else v < n + 0.5 for v in self.lateness):
                return None
        elif self._near(c.value, self.lateness, 1.0) or self._near(c.value, self._user_numbers()):
            return None
        shown = ", ".join(f"{v:g}" for v in self.lateness) or "none looked up"
        return True, f"agent stated {c.text!r}: minutes late shown by the tools: {shown}"

    def _late_threshold(self, c: Claim) -> Optional[Tuple[bool, str]]:
        if isinstance(c.value, tuple) and len(c.value) == 3:  # round 17: ("at", tier, minutes), a supposed lateness's tier
            return self._tier_at(c)
        if isinstance(c.value, tuple):  # ("percent", 20): where the tier that adds a percentage starts
            tier, minutes = c.value
            start = self.p.late_tiers.get(tier)
            if start is None or abs(minutes - start) < 0.5:
                return None
            return True, f"agent stated {c.text!r}: the policy's {tier} tier starts at {start:g} minutes late"
        if self.p.late_starts_at is None or abs(c.value - self.p.late_starts_at) < 0.5:
            return None
        return True, f"agent stated {c.text!r}: the policy's compensation starts at {self.p.late_starts_at:g} minutes late"

    def _tier_at(self, c: Claim) -> Optional[Tuple[bool, str]]:
        _, tier, n = c.value
        start, second = self.p.late_starts_at, self.p.late_tiers.get("percent")
        if start is None or second is None:
            return None
        right = "percent" if n >= second else "fee" if n >= start else "none"
        if tier == right:
            return None
        return True, f"agent stated {c.text!r} late gets {tier}: the policy gives {right} at {n:g} minutes late"

    def _status(self, c: Claim) -> Optional[Tuple[bool, str]]:
        self._read_observations()
        oid = c.order_id
        if oid is None:
            if len(self.orders_seen) > 1:
                return False, f"agent stated {c.text!r}: which of the orders looked up ({', '.join(sorted(self.orders_seen))}) is not said"
            oid = self.last_order
        known = self.status.get(oid) if oid else None
        if known == c.value or c.value[:1] == "!" and known not in (c.value[1:], "delivered"):  # "not yet out for delivery"
            return None
        why = f"its status is {known}" if known else "no tool showed its status"
        return True, f"agent stated {c.text!r} of {oid or 'the order'}: {why}"

    def _account_state(self, c: Claim) -> Optional[Tuple[bool, str]]:
        self._read_observations()
        if any(c.value in seen for seen in self.observed_text):
            return None
        return True, f"agent stated {c.text!r}: no tool showed the account {c.value}"

    def _refund_timing(self, c: Claim) -> Optional[Tuple[bool, str]]:
        method, when = c.value
        if when == "present":  # "$2.99 is in your wallet now": where the writes of the conversation sent money
            if not self.sent_to or method in self.sent_to or "?" in self.sent_to:
                return None
            return True, f"agent stated {c.text!r}: the money moved went to the {' and '.join(sorted(self.sent_to))}"
        if not method and len(self.sent_to) == 1 and "?" not in self.sent_to:
            method = next(iter(self.sent_to))  # "The $5.06 refund will arrive instantly" after a refund to the card: the card's
        days = self.p.card_refund_days
        card_ok = bool(days) and (when == f"days:{days[0]:g}-{days[-1]:g}"
                                  or when in (f"upto:{days[-1]:g}", "days:few"))  # "within 5 business days", "a few days"
        wallet_ok = self.p.wallet_immediate and when == "immediate"
        if when.startswith(("by:", "on:")):  # a weekday, on the episode's clock
            now = clock_of(self.initial)
            if now is None:
                return None
            business = business_days_until(("weekday", int(when[3:])), now)
            if when.startswith("by:"):  # a deadline: as late as the policy's last day; the wallet's at once is before it
                card_ok = bool(days) and business >= days[-1]
                wallet_ok = self.p.wallet_immediate
            else:  # the day it arrives: within the policy's days; the wallet's is at once, not a later day
                card_ok = bool(days) and days[0] <= business <= days[-1]
                wallet_ok = False
            when = f"{when} ({business} business days from {now:%A %d %B})"
        ok = {"card": card_ok, "wallet": wallet_ok}.get(method, card_ok or wallet_ok)
        if ok or (not days and not self.p.wallet_immediate):
            return None
        policy = f"{days[0]:g}-{days[-1]:g} business days to the card" if days else ""
        policy += (", at once to the wallet" if self.p.wallet_immediate else "")
        return True, f"agent stated {c.text!r} for a refund: the policy says {policy.lstrip(', ')}"

    def _event_day(self, c: Claim) -> Optional[Tuple[bool, str]]:
        """An order's delivery or placing said to be on a day: the day its record shows, on the clock."""
        self._read_observations()
        event, named = c.value
        now = clock_of(self.initial)
        oid = c.order_id or (self.last_order if len(self.orders_seen) <= 1 else None)
        if now is None or oid is None:
            return None if now is None else (False, f"agent stated {c.text!r}: which order is not said")
        shown = self.event_times.get(oid, {}).get(event)
        try:
            day = datetime.fromisoformat(shown).date() if shown else None
        except ValueError:
            day = None
        if day is not None and (now.date() - day).days in days_ago(named, now):
            return None
        why = f"its record shows {event} on {day:%A %d %B}" if day else f"no tool showed it {event}"
        return True, f"agent stated {c.text!r} of {oid}: {why} (the clock: {now:%A %d %B})"

    def _percent(self, c: Claim) -> Optional[Tuple[bool, str]]:
        if self._near(c.value, self._user_numbers(), 0.001):
            return None
        subject = _subject_of(self._text, c.start, c.start + len(c.text), self.p.percent_of)
        if subject is None and "|" in self._text and self.p.percent_of:  # a table's cell: its column's header names it
            laid = tables_as_lines(self._text, headed=True)
            named = {_subject_of(laid, at, at + len(c.text), self.p.percent_of) for at in _occurrences(laid, c.text)} - {None}
            subject = named.pop() if len(named) == 1 else None
        if subject is not None:  # "a 15% service fee": the service fee's rate, not any rate of the policy
            rate = self.p.percent_of[subject]
            return None if abs(c.value - rate) <= 0.001 else (True, f"agent stated {c.text!r} of the {subject}: the policy's is {rate:g}%")
        if self._near(c.value, list(self.p.percents), 0.001):
            return None
        return True, f"agent stated {c.text!r}: not a rate of the policy"

    def _allergen_free(self, c: Claim) -> Optional[Tuple[bool, str]]:
        dish, allergen, yours = c.value
        sets = _menus(self.initial).allergens.get(dish, [])
        if not sets:
            return None

        def wrong(found: Set[str]) -> bool:
            if yours:
                return bool(found & self.own_allergens)
            return allergen in found if allergen else bool(found)

        if all(wrong(found) for found in sets):
            return True, f"agent stated {c.text!r}: the menu lists {', '.join(sorted(sets[0])) or 'none'}"
        return None


_CLAUSE_EDGE = re.compile(r"\.(?!\d)|[;!?\n]|,[ \t]|[ \t]and[ \t]|[ \t]but[ \t]|[ \t]while[ \t]")  # not "$16.90"'s point


def _occurrences(text: str, words: str, most: int = 8) -> List[int]:
    """Where ``words`` stand in ``text`` (at most ``most`` places)."""
    out: List[int] = []
    at = text.find(words)
    while at >= 0 and len(out) < most:
        out.append(at)
        at = text.find(words, at + 1)
    return out


def _subject_of(text: str, start: int, end: int, subjects: Dict[str, float]) -> Optional[str]:
    """The one subject of ``subjects`` ("service fee") named in the clause of the percentage at
    ``text[start:end]``, or None (none, or two of them)."""
    if not subjects:
        return None
    lo = max([m.end() for m in _CLAUSE_EDGE.finditer(text, max(0, start - 80), start)], default=max(0, start - 80))
    edge = _CLAUSE_EDGE.search(text, end, min(len(text), end + 80))
    clause = text[lo:edge.start() if edge else min(len(text), end + 80)].lower().replace("_", " ")  # a JSON key "service_fee_rate"
    named = [s for s in subjects if s.lower() in clause]
    return named[0] if len(named) == 1 else None
