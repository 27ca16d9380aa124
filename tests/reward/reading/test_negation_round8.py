"""An amount said not to be given, in words round 7 did not read (SPEC §5 statements: "a negated
statement does not count as the statement"; wiki.md "Every price, time, amount or rule you state
comes from the customer, a tool or this policy"): "there's no way I can refund $50", "I'm unable
to approve $50", "a $50 refund is out of the question", "$50 is not happening", "a $50 credit
isn't on the table". Each denies the amount: it states nothing. Controls, stated by
construction: the same amount offered, "no problem, $50 is on its way", "that way you'd get $50"."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.reward.reading.negation import is_negated

AMOUNTS = ["$50", "$18.13", "USD 25", "$7"]
DENIED = ["There's no way I can refund {a}.", "There is no way we can give you {a}.", "I'm unable to approve {a}.",
          "We are unable to offer {a} here.", "A {a} refund is out of the question.", "{a} is not happening, sorry.",
          "A {a} credit isn't on the table.", "{a} is out of the question for this order.", "No way I could issue {a}."]
STATED = ["I can refund {a} for the missing item.", "No problem, {a} is on its way back to you.", "That way you'd get {a} back.",
          "Not only $1 - I can do {a}.", "A {a} refund is on the table.", "{a} is happening today."]


def _at(template: str, amount: str):
    text = template.format(a=amount)
    return text, text.index(amount)


@pytest.mark.parametrize("template,amount", list(itertools.product(DENIED, AMOUNTS)))
def test_an_amount_denied_in_other_words_states_nothing(template, amount):
    text, start = _at(template, amount)
    assert is_negated(text, start, value=True), text


@pytest.mark.parametrize("template,amount", list(itertools.product(STATED, AMOUNTS)))
def test_an_amount_offered_or_said_is_stated(template, amount):
    text, start = _at(template, amount)
    assert not is_negated(text, start, value=True), text
