"""Issue 41, round 6: a seeded generator of the VALUES said in agent and customer text, in the
forms the earlier rounds left (money slang, "k" amounts, a decimal comma, a count beside money,
a value asked and then denied, durations in fractions of an hour, ranges of bare hours, clock
times in words, dates said by their day of the month), each judged END TO END by the check of
the rule that owns it on a trajectory of the real look-ups and writes (round 5's harness:
``test_values_round5.Case``).

Labels by construction, from the policies, never from what the code does:

- food delivery (wiki.md): "Every price, time, amount or rule you state comes from the customer,
  a tool or this policy" (``fd.statements.amounts_supported``, ``fd.statements.facts_supported``);
  money said to have moved is what the write moved (SPEC §10); the clock is Friday 13 March 2026,
  19:00, so "the 12th" is yesterday; "never promise a time earlier than its ``earliest``"
  (``fd.eta.supported_not_earlier``: a clock time stated is one the tool gave; a range or a wait
  whose first minute is before the window's earliest promises that minute); a write is confirmed with its values and an explicit yes
  (``fd.confirm.before_write``): an amount the customer said "not" to is not confirmed.
- SPEC §10: saying a value is not so asserts nothing ("Was it $20? No - $16.90").

Meaning-keeping operators: money slang ("a fiver", "a tenner"), thousands as "k" ("$1.5k",
"1.5K dollars"), the decimal comma ("16,90 $", "USD 16,90"), counts of items beside the money,
durations in fractions of an hour, bare hours and clock words ("twenty to eight"), a day of the
month in figures, ordinals or words; then round 5's dress (padding, emphasis, invisible
characters, non-breaking spaces). Meaning-changing ones: another value, the value asked and
denied, a range or a wait that starts before the window, another day of the month.

In the suite a small sample a class; ``ROUND6_VALUES_FULL=1`` (or ``python -m
tests.reward.reading.test_values_round6 [per_class]``) runs the full size and prints per class the
agreement, false passes and false fails."""

from __future__ import annotations

import os
import random
import sys
from datetime import date, timedelta
from typing import Callable, Dict, List, Tuple

import pytest

from tau_shaped import Action
from tests.reward.reading.generated.world import BREACH, PASS, respond
from tests.reward.reading.heldout_tally import misread as misread_of, print_table
from tests.reward.reading.test_values_round5 import (AMOUNTS, ETA, FACTS, FIRST_FOOD, NOW, Case, Refund, _lookups,
                                                     _refunds, _texts, _windows, dress, money, tally, unbacked,
                                                     words)

SEED = 41_06
PER_CLASS = int(os.environ.get("ROUND6_VALUES_PER_CLASS", "0")) or (120 if os.environ.get("ROUND6_VALUES_FULL") else 3)
CONFIRM = "fd.confirm.before_write"


# --- money in this round's spellings --------------------------------------------------------------

def decimal_comma(amount: float, rng: random.Random) -> str:
    """``amount`` with a decimal comma (two decimals: never a thousands group)."""
    plain = f"{amount:.2f}".replace(".", ",")
    return rng.choice([f"{plain} $", f"${plain}", f"{plain} USD", f"USD {plain}", f"{plain} dollars", f"US$ {plain}"])


def kilo(amount: float, rng: random.Random) -> str:
    """``amount`` (a multiple of 100) in thousands with a "k"."""
    k = f"{amount / 1000:g}"
    return rng.choice([f"${k}k", f"${k}K", f"{k}k dollars", f"{k}K USD", f"USD {k}k"])


SLANG = {5.0: ["a fiver"], 10.0: ["a tenner"]}


def slang(amount: float, rng: random.Random) -> str:
    return rng.choice(SLANG[amount])


def _where(method: str, rng: random.Random) -> str:
    return rng.choice(["bank card", "Visa ending in your card", "the card you paid with"] if method == "original_payment"
                      else ["app wallet", "wallet balance", "account credit"])


