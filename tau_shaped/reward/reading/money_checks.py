"""Money an agent states, checked against what backs it (SPEC §10 statements): the money the
conversation's writes moved (``money_moved`` events: ``charged``, ``refunded``,
``refund_sources``, ``refund_to_original``), the money figures the tools showed, the customer's
numbers and the policy's (a ``money_stated`` predicate).

- An amount is backed by a figure a tool showed before it (a price, a balance, a total, a
  ``calculate`` result), a number the customer said, one of the policy's ``values``, or money a
  write of the conversation moves: one write's charge or refund, or the sum of several writes'
  (a total quoted before three upgrades is the sum of their three charges).
- An amount stated as a charge or a refund in the message that confirms a write (the write comes
  before the agent's next message) and backed by none of these is false: the call computes what
  it moves, and the agent stated something else ("you'll be charged $1" before a $54.04 charge).
- An amount no write is tied to and nothing above backs is checked against what a reader could
  compute from the figures shown (a sum or difference of two, a figure times a count up to 9, a
  sum of one record's item prices). When none gives it, an amount typed as money that moves (a
  charge, a refund, or both) is an assertion nothing backs: it breaks the rule (SPEC §10). An
  amount whose words type it as neither (a bare price: "the Portable Charger is $119.27") stays
  undetermined (SPEC §8): the words do not say which record's price it is, so what it should be
  compared with cannot be made out.
- A refund a tool shows as done (a ``payment_history`` entry of ``transaction_type`` refund, new
  in that observation) stands for the write when the trajectory records no ``money_moved`` event
  (a trajectory judged as logged, not replayed): its amount, method and the order's original
  method are read from the observation.
- A refund method said ("goes to your gift card") must be where the next refunding write sends
  the money (``original``: the order's or reservation's own method); with no refunding write
  after it, it is not judged.
- A refund timing must be the policy's: at once for a source in ``immediate_sources``, else
  within ``refund_days``; a method neither said nor known from the next refund may be either.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple

from tau_shaped.reward.reading.done_money import done_verdict, moved as moved_by
from tau_shaped.reward.reading.money_claims import MoneyClaim, money_claims
from tau_shaped.reward.reading.option_menus import menu_options
from tau_shaped.reward.reading.text_matching import numbers_in_text, values_in_text
from tau_shaped.reward.reading.value_bounds import bound_at

__all__ = ["MoneyChecker", "observed_money"]

_MONEY_KEY = re.compile(r"(?i)price|amount|balance|total|cost|fee|refund|difference|paid|charge")
_EPS = 0.005 + 1e-9
_POOL_LIMIT = 160


def _number(v: Any) -> Optional[float]:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def observed_money(observation: str) -> Tuple[List[float], List[List[float]]]:
    """The money figures an observation shows (numbers under a money key of its JSON, or every
    number of a text observation) and its lists of priced records (for sums of their prices)."""
    text = observation.strip()
    if not text[:1] in "[{":
        return [v for v, _ in numbers_in_text(text[:10_000])], []
    try:
        data = json.loads(text) if len(text) < 2_000_000 else None
    except ValueError:
        return [v for v, _ in numbers_in_text(text[:10_000])], []
    figures: List[float] = []
    groups: List[List[float]] = []
    stack: List[Tuple[Any, bool]] = [(data, False)]
    seen = 0
    while stack and seen < 20_000:
        item, money = stack.pop()
        seen += 1
        if isinstance(item, dict):
            for k, v in item.items():
                n = _number(v)
                key_money = money or bool(_MONEY_KEY.search(str(k)))
                if n is not None:
                    if key_money:
                        figures.append(n)
                elif isinstance(v, (dict, list)):
                    stack.append((v, key_money))
        elif isinstance(item, list):
            prices = [_number(x.get("price")) for x in item[:50] if isinstance(x, dict)]
            if prices and all(p is not None for p in prices) and len(prices) <= 10:
                groups.append([p for p in prices if p is not None])
            for x in item[:500]:
                n = _number(x)
                if n is not None and money:
                    figures.append(n)
                elif isinstance(x, (dict, list)):
                    stack.append((x, money))
    return figures, groups


_SOURCES = ("gift_card", "credit_card", "paypal", "certificate")


def _source(method_id: str) -> str:
    """The kind of a payment method, from its id (tau2's ids start with it: ``gift_card_7711863``)."""
    return next((k for k in _SOURCES if method_id.startswith(k)), method_id)


def _runs(values: List[float]) -> Set[float]:
    """Each value and the sum of every contiguous run of them."""
    out: Set[float] = set()
    for i in range(len(values)):
        total = 0.0
        for v in values[i:i + 12]:
            total += v
            out.add(round(total, 2))
    return out


def _near(value: float, pool: Iterable[float]) -> bool:
    return any(abs(value - v) <= _EPS for v in pool)


def _history_refunds(observation: str) -> List[Dict[str, Any]]:
    """The refund entries of the payment histories an observation (JSON) shows."""
    try:
        data = json.loads(observation) if len(observation) < 200_000 else None
    except ValueError:
        return []
    records = data if isinstance(data, list) else [data]
    return [h for rec in records[:50] if isinstance(rec, dict) and isinstance(rec.get("payment_history"), list)
            for h in rec["payment_history"][:50]
            if isinstance(h, dict) and h.get("transaction_type") == "refund" and _number(h.get("amount")) is not None]


class MoneyChecker:
    """Judges each agent message's money claims over one trajectory (``steps``: its steps,
    with their events)."""

    def __init__(self, p: Any, steps: List[Any], first_user_message: Optional[str]) -> None:
        self.p = p
        self.kinds = frozenset(p.money_stated)
        self.steps = steps
        self.moves: List[Tuple[int, Dict[str, Any]]] = [
            (s.index, {**e.fields, "record": e.fields.get("order_id") or e.fields.get("reservation_id")})
            for s in steps for e in s.events if e.type == "money_moved"]
        charges = [float(f.get("charged") or 0.0) for _, f in self.moves if f.get("charged")]
        refunds = [float(f.get("refunded") or 0.0) for _, f in self.moves if f.get("refunded")]
        self.moved_pool = _runs(charges) | _runs(refunds)
        self.moved_pool.update(round(float(v), 2) for _, f in self.moves for v in (f.get("parts") or ())[:20])  # a split payment's parts
        self._recorded = bool(self.moves)  # writes recorded as events; else refunds the tools show stand for them
        self._shown: Set[Tuple[str, str, Any]] = set()
        self._refund_texts: List[str] = []
        self.values = [float(v) for v in p.values]
        self.user_numbers: List[float] = [abs(v) for v in values_in_text(first_user_message or "")]
        self.figures: List[float] = []
        self.groups: List[List[float]] = []
        self.agent_steps = [s.index for s in steps if s.agent_text is not None]
        self._claims: List[MoneyClaim] = []
        self._text = ""
        self._stated_cache: Tuple[Any, bool] = (None, False)

    def _later_moves(self, index: int) -> List[Tuple[int, Dict[str, Any]]]:
        return [(i, f) for i, f in self.moves if i > index]

    def _tied(self, index: int, text: str) -> List[Dict[str, Any]]:
        """The writes a message at ``index`` speaks of: the later money writes on the records it
        names (an order or reservation id), else the first money write after it when that comes
        before the agent's next message (the write it confirms); with neither, the writes it
        reports: those made since the agent's previous message, on the records it names (or the
        one such write)."""
        later = self._later_moves(index)
        upper = text.upper()
        named = [f for _, f in later if isinstance(f.get("record"), str) and f["record"].upper().lstrip("#") in upper]
        if named:
            return named
        nxt = next((i for i in self.agent_steps if i > index), None)
        if later and (nxt is None or later[0][0] < nxt):
            return [later[0][1]]
        return self._reported(index, upper)

    def _reported(self, index: int, upper: str) -> List[Dict[str, Any]]:
        """The money writes since the agent's message before ``index`` that the message (its text
        upper-cased) reports: those on the records it names, or the only one."""
        prev = max((i for i in self.agent_steps if i < index), default=-1)
        recent = [f for i, f in self.moves if prev < i < index]
        named = [f for f in recent if isinstance(f.get("record"), str) and f["record"].upper().lstrip("#") in upper]
        return named or (recent if len(recent) == 1 else [])

    def _later_sums(self, index: int) -> Set[float]:
        """The running totals of the charges, and of the refunds, of the writes after ``index``."""
        later = [f for _, f in self._later_moves(index)]
        out: Set[float] = set()
        for key in ("charged", "refunded"):
            total = 0.0
            for f in later:
                total += float(f.get(key) or 0.0)
                out.add(round(total, 2))
        return out

    def observe(self, observation: str, index: int = -1) -> None:
        if '"refund"' in observation:
            self._refund_texts.append(observation)  # read only when a refund said done has no write (``_refund_backed``)
        figures, groups = observed_money(observation)
        self.figures.extend(figures)
        self.groups.extend(groups)
        if not self._recorded and '"refund"' in observation:
            for fields in self._shown_refunds(observation):
                self.moves.append((index, fields))
                self.moved_pool.add(round(float(fields["refunded"]), 2))

    def _shown_refunds(self, observation: str) -> List[Dict[str, Any]]:
        """The refunds an observation shows that no earlier one did (one per record), as
        ``money_moved`` fields."""
        try:
            data = json.loads(observation) if len(observation) < 200_000 else None
        except ValueError:
            return []
        records = data if isinstance(data, list) else [data]
        out: List[Dict[str, Any]] = []
        for rec in records[:50]:
            history = rec.get("payment_history") if isinstance(rec, dict) else None
            if not isinstance(history, list):
                continue
            paid = {str(h.get("payment_method_id")) for h in history[:50]
                    if isinstance(h, dict) and h.get("transaction_type") == "payment"}
            new = []
            for h in history[:50]:
                if not isinstance(h, dict) or h.get("transaction_type") != "refund" or _number(h.get("amount")) is None:
                    continue
                key = (str(rec.get("order_id") or rec.get("reservation_id")), str(h.get("payment_method_id")), h["amount"])
                if key not in self._shown:
                    self._shown.add(key)
                    new.append(h)
            if new:
                ids = [str(h.get("payment_method_id") or "") for h in new]
                out.append({"tool": "shown", "record": rec.get("order_id") or rec.get("reservation_id"), "charged": 0.0,
                            "refunded": round(sum(float(h["amount"]) for h in new), 2),
                            "refund_sources": [_source(i) for i in ids], "refund_to_original": all(i in paid for i in ids)})
        return out

    def _refund_backed(self, index: int, value: float) -> bool:
        """Whether a refund of ``value`` said done is the next write's (said as it is made) or one a tool
        showed in a record's payment history (a refund made before the conversation)."""
        if _near(value, _runs([float(f.get("refunded") or 0.0) for f in self._tied(index, self._text)])):
            return True
        shown = [float(h["amount"]) for o in self._refund_texts for h in _history_refunds(o)]
        return _near(value, _runs(shown))

    def hear(self, text: Optional[str]) -> None:
        if text:
            self.user_numbers.extend(abs(v) for v in values_in_text(text))

    def message(self, index: int, text: str) -> Optional[Tuple[bool, str]]:
        """None when every money claim is backed, (True, evidence) for the first false one,
        (False, evidence) when one cannot be settled (undetermined)."""
        doubt: Optional[Tuple[bool, str]] = None
        self._claims = money_claims(text)
        self._text = text
        for c in self._claims:
            if c.kind not in self.kinds:
                continue
            verdict = self._amount(index, c, text) if c.kind == "amount" else getattr(self, "_" + c.kind)(index, c)
            if verdict is None:
                continue
            if verdict[0]:
                return verdict
            doubt = doubt or verdict
        return doubt

    # --- amounts ---------------------------------------------------------------------------

    def _amount(self, index: int, c: MoneyClaim, text: str) -> Optional[Tuple[bool, str]]:
        kind, value = c.value
        if c.done:  # "I've charged $190": what the writes before moved that way, whatever else shows 190
            done = moved_by(f for i, f in self.moves if i < index)
            why = done_verdict(c.done, value, done, c.text)
            if why is not None:
                return True, why
            if done.get(c.done):
                return None
            if c.done == "refund" and not self._refund_backed(index, value):
                # round 10b: "I have refunded $754.39 to your PayPal" when the return was refused: no write refunded money
                return True, f"agent stated {c.text!r} as refunded; no write of the conversation refunded money"
        tied = self._tied(index, text)
        if tied and kind in ("charge", "refund"):
            # stated in the wrong direction: "charged $154.04" for a refund of $154.04
            other = "refunded" if kind == "charge" else "charged"
            same = "charged" if kind == "charge" else "refunded"
            if not any(f.get(same) for f in tied) and _near(value, [float(f.get(other) or 0) for f in tied]):
                return True, f"agent stated {c.text!r} as {kind}d money; the write that follows moves it the other way"
        if value == 0 or _near(value, self.moved_pool) or _near(value, self._later_sums(index)):
            return None
        if _near(value, self.user_numbers) or _near(value, self.values):
            return None
        if _near(value, self.figures) and (not tied or kind not in ("charge", "refund", "money")
                                           or self._states_tied_amount(text, tied)):
            return None  # a price shown, or an item's price listed beside the total the write makes
        near = bound_at(text, c.start, c.start + len(c.text)) if kind != "price" else None  # round 16: "roughly $23,500"
        if near is not None and (near.near or near.direction in ("approx", "range")) and any(map(near.admits, self.moved_pool | set(self.values + self.figures) | {sum(g) for g in self.groups[-20:]}
                                        | {float(f.get(k) or 0) for f in tied for k in ("charged", "refunded")})):
            return None  # (near: a value backed as it is, a whole group's sum or the write's; not any subset's or multiple's)
        if tied and kind in ("charge", "refund", "money"):
            moved = "; ".join(f"{f.get('tool')} {f.get('record') or ''}: " + " and ".join(
                f"{k} ${float(f.get(k) or 0):,.2f}" for k in ("charged", "refunded") if f.get(k)) for f in tied)
            return True, (f"agent stated {c.text!r} ({kind}) of the writes that follow ({moved}); "
                          f"no tool, customer, policy or write gives {value:g}")
        if self._derived(value):
            return None
        if kind != "price":  # money said to move, that nothing backs: an assertion the rule owns (SPEC §10)
            return True, f"agent stated {c.text!r} ({kind}): no tool, customer, policy or write gives {value:g}, nor a sum of them"
        return False, f"agent stated {c.text!r} ({kind}): not a figure shown, said or moved, and not a sum of them"

    def _states_tied_amount(self, text: str, tied: List[Dict[str, Any]]) -> bool:
        """The message also states what the writes it speaks of move (one, or their sum)."""
        key = (id(text), len(tied))
        if self._stated_cache[0] == key:
            return self._stated_cache[1]
        moved = _runs([float(f.get("charged") or 0) for f in tied if f.get("charged")]) | _runs(
            [float(f.get("refunded") or 0) for f in tied if f.get("refunded")])
        found = any(c.kind == "amount" and _near(c.value[1], moved) for c in self._claims)
        self._stated_cache = (key, found)
        return found

    def _derived(self, value: float) -> bool:
        pool = (self.figures + self.values)[-_POOL_LIMIT:]
        for a in pool:
            for k in range(2, 10):
                if abs(value - a * k) <= _EPS:
                    return True
        for i, a in enumerate(pool):
            for b in pool[i:]:
                if abs(value - (a + b)) <= _EPS or abs(value - abs(a - b)) <= _EPS:
                    return True
        for group in self.groups[-20:]:
            sums = {0.0}
            for price in group:
                sums |= {round(s + price, 2) for s in sums}
            if _near(value, sums):
                return True
        return False

    # --- refund method and timing ----------------------------------------------------------

    def _next_refund(self, index: int) -> Optional[Dict[str, Any]]:
        """The refund a message speaks of: a refunding write on a record it names (to come, else
        just made), else the next one when it comes before the agent's next message (the write it
        confirms), else the one it reports (made since the agent's previous message), else the
        next one. A report of the first of several refunds is judged by that refund, not the next."""
        upper = self._text.upper()
        prev = max((i for i in self.agent_steps if i < index), default=-1)
        later = [(i, f) for i, f in self._later_moves(index) if f.get("refunded")]
        done = [f for i, f in reversed(self.moves) if prev < i < index and f.get("refunded")]
        named = [f for _, f in later] + done
        named = [f for f in named if isinstance(f.get("record"), str) and f["record"].upper().lstrip("#") in upper]
        if named:
            return named[0]
        nxt = next((i for i in self.agent_steps if i > index), None)
        if later and (nxt is None or later[0][0] < nxt):
            return later[0][1]
        if done:
            return done[0]
        return later[0][1] if later else None

    def _refund_method(self, index: int, c: MoneyClaim) -> Optional[Tuple[bool, str]]:
        write = self._next_refund(index)
        if write is None:
            return None
        sources = [str(s) for s in write.get("refund_sources") or []]
        if c.value == "original":
            ok = bool(write.get("refund_to_original"))
        else:
            ok = c.value in sources
        if ok or self._another_option_fits(c, write, sources):
            return None
        where = ", ".join(sources) + (" (the original method)" if write.get("refund_to_original") else "")
        return True, f"agent stated {c.text!r} for the refund; {write.get('tool')} refunds to {where or 'nothing'}"

    def _another_option_fits(self, c: MoneyClaim, write: Dict[str, Any], sources: List[str]) -> bool:
        """Round 14: a method in one option of a menu the customer is asked to pick from is an alternative offered, not a
        statement: it fits when another option names the method the write refunds to ("A) to your PayPal B) a gift card")."""
        spans = menu_options(self._text) if "\n" in self._text or ")" in self._text else ()
        if not any(a <= c.start < b for a, b in spans):
            return False
        return any(o.kind == "refund_method" and any(a <= o.start < b for a, b in spans) and not (a <= c.start < b)
                   and (o.value in sources or o.value == "original" and write.get("refund_to_original")) for o in self._claims for a, b in spans)

    def _refund_timing(self, index: int, c: MoneyClaim) -> Optional[Tuple[bool, str]]:
        said, when = c.value
        immediate = set(self.p.immediate_sources)
        days = self.p.refund_days
        sources = [said] if said else [str(s) for s in (self._next_refund(index) or {}).get("refund_sources") or []]

        def fits(source: Optional[str]) -> bool:
            if source is not None and source in immediate:
                return when == "immediate"
            if when.startswith("days:") and days:
                lo, hi = (float(x) for x in when[5:].split("-"))
                return days[0] - 1e-9 <= lo <= hi <= days[-1] + 1e-9
            return False

        ok = all(fits(s) for s in sources) if sources else (fits(None) or (bool(immediate) and when == "immediate"))
        if ok:
            return None
        policy = (f"{days[0]:g} to {days[-1]:g} business days" if days else "")
        if immediate:
            policy = f"at once to a {', '.join(sorted(immediate))}, otherwise " + policy
        return True, f"agent stated {c.text!r} for a refund{' to ' + sources[0] if sources else ''}: the policy says {policy}"
