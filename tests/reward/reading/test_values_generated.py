"""Amounts as the customer reads them (SPEC §10 statements: "any spelling of the currency and
any number format"; "saying that something is not so does not assert it"; issue 41).

The cases are generated from the policy, not from the readers: amounts the food-delivery
policy and its tasks speak of (a $16.90 refund, a $0.66 fee difference, $500, the smallest and
largest sums a message could state) and seeded others, each written in every spelling a person
writes money in (digits, number words as text2num reads them, cents, currency words, codes and
symbols, fullwidth digits), in sentences that state it and in sentences that deny it. Every
reader of amounts reads the text the customer sees (``normalize.seen``) and shares one reader
(``reading.amounts``): ``stated_amounts`` (the amount rules), ``find_number`` (confirmations and
output checks) and ``money_claims`` (the money rules) must each read the amount stated and
assert no amount denied. End to end, a misstated amount in words breaks
fd.statements.amounts_supported, a right one does not, a confirmation in words confirms, and
money said to have moved is compared with what the writes moved.
"""

from __future__ import annotations

import random
from typing import Callable, Dict, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped import Action
from tau_shaped.env.episode import Event
from tau_shaped.env.trajectory import Step
from tau_shaped.reward.reading.money_checks import MoneyChecker
from tau_shaped.reward.reading.money_claims import money_claims
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.statements import stated_amounts
from tau_shaped.reward.reading.text_matching import find_number

# --- spellings ------------------------------------------------------------------------------

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _words(n: int) -> str:
    """``n`` (0 <= n < 1,000,000) in English words, as a person writes it."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _ONES[n % 10] if n % 10 else "")
    if n < 1000:
        return _ONES[n // 100] + " hundred" + (" " + _words(n % 100) if n % 100 else "")
    return _words(n // 1000) + " thousand" + (" " + _words(n % 1000) if n % 1000 else "")


def _unit(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _in_words(cents: int) -> str:
    dollars, rest = divmod(cents, 100)
    if not dollars:
        return f"{_words(rest)} {_unit(rest, 'cent', 'cents')}"
    said = f"{_words(dollars)} {_unit(dollars, 'dollar', 'dollars')}"
    return said + (f" and {_words(rest)} {_unit(rest, 'cent', 'cents')}" if rest else "")


def _dollars_and_cents(cents: int) -> str:
    dollars, rest = divmod(cents, 100)
    return f"{dollars} {_unit(dollars, 'dollar', 'dollars')}" + (f" and {rest} {_unit(rest, 'cent', 'cents')}" if rest else "")


def _plain(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


_FULLWIDTH = str.maketrans("0123456789$.,", "０１２３４５６７８９＄．，")

SPELLINGS: Dict[str, Callable[[int], str]] = {
    "dollar_sign": lambda c: "$" + f"{c / 100:,.2f}",
    "shortest": lambda c: "$" + f"{c / 100:.2f}".rstrip("0").rstrip("."),
    "spaced_sign": lambda c: "$ " + _plain(c),
    "us_dollar_sign": lambda c: "US$" + _plain(c),
    "code_before": lambda c: "USD " + _plain(c),
    "code_after": lambda c: _plain(c) + " USD",
    "dollars_word": lambda c: _plain(c) + " dollars",
    "us_dollars_word": lambda c: _plain(c) + " US dollars",
    "bucks": lambda c: _plain(c) + " bucks",
    "cents": lambda c: f"{c} {_unit(c, 'cent', 'cents')}",
    "dollars_and_cents": _dollars_and_cents,
    "sign_and_cents": lambda c: f"${c // 100} and {c % 100} cents" if c % 100 and c >= 100 else "$" + _plain(c),
    "in_words": _in_words,
    "in_words_upper": lambda c: _in_words(c).upper(),
    "fullwidth": lambda c: ("$" + f"{c / 100:,.2f}").translate(_FULLWIDTH),
    "no_break_space": lambda c: "$\u00a0" + _plain(c),
    "zero_width": lambda c: "$" + _plain(c)[:1] + "\u200b" + _plain(c)[1:],
}

STATING = [
    "I can refund {a} to your card for order FD-10045.",
    "Your total comes to {a}.",
    "You'll get {a} back on your original payment method.",
    "{a} will be credited to your wallet right away.",
    "- Order: FD-10045\n- Refund: {a}\n- Method: wallet credit",
    "The difference is {a}, and I can add it as wallet credit.",
]
DENYING = [
    "I can't give you {a}.",
    "It's not {a}.",
    "The refund is {other}, not {a}.",
    "You will not be charged {a}.",
    "I won't refund {a} for this order.",
]

# What the policy and its tasks speak of, the bounds of what a message states, and seeded others.
_POLICY_CENTS = [1690, 66, 50000, 2000, 1, 101, 100, 999999, 123456, 5404, 15404, 299, 1500]
AMOUNTS = _POLICY_CENTS + random.Random(41).sample(range(2, 999999), 27)


def _other(cents: int) -> str:
    return "$" + _plain(cents + 100 if cents < 999000 else cents - 100)


def read(text: str) -> Dict[str, object]:
    """What each reader of amounts takes ``text`` (as the customer sees it) to state."""
    view = seen(text)
    return {
        "stated": [round(a.value, 2) for a in stated_amounts(view)],
        "claimed": [c.value[1] for c in money_claims(view) if c.kind == "amount"],
        "view": view,
    }


def _case_verdict(cents: int, spelling: str, template: str, negated: bool) -> Optional[str]:
    """None when every reader agrees with the policy's reading of the case, else what differs."""
    value = cents / 100
    text = template.format(a=SPELLINGS[spelling](cents), other=_other(cents))
    got = read(text)
    view = str(got["view"])
    found = find_number(view, value, 0.005)
    if negated:
        if found is not None or any(abs(v - value) < 0.005 for v in got["claimed"]):  # type: ignore[union-attr]
            return f"denied but asserted: {text!r} -> {view!r}: {found!r}, {got['claimed']}"
        return None
    if value not in got["stated"] or value not in got["claimed"] or found is None:  # type: ignore[operator]
        return f"stated but not read: {text!r} -> {view!r}: {got}, find_number {found!r}"
    return None