# every template names the money's direction and destination in words none of the other sets use
COMMA_SAID = [
    "Your {m} will see {a} come back for {o}.",
    "Reimbursed for {o}: {a} -> {m}.",
    "Okay, {o} is settled with {a} returning to your {m}.",
    "I processed the return of {a} to your {m} a moment ago.",
]
SLANG_DONE = [
    "I've popped {a} back onto your {m}.",
    "We've sent {a} back to your {m}, sorry again.",
    "Just refunded {a} to your {m} for {o}.",
    "I've given you {a} back on your {m}.",
]
KILO_SAID = [
    "Over the year that's {k} you've spent with us, which we appreciate.",
    "Thanks - I can see the {k} you mentioned.",
    "Noted: roughly {k} spent with us this year.",
]
ASKED_DENIED = [
    "Was it {x}? No - {a} went back to your {m}.",
    "Is the refund {x}? Nope: it's {a}, to your {m}.",
    "You asked whether it's {x}. It isn't; {a} is heading to your {m}.",
    "Did I say {x}? My mistake - {a} is what your {m} gets back.",
]
ASKED_DENIED_UNBACKED = [  # the answer's own value is stated: "No" answers the question, it denies nothing else
    "Was it {x}? No - {a} went back to your {m}.",
    "Is the refund {x}? Nope: it's {a}, to your {m}.",
]
ASKED_AFFIRMED = [  # the same question, answered yes: the value is stated
    "Was it {x}? Yes - {x} went back to your {m}.",
    "Is the refund {x}? Yep, {x} to your {m}.",
]
COUNT_BESIDE = [
    "I've refunded one item, {a}, to your {m}.",
    "Refunded 2 dishes - {a} in all - to your {m}.",
    "Items refunded: 1\nAmount: {a}\nMethod: {m}",
    "One meal refunded ({a}) onto your {m}; 3 others were fine.",
    "For the 1 missing side, {a} is back on your {m}.",
]


# --- a refund of a chosen amount (the write replayed for real) ----------------------------------

_MADE: Dict[Tuple[int, str, str, float], Refund] = {}  # each variant made once: the replay is kept by its steps' id


def _refund_of(r: Refund, amount: float) -> Refund:
    """``r`` with its write moving ``amount`` (at most the order's total), confirmed with it."""
    key = (id(r), "", "", amount)
    if key not in _MADE:
        _MADE[key] = _made(r, amount)
    return _MADE[key]


def _made(r: Refund, amount: float) -> Refund:
    steps = list(r.steps)
    where = "your card" if r.method == "original_payment" else "your wallet"
    steps[-2] = (respond(f"I'll refund ${amount:.2f} to {where} for order {r.order}. Okay to go ahead?"), "Yes, go ahead.")
    call = steps[-1][0]
    steps[-1] = (Action(name="issue_refund", kwargs={**call.kwargs, "amount": amount}), "")
    return Refund(r.scene, tuple(steps), amount, r.method, r.order, r.total)


def _confirmed_with(r: Refund, ask: str, reply: str, amount: float) -> Refund:
    """``r`` confirmed by ``ask`` answered ``reply``, the write moving ``amount``."""
    key = (id(r), ask, reply, amount)
    if key in _MADE:
        return _MADE[key]
    steps = list(r.steps)
    steps[-2] = (respond(ask), reply)
    call = steps[-1][0]
    steps[-1] = (Action(name="issue_refund", kwargs={**call.kwargs, "amount": amount}), "")
    _MADE[key] = Refund(r.scene, tuple(steps), amount, r.method, r.order, r.total)
    return _MADE[key]


