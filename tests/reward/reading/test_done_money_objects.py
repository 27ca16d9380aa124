"""Money said moved before any write is compared (round 11); a verb that names no direction
("made", "sent", "put", "processed") moves money only when its object is the money: "I have made
the calculation: refund of $16.90" offers a refund, "I have made the refund: $16.90" says one was
made (SPEC §10, statements)."""

from __future__ import annotations

import re

import pytest

from tau_shaped.reward.reading.done_money import done_kinds

_AMOUNT = re.compile(r"\$\d+\.\d\d")


def _kinds(text):
    return done_kinds(text, [m.span() for m in _AMOUNT.finditer(text)])


@pytest.mark.parametrize("verb", ["made", "processed", "put", "placed", "completed"])
@pytest.mark.parametrize("obj", ["the calculation", "a note", "the check", "my review", "the numbers"])
def test_a_verb_whose_object_is_not_the_money_moves_none(verb, obj):
    assert _kinds(f"I have {verb} {obj}: refund of $16.90 to your card.") == [None]


@pytest.mark.parametrize("verb", ["made", "processed", "completed"])
@pytest.mark.parametrize("obj", ["the refund", "your refund", "the following", "the credit"])
def test_a_verb_whose_object_is_the_money_moves_it(verb, obj):
    assert _kinds(f"I have {verb} {obj}: $16.90 back to your card.") == ["refund"]
