"""A value denied and then corrected states the correction (SPEC §5 statements: "a negated
statement does not count"; only the denied value is negated): "Not 20, 25.", "It was not $20,
it was $25", "not $20 but $25" state 25 and not 20; a list the negation covers ("not $20 or
$25") denies each."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.negation import Negations

money = st.sampled_from(["{n}", "${n}", "${n}.00", "{n} dollars", "USD {n}"])
corrections = st.sampled_from(["{neg} {a}, {b}.", "It was {neg} {a}, it was {b}.", "{neg} {a} but {b}",
                               "{neg} {a} - but {b}", "Hmm, {neg} {a}, {b} I think"])
negations = st.sampled_from(["not", "Not", "never", "it wasn't", "definitely not"])


@settings(max_examples=200, deadline=None)
@given(corrections, negations, money, money, st.integers(2, 99), st.integers(100, 999))
def test_the_correction_is_stated_and_the_denied_value_is_not(template, neg, form_a, form_b, a, b):
    first, second = form_a.format(n=a), form_b.format(n=b)
    text = template.format(neg=neg, a=first, b=second)
    negated = Negations(text)
    assert negated(text.index(first), value=True)
    assert not negated(text.index(second), value=True)


@settings(max_examples=100, deadline=None)
@given(negations, money, money, st.sampled_from(["or", "nor", "and"]), st.integers(2, 99), st.integers(100, 999))
def test_a_list_the_negation_covers_is_denied_whole(neg, form_a, form_b, joiner, a, b):
    first, second = form_a.format(n=a), form_b.format(n=b)
    text = f"{neg} {first} {joiner} {second}"
    negated = Negations(text)
    assert negated(text.index(first), value=True) and negated(text.index(second), value=True)


def test_a_word_of_another_kind_after_the_comma_corrects_nothing():
    text = "I can't refund $20, sorry"
    assert Negations(text)(text.index("$20"), value=True)

