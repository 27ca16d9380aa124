"""The confirmation reader's memo (``checks/unconfirmed._why_not``): a message and a call read once
per world and rule give what reading them afresh gives, and never another world's or another
rule's reading of the same words (the street a saved address holds is S0's, the verbs a rule
asks for are the rule's)."""

from __future__ import annotations

from tau_shaped.reward.checks.unconfirmed import Confirmation, _call_key, _why_not
from tau_shaped.reward.reading.call_values import s0_ids
from tau_shaped.reward.reading.confirmations import record_in_s0, why_not
from tau_shaped.reward.reading.consent_questions import asks_consent

RULE = Confirmation.model_validate({
    "tools": ["change_delivery_address"], "verbs": {"change_delivery_address": "address_change"},
    "mention": {"order_id": "id"}, "mention_address": {"address_id": "customers"},
})
OTHER_RULE = Confirmation.model_validate({
    "tools": ["change_delivery_address"], "verbs": {"change_delivery_address": "cancel"},
    "mention": {"order_id": "id"}, "mention_address": {"address_id": "customers"},
})
KWARGS = {"order_id": "FD-10045", "address_id": "addr_1"}
TEXT = "Shall I change the delivery address of order FD-10045 to 12 Oak Street? Please confirm."


def _world(street):
    return {"customers": {"c1": {"customer_id": "c1", "addresses": [{"address_id": "addr_1", "street": street}]}},
            "orders": {"FD-10045": {"order_id": "FD-10045", "customer_id": "c1"}}}


def _read(text, c, initial, kwargs=KWARGS):
    def records(arg, value):
        return record_in_s0(initial.get(c.mention_address[arg]), arg, value)

    call = _call_key("change_delivery_address", kwargs, None, "")
    return _why_not(text, call, "change_delivery_address", kwargs, c, None, records, s0_ids(initial), "", initial)


def _fresh(text, c, initial, kwargs=KWARGS):
    def records(arg, value):
        return record_in_s0(initial.get(c.mention_address[arg]), arg, value)

    missing = why_not(text, "change_delivery_address", kwargs, c, None, records, index=s0_ids(initial), observation="")
    return "it asks no consent (a question about something else)" if missing is None and not asks_consent(text) else missing


def test_the_same_words_are_read_against_each_world_and_rule():
    oak, elm = _world("12 Oak Street"), _world("99 Elm Street")
    for _ in range(2):  # the second round is read from the memo
        assert _read(TEXT, RULE, oak) is None
        assert _read(TEXT, RULE, elm) == _fresh(TEXT, RULE, elm) is not None and "street" in _read(TEXT, RULE, elm)
        assert _read(TEXT, OTHER_RULE, oak) == _fresh(TEXT, OTHER_RULE, oak) is not None


def test_the_memo_tells_calls_apart_by_every_argument_and_its_type():
    oak = _world("12 Oak Street")
    other_order = dict(KWARGS, order_id="FD-10046")
    as_number = dict(KWARGS, order_id=10045)
    for _ in range(2):
        assert _read(TEXT, RULE, oak) is None
        assert _read(TEXT, RULE, oak, other_order) == _fresh(TEXT, RULE, oak, other_order) is not None
        assert _read(TEXT, RULE, oak, as_number) == _fresh(TEXT, RULE, oak, as_number)


def test_a_call_with_values_json_cannot_hold_is_read_every_time():
    oak = _world("12 Oak Street")
    odd = dict(KWARGS, extra=("a", "b"))  # a tuple: no memo key
    assert _read(TEXT, RULE, oak, odd) == _fresh(TEXT, RULE, oak, odd)
    assert _read(TEXT + " ", RULE, oak, odd) == _fresh(TEXT + " ", RULE, oak, odd)


def test_a_calls_own_ids_are_kept_per_world():
    """``call_values._own`` (the ids a call touches, kept per call and world): the same call in two
    worlds whose order holds other items touches each world's items."""
    from tau_shaped.reward.reading.call_values import _own

    kwargs = {"order_id": "FD-1"}
    worlds = [{"orders": {"FD-1": {"order_id": "FD-1", "items": [{"item_id": f"I-{n}"}]}}} for n in (1, 2)]
    # the worlds' indexes held here: s0_ids keeps a few worlds' at a time (a full cache starts
    # again), so the test reads _own's memo, not how many worlds other tests left in s0_ids's
    indexes = [s0_ids(w) for w in worlds]
    for _ in range(2):  # the second round is read from the memo
        first, second = (_own(kwargs, "", index) for index in indexes)
        assert "I1" in first.wide()[0] and "I2" not in first.wide()[0]
        assert "I2" in second.wide()[0] and "I1" not in second.wide()[0]
        assert _own(kwargs, "", indexes[0]) is first


