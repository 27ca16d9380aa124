"""The amounts a confirmation's correction reader compares (``confirmations._amounts_in``) are
``reply_values.values_in``'s amounts, in its order, read without its other values: the same
keys, places and negations whatever else the text holds (a street's house number is none)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import reply_values
from tau_shaped.reward.reading.confirmations import _amounts_in, _corrected_amount
from tests.prop_strategies import prop_settings

PIECES = st.sampled_from([
    "$16.90", "$ 5", "€12,345.67", "£3", "USD 20", "usd4.5", "16 dollars and 90 cents", "7 bucks", "12.50",
    "1,234.50", "3 euros", "12 Elm Street", "1200 Oak St", "42 Main Rd $9.99", "not $5.00", "rather than $19.60",
    "make that $19.60", "actually", "or", "instead", "sorry,", "your order", "no", "I'll refund", "to your card",
    "FD-10045", "2 GB", "ending 4821", "Visa", "wallet", ".", "\n", "-", "$", "5.", "5,00", "5c", "and 5 cents",
    "ordered by mistake", "scratch that", "I mean", "20.00.", "$0.05?", "12dollars", "ＵＳＤ 5", "Ｓ5",
])
TEXTS = st.lists(PIECES, max_size=10).map(" ".join) | st.text(alphabet="$0123456789., dolarsucentEmStr-", max_size=40)


@prop_settings(1500)
@given(TEXTS)
def test_the_amounts_read_alone_are_the_values_amounts(text):
    assert list(_amounts_in(text)) == [v for v in reply_values.values_in(text) if v.kind == "amount"]


@prop_settings(600)
@given(TEXTS, st.lists(st.sampled_from([16.9, 19.6, 5.0, 9.99, 0.05, 12.5]), min_size=1, max_size=2))
def test_the_correction_found_is_the_one_every_value_gives(text, amounts):
    from tau_shaped.reward.reading.confirmations import _CORRECTING

    own = {round(float(a), 2) for a in amounts}
    expected = next((v.key for v in reply_values.values_in(text) if v.kind == "amount" and v.key not in own and not v.negated
                     and _CORRECTING.search(text[max(0, v.start - 40):v.start])), None)
    assert _corrected_amount(text, amounts) == expected


def test_a_correction_is_found_and_a_street_number_is_no_amount():
    assert _corrected_amount("I'll refund $16.90 - actually, make that $19.60. OK?", [16.9]) == 19.6
    assert _corrected_amount("I'll refund $16.90 to 1960 Elm Street, or so. OK?", [16.9]) is None
    assert _corrected_amount("I'll refund $16.90, not $19.60. OK?", [16.9]) is None
