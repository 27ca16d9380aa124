"""Round 10 of issue 41 (whole episodes of every food-delivery test task in a formal letter style
and a chatty style with emoji and abbreviations): statements a careful reader takes that the
statement readers missed, each with controls of the other meaning.

- a clock time whose clause closes with an emoji or a symbol ("by a quarter to seven 🛵", "by 6 🛵"):
  ``statements.stated_times`` (and ``clock_words``) read it; "by 7 items 🛵" is no time;
- minutes late with a word of size ("a full half hour late", "a good twenty minutes late", "a
  half hour late") or "over" the promised window ("ran an hour over the promised window"):
  ``fact_claims`` minutes_late;
- the late table's second tier named by its share of the food ("Past 25 minutes, you'd also get
  20% of the food"): ``late_thresholds`` (the 5% service fee is no tier);
- a refund's arrival in chat spellings ("back on ur card by tmrw", "2nite"): ``refund_timings``;
  an order's arrival ("Your $20.29 order arrives tomorrow") is none;
- a second write joined by "and" whose verb takes its direction from the words around ("I've
  refunded $2.99 to your card and added a $5 credit to your wallet"): ``done_money``.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.done_money import done_kinds
from tau_shaped.reward.reading.fact_claims import claims
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.statements import stated_times


def _claims(text, kind):
    return [c.value for c in claims(seen(text)) if c.kind == kind]


@pytest.mark.parametrize("text,minutes", [
    ("ur food should be there by a quarter to seven 🛵", 18 * 60 + 45),
    ("It should arrive at half past six 👍", 18 * 60 + 30),
    ("should arrive by 6 🛵", 18 * 60),
    ("should arrive around 7 ✅", 19 * 60),
    ("**ETA:** quarter to 7 🛵", 18 * 60 + 45),
    ("should arrive between 7 and 8 🙂", 19 * 60),
])
def test_a_time_closed_by_an_emoji_is_read(text, minutes):
    assert any(minutes in (t.value, t.other) for t in stated_times(seen(text))), stated_times(seen(text))


@pytest.mark.parametrize("text", ["should arrive by 7 items 🛵", "I'll add 7 ✅ to the list"])
def test_a_count_before_an_emoji_is_no_time(text):
    assert stated_times(seen(text)) == []


@pytest.mark.parametrize("text,minutes", [
    ("It came a full half hour late.", 30), ("It was a half hour late.", 30), ("It was a good twenty minutes late.", 20),
    ("It was delivered a whole hour late.", 60), ("The delivery ran an hour over the promised window.", 60),
    ("It arrived 20 minutes over the latest promised time.", 20),
    # unchanged
    ("It was half an hour late.", 30), ("It arrived an hour and a half late.", 90), ("It was a quarter of an hour late.", 15),
])
def test_minutes_late_with_a_word_of_size(text, minutes):
    assert _claims(text, "minutes_late") == [minutes]


@pytest.mark.parametrize("text", ["It's a good idea to order 20 minutes ahead.", "The quote is valid for a full 15 minutes."])
def test_no_minutes_late(text):
    assert _claims(text, "minutes_late") == []


@pytest.mark.parametrize("text,value", [
    ("Past twenty-five minutes, you'd also get 20% of the food.", ("percent", 25.0)),
    ("After 40 minutes, you also get 20% of the food subtotal.", ("percent", 40.0)),
    ("Past thirty minutes, you'd also get 20% of the food.", ("percent", 30.0)),
])
def test_a_share_of_the_food_names_the_second_tier(text, value):
    assert value in _claims(text, "late_threshold")


def test_the_service_fee_share_is_no_tier():
    assert _claims("The service fee is 5% of the food; it was placed 20 minutes ago.", "late_threshold") == []


@pytest.mark.parametrize("text,value", [
    ("done ✅ $2.99 back on ur card by tmrw 💳", ("card", "days:0-1")),
    ("refund hits ur card 2nite", ("card", "days:0-1")),
    ("the refund lands in ur wallet tmr", ("wallet", "days:0-1")),
    ("$2.99 is back on your card tomorrow", ("card", "days:0-1")),
])
def test_refund_timings_in_chat_spellings(text, value):
    assert _claims(text, "refund_timing") == [value]


@pytest.mark.parametrize("text", ["Your $20.29 order arrives tomorrow.", "ur food arrives tmrw"])
def test_an_order_arriving_is_no_refund_timing(text):
    assert _claims(text, "refund_timing") == []


def _kinds(text):
    from tau_shaped.reward.reading.statements import stated_amounts

    said = seen(text)
    return done_kinds(said, [(a.start, a.end) for a in stated_amounts(said)])


def test_a_second_write_joined_by_and_is_money_moved():
    assert _kinds("I've refunded $2.99 to your card and added a $5 credit to your wallet.") == ["refund", "refund"]
    assert _kinds("I've refunded $2.99 and sent you a receipt for $20.83.") == ["refund", None]


def test_an_amount_back_on_ur_card_is_money_moved():
    assert _kinds("done ✅ $5.62 back on ur card 💳") == ["refund"]
    assert _kinds("$5.62 back on your card") == ["refund"]
    assert _kinds("Is $5.62 back on ur card?") == [None]


@pytest.mark.parametrize("text,status", [
    ("FD-10005's otw 🛵 total $19.73", "out_for_delivery"), ("FD-10005 is still in the oven 🍳", "preparing"),
    ("FD-10005 — status: OUT-FOR-DELIVERY; total: $19.73", "out_for_delivery"),
    ("FD-10005 status → delivered ✔️", "delivered"), ("FD-10005 is ready-for-pickup.", "ready_for_pickup"),
])
def test_statuses_in_chat_and_record_forms(text, status):
    assert _claims(text, "status") == [status]


@pytest.mark.parametrize("text", ["I'll be otw to check on FD-10005 shortly.", "FD-10005 is not in the oven yet.",
                                  "Is FD-10005 out-for-delivery?"])
def test_no_status_said(text):
    assert _claims(text, "status") == []


def test_an_amount_sent_to_a_method_by_an_arrow_has_a_timing():
    assert _claims("Done: $16.90 → card (instant ⚡)", "refund_timing") == [("card", "immediate")]
    assert _claims("Done: $16.90 → card (3–5 business days)", "refund_timing") == [("card", "days:3-5")]


def test_money_thrown_in_is_money_moved():
    assert _kinds("Done — refunded $16.90; I also threw in $2 for the trouble.") == ["refund", "refund"]
