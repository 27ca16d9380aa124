"""``text_matching._number_matches`` finds the numbers of a text from each next digit (no number starts more
than seven characters before its first digit: sign, a unit and a space, sign, a point): the same
matches as ``_NUMBER.finditer`` over the whole text, span for span and group for group, on texts of
signs, units (a word unit needs a word boundary before it: "xUSD 5"), separators, points, Unicode
digits and minus signs."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tau_shaped.reward.reading.text_matching import _NUMBER, _number_matches

PIECES = ["-", "\u2212", "$", "€", "£", "¥", "USD", "usd", "xUSD", "EUR", "INR", " ", "  ", "\t", "\n", ".", ",", "5", "12",
          "1,234", "1,2345", "0.5", ".75", "٣", "١٢", "a", "FD-", "item_", "A", "_", "3-4", "1.2.3", "(", ")", "%", "e", "\u00a0"]


def _seen(matches):
    return [(m.span(), m.groupdict()) for m in matches]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=20))
def test_numbers_are_finditers(pieces):
    text = "".join(pieces)
    assert _seen(_number_matches(text)) == _seen(_NUMBER.finditer(text))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_text(text):
    assert _seen(_number_matches(text)) == _seen(_NUMBER.finditer(text))


def test_the_farthest_prefix_and_plain_cases():
    for text in ("-USD -.5", "−USD\u00a0−.5 and $ 3", "Refund of $16.90 for FD-10490, 3-4 items, 1.2.3", "no digits here", "",
                 "1,234,567.89 and -$5.00 and $-5.00 and USD 12", "xUSD 5"):
        assert _seen(_number_matches(text)) == _seen(_NUMBER.finditer(text)), text
