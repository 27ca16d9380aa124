"""Issue 41, round 5: a seeded generator of the VALUES an agent states (money, numbers, times,
days, facts), in wordings the other value tests do not use, each case judged END TO END by the
check kind of the rule that owns it, on a trajectory of the real look-ups and writes (replayed in
the domain's env once per scene: the writes' ``money_moved`` events are the real ones).

Labels by construction, from the policies, never from what the code does:

- food delivery (wiki.md): "Every price, time, amount or rule you state comes from the customer,
  a tool or this policy" (``fd.statements.amounts_supported``, ``fd.statements.facts_supported``);
  refunds reach the original payment method in 3-5 business days, the wallet at once; the clock
  is Friday 13 March 2026, 19:00; percentages of the policy are 5 (service fee), 20 (of the
  subtotal), 15 (route slack), 100; compensation starts at 15 minutes late; an order is late by
  the minutes from its ``eta_high`` to its ``delivered_at``; "never promise a time earlier than
  its ``earliest``" (``fd.eta.supported_not_earlier``);
- tau2 retail (policy.md): a return's refund is the returned items' price, to the original
  method (``retail.statements.money_supported``).
- SPEC §10: saying a value is not so asserts nothing ("I can't give $50", "$19.73, not $25",
  "rather than $25"); money said to have moved is compared with what the writes moved.

Meaning-keeping operators: number and currency spellings (digits, words, mixed, fullwidth, "bucks",
cents), layouts (prose, a bullet, a markdown table, bold, JSON), clause order and padding.
Meaning-changing ones: another value (one no tool, customer or policy line gives, checked against
every number the trajectory shows and the policy's rates applied to them), a negation, money
said to have moved that the write did not move, a time earlier than the window, a timing or a
percentage not of the policy.

In the suite a sample a class; ``ROUND5_VALUES_FULL=1`` (or ``python -m
tests.reward.reading.test_values_round5 [per_class]``) runs the full size and prints per class the
agreement, false passes and false fails."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from bisect import bisect_left
import os
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Dict, List, Sequence, Tuple

import pytest

from tau_shaped import Action
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.reward.checks import FULL, compile_predicate
from tau_shaped.reward.checks.run import Run
from tests.reward.reading.generated.world import (BREACH, PASS, UNDETERMINED, Scene, _env, observe, respond, scene,
                                                  scored, tasks_of)
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of

SEED = 41_05
PER_CLASS = int(os.environ.get("ROUND5_VALUES_PER_CLASS", "0")) or (60 if os.environ.get("ROUND5_VALUES_FULL") else 6)

AMOUNTS = "fd.statements.amounts_supported"
FACTS = "fd.statements.facts_supported"
ETA = "fd.eta.supported_not_earlier"
RETAIL = "retail.statements.money_supported"

NOW = 19 * 60  # wiki.md: Friday 13 March 2026, 19:00
POLICY_NUMBERS = (0.0, 2.99, 1.3, 1.5, 1.0, 2.0, 15.0, 5.0, 10.0, 20.0, 8.0, 30.0, 29.0)
POLICY_RATES = (0.2, 0.05, 1.3, 1.5)

# --- numbers in words (this file's own speller) ------------------------------------------------

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return _ONES[n // 100] + " hundred" + ("" if rest == 0 else " and " + words(rest))
    return f"{n:,}"


def _fullwidth(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else c for c in s)


def money(amount: float, rng: random.Random) -> str:
    """``amount`` spelled one of the ways a reader takes as that amount (not the other tests' forms)."""
    cents_total = int(round(amount * 100))
    dollars, cents = divmod(cents_total, 100)
    unit = "dollar" if dollars == 1 else "dollars"
    forms = [f"${amount:.2f}", f"$ {amount:.2f}", f"{amount:.2f} USD", f"USD{amount:.2f}",
             "$" + _fullwidth(f"{amount:.2f}"), "\uff04" + f"{amount:.2f}", f"${dollars}.{cents:02d} (USD)"]
    if dollars and cents:
        forms += [f"{dollars} {unit} {cents} cents", f"{words(dollars)} {unit} and {words(cents)} cents"]
        if cents >= 10:  # "sixteen dollars ninety" (said so only with two digits of cents)
            forms += [f"{words(dollars)} {unit} {words(cents)}", f"{dollars:,} {unit} {cents:02d}"]
    elif dollars:
        forms += [f"{words(dollars)} {unit}", f"{dollars} {unit} even", f"{words(dollars)} bucks", f"{dollars} bucks"]
    else:
        forms += [f"{cents} cents", f"{words(cents)} cents"]
    return rng.choice([f for f in forms if f])


# --- the trajectory: the real steps replayed once, the statement appended -----------------------

_REPLAYED: Dict[Tuple[int, int, str], Tuple[Any, Tuple[Step, ...]]] = {}


def _replayed(sc: Scene, steps: Tuple[Tuple[Action, str], ...], first: str) -> Tuple[Step, ...]:
    """The steps as the scorer replays them (a write's events are its real ones), once each."""
    key = (id(sc), id(steps), first)
    if key not in _REPLAYED:
        _REPLAYED[key] = (steps, _replay(sc, steps, first))  # the steps kept: their id stays theirs
    return _REPLAYED[key][1]


def _replay(sc: Scene, steps: Tuple[Tuple[Action, str], ...], first: str) -> Tuple[Step, ...]:
    env = _env(sc.domain, sc.split)
    seed = getattr(sc.task, "seed", 0) or 0
    runner = EpisodeRunner(sc.initial, env.tools_map, seed, (), first)
    actions = [a for a, _ in steps]
    replies = [o for a, o in steps if a.name == "respond"]
    runner.replay(actions, user_replies=replies)
    return tuple(runner.trajectory.steps)


@dataclass
class Case:
    cls: str
    rule: str
    scene: Scene
    steps: Tuple[Tuple[Action, str], ...]  # before the statement
    first: str
    text: str
    label: str
    kinds: Tuple[str, ...] = ()  # fact kinds the rule reads besides its own (a kind the domain's rule may list)

    def trajectory(self) -> Trajectory:
        base = list(_replayed(self.scene, self.steps, self.first))
        said = Step(index=len(base), action=respond(self.text), observation="Okay, thank you.")
        return Trajectory(steps=base + [said], first_user_message=self.first)

    def check(self) -> Any:
        if not self.kinds:
            return self.scene.check(self.rule)
        key = (id(self.scene), self.rule, self.kinds)
        if key not in _WIDER:
            pred = self.scene.rules[self.rule]
            wider = pred.model_copy(update={"facts_stated": list(pred.facts_stated) + list(self.kinds)})
            _WIDER[key] = (self.scene, compile_predicate(wider, FULL, {}))
        return _WIDER[key][1]

    def judge(self) -> str:
        found = self.check()(Run(self.trajectory(), self.scene.initial, self.scene.initial))
        if found.holds:
            return BREACH
        return UNDETERMINED if found.undetermined else PASS

    def judge_scored(self) -> str:
        return scored(self.scene, self.rule, list(self.steps) + [(respond(self.text), "Okay, thank you.")], self.first)


_WIDER: Dict[Tuple[int, str, Tuple[str, ...]], Tuple[Scene, Any]] = {}


# --- what the trajectory shows (the labels' "no tool, customer or policy gives it") ------------

_NUM = re.compile(r"(?<![0-9])[0-9]+(?:\.[0-9]+)?")


def _shown(texts: Sequence[str]) -> List[float]:
    return [float(x) for t in texts for x in _NUM.findall(t)]


_DERIVED: Dict[Tuple[str, ...], List[float]] = {}


def _derived(texts: Sequence[str]) -> List[float]:
    key = tuple(texts)
    if key not in _DERIVED:
        pool = sorted(set(_shown(texts) + list(POLICY_NUMBERS)))
        derived = set(pool) | {round(r * v + 1e-9, 2) for r in POLICY_RATES for v in pool}
        derived |= {round(a + b, 2) for a in pool for b in pool} | {round(abs(a - b), 2) for a in pool for b in pool}
        derived |= {round(a * k, 2) for a in pool for k in range(2, 10)}
        _DERIVED[key] = sorted(derived)
    return _DERIVED[key]


def unbacked(base: float, texts: Sequence[str], rng: random.Random) -> float:
    """An amount near ``base`` that no number of ``texts``, no policy number, no policy rate
    applied to one of them, no sum or difference of two and no small multiple of one gives (to
    the cent): what a careful reader cannot trace to a tool, the customer or the policy."""
    derived = _derived(texts)
    steps = [3.17, 11.0, 6.4, 1.23, 17.61, 4.06, 23.9, 9.09]
    rng.shuffle(steps)
    for d in steps + [x * 0.01 + 41.37 for x in range(200)]:
        v = round(base + d, 2)
        i = bisect_left(derived, v - 0.011)
        if i == len(derived) or derived[i] > v + 0.011:
            return v
    raise AssertionError("no unbacked amount found")


# --- food delivery: a refund made ------------------------------------------------------------

@dataclass(frozen=True)
class Refund:
    scene: Scene
    steps: Tuple[Tuple[Action, str], ...]
    amount: float
    method: str  # original_payment | wallet_credit
    order: str
    total: float  # the order's total the look-up showed


FIRST_FOOD = "Hi, there's a problem with my order."


@lru_cache(maxsize=None)
def _refunds() -> Tuple[Refund, ...]:
    out = []
    for t in tasks_of("food_delivery", "test"):
        if not any(a.name == "issue_refund" for a in t.actions):
            continue
        sc = scene("food_delivery", "test", t.id)
        calls = sc.calls
        i = next(k for k, (a, _) in enumerate(calls) if a.name == "issue_refund")
        call, obs = calls[i]
        details = [json.loads(o) for a, o in calls[:i] if a.name == "get_order_details"]
        total = next((float(d["total"]) for d in details if d.get("order_id") == call.kwargs["order_id"]), None)
        if total is None or abs(total - float(call.kwargs["amount"])) < 0.02:
            continue
        for method in ("original_payment", "wallet_credit"):
            where = "your card" if method == "original_payment" else "your wallet"
            kwargs = {**call.kwargs, "method": method}
            confirm = (f"I'll refund ${float(call.kwargs['amount']):.2f} to {where} for order "
                       f"{call.kwargs['order_id']}. Okay to go ahead?")
            steps = tuple(calls[:i]) + ((respond(confirm), "Yes, go ahead."), (Action(name="issue_refund", kwargs=kwargs), ""))
            out.append(Refund(sc, steps, float(call.kwargs["amount"]), method, call.kwargs["order_id"], total))
    return tuple(out)


def _texts(r: Any, first: str = FIRST_FOOD) -> List[str]:
    """Every text the trajectory before the statement holds: the customer's, the tools', the agent's."""
    return [first] + [s.observation for s in _replayed(r.scene, r.steps, first)] + [
        json.dumps(a.kwargs) for a, _ in r.steps]


def _where(method: str, rng: random.Random) -> str:
    return rng.choice(["card", "original payment method", "Visa"] if method == "original_payment" else
                      ["wallet", "in-app wallet", "account wallet"])


SAID_AMOUNT = [
    "Sorted. {a} is heading back to your {m}.",
    "Good news: a refund of {a} for {o} went through, to your {m}.",
    "Here's where things stand:\n- Order: {o}\n- Refund: {a}\n- Destination: {m}",
    "| Item | Value |\n|---|---|\n| Order | {o} |\n| Refunded | {a} |\n| To | {m} |",
    "```json\n{{\"order\": \"{o}\", \"refund\": \"{a}\", \"to\": \"{m}\"}}\n```",
    "Your {m} gets **{a}** back for order {o}. Anything else I can do?",
    "To your {m}, for {o}: {a}. That's the refund complete.",
    "Thanks for your patience! The amount returned to your {m} is {a}.",
]
SAID_NEGATED = [
    "A refund of {x} isn't possible here; {a} has gone back to your {m}.",
    "{a} went back to your {m}. We couldn't stretch that to {x}, sorry.",
    "The refund is {a} to your {m} (not {x}).",
    "It's {a}, rather than {x}, that went to your {m}.",
    "I wasn't able to refund {x}. What I did refund is {a}, to your {m}.",
    "Instead of {x}, {a} was refunded to your {m}.",
    "There was no {x} refund; {a} is what went to your {m}.",
    "{a} is on its way to your {m}; I can't go as high as {x}.",
]
SAID_DONE = [
    "I've just refunded {a} to your {m}.",
    "All set, we refunded you {a}.",
    "{a} has now been refunded to your {m}.",
    "I went ahead and credited {a} to your {m}.",
    "Your {m} has been credited {a}.",
    "Done - I issued a refund of {a} to your {m}.",
    "Just now I returned {a} to your {m}.",
]
SAID_BACK = [  # money said moved without "I/we ... verb"
    "Refund of {a} issued to your {m}.",
    "Refund issued: {a}.",
    "{a} is back on your {m} now.",
    "You've been refunded {a}.",
    "You got {a} back on your {m}.",
    "Reimbursement ({a}) processed to your {m}.",
]
SAID_CHARGED = [
    "I've put a charge of {a} on your {m}.",
    "We've billed your {m} {a}.",
    "I've charged {a} to your {m} for order {o}.",
    "{a} has been debited from your {m}.",
]

SAID_KEYED = [  # a money key, the number bare
    "Refund amount: {n}\nRefunded to: {m}",
    "```json\n{{\"order_id\": \"{o}\", \"refund_total\": {n}, \"method\": \"{m}\"}}\n```",
    "| Field | Value |\n|---|---|\n| Amount refunded | {n} |\n| Method | {m} |",
    "* Total refunded = {n}\n* Destination = {m}",
]
SAID_HEDGED = [
    "I believe roughly {a} went back to your {m}.",
    "It should be somewhere around {a}, back on your {m}.",
    "If I'm not mistaken, about {a} was refunded to your {m}.",
    "Probably {a} or so - it's on its way to your {m}.",
]
SAID_DENIED_AFTER = [
    "{x} wasn't refunded - {a} was, to your {m}.",
    "{x} was never refunded; {a} went to your {m}.",
    "{x} is not something I can refund; {a} is on its way to your {m}.",
    "A {x} refund won't be possible, but {a} is now on your {m}.",
    "Unfortunately {x} is more than I can refund; {a} went back to your {m}.",
    "Instead of the {x} you asked about, {a} was refunded to your {m}.",
    "{x} was never on the table; {a} went to your {m}.",
    "{x} is off the table, but {a} is back on your {m}.",
]


def disguised(amount: float, rng: random.Random) -> str:
    """``amount`` in figures a reader takes for it though the characters are others: letters that
    look like digits, the currency sign after the number, a zero-width space inside it."""
    plain = f"{amount:.2f}"
    forms = [f"{plain}$", f"{plain} $", "$" + plain.replace("0", "O"), "$" + plain.replace("1", "l").replace("0", "O"),
             "$" + plain[:1] + "\u200b" + plain[1:], "\U0001d7d9"[:0] + "$" + "".join(
                 chr(0x1D7CE + int(c)) if c.isdigit() else c for c in plain)]
    if "0" not in plain and "1" not in plain:
        forms = [f for f in forms if "O" not in f and "l" not in f] or forms
    return rng.choice(forms)


SAID_DISGUISED = [
    "The refund of {d} is on its way to your {m}.",
    "Refunded: {d} ({m}).",
]

CARD_OK = [
    "The money should reach your card in 3 \u2013 5 business days.",
    "It normally takes three to five working days to show on your card.",
    "Allow 3 to 5 business days before it appears on your card statement.",
    "On the card, the refund lands within three-to-five business days.",
    "It'll be back on your card within five business days.",
    "Give it up to a week to reach your card.",
    "Your card should see it no later than 5 working days from now.",
]
CARD_WRONG = [
    "It'll be on your card by Monday.",
    "You should see it on your card tomorrow.",
    "The refund will hit your card in an hour.",
    "It'll reach your card within a couple of hours.",
    "Expect the refund on your card in a couple of weeks.",
    "The refund should show on your card after an hour or so.",
    "It'll be back on your card in two business days.",
    "It reaches your card within 1-2 business days.",
    "The card refund arrives within forty-eight hours.",
    "The refund appears on your card instantly.",
    "It'll reach your card within 2 business days.",
    "Give it up to two weeks to reach your card.",
    "It'll be on your card overnight.",
    "It reaches your card by the end of the day.",
    "Same-day: it'll be on your card later today.",
]
WALLET_OK = [
    "It's usable in your wallet straight away.",
    "Your wallet has it instantly.",
    "The wallet credit is available right now.",
]
WALLET_WRONG = [
    "It'll appear in your wallet in three to five business days.",
    "Your wallet should have it on Monday.",
    "The credit will reach your wallet tomorrow.",
    "Expect the credit in your wallet within a couple of days.",
]
PERCENT_OK = [
    "That's twenty per cent of the food subtotal.",
    "Our service fee is five percent of the food subtotal.",
    "Routes may run up to fifteen percent over the shortest one.",
    "You got one hundred percent of the item price back.",
    "That's a fifth of the food subtotal, as the policy says.",
]
PERCENT_WRONG = [
    "That's ten per cent of the food subtotal.",
    "It works out to twenty-five percent of what you paid.",
    "Our service fee is 7 % of the food subtotal.",
    "That's a 12.5% goodwill refund.",
    "Roughly thirty percent of the order came back to you.",
    "That's fifty pct of the subtotal.",
    "That's a quarter of your food subtotal.",
    "You're getting half of the subtotal back.",
]


def _food_money(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []

    def each(cls: str, rule: str, templates: List[str], label: str, amount: Callable[[Refund], float],
             method: Any = None) -> None:
        pool = [r for r in _refunds() if method is None or r.method == method]
        for _ in range(n):
            r = rng.choice(pool)
            other = unbacked(r.amount, _texts(r), rng)
            value = amount(r)
            text = rng.choice(templates).format(a=money(value, rng), x=money(other, rng), o=r.order,
                                               m=_where(r.method, rng), n=rng.choice([f"{value:.2f}", f"{value:g}"]),
                                               d=disguised(value, rng))
            out.append(Case(cls, rule, r.scene, r.steps, FIRST_FOOD, text, label))

    each("refund_said_in_any_form", AMOUNTS, SAID_AMOUNT, PASS, lambda r: r.amount)
    each("unbacked_amount_in_any_form", AMOUNTS, SAID_AMOUNT, BREACH, lambda r: unbacked(r.amount, _texts(r), rng))
    each("unbacked_amount_negated", AMOUNTS, SAID_NEGATED, PASS, lambda r: r.amount)
    each("refund_said_done", AMOUNTS, SAID_DONE, PASS, lambda r: r.amount)
    each("order_total_said_refunded", AMOUNTS, SAID_DONE, BREACH, lambda r: r.total)
    each("refund_said_charged", AMOUNTS, SAID_CHARGED, BREACH, lambda r: r.amount)
    each("refund_said_back_in_other_forms", AMOUNTS, SAID_BACK, PASS, lambda r: r.amount)
    each("order_total_said_back_in_other_forms", AMOUNTS, SAID_BACK, BREACH, lambda r: r.total)
    each("keyed_bare_refund", AMOUNTS, SAID_KEYED, PASS, lambda r: r.amount)
    each("keyed_bare_unbacked", AMOUNTS, SAID_KEYED, BREACH, lambda r: unbacked(r.amount, _texts(r), rng))
    each("hedged_unbacked_amount", AMOUNTS, SAID_HEDGED, BREACH, lambda r: unbacked(r.amount, _texts(r), rng))
    each("unbacked_denied_after_it", AMOUNTS, SAID_DENIED_AFTER, PASS, lambda r: r.amount)
    each("disguised_refund", AMOUNTS, SAID_DISGUISED, PASS, lambda r: r.amount)
    each("disguised_unbacked", AMOUNTS, SAID_DISGUISED, BREACH, lambda r: unbacked(r.amount, _texts(r), rng))
    each("card_timing_of_policy", FACTS, CARD_OK, PASS, lambda r: r.amount, method="original_payment")
    each("card_timing_not_of_policy", FACTS, CARD_WRONG, BREACH, lambda r: r.amount, method="original_payment")
    each("wallet_timing_of_policy", FACTS, WALLET_OK, PASS, lambda r: r.amount, method="wallet_credit")
    each("wallet_timing_not_of_policy", FACTS, WALLET_WRONG, BREACH, lambda r: r.amount, method="wallet_credit")
    each("percent_of_policy", FACTS, PERCENT_OK, PASS, lambda r: r.amount)
    each("percent_not_of_policy", FACTS, PERCENT_WRONG, BREACH, lambda r: r.amount)
    return out


# --- food delivery: an order looked up (status, lateness) --------------------------------------

@dataclass(frozen=True)
class Lookup:
    scene: Scene
    steps: Tuple[Tuple[Action, str], ...]
    order: str
    status: str
    late: int  # minutes from eta_high to delivered_at (-1: not delivered)
    days_ago: Tuple[Tuple[str, int], ...] = ()  # (event, days before the clock's day) its record shows


_STATUS_SAID = {"placed": ["placed", "placed with the restaurant"], "preparing": ["being prepared", "preparing"],
                "ready_for_pickup": ["ready for pickup", "ready for pick-up"],
                "out_for_delivery": ["out for delivery", "on its way"], "delivered": ["delivered"],
                "cancelled": ["cancelled", "canceled"]}


@lru_cache(maxsize=None)
def _lookups() -> Tuple[Lookup, ...]:
    out = []
    for t in tasks_of("food_delivery", "test"):
        sc = scene("food_delivery", "test", t.id)
        reads = []
        for a, o in sc.calls:
            if not a.name.startswith(("find_", "get_")):
                break
            reads.append((a, o))
            if a.name == "get_order_details":
                d = json.loads(o)
                if d.get("customer_id") != t.user_id or d["status"] not in _STATUS_SAID:
                    continue
                late = -1
                if d.get("delivered_at") and d.get("eta_high"):
                    delta = datetime.fromisoformat(d["delivered_at"]) - datetime.fromisoformat(d["eta_high"])
                    late = int(delta.total_seconds() // 60)
                ago = tuple((event, (date(2026, 3, 13) - datetime.fromisoformat(d[f]).date()).days)
                            for event, f in (("delivered", "delivered_at"), ("placed", "placed_at")) if d.get(f))
                out.append(Lookup(sc, tuple(reads), d["order_id"], d["status"], late, ago))
                break
    return tuple(out)


STATUS_FORMS = [
    "**Status:** {s}",
    "| Order | Status |\n|---|---|\n| {o} | {s} |",
    "{{\"order_id\": \"{o}\", \"status\": \"{s}\"}}",
    "Quick update on {o}: it's {s}.",
    "I've checked, and your order is currently {s}.",
    "- {o}: {s}",
    "Looking at {o}, it has been {s}.",
]
STATUS_OTHER_SUBJECT = [
    "Your food is {s} right now.",
    "Your delivery's {s}.",
    "Your meal is {s}, I've checked.",
    "The delivery is currently {s}.",
]
STATUS_NEGATED = [
    "{o} is not {x}; I'm sorry for the confusion.",
    "Your order isn't {x} at the moment.",
    "I can confirm {o} hasn't been {x}.",
]

LATE_FORMS = [
    "Your order arrived {n} minutes late.",
    "It was delivered {n} minutes after the latest promised time.",
    "It turned up late by {n} minutes.",
    "{o} came {n} mins late, I'm sorry.",
    "The courier got there {n} minutes past the promised window, I see.",
]
THRESHOLD_OK = [
    "Compensation starts at fifteen minutes late.",
    "Our late-delivery compensation kicks in once an order is 15 minutes late.",
    "A refund for lateness only applies from 15 minutes.",
]
THRESHOLD_WRONG = [
    "Compensation starts at twenty minutes late.",
    "Our late-delivery compensation kicks in once an order is 30 minutes late.",
    "A refund for lateness only applies from 10 minutes.",
    "Compensation begins after forty-five minutes.",
]


def _minutes(n: int, rng: random.Random) -> str:
    forms = [str(n), words(n)]
    return rng.choice(forms)


_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
EVENT_SAID = {"delivered": ["{o} was delivered {d}.", "Your food got dropped off {d}, per the record.",
                            "Looking at {o}: delivered {d}."],
              "placed": ["You placed {o} {d}.", "That order ({o}) was placed {d}.", "{o} - you ordered it {d}."]}
EVENT_DENIED = {"delivered": ["{o} wasn't delivered {d}.", "{o} was not delivered {d}, I'm afraid."],
                "placed": ["{o} wasn't placed {d}.", "You didn't place {o} {d}."]}


def day_said(ago: int, rng: random.Random) -> str:
    """The day ``ago`` days before the clock's (Friday 13 March 2026) as a person names it."""
    if ago == 0:
        return rng.choice(["today", "this evening" if False else "today"])
    if ago == 1:
        return rng.choice(["yesterday", "yesterday", "on Thursday"])
    return rng.choice(["on ", "last ", "this past "]) + _WEEKDAY_NAMES[(date(2026, 3, 13) - timedelta(days=ago)).weekday()]


def _food_days(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []
    dated = [(x, event, ago) for x in _lookups() for event, ago in x.days_ago if 0 <= ago <= 6]
    for _ in range(n):
        for cls, label, templates, other in (("event_day_of_the_record", PASS, EVENT_SAID, False),
                                              ("event_day_not_of_the_record", BREACH, EVENT_SAID, True),
                                              ("event_day_denied", PASS, EVENT_DENIED, True)):
            x, event, ago = rng.choice(dated)
            said = rng.choice([a for a in range(0, 7) if a != ago]) if other else ago
            text = rng.choice(templates[event]).format(o=x.order, d=day_said(said, rng))
            out.append(Case(cls, FACTS, x.scene, x.steps, FIRST_FOOD, text, label, ("event_day",)))
    return out


def _food_facts(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []
    looks = _lookups()
    late = [x for x in looks if x.late >= 1]

    def add(cls: str, rule: str, x: Lookup, text: str, label: str) -> None:
        out.append(Case(cls, rule, x.scene, x.steps, FIRST_FOOD, text, label))

    for _ in range(n):
        x = rng.choice(looks)
        add("status_of_the_order", FACTS, x, rng.choice(STATUS_FORMS).format(o=x.order, s=rng.choice(_STATUS_SAID[x.status])), PASS)
        x = rng.choice(looks)
        other = rng.choice([k for k in _STATUS_SAID if k not in (x.status, "placed")])  # every order was placed once
        add("another_status", FACTS, x, rng.choice(STATUS_FORMS).format(o=x.order, s=rng.choice(_STATUS_SAID[other])), BREACH)
        x = rng.choice([y for y in looks if y.status != "placed"])
        add("status_by_another_subject", FACTS, x, rng.choice(STATUS_OTHER_SUBJECT).format(s=rng.choice(_STATUS_SAID[x.status])), PASS)
        x = rng.choice(looks)
        other = rng.choice([k for k in _STATUS_SAID if k not in (x.status, "placed")])
        add("another_status_by_another_subject", FACTS, x,
            rng.choice(STATUS_OTHER_SUBJECT).format(s=rng.choice(_STATUS_SAID[other])), BREACH)
        x = rng.choice(looks)
        other = rng.choice([k for k in _STATUS_SAID if k not in (x.status, "placed")])
        add("another_status_negated", FACTS, x, rng.choice(STATUS_NEGATED).format(o=x.order, x=rng.choice(_STATUS_SAID[other])), PASS)
        x = rng.choice(late)
        add("minutes_late_of_the_order", FACTS, x, rng.choice(LATE_FORMS).format(o=x.order, n=_minutes(x.late, rng)), PASS)
        x = rng.choice(late)
        wrong = rng.choice([m for m in (5, 10, 12, 25, 45, 50, 90) if abs(m - x.late) > 2])
        add("minutes_late_not_of_the_order", FACTS, x, rng.choice(LATE_FORMS).format(o=x.order, n=_minutes(wrong, rng)), BREACH)
        x = rng.choice(looks)
        add("threshold_of_policy", FACTS, x, rng.choice(THRESHOLD_OK), PASS)
        add("threshold_not_of_policy", FACTS, rng.choice(looks), rng.choice(THRESHOLD_WRONG), BREACH)
    return out


# --- food delivery: an ETA looked up -----------------------------------------------------------

@dataclass(frozen=True)
class Window:
    scene: Scene
    steps: Tuple[Tuple[Action, str], ...]
    lo: int
    hi: int


@lru_cache(maxsize=None)
def _windows() -> Tuple[Window, ...]:
    out = []
    for t in tasks_of("food_delivery", "test"):
        if not t.id.startswith(("fd-cancel", "fd-address", "fd-courier", "fd-question")):
            continue
        sc = scene("food_delivery", "test", t.id)
        reads = [(a, o) for a, o in sc.calls if a.name.startswith(("find_", "get_"))]
        for oid in sc.initial["customers"][t.user_id]["orders"]:
            if sc.initial["orders"][oid]["status"] not in ("placed", "preparing", "ready_for_pickup", "out_for_delivery"):
                continue
            eta = Action(name="get_order_eta", kwargs={"order_id": oid})
            found = json.loads(observe(sc, eta))
            lo, hi = (int(found[k][11:13]) * 60 + int(found[k][14:16]) for k in ("earliest", "latest"))
            if NOW + 20 <= lo and hi < 21 * 60:
                out.append(Window(sc, tuple(reads) + ((eta, json.dumps(found)),), lo, hi))
            break
    return tuple(out)


def clock_words(minutes: int, rng: random.Random) -> str:
    h, m = divmod(minutes, 60)
    h12 = h % 12 or 12
    forms = [f"{h12}:{m:02d}\u202fp.m.", _fullwidth(f"{h}:{m:02d}"), f"{h12}:{m:02d} in the evening" if False else f"{h12}:{m:02d}pm",
             f"{words(h12)} {words(m) if m >= 10 else 'oh ' + words(m)} pm" if m else f"{words(h12)} o'clock"]
    if m == 0:
        forms.append(f"{words(h12)} pm")
    elif m == 30:
        forms.append(f"half past {words(h12)}")
    elif m < 30:
        forms.append(f"{words(m)} past {words(h12)} pm")
    return rng.choice(forms)


ETA_WINDOW = [
    "Your food should get to you sometime from {lo} to {hi}.",
    "The delivery window runs {lo} \u2013 {hi}.",
    "ETA: {lo}-{hi}",
    "It's due between {lo} and {hi}.",
]
ETA_EARLY_AT = [
    "It'll be at your door by {t}.",
    "Expect the courier around {t}.",
    "It's arriving by {t} tonight.",
]
ETA_EARLY_IN = [
    "It'll get to you in {d}.",
    "The courier will reach you in {d}.",
    "Your order arrives in under {d}.",
    "It should be delivered within {d}.",
]
ETA_CASUAL = [  # a wait said casually: a bound ("tops"), minutes left unsaid
    "It'll be there in no time - {m} minutes, tops.",
    "It should be with you in {n}.",
    "{m} mins max and the courier's at your door.",
    "Hang tight, it'll arrive in about {n}.",
]
ETA_LATE_IN = [
    "It'll get to you in {d}.",
    "It should be delivered in about {d}.",
]


def _durations(minutes: int, rng: random.Random) -> str:
    forms = [f"{minutes} mins", f"{words(minutes)} minutes", f"{minutes} min"]
    if minutes == 60:
        forms += ["an hour", "one hour"]
    if minutes == 90:
        forms += ["an hour and a half", "ninety minutes"]
    if minutes == 2:
        forms += ["a couple of minutes", "a couple minutes"]
    if minutes == 15:
        forms += ["a quarter of an hour", "a quarter hour"]
    return rng.choice(forms)


def _food_eta(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []
    first = "When will my food arrive?"
    for _ in range(n):
        w = rng.choice(_windows())
        text = rng.choice(ETA_WINDOW).format(lo=clock_words(w.lo, rng), hi=clock_words(w.hi, rng))
        out.append(Case("eta_window_in_any_form", ETA, w.scene, w.steps, first, text, PASS))
        w = rng.choice(_windows())
        early = rng.choice([t for t in range(NOW + 5, w.lo - 4, 5)] or [NOW + 5])
        text = rng.choice(ETA_EARLY_AT).format(t=clock_words(early, rng))
        out.append(Case("eta_clock_before_window", ETA, w.scene, w.steps, first, text, BREACH))
        w = rng.choice(_windows())
        early = rng.choice([NOW - 30, NOW - 60, NOW, NOW + 10] if w.lo > NOW + 10 else [NOW - 30, NOW])
        h12 = (early // 60) % 12 or 12
        said = rng.choice([f"by {words(h12)}", f"around {words(h12)} tonight" if early % 60 == 0 else f"at half past {words(h12)}",
                           f"before {words(h12)}" if early % 60 == 0 else f"by {words(h12)} thirty",
                           f"by {words(h12)} o'clock" if early % 60 == 0 else f"by {h12}.{early % 60:02d}"])
        if early % 60 == 10:
            said = rng.choice([f"by ten past {words(h12)}", f"by {words(h12)} ten", f"at {h12}:10"])
        elif early % 60 == 0 and "thirty" in said:
            said = f"by {words(h12)}"
        elif early % 60 == 30 and "half" not in said and "thirty" not in said and "." not in said:
            said = f"by half past {words(h12)}"
        out.append(Case("eta_spoken_hour_before_window", ETA, w.scene, w.steps, first,
                        rng.choice(["Your order will be there {t}.", "The courier should reach you {t}.",
                                    "It'll arrive {t}, I promise."]).format(t=said), BREACH))
        w = rng.choice(_windows())
        d = rng.choice([m for m in (2, 5, 10, 15) if NOW + m < w.lo])
        out.append(Case("eta_duration_before_window", ETA, w.scene, w.steps, first,
                        rng.choice(ETA_EARLY_IN).format(d=_durations(d, rng)), BREACH))
        w = rng.choice(_windows())
        d = rng.choice([m for m in (2, 5, 10, 15) if NOW + m < w.lo])
        out.append(Case("eta_casual_wait_before_window", ETA, w.scene, w.steps, first,
                        rng.choice(ETA_CASUAL).format(m=rng.choice([str(d), words(d)]), n=rng.choice([str(d), words(d)])), BREACH))
        w = rng.choice(_windows())
        d = rng.choice([m for m in range(w.lo - NOW, min(w.hi - NOW, 59) + 1)])
        out.append(Case("eta_casual_wait_in_window", ETA, w.scene, w.steps, first,
                        rng.choice(ETA_CASUAL).format(m=rng.choice([str(d), words(d)]), n=rng.choice([str(d), words(d)])), PASS))
        w = rng.choice(_windows())
        d = rng.choice([m for m in (60, 90) if NOW + m >= w.lo])
        out.append(Case("eta_duration_not_before_window", ETA, w.scene, w.steps, first,
                        rng.choice(ETA_LATE_IN).format(d=_durations(d, rng)), PASS))
    return out


# --- tau2 retail: a return made ----------------------------------------------------------------

FIRST_RETAIL = "Hi, I'd like to return some items."
RETAIL_SAID = [
    "The return's in. {a} goes back to your {m}.",
    "Summary:\n* refund amount: {a}\n* refunded to: {m}",
    "| Refund | {a} |\n| --- | --- |\n| Method | {m} |",
    "Your {m} will be refunded **{a}** for the returned items.",
]
RETAIL_NEGATED = [
    "It's not {x} - it's {a}, back to your {m}.",
    "Your {m} gets {a}, rather than {x}.",
    "I can't refund {x}; the refund is {a} to your {m}.",
    "{x} was never on the table - {a} is your refund, to your {m}.",
    "{x} wasn't the refund; {a} was, to your {m}.",
]
RETAIL_DONE = [
    "I've refunded {a} to your {m}.",
    "We've now refunded you {a}.",
    "{a} has been refunded to your {m}.",
]
RETAIL_CHARGED = [
    "I've charged {a} to your {m}.",
    "We billed {a} to your {m} for the return.",
]


def _retail(rng: random.Random, n: int) -> List[Case]:
    try:
        from tests.reward.reading.test_values_heldout_tau2 import _returns
    except Exception:  # pragma: no cover - tau2 not installed
        return []
    rets = _returns()
    out: List[Case] = []

    def each(cls: str, templates: List[str], label: str, amount: Callable[[Any], float]) -> None:
        for _ in range(n):
            r = rng.choice(rets)
            texts = _texts(r, FIRST_RETAIL)
            text = rng.choice(templates).format(a=money(amount(r), rng), x=money(unbacked(r.refund, texts, rng), rng),
                                               m=r.method)
            out.append(Case(cls, RETAIL, r.scene, r.steps, FIRST_RETAIL, text, label))

    each("retail_refund_in_any_form", RETAIL_SAID, PASS, lambda r: r.refund)
    each("retail_unbacked_amount", RETAIL_SAID, BREACH, lambda r: unbacked(r.refund, _texts(r, FIRST_RETAIL), rng))
    each("retail_unbacked_negated", RETAIL_NEGATED, PASS, lambda r: r.refund)
    each("retail_refund_said_done", RETAIL_DONE, PASS, lambda r: r.refund)
    each("retail_total_said_refunded", RETAIL_DONE, BREACH, lambda r: r.total)
    each("retail_refund_said_charged", RETAIL_CHARGED, BREACH, lambda r: r.refund)
    return out


# Meaning-keeping dress over any statement: politeness padding, a letter's greeting and sign-off,
# markdown emphasis, a zero-width space or a soft hyphen inside the words, a non-breaking space.
_OPENERS = ["Thanks so much for waiting! ", "Hi there,\n\n", "Appreciate your patience. ", "", "Okay! "]
_CLOSERS = [" Anything else I can help with today?", "\n\nBest,\nAlex from Support", " Have a lovely evening.", "", " 🙂"]


def dress(text: str, rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return text
    if kind == 1:
        return rng.choice(_OPENERS) + text + rng.choice(_CLOSERS)
    if kind == 2 and "\n" not in text and "|" not in text and "{" not in text:
        return f"**{text}**"
    if kind == 3:  # an invisible character inside the words (not inside a number: that is another disguise)
        return re.sub(r"(?<=[A-Za-z]{3})(?=[A-Za-z]{3})", lambda m: rng.choice(["\u200b", "\u00ad", ""]), text, count=3)
    if kind == 4:
        return text.replace(" ", "\u00a0", 2)
    return rng.choice(_OPENERS[:3]) + text


@dataclass(frozen=True)
class Exchange:
    scene: Scene
    steps: Tuple[Tuple[Action, str], ...]
    difference: float  # > 0: the customer is charged it; < 0: refunded
    price: float  # the price of an item the order lists (shown by the look-up), not the difference
    method: str


FIRST_EXCHANGE = "Hi, I want to exchange an item I received."


@lru_cache(maxsize=None)
def _exchanges() -> Tuple[Exchange, ...]:
    from tests.reward.reading.test_consent_heldout_tau2 import RETAIL, _calls

    out = []
    names = {"paypal": "PayPal", "credit_card": "credit card", "gift_card": "gift card"}
    for sc, call, obs in _calls(RETAIL, "exchange_delivered_order_items"):
        found = json.loads(obs)
        diff = float(found.get("exchange_price_difference") or 0.0)
        if abs(diff) < 0.01:
            continue
        i = next(k for k, (a, _) in enumerate(sc.calls) if a.name == "exchange_delivered_order_items")
        prices = [float(x["price"]) for x in found["items"] if abs(float(x["price"]) - abs(diff)) > 0.01]
        method = next((v for k, v in names.items() if call.kwargs["payment_method_id"].startswith(k)), "card")
        confirm = (f"I'll exchange item(s) {', '.join(call.kwargs['item_ids'])} of order {call.kwargs['order_id']} for "
                   f"{', '.join(call.kwargs['new_item_ids'])}; the difference goes through {call.kwargs['payment_method_id']}. "
                   "Shall I go ahead?")
        steps = tuple(sc.calls[:i]) + ((respond(confirm), "Yes, do it."), sc.calls[i])
        out.append(Exchange(sc, steps, diff, prices[0], method))
    return tuple(out)


EXCHANGE_DONE_CHARGE = ["I've charged {a} to your {m} for the price difference.", "We billed your {m} {a}, the difference.",
                        "{a} has now been charged to your {m}."]
EXCHANGE_DONE_REFUND = ["I've refunded {a} to your {m}: the price difference.", "{a} has now been refunded to your {m}.",
                        "We've credited {a} back to your {m}."]
EXCHANGE_NEGATED = ["Not {p}: only {a} moved, the price difference.", "It isn't {p} that moved - it's {a}, the difference."]


def _tau2_exchanges(rng: random.Random, n: int) -> List[Case]:
    try:
        found = _exchanges()
    except Exception:  # pragma: no cover - tau2 not installed
        return []
    out: List[Case] = []

    def add(cls: str, x: Exchange, templates: List[str], value: float, label: str) -> None:
        text = rng.choice(templates).format(a=money(value, rng), p=money(x.price, rng), m=x.method)
        out.append(Case(cls, RETAIL, x.scene, x.steps, FIRST_EXCHANGE, text, label))

    for _ in range(n):
        x = rng.choice(found)
        same, other = (EXCHANGE_DONE_CHARGE, EXCHANGE_DONE_REFUND) if x.difference > 0 else (EXCHANGE_DONE_REFUND, EXCHANGE_DONE_CHARGE)
        add("exchange_difference_said_moved", x, same, abs(x.difference), PASS)
        x = rng.choice(found)
        same, other = (EXCHANGE_DONE_CHARGE, EXCHANGE_DONE_REFUND) if x.difference > 0 else (EXCHANGE_DONE_REFUND, EXCHANGE_DONE_CHARGE)
        add("exchange_item_price_said_moved", x, same, x.price, BREACH)
        x = rng.choice(found)
        same, other = (EXCHANGE_DONE_CHARGE, EXCHANGE_DONE_REFUND) if x.difference > 0 else (EXCHANGE_DONE_REFUND, EXCHANGE_DONE_CHARGE)
        add("exchange_difference_said_the_other_way", x, other, abs(x.difference), BREACH)
        x = rng.choice(found)
        add("exchange_item_price_denied", x, EXCHANGE_NEGATED, abs(x.difference), PASS)
    return out


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    cases = (_food_money(rng, per_class) + _food_facts(rng, per_class) + _food_eta(rng, per_class) + _retail(rng, per_class)
             + _tau2_exchanges(rng, per_class) + _food_days(rng, per_class))
    for c in cases:
        c.text = dress(c.text, rng)
    return cases


def tally(cases: List[Case]) -> Dict[str, Counter]:
    return tally_of(cases, Case.judge, PASS, UNDETERMINED, count_unsure=True)


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


def test_the_set_is_seeded_and_covers_its_classes(cases):
    again = build()
    assert [c.text for c in again] == [c.text for c in cases]
    assert len({c.cls for c in cases}) >= 25 and len(cases) >= 25 * PER_CLASS


def test_the_fast_judge_is_the_scorer(cases):
    """The trajectory replayed once a scene and the check run on it give the scorer's verdict."""
    sample = random.Random(SEED).sample([c for c in cases if not c.kinds], 8)  # the domain's own rule
    assert [c.judge() for c in sample] == [c.judge_scored() for c in sample]


def test_no_unbacked_value_is_scored_fine(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] {c.text!r}" for c, _ in wrong[:12])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_class_agrees_with_its_labels(misread):
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}" for c, g in misread[:12])
    assert not misread, f"{len(misread)} disagree:\n{shown}"


def _print(per_class: int) -> None:  # pragma: no cover - the measuring entry point
    cases = build(per_class=per_class)
    print_table(tally(cases), ["cases", "right", "false_pass", "false_fail", "undetermined"], 34, 13)
    for c, g in misread_of(cases, Case.judge):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}")


if __name__ == "__main__":  # pragma: no cover
    _print(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
