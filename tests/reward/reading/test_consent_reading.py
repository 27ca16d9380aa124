"""SPEC §10, "Consent is asked, then given", read word by word: a message asks consent when it asks
the customer to agree that the agent acts (wiki.md: "tell the customer exactly what you are about
to do ... and wait for an explicit yes"); a question about something else holding the same values
does not. A confirmation states no other value of the call's kind instead of the call's own (the
order, the dish, the courier, the visit order, the card, the suite, the date). Written from the
policies, not from the readers."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped import load_domain
from tau_shaped.reward.reading.call_values import contradicted, dates_in, ids_in, s0_ids
from tau_shaped.reward.reading.consent_questions import asks_consent

ACTIONS = ["refund $16.90 to your card", "cancel order FD-10045", "send a new Papaya Salad", "change the address to 5318 Belmont St"]
ASKING = ["Shall I {a}?", "Should I {a}?", "May I {a}?", "Can I {a}?", "Would you like me to {a}?", "Do you want me to {a}?",
          "I can {a}. Is that OK?", "I can {a}. Is that okay with you?", "I can {a}. OK?", "I can {a} - okay?",
          "I can {a}. Can I go ahead?", "I can {a}. Shall I proceed?", "I can {a}. Please confirm.", "I can {a}. Do you agree?",
          "I can {a}. Reply yes to go ahead.", "I can {a}. Let me know if that's OK.", "I'd {a}. Does that work for you?",
          "I'd {a}. Are you happy with that?", "I'd {a}. Do I have your permission?", "I'd {a} (yes/no)?",
          "I can {a}. Do you confirm (yes) that I should proceed?", "I can {a}. Would that be alright?",
          "Here is the plan: {a}.\nConfirm?", "I'll {a} once I have your OK."]
ABOUT_SOMETHING_ELSE = [
    "Would you like to know how a refund of $16.90 to your card works?",
    "Do you have any questions about the refund of $16.90 to your card?",
    "Did you receive the refund of $16.90 to your card?",
    "The refund of $16.90 to your card went through. Is there anything else I can help with?",
    "Can I help you with anything else about order FD-10045?",
    "May I have the email on your account, so I can look into order FD-10045?",
    "Would you like more details about the $16.90 refund to your card?",
    "Can you confirm your email address before I look at order FD-10045?",
    "I refunded $16.90 to your card.",
    "Is everything OK with order FD-10045?",
]


@pytest.mark.parametrize("template, action", list(itertools.product(ASKING, ACTIONS)))
def test_a_request_for_agreement_asks_consent(template, action):
    assert asks_consent(template.format(a=action))


@pytest.mark.parametrize("casing", [str, str.upper, str.lower])
@pytest.mark.parametrize("text", ABOUT_SOMETHING_ELSE)
def test_a_question_about_something_else_asks_no_consent(text, casing):
    assert not asks_consent(casing(text))


def test_consent_is_read_in_any_case_and_with_curly_apostrophes():
    assert asks_consent("I CAN REFUND $16.90 TO YOUR CARD. IS THAT OK?")
    assert asks_consent("I can refund $16.90 to your card. Let me know if that’s OK.")


def test_a_long_text_is_read_in_bounded_time():
    # linear patterns on untrusted text: a long run of words and question marks stays fast
    assert not asks_consent("would you like to know " * 2000 + "?" * 5000)


# ---- values: another one of the same kind instead -------------------------------------------

FD = load_domain("food_delivery")
S0 = FD.make_env(tasks=FD.tasks("test")[:1], task_index=0).initial_state(0)
INDEX = s0_ids(S0)


def _customer_with_orders(n: int):
    for cid, c in sorted(S0["customers"].items()):
        if len(c["orders"]) >= n:
            return cid, sorted(c["orders"])
    raise AssertionError("no customer with enough orders")


@pytest.mark.parametrize("spelling", ["{o}", "{o_lower}", "{o_spaced}", "{o_joined}"])
def test_the_same_order_in_any_case_or_spacing_is_no_other_order(spelling):
    _, (order, other) = _customer_with_orders(2)[0], _customer_with_orders(2)[1][:2]
    forms = {"o": order, "o_lower": order.lower(), "o_spaced": order.replace("-", " "), "o_joined": order.replace("-", "")}
    kwargs = {"order_id": order, "amount": 5.0, "method": "original_payment", "reason": "missing item"}
    assert contradicted(f"I can refund $5.00 for order {spelling.format(**forms)}. OK?", kwargs, INDEX) is None
    assert contradicted(f"I can refund $5.00 for order {other}. OK?", kwargs, INDEX) is not None


def test_another_dish_of_the_same_menu_is_another_item():
    restaurant = next(r for _, r in sorted(S0["restaurants"].items()) if len(r["menu"]) >= 2)
    (a, dish), (b, other) = sorted(restaurant["menu"].items())[:2]
    kwargs = {"order_id": "FD-00000", "item_ids": [a], "reason": "wrong item"}
    assert contradicted(f"I can send you a new {dish['name']}. Shall I?", kwargs, INDEX) is None
    assert contradicted(f"I can send you a new {other['name']}. Shall I?", kwargs, INDEX) == f"item_ids[0]: {other['name']}"
    # a dish the call itself returns (the substitute it applies) is the call's own
    assert contradicted(f"{other['name']} is proposed. Shall I confirm?", {"order_id": "FD-00000", "item_id": a}, INDEX,
                        observation=f'{{"items": [{{"name": "{other["name"]}"}}]}}') is None


def test_another_courier_is_another_call():
    drivers = sorted(S0["drivers"])
    kwargs = {"order_id": "FD-00000", "courier_id": drivers[0]}
    assert contradicted(f"May I assign courier {drivers[0]}?", kwargs, INDEX) is None
    assert contradicted(f"May I assign courier {drivers[1]}?", kwargs, INDEX) is not None
    assert contradicted("May I assign another courier?", kwargs, INDEX) is None  # not stated: not contradicted


def test_another_visit_order_is_another_route():
    stops = ["FD-10083", "FD-10667", "FD-10668"]
    kwargs = {"driver_id": "DR-204", "stop_order": stops}
    assert contradicted("I'll plan FD-10083, then FD-10667, then FD-10668. OK?", kwargs, INDEX) is None
    assert contradicted("I'll plan FD-10667, then FD-10083, then FD-10668. OK?", kwargs, INDEX) is not None


@pytest.mark.parametrize("said, other", [("Suite 641", False), ("suite 642", True), ("Apt 5", False)])
def test_another_suite_is_another_address(said, other):
    kwargs = {"order_id": "#W1", "address1": "1 Main St", "address2": "Suite 641", "zip": "10001"}
    assert (contradicted(f"Ship order #W1 to 1 Main St, {said}, 10001. Shall I?", kwargs, None) is not None) is other


@pytest.mark.parametrize("form", ["1990-04-05", "April 5, 1990", "5 April 1990", "04/05/1990", "19900405"])
def test_a_date_in_any_form(form):
    assert (1990, 4, 5) in dates_in(f"born {form}.")
    kwargs = {"reservation_id": "ABC123", "passengers": [{"first_name": "Ann", "last_name": "Lee", "dob": "1990-04-05"}]}
    assert contradicted(f"Update ABC123: Ann Lee, born {form}. OK?", kwargs, None) is None
    assert contradicted("Update ABC123: Ann Lee, born 1991-04-05. OK?", kwargs, None) is not None


def test_free_text_and_the_customers_own_id_are_not_compared():
    cid, orders = _customer_with_orders(1)
    other_customer = next(c for c in sorted(S0["customers"]) if c != cid)
    kwargs = {"customer_id": cid, "reason": "refund request for another order", "amount": 5.0}
    assert contradicted(f"I'll pass it on ({other_customer}'s request is unrelated). Shall I?", kwargs, INDEX) is None


def test_ids_are_read_as_written_and_joined_across_a_space():
    assert {"FD10045", "MI13702"} <= ids_in("order FD-10045, dish MI-137-02")
    assert "FD10045" in ids_in("order fd 10045")


def _branches():
    from tau_shaped.reward.reading import consent_questions as cq

    return (
        rf"{cq._B}{cq._DO_I}(?!{cq._S}{cq._INFO_VERBS}{cq._E})(?!{cq._S}(?:i|we){cq._E})",
        rf"{cq._B}{cq._YOU_WANT}{cq._NOT_TO_ACT}",
        rf"{cq._B}(?:please{cq._S}|just{cq._S})?(?:(?<!^to )(?<!just to )|(?!confirm[\s\u00a0]*[:,]))confirm{cq._E}(?:{cq._S}it|[\s\u00a0]*$)",
        rf"{cq._B}(?<!never )(?<!not )(?:arrived|received|got{cq._S}it){cq._E}",
        rf"{cq._B}{cq._alt('yes', 'y')}[\s\u00a0]*/[\s\u00a0]*{cq._alt('no', 'n')}{cq._E}",
    )


_WORDS = ["shall", "i", "we", "check", "refund", "would", "you", "like", "me", "to", "know", "please", "just", "confirm",
          "it", "never", "not", "arrived", "received", "got", "yes", "y", "/", "no", "n", " ", "  ", ",", ":", "?", "'",
          "\u00a0", "to ", "ſ", "K"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=14))
def test_the_word_start_written_once_finds_what_each_alternative_finds(words):
    """``_at_a_word_start``: alternatives that each open with a word start, joined with it written
    once, find the same spans as the alternatives joined."""
    import re

    from tau_shaped.reward.reading.consent_questions import _at_a_word_start

    text = " ".join(words) if len(words) % 3 else "".join(words)
    branches = _branches()
    joined = re.compile("|".join(branches), re.IGNORECASE)
    once = re.compile(_at_a_word_start(*branches), re.IGNORECASE)
    assert [m.span() for m in once.finditer(text)] == [m.span() for m in joined.finditer(text)]
