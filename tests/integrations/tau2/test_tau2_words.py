"""The tau2 rules that read the agent's words (SPEC §10), on phrasing corpora written from tau2's
policies (tests/phrasings/tau2_money.json, refusals.json, tau2_disclosures.json: at least 20
phrasings that agree and 20 near misses each, in prose, lists, tables, key=value and JSON), and
the formatting-invariance properties: currency spellings, number formats, casing and line breaks
do not change a verdict.

- money stated (``money_checks.MoneyChecker``, rules ``*.statements.money_supported``): the
  confirmation of a return of $54.04 + $100.00 refunded to the original credit card;
- a denial said (``refusals.denial``, rules ``*.refusal.said``);
- another user's data said (``disclosures.other_customers_data`` over ``user_records``, rules
  ``*.account.no_other_user_data_said``).
"""

from __future__ import annotations

import json
import time
from typing import List, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.episode import Event
from tau_shaped.env.trajectory import Step
from tau_shaped.env.types import Action
from tau_shaped.reward.reading.disclosures import other_customers_data
from tau_shaped.reward.reading.money_checks import MoneyChecker
from tau_shaped.reward.predicate_schema import MoneyStatedPredicate
from tau_shaped.reward.reading.refusals import denial, hedge
from tau_shaped.reward.reading.user_records import customers_of_users
from tests.conftest import TESTS  # noqa: E402

HERE = TESTS / "phrasings"
MONEY = json.loads((HERE / "tau2_money.json").read_text(encoding="utf-8"))
REFUSALS = json.loads((HERE / "refusals.json").read_text(encoding="utf-8"))
DISCLOSURES = json.loads((HERE / "tau2_disclosures.json").read_text(encoding="utf-8"))

RETAIL = MoneyStatedPredicate(money_stated=["amount", "refund_method", "refund_timing"],
                              immediate_sources=["gift_card"], refund_days=[5, 7])
ORDER = {"order_id": "#W1000001", "status": "delivered",
         "items": [{"item_id": "1", "name": "lamp", "price": 54.04}, {"item_id": "2", "name": "chair", "price": 100.0}],
         "payment_history": [{"transaction_type": "payment", "amount": 154.04, "payment_method_id": "credit_card_1111111"}]}


def _return_trajectory(text: str) -> List[Step]:
    """Look the order up, state ``text`` (the confirmation), return both items to the card."""
    look = Step(0, Action(name="get_order_details", kwargs={"order_id": "#W1000001"}), json.dumps(ORDER))
    say = Step(1, Action(name="respond", kwargs={"content": text}), "yes")
    write = Step(2, Action(name="return_delivered_order_items", kwargs={"order_id": "#W1000001"}), json.dumps(ORDER))
    write.events.append(Event("money_moved", 2, {"tool": "return_delivered_order_items", "order_id": "#W1000001",
                                                 "charged": 0.0, "refunded": 154.04, "refund_sources": ["credit_card"],
                                                 "refund_to_original": True}))
    return [look, say, write]


def money_verdict(text: str) -> Optional[bool]:
    """None: every money claim backed; True: a false one; False: undetermined."""
    steps = _return_trajectory(text)
    checker = MoneyChecker(RETAIL, steps, "I want to return everything in #W1000001.")
    checker.observe(steps[0].observation)
    found = checker.message(1, text)
    return None if found is None else found[0]


USERS = {"users": {
    "ava_stone_1": {"name": {"first_name": "Ava", "last_name": "Stone"}, "email": "ava.stone@example.com",
                    "address": {"address1": "12 Elm Street", "zip": "10001"}, "orders": ["#W1000001"],
                    "payment_methods": {"credit_card_1111111": {"source": "credit_card"}},
                    "saved_passengers": [{"first_name": "Liam", "last_name": "Ward"}]},
    "noah_brown_2": {"name": {"first_name": "Noah", "last_name": "Brown"}, "email": "noah.brown@example.com",
                     "address": {"address1": "986 Sunset Drive", "zip": "80279"}, "orders": ["#W2000002"],
                     "payment_methods": {"credit_card_2222222": {"source": "credit_card"}}},
}, "orders": {}}


def leaks(text: str, heard: str = "Hi, I am Ava Stone.") -> bool:
    return other_customers_data(text, customers_of_users(USERS), "ava_stone_1", heard) is not None


def test_each_corpus_has_twenty_agreeing_and_twenty_near_misses():
    assert len(MONEY["backed"]) >= 20 and len(MONEY["false"]) >= 20
    assert len(REFUSALS["denial"]) >= 20 and len(REFUSALS["no_denial"]) >= 20
    assert len(DISCLOSURES["leak"]) >= 20 and len(DISCLOSURES["no_leak"]) >= 20
    for corpus in (MONEY["backed"] + MONEY["false"], DISCLOSURES["leak"] + DISCLOSURES["no_leak"]):
        assert any(t.lstrip().startswith("{") for t in corpus) and any("\n- " in t or t.startswith("- ") for t in corpus)