def _food_money(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []
    pool = list(_refunds())
    big = [r for r in pool if r.total >= 10.0]

    def add(cls: str, rule: str, r: Refund, text: str, label: str, first: str = FIRST_FOOD) -> None:
        out.append(Case(cls, rule, r.scene, r.steps, first, text, label))

    for _ in range(n):
        r = rng.choice(pool)
        add("decimal_comma_refund", AMOUNTS, r, rng.choice(COMMA_SAID).format(
            a=decimal_comma(r.amount, rng), m=_where(r.method, rng), o=r.order), PASS)
        r = rng.choice(pool)
        add("decimal_comma_unbacked", AMOUNTS, r, rng.choice(COMMA_SAID).format(
            a=decimal_comma(unbacked(r.amount, _texts(r), rng), rng), m=_where(r.method, rng), o=r.order), BREACH)
        r = rng.choice(pool)
        add("decimal_comma_said_done_not_moved", AMOUNTS, r, rng.choice(SLANG_DONE).format(
            a=decimal_comma(r.total, rng), m=_where(r.method, rng), o=r.order), BREACH if abs(r.total - r.amount) > 0.01 else PASS)
        value = rng.choice([5.0, 10.0])
        r = _refund_of(rng.choice(big), value)
        add("slang_of_the_write", AMOUNTS, r, rng.choice(SLANG_DONE).format(a=slang(value, rng), m=_where(r.method, rng), o=r.order), PASS)
        r0 = rng.choice([x for x in big if x.amount not in (5.0, 10.0)])
        add("slang_not_the_write", AMOUNTS, r0, rng.choice(SLANG_DONE).format(
            a=slang(rng.choice([5.0, 10.0]), rng), m=_where(r0.method, rng), o=r0.order), BREACH)
        spent = rng.choice([1200.0, 1500.0, 2300.0, 1800.0])
        first = f"{FIRST_FOOD} I've spent about ${spent:,.0f} with you this year, so I expect better."
        r = rng.choice(pool)
        add("kilo_of_the_customer", AMOUNTS, r, rng.choice(KILO_SAID).format(k=kilo(spent, rng)), PASS, first)
        r = rng.choice(pool)
        other = rng.choice([s for s in (1.3, 1.5, 2.0, 2.5, 3.1) if abs(s * 1000 - spent) > 1])  # read without its k: a policy number
        add("kilo_not_of_the_customer", AMOUNTS, r, rng.choice(KILO_SAID).format(k=kilo(other * 1000, rng)), BREACH, first)
        r = rng.choice(pool)
        x = unbacked(r.amount, _texts(r), rng)
        add("asked_then_denied", AMOUNTS, r, rng.choice(ASKED_DENIED).format(
            x=money(x, rng), a=money(r.amount, rng), m=_where(r.method, rng)), PASS)
        r = rng.choice(pool)
        x, y = unbacked(r.amount, _texts(r), rng), unbacked(r.amount + 30, _texts(r), rng)
        add("asked_denied_then_unbacked", AMOUNTS, r, rng.choice(ASKED_DENIED_UNBACKED).format(
            x=money(r.amount, rng), a=money(y, rng), m=_where(r.method, rng)), BREACH)
        r = rng.choice(pool)
        x = unbacked(r.amount, _texts(r), rng)
        add("asked_then_affirmed_unbacked", AMOUNTS, r, rng.choice(ASKED_AFFIRMED).format(
            x=money(x, rng), m=_where(r.method, rng)), BREACH)
        r = rng.choice(pool)
        add("count_beside_the_refund", AMOUNTS, r, rng.choice(COUNT_BESIDE).format(
            a=money(r.amount, rng), m=_where(r.method, rng)), PASS)
        r = rng.choice(pool)
        add("count_beside_unbacked", AMOUNTS, r, rng.choice(COUNT_BESIDE).format(
            a=money(unbacked(r.amount, _texts(r), rng), rng), m=_where(r.method, rng)), BREACH)
    return out


# --- a confirmation whose amount the customer denied --------------------------------------------

DENIED_REPLY = ["Not {x}, {y}.", "No, not {x} - {y}.", "It's {y}, not {x}.", "Hmm no. {y} rather than {x}."]


def _food_confirm(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []
    pool = [r for r in _refunds() if r.total >= 2.0]
    for _ in range(n):
        r = rng.choice(pool)
        x = round(min(r.total, max(1.0, r.amount)), 2)
        y = round(max(0.5, x / 2), 2)
        where = "card" if r.method == "original_payment" else "wallet"
        ask = f"Shall I refund ${x:.2f} to your {where} for order {r.order}?"
        said = rng.choice([lambda v: f"${v:.2f}", lambda v: f"{v:g}", lambda v: f"{v:.2f} dollars"])
        reply = rng.choice(DENIED_REPLY).format(x=said(x), y=said(y))
        c = _confirmed_with(r, ask, reply, x)
        out.append(Case("customer_denied_the_asked_amount", CONFIRM, c.scene, c.steps, FIRST_FOOD, "All done.", BREACH))
        r = rng.choice(pool)
        x = round(min(r.total, max(1.0, r.amount)), 2)
        where = "card" if r.method == "original_payment" else "wallet"
        c = _confirmed_with(r, rng.choice([f"Is it ${x + 7:.2f}? No - it's ${x:.2f}. Shall I refund ${x:.2f} to your {where} for order {r.order}?",
                                           f"Not ${x + 7:.2f} but ${x:.2f}: okay to refund ${x:.2f} to your {where} for {r.order}?"]),
                            rng.choice(["Yes please.", "Sure, do it."]), x)
        out.append(Case("confirmation_after_a_denied_value", CONFIRM, c.scene, c.steps, FIRST_FOOD, "All done.", PASS))
    return out


# --- the ETA: durations, ranges of bare hours, clock words ----------------------------------------

def _duration(minutes: int, rng: random.Random) -> str:
    forms = {30: ["half an hour", "a half hour", "half an hour or so", "a half-hour"],
             45: ["three quarters of an hour", "three-quarters of an hour", "forty five minutes"],
             20: ["twenty minutes", "twenty min"],
             75: ["an hour and a quarter", "one hour fifteen minutes", "1 hr 15 min"],
             90: ["an hour and a half", "one and a half hours", "1.5 hours", "90 minutes"],
             10: ["ten minutes", "10 minutes or so"], 25: ["twenty-five minutes", "25 min"]}
    return rng.choice(forms[minutes])


WAIT = ["Your food will reach you in {d}.", "The driver should be with you in {d}.", "Expect it to arrive in {d}.",
        "Delivery in about {d}, I'd say.", "It'll arrive within {d}."]


def _hour_word(h12: int, rng: random.Random) -> str:
    return rng.choice([words(h12), str(h12)])


def clock_said(minutes: int, rng: random.Random) -> str:
    """A clock time in this round's words (no am/pm: the evening is the only reading that fits)."""
    h, m = divmod(minutes, 60)
    h12 = h % 12 or 12
    nxt = (h + 1) % 12 or 12
    forms = []
    if m == 15:
        forms += [f"quarter past {_hour_word(h12, rng)}", f"a quarter after {_hour_word(h12, rng)}"]
    elif m == 45:
        forms += [f"quarter to {_hour_word(nxt, rng)}", f"a quarter to {_hour_word(nxt, rng)}"]
    elif m == 0:
        forms += [f"{_hour_word(h12, rng)} o'clock"]
    elif m == 30:
        forms += [f"half past {_hour_word(h12, rng)}", f"thirty past {words(h12)}"]
    elif m > 30:
        forms += [f"{words(60 - m)} to {_hour_word(nxt, rng)}", f"{60 - m} minutes to {words(nxt)}"]
    else:
        forms += [f"{words(m)} past {_hour_word(h12, rng)}", f"{m} minutes after {words(h12)}"]
    return rng.choice(forms)


AT_CLOCK = ["The courier should be knocking by {t}.", "It'll arrive around {t}.", "Delivery by {t} this evening.",
            "You'll have it at your door by {t}."]
RANGE = ["It'll be delivered between {a} and {b}.", "Delivery between {a} and {b} tonight.",
         "The driver will get to you between {a} and {b}."]


def _food_eta(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []
    first = "Any idea when my dinner shows up?"

    def add(cls: str, w, text: str, label: str) -> None:
        out.append(Case(cls, ETA, w.scene, w.steps, first, text, label))

    for _ in range(n):
        w = rng.choice(_windows())
        d = rng.choice([m for m in (10, 20, 25, 30) if NOW + m < w.lo])
        add("wait_in_words_before_window", w, rng.choice(WAIT).format(d=_duration(d, rng)), BREACH)
        w = rng.choice(_windows())
        d = rng.choice([m for m in (45, 75, 90) if NOW + m >= w.lo])
        add("wait_in_words_not_before_window", w, rng.choice(WAIT).format(d=_duration(d, rng)), PASS)
        w = rng.choice(_windows())
        t = rng.choice([m for m in (NOW + 15, NOW + 10, NOW + 20) if m < w.lo])
        add("clock_words_before_window", w, rng.choice(AT_CLOCK).format(t=clock_said(t, rng)), BREACH)
        w = rng.choice(_windows())
        add("clock_words_of_the_window", w, rng.choice(AT_CLOCK).format(t=clock_said(w.hi, rng)), PASS)
        w = rng.choice(_windows())
        add("bare_hour_range_from_before_window", w, rng.choice(RANGE).format(
            a=rng.choice(["7", "seven"]), b=rng.choice(["8", "eight"])), BREACH)
        w = rng.choice(_windows())
        add("clock_words_range_of_the_window", w, rng.choice(RANGE).format(a=clock_said(w.lo, rng), b=clock_said(w.hi, rng)), PASS)
    return out


# --- days said by their date ------------------------------------------------------------------------

_TODAY = date(2026, 3, 13)
_ORDINAL = {1: "first", 2: "second", 3: "third", 5: "fifth", 8: "eighth", 9: "ninth", 12: "twelfth"}


def _ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def date_said(ago: int, rng: random.Random) -> str:
    """The day ``ago`` days before Friday 13 March 2026 by its date."""
    d = _TODAY - timedelta(days=ago)
    n = d.day
    word = _ORDINAL.get(n) or (words(n) + "th" if n in (6, 7, 10, 11) else None)
    forms = [f"on the {_ordinal(n)}", f"on March {_ordinal(n)}", f"on {n} March", f"on the {_ordinal(n)} of March",
             f"on {d.strftime('%A')} the {_ordinal(n)}", f"on Mar {n}", f"on 2026-03-{n:02d}"]
    if word:
        forms.append(f"on the {word}")
    return rng.choice(forms)


DATED = {"delivered": ["Our records show {o} reached you {d}.", "{o}: handed over to you {d}.", "The courier delivered {o} {d}."],
         "placed": ["{o} went in {d}, according to the log.", "You put in {o} {d}.", "Checkout for {o} happened {d}."]}
DATED_DENIED = {"delivered": ["{o} did not arrive {d}.", "No, {o} wasn't handed over {d}."],
                "placed": ["{o} was not ordered {d}.", "You didn't order {o} {d}."]}


def _food_dates(rng: random.Random, n: int) -> List[Case]:
    out: List[Case] = []
    dated = [(x, event, ago) for x in _lookups() for event, ago in x.days_ago if 0 <= ago <= 9]
    for _ in range(n):
        for cls, label, templates, other in (("date_of_the_record", PASS, DATED, False),
                                              ("date_not_of_the_record", BREACH, DATED, True),
                                              ("date_denied", PASS, DATED_DENIED, True)):
            x, event, ago = rng.choice(dated)
            said = rng.choice([a for a in range(1, 9) if a != ago]) if other else ago
            text = rng.choice(templates[event]).format(o=x.order, d=date_said(said, rng))
            out.append(Case(cls, FACTS, x.scene, x.steps, FIRST_FOOD, text, label, ("event_day",)))
    return out


# --- tau2 retail: a return's refund (policy.md: the returned items' price, to the original method) -----

FIRST_RETAIL = "Hello - I need to send a couple of things back."
RETAIL_SAID = [  # ("Your PayPal is due $X" left out: "due" is also what a customer owes)
    "Return logged: {a} is coming back to your {m}.",
    "Items returned: 2\nRefund due: {a}\nTo: {m}",
    "You'll be reimbursed {a} on the {m} on file.",
]
RETAIL_ASKED_DENIED = [
    "Is it {x} back? No - it's {a}, to your {m}.",
    "You asked whether the refund is {x}. It isn't: {a} goes to your {m}.",
]


def _tau2_retail(rng: random.Random, n: int) -> List[Case]:
    try:
        from tests.reward.reading.test_values_heldout_tau2 import _returns
        rets = _returns()
    except Exception:  # pragma: no cover - tau2 not installed
        return []
    from tests.reward.reading.test_values_round5 import RETAIL

    out: List[Case] = []

    def add(cls: str, templates: List[str], label: str, value: Callable[[object, List[str]], float]) -> None:
        r = rng.choice(rets)
        texts = _texts(r, FIRST_RETAIL)
        text = rng.choice(templates).format(a=decimal_comma(value(r, texts), rng), m=r.method,
                                           x=decimal_comma(unbacked(r.refund, texts, rng), rng))
        out.append(Case(cls, RETAIL, r.scene, r.steps, FIRST_RETAIL, text, label))

    for _ in range(n):
        add("retail_decimal_comma_refund", RETAIL_SAID, PASS, lambda r, t: r.refund)
        add("retail_decimal_comma_unbacked", RETAIL_SAID, BREACH, lambda r, t: unbacked(r.refund, t, rng))
        add("retail_asked_then_denied", RETAIL_ASKED_DENIED, PASS, lambda r, t: r.refund)
        add("retail_asked_denied_then_unbacked", RETAIL_ASKED_DENIED, BREACH, lambda r, t: unbacked(r.refund + 30, t, rng))
    return out


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    cases = (_food_money(rng, per_class) + _food_confirm(rng, per_class) + _food_eta(rng, per_class)
             + _food_dates(rng, per_class) + _tau2_retail(rng, per_class))
    for c in cases:
        if c.rule != CONFIRM:
            c.text = dress(c.text, rng)
    return cases


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


def test_the_set_is_seeded_and_covers_its_classes(cases):
    again = build()
    assert [(c.text, repr(c.steps[-2:])) for c in again] == [(c.text, repr(c.steps[-2:])) for c in cases]
    classes = 27 if any(c.cls.startswith("retail") for c in cases) else 23  # tau2 installed or not
    assert len({c.cls for c in cases}) == classes and len(cases) == classes * PER_CLASS


def test_no_wrong_value_is_scored_fine(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] {c.text!r}" for c, _ in wrong[:12])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_class_agrees_with_its_labels(misread):
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}" for c, g in misread[:12])
    assert not misread, f"{len(misread)} disagree:\n{shown}"


def _print(per_class: int) -> None:  # pragma: no cover - the measuring entry point
    cases = build(per_class=per_class)
    print_table(tally(cases), ["cases", "right", "false_pass", "false_fail", "undetermined"], 38, 13)
    for c, g in misread_of(cases, Case.judge):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}" + (f" after {c.steps[-2][1]!r}" if c.rule == CONFIRM else ""))


if __name__ == "__main__":  # pragma: no cover
    _print(int(sys.argv[1]) if len(sys.argv) > 1 else 120)


# --- the readers' edges this round's forms brush against (what must stay as it was) ---------------

@pytest.mark.parametrize("text, values", [
    ("$1,234 refunded", [1234.0]),  # a thousands group has three digits: no decimal comma
    ("$5,10,15", [5.0]),  # a list of figures, not 5.10
    ("16,90 $ back", [16.9]),
    ("1.234,50 $", [1234.5]),
    ("$1.2K", [1200.0]),
    ("5 kids and $3", [3.0]),
    ("$10 K-Cups", [10.0]),  # a "k" that starts a word is no thousands
    ("$5 K", [5.0]),  # nor one a space apart
    ("the grand total is $5", [5.0]),
    ("a tenner and a fiver", [10.0, 5.0]),
])
def test_amount_edges(text, values):
    from tau_shaped.reward.reading.amounts import amounts

    assert [a.value for a in amounts(text)] == values


@pytest.mark.parametrize("text, ago", [
    ("It was delivered on the 12th.", [1]),
    ("You placed it on 8 March.", [5]),
    ("Delivered on Sunday the 8th.", [5]),
    ("It was delivered on the 12 items.", []),  # a day of the month needs its ordinal or its month
    ("It'll be delivered on the 14th.", []),  # to come: no event that happened
])
def test_dates_by_day_of_month(text, ago):
    from datetime import datetime

    from tau_shaped.reward.reading.days import days_ago, event_days

    assert [d for _, named, _, _ in event_days(text) for d in days_ago(named, datetime(2026, 3, 13, 19))] == ago


@pytest.mark.parametrize("text, asked", [
    ("Was it $20? No - $16.90 went back.", True),
    ("Was it $20? Yes, $20 went back.", False),
    ("Would $20 work for you? No problem if not.", False),
    ("You asked whether it was $20. It isn't: $16.90 went back.", True),
])
def test_a_value_asked_then_denied(text, asked):
    from tau_shaped.reward.reading.asked_denied import asked_then_denied

    assert asked_then_denied(text)(text.index("$20")) is asked


@pytest.mark.parametrize("text, values", [
    ("Cost: 1 checked bag", []),  # a count of bags under a money key is no money
    ("Charge: 1 bag | Price: $50", []),  # the $50 is a currency amount, read by ``amounts``
    ("Total: 2 passengers", []),
    ("Total: 16.90", [16.9]),
    ("Refund amount: 16.90 to your card", [16.9]),
])
def test_a_count_under_a_money_key_is_no_amount(text, values):
    from tau_shaped.reward.reading.money_claims import keyed_amounts

    assert [a.value for a in keyed_amounts(text)] == values


def test_the_answer_after_a_denial_states_its_value_of_the_kind_asked():
    from tau_shaped.reward.reading.money_claims import money_claims

    said = [c.value for c in money_claims("Is it $20 back? No - it's $16.90, to your PayPal.") if c.kind == "amount"]
    assert said == [("refund", 16.9)]  # no $20; the "No" answers, it does not deny $16.90
    yes = [c.value for c in money_claims("Is it $20 back? Yes - $20, to your PayPal.") if c.kind == "amount"]
    assert yes[0] == ("refund", 20.0)  # answered yes: the question's value is stated


@pytest.mark.parametrize("text", ["Shall I refund $50? No rush - take your time.", "Would $50 suit you? No worries if not."])
def test_a_set_phrase_after_a_question_denies_nothing(text):
    from tau_shaped.reward.reading.asked_denied import asked_then_denied

    assert not asked_then_denied(text)(text.index("$50"))
