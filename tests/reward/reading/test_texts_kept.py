"""A short text's claims, amounts and times are read once and kept (a task's rollouts repeat
their messages and the customer's words): what is returned is what reading gives, for that text
and no other, a new list each time; long texts are read every time, and the kept texts are
bounded (SPEC §10 statements)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import amounts, fact_claims, statements
from tau_shaped.reward.reading.text_matching import _KEPT_TEXT
from tests.prop_strategies import prop_settings

PIECES = st.sampled_from(["FD-10502 is delivered", "it arrived 20 min late", "$4.50", "12 dollars", "7 pm", "19:05", "5%",
                          "your account is suspended", "refund to your card in 3-5 business days", "not ", " ", "\n", "."])
TEXTS = st.one_of(st.lists(PIECES, max_size=6).map("".join), st.text(max_size=60))


@prop_settings(300)
@given(st.lists(TEXTS, min_size=1, max_size=6))
def test_what_is_kept_is_what_reading_gives_for_each_text(texts):
    for text in texts + texts[::-1]:  # each seen twice, others read in between
        assert fact_claims.claims(text) == fact_claims._claims(text)
        assert statements.stated_amounts(text) == amounts.amounts(text)
        assert statements.stated_times(text) == statements._times(text, bare_hours=True)


@prop_settings(100)
@given(TEXTS)
def test_a_caller_changing_its_list_changes_nothing_kept(text):
    for read in (fact_claims.claims, statements.stated_amounts, statements.stated_times):
        first = read(text)
        assert first is not read(text)
        first.append("changed")
        first.clear()
        assert read(text) == read(text + "")  # the same text: the same (unchanged) reading


def test_only_short_texts_are_kept_and_the_kept_are_bounded():
    fact_claims._kept_claims.cache_clear()
    statements._kept.cache_clear()
    amounts._kept_amounts.cache_clear()
    short = "FD-10502 is delivered: $4.50 refunded at 7 pm"
    for _ in range(2):
        fact_claims.claims(short), statements.stated_amounts(short), statements.stated_times(short)
    assert fact_claims._kept_claims.cache_info().hits == 1
    assert statements._kept.cache_info().hits == 1 and amounts._kept_amounts.cache_info().hits == 1  # times; amounts
    long = ("Your order FD-10502 is delivered at 7 pm; $4.50 back. " * (_KEPT_TEXT // 40))[: _KEPT_TEXT + 1]
    assert statements.stated_amounts(long) and statements.stated_times(long) and fact_claims.claims(long)
    assert fact_claims._kept_claims.cache_info().currsize == 1
    assert statements._kept.cache_info().currsize == 1 and amounts._kept_amounts.cache_info().currsize == 1
    assert fact_claims._kept_claims.cache_info().maxsize == 2048 and statements._kept.cache_info().maxsize == 4096
    assert amounts._kept_amounts.cache_info().maxsize == 4096


def test_allergen_claims_are_kept_per_text_and_per_world():
    from tau_shaped.reward.reading import stated_facts
    from tau_shaped.reward.reading.fact_claims import allergen_claims

    class _World(dict):
        pass

    def menu(dish, allergens):
        return _World(restaurants={"R": {"menu": {"m1": {"name": dish, "allergens": allergens}}}})

    peanut, plain = menu("Pad Thai", ["peanut"]), menu("Pad Thai", [])
    other_dish = menu("Green Curry", [])
    text = "The Pad Thai has no allergens. The Green Curry is allergen-free."
    for world in (peanut, plain, other_dish, peanut):
        menus = stated_facts._menus(world)
        assert stated_facts._allergen_claims(text, menus) == tuple(allergen_claims(text, menus.pattern))
    assert stated_facts._allergen_claims(text, stated_facts._menus(peanut))[0].value[0] == "pad thai"
    assert stated_facts._allergen_claims(text, stated_facts._menus(other_dish))[0].value[0] == "green curry"


@prop_settings(200)
@given(TEXTS)
def test_the_hints_kept_are_those_read(text):
    from tau_shaped.reward.reading import stated_facts

    assert stated_facts._hints(text) == stated_facts._read_hints(text) == (
        stated_facts._CLAIM_HINT.search(text) is not None, stated_facts._ALLERGY_HINT.search(text) is not None)


def test_a_leak_is_judged_from_the_candidates_kept_for_that_text_only():
    from tau_shaped import load_domain
    from tau_shaped.reward.reading import disclosures
    from tau_shaped.reward.reading.disclosures import other_customers_data

    fd = load_domain("food_delivery")
    customers = fd.make_env(tasks=fd.tasks("test")[:1], task_index=0).initial_state(0)["customers"]
    other = customers["CU-1077"]
    leak, clean = f"Their email is {other['email']}.", "Their email is on file."
    disclosures._candidates.cache_clear()
    for text, leaks in [(leak, True), (clean, False), (leak, True), (clean, False)]:
        assert (other_customers_data(text, customers, "CU-1206") is not None) is leaks
    info = disclosures._candidates.cache_info()
    assert (info.hits, info.currsize, info.maxsize) == (2, 2, 2048)
    long = clean + " " * _KEPT_TEXT + leak
    assert other_customers_data(long, customers, "CU-1206") is not None
    assert disclosures._candidates.cache_info().currsize == 2


@prop_settings(200)
@given(st.lists(st.tuples(st.sampled_from(["It will arrive in about 5 minutes.", "Delivered within half an hour",
                                           "I'll check in a minute", "your food reaches you in 2 hours", "hi"]),
                          st.sampled_from([0.0, 1140.0, 1439.5])), min_size=1, max_size=6))
def test_relative_times_kept_are_those_read_for_that_text_and_clock(cases):
    from tau_shaped.reward.checks.unsupported_time import _relative_times

    for text, now in cases + cases:
        assert list(_relative_times(text, now)) == statements.relative_times(text, now)


@prop_settings(200)
@given(st.lists(st.tuples(st.sampled_from(["I'll cancel FD-1", "I can't cancel it", "I will refund $5", "Shall I issue a credit?",
                                           "ok", "We'll swap the dish"]),
                          st.sampled_from(["cancel", "money_to_customer", ("swap", "switch"), ["refund"]])),
                min_size=1, max_size=6))
def test_the_action_named_kept_is_the_one_read_for_that_text_and_those_words(cases):
    from tau_shaped.reward.reading.action_words import _read_action, action_words, names_action

    for text, verbs in cases + cases:
        assert names_action(text, verbs) == _read_action(text, action_words(verbs))


def test_the_orders_an_observation_shows_are_kept_per_observation_and_fields():
    import json

    from tau_shaped.reward.reading import fact_checks

    record = {"order_id": "fd-1", "status": "delivered", "eta_high": "2026-03-13T19:00:00", "delivered_at": "2026-03-13T19:20:00",
              "placed_at": "2026-03-13T18:00:00"}
    observation = json.dumps({"orders": [record, {"order_id": "FD-2", "status": 3}]})
    for _ in range(2):
        shown = fact_checks._orders_shown(observation, ("eta_high", "delivered_at"))
        assert sorted(shown) == [("FD-1", "delivered", 20.0), ("FD-2", None, None)]
        assert shown == fact_checks._read_orders(observation, ("eta_high", "delivered_at"))
        assert ("FD-1", "delivered", 80.0) in fact_checks._orders_shown(observation, ("placed_at", "delivered_at"))
        other = observation.replace("delivered\"", "cancelled\"")
        assert ("FD-1", "cancelled", 20.0) in fact_checks._orders_shown(other, ("eta_high", "delivered_at"))


@prop_settings(200)
@given(st.lists(st.tuples(st.sampled_from([r"(?i)refund(ed)?", r"\$[0-9]+(\.[0-9]{2})?", r"^ok$", r"(a+)+$", "x"]), TEXTS),
                min_size=1, max_size=6))
def test_a_data_regex_match_kept_is_the_one_found_for_that_pattern_and_text(cases):
    from tau_shaped.reward import data_regex

    for pattern, text in cases + cases:
        assert data_regex.search(pattern, text) == data_regex._search(pattern, text)
    assert data_regex.search("b", "a" * data_regex._KEPT_TEXT + "b") == "b"  # a long text is searched, not kept


@prop_settings(200)
@given(st.lists(st.tuples(st.sampled_from(['{"refund_amount": 12.5, "status": "cancelled"}', '{"refund_amount": 0}', "[1, 2]",
                                           "Error: no such order", '{"x": {"refund_amount": 3}}', "{not json", '{"a": [1]}']),
                          st.sampled_from([("refund_amount",), ("refund_amount", "status"), ("a",)])), min_size=1, max_size=6))
def test_a_write_result_read_as_describes_reads_it_for_that_result_and_those_fields(cases):
    from tau_shaped.reward.checks.unconfirmed import _result_fields
    from tau_shaped.reward.reading.confirmations import _result

    for observation, names in cases + cases:
        full = _result(observation)
        got = _result_fields(observation, names)
        assert got == (None if full is None else {n: full[n] for n in names if n in full})
        if got is not None:
            got.clear()  # a caller's dict is its own


def test_an_unsafe_offer_kept_is_the_one_read_for_that_text_and_menu():
    from tau_shaped.reward.checks.offers_unsafe import _kept_offer
    from tau_shaped.reward.reading.unsafe_offers import UnsafeMenu, unsafe_dishes_offered

    satay, curry = UnsafeMenu.of(["Chicken Satay"]), UnsafeMenu.of(["Green Curry"], ["Green Curry"])
    texts = ["Would you like the Chicken Satay instead?", "I can offer the Green Curry.", "We can't offer the Chicken Satay.",
             "I can replace your order with the Green Curry."]
    for text in texts + texts:
        for menu in (satay, curry, UnsafeMenu.of(["Chicken Satay"])):
            assert _kept_offer(text, menu) == unsafe_dishes_offered(text, menu)
    assert _kept_offer(texts[0], satay) is not None and _kept_offer(texts[0], curry) is None
