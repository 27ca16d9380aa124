"""Round 19 (speed of ``fd.confirm.before_write``): what the confirmation reader keeps per message
gives what reading it afresh gives, whatever was read before and in whatever order.

- ``consent_amounts.only_bounded``: a short text's answer for a float amount is kept
  (``_kept_bounded``); every read, kept or not, is ``_only_bounded``'s."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading import consent_amounts
from tau_shaped.reward.reading.consent_amounts import _kept_bounded, _only_bounded, only_bounded
from tests.prop_strategies import prop_settings

AMOUNTS = [5.0, 16.9, 17.0, 20.0, 0.0]
SAID = st.sampled_from(["$5.00", "$16.90", "16.90 dollars", "$17", "$20.00", "five dollars", "$0", "USD 16.90"])
BOUNDS = st.sampled_from(["", "up to ", "at most ", "about ", "around ", "no more than ", "between $16 and ", "a maximum of "])
AFTER = st.sampled_from(["", " tops", "-ish", " or so", " at most", "-17", " to $25"])
PART = st.tuples(BOUNDS, SAID, AFTER).map("".join)
TEXT = st.lists(PART, min_size=1, max_size=3).map(lambda parts: "I can refund " + ", so I'd refund ".join(parts) + ". OK?")


@prop_settings(400)
@given(st.lists(st.tuples(TEXT, st.sampled_from(AMOUNTS)), min_size=1, max_size=6), st.booleans())
def test_a_kept_bound_reads_as_afresh(reads, cleared):
    if cleared:
        _kept_bounded.cache_clear()
    for _ in range(2):  # the second round is the memo's
        for text, value in reads:
            assert only_bounded(text, value) is _only_bounded(text, value, 0.005)


def test_what_is_kept_and_what_is_read_each_time():
    _kept_bounded.cache_clear()
    text = "I can refund up to $16.90 for it. OK?"
    assert only_bounded(text, 16.9) is True and only_bounded("I'll refund $16.90. OK?", 16.9) is False
    assert _kept_bounded.cache_info().currsize == 2
    assert only_bounded(text, 16.9) is True and _kept_bounded.cache_info().hits == 1
    # an int amount, a long text and a subclass of str are read every time, as before
    class Text(str):
        pass

    long_text = "x " * consent_amounts._KEPT_TEXT + text
    assert only_bounded(text, 20) is False and only_bounded(long_text, 16.9) is True and only_bounded(Text(text), 16.9) is True
    assert _kept_bounded.cache_info().currsize == 2
