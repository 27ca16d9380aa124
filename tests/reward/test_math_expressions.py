"""SPEC §5: the ``{"math": expr}`` TEXT_MATCHER — a safe parser, symbolic equality, and the
search for an equal expression in an agent's free text (``tau_shaped.reward.math_expressions``)."""

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.math_expressions import MathParseError, math_equal, parse_math
from tau_shaped.reward.reading.text_matching import find_math

EQUAL = [
    ("2x+2", "2(x+1)"),
    (r"\frac{1}{2}", "0.5"),
    ("0.5", "50%"),
    (r"\frac{1}{2}", "50%"),
    ("sqrt(8)", r"2\sqrt{2}"),
    ("x^2-1", "(x-1)(x+1)"),
    ("(x+1)^2", "x^2+2x+1"),
    ("(a)(b)", "a*b"),
    ("x/y", "x*y^-1"),
    ("2**10", "1024"),
    (".5", "1/2"),
    ("3.50", "7/2"),
    ("-2^2", "-4"),
    ("2^3^2", "512"),
    ("2^-1", "0.5"),
    (r"\sin^2 x + \cos^2 x", "1"),
    (r"\sqrt[3]{8}", "2"),
    ("π", r"\pi"),
    ("2pi", "pi + pi"),
    ("e^x * e^x", "exp(2x)"),
    ("ln(e^2)", "2"),
    ("log(8)", "3 log(2)"),
    ("abs(-3)", "3"),
    (r"\left(1+2\right) \cdot 3", "9"),
    (r"6 \times 7", "42"),
    ("6 ÷ 4", "1.5"),
    ("−3", "-3"),
    ("1/2x", "x/2"),
    (r"\dfrac{3}{4}", "0.75"),
    ("{1+2}*3", "9"),
    ("sin(pi/6)", "1/2"),
    ("tan(pi/4)", "cos(0)"),
    ("0.3333333333", "1/3"),
    ("sqrt(x^2)", "abs(x)"),
]

NOT_EQUAL = [
    ("2x+1", "2(x+1)"),
    ("0.5", "0.05"),
    ("50%", "50"),
    ("x^2+1", "(x+1)^2"),
    ("sqrt(8)", "3"),
    ("x", "y"),
    ("x^2", "x^3"),
    ("1/3", "0.333"),
    ("2^3^2", "64"),
    ("-2^2", "4"),
    ("pi", "3.14159"),
    ("e", "2.718"),
    ("x + 0.000001", "x"),
    ("1/2x", "1/(2x)"),
]

UNPARSEABLE = ["", "   ", "1+", "(1", "1)", "2 3", "x_1", "1,234", r"\boxed{1}", r"\unknown{2}",
               "[1+2)", "sin", "1/0", "0/0", "tan(pi/2)", "log(0)", "#", "sin^-1 x", "1.2.3", "x = 1"]

HOSTILE = ["9^9^9^9", "2^1001", "(2^1000)^1000", "10^10^10", "2^2^2^2^2^2", "x^1000*x^1000",
           "(" * 10_000 + "1" + ")" * 10_000, "(" * 60 + "1" + ")" * 60, "x" * 501,
           "exp(exp(exp(1000)))", "sin(10^1000)", "((2^(1/3))^1000)^1000", "2^" * 200 + "2"]

# Inputs on which sympy's own evaluation factors numbers and runs for seconds to hours.
HEAVY = ["sqrt(" + "9" * 100 + ")", "75^-5^-601", "1/(75^(1/100003))", "1/(75^(1/(997*991)))",
         "exp(log(10^2900+1)/2)", "((10^2900+1) x)^(-1/100003)", "2^x 2^(-x-1/100003)",
         "1/(" + "*".join(f"sqrt({2**64 - 59 - 2 * i})" for i in range(12)) + ")",
         "sin(2^(10^999 x))", "sqrt(" + "(10^900+7)" * 3 + ")^(-1)"]


@pytest.mark.parametrize("a, b", EQUAL)
def test_equivalent_forms_are_equal(a, b):
    """SPEC §5: ``math`` holds for any expression symbolically equal to the expected one."""
    assert math_equal(parse_math(a), parse_math(b))
    assert math_equal(parse_math(b), parse_math(a))


@pytest.mark.parametrize("a, b", NOT_EQUAL)
def test_different_values_are_not_equal(a, b):
    """SPEC §5: a wrong answer does not satisfy ``math`` (precedence and tolerance included)."""
    assert not math_equal(parse_math(a), parse_math(b))
    assert not math_equal(parse_math(b), parse_math(a))


def test_decimals_are_exact_rationals():
    """SPEC §5: "0.5" and "1/2" are the same number, exactly (no float artefacts)."""
    assert parse_math("0.5") == parse_math("1/2")
    assert parse_math("0.1") + parse_math("0.2") == parse_math("0.3")
    assert parse_math("2(x+1)") == parse_math("2x+2")