CASES = [(c, s, t, False) for c in AMOUNTS for s in SPELLINGS for t in STATING] + \
        [(c, s, t, True) for c in AMOUNTS for s in SPELLINGS for t in DENYING]


def test_every_generated_case_is_read_as_the_policy_reads_it():
    """Every amount × spelling × sentence (stating and denying): agreement with the policy's
    reading is total (the count of cases and of disagreements is the figure reported)."""
    wrong = [why for case in CASES if (why := _case_verdict(*case)) is not None]
    assert len(CASES) >= 5000
    assert not wrong, f"{len(wrong)} of {len(CASES)} cases disagree; first: {wrong[:5]}"


@settings(max_examples=400, deadline=None)
@given(cents=st.integers(1, 999999), spelling=st.sampled_from(sorted(SPELLINGS)), template=st.sampled_from(STATING))
def test_any_amount_in_any_spelling_reads_back_the_same_value(cents, spelling, template):
    assert _case_verdict(cents, spelling, template, negated=False) is None


@settings(max_examples=400, deadline=None)
@given(cents=st.integers(1, 999999), spelling=st.sampled_from(sorted(SPELLINGS)), template=st.sampled_from(DENYING))
def test_a_negated_amount_never_asserts(cents, spelling, template):
    assert _case_verdict(cents, spelling, template, negated=True) is None


@pytest.mark.parametrize("text, amount", [
    ("I can't refund more than $20 for this order.", 20.0),     # a bound said, not a denial
    ("It can't exceed 16 dollars and 90 cents.", 16.9),
    ("No problem, $16.90 is on its way back to you.", 16.9),    # "no problem" negates nothing
])
def test_a_bound_or_a_set_phrase_still_states_the_amount(text, amount):
    assert find_number(seen(text), amount, 0.005) is not None


@pytest.mark.parametrize("text", ["order 10005 has 2 items", "it arrives in 15 minutes", "ticket FD-10030",
                                  "a 5% fee", "one refund for two items", "at 19:05"])
def test_numbers_that_are_not_money_are_no_amount(text):
    assert read(text)["stated"] == []


# --- money said to have moved (MoneyChecker: tau2's money rules) ------------------------------

def _after_write(text: str, charged: float = 0.0, refunded: float = 0.0) -> Optional[Tuple[bool, str]]:
    """Look an order up, write (moving ``charged``/``refunded``), then say ``text``."""
    look = Step(0, Action(name="get_order_details", kwargs={"order_id": "#W1"}), '{"order_id": "#W1", "total": 290.0}')
    write = Step(1, Action(name="modify_order", kwargs={"order_id": "#W1"}), '{"order_id": "#W1"}')
    write.events.append(Event("money_moved", 1, {"tool": "modify_order", "order_id": "#W1", "charged": charged,
                                                 "refunded": refunded, "refund_sources": ["credit_card"]}))
    say = Step(2, Action(name="respond", kwargs={"content": text}), "ok")
    checker = MoneyChecker(_RETAIL, [look, write, say], "Please upgrade #W1; I was told 190 and 20 dollars.")
    checker.observe(look.observation)
    return checker.message(2, seen(text))


def _retail():
    from tau_shaped.reward.checks.money_stated import MoneyStatedPredicate

    return MoneyStatedPredicate(money_stated=["amount"], values=[1.0, 20.0], immediate_sources=["gift_card"],
                                refund_days=[5, 7])


_RETAIL = _retail()


@pytest.mark.parametrize("text, charged, refunded, false", [
    ("I've charged you $190 for the upgrade.", 290.0, 0.0, True),     # the customer said 190: the write says 290
    ("Done: charged $1.", 290.0, 0.0, True),                           # a policy value: the write says 290
    ("I've charged you $290 for the upgrade.", 290.0, 0.0, False),
    ("I've charged you two hundred ninety dollars.", 290.0, 0.0, False),
    ("I've refunded twenty dollars to your card.", 0.0, 16.9, True),
    ("I've refunded sixteen dollars and ninety cents to your card.", 0.0, 16.9, False),
    ("I've charged you $16.90.", 0.0, 16.9, True),                     # the write refunded it
])
def test_money_said_to_have_moved_is_what_the_write_moved(text, charged, refunded, false):
    found = _after_write(text, charged, refunded)
    assert (found is not None and found[0]) is false, found