@pytest.mark.parametrize("text", MONEY["backed"])
def test_money_stated_right_in_any_layout_is_backed(text):
    assert money_verdict(text) is None


@pytest.mark.parametrize("text", MONEY["false"])
def test_money_stated_wrong_is_false(text):
    assert money_verdict(text) is True


@pytest.mark.parametrize("text", REFUSALS["denial"])
def test_a_denial_in_any_wording_is_read(text):
    assert denial(text) is not None


@pytest.mark.parametrize("text", REFUSALS["no_denial"])
def test_a_near_miss_is_no_denial(text):
    assert denial(text) is None


@pytest.mark.parametrize("text", REFUSALS["hedge"])
def test_a_hedge_alone_is_neither(text):
    assert denial(text) is None and hedge(text) is not None


@pytest.mark.parametrize("text", DISCLOSURES["leak"])
def test_another_users_data_is_a_leak(text):
    assert leaks(text)


@pytest.mark.parametrize("text", DISCLOSURES["no_leak"])
def test_own_data_and_near_misses_are_no_leak(text):
    assert not leaks(text)


def test_an_id_the_user_said_first_is_no_leak():
    assert leaks("Order #W2000002 is delivered.")
    assert not leaks("Order #W2000002 is delivered.", heard="What about order #W2000002?")


# ---- formatting invariance -----------------------------------------------------------------------

CURRENCY = [lambda v: f"${v}", lambda v: f"{v} USD", lambda v: f"USD {v}", lambda v: f"{v} dollars",
            lambda v: f"$ {v}", lambda v: f"US$ {v}".replace("US$ ", "$")]
NUMBER = {154.04: ["154.04", "154.040"], 1154.04: ["1,154.04", "1154.04"], 100.0: ["100", "100.00", "100.0"]}
TEMPLATES = ["Refund: {a} to your original payment method.", "You'll get {a} back on your card.",
             "- Refund amount: {a}\n- Refund to: original payment method"]


def _format(text: str, casing: str, newline: bool) -> str:
    text = {"upper": text.upper(), "lower": text.lower(), "same": text}[casing]
    return text.replace(". ", ".\n") if newline else text


@settings(max_examples=120, deadline=None)
@given(template=st.sampled_from(TEMPLATES), spell=st.sampled_from(CURRENCY), value=st.sampled_from(sorted(NUMBER)),
       number=st.integers(min_value=0, max_value=2), casing=st.sampled_from(["upper", "lower", "same"]),
       newline=st.booleans())
def test_currency_spellings_number_formats_casing_and_breaks_keep_the_money_verdict(template, spell, value, number,
                                                                                     casing, newline):
    forms = NUMBER[value]
    text = _format(template.format(a=spell(forms[number % len(forms)])), casing, newline)
    expected = None if abs(value - 154.04) < 1e-9 else True  # only the refund the write makes is right
    assert money_verdict(text) is expected, text


@settings(max_examples=120, deadline=None)
@given(case=st.sampled_from([(t, None) for t in MONEY["backed"]] + [(t, True) for t in MONEY["false"]]),
       casing=st.sampled_from(["upper", "lower", "same"]), newline=st.booleans(), pad=st.sampled_from(["", "  ", "\n"]))
def test_casing_line_breaks_and_padding_keep_every_money_verdict(case, casing, newline, pad):
    text, expected = case
    assert money_verdict(pad + _format(text, casing, newline) + pad) is expected


@settings(max_examples=120, deadline=None)
@given(case=st.sampled_from([(t, True) for t in REFUSALS["denial"]] + [(t, False) for t in REFUSALS["no_denial"]]),
       casing=st.sampled_from(["upper", "lower", "same"]), newline=st.booleans())
def test_casing_and_line_breaks_keep_every_denial_verdict(case, casing, newline):
    text, expected = case
    assert (denial(_format(text, casing, newline)) is not None) is expected


@settings(max_examples=120, deadline=None)
@given(case=st.sampled_from([(t, True) for t in DISCLOSURES["leak"]] + [(t, False) for t in DISCLOSURES["no_leak"]]),
       casing=st.sampled_from(["upper", "lower", "same"]), newline=st.booleans())
def test_casing_and_line_breaks_keep_every_disclosure_verdict(case, casing, newline):
    text, expected = case
    # ids are written as the records spell them; casing applies to the words around them
    if any(k in text for k in ("#W", "credit_card_", "W2000002")):
        casing = "same"
    assert leaks(_format(text, casing, newline)) is expected


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_read_without_error(text):
    money_verdict(text)
    denial(text)
    hedge(text)
    leaks(text)


def test_long_hostile_messages_are_read_in_linear_time():
    for text in ("$1" * 20_000, "refund " * 10_000 + "$", "I " * 20_000, "Noah " * 20_000, "1," * 20_000):
        # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
        start = time.process_time()
        money_verdict(text)
        denial(text)
        leaks(text)
        assert time.process_time() - start < 3.0, text[:20]