@pytest.mark.parametrize("text", UNPARSEABLE)
def test_unparseable_text_raises(text):
    """SPEC §5: anything that is not arithmetic is a MathParseError (a ValueError)."""
    with pytest.raises(MathParseError):
        parse_math(text)


def test_error_names_the_position():
    """SPEC §5 (evidence): a parse error says where the expression went wrong."""
    with pytest.raises(MathParseError) as info:
        parse_math("1 + #")
    assert info.value.position == 4 and "position 4" in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: t[:30])
def test_hostile_input_is_refused_quickly(text):
    """SPEC §5 (data, never code): hostile sizes are refused, not computed, and never hang."""
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    start = time.process_time()
    with pytest.raises(MathParseError):
        parse_math(text)
    assert time.process_time() - start < 10.0


@pytest.mark.parametrize("text", HEAVY, ids=lambda t: t[:30])
def test_heavy_input_is_parsed_and_compared_quickly(text):
    """SPEC §5/§8: expressions that make sympy factor huge numbers still finish at once."""
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    start = time.process_time()
    try:
        value = parse_math(text)
    except MathParseError:
        value = None
    if value is not None:
        assert math_equal(value, value)
        assert not math_equal(value, 2 * value + 1)
        math_equal(value, parse_math("x + 1"))
        assert find_math(f"so it is {text}", "x+1") is None
    assert time.process_time() - start < 10.0


def test_hostile_comparisons_return_quickly_and_deterministically():
    """SPEC §8: no hang and the same answer every time, even where evaluation is impossible."""
    huge = parse_math("sin(2^(10^999 x))")
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    start = time.process_time()
    results = {math_equal(huge, parse_math("x")) for _ in range(5)}
    assert results == {False}
    assert math_equal(huge, parse_math("sin(2^(10^999 x))"))
    assert time.process_time() - start < 10.0


def test_no_code_is_evaluated():
    """SPEC §5: names are symbols, never Python: ``__import__`` cannot even tokenize."""
    assert parse_math("os").is_Symbol and parse_math("os").name == "os"
    for text in ["__import__('os')", "lambda: 1", "x.y", "1 if 1 else 2"]:
        with pytest.raises(MathParseError):
            parse_math(text)


FIND = [
    (r"The answer is \boxed{\frac{1}{2}}.", "0.5", r"\frac{1}{2}"),
    ("So x = 2(x+1).", "2x+2", "2(x+1)"),
    ("We get $x^2 - 1$ here.", "(x-1)(x+1)", "x^2 - 1"),
    ("That is a 5% fee.", "0.05", "5%"),
    ("Then 2 + 3 = 5, done.", "5", "5"),
    ("Pay 10 (ten) dollars.", "10", "10"),
    (r"$$\sqrt{8}$$", "2 sqrt(2)", r"\sqrt{8}"),
    ("x = 3\nwhere x is the count", "3", "3"),
    ("First 9^9^9^9, then 2.", "2", "2"),
    ("The result is 7.", "8", None),
    ("No math here at all.", "1", None),
    ("Total: 1,234", "1234", None),  # a comma separates expressions
    ("The numbers 2 3 4", "24", None),  # no implicit product of two numbers
    (r"\boxed{2x+1}", "2(x+1)", None),
]


@pytest.mark.parametrize("text, expr, snippet", FIND)
def test_find_math_in_free_text(text, expr, snippet):
    """SPEC §5: ``{"math": expr}`` holds when some expression in the text equals expr; the
    evidence is that expression as written."""
    assert find_math(text, expr) == snippet


def test_find_math_refuses_a_bad_expected_expression():
    """SPEC §5/§6.1: an expected expression that does not parse is the task author's error."""
    with pytest.raises(MathParseError):
        find_math("anything 1", "1 +")


@settings(max_examples=60, deadline=None)
@given(a=st.integers(-50, 50).filter(bool), b=st.integers(-50, 50))
def test_distribution_property(a, b):
    """SPEC §5: a(x+b) equals ax+ab, and never a(x+b+1)."""
    expanded = parse_math(f"{a}x+{a * b}")
    assert math_equal(expanded, parse_math(f"{a}(x+{b})"))
    assert not math_equal(expanded, parse_math(f"{a}(x+{b + 1})"))


@settings(max_examples=60, deadline=None)
@given(p=st.integers(0, 10**6), q=st.integers(1, 10**4))
def test_fraction_forms_property(p, q):
    """SPEC §5: \\frac{p}{q}, p/q and its finite decimal expansion are one number."""
    value = parse_math(rf"\frac{{{p}}}{{{q}}}")
    assert math_equal(value, parse_math(f"{p}/{q}"))
    assert math_equal(parse_math(f"{p * 10**6 // q}/10^6"), value, tolerance=1e-6)
