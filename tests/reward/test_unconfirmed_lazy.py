"""``checks/unconfirmed``'s write read lazily (``_Write``): a write's result, its cards (S0) and
the values a reply is compared with are read only when a message or a reply is read afresh, and
give what reading them at once gives; the cards a write pays with are kept per world and the
arguments ``call_cards`` reads (``_kept_cards``), and the memo's key of a write
(``_write_key``) tells apart every call whose result the observation gives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.checks.unconfirmed import Confirmation, _kept_cards, _why_not, _write_key, _Write
from tau_shaped.reward.reading.call_values import s0_ids
from tau_shaped.reward.reading.confirmations import call_cards, why_not
from tau_shaped.reward.reading.consent_questions import asks_consent
from tests.prop_strategies import prop_settings


class Text(str):
    """A subclass of str: read afresh, never kept by its value."""


def _card(pm, brand, last4, kind="card"):
    return {"id": pm, "type": kind, "brand": brand, "last4": last4}


def _world(n):
    brands = ["Visa", "Mastercard", "Amex"]
    return {
        "customers": {f"CU-{i}": {"customer_id": f"CU-{i}", "payment_methods": [
            _card(f"PM-{i}-card", brands[(i + n) % 3], f"{1000 + i + n}"), _card(f"PM-{i}-wallet", None, None, "wallet"),
            _card(f"PM-{i}-debit", brands[(i + n + 1) % 3], f"{2000 + i}", "debit_card")]} for i in range(3)},
        "orders": {f"FD-{i}": {"order_id": f"FD-{i}", "customer_id": f"CU-{(i + n) % 3}"} for i in range(4)},
    }


WORLDS = [_world(n) for n in range(3)]
ARG = st.one_of(st.none(), st.integers(0, 3), st.sampled_from(["FD-0", "FD-1", "FD-3", "FD-9", "PM-0-card", "PM-1-card",
                                                               "PM-2-debit", "PM-1-wallet", "original_payment", "x"]))
KWARGS = st.dictionaries(st.sampled_from(["method", "payment_method_id", "payment_id", "order_id", "reservation_id",
                                          "amount", "refund_method"]), ARG, max_size=4)


@prop_settings(600)
@given(st.integers(0, 2), KWARGS, st.booleans())
def test_the_cards_kept_are_the_cards_read(world, kwargs, subclass):
    initial = WORLDS[world]
    if subclass:
        kwargs = {k: Text(v) if isinstance(v, str) else v for k, v in kwargs.items()}
    for _ in range(2):  # the second read is the memo's
        assert _kept_cards(kwargs, initial) == call_cards(kwargs, initial)


def test_the_same_arguments_in_another_world_pay_with_that_worlds_cards():
    kwargs = {"order_id": "FD-1", "method": "original_payment"}
    got = [_kept_cards(kwargs, w) for w in WORLDS]
    assert got == [call_cards(kwargs, w) for w in WORLDS] and len(set(got)) == 3


RULE = Confirmation.model_validate({"tools": ["issue_refund"], "verbs": {"issue_refund": "money_to_customer"},
                                    "mention": {"amount": "number", "order_id": "id"}, "mention_result": {"refunded": "number"}})
TEXTS = st.sampled_from([
    "I'll refund $5.00 for order FD-1 to your Visa ending 1001. Shall I go ahead?",
    "I'll refund $5.00 for order FD-1 to your Mastercard. Is that OK?",
    "I'll refund $5.00 for order FD-1 to the card ending in 2001. OK to proceed?",
    "I'll refund $5.00 for order FD-1 to your card. Shall I?",
    "I'll refund $5.00 for order FD-1, the last four being 1003. Shall I?",
    "I'll refund $5.00 for order FD-1. Shall I go ahead?",
    "Your order FD-1 is on its way.",
])


@prop_settings(300)
@given(TEXTS, st.integers(0, 2), st.sampled_from(["PM-0-card", "PM-1-card", "PM-2-debit", "original_payment", "PM-1-wallet"]),
       st.sampled_from(['{"refunded": 5.0}', '{"refunded": 7.5}', '{"refunded": 0}', "not json", '{"refunded": [1, {"a": 2}]}']))
def test_a_write_read_lazily_and_kept_reads_as_at_once(text, world, method, observation):
    initial = WORLDS[world]
    kwargs = {"order_id": "FD-1", "amount": 5.0, "method": method}
    index = s0_ids(initial)
    write = _Write(kwargs, observation, RULE, initial, None)
    call = _write_key("issue_refund", kwargs, observation)
    result = write.result()
    fresh = why_not(text, "issue_refund", kwargs, RULE, result, None, index=index, observation=observation,
                    cards=call_cards(kwargs, initial))
    if fresh is None and not asks_consent(text):
        fresh = "it asks no consent (a question about something else)"
    for _ in range(2):  # the second read is the memo's
        lazy = _Write(kwargs, observation, RULE, initial, None)
        assert _why_not(text, call, "issue_refund", kwargs, RULE, lazy.result, None, index, observation, initial,
                        lazy.cards) == fresh


def test_the_write_key_stands_for_the_result_the_observation_gives():
    a, b = _write_key("t", {"x": 1}, '{"refunded": 5.0}'), _write_key("t", {"x": 1}, '{"refunded": 7.5}')
    assert a != b and a == _write_key("t", {"x": 1}, '{"refunded": 5.0}')
    assert _write_key("t", {"x": 1}, None) == _write_key("t", {"x": 1}, 3) and _write_key("t", {"x": (1,)}, "") is None
    assert _write_key("t", {"x": 1}, "") != _write_key("t", {"x": 1.0}, "")