def test_a_reply_is_classed_once_per_call_and_world_as_read_afresh():
    """``_answer``'s memo (reply, question, call; rule and S0 its owners): the same words answer
    calls that act with other values, and worlds whose saved street differs, each as
    ``reply_class`` reads them afresh."""
    from types import SimpleNamespace

    from tau_shaped.reward.checks.unconfirmed import _answer, _described
    from tau_shaped.reward.reply_matchers import reply_class

    rule = Confirmation.model_validate({"tools": ["refund"], "mention": {"amount": "number"},
                                        "mention_address": {"address_id": "customers"}})
    question = "Shall I refund $5.00 for order FD-10045 to your card? Please confirm."
    step = SimpleNamespace(index=3, user_reply="Yes, to my card, and ship it to 12 Oak Street")
    calls = [{"order_id": "FD-10045", "amount": 5.0, "method": m, "address_id": "addr_1"} for m in ("card", "wallet")]
    worlds = [_world("12 Oak Street"), _world("99 Elm Street")]
    seen_classes = set()
    for _ in range(2):  # the second round is read from the memo
        for initial in worlds:
            for kwargs in calls:
                def records(arg, value, initial=initial):
                    return record_in_s0(initial.get(rule.mention_address[arg]), arg, value)

                values = _described(kwargs, None, records, rule)
                fresh = reply_class(step.user_reply, rule, question=question, described=values)
                call = _call_key("refund", kwargs, None, "")
                got = _answer(step, question, lambda: values, rule, frozenset(), frozenset(), call, initial)
                assert got == (fresh, step.user_reply)
                seen_classes.add(fresh)
    assert seen_classes >= {"yes", "change"}  # the memo had different answers to keep apart


def test_a_texts_values_are_read_once_as_afresh():
    from tau_shaped.reward.reading import reply_values

    text = "Not to my card: refund $12.50 to the wallet for order #W1242543 at 12 Elm Street, ordered by mistake"
    fresh = list(reply_values._read_values(text))
    assert {v.kind for v in fresh} >= {"method", "amount", "street", "reason"}
    assert list(reply_values.values_in(text)) == fresh == list(reply_values.values_in(text))
    assert any(v.negated for v in fresh) and not all(v.negated for v in fresh)


def test_a_results_id_s0_does_not_hold_is_read_without_the_calls_ids():
    """``call_values._another_result`` reads the call's ids (``_Own.wide``) only for an id of its
    result that S0 holds: another order stated beside a new order id is still found, and a new
    ledger entry's id (no kind in S0) finds nothing, as with every id read."""
    from tau_shaped.reward.reading.call_values import _another, _own, _reads_own, contradicted

    world = {"orders": {f"FD-{n}": {"order_id": f"FD-{n}", "customer_id": "c1"} for n in (10045, 10046, 10047)},
             "customers": {"c1": {"customer_id": "c1"}}}
    index = s0_ids(world)
    kwargs = {"order_id": "FD-10045"}
    made = '{"new_order_id": "FD-10047", "entry_id": "LE-FD-10045-1"}'
    assert _reads_own("FD-10047", index) and not _reads_own("LE-FD-10045-1", index)
    assert not _reads_own("2024-05-05", index) and not _reads_own("FD-10047", None)
    own = _own(kwargs, made, index)
    wide, names = own.wide()
    for text in ("Shall I replace order FD-10045 with FD-10046? It gets entry LE-FD-10045-2.",
                 "Shall I replace order FD-10045 with a new order? Entry LE-FD-10045-1 records it."):
        for value in ("LE-FD-10045-1", "2024-05-05", "Suite 4"):
            assert _another(text, value, index, frozenset(), made, frozenset()) == _another(
                text, value, index, wide, made + " " + " ".join(names), frozenset())
    assert contradicted("Shall I replace order FD-10045? The new order will be FD-10046.", kwargs, index, made) == "new_order_id: FD10046"
    assert contradicted("Shall I replace order FD-10045? The new order will be FD-10047.", kwargs, index, made) is None


def test_described_values_are_read_once_as_afresh():
    """``reply_values.Described``'s comparable values, kept per fields of ``Described.of``'s types
    (equal values that read apart, 10000 and 10000.0 as ids, are read each time)."""
    from tau_shaped.reward.reading.reply_values import Described, _read_keys

    cases = [Described.of({"order_id": "FD-10001", "method": "credit_card_7815", "amount": 15, "reason": "sorry",
                           "street": "12 Elm Street", "item_ids": ["I-12345", "ZFA04Y"]}),
             Described(method="wallet", amount=0.0), Described(method="wallet", amount=-0.0),
             Described(ids=(10000,)), Described(ids=(10000.0,)), Described(street=("12", "elm st"), amount=True)]
    for _ in range(2):  # the second round is read from the memo
        for d in cases:
            assert d._keys == _read_keys(d.method, d.amount, d.street, d.ids, d.reason)
    assert Described(ids=(10000,)).key("id:5") == frozenset({"10000"}) and Described(ids=(10000.0,)).key("id:5") is None
    assert str(Described(amount=-0.0).key("amount")) == "-0.0" and str(Described(amount=0.0).key("amount")) == "0.0"
