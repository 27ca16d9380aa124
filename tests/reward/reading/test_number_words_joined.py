"""Numbers in words that a hyphen or a comma used to split (SPEC §10, values; issue 41 round 10).

"a five-dollar apology credit" is $5 (the number hyphenated to its unit), "a fifteen-minute wait"
15 minutes; "twenty-three thousand, five hundred and fifty-three dollars" is one number, 23553
(a scale's comma inside it). Controls: words that are not a unit ("one-way", "five-star") stay,
and a comma after a scale followed by anything but a number ends the number.
Every case is generated from number words built here (not from the code's own tables).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.normalize import seen

_ONES = "one two three four five six seven eight nine".split()
_TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def words(n: int) -> str:
    """English words for 1 <= n <= 999 (hyphenated tens, "and" after a hundred)."""
    hundreds, rest = divmod(n, 100)
    out = [f"{_ONES[hundreds - 1]} hundred"] if hundreds else []
    if rest:
        if rest < 10:
            part = _ONES[rest - 1]
        elif rest < 20:
            part = _TEENS[rest - 10]
        else:
            part = _TENS[rest // 10 - 2] + (f"-{_ONES[rest % 10 - 1]}" if rest % 10 else "")
        out.append(("and " if hundreds else "") + part)
    return " ".join(out)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(3, 99), st.sampled_from(["dollar", "minute", "hour", "day", "percent", "GB"]))
def test_a_number_hyphenated_to_its_unit_is_the_number(n, unit):
    assert seen(f"I can add a {words(n)}-{unit} credit.") == f"I can add a {n} {unit} credit."


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(1, 99), st.integers(1, 999))
def test_a_scale_comma_inside_a_number_keeps_it_one_number(thousands, rest):
    said = f"The total is {words(thousands)} thousand, {words(rest)} dollars."
    assert seen(said) == f"The total is {thousands * 1000 + rest} dollars."


@pytest.mark.parametrize("text", ["a one-way ticket", "a five-star review", "the two-step check", "a three-course meal"])
def test_a_hyphenated_word_that_is_no_unit_stays(text):
    assert seen(text) == text


@pytest.mark.parametrize("text,read", [
    ("two thousand, and I said no", "2000, and I said no"),
    ("about a thousand, give or take", "about a 1000, give or take"),
])
def test_a_comma_after_a_scale_before_other_words_ends_the_number(text, read):
    assert seen(text) == read


@pytest.mark.parametrize("text", ["a refund of two thirty-minute sessions", "about 2 fifteen-minute waits"])
def test_a_count_before_a_hyphenated_unit_keeps_them_apart(text):
    # "two thirty-minute sessions" is two sessions, not 2.30 or 230: the hyphen stays
    assert "-minute" in seen(text)
