"""An amount given as a correction of the call's ("-- actually, make that $19.60", "or rather
$19.60") describes another call (SPEC §10); the correcting word is a whole word: "order",
"original" or "sorry" inside another word correct nothing ("your original card: $5.00 back")."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.confirmations import _corrected_amount


@pytest.mark.parametrize("text", [
    "Refund to your original card: $5.00 back, total $16.90. OK?",
    "For order $5.00 was the fee; I'll refund $16.90. OK?",
    "The sorrow is ours: $5.00 off and $16.90 back. OK?",
    "Your order: $5.00 fee, $16.90 refunded to the card. OK?",
])
def test_a_correcting_word_inside_another_word_corrects_nothing(text):
    assert _corrected_amount(text, [16.9]) is None


@pytest.mark.parametrize("text", [
    "I'll refund $16.90, or rather $19.60, to your card. OK?",
    "I'll refund $16.90 -- actually, make that $19.60. OK?",
    "I'll refund $16.90, sorry, $19.60 to your card. OK?",
    "I'll refund $16.90 -- correction: $19.60. OK?",
    "I'll refund $16.90 or $19.60 with the fee. OK?",
])
def test_a_correcting_word_gives_another_amount(text):
    assert _corrected_amount(text, [16.9]) == 19.6
